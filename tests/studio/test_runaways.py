"""No client keeps work running after it leaves, nor holds the server: every run is under the
cap, a hang-up or a DELETE stops a run before its next move, budgets are capped, and a request
has a limited time to arrive. Each test waits for an event (a run cancelled, a deadline hit),
never asserts how long something took: a loaded machine is slow, a quiet one fast."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from dukec.limits import MAX_BUDGET, STUDIO_MAX_BUDGET, STUDIO_MAX_GAMES
from dukec.studio import runs
from dukec.studio.api import Workspace
from dukec.studio.runs import Runs
from dukec.studio.server import Studio, StudioServer
from tests.studio.conftest import Client, Raw, answers
from tests.studio.test_api_runs import QUICK, wait

#: A run that would play for hours.
ENDLESS = {**QUICK, "games": STUDIO_MAX_GAMES}
#: Games of a few hundred moves, each move a full search: one game lasts several seconds.
SLOW = {**QUICK, "games": 2, "policy": f"search@{STUDIO_MAX_BUDGET}"}


def waiting_request(client: Client, path: str, body: dict[str, Any]) -> Raw:
    """A request that waits for its run, sent on a connection left open."""
    raw = client.raw()
    data = json.dumps(body).encode()
    raw.send(
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(data)}\r\n\r\n".encode()
        + data
    )
    return raw


#: How long a test waits for what it waits for before it gives up: a guard against a hang,
#: not a time limit (the wait ends as soon as the event comes).
PATIENCE = 60.0


def until(check: Any, what: str) -> None:
    """Wait until ``check()`` is true; an AssertionError if it never is (within PATIENCE)."""
    started = time.monotonic()
    while not check():
        assert time.monotonic() - started < PATIENCE, f"{what}: not within {PATIENCE} s"
        time.sleep(0.02)


def state(client: Client, run_id: str) -> str:
    """A run's state, as the page polls it."""
    answer = client.get(f"/api/runs/{run_id}")
    assert answer.status == 200, answer.json
    found: str = answer.json["state"]
    return found


# === One scheduler, one cap ===


@pytest.mark.parametrize("path", ["/api/balance", "/api/value"])
def test_requests_that_wait_are_runs_under_the_cap(client: Client, path: str) -> None:
    ids = [client.post("/api/runs", ENDLESS).json["id"] for _ in range(2)]
    try:
        answer = client.post(path, QUICK)
        assert (answer.status, answer.json["error"]) == (
            429,
            "2 runs are playing already; cancel one or wait for it",
        )
    finally:
        for run_id in ids:
            client.request("DELETE", f"/api/runs/{run_id}")
    for run_id in ids:
        wait(client, run_id)
    assert client.post(path, QUICK).status == 200


def test_a_hang_up_cancels_the_run_it_waited_for(client: Client) -> None:
    balance = waiting_request(client, "/api/balance", ENDLESS)
    value = waiting_request(client, "/api/value", ENDLESS)
    # Both play, under the scheduler's ids, and fill the cap.
    until(lambda: client.get("/api/runs/2").status == 200, "the second run never started")
    assert state(client, "1") == state(client, "2") == "running"
    assert client.post("/api/runs", QUICK).status == 429
    balance.close()
    value.reset()
    for run_id in ("1", "2"):
        until(lambda r=run_id: state(client, r) == "cancelled", f"run {run_id}")
    assert client.post("/api/runs", QUICK).status == 202


