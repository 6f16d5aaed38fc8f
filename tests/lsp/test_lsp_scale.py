"""The language server's work grows with the folder, not with its square: an edit with N
documents of one folder open checks the folder once (about N files parsed), and opening a
document whose folder is as it was checks nothing again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pygls", reason="the language server needs pygls (pip install 'dukec[lsp]')")

from lsprotocol import types

from dukec.compiler import driver
from dukec.compiler.parser import parse_source
from tests.lsp.sources import SCOUT
from tests.lsp.test_lsp_server import Harness

OPEN = 12


def tile(number: int) -> str:
    return SCOUT.replace("Scout", f"Scout{number}")


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the files parsed, in order (the base set's are parsed once a process)."""
    seen: list[str] = []

    def counted(text: str, path: str) -> Any:
        seen.append(path)
        return parse_source(text, path)

    monkeypatch.setattr(driver, "parse_source", counted)
    return seen


def test_an_edit_with_many_documents_open_checks_the_folder_once(
    tmp_path: Path, parses: list[str]
) -> None:
    harness = Harness(tmp_path)
    paths = [tmp_path / f"scout{n}.duke" for n in range(OPEN)]
    for number, path in enumerate(paths):
        path.write_text(tile(number))
    uris = [harness.open(path, tile(number)) for number, path in enumerate(paths)]
    before = len(parses)
    edited = tile(0).replace("count 1", "count 2")
    item = types.TextDocumentItem(uris[0], "duke", 2, edited)
    harness.server.workspace.put_text_document(item)
    harness.call(
        types.TEXT_DOCUMENT_DID_CHANGE,
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(version=2, uri=uris[0]), []
        ),
    )
    # One check of the folder's files, for all the documents open in it.
    assert sorted(parses[before:]) == sorted(str(path) for path in paths)
    assert {p.uri for p in harness.published[-OPEN:]} == set(uris)
    assert all(harness.last(uri) == [] for uri in uris)


def test_opening_the_documents_of_a_folder_checks_it_once(
    tmp_path: Path, parses: list[str]
) -> None:
    harness = Harness(tmp_path)
    paths = [tmp_path / f"scout{n}.duke" for n in range(OPEN)]
    for number, path in enumerate(paths):
        path.write_text(tile(number))
    before = len(parses)
    for number, path in enumerate(paths):
        harness.open(path, tile(number))  # as saved: the folder is the same
    assert sorted(parses[before:]) == sorted(str(path) for path in paths)
    assert harness.server.checks.made == 1
