"""Requests no browser sends: each gets a 4xx JSON error naming no path, never a 500 or a
traceback, and what is left of it is never read as the next request."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from dukec.limits import STUDIO_MAX_FILE_NAME
from dukec.studio.request import MAX_BODY_BYTES
from dukec.studio.server import StudioServer
from tests.studio.conftest import PALADIN, Answer, Client, answers

HEAD = b"POST /api/build HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
#: A second request sent right behind the first: it must never be answered after an error
#: that leaves the first one's body unread.
NEXT = b"GET /api/tiles HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


def exchange(server: StudioServer, data: bytes) -> list[tuple[int, Any]]:
    """Send raw bytes on one connection; every answer until the server hangs up."""
    raw = Client(server).raw()
    try:
        raw.send(data)
        return answers(raw.read_all())
    finally:
        raw.close()


def no_path(answer: Answer, folder: Path) -> None:
    """The answer is a JSON error that names no file of the machine."""
    assert 400 <= answer.status < 500, answer.raw
    assert str(folder.parent) not in answer.raw.decode()
    assert set(answer.json) >= {"error"}


# === Lengths and encodings of the body ===


@pytest.mark.parametrize(
    ("length", "message"),
    [
        (b"\xb2", "Content-Length must be a whole number, not '\xb2'"),
        (b"\xd9\xa3", "Content-Length must be a whole number, not '\xd9\xa3'"),
        (b"-1", "Content-Length must be a whole number, not '-1'"),
        (b"+2", "Content-Length must be a whole number, not '+2'"),
        (b"1e3", "Content-Length must be a whole number, not '1e3'"),
        (b"0x10", "Content-Length must be a whole number, not '0x10'"),
        (b"2 2", "Content-Length must be a whole number, not '2 2'"),
        (b"", "Content-Length must be a whole number, not ''"),
    ],
)
def test_a_length_that_is_not_a_number(server: StudioServer, length: bytes, message: str) -> None:
    sent = HEAD + b"Content-Length: " + length + b"\r\n\r\n{}" + NEXT
    assert exchange(server, sent) == [(400, {"error": message})]


def test_two_lengths(server: StudioServer) -> None:
    sent = HEAD + b"Content-Length: 2\r\nContent-Length: 3\r\n\r\n{} " + NEXT
    assert exchange(server, sent) == [
        (400, {"error": "the request has two different Content-Length headers"})
    ]


def test_a_length_too_long_to_be_a_number(server: StudioServer) -> None:
    sent = HEAD + b"Content-Length: " + b"9" * 5000 + b"\r\n\r\n{}"
    assert exchange(server, sent) == [
        (413, {"error": f"the request body is larger than {MAX_BODY_BYTES} bytes"})
    ]


@pytest.mark.parametrize(
    "headers",
    [
        b"Transfer-Encoding: chunked\r\n",
        b"Transfer-Encoding: chunked\r\nContent-Length: 2\r\n",
        b"Transfer-Encoding: gzip, chunked\r\n",
    ],
)
def test_a_chunked_body_is_refused_not_read_as_the_next_request(
    server: StudioServer, headers: bytes
) -> None:
    # The chunks hide a whole request: read as one, it would be answered.
    chunk = NEXT
    sent = HEAD + headers + b"\r\n" + f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n0\r\n\r\n"
    assert exchange(server, sent) == [
        (411, {"error": "send the body with a Content-Length (a Transfer-Encoding is not read)"})
    ]


def test_a_body_cut_short(server: StudioServer) -> None:
    raw = Client(server).raw()
    raw.send(HEAD + b"Content-Length: 10\r\n\r\n{}")
    raw.socket.shutdown(1)  # the client has said all it will say
    assert answers(raw.read_all()) == [
        (400, {"error": "the request body ended after 2 of 10 bytes"})
    ]
    raw.close()


@pytest.mark.parametrize(
    "body",
    [
        '{"source": "\\ud800"}',
        '{"source": "tile \\udfff"}',
        '{"\\ud83d": 1, "source": "x"}',
        '{"source": "x", "tile": ["\\udc00"]}',
    ],
)
def test_half_a_surrogate_pair(client: Client, body: str) -> None:
    answer = client.request(
        "POST", "/api/build", raw=body.encode(), headers={"Content-Type": "application/json"}
    )
    assert answer.status == 400
    assert answer.json["error"].endswith(", half of a UTF-16 pair alone: it is not text")
    assert answer.json["error"].startswith("the request body holds \\ud")


def test_a_surrogate_pair_is_text(client: Client) -> None:
    answer = client.post("/api/lint", {"source": "# \U0001f600\n" + PALADIN})
    assert answer.status == 200


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (
            b"[" * 5000 + b"]" * 5000,
            "the request body is not JSON: JSON nested deeper than 32 levels",
        ),
        (b'{"games": 1e999}', "the request body is not JSON: 1e999 is not a JSON number"),
        (b'{"games": NaN}', "the request body is not JSON: NaN is not a JSON number"),
        (b"\xff{}", "the request body is not UTF-8 text"),
    ],
)
def test_json_no_reader_takes(client: Client, raw: bytes, message: str) -> None:
    answer = client.request(
        "POST", "/api/balance", raw=raw, headers={"Content-Type": "application/json"}
    )
    assert (answer.status, answer.json["error"]) == (400, message)


# === Names of saved files ===


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (
            "a\nb.duke",
            "'file' must be printable: no control or formatting characters in 'a\\nb.duke'",
        ),
        (
            "tab\t.duke",
            "'file' must be printable: no control or formatting characters in 'tab\\t.duke'",
        ),
        (
            "x\x7f.duke",
            "'file' must be printable: no control or formatting characters in 'x\\x7f.duke'",
        ),
        (
            "x\x00.duke",
            "'file' must be printable: no control or formatting characters in 'x\\x00.duke'",
        ),
        (
            "paladin\u202eekud.txt.duke",
            "'file' must be printable: no control or formatting characters in "
            "'paladin\\u202eekud.txt.duke'",
        ),
        (
            "r\u200f.duke",
            "'file' must be printable: no control or formatting characters in 'r\\u200f.duke'",
        ),
        (
            "a\u2028b.duke",
            "'file' must be printable: no control or formatting characters in 'a\\u2028b.duke'",
        ),
        (
            "x" * 295 + ".duke",
            f"'file' must be at most {STUDIO_MAX_FILE_NAME} characters (and 255 bytes in UTF-8), "
            "not 300",
        ),
        (
            "\U0001f600" * 63 + ".duke",
            f"'file' must be at most {STUDIO_MAX_FILE_NAME} characters (and 255 bytes in UTF-8), "
            "not 68",
        ),
    ],
)
def test_names_that_read_as_another_or_are_too_long(
    client: Client, folder: Path, name: str, message: str
) -> None:
    answer = client.post("/api/save", {"source": PALADIN, "file": name, "overwrite": True})
    assert (answer.status, answer.json["error"]) == (400, message)
    no_path(answer, folder)
    assert list(folder.iterdir()) == []


def test_the_longest_name_is_saved(client: Client, folder: Path) -> None:
    name = "p" * (STUDIO_MAX_FILE_NAME - 5) + ".duke"
    answer = client.post("/api/save", {"source": PALADIN, "file": name})
    assert answer.status == 201
    assert (folder / name).read_text() == PALADIN


# === Origins ===


@pytest.mark.parametrize(
    "origin",
    ["http://evil.example", "null", "http://127.0.0.1:1", "https://127.0.0.1", "http://127.0.0.1"],
)
def test_a_page_of_another_origin_changes_nothing(
    client: Client, folder: Path, origin: str
) -> None:
    for method, path in (("POST", "/api/save"), ("DELETE", "/api/runs/1"), ("PUT", "/api/runs/1")):
        answer = client.request(method, path, {"source": PALADIN}, headers={"Origin": origin})
        assert (answer.status, answer.json["error"]) == (
            403,
            f"a page of {origin!r} may not change this studio",
        )
    assert list(folder.iterdir()) == []


def test_the_studios_own_page(client: Client, server: StudioServer) -> None:
    port = server.server_address[1]
    for origin in (f"http://127.0.0.1:{port}", f"http://localhost:{port}", f"http://[::1]:{port}"):
        answer = client.request(
            "POST", "/api/lint", {"source": PALADIN}, headers={"Origin": origin}
        )
        assert answer.status == 200, answer.json
    # Reading changes nothing: a GET is answered whatever its origin (the browser keeps the
    # answer from another site's page).
    assert (
        client.request("GET", "/api/tiles", headers={"Origin": "http://evil.example"}).status == 200
    )


# === Requests the HTTP layer refuses ===


@pytest.mark.parametrize(
    ("data", "status"),
    [
        (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\x00" * 40 + b"\r\n\r\n", 400),
        (b"post /api/build HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 501),
        (b"GET /api/tiles HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n", 505),
        (b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n\r\n", 414),
        (b"GET /api/tiles HTTP/1.1\r\n" + b"X: y\r\n" * 101 + b"\r\n", 431),
        (b"GET /api/tiles HTTP/1.1\r\n\r\n", 403),
        (b"GET /api/tiles/%ff%00 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", 404),
    ],
)
def test_malformed_http(server: StudioServer, data: bytes, status: int) -> None:
    [(got, body)] = exchange(server, data)
    assert got == status and isinstance(body["error"], str)


# === Clients that hang up ===


def test_a_hang_up_prints_no_traceback(
    server: StudioServer, client: Client, capsys: pytest.CaptureFixture[str]
) -> None:
    body = json.dumps({"source": PALADIN}).encode()
    requests = (
        NEXT,  # a large answer, to a client gone
        b"GET /api/tiles HTTP/1.1\r\nHost: 127.",  # gone while it sends
        HEAD + f"Content-Length: {len(body)}\r\n\r\n".encode() + body,
    )
    for data in requests * 3:
        raw = Client(server).raw()
        raw.send(data)
        raw.reset()
    # The server is still there, and has said nothing of it.
    deadline = time.monotonic() + 1
    while time.monotonic() < deadline:
        assert client.get("/api/tiles").status == 200
        time.sleep(0.2)
    err = capsys.readouterr().err
    assert "Traceback" not in err and "Error" not in err, err
