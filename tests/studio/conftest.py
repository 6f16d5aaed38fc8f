"""A studio server on a free port for each test, and a small HTTP client for its API."""

from __future__ import annotations

import http.client
import json
import socket
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from dukec.compiler import load_tileset
from dukec.studio.api import Workspace
from dukec.studio.server import Studio, StudioServer
from tests.conftest import REPO
from tests.studio.browser import launch, require_browser

JUMPING = (REPO / "tests" / "balance" / "tiles" / "jumping_footman.duke").read_text()
PALADIN = """tile Paladin {
    count 1
    front {
        . J . J .
        . . . . .
        . M @ M .
        . . M . .
    }
    back {
        . . S . .
        . M @ M .
    }
}
"""


@dataclass(frozen=True, slots=True)
class Answer:
    """A response: status, headers and body (parsed when it is JSON)."""

    status: int
    headers: dict[str, str]
    raw: bytes

    @property
    def json(self) -> Any:
        """The body as JSON."""
        return json.loads(self.raw)


class Client:
    """Requests to one server."""

    def __init__(self, server: StudioServer) -> None:
        self.host, self.port = "127.0.0.1", server.server_address[1]

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        raw: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        """Send a request; ``body`` goes as JSON, ``raw`` as it is."""
        sent = dict(headers or {})
        data = raw
        if body is not None:
            data = json.dumps(body).encode()
            sent.setdefault("Content-Type", "application/json")
        connection = http.client.HTTPConnection(self.host, self.port, timeout=60)
        try:
            connection.request(method, path, body=data, headers=sent)
            response = connection.getresponse()
            return Answer(response.status, dict(response.getheaders()), response.read())
        finally:
            connection.close()

    def get(self, path: str) -> Answer:
        """GET a path."""
        return self.request("GET", path)

    def post(self, path: str, body: Any = None) -> Answer:
        """POST a JSON body (an empty object by default)."""
        return self.request("POST", path, {} if body is None else body)

    def raw(self) -> Raw:
        """A connection to send bytes on as they are."""
        return Raw(self.port)


class Raw:
    """A connection that sends bytes as they are and reads whatever comes back."""

    def __init__(self, port: int) -> None:
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=30)

    def send(self, data: bytes) -> None:
        """Send bytes."""
        self.socket.sendall(data)

    def read_all(self, timeout: float = 30) -> bytes:
        """Everything the server sends until it closes the connection (an AssertionError if
        it does not within ``timeout`` seconds)."""
        deadline = time.monotonic() + timeout
        received = b""
        while True:
            self.socket.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                chunk = self.socket.recv(65536)
            except TimeoutError:
                raise AssertionError(f"still open after {timeout} s; got {received!r}") from None
            if not chunk:
                return received
            received += chunk

    def reset(self) -> None:
        """Hang up at once, with a reset rather than a polite close."""
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00" * 2)
        self.socket.close()

    def close(self) -> None:
        """Hang up."""
        self.socket.close()


def answers(received: bytes) -> list[tuple[int, Any]]:
    """The HTTP responses in ``received``: each status and JSON body, in order."""
    found = []
    while received:
        head, _, rest = received.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        length = next(
            int(line.split(":", 1)[1])
            for line in lines
            if line.lower().startswith("content-length")
        )
        found.append((int(lines[0].split()[1]), json.loads(rest[:length])))
        received = rest[length:]
    return found


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The designer's folder, where tiles are saved."""
    path = tmp_path / "designs"
    path.mkdir()
    return path


@pytest.fixture(scope="session")
def base_set() -> dict[str, Any]:
    """The base set, compiled once."""
    return load_tileset()


@pytest.fixture
def server(folder: Path, base_set: dict[str, Any]) -> Iterator[StudioServer]:
    """A studio on the base set, served in a thread."""
    studio = StudioServer(Studio(Workspace(base_set, folder)), "127.0.0.1", 0)
    studio.serve_in_thread()
    try:
        yield studio
    finally:
        studio.shutdown()
        studio.server_close()


@pytest.fixture
def client(server: StudioServer) -> Client:
    """A client of the studio."""
    return Client(server)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium for a module of browser tests (skipped when there is none)."""
    require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch(playwright)
        try:
            yield chromium
        finally:
            chromium.close()
