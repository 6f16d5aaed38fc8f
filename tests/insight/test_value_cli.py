"""`dukec value` from the command line: the report, determinism, bad input."""

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dukec.cli import main
from dukec.insight.manifest import OLD_FORMAT
from tests.policies import quick

from .conftest import TILES

JUMPING = str(TILES / "jumping_footman.duke")


def value(*args: str) -> Any:
    return CliRunner().invoke(main, ["value", *args, *quick("value", args)])


def test_help() -> None:
    result = value("--help")
    assert result.exit_code == 0
    for option in ("--all", "--with", "--in-place-of", "--reference", "--bag", "--sides"):
        assert option in result.output
    assert "--evidence" in result.output and "--elo-margin" in result.output


def test_json_report(tmp_path: Path) -> None:
    out = tmp_path / "worth.json"
    result = value(
        "JumpingFootman",
        "--with",
        JUMPING,
        "--in-place-of",
        "Footman",
        "--games",
        "40",
        "-j",
        "1",
        "--json",
        "--out",
        str(out),
    )
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert json.loads(out.read_text()) == document
    assert document["format"] == "dukec-value/2"
    assert document["tile"] == "JumpingFootman"
    assert (document["in_place_of"], document["slot"]) == ("Footman", "start")
    assert document["game"] == "base"
    assert (document["policy"], document["games"], document["seed"]) == ("greedy", 40, 1)
    assert document["worth"]["pairs"] == 20
    assert document["worth"]["pair_counts"]["pairs"] == 20
    low, high = document["worth"]["elo_ci95"]
    assert low <= document["worth"]["elo"] <= high
    assert len(document["tileset_hash"]) == 16
    decision = document["decision"]
    assert decision["method"] == "fixed" and decision["alpha"] == 0.05
    assert document["answer"] in (
        "worth more than a Footman",
        "inconclusive against a Footman: play more games",
    )
    assert "bag_worth" not in document and "sides" not in document


def test_same_seed_same_json_on_any_number_of_workers() -> None:
    args = ["Pikeman", "--games", "24", "--seed", "5", "--policy", "random", "--json"]
    one = value(*args, "-j", "1")
    two = value(*args, "-j", "2")
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    assert one.output == two.output


def test_terminal_report_gives_the_answer_last() -> None:
    result = value("Wizard", "--games", "20", "-j", "1", "--in-place-of", "pikeman", "--bag")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[-1].startswith("One Wizard in place of one Pikeman (bag) is worth ")
    assert lines[-1].endswith((" than a Pikeman", "within ±30 Elo", ": play more games"))
    assert lines[-2].startswith("greedy, 20 games (10 pairs), seed 1, tile set ")
    assert lines[-2].endswith("fixed length: 5% false alarms at +0 Elo, 5% false 'fair' at ±30 Elo")
    assert lines[0].startswith("bag worth: every Wizard against the same army without it, ")
    assert lines[0].endswith(
        "the tile's strength mixed with how much it dilutes the bag, for all copies together"
    )


