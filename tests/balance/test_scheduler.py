"""A --scheduler address that answers but is not Dask is one error line, at once or within the
deadline: never a traceback from Dask's client, nor a wait without end. Each server here is
started and stopped by its test, on 127.0.0.1."""

from __future__ import annotations

import asyncio
import socket
import struct
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from click.testing import CliRunner

from dukec.balance.scheduler import scheduler_problem
from dukec.cli import main

Answer = Callable[[socket.socket], None]


def _serve(answer: Answer) -> Iterator[str]:
    """A server on 127.0.0.1 that answers each connection with ``answer``; its address."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    server.settimeout(0.05)  # so that the loop sees the stop
    stop = threading.Event()
    held: list[socket.socket] = []

    def loop() -> None:
        while not stop.is_set():
            try:
                connection, _ = server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            held.append(connection)
            answer(connection)

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    finally:
        stop.set()
        thread.join(timeout=5)
        server.close()
        for connection in held:
            connection.close()


def _http(connection: socket.socket) -> None:
    connection.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")


def _hang_up(connection: socket.socket) -> None:
    connection.close()


def _silent(connection: socket.socket) -> None:
    pass


def _promise_a_gigabyte(connection: socket.socket) -> None:
    connection.sendall(struct.pack("<Q", 1 << 30))


def _garbled_frames(connection: socket.socket) -> None:
    # The right length, then frame lengths that do not add up.
    connection.sendall(struct.pack("<QQQ", 24, 1, 999) + b"\x80" * 8)


def _dask_greeting(connection: socket.socket) -> None:
    import msgpack  # type: ignore[import-untyped]

    header = msgpack.dumps({"compression": None, "python": [3, 11, 7], "pickle-protocol": 5})
    body = struct.pack("<QQ", 1, len(header)) + header
    connection.sendall(struct.pack("<Q", len(body)) + body)


@pytest.fixture
def serve() -> Iterator[Callable[[Answer], str]]:
    servers: list[Iterator[str]] = []

    def start(answer: Answer) -> str:
        servers.append(_serve(answer))
        return next(servers[-1])

    yield start
    for server in servers:
        next(server, None)


@pytest.mark.parametrize(
    ("answer", "problem"),
    [
        (_http, "is not a Dask scheduler: its first bytes are not the length of a Dask message"),
        (_hang_up, "is not a Dask scheduler: it closed the connection after 0 bytes"),
        (_silent, "is not a Dask scheduler: it said nothing within 0.5 s"),
        (_promise_a_gigabyte, "its first bytes are not the length of a Dask message"),
        (_garbled_frames, "is not a Dask scheduler"),
    ],
    ids=["http", "hang-up", "silent", "gigabyte", "garbled"],
)
def test_what_is_not_a_scheduler(
    serve: Callable[[Answer], str], answer: Answer, problem: str
) -> None:
    address = serve(answer)
    found = scheduler_problem(address, timeout=0.5)
    assert found is not None and found.startswith(address) and found.endswith(problem)


def test_a_dask_greeting_passes(serve: Callable[[Answer], str]) -> None:
    pytest.importorskip("msgpack")
    assert scheduler_problem(serve(_dask_greeting), timeout=5) is None


def test_a_real_scheduler_passes() -> None:
    distributed: Any = pytest.importorskip("distributed")

    async def probe() -> str | None:
        async with distributed.Scheduler(
            host="127.0.0.1", port=0, dashboard_address=None
        ) as scheduler:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(None, scheduler_problem, scheduler.address, 5.0)

    assert asyncio.run(probe()) is None


@pytest.mark.parametrize(
    "address", ["tcp://[::1", "nonsense", ":::", "tcp://127.0.0.1:99999", "127.0.0.1:abc", "tcp://"]
)
def test_what_is_not_an_address(address: str) -> None:
    assert scheduler_problem(address) == (
        f"{address!r} is not a scheduler address: give tcp://HOST:PORT"
    )


def test_other_protocols_and_unreachable_addresses_are_left_to_dask() -> None:
    assert scheduler_problem("tls://127.0.0.1:1") is None
    assert scheduler_problem("inproc://127.0.0.1/1/1") is None
    assert scheduler_problem("tcp://127.0.0.1:1", timeout=0.5) is None


def test_balance_against_a_web_server_is_one_line(serve: Callable[[Answer], str]) -> None:
    pytest.importorskip("distributed")
    address = serve(_http)
    result = CliRunner().invoke(
        main, ["balance", "-n", "2", "--backend", "dask", "--scheduler", address]
    )
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: {address} is not a Dask scheduler: its first bytes are not the length of a "
        "Dask message\n"
    )
