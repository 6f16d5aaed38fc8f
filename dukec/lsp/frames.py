"""The language server's input: JSON-RPC messages in the frames of LSP's base protocol, checked.

A frame is header lines (``Content-Length: N``, perhaps ``Content-Type``), an empty line, then
N bytes of UTF-8 JSON. A frame that breaks these rules, or JSON that is no JSON-RPC message, is
answered with a JSON-RPC error (parse error, invalid request, invalid params; its id when the
message has a readable one, else null; a notification is not answered) and one line in the
log, never a traceback, and the server reads on. Header lines and messages are read within
`LSP_MAX_HEADER_BYTES` and `LSP_MAX_MESSAGE_BYTES`.

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

from pygls.exceptions import JsonRpcException
from pygls.protocol import JsonRPCProtocol

from dukec.limits import LSP_MAX_HEADER_BYTES, LSP_MAX_MESSAGE_BYTES

PARSE_ERROR = -32700
INVALID_REQUEST = -32600

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

    def read(self) -> bytes | None:
        """The next message's bytes; None at the end of the stream. A malformed frame is
        read past, then raised as a FrameError (a parse error)."""
        length: int | None = None
        problem: str | None = None
        seen = False
        while True:
            line = self.stream.readline(LSP_MAX_HEADER_BYTES + 1)
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
            raise FrameError(PARSE_ERROR, problem)
        assert length is not None
        body = self.stream.read(length)
        return body if len(body) == length else None

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
    not fit its method (a request is answered, a notification only logged)."""
    try:
        return protocol.structure_message(value)
    except JsonRpcException as error:
        method = value.get("method", "a response")
        request = "id" in value and "method" in value
        raise FrameError(
            error.code, f"{method}: {error.message.lower()}", value.get("id"), answer=request
        ) from None


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
