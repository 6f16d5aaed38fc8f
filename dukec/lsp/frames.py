"""The language server's input: JSON-RPC messages in the frames of LSP's base protocol, checked.

A frame is header lines (``Content-Length: N``, perhaps ``Content-Type``), an empty line, then
N bytes of UTF-8 JSON. A frame that breaks these rules, or JSON that is no JSON-RPC message, is
answered with a JSON-RPC error (parse error, invalid request, invalid params; its id when the
message has a readable one, else null; a notification is not answered) and one line in the
log, never a traceback, and the server reads on: past the body when its length is known, else
from the next ``Content-Length`` header in the stream, wherever it starts (a body without a
length runs into the next frame's header, with no line end between them). Header lines and
messages are read within `LSP_MAX_HEADER_BYTES` and `LSP_MAX_MESSAGE_BYTES`.

Params that pygls would take but the server cannot use are refused as invalid params: a URI
holding a NUL character (``%00`` or raw, which no file name can hold), and workspace folders
that are not objects with a string ``uri`` and ``name``. Before a successful ``initialize``, a
request is answered "server not initialized" (LSP's -32002) and a notification dropped, as the
protocol says, rather than reaching a handler with no workspace.

pygls's own reader would log a traceback for each and answer none (a request whose params do
not fit would wait for ever); `serve` replaces it, and hands pygls the messages that are well
formed.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
import threading
from concurrent.futures import Executor
from typing import IO, Any
from urllib.parse import unquote

from pygls.exceptions import JsonRpcException
from pygls.protocol import JsonRPCProtocol

from dukec.limits import LSP_MAX_HEADER_BYTES, LSP_MAX_MESSAGE_BYTES

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
INVALID_PARAMS = -32602
SERVER_NOT_INITIALIZED = -32002
#: The header the reader looks for to find its place again after a frame of unknown length.
_RESYNC = b"content-length:"
#: Methods that are handled before ``initialize`` (the others wait for it).
_BEFORE_INITIALIZE = ("initialize", "exit")
#: Keys whose values are URIs, wherever they stand in a message's params.
_URI_KEYS = frozenset({"uri", "rootUri", "targetUri", "oldUri", "newUri", "baseUri"})

Ident = int | str | None


class FrameError(Exception):
    """A frame or message that cannot be handled: its JSON-RPC error, and whom to answer."""

    def __init__(self, code: int, message: str, ident: Ident = None, answer: bool = True) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.ident = ident
        self.answer = answer

    def response(self) -> bytes:
        """The framed error response."""
        body = json.dumps(
            {
                "jsonrpc": "2.0",
                "id": self.ident,
                "error": {"code": self.code, "message": self.message},
            }
        ).encode("utf-8")
        return f"Content-Length: {len(body)}\r\n\r\n".encode("ascii") + body


class Frames:
    """The frames of a byte stream, read one at a time (a blocking read)."""

    def __init__(self, stream: IO[bytes]) -> None:
        self.stream = stream
        #: Whether the last frame's body had no known length, so that the next frame begins
        #: at the next Content-Length header, not at the next line.
        self.lost = False

    def read(self) -> bytes | None:
        """The next message's bytes; None at the end of the stream. A malformed frame is
        read past, then raised as a FrameError (a parse error)."""
        length: int | None = None
        problem: str | None = None
        seen = False
        pending = self._resynchronize() if self.lost else None
        if self.lost and pending is None:
            return None
        self.lost = False
        while True:
            line = (
                pending if pending is not None else self.stream.readline(LSP_MAX_HEADER_BYTES + 1)
            )
            pending = None
            if not line:
                return None
            if not line.endswith(b"\n") and len(line) > LSP_MAX_HEADER_BYTES:
                while line and not line.endswith(b"\n"):
                    line = self.stream.readline(LSP_MAX_HEADER_BYTES + 1)
                problem = problem or f"a header line longer than {LSP_MAX_HEADER_BYTES} bytes"
                seen = True
                continue
            if not line.strip():
                if seen:
                    break
                continue  # blank lines between frames
            seen = True
            text = line.decode("latin-1").rstrip()
            name, colon, value = text.partition(":")
            if not colon:
                problem = problem or f"{text[:40]!r} is not a header (Name: value)"
            elif name.strip().lower() == "content-length":
                number = value.strip()
                if not number.isascii() or not number.isdigit():
                    problem = (
                        problem or f"Content-Length must be a whole number, not {number[:20]!r}"
                    )
                else:
                    # A number too long to convert is too large a message anyway.
                    length = int(number) if len(number) <= 18 else LSP_MAX_MESSAGE_BYTES + 1
        if problem is None and length is None:
            problem = "a message needs a Content-Length header"
        if length is not None and (problem is not None or length > LSP_MAX_MESSAGE_BYTES):
            # The length is known: read past the body, to stay in step with the frames.
            self._skip(length)
            problem = (
                problem or f"a message of {length:,} bytes (at most {LSP_MAX_MESSAGE_BYTES:,})"
            )
        if problem is not None:
            # Where the body ends is not known: the next frame starts at the next header.
            self.lost = length is None
            raise FrameError(PARSE_ERROR, problem)
        assert length is not None
        body = self.stream.read(length)
        return body if len(body) == length else None

    def _resynchronize(self) -> bytes | None:
        """The line that begins with the next Content-Length header (read on to its end, within
        the header limit); None at the end of the stream."""
        tail = b""
        while True:
            chunk = self.stream.readline(LSP_MAX_HEADER_BYTES + 1)
            if not chunk:
                return None
            seen = tail + chunk
            found = seen.lower().find(_RESYNC)
            if found < 0:
                # A header cut by the chunk's end is found with the next chunk.
                tail = b"" if chunk.endswith(b"\n") else seen[-(len(_RESYNC) - 1) :]
                continue
            line = seen[found:]
            while not line.endswith(b"\n") and len(line) <= LSP_MAX_HEADER_BYTES:
                more = self.stream.readline(LSP_MAX_HEADER_BYTES + 1 - len(line))
                if not more:
                    break
                line += more
            return line

    def _skip(self, length: int) -> None:
        while length > 0:
            chunk = self.stream.read(min(length, 1 << 20))
            if not chunk:
                return
            length -= len(chunk)


def message(body: bytes) -> dict[str, Any]:
    """The JSON-RPC message a frame holds; FrameError when it holds none."""
    try:
        value = json.loads(body.decode("utf-8"))
    except UnicodeDecodeError:
        raise FrameError(PARSE_ERROR, "the message is not UTF-8 text") from None
    except ValueError as error:  # malformed, or a number of thousands of digits
        raise FrameError(PARSE_ERROR, f"the message is not JSON: {error}") from None
    except RecursionError:
        raise FrameError(PARSE_ERROR, "the message is not JSON: nested too deep") from None
    if not isinstance(value, dict):
        raise FrameError(INVALID_REQUEST, "a message must be a JSON object (LSP sends no batch)")
    ident = value.get("id")
    if isinstance(ident, bool) or not isinstance(ident, int | str | None):
        raise FrameError(INVALID_REQUEST, "a message's id must be a number or a string")
    if value.get("jsonrpc") != "2.0":
        raise FrameError(INVALID_REQUEST, 'a message must say "jsonrpc": "2.0"', ident)
    method = value.get("method")
    if method is None and "id" not in value:
        raise FrameError(INVALID_REQUEST, "a message needs a method, or an id if it answers")
    if method is not None and not isinstance(method, str):
        raise FrameError(INVALID_REQUEST, "a message's method must be a string", ident)
    return value


def structured(protocol: JsonRPCProtocol, value: dict[str, Any]) -> Any:
    """The message as pygls's typed message; FrameError (invalid params) when its params do
    not fit its method or hold what the server cannot use, or (server not initialized) when it
    comes before a successful ``initialize`` (a request is answered, a notification only
    logged)."""
    method = value.get("method")
    request = "id" in value and method is not None
    if method is not None and method not in _BEFORE_INITIALIZE and not _initialized(protocol):
        raise FrameError(
            SERVER_NOT_INITIALIZED,
            f"{method}: the server is not initialized: send initialize first",
            value.get("id"),
            answer=request,
        )
    problem = _params_problem(method, value.get("params"))
    if problem is not None:
        raise FrameError(INVALID_PARAMS, f"{method}: {problem}", value.get("id"), answer=request)
    try:
        return protocol.structure_message(value)
    except JsonRpcException as error:
        raise FrameError(
            error.code,
            f"{method or 'a response'}: {error.message.lower()}",
            value.get("id"),
            answer=request,
        ) from None


def _initialized(protocol: JsonRPCProtocol) -> bool:
    """Whether ``initialize`` has succeeded: pygls has a workspace."""
    try:
        protocol.workspace  # type: ignore[attr-defined]  # noqa: B018
    except (AttributeError, RuntimeError):
        return False
    return True


def _params_problem(method: str | None, params: Any) -> str | None:
    """What in a message's params the server cannot use, or None: a URI holding a NUL, and
    workspace folders that are not ``{uri, name}`` objects of strings."""
    if isinstance(params, dict) and not _folders(params.get("workspaceFolders"), True):
        return "workspaceFolders must be null or a list of {uri, name} objects of strings"
    event = params.get("event") if isinstance(params, dict) else None
    if method == "workspace/didChangeWorkspaceFolders" and isinstance(event, dict):
        for key in ("added", "removed"):
            if not _folders(event.get(key), allow_null=False):
                return f"event.{key} must be a list of {{uri, name}} objects of strings"
    pending = [params]
    while pending:
        value = pending.pop()
        if isinstance(value, list):
            pending.extend(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                if key in _URI_KEYS and isinstance(item, str) and "\x00" in unquote(item):
                    return f"{key} {item[:80]!r} holds a NUL character, which no file name can"
                pending.append(item)
    return None


def _folders(value: Any, allow_null: bool) -> bool:
    if value is None:
        return allow_null
    return isinstance(value, list) and all(
        isinstance(folder, dict)
        and isinstance(folder.get("uri"), str)
        and isinstance(folder.get("name"), str)
        for folder in value
    )


class _Answered(logging.Filter):
    """pygls logs a traceback for a message it cannot structure: `structured` answers it."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("Unable to deserialize message")


def _refuse(error: FrameError, write: Any) -> None:
    sys.stderr.write(f"dukec lsp: refused a message: {error.message}\n")
    sys.stderr.flush()
    if error.answer:
        write(error.response())


async def serve(
    stop: threading.Event,
    stream: IO[bytes],
    protocol: JsonRPCProtocol,
    write: Any,
    executor: Executor,
) -> None:
    """Read frames from ``stream`` until it ends or ``stop`` is set; hand each well-formed
    message to ``protocol``, answer the others with ``write`` (framed bytes)."""
    logging.getLogger("pygls.protocol.json_rpc").addFilter(_Answered())
    frames = Frames(stream)
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        try:
            body = await loop.run_in_executor(executor, frames.read)
            if body is None:
                return
            typed = structured(protocol, message(body))
        except FrameError as error:
            _refuse(error, write)
            continue
        try:
            protocol.handle_message(typed)
        except Exception as error:  # a bug: one line, and the server reads on
            sys.stderr.write(f"dukec lsp: internal error on {message_name(typed)}: {error!r}\n")


def message_name(typed: Any) -> str:
    """What a message is, for the log: its method, or the id it answers."""
    return str(getattr(typed, "method", None) or f"the answer to {getattr(typed, 'id', None)}")