def test_a_waiting_request_outlasts_the_request_deadline(
    base_set: dict[str, Any], folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The deadline is for receiving a request, not for answering it: the run is made to last
    # past it (it begins after twice the deadline), however fast the machine.
    play = runs.play

    def late(*args: Any) -> Any:
        time.sleep(0.6)
        return play(*args)

    monkeypatch.setattr(runs, "play", late)
    with served(base_set, folder, request_seconds=0.3) as client:
        answer = client.post("/api/balance", {**QUICK, "games": 40})
        assert answer.status == 200 and answer.json["games"] == 40


def test_cancelling_stops_a_slow_game_between_moves(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The run asks before each move whether to stop: count the moves, and those after the
    # DELETE.
    asked: list[bool] = []
    ask = runs.BalanceRun._asked_to_stop

    def counted(run: runs.BalanceRun) -> bool:
        stop = ask(run)
        asked.append(stop)
        return stop

    monkeypatch.setattr(runs.BalanceRun, "_asked_to_stop", counted)
    run_id = client.post("/api/runs", SLOW).json["id"]
    until(lambda: len(asked) >= 3, "three moves of the first game")
    assert client.request("DELETE", f"/api/runs/{run_id}").status == 200
    until(lambda: state(client, run_id) == "cancelled", "the cancelled run")
    # Stopped at the next move, in the middle of the first game.
    assert asked[-1] is True and asked.count(True) == 1
    assert client.get(f"/api/runs/{run_id}").json["games"] == 0


def test_a_run_nobody_asks_about_stops(base_set: dict[str, Any], folder: Path) -> None:
    # The page that started it has gone: nobody polls, nobody waits.
    studio = Studio(Workspace(base_set, folder), runs=Runs(unwatched=3.0))
    with served_studio(studio) as client:
        left = client.post("/api/runs", ENDLESS).json["id"]
        watched = client.post("/api/runs", ENDLESS).json["id"]
        # Watched without asking about it (asking would keep it going).
        unasked = studio.runs._runs[left]

        def left_stopped() -> bool:
            assert state(client, watched) == "running"  # asked about all along
            return unasked.finished.is_set()

        until(left_stopped, "the run nobody asked about")
        answer = client.get(f"/api/runs/{left}").json
        assert (answer["state"], answer["error"]) == (
            "cancelled",
            "nobody asked about the run for 3 s",
        )
        client.request("DELETE", f"/api/runs/{watched}")


# === Budgets ===


@pytest.mark.parametrize("policy", ["search", "mcts", "search-material"])
def test_budgets_are_capped(client: Client, policy: str) -> None:
    over = STUDIO_MAX_BUDGET + 1
    message = (
        f"the studio searches at most {STUDIO_MAX_BUDGET:,} nodes a move, not {over:,} "
        "(dukec balance searches more)"
    )
    for path in ("/api/balance", "/api/value", "/api/runs"):
        answer = client.post(path, {**QUICK, "policy": f"{policy}@{over}"})
        assert (answer.status, answer.json["error"]) == (400, f"'policy': {message}")
    # The most any policy takes (dukec/limits.py), far past the studio's own cap.
    answer = client.post("/api/play", {"bot": f"{policy}@{MAX_BUDGET}"})
    assert (answer.status, answer.json["error"]) == (
        400,
        f"'bot': {message.replace(f'{over:,}', f'{MAX_BUDGET:,}')}",
    )
    assert client.post("/api/play", {"bot": f"{policy}@{STUDIO_MAX_BUDGET}"}).status == 201


# === Time to send a request ===


@contextmanager
def served_studio(studio: Studio, request_seconds: float = 10) -> Iterator[Client]:
    """A client of ``studio``, served while the block runs."""
    server = StudioServer(studio, "127.0.0.1", 0, request_seconds=request_seconds)
    server.serve_in_thread()
    try:
        yield Client(server)
    finally:
        server.shutdown()
        server.server_close()


def served(base_set: dict[str, Any], folder: Path, request_seconds: float) -> Any:
    """A client of a studio on the base set, served while the block runs."""
    return served_studio(Studio(Workspace(base_set, folder)), request_seconds)


@pytest.fixture
def quick_deadline(base_set: dict[str, Any], folder: Path) -> Iterator[Client]:
    """A client of a studio that gives a request half a second to arrive."""
    with served(base_set, folder, request_seconds=0.5) as client:
        yield client


HEAD = b"POST /api/build HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"


@pytest.mark.parametrize(
    ("sent", "message"),
    [
        (HEAD + b"Content-Length: 100\r\n\r\n{", "the request body did not arrive within 0.5 s"),
        (HEAD + b"Content-Len", "the request did not arrive whole within 0.5 s"),
        (b"GET /api/tiles", "the request did not arrive whole within 0.5 s"),
    ],
)
def test_a_half_sent_request_is_answered_and_closed(
    quick_deadline: Client, sent: bytes, message: str
) -> None:
    raw = quick_deadline.raw()
    raw.send(sent)
    # The deadline hit: answered and closed (the read waits for the close, however long).
    assert answers(raw.read_all(timeout=PATIENCE)) == [(408, {"error": message})]
    raw.close()


def test_a_trickle_does_not_hold_a_thread(quick_deadline: Client) -> None:
    raw = quick_deadline.raw()
    closed = threading.Event()

    def trickle() -> None:
        try:
            raw.send(HEAD)
            while not closed.is_set():
                raw.send(b"X-Slow: 1\r\n")
                time.sleep(0.05)
        except OSError:
            pass

    sender = threading.Thread(target=trickle)
    sender.start()
    try:
        # A trickle never ends by itself: the answer is the deadline's.
        [(status, _body)] = answers(raw.read_all(timeout=PATIENCE))
    finally:
        closed.set()
        sender.join()
        raw.close()
    assert status == 408


def test_an_idle_connection_is_closed(quick_deadline: Client) -> None:
    raw = quick_deadline.raw()
    data = b"GET /api/tiles HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    raw.send(data)
    # Closed by the server (the read waits for it): one answer, then nothing more (no error
    # for a request never begun).
    [(status, _body)] = answers(raw.read_all(timeout=PATIENCE))
    assert status == 200
    raw.close()
