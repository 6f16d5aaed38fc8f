"""The pygls handlers in process: documents in the workspace, diagnostics sent, requests
answered in the editor's position encoding."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the language server needs pygls (pip install 'dukec[lsp]')")

from lsprotocol import types

from dukec.lsp.server import DukeServer, affected, create_server, document_path
from tests.lsp.sources import ARMY, FORMATTED, GLYPHS, SCOUT, SCOUT_BAD, UNFORMATTED, write_folder


class Harness:
    """A server initialised without a connection; what it publishes is kept."""

    def __init__(self, root: Path) -> None:
        self.server: DukeServer = create_server()
        steps = self.server.protocol.lsp_initialize(
            types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri=root.as_uri())
        )
        for _ in steps:
            pass
        self.published: list[types.PublishDiagnosticsParams] = []
        self.server.text_document_publish_diagnostics = self.published.append  # type: ignore[method-assign,assignment]

    def open(self, path: Path, text: str, version: int = 1) -> str:
        uri = path.as_uri()
        item = types.TextDocumentItem(uri, "duke", version, text)
        self.server.workspace.put_text_document(item)
        self.call(types.TEXT_DOCUMENT_DID_OPEN, types.DidOpenTextDocumentParams(item))
        return uri

    def call(self, method: str, params: object) -> object:
        handler = self.server.protocol.fm.features[method]
        return handler(params)

    def last(self, uri: str) -> Sequence[types.Diagnostic]:
        found = [p for p in self.published if p.uri == uri]
        assert found, f"nothing published for {uri}"
        return found[-1].diagnostics


@pytest.fixture
def harness(tmp_path: Path) -> Iterator[Harness]:
    yield Harness(tmp_path)


def test_open_publishes_the_documents_errors(harness: Harness, tmp_path: Path) -> None:
    paths = write_folder(tmp_path, {"scout.duke": SCOUT_BAD})
    uri = harness.open(paths["scout.duke"], SCOUT_BAD)
    (found,) = harness.last(uri)
    assert found.range == types.Range(types.Position(3, 10), types.Position(3, 11))
    assert found.message == f"unknown glyph 'Q' (glyphs: {GLYPHS})"
    assert harness.published[-1].version == 1


def test_positions_are_in_utf16_code_units(harness: Harness, tmp_path: Path) -> None:
    # U+1F600 is one code point but two UTF-16 code units: the error after it moves right.
    text = SCOUT_BAD.replace(". Q .", "\U0001f600 Q .")
    paths = write_folder(tmp_path, {"scout.duke": text})
    uri = harness.open(paths["scout.duke"], text)
    starts = [(d.range.start.line, d.range.start.character) for d in harness.last(uri)]
    assert starts == [(3, 8), (3, 11)]
    assert [d.message for d in harness.last(uri)][1] == f"unknown glyph 'Q' (glyphs: {GLYPHS})"


def test_an_edit_in_one_file_updates_the_others(harness: Harness, tmp_path: Path) -> None:
    paths = write_folder(tmp_path, {"scout.duke": SCOUT, "army.duke": ARMY})
    army = harness.open(paths["army.duke"], ARMY)
    assert [d.message for d in harness.last(army)] == ["unknown tile 'Zealots'"]
    scout = harness.open(paths["scout.duke"], SCOUT)
    renamed = types.DidChangeTextDocumentParams(
        types.VersionedTextDocumentIdentifier(version=2, uri=scout),
        [
            types.TextDocumentContentChangePartial(
                range=types.Range(types.Position(0, 5), types.Position(0, 10)), text="Ranger"
            )
        ],
    )
    harness.server.workspace.update_text_document(renamed.text_document, renamed.content_changes[0])
    harness.call(types.TEXT_DOCUMENT_DID_CHANGE, renamed)
    assert [d.message for d in harness.last(army)] == [
        "unknown tile 'Scout'",
        "unknown tile 'Zealots'",
    ]
    harness.server.workspace.remove_text_document(scout)
    harness.call(
        types.TEXT_DOCUMENT_DID_CLOSE,
        types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(scout)),
    )
    # Closed: its diagnostics are withdrawn and the file on disk counts again.
    assert harness.last(scout) == []
    assert [d.message for d in harness.last(army)] == ["unknown tile 'Zealots'"]


def test_hover_completion_and_formatting(harness: Harness, tmp_path: Path) -> None:
    paths = write_folder(tmp_path, {"scout.duke": SCOUT, "runner.duke": UNFORMATTED})
    text = ARMY.replace("Zealots", "\U0001f600 Scout")
    uri = harness.open(tmp_path / "army.duke", text)
    hover = harness.call(
        types.TEXT_DOCUMENT_HOVER,
        types.HoverParams(types.TextDocumentIdentifier(uri), types.Position(4, 18)),
    )
    assert isinstance(hover, types.Hover) and isinstance(hover.contents, types.MarkupContent)
    assert hover.contents.value.startswith("```text\nScout (troop, count 1)\n")
    assert hover.range == types.Range(types.Position(4, 15), types.Position(4, 20))
    listed = harness.call(
        types.TEXT_DOCUMENT_COMPLETION,
        types.CompletionParams(types.TextDocumentIdentifier(uri), types.Position(4, 12)),
    )
    assert isinstance(listed, types.CompletionList)
    # The folder lies on the base set (it defines no Duke): the base set's tiles are offered too.
    assert {"Runner", "Scout", "Footman"} <= {item.label for item in listed.items}
    runner = harness.open(paths["runner.duke"], UNFORMATTED)
    options = types.FormattingOptions(tab_size=4, insert_spaces=True)
    edits = harness.call(
        types.TEXT_DOCUMENT_FORMATTING,
        types.DocumentFormattingParams(types.TextDocumentIdentifier(runner), options),
    )
    assert edits == [
        types.TextEdit(types.Range(types.Position(0, 0), types.Position(11, 0)), FORMATTED)
    ]


def test_document_paths() -> None:
    assert document_path("untitled:Untitled-1") is None
    assert document_path(Path("/tmp/a b.duke").as_uri()) == Path("/tmp/a b.duke")


def test_an_unsaved_buffer_is_checked_alone(harness: Harness) -> None:
    item = types.TextDocumentItem("untitled:Untitled-1", "duke", 1, SCOUT_BAD)
    harness.server.workspace.put_text_document(item)
    harness.call(types.TEXT_DOCUMENT_DID_OPEN, types.DidOpenTextDocumentParams(item))
    (found,) = harness.last("untitled:Untitled-1")
    assert found.range.start == types.Position(3, 10)


def test_an_edit_affects_the_documents_whose_folder_holds_it(tmp_path: Path) -> None:
    top, below = (tmp_path / "a.duke").as_uri(), (tmp_path / "sub" / "b.duke").as_uri()
    assert affected(top, below)
    assert not affected(below, top)
    assert affected(below, below)
    assert affected("untitled:1", "untitled:1")
    assert not affected("untitled:1", top) and not affected(top, "untitled:1")


def test_documents_elsewhere_are_not_checked_again(harness: Harness, tmp_path: Path) -> None:
    paths = write_folder(tmp_path / "sub", {"scout.duke": SCOUT})
    harness.open(tmp_path / "top.duke", SCOUT)
    other = harness.open(paths["scout.duke"], SCOUT)
    # The file below sees only its own folder; the one above sees both Scouts.
    assert harness.last(other) == []
    assert [d.message for d in harness.last((tmp_path / "top.duke").as_uri())] == [
        "duplicate tile 'Scout'"
    ]
    published = len(harness.published)
    harness.open(tmp_path / "top.duke", SCOUT.replace("Scout", "Ranger"), version=2)
    assert [p.uri for p in harness.published[published:]] == [(tmp_path / "top.duke").as_uri()]
