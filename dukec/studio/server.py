"""The studio's HTTP server: requests read and checked, answered through `routes.dispatch`,
errors as 4xx JSON, never a traceback.

A standard-library `ThreadingHTTPServer`: each request has its own thread, balance runs have
theirs, so a run never holds up the page. Requests that change anything are POST (always sent as
``Content-Type: application/json``, which another web site cannot send to this server without
its permission) or DELETE; the Host header must name this server and the Origin header, when a
browser sends one, this server's page, so a page elsewhere cannot drive the studio.

Many clients may connect at once: the listening socket holds `STUDIO_LISTEN_BACKLOG`
connections while the server accepts them, each then served by its own thread. No client
holds the server for long: a request must arrive whole within
`STUDIO_REQUEST_SECONDS` (then an idle connection is closed), a body comes with a plain
Content-Length, and a request that waits for a run (`/api/balance`, `/api/value`) watches its
connection, cancelling the run when the client hangs up.
"""

from __future__ import annotations

import io
import math
import re
import selectors
import socket
import sys
import threading
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from dukec.limits import STUDIO_LISTEN_BACKLOG, STUDIO_REQUEST_SECONDS
from dukec.studio.request import MAX_BODY_BYTES, ApiError
from dukec.studio.routes import Reply, Studio, Waiting, dispatch
from dukec.studio.runs import BalanceRun, RunState

__all__ = ["Studio", "StudioServer"]

LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")
#: Methods that may change something: a browser's request of another origin is refused.
CHANGING = ("POST", "PUT", "PATCH", "DELETE")
#: How often a request waiting for a run looks whether its client is still there.
WATCH_SECONDS = 0.2


class _RequestReader(io.RawIOBase):
    """A connection's bytes as a request reads them, against the clock: once the request's time
    is up, the connection reads as ended, and `expired` says why."""

    def __init__(self, connection: socket.socket) -> None:
        super().__init__()
        self.connection = connection
        self.deadline = math.inf
        self.expired = False

    def begin(self, seconds: float) -> None:
        """A new request: it has ``seconds`` to arrive."""
        self.deadline = time.monotonic() + seconds
        self.expired = False

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        left = self.deadline - time.monotonic()
        if left <= 0:
            self.expired = True
            return 0
        self.connection.settimeout(left)
        try:
            return self.connection.recv_into(buffer)
        except TimeoutError:
            self.expired = True
            return 0


