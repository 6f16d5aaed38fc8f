"""The language server within bounds: a document is checked with a bounded neighbourhood (its
directory, looked through within a cap on files, bytes and entries), and a malformed frame is
answered with a JSON-RPC error, never a traceback, the server reading on."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="the language server needs pygls (pip install 'dukec[lsp]')")

from dukec.compiler import driver
from dukec.limits import (
    LSP_MAX_BYTES,
    LSP_MAX_FILES,
    LSP_MAX_HEADER_BYTES,
    LSP_MAX_MESSAGE_BYTES,
)
from dukec.lsp import folder
from dukec.lsp.folder import check_document, folder_files
from dukec.lsp.frames import FrameError, Frames, message
from tests.lsp.client import LspClient
from tests.lsp.sources import ARMY, SCOUT

# === The neighbourhood ===


def alone(directory: Path, reason: str) -> str:
    return f"checked alone, not with the other files of its folder: {directory} holds {reason}"


def test_a_folder_of_too_many_files_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for index in range(LSP_MAX_FILES + 1):
        (tmp_path / f"t{index}.duke").write_text(SCOUT.replace("Scout", f"Scout{index}"))
    army = tmp_path / "army.duke"
    read: list[Path] = []
    monkeypatch.setattr(folder, "read_source", lambda path, shown=None: read.append(path))
    checked = check_document("x", ARMY, army)
    assert read == []  # not one of them read
    # Alone, the unknown tiles are not reported: they may be in the files not read.
    [warning] = checked.diagnostics
    assert warning.severity == "warning" and warning.position is None
    assert warning.message == alone(tmp_path, f"more than {LSP_MAX_FILES} .duke files")


def test_a_folder_of_too_many_bytes_is_not_read(tmp_path: Path) -> None:
    (tmp_path / "large.duke").write_text("#" * LSP_MAX_BYTES + "\n")
    [warning] = check_document("x", SCOUT, tmp_path / "scout.duke").diagnostics
    assert warning.message == alone(
        tmp_path, f"more than {LSP_MAX_BYTES // 1024:,} KiB of .duke files"
    )


def test_a_document_too_large_is_not_checked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = SCOUT + "#" * LSP_MAX_BYTES
    parsed: list[str] = []
    monkeypatch.setattr(driver, "parse_source", lambda text, path: parsed.append(path))
    [warning] = check_document("x", text, tmp_path / "scout.duke").diagnostics
    assert parsed == []  # not even parsed
    monkeypatch.undo()
    assert warning.message == (
        f"not checked: the document is larger than {LSP_MAX_BYTES // 1024:,} KiB"
    )
    assert check_document("x", SCOUT + "#" * (LSP_MAX_BYTES - len(SCOUT))).diagnostics == ()


def test_a_folder_of_too_many_entries_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Most of a large tree holds no .duke file at all (a home directory, the root).
    monkeypatch.setattr(folder, "LSP_MAX_ENTRIES", 50)
    for index in range(10):
        deeper = tmp_path / f"d{index}" / "e"
        deeper.mkdir(parents=True)
        for name in range(4):
            (deeper / f"{name}.txt").write_text("")
    assert folder_files(tmp_path).too_large == "more than 50 files and directories"
    [warning] = check_document("x", SCOUT, tmp_path / "scout.duke").diagnostics
    assert warning.message == alone(tmp_path, "more than 50 files and directories")


def test_links_to_directories_are_not_followed(tmp_path: Path) -> None:
    (tmp_path / "scout.duke").write_text(SCOUT)
    (tmp_path / "loop").symlink_to(tmp_path)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "runner.duke").write_text(SCOUT.replace("Scout", "Runner"))
    assert folder_files(tmp_path).files == (tmp_path / "scout.duke", tmp_path / "sub/runner.duke")
    assert check_document("x", ARMY, tmp_path / "army.duke").diagnostics[0].message == (
        "unknown tile 'Zealots'"
    )


# === Frames ===


def frame(body: bytes, length: int | None = None) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % (len(body) if length is None else length) + body


@pytest.mark.parametrize(
    ("data", "code", "text"),
    [
        (b"Content-Length: x\r\n\r\n", -32700, "Content-Length must be a whole number, not 'x'"),
        (
            b"Content-Length: \xb2\r\n\r\n",
            -32700,
            "Content-Length must be a whole number, not '\xb2'",
        ),
        (b"Content-Length: -1\r\n\r\n", -32700, "Content-Length must be a whole number, not '-1'"),
        (b"Content-Type: x\r\n\r\n{}", -32700, "a message needs a Content-Length header"),
        (b"nonsense\r\n\r\n", -32700, "'nonsense' is not a header (Name: value)"),
        (
            b"X: " + b"y" * LSP_MAX_HEADER_BYTES + b"\r\n\r\n",
            -32700,
            f"a header line longer than {LSP_MAX_HEADER_BYTES} bytes",
        ),
        (
            b"Content-Length: " + b"9" * 40 + b"\r\n\r\n",
            -32700,
            f"a message of {LSP_MAX_MESSAGE_BYTES + 1:,} bytes (at most {LSP_MAX_MESSAGE_BYTES:,})",
        ),
    ],
)
def test_frames_that_break_the_rules(data: bytes, code: int, text: str) -> None:
    frames = Frames(io.BytesIO(data + frame(b"{}")))
    with pytest.raises(FrameError) as raised:
        frames.read()
    assert (raised.value.code, raised.value.message, raised.value.ident) == (code, text, None)


def test_after_a_bad_frame_the_next_is_read() -> None:
    frames = Frames(io.BytesIO(b"Content-Length: 2\r\nbad\r\n\r\n{}" + b"\r\n" + frame(b"[1]")))
    with pytest.raises(FrameError):
        frames.read()
    assert frames.read() == b"[1]"
    assert frames.read() is None


@pytest.mark.parametrize(
    ("body", "code", "text", "ident"),
    [
        (
            b"{x",
            -32700,
            "the message is not JSON: Expecting property name enclosed in double "
            "quotes: line 1 column 2 (char 1)",
            None,
        ),
        (b"\xff", -32700, "the message is not UTF-8 text", None),
        (b"[" * 100_000, -32700, "the message is not JSON: nested too deep", None),
        (b"[]", -32600, "a message must be a JSON object (LSP sends no batch)", None),
        (b'"x"', -32600, "a message must be a JSON object (LSP sends no batch)", None),
        (
            b'{"jsonrpc": "2.0", "id": [1]}',
            -32600,
            "a message's id must be a number or a string",
            None,
        ),
        (
            b'{"jsonrpc": "2.0", "id": true}',
            -32600,
            "a message's id must be a number or a string",
            None,
        ),
        (b'{"id": 3, "method": "x"}', -32600, 'a message must say "jsonrpc": "2.0"', 3),
        (b'{"jsonrpc": "2.0"}', -32600, "a message needs a method, or an id if it answers", None),
        (
            b'{"jsonrpc": "2.0", "id": "a", "method": 5}',
            -32600,
            "a message's method must be a string",
            "a",
        ),
    ],
)
def test_messages_that_are_no_json_rpc(
    body: bytes, code: int, text: str, ident: int | str | None
) -> None:
    with pytest.raises(FrameError) as raised:
        message(body)
    assert (raised.value.code, raised.value.message, raised.value.ident) == (code, text, ident)
    answer = json.loads(raised.value.response().split(b"\r\n\r\n", 1)[1])
    assert answer == {"jsonrpc": "2.0", "id": ident, "error": {"code": code, "message": text}}


def test_a_number_of_thousands_of_digits() -> None:
    with pytest.raises(FrameError) as raised:
        message(b'{"jsonrpc": "2.0", "id": ' + b"1" * 5000 + b', "method": "x"}')
    assert raised.value.code == -32700
    assert raised.value.message.startswith("the message is not JSON: Exceeds the limit")


def test_a_server_answers_malformed_frames_and_reads_on(client: LspClient, tmp_path: Path) -> None:
    client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    client.notify("initialized", {})
    bad = [
        frame(b"{bad json"),
        frame(b"[1, 2]"),
        frame(b'{"jsonrpc": "2.0", "id": 41, "method": "textDocument/hover", "params": {}}'),
        frame(b'{"jsonrpc": "1.0", "id": 42, "method": "shutdown"}'),
        frame(b"\xff\xfe"),
        frame(b'{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"x": 1}}'),
    ]
    client.send_raw(b"".join(bad))
    errors = [client.wait(lambda m: "error" in m) for _ in range(5)]
    assert [(e["id"], e["error"]["code"]) for e in errors] == [
        (None, -32700),
        (None, -32600),
        (41, -32602),
        (42, -32600),
        (None, -32700),
    ]
    assert errors[2]["error"]["message"] == "textDocument/hover: invalid params"
    # The server reads on: a document opened now is checked.
    uri = (tmp_path / "scout.duke").as_uri()
    client.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "duke", "version": 1, "text": SCOUT}},
    )
    assert client.diagnostics(uri, version=1) == []
    assert client.close() == 0
    log = client.log_text
    # The notification with bad params is not answered, only logged.
    assert "Traceback" not in log and "Error in server" not in log, log
    assert log.count("dukec lsp: refused a message: ") == 6
