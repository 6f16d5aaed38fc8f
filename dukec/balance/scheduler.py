"""Telling a Dask scheduler from anything else that answers at its address, before Dask is
asked to talk to it.

Dask's client trusts the first eight bytes it reads as the length of a message: a web server
at the address makes it try to allocate exabytes, and a server that says nothing keeps it
waiting for good. A Dask scheduler speaks first: on a new connection it sends a handshake,
one small message of length-prefixed frames. :func:`scheduler_problem` reads that greeting,
within a deadline and a few kilobytes, and says what is wrong when it is not one. Only TCP
addresses (``tcp://host:port`` or ``host:port``) are looked at: the other protocols (TLS,
websockets, UCX) wrap their messages in their own handshakes, which refuse a stranger.
"""

from __future__ import annotations

import contextlib
import socket
import struct
import time
from urllib.parse import urlsplit

#: How long the scheduler has to greet, and the most a greeting may hold.
TIMEOUT = 10.0
MAX_GREETING = 64 * 1024
_WORD = struct.Struct("<Q")


def scheduler_problem(address: str, timeout: float = TIMEOUT) -> str | None:
    """What is wrong with ``address`` as a Dask scheduler, in one line, or None when it greets
    as one (or is another protocol's address, or cannot be reached: Dask says why then)."""
    if "://" in address and not address.startswith("tcp://"):
        return None
    place = _host_port(address)
    if place is None:
        return f"{address!r} is not a scheduler address: give tcp://HOST:PORT"
    deadline = time.monotonic() + timeout
    try:
        connection = socket.create_connection(place, timeout=timeout)
    except OSError:
        return None
    with connection:
        try:
            greeting = _greeting(connection, deadline)
        except TimeoutError:
            return f"{address} is not a Dask scheduler: it said nothing within {timeout:g} s"
        except (OSError, ValueError) as error:
            return f"{address} is not a Dask scheduler: {error}"
    return None if _is_handshake(greeting) else f"{address} is not a Dask scheduler"


def _host_port(address: str) -> tuple[str, int] | None:
    """The host and port of a TCP address (``tcp://`` may be left out), or None."""
    try:
        parts = urlsplit(address if "://" in address else f"tcp://{address}")
        port = parts.port
    except ValueError:  # a port out of range or not a number, a bracket left open
        return None
    if not parts.hostname or port is None or parts.path not in ("", "/"):
        return None
    return parts.hostname, port


def _read(connection: socket.socket, size: int, deadline: float) -> bytes:
    """Exactly ``size`` bytes, before ``deadline``."""
    data = bytearray()
    while len(data) < size:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        connection.settimeout(left)
        part = connection.recv(size - len(data))
        if not part:
            raise ValueError(f"it closed the connection after {len(data)} bytes")
        data += part
    return bytes(data)


def _greeting(connection: socket.socket, deadline: float) -> bytes:
    """The first message: its length, then that many bytes, if it is small enough to be one."""
    (length,) = _WORD.unpack(_read(connection, _WORD.size, deadline))
    if not 2 * _WORD.size <= length <= MAX_GREETING:
        raise ValueError("its first bytes are not the length of a Dask message")
    return _read(connection, length, deadline)


def _is_handshake(message: bytes) -> bool:
    """Whether ``message`` is a frame count, the frames' lengths and the frames, adding up,
    whose first frame (where msgpack can be read) holds the handshake's keys."""
    (count,) = _WORD.unpack_from(message)
    if not 1 <= count <= 16 or _WORD.size * (1 + count) > len(message):
        return False
    sizes = struct.unpack_from(f"<{count}Q", message, _WORD.size)
    start = _WORD.size * (1 + count)
    if start + sum(sizes) != len(message):
        return False
    try:
        import msgpack  # type: ignore[import-untyped]  # Dask's own dependency
    except ImportError:
        return True
    with contextlib.suppress(Exception):
        header = msgpack.loads(message[start : start + sizes[0]], raw=False)
        return isinstance(header, dict) and "python" in header
    return False
