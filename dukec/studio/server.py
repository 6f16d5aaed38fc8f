"""The studio's HTTP server: routes, JSON in and out, errors as 4xx JSON, never a traceback.

A standard-library `ThreadingHTTPServer`: each request has its own thread, balance runs have
theirs, so a run never holds up the page. Requests that change anything are POST (always sent as
``Content-Type: application/json``, which another web site cannot send to this server without
its permission) or DELETE, and the Host header must name this server, so a page elsewhere
cannot drive the studio.
"""

from __future__ import annotations

import re
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from dukec.studio import api
from dukec.studio.page import page_html, static_file
from dukec.studio.play import Games
from dukec.studio.request import MAX_BODY_BYTES, ApiError, Body, json_bytes, parse_body
from dukec.studio.runs import Runs, run_balance, run_value

JSON = "application/json; charset=utf-8"
LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")


@dataclass(frozen=True, slots=True)
class Reply:
    """An answer: status, content type, bytes, and any more headers."""

    status: int
    content_type: str
    data: bytes
    headers: tuple[tuple[str, str], ...] = ()

    @staticmethod
    def json(value: Any, status: int = 200) -> Reply:
        """A JSON answer."""
        return Reply(status, JSON, json_bytes(value))


@dataclass(slots=True)
class Studio:
    """One studio: its workspace, balance runs and games."""

    workspace: api.Workspace
    runs: Runs = field(default_factory=Runs)
    games: Games = field(default_factory=Games)


Handler = Callable[[Studio, tuple[str, ...], Body], Reply]

_SOURCE_HANDLERS: dict[str, Callable[[api.Workspace, Body], dict[str, Any]]] = {
    "build": api.build,
    "card": api.card,
    "lint": api.lint,
    "describe": api.describe,
    "fmt": api.fmt,
    "grid": api.grid,
}


def _source(name: str) -> Handler:
    handler = _SOURCE_HANDLERS[name]
    return lambda studio, _args, body: Reply.json(handler(studio.workspace, body))


def _save(studio: Studio, _args: tuple[str, ...], body: Body) -> Reply:
    return Reply.json(api.save(studio.workspace, body), 201)


def _tiles(studio: Studio, _args: tuple[str, ...], _body: Body) -> Reply:
    return Reply.json(api.set_tiles(studio.workspace))


def _tile(studio: Studio, args: tuple[str, ...], _body: Body) -> Reply:
    return Reply.json(api.set_tile(studio.workspace, args[0]))


def _balance(studio: Studio, _args: tuple[str, ...], body: Body) -> Reply:
    return Reply.json(run_balance(studio.workspace, body))


def _value(studio: Studio, _args: tuple[str, ...], body: Body) -> Reply:
    return Reply.json(run_value(studio.workspace, body))


def _run_start(studio: Studio, _args: tuple[str, ...], body: Body) -> Reply:
    return Reply.json(studio.runs.start(studio.workspace, body).snapshot(), 202)


def _run_get(studio: Studio, args: tuple[str, ...], _body: Body) -> Reply:
    return Reply.json(studio.runs.get(args[0]).snapshot())


def _run_cancel(studio: Studio, args: tuple[str, ...], _body: Body) -> Reply:
    found = studio.runs.get(args[0])
    found.cancel()
    return Reply.json(found.snapshot())


def _play_start(studio: Studio, _args: tuple[str, ...], body: Body) -> Reply:
    return Reply.json(studio.games.start(studio.workspace, body).state(), 201)


def _play_get(studio: Studio, args: tuple[str, ...], _body: Body) -> Reply:
    return Reply.json(studio.games.get(args[0]).state())


def _play_act(studio: Studio, args: tuple[str, ...], body: Body) -> Reply:
    session = studio.games.get(args[0])
    session.act(body.text("action"))
    return Reply.json(session.state())


def _play_bot(studio: Studio, args: tuple[str, ...], _body: Body) -> Reply:
    session = studio.games.get(args[0])
    session.bot_move()
    return Reply.json(session.state())


def _play_record(studio: Studio, args: tuple[str, ...], _body: Body) -> Reply:
    session = studio.games.get(args[0])
    name = f"game-{session.id}.jsonl"
    return Reply(
        200,
        "application/jsonl; charset=utf-8",
        session.record_text().encode("utf-8"),
        (("Content-Disposition", f'attachment; filename="{name}"'),),
    )


def _play_tileset(studio: Studio, args: tuple[str, ...], _body: Body) -> Reply:
    session = studio.games.get(args[0])
    name = f"game-{session.id}-tileset.json"
    return Reply(
        200,
        JSON,
        json_bytes(session.tileset),
        (("Content-Disposition", f'attachment; filename="{name}"'),),
    )


