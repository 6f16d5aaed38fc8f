"""Any text at all goes through the language server's handlers without an exception."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("pygls", reason="the language server needs pygls (pip install 'dukec[lsp]')")

from lsprotocol import types

from dukec.compiler.diagnostics import Position
from dukec.lsp import features
from dukec.lsp.folder import check_document
from tests.lsp.sources import ARMY, SCOUT
from tests.lsp.test_lsp_server import Harness

FRAGMENTS = [
    *"{}\n\t #@.,MJSLXCDB",
    "\r\n",
    "\U0001f600",
    "é",
    "tile",
    "terrain",
    "set",
    "army",
    "first",
    "front",
    "back",
    "count",
    "ability",
    "II",
    "on",
    "acts as duke",
    "occupants",
    "placement",
    "board 6 x 6",
    "rule",
    "flag_barred",
    "start",
    "beside",
    "bag",
    "win",
    "freeze",
    "at edge",
    "Scout",
    "Footman",
    "c1",
    "99999999999999999999",
    "# lint: allow all",
    SCOUT,
    ARMY,
]

texts = st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=4)), max_size=40).map(
    "".join
)
spots = st.tuples(st.integers(0, 30), st.integers(0, 40))


def locate(name: str, position: Position | None) -> types.Location:
    return types.Location(name, features.lsp_range(position))


@settings(max_examples=150, deadline=None)
@given(text=texts, spot=spots)
def test_every_answer_survives_any_text(text: str, spot: tuple[int, int]) -> None:
    checked = check_document("fuzz.duke", text)
    for found in features.diagnostics(checked, locate):
        assert found.range.start.line >= 0 and found.range.start.character >= 0
    line, character = spot
    features.hover(checked, text, line, character)
    features.completion(checked, text, line, character)
    edits = features.formatting(text, "fuzz.duke")
    if edits:
        # What the formatter writes is in the layout already.
        assert features.formatting(edits[0].new_text, "fuzz.duke") == []


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=texts, spot=spots)
def test_the_handlers_survive_any_text(tmp_path: Path, text: str, spot: tuple[int, int]) -> None:
    harness = Harness(tmp_path)
    uri = "untitled:fuzz"
    item = types.TextDocumentItem(uri, "duke", 1, text)
    harness.server.workspace.put_text_document(item)
    harness.call(types.TEXT_DOCUMENT_DID_OPEN, types.DidOpenTextDocumentParams(item))
    document = types.TextDocumentIdentifier(uri)
    position = types.Position(*spot)
    harness.call(types.TEXT_DOCUMENT_HOVER, types.HoverParams(document, position))
    harness.call(types.TEXT_DOCUMENT_COMPLETION, types.CompletionParams(document, position))
    options = types.FormattingOptions(tab_size=4, insert_spaces=True)
    harness.call(types.TEXT_DOCUMENT_FORMATTING, types.DocumentFormattingParams(document, options))