def test_the_reference_is_worth_nothing_by_definition() -> None:
    result = value("Footman", "--games", "8", "-j", "1", "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert document["worth"]["elo"] == 0.0 and document["worth"]["pair_counts"] is None
    assert document["decision"] is None
    shown = value("Footman", "--games", "8", "-j", "1")
    assert shown.output.splitlines()[-1] == (
        "Footman is the tile whose place the others take: worth +0 a copy by definition"
    )
    evidence = value("Footman", "--games", "8", "--evidence", "ev")
    assert evidence.exit_code == 1
    assert evidence.output == (
        "Error: 'Footman' is the tile whose place is taken: it is worth +0 a copy without a "
        "game, so there are no games to show\n"
    )


def test_all_ranks_every_tile_with_bars(tmp_path: Path) -> None:
    page = tmp_path / "worth.html"
    result = value("--all", "--games", "8", "--policy", "random", "-j", "1", "--html", str(page))
    assert result.exit_code == 0, result.output
    for name in ("Footman", "Pikeman", "Wizard", "Assassin"):
        assert name in result.output
    assert "Duke" not in result.output
    assert "├" in result.output and "┤" in result.output
    assert " 1-14 " in result.output and "\n 1 " not in result.output  # 8 games tell none apart
    assert "Holm over 91 pairs of tiles" in result.output
    text = page.read_text()
    assert text.startswith("<!DOCTYPE html>") and "<svg" in text and "Pikeman" in text


def test_all_json_is_ranked(tmp_path: Path) -> None:
    result = value("--all", "--games", "8", "--policy", "random", "-j", "1", "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    rows = document["tiles"]
    assert len(rows) == 14
    assert document["in_place_of"] == "Footman"
    scores = [row["score"] for row in rows]
    assert scores == sorted(scores, reverse=True)
    assert all(row["rank"] == [1, 14] for row in rows)
    (reference,) = [row for row in rows if row["reference"]]
    assert reference["tile"] == "Footman" and reference["outcome"] is None
    assert document["ranking"]["comparisons"] == 91 and document["ranking"]["alpha"] == 0.05


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (
            ["Fotman", "--games", "4"],
            2,
            "Error: unknown tile 'Fotman'; did you mean 'Footman' or 'Bowman' or 'Fort'?\n",
        ),
        (
            ["Duke", "--games", "4"],
            1,
            "Error: 'Duke' acts as the Duke: no game is played without a Duke, so it has no "
            "worth to measure\n",
        ),
        (
            ["Wizard", "--games", "4", "--reference", "Duke"],
            1,
            "Error: 'Duke' acts as the Duke: no game is played without a Duke, so it has no "
            "worth to measure\n",
        ),
        (["Footman", "--games", "5"], 2, "games are played in pairs: give an even --games (not 5)"),
        (["--games", "4"], 2, "give a TILE to value, or --all (not both)"),
        (["Footman", "--all"], 2, "give a TILE to value, or --all (not both)"),
        (["--all", "--sides"], 2, "--sides values one TILE; it does not go with --all"),
        (["Footman", "--html", "x.html"], 2, "--html draws the ranking of --all"),
        (["Footman", "--policy", "best"], 2, "unknown policy 'best'"),
    ],
)
def test_bad_input(args: list[str], code: int, message: str) -> None:
    result = value(*args)
    assert result.exit_code == code
    assert message in result.output
    if code == 1:
        assert result.output == message


def test_sides_refused_for_a_tile_with_one_face(tmp_path: Path) -> None:
    tile = tmp_path / "plain.duke"
    tile.write_text(
        "tile Plain {\n    count 1\n    front {\n        . M .\n        M @ M\n"
        "    }\n    back {\n        . M .\n        M @ M\n    }\n}\n"
    )
    result = value("Plain", "--with", str(tile), "--games", "4", "--sides")
    assert result.exit_code == 1
    assert result.output == (
        "Error: 'Plain' shows the same on both sides; it has no side to tell apart\n"
    )


def test_all_records_every_tile_in_the_manifest(tmp_path: Path) -> None:
    from dukec.insight.manifest import read

    manifest = tmp_path / "balance.toml"
    # Ten games a tile: at four, some tile wins all of them, an Elo no manifest takes.
    args = ["--all", "--games", "10", "--policy", "random", "-j", "1", "--manifest", str(manifest)]
    assert value(*args).exit_code == 0
    entries = read(manifest)
    assert len(entries) == 13  # the Footman, whose place they take, played no game
    assert "Footman" not in {entry.tile for entry in entries}
    assert {(entry.kind, entry.in_place_of) for entry in entries} == {("copy", "Footman")}
    assert {(entry.set, entry.with_, entry.games) for entry in entries} == {(None, None, 10)}
    # Recording again replaces the entries rather than adding to them.
    assert value(*args).exit_code == 0
    assert read(manifest) == entries


def test_the_reference_is_not_recorded_and_says_so(tmp_path: Path) -> None:
    manifest = tmp_path / "balance.toml"
    out = tmp_path / "x.json"
    result = value("footman", "--games", "4", "--manifest", str(manifest), "--out", str(out))
    assert result.exit_code == 1
    assert result.output == (
        "Error: 'Footman' is the tile whose place is taken: it is worth +0 a copy by "
        "definition, without a game, so there is no experiment for dukec recheck to play "
        "again; nothing was recorded for it\n"
    )
    assert not manifest.exists() and not out.exists()


def test_a_bad_manifest_fails_before_any_game(tmp_path: Path) -> None:
    manifest = tmp_path / "balance.toml"
    manifest.write_text("[[value]]\ntile = 1\n")
    result = value("Footman", "--games", "4", "--manifest", str(manifest))
    assert result.exit_code == 1
    assert result.output == f"{manifest}:1:1: error: {OLD_FORMAT}\n"