class _Handler(BaseHTTPRequestHandler):
    """Reads a request, answers it through `dispatch`; every failure is a JSON error."""

    server: StudioServer
    protocol_version = "HTTP/1.1"

    def setup(self) -> None:
        super().setup()
        self.connection.settimeout(self.server.request_seconds)
        self.rfile.close()
        self.reader = _RequestReader(self.connection)
        self.rfile = io.BufferedReader(self.reader)
        self.whole = False

    def handle_one_request(self) -> None:
        """Read and answer one request, which has `request_seconds` to arrive whole."""
        self.reader.begin(self.server.request_seconds)
        self.whole = False
        super().handle_one_request()

    def do_GET(self) -> None:
        self._handle("GET")

    def do_POST(self) -> None:
        self._handle("POST")

    def do_DELETE(self) -> None:
        self._handle("DELETE")

    def do_PUT(self) -> None:
        self._handle("PUT")

    def do_PATCH(self) -> None:
        self._handle("PATCH")

    def do_HEAD(self) -> None:
        self._handle("HEAD")

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """The server's own errors (a malformed request line, an unknown method) as JSON too."""
        self.close_connection = True
        self._with_status_line()
        self._send(Reply.json({"error": message or HTTPStatus(code).phrase}, code))

    def _handle(self, method: str) -> None:
        try:
            answer = dispatch(self.server.studio, method, self.path, self._body(method))
            reply = self._wait(answer.run) if isinstance(answer, Waiting) else answer
        except ApiError as error:
            reply = Reply.json(error.payload(), error.status)
        except Exception as error:  # a bug: one JSON line for the page, the details on stderr
            self.log_error("internal error on %s %s: %r", method, self.path, error)
            reply = Reply.json({"error": f"internal error: {_described(error)}"}, 500)
        if not self.whole:
            # What is left of the request is not read: it must not pass for the next one.
            self.close_connection = True
        if reply is not None:
            self._send(reply)

    def _body(self, method: str) -> bytes:
        """The request's body, once the request is checked: whole, from this server's page,
        of a plain length."""
        seconds = self.server.request_seconds
        if self.reader.expired:
            self._with_status_line()
            raise ApiError(408, f"the request did not arrive whole within {seconds:g} s")
        host = (self.headers.get("Host") or "").rsplit(":", 1)[0]
        if self.server.check_host and host not in LOOPBACK:
            raise ApiError(403, f"this studio answers requests for 127.0.0.1, not {host!r}")
        origin = self.headers.get("Origin")
        if method in CHANGING and origin is not None and not self._own(origin):
            raise ApiError(403, f"a page of {origin[:100]!r} may not change this studio")
        length = self._length()
        if length > MAX_BODY_BYTES:
            # Read a body not far over the limit, so that the client sees the answer rather
            # than a connection closed under it; hang up on anything larger.
            if length <= 8 * MAX_BODY_BYTES:
                while length > 0 and not self.reader.expired:
                    length -= len(self.rfile.read(min(length, 65536))) or length
            raise ApiError(413, f"the request body is larger than {MAX_BODY_BYTES} bytes")
        data = self.rfile.read(length) if length else b""
        if len(data) < length:
            if self.reader.expired:
                raise ApiError(408, f"the request body did not arrive within {seconds:g} s")
            raise ApiError(400, f"the request body ended after {len(data)} of {length} bytes")
        self.whole = True
        # Every POST, empty or not: a form or a script of another site cannot send this type
        # without asking first, and this server never says yes.
        if method == "POST" or data:
            kind = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
            if kind != "application/json":
                raise ApiError(415, "send the body as JSON (Content-Type: application/json)")
        return data

    def _with_status_line(self) -> None:
        # A request line without a version, cut short or no request at all, reads as HTTP/0.9,
        # whose answers have no status line: give this one a status all the same.
        if self.request_version == "HTTP/0.9":
            self.request_version = "HTTP/1.0"

    def _own(self, origin: str) -> bool:
        """Whether ``origin`` is this server's page, by the name the request used (or, on a
        loopback address, any name of it)."""
        port = self.server.server_address[1]
        names = LOOPBACK if self.server.check_host else ()
        own = {f"http://{self.headers.get('Host') or ''}".lower()}
        own.update(f"http://{name}:{port}" for name in names if name != "::1")
        return origin.lower() in own

    def _length(self) -> int:
        """The body's length, from its one plain Content-Length (none: no body)."""
        if self.headers.get("Transfer-Encoding") is not None:
            # A chunked body would be read as the next request: refuse it, and hang up.
            raise ApiError(
                411, "send the body with a Content-Length (a Transfer-Encoding is not read)"
            )
        lengths = {value.strip() for value in self.headers.get_all("Content-Length") or ()}
        if len(lengths) > 1:
            raise ApiError(400, "the request has two different Content-Length headers")
        text = lengths.pop() if lengths else "0"
        if not re.fullmatch("[0-9]+", text):
            raise ApiError(400, f"Content-Length must be a whole number, not {text[:20]!r}")
        # A number too long to convert is too large a body anyway.
        return int(text) if len(text) <= 18 else MAX_BODY_BYTES * 1024

    def _wait(self, run: BalanceRun) -> Reply | None:
        """The document of a run the request waits for; None (and the run cancelled) when
        the client hangs up first."""
        while not run.finished.wait(WATCH_SECONDS):
            run.seen()
            if self._hung_up():
                run.cancel()
                self.close_connection = True
                return None
        snapshot = run.snapshot()
        if snapshot["state"] == RunState.DONE:
            return Reply.json(snapshot["result"])
        if snapshot["state"] == RunState.CANCELLED:
            raise ApiError(409, f"run {run.id} was cancelled before it finished")
        raise ApiError(500, f"internal error: {snapshot['error']}")

    def _hung_up(self) -> bool:
        """Whether the client closed the connection (it sends nothing while it waits)."""
        with selectors.DefaultSelector() as selector:
            selector.register(self.connection, selectors.EVENT_READ)
            if not selector.select(0):
                return False
        try:
            return bool(self.connection.recv(1, socket.MSG_PEEK) == b"")
        except OSError:
            return True

    def _send(self, reply: Reply) -> None:
        # As long to take the answer as to send the request: a client that reads nothing
        # does not hold the thread.
        self.connection.settimeout(self.server.request_seconds)
        self.send_response(reply.status)
        if self.close_connection:
            self.send_header("Connection", "close")
        self.send_header("Content-Type", reply.content_type)
        self.send_header("Content-Length", str(len(reply.data)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        for name, value in reply.headers:
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(reply.data)

    def log_message(self, format: str, *args: Any) -> None:
        if self.server.verbose:
            sys.stderr.write(f"{self.address_string()} - {format % args}\n")

    def log_error(self, format: str, *args: Any) -> None:
        sys.stderr.write(f"dukec studio: {format % args}\n")


def _described(error: Exception) -> str:
    """A bug's type and message; an OSError's without the file name (it may hold a path)."""
    if isinstance(error, OSError) and error.strerror:
        return f"{type(error).__name__}: {error.strerror}"
    return f"{type(error).__name__}: {error}"


class StudioServer(ThreadingHTTPServer):
    """The HTTP server of one studio."""

    daemon_threads = True
    #: Connections waiting to be accepted: room for many clients at once.
    request_queue_size = STUDIO_LISTEN_BACKLOG

    def __init__(
        self,
        studio: Studio,
        host: str,
        port: int,
        verbose: bool = False,
        request_seconds: float = STUDIO_REQUEST_SECONDS,
    ) -> None:
        # Set before binding: a failed bind closes the server, and closing reads them.
        self.studio = studio
        self.verbose = verbose
        self.request_seconds = request_seconds
        super().__init__((host, port), _Handler)
        # Bound to every interface, the server is reached by names it cannot know.
        self.check_host = host in LOOPBACK

    @property
    def url(self) -> str:
        """The page's address."""
        host, port = str(self.server_address[0]), self.server_address[1]
        shown = f"[{host}]" if ":" in host else host
        return f"http://{shown}:{port}/"

    def serve_in_thread(self) -> threading.Thread:
        """Serve in a background thread (tests, screenshots); `shutdown()` stops it."""
        thread = threading.Thread(
            target=self.serve_forever, args=(0.05,), name="studio", daemon=True
        )
        thread.start()
        return thread

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that hangs up or stalls is no error of the server's: nothing to print."""
        error = sys.exc_info()[1]
        if isinstance(error, ConnectionError | TimeoutError):
            if self.verbose:
                sys.stderr.write(f"{client_address[0]} - connection lost: {error}\n")
            return
        super().handle_error(request, client_address)

    def server_close(self) -> None:
        self.studio.runs.cancel_all()
        super().server_close()
