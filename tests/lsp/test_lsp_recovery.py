"""The language server recovers from what a client gets wrong: a frame whose length is unknown
(it reads on from the next header), a URI holding a NUL, workspace folders that are not
folders, requests before ``initialize``, and requests about documents it was never sent."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the language server needs pygls (pip install 'dukec[lsp]')")

from dukec.limits import LSP_MAX_HEADER_BYTES
from dukec.lsp.frames import FrameError, Frames
from tests.lsp.client import LspClient
from tests.lsp.sources import SCOUT


def frame(body: bytes) -> bytes:
    return f"Content-Length: {len(body)}\r\n\r\n".encode() + body


BODY = b'{"jsonrpc": "2.0", "id": 7, "method": "shutdown"}'


@pytest.mark.parametrize(
    "header",
    [
        b"Content-Length: abc\r\n\r\n",
        b"Content-Length: 12x\r\n\r\n",
        b"Content-Lenght: 50\r\n\r\n",
        b"Content-Type: application/json\r\n\r\n",
        b"garbage\r\n\r\n",
        b"Content-Length: \r\n\r\n",
    ],
    ids=["letters", "trailing", "misspelt", "no-length", "garbage", "empty"],
)
def test_after_a_frame_of_unknown_length_the_next_frames_are_read(header: bytes) -> None:
    # The body of the bad frame runs into the next header: no line end between them.
    frames = Frames(io.BytesIO(header + BODY + frame(b"[1]") + frame(b"[2]")))
    with pytest.raises(FrameError):
        frames.read()
    assert frames.read() == b"[1]"
    assert frames.read() == b"[2]"
    assert frames.read() is None


def test_the_next_header_is_found_across_a_long_body() -> None:
    for cut in range(1, 16):
        # The header falls across the reader's chunks wherever the body ends.
        body = b"x" * (3 * (LSP_MAX_HEADER_BYTES + 1) - cut)
        frames = Frames(io.BytesIO(b"Content-Length: ?\r\n\r\n" + body + frame(b"[3]")))
        with pytest.raises(FrameError):
            frames.read()
        assert frames.read() == b"[3]", cut


def test_a_stream_that_ends_while_lost_ends() -> None:
    frames = Frames(io.BytesIO(b"Content-Length: no\r\n\r\n{}"))
    with pytest.raises(FrameError):
        frames.read()
    assert frames.read() is None


def test_two_bad_frames_in_a_row() -> None:
    bad = b"Content-Length: x\r\n\r\n{}"
    frames = Frames(io.BytesIO(bad + bad + frame(b"[4]")))
    for _ in range(2):
        with pytest.raises(FrameError):
            frames.read()
    assert frames.read() == b"[4]"


# === A server that reads on ===


def initialize(client: LspClient, root: Path) -> None:
    client.request("initialize", {"processId": None, "rootUri": root.as_uri(), "capabilities": {}})
    client.notify("initialized", {})


def error_of(client: LspClient, ident: int) -> dict[str, object]:
    reply = client.wait(lambda m: m.get("id") == ident and "method" not in m)
    assert "error" in reply, reply
    found: dict[str, object] = reply["error"]
    return found


def hover(uri: str) -> dict[str, object]:
    return {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 6}}


def test_a_malformed_content_length_does_not_stop_the_server(
    client: LspClient, tmp_path: Path
) -> None:
    initialize(client, tmp_path)
    request = json.dumps(
        {"jsonrpc": "2.0", "id": 50, "method": "textDocument/hover", "params": hover("x")}
    ).encode()
    client.send_raw(b"Content-Length: 1e3\r\n\r\n" + request + frame(request.replace(b"50", b"51")))
    assert client.wait(lambda m: "error" in m and m.get("id") is None)["error"] == {
        "code": -32700,
        "message": "Content-Length must be a whole number, not '1e3'",
    }
    assert client.wait(lambda m: m.get("id") == 51) == {"jsonrpc": "2.0", "id": 51, "result": None}
    uri = (tmp_path / "scout.duke").as_uri()
    client.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "duke", "version": 1, "text": SCOUT}},
    )
    assert client.diagnostics(uri, version=1) == []
    assert client.close() == 0


@pytest.mark.parametrize("uri", ["file:///tmp/a%00b.duke", "file:///tmp/a\x00b.duke"])
def test_a_nul_in_a_uri_is_invalid_params(client: LspClient, tmp_path: Path, uri: str) -> None:
    initialize(client, tmp_path)
    client.send({"id": 60, "method": "textDocument/hover", "params": hover(uri)})
    assert error_of(client, 60) == {
        "code": -32602,
        "message": f"textDocument/hover: uri {uri!r} holds a NUL character, which no file name can",
    }
    item = {"uri": uri, "languageId": "duke", "version": 1, "text": SCOUT}
    client.notify("textDocument/didOpen", {"textDocument": item})  # logged, not answered
    good = (tmp_path / "scout.duke").as_uri()
    client.notify("textDocument/didOpen", {"textDocument": {**item, "uri": good}})
    assert client.diagnostics(good, version=1) == []
    assert client.close() == 0
    assert "Traceback" not in client.log_text, client.log_text
    assert client.log_text.count("holds a NUL character") == 2


def test_workspace_folders_that_are_not_folders(client: LspClient, tmp_path: Path) -> None:
    params: dict[str, object] = {"processId": None, "rootUri": None, "capabilities": {}}
    client.send(
        {"id": 70, "method": "initialize", "params": {**params, "workspaceFolders": [1, "x", None]}}
    )
    assert error_of(client, 70) == {
        "code": -32602,
        "message": "initialize: workspaceFolders must be null or a list of {uri, name} objects "
        "of strings",
    }
    # Not initialized: a request says so, rather than failing in a handler.
    client.send({"id": 71, "method": "textDocument/hover", "params": hover("file:///a.duke")})
    assert error_of(client, 71) == {
        "code": -32002,
        "message": "textDocument/hover: the server is not initialized: send initialize first",
    }
    folders = [{"uri": tmp_path.as_uri(), "name": "designs"}]
    client.request("initialize", {**params, "workspaceFolders": folders})
    client.notify("initialized", {})
    client.send(
        {
            "id": 72,
            "method": "workspace/didChangeWorkspaceFolders",
            "params": {"event": {"added": [None], "removed": []}},
        }
    )
    uri = (tmp_path / "scout.duke").as_uri()
    item = {"uri": uri, "languageId": "duke", "version": 1, "text": SCOUT}
    client.notify("textDocument/didOpen", {"textDocument": item})
    assert client.diagnostics(uri, version=1) == []
    assert client.request("textDocument/hover", hover(uri)) is not None
    assert client.close() == 0
    assert "Traceback" not in client.log_text, client.log_text
    assert "event.added must be a list of {uri, name} objects of strings" in client.log_text


def test_requests_about_documents_never_opened_read_no_file(
    client: LspClient, tmp_path: Path
) -> None:
    initialize(client, tmp_path)
    (tmp_path / "scout.duke").write_text(SCOUT)
    os.mkfifo(tmp_path / "pipe.duke")  # reading it would wait for ever
    for name in ("scout.duke", "pipe.duke", "missing.duke"):
        uri = (tmp_path / name).as_uri()
        assert client.request("textDocument/hover", hover(uri)) is None
        completion = {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}
        found = client.request("textDocument/completion", completion)
        assert found == {"isIncomplete": False, "items": []}
        options = {"tabSize": 4, "insertSpaces": True}
        formatting = {"textDocument": {"uri": uri}, "options": options}
        assert client.request("textDocument/formatting", formatting) is None
    assert client.close() == 0
    assert "Traceback" not in client.log_text, client.log_text
