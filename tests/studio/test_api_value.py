"""A tile's worth through the studio: the synchronous answer carries `dukec value --json`'s
header and worth, a background run of kind "value" plays the same games, bad requests are 4xx."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dukec.cli import main
from tests.studio.conftest import JUMPING, Client
from tests.studio.test_api_runs import QUICK, wait


def test_value_is_the_commands_worth(client: Client, tmp_path: Path) -> None:
    answer = client.post("/api/value", QUICK)
    assert answer.status == 200
    document = answer.json
    source = tmp_path / "jumping.duke"
    source.write_text(JUMPING)
    result = CliRunner().invoke(
        main,
        [
            "value",
            "JumpingFootman",
            "--with",
            str(source),
            "--in-place-of",
            "Footman",
            "--policy",
            "random",
            "--games",
            "40",
            "--seed",
            "3",
            "--ply-limit",
            "300",
            "--workers",
            "1",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    expected = json.loads(result.output)
    shared = ("format", "game", "tileset_hash", "policy", "games", "seed", "tile", "in_place_of")
    assert {key: document[key] for key in shared} == {key: expected[key] for key in shared}
    assert document["worth"] == expected["worth"]
    assert document["verdict"] in ("stronger", "weaker", "fair", "inconclusive")
    assert document["answer"] == expected["answer"]
    assert document["verdict_line"].startswith(
        "One JumpingFootman in place of one Footman (start) is worth "
    )


def test_value_under_the_search_is_the_commands_worth(client: Client, tmp_path: Path) -> None:
    # The competent player, as the studio offers it: the same games, the same numbers.
    answer = client.post("/api/value", {**QUICK, "policy": "search@30", "games": 4})
    assert answer.status == 200, answer.json
    source = tmp_path / "jumping.duke"
    source.write_text(JUMPING)
    args = ["JumpingFootman", "--with", str(source), "--policy", "search@30", "--games", "4"]
    args += ["--seed", "3", "--ply-limit", "300", "--workers", "1", "--json"]
    result = CliRunner().invoke(main, ["value", *args])
    assert result.exit_code == 0, result.output
    assert answer.json["worth"] == json.loads(result.output)["worth"]


def test_value_in_the_background(client: Client) -> None:
    started = client.post("/api/runs", {**QUICK, "kind": "value"})
    assert started.status == 202
    done = wait(client, started.json["id"])
    assert done["state"] == "done" and done["games"] == 40
    assert done["result"] == client.post("/api/value", QUICK).json
    assert done["points"][-1]["score"] == pytest.approx(done["result"]["worth"]["score"])


@pytest.mark.parametrize(
    ("change", "status", "message"),
    [
        (
            {"replace": "JumpingFootman=JumpingFootman"},
            422,
            "a tile cannot take its own place ('JumpingFootman')",
        ),
        (
            {"replace": "Duke=JumpingFootman"},
            422,
            "'Duke' acts as the Duke: no game is played without a Duke, so it has no worth to "
            "measure",
        ),
    ],
)
def test_value_bad_requests(
    client: Client, change: dict[str, Any], status: int, message: str
) -> None:
    for path, kind in (("/api/value", {}), ("/api/runs", {"kind": "value"})):
        answer = client.post(path, {**QUICK, **change, **kind})
        assert (answer.status, answer.json["error"]) == (status, message)


def test_unknown_kind(client: Client) -> None:
    answer = client.post("/api/runs", {**QUICK, "kind": "tune"})
    assert (answer.status, answer.json["error"]) == (
        400,
        "'kind' must be one of balance, value, skill",
    )


def test_worth_across_skill_in_the_background(client: Client, tmp_path: Path) -> None:
    # Every level plays the games asked for, one after the other; the worths are the
    # command's.
    started = client.post("/api/runs", {**QUICK, "kind": "skill", "games": 2})
    assert started.status == 202 and started.json["total"] == 10
    done = wait(client, started.json["id"], timeout=600)
    assert done["state"] == "done" and done["games"] == 10, done
    result = done["result"]
    assert [row["level"] for row in result["levels"]] == [
        "random",
        "greedy",
        "search@100",
        "search@300",
        "search@1000",
    ]
    assert result["plot"].startswith("<svg") and result["verdict_line"] == result["sentence"]
    source = tmp_path / "jumping.duke"
    source.write_text(JUMPING)
    args = ["JumpingFootman", "--with", str(source), "--across-skill", "--games", "2"]
    args += ["--seed", "3", "--ply-limit", "300", "--workers", "1", "--json"]
    command = CliRunner().invoke(main, ["value", *args])
    assert command.exit_code == 0, command.output
    expected = json.loads(command.output)
    for mine, theirs in zip(result["levels"], expected["levels"], strict=True):
        assert mine["elo"] == theirs["elo"]
        assert mine["pair_counts"] == theirs["pair_counts"]
