"""The studio's routes: what each endpoint of the API answers, and the page and its files.

`dispatch` takes a request's method, path and body, and returns the answer (a `Reply`), or the
run whose document will be the answer (`Waiting`: the server waits for it, watching its
client); a user's mistake is an `ApiError`. The HTTP around it is `dukec.studio.server`'s.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from dukec.studio import api
from dukec.studio.page import page_html, static_file
from dukec.studio.play import Games
from dukec.studio.request import ApiError, Body, json_bytes, parse_body
from dukec.studio.runs import BalanceRun, RunKind, Runs

JSON = "application/json; charset=utf-8"


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


@dataclass(frozen=True, slots=True)
class Waiting:
    """A run the request waits for: its document is the answer."""

    run: BalanceRun


@dataclass(slots=True)
class Studio:
    """One studio: its workspace, balance runs and games."""

    workspace: api.Workspace
    runs: Runs = field(default_factory=Runs)
    games: Games = field(default_factory=Games)


Handler = Callable[[Studio, tuple[str, ...], Body], Reply | Waiting]

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
    saved = api.save(studio.workspace, body)
    # The saved tile is the set's from now on: the gallery, balance and play see it.
    studio.workspace = studio.workspace.reloaded()
    return Reply.json(saved, 201)


def _folder(studio: Studio, _args: tuple[str, ...], _body: Body) -> Reply:
    return Reply.json({"files": api.folder_files(studio.workspace.folder)})


def _folder_file(studio: Studio, args: tuple[str, ...], _body: Body) -> Reply:
    return Reply.json(api.folder_file(studio.workspace, args[0]))


def _tiles(studio: Studio, _args: tuple[str, ...], _body: Body) -> Reply:
    return Reply.json(api.set_tiles(studio.workspace))


def _tile(studio: Studio, args: tuple[str, ...], _body: Body) -> Reply:
    return Reply.json(api.set_tile(studio.workspace, args[0]))


def _policies(_studio: Studio, _args: tuple[str, ...], _body: Body) -> Reply:
    return Reply.json(api.policies())


def _balance(studio: Studio, _args: tuple[str, ...], body: Body) -> Waiting:
    return Waiting(studio.runs.start(studio.workspace, body, RunKind.BALANCE))


def _value(studio: Studio, _args: tuple[str, ...], body: Body) -> Waiting:
    return Waiting(studio.runs.start(studio.workspace, body, RunKind.VALUE))


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
    ("GET", re.compile("/api/policies"), _policies),
    ("GET", re.compile("/api/folder"), _folder),
    ("GET", re.compile("/api/folder/([^/]+)"), _folder_file),
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


def dispatch(studio: Studio, method: str, target: str, raw: bytes) -> Reply | Waiting:
    """The answer to one request (the path with its query, and the body's bytes), or the run
    whose document will be the answer."""
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
