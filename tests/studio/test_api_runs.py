"""Balance through the studio: the synchronous answer is `dukec balance --json`'s, background
runs report progress and a live score, finish with the verdict, and can be cancelled."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dukec.cli import main
from dukec.studio.runs import MAX_GAMES
from tests.studio.conftest import JUMPING, PALADIN, Client

# The quick policy these tests were written with (a run names none: the search plays).
QUICK = {
    "source": JUMPING,
    "replace": "Footman=JumpingFootman",
    "games": 40,
    "seed": 3,
    "policy": "random",
}


def wait(client: Client, run_id: str, timeout: float = 60) -> dict[str, Any]:
    """Poll a run until it is no longer running."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        snapshot: dict[str, Any] = client.get(f"/api/runs/{run_id}").json
        if snapshot["state"] != "running":
            return snapshot
        time.sleep(0.05)
    raise AssertionError(f"run {run_id} still running after {timeout} s")


def test_balance_is_the_commands_json(client: Client, tmp_path: Path) -> None:
    answer = client.post("/api/balance", QUICK)
    assert answer.status == 200
    document = answer.json
    source = tmp_path / "jumping.duke"
    source.write_text(JUMPING)
    result = CliRunner().invoke(
        main,
        [
            "balance",
            "--replace",
            "Footman=JumpingFootman",
            "--with",
            str(source),
            "--games",
            "40",
            "--seed",
            "3",
            "--policy",
            "random",
            "--workers",
            "1",
            "--json",
            "--no-progress",
        ],
    )
    assert result.exit_code == 0, result.output
    expected = json.loads(result.output)
    for timing in ("seconds", "games_per_second"):
        document.pop(timing)
        expected.pop(timing)
    # The command line names the command of the next step; the page offers a button instead.
    command = expected["next"].pop("command")
    assert document["next"].pop("command") is None
    assert expected.pop("verdict_line") == f"{document.pop('verdict_line')}: {command}"
    assert document == expected
    assert document["games"] == 40 and document["policy"] == "random"
    assert document["score_ci95"][0] <= document["score"] <= document["score_ci95"][1]


def test_balance_stops_early_with_sprt(client: Client) -> None:
    body = {**QUICK, "games": 2000, "stop": "sprt"}
    document = client.post("/api/balance", body).json
    assert document["stop"]["rule"] == "sprt"
    assert document["stop"]["stopped_early"] is True and document["games"] < 2000


@pytest.mark.parametrize(
    ("change", "status", "message"),
    [
        ({"replace": "Footman"}, 400, "'replace' must be OLD=NEW, for example Knight=Paladin"),
        ({"replace": None}, 400, "missing 'replace'"),
        ({"games": 0}, 400, f"'games' must be a whole number from 2 to {MAX_GAMES}"),
        ({"games": MAX_GAMES + 2}, 400, f"'games' must be a whole number from 2 to {MAX_GAMES}"),
        ({"games": 2.5}, 400, f"'games' must be a whole number from 2 to {MAX_GAMES}"),
        ({"games": 41}, 400, "'games' must be even: paired games come two by two (not 41)"),
        ({"seed": -1}, 400, f"'seed' must be a whole number from 0 to {2**63 - 1}"),
        (
            {"policy": "bogus"},
            400,
            "'policy': unknown policy 'bogus' (choose from random, greedy, mcts, "
            "search-material, search-v1, search)",
        ),
        ({"stop": "soon"}, 400, "'stop' must be one of sprt, width"),
        (
            {"replace": "Fotman=JumpingFootman"},
            422,
            "no tile 'Fotman' in the tile set (did you mean 'Footman'?)",
        ),
        (
            {"replace": "Footman=Paladin"},
            422,
            "the source defines no tile 'Paladin' (it defines JumpingFootman)",
        ),
        (
            {"source": PALADIN, "replace": "Duke=Paladin"},
            422,
            "'Duke' acts as the Duke and 'Paladin' does not; a tile acting as the Duke can only "
            "be replaced by another that does",
        ),
    ],
)
def test_balance_bad_requests(
    client: Client, change: dict[str, Any], status: int, message: str
) -> None:
    body = {**QUICK, **change}
    for path in ("/api/balance", "/api/runs"):
        answer = client.post(path, {k: v for k, v in body.items() if v is not None})
        assert (answer.status, answer.json["error"]) == (status, message)


