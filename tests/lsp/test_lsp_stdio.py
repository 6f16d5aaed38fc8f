"""`dukec lsp` as an editor runs it: a subprocess spoken to in JSON-RPC over its stdio."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the language server needs pygls (pip install 'dukec[lsp]')")

from tests.lsp.client import LspClient
from tests.lsp.sources import ARMY, FORMATTED, GLYPHS, SCOUT, SCOUT_BAD, UNFORMATTED, write_folder


def test_a_session(client: LspClient, tmp_path: Path) -> None:
    paths = write_folder(tmp_path / "tiles", {"scout.duke": SCOUT_BAD, "runner.duke": UNFORMATTED})
    result = client.request(
        "initialize", {"processId": None, "rootUri": tmp_path.as_uri(), "capabilities": {}}
    )
    capabilities = result["capabilities"]
    assert capabilities["hoverProvider"] is True
    assert capabilities["documentFormattingProvider"] is True
    assert "completionProvider" in capabilities
    assert result["serverInfo"]["name"] == "dukec"
    client.notify("initialized", {})

    scout = paths["scout.duke"].as_uri()
    client.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": scout, "languageId": "duke", "version": 1, "text": SCOUT_BAD}},
    )
    assert client.diagnostics(scout, version=1) == [
        {
            "range": {"start": {"line": 3, "character": 10}, "end": {"line": 3, "character": 11}},
            "message": f"unknown glyph 'Q' (glyphs: {GLYPHS})",
            "severity": 1,
            "source": "dukec",
        }
    ]

    # Typing the fix clears it (an incremental change of one character).
    client.notify(
        "textDocument/didChange",
        {
            "textDocument": {"uri": scout, "version": 2},
            "contentChanges": [
                {
                    "range": {
                        "start": {"line": 3, "character": 10},
                        "end": {"line": 3, "character": 11},
                    },
                    "text": "M",
                }
            ],
        },
    )
    assert client.diagnostics(scout, version=2) == []

    # A set in a new file names the Scout of the other file.
    army_path = paths["scout.duke"].parent / "army.duke"
    army = army_path.as_uri()
    client.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": army, "languageId": "duke", "version": 1, "text": ARMY}},
    )
    (unknown,) = client.diagnostics(army, version=1)
    assert unknown["message"] == "unknown tile 'Zealots'"
    assert unknown["range"] == {
        "start": {"line": 4, "character": 12},
        "end": {"line": 4, "character": 19},
    }

    hover = client.request(
        "textDocument/hover",
        {"textDocument": {"uri": army}, "position": {"line": 3, "character": 16}},
    )
    assert hover["contents"]["kind"] == "markdown"
    assert hover["contents"]["value"].startswith(
        "```text\nScout (troop, count 1)\nfront (starting side)    back\n"
    )
    assert hover["range"] == {
        "start": {"line": 3, "character": 14},
        "end": {"line": 3, "character": 19},
    }

    completion = client.request(
        "textDocument/completion",
        {"textDocument": {"uri": army}, "position": {"line": 4, "character": 12}},
    )
    labels = {item["label"] for item in completion["items"]}
    assert {"Runner", "Scout", "Footman"} <= labels  # the folder lies on the base set

    runner = paths["runner.duke"].as_uri()
    client.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": runner, "languageId": "duke", "version": 1, "text": UNFORMATTED}},
    )
    (warning,) = client.diagnostics(runner, version=1)
    assert warning["severity"] == 2
    assert warning["code"] == "no-backward"
    edits = client.request(
        "textDocument/formatting",
        {"textDocument": {"uri": runner}, "options": {"tabSize": 4, "insertSpaces": True}},
    )
    assert edits == [
        {
            "range": {"start": {"line": 0, "character": 0}, "end": {"line": 11, "character": 0}},
            "newText": FORMATTED,
        }
    ]

    assert client.request("shutdown", None) is None
    client.notify("exit", None)
    assert client.process.wait(timeout=60) == 0


def test_a_file_that_does_not_parse_gets_no_formatting(client: LspClient, tmp_path: Path) -> None:
    client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    client.notify("initialized", {})
    uri = (tmp_path / "broken.duke").as_uri()
    text = SCOUT.replace("count 1", "count")
    client.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "duke", "version": 1, "text": text}},
    )
    (error,) = client.diagnostics(uri)
    assert error["message"] == "expected a number, found end of line"
    assert error["range"] == {
        "start": {"line": 1, "character": 9},
        "end": {"line": 1, "character": 10},
    }
    edits = client.request(
        "textDocument/formatting",
        {"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": True}},
    )
    assert edits is None
