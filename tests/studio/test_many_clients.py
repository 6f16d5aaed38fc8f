"""Sixty clients at once: every connection is held while the server gets to it, and every
request is answered (the listening socket's backlog is sized for it, not the standard
library's 5)."""

from __future__ import annotations

import http.client
import select
import socket
import threading
from pathlib import Path
from typing import Any

from dukec.limits import STUDIO_LISTEN_BACKLOG
from dukec.studio.api import Workspace
from dukec.studio.server import Studio, StudioServer
from tests.studio.conftest import answers

CLIENTS = 60


def test_connections_wait_while_the_server_is_busy(base_set: dict[str, Any], folder: Path) -> None:
    assert CLIENTS <= STUDIO_LISTEN_BACKLOG
    server = StudioServer(Studio(Workspace(base_set, folder)), "127.0.0.1", 0)
    port = server.server_address[1]
    sockets = []
    served = False
    try:
        # Listening, not accepting yet: as a server busy starting threads for others.
        for _ in range(CLIENTS):
            connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            connection.setblocking(False)
            connection.connect_ex(("127.0.0.1", port))
            sockets.append(connection)
        waiting = list(sockets)
        while waiting:
            # A connection the backlog has no room for is never made while nobody accepts.
            _, ready, _ = select.select([], waiting, [], 30)
            assert ready, f"{len(waiting)} of {CLIENTS} connections not made"
            for connection in ready:
                assert connection.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) == 0
                waiting.remove(connection)
        server.serve_in_thread()
        served = True
        request = b"GET /api/tiles HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        for connection in sockets:
            connection.setblocking(True)
            connection.settimeout(60)
            connection.sendall(request)
        for connection in sockets:
            received = b""
            while chunk := connection.recv(65536):
                received += chunk
            [(status, _body)] = answers(received)
            assert status == 200
    finally:
        for connection in sockets:
            connection.close()
        if served:  # shutdown() waits for a serving loop to stop
            server.shutdown()
        server.server_close()


def test_sixty_clients_asking_at_once_are_all_answered(
    base_set: dict[str, Any], folder: Path
) -> None:
    server = StudioServer(Studio(Workspace(base_set, folder)), "127.0.0.1", 0)
    server.serve_in_thread()
    port = server.server_address[1]
    start = threading.Barrier(CLIENTS)
    statuses: list[int] = []

    def ask() -> None:
        start.wait()
        for _ in range(3):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            try:
                connection.request("GET", "/api/tiles")
                response = connection.getresponse()
                response.read()
                statuses.append(response.status)
            finally:
                connection.close()

    threads = [threading.Thread(target=ask) for _ in range(CLIENTS)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        server.shutdown()
        server.server_close()
    assert statuses == [200] * (3 * CLIENTS)
