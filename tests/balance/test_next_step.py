"""A verdict's next step: how many more games, the command that plays them, small differences.

The README's balance command, as the README shows it, ends with a verdict line that names the
next command; that command, run as printed, reads the games already played back and plays on.
"""

from __future__ import annotations

import json
import random
import re
import shlex
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from dukec.balance.next_step import next_step
from dukec.cli import main
from dukec.stats.brownian import Brownian
from dukec.stats.decision import Criteria, Decision, Outcome
from dukec.stats.pairs import Pentanomial
from tests.docs.blocks import REPO, blocks

TILES = REPO / "tests" / "balance" / "tiles"
PALADIN = REPO / "tests" / "docs" / "fixtures" / "paladin.duke"
NEXT = re.compile(r"; next: (?P<words>[^:]*): (?P<command>dukec balance .*)$")


def test_the_expected_exit_time_is_walds_and_a_random_walk_agrees() -> None:
    still = Brownian(-2.0, 3.0, 0.0, 1.0)
    assert still.expected_exit_time() == pytest.approx(6.0)
    drifting = Brownian(-2.0, 3.0, 0.25, 1.0)
    rng = random.Random(5)
    step = 0.05
    times = []
    for _ in range(2000):
        x, t = 0.0, 0.0
        while -2.0 < x < 3.0:
            x += 0.25 * step + rng.gauss(0.0, step**0.5)
            t += step
        times.append(t)
    # A walk of steps dt overshoots its bounds by about 0.5826 sqrt(dt) (Siegmund's correction).
    shift = 0.5826 * step**0.5
    walked = Brownian(-2.0 - shift, 3.0 + shift, 0.25, 1.0)
    assert sum(times) / len(times) == pytest.approx(walked.expected_exit_time(), rel=0.05)
    assert drifting.expected_exit_time() < walked.expected_exit_time()


def _decision(outcome: Outcome, elo: float, interval: tuple[float, float]) -> Decision:
    return Decision(outcome, Criteria(), "sequential", elo, interval, "stop-aware", 200)


def test_a_decided_difference_inside_the_margin_says_so_and_points_to_tune() -> None:
    evidence = Pentanomial(20, 10, 100, 0, 40, 30)
    inside = next_step(_decision(Outcome.WEAKER, -18.0, (-28.0, -4.0)), evidence, None, 400)
    assert inside.kind == "tune" and inside.small
    assert inside.words.startswith("weaker by less than your ±30 Elo margin")
    reaching = next_step(_decision(Outcome.WEAKER, -18.0, (-33.0, 0.0)), evidence, None, 400)
    assert reaching.words.startswith("weaker most likely by less than your ±30 Elo margin")
    beyond = next_step(_decision(Outcome.STRONGER, 80.0, (40.0, 120.0)), evidence, None, 400)
    assert beyond.kind == "tune" and not beyond.small


def _run(args: list[str]) -> str:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    return result.output


def test_the_readme_command_names_the_command_that_continues_the_same_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copyfile(PALADIN, "paladin.duke")
    (readme,) = [
        b for b in blocks(REPO / "README.md") if b.lang == "sh" and "dukec balance" in b.body
    ]
    words = shlex.split(readme.body)[1:]
    first = _run([*words, *shlex.split(readme.marks["test-options"]), "--workers", "1"])
    found = NEXT.search(first.strip().splitlines()[-1])
    assert found is not None, first
    assert re.fullmatch(r"about [\d,]+ more games should decide at [+-]\d+ Elo \([\d,]+ to [\d,]+"
                        r" for a truth anywhere in the 95% interval\)", found["words"])  # fmt: skip
    again = shlex.split(found["command"])
    assert again[:2] == ["dukec", "balance"] and "--resume" in again
    assert again[again.index("--budget") + 1] == "20"
    games = int(again[again.index("--games") + 1])
    assert games > 8
    # Played as printed, but to a first cap of 16 games here (the test's budget of time):
    # the 8 games are read back, not played again, and the run goes on from them.
    again[again.index("--games") + 1] = "16"
    document = json.loads(_run([*again[1:], "--json"]))
    assert document["resumed"] == 8
    assert document["games"] == 16


def test_an_inconclusive_run_continued_as_printed_decides(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copytree(TILES, "tiles")
    first = _run(
        shlex.split(
            "balance --replace Footman=JumpingFootman --with tiles/jumping_footman.duke "
            "--policy search --budget 20 --stop sprt --games 8 --workers 1"
        )
    )
    found = NEXT.search(first.strip().splitlines()[-1])
    assert found is not None, first
    again = shlex.split(found["command"])
    document = json.loads(_run([*again[1:], "--json"]))
    assert document["verdict"] == "stronger"
    assert document["resumed"] == 8
    assert document["games"] < int(again[again.index("--games") + 1])
    assert document["next"]["kind"] == "tune"
    assert document["next"]["command"].startswith(
        "dukec tune --replace Footman=JumpingFootman --with tiles/jumping_footman.duke"
    )


def test_resume_reads_back_exactly_the_games_a_fresh_run_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copytree(TILES, "tiles")
    base = "balance --replace Footman=Footsoldier --with tiles/footsoldier.duke --policy random "
    base += "--workers 1 --json --seed 11 --games "
    _run((base + "20").split())
    resumed = json.loads(_run((base + "40 --resume").split()))
    fresh = json.loads(_run((base + "40").split()))
    assert resumed["resumed"] == 20 and fresh["resumed"] == 0
    for key in ("score", "pairs", "wins", "tiles", "decision", "game_length"):
        assert resumed[key] == fresh[key], key