_ID = r"([0-9]+)"
ROUTES: tuple[tuple[str, re.Pattern[str], Handler], ...] = (
    *(("POST", re.compile(f"/api/{name}"), _source(name)) for name in _SOURCE_HANDLERS),
    ("POST", re.compile("/api/save"), _save),
    ("GET", re.compile("/api/tiles"), _tiles),
    ("GET", re.compile("/api/tiles/([^/]+)"), _tile),
    ("POST", re.compile("/api/balance"), _balance),
    ("POST", re.compile("/api/value"), _value),
    ("POST", re.compile("/api/runs"), _run_start),
    ("GET", re.compile(f"/api/runs/{_ID}"), _run_get),
    ("DELETE", re.compile(f"/api/runs/{_ID}"), _run_cancel),
    ("POST", re.compile("/api/play"), _play_start),
    ("GET", re.compile(f"/api/play/{_ID}"), _play_get),
    ("POST", re.compile(f"/api/play/{_ID}/act"), _play_act),
    ("POST", re.compile(f"/api/play/{_ID}/bot"), _play_bot),
    ("GET", re.compile(f"/api/play/{_ID}/record"), _play_record),
    ("GET", re.compile(f"/api/play/{_ID}/tileset"), _play_tileset),
)


def dispatch(studio: Studio, method: str, target: str, raw: bytes) -> Reply:
    """The answer to one request (the path with its query, and the body's bytes)."""
    parts = urlsplit(target)
    path = parts.path
    # HEAD is GET without the body (the handler leaves it out).
    method = "GET" if method == "HEAD" else method
    if not path.startswith("/api/"):
        if method != "GET":
            raise ApiError(405, f"{method} {path}: the page and its files are read with GET")
        return _page(studio, path, parse_qs(parts.query))
    allowed = []
    for route_method, pattern, handler in ROUTES:
        match = pattern.fullmatch(path)
        if match is None:
            continue
        if route_method != method:
            allowed.append(route_method)
            continue
        args = tuple(unquote(group) for group in match.groups())
        return handler(studio, args, Body(parse_body(raw) if method != "GET" else {}))
    if allowed:
        raise ApiError(405, f"{method} {path}: use {' or '.join(sorted(set(allowed)))}")
    raise ApiError(404, f"no such endpoint: {method} {path}")


def _page(studio: Studio, path: str, query: dict[str, list[str]]) -> Reply:
    if path in ("/", "/index.html"):
        tile = query.get("tile", [None])[-1]
        return Reply(200, "text/html; charset=utf-8", page_html(studio.workspace, tile).encode())
    if path.startswith("/static/"):
        content_type, data = static_file(path.removeprefix("/static/"))
        return Reply(200, content_type, data)
    raise ApiError(404, f"no such page: {path}")


class _Handler(BaseHTTPRequestHandler):
    """Reads a request, answers it through `dispatch`; every failure is a JSON error."""

    server: StudioServer
    protocol_version = "HTTP/1.1"

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
        self._send(Reply.json({"error": message or HTTPStatus(code).phrase}, code))

    def _handle(self, method: str) -> None:
        try:
            reply = dispatch(self.server.studio, method, self.path, self._body(method))
        except ApiError as error:
            reply = Reply.json(error.payload(), error.status)
        except Exception as error:  # a bug: one JSON line for the page, the details on stderr
            self.log_error("internal error on %s %s: %r", method, self.path, error)
            reply = Reply.json({"error": f"internal error: {type(error).__name__}: {error}"}, 500)
        self._send(reply)

    def _body(self, method: str) -> bytes:
        host = (self.headers.get("Host") or "").rsplit(":", 1)[0]
        if self.server.check_host and host not in LOOPBACK:
            raise ApiError(403, f"this studio answers requests for 127.0.0.1, not {host!r}")
        length_text = self.headers.get("Content-Length") or "0"
        if not length_text.isdigit():
            raise ApiError(400, "Content-Length must be a whole number")
        length = int(length_text)
        if length > MAX_BODY_BYTES:
            # Read a body not far over the limit, so that the client sees the answer rather
            # than a connection closed under it; hang up on anything larger.
            if length <= 8 * MAX_BODY_BYTES:
                while length > 0:
                    length -= len(self.rfile.read(min(length, 65536))) or length
            self.close_connection = True
            raise ApiError(413, f"the request body is larger than {MAX_BODY_BYTES} bytes")
        data = self.rfile.read(length) if length else b""
        # Every POST, empty or not: a form or a script of another site cannot send this type
        # without asking first, and this server never says yes.
        if method == "POST" or data:
            kind = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
            if kind != "application/json":
                raise ApiError(415, "send the body as JSON (Content-Type: application/json)")
        return data

    def _send(self, reply: Reply) -> None:
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


class StudioServer(ThreadingHTTPServer):
    """The HTTP server of one studio."""

    daemon_threads = True

    def __init__(self, studio: Studio, host: str, port: int, verbose: bool = False) -> None:
        # Set before binding: a failed bind closes the server, and closing reads them.
        self.studio = studio
        self.verbose = verbose
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

    def server_close(self) -> None:
        self.studio.runs.cancel_all()
        super().server_close()