def test_balance_of_a_broken_source(client: Client) -> None:
    answer = client.post("/api/balance", {**QUICK, "source": "tile X {"})
    assert answer.status == 422
    assert answer.json["error"].startswith("the source has 1 error: line 1: unexpected end")


def test_run_in_the_background(client: Client) -> None:
    answer = client.post("/api/runs", {**QUICK, "games": 200})
    assert answer.status == 202
    started = answer.json
    assert started["state"] == "running" and started["total"] == 200
    assert started["title"] == "JumpingFootman in place of Footman"
    done = wait(client, started["id"])
    assert done["state"] == "done" and done["games"] == 200 and done["error"] is None
    result = done["result"]
    assert result["games"] == 200 and result["verdict"] in (
        "stronger",
        "fair",
        "weaker",
        "inconclusive",
    )
    points = done["points"]
    assert points[-1]["games"] == 200
    assert points[-1]["score"] == pytest.approx(result["score"])
    assert [points[-1]["low"], points[-1]["high"]] == pytest.approx(result["score_ci95"])
    assert [p["games"] for p in points] == sorted({p["games"] for p in points})
    same = client.post("/api/balance", {**QUICK, "games": 200}).json
    assert same["score"] == result["score"]


def test_cancel_a_run(client: Client) -> None:
    started = client.post("/api/runs", {**QUICK, "games": MAX_GAMES}).json
    deadline = time.monotonic() + 60
    while client.get(f"/api/runs/{started['id']}").json["games"] == 0:
        assert time.monotonic() < deadline, "no game played in 60 s"
        time.sleep(0.02)
    answer = client.request("DELETE", f"/api/runs/{started['id']}")
    assert answer.status == 200
    stopped = wait(client, started["id"])
    assert stopped["state"] == "cancelled"
    assert 0 < stopped["games"] < MAX_GAMES and stopped["result"] is None


def test_too_many_runs(client: Client) -> None:
    ids = [client.post("/api/runs", {**QUICK, "games": MAX_GAMES}).json["id"] for _ in range(2)]
    try:
        answer = client.post("/api/runs", QUICK)
        assert answer.status == 429
        assert answer.json["error"] == "2 runs are playing already; cancel one or wait for it"
    finally:
        for run_id in ids:
            client.request("DELETE", f"/api/runs/{run_id}")
        for run_id in ids:
            wait(client, run_id)
    assert client.post("/api/runs", QUICK).status == 202


def test_unknown_run(client: Client) -> None:
    for method in ("GET", "DELETE"):
        answer = client.request(method, "/api/runs/99")
        assert (answer.status, answer.json["error"]) == (404, "no run '99'")
    answer = client.get("/api/runs/abc")
    assert (answer.status, answer.json["error"]) == (404, "no such endpoint: GET /api/runs/abc")


def test_a_run_does_not_hold_up_the_page(client: Client) -> None:
    started = client.post("/api/runs", {**QUICK, "games": MAX_GAMES}).json
    try:
        # Answered while the run plays on (a run of MAX_GAMES games lasts hours).
        assert client.post("/api/build", {"source": PALADIN}).json["ok"] is True
        assert client.get("/").status == 200
        assert client.get(f"/api/runs/{started['id']}").json["state"] == "running"
    finally:
        client.request("DELETE", f"/api/runs/{started['id']}")
        wait(client, started["id"])


def test_the_search_plays_unless_a_run_names_a_policy(client: Client) -> None:
    offered = client.get("/api/policies").json
    assert offered["default"] == "search"
    assert offered["policies"][0] == "random" and "search" in offered["policies"]
    unnamed = {key: value for key, value in QUICK.items() if key != "policy"}
    answer = client.post("/api/balance", {**unnamed, "games": 2})
    assert answer.status == 200, answer.json
    assert answer.json["policy"] == "search"
