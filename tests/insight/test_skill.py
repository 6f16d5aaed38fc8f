"""A tile's worth across skill: what the levels show in words, at the error rates stated, and
`dukec value --across-skill` (a table, a text plot, the JSON and the HTML page)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from dukec.cli import main
from dukec.insight.skill import LEVELS, Level, change, sentence

from .conftest import TILES

JUMPING = str(TILES / "jumping_footman.duke")


def levels(*worths: tuple[float, float]) -> list[Level]:
    """Levels of the ladder with these worths and standard errors, in Elo."""
    return [Level(policy, w, se) for policy, (w, se) in zip(LEVELS, worths, strict=False)]


def test_a_change_of_sign_is_said_when_both_signs_are_shown() -> None:
    found = levels((-60.0, 10.0), (-5.0, 10.0), (40.0, 10.0), (80.0, 10.0))
    shown = change(found, 30.0, 0.05)
    assert shown.changes_sign and shown.above == (2, 3) and shown.below == (0,)
    assert shown.apart[0] == (0, 3)  # the largest difference first
    words = sentence(found, shown, 30.0, "Elo", 0.05, "Footman")
    assert words.startswith(
        "The worth changes sign across skill: worth more than a Footman to search@100 (+40), "
        "search@300 (+80), less to random (-60); from random to search@300 it rises by 140 Elo "
        "(95%: +112 to +168), more than the ±30 Elo margin ("
    )
    assert words.endswith("(5% false findings over the levels and over 6 pairs of levels)")


def test_no_change_is_said_as_not_shown_never_as_the_same() -> None:
    found = levels((20.0, 15.0), (35.0, 15.0), (30.0, 15.0))
    shown = change(found, 30.0, 0.05)
    assert not shown.changes_sign and not shown.apart
    assert sentence(found, shown, 30.0, "Elo", 0.05, "Footman") == (
        "The worth is not shown to change across skill: no two levels' worths are shown to "
        "differ by more than ±30 Elo (the widest gap, random to greedy, +15). (5% false "
        "findings over the levels and over 3 pairs of levels)"
    )


def test_a_difference_beyond_the_margin_without_a_change_of_sign() -> None:
    found = levels((10.0, 8.0), (120.0, 8.0))
    shown = change(found, 30.0, 0.05)
    assert shown.above == (1,) and shown.below == () and shown.apart == ((0, 1),)
    assert sentence(found, shown, 30.0, "Elo", 0.05, "Footman").startswith(
        "The worth is not shown to change sign across skill; from random to greedy it rises by "
        "110 Elo"
    )


def test_the_reference_shows_nothing() -> None:
    found = [Level("random", 0.0, 0.0, played=False), Level("greedy", 0.0, 0.0, played=False)]
    shown = change(found, 30.0, 0.05)
    assert shown.above == shown.below == () and shown.apart == ()


def test_equal_worths_are_found_apart_at_most_alpha_of_the_time() -> None:
    # Five levels of one true worth, each measured with its error: any difference found is
    # false, and so is a worth below 0; each family holds its 5% (a share of 5% over 2000
    # runs has a standard error of 0.5 points).
    rng = random.Random(5)
    apart = below = 0
    for _ in range(2000):
        found = levels(*((40.0 + rng.gauss(0.0, 12.0), 12.0) for _ in LEVELS))
        shown = change(found, 0.0, 0.05)
        apart += bool(shown.apart)
        below += bool(shown.below)
    assert apart / 2000 <= 0.055 and below / 2000 <= 0.055
    # At the margin's edge (a true difference of exactly ±30 between two levels), a
    # difference beyond the margin is found at most 5% of the time.
    beyond = 0
    for _ in range(2000):
        found = levels((rng.gauss(0.0, 10.0), 10.0), (30.0 + rng.gauss(0.0, 10.0), 10.0))
        beyond += bool(change(found, 30.0, 0.05).apart)
    assert beyond / 2000 <= 0.055


def value(*args: str) -> Any:
    return CliRunner().invoke(main, ["value", *args])


QUICK = ["--games", "4", "--budget", "20", "-j", "1", "--levels", "random,greedy,search@20"]


def test_across_skill_prints_a_worth_per_level_and_what_changes(tmp_path: Path) -> None:
    page = tmp_path / "skill.html"
    result = value(
        "JumpingFootman", "--with", JUMPING, "--across-skill", *QUICK, "--html", str(page)
    )
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].split()[:5] == ["level", "level's", "Elo", "Elo", "a"]
    assert [line.split()[0] for line in lines[1:4]] == ["random", "greedy", "search@20"]
    assert all("│" in line for line in lines[1:4])
    assert lines[4].startswith("4 games a level (2 pairs), seed 1, tile set ")
    assert lines[5].startswith("The worth ")
    text = page.read_text()
    assert text.startswith("<!DOCTYPE html>") and "<svg" in text and "<polyline" in text
    assert "What one JumpingFootman is worth at each level of skill" in text


def test_across_skill_json(tmp_path: Path) -> None:
    result = value("JumpingFootman", "--with", JUMPING, "--across-skill", *QUICK, "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert document["policy"] == "random,greedy,search@20"
    assert [row["level"] for row in document["levels"]] == ["random", "greedy", "search@20"]
    for row in document["levels"]:
        assert set(row) >= {"elo", "elo_ci95", "pair_counts", "decision", "answer", "rating"}
    assert set(document["change"]) == {"sign", "above", "below", "apart", "method"}
    assert document["sentence"].startswith("The worth ")


def test_the_levels_quote_their_stored_ratings() -> None:
    result = value(
        "Pikeman",
        "--across-skill",
        "--games",
        "2",
        "-j",
        "1",
        "--levels",
        "random,greedy",
        "--json",
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)["levels"]
    assert rows[0]["rating"]["elo"] == 0.0 and rows[1]["rating"]["elo"] > 100


def test_across_skill_mistakes() -> None:
    cases = [
        (["Pikeman", "--across-skill", "--policy", "greedy"], "name them with --levels"),
        (["Pikeman", "--levels", "random"], "--levels names the levels of --across-skill"),
        (["Pikeman", "--across-skill", "--bag"], "--bag does not go with --across-skill"),
        (["--all", "--across-skill"], "--across-skill values one TILE"),
        (["Pikeman", "--across-skill", "--levels", "nobody"], "unknown policy 'nobody'"),
    ]
    for args, message in cases:
        result = value(*args)
        assert result.exit_code == 2, args
        assert message in result.output, (args, result.output)
