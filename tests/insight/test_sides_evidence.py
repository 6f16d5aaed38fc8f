"""Side and tempo, and evidence games."""

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dukec.balance.plans import InsightError
from dukec.balance.run import Settings
from dukec.cli import main
from dukec.engine import read_record
from dukec.insight.evidence import TILESET_FILE, Why, evidence_json, find_evidence, write_evidence
from dukec.insight.sides import Variant, measure_sides, with_variant
from dukec.insight.value import measure

GREEDY = Settings(games=200, seed=1, policy="greedy", paired=True)


def _tile(tileset: dict[str, Any], name: str) -> dict[str, Any]:
    return next(tile for tile in tileset["tiles"] if tile["name"] == name)


def test_front_only_copies_the_front_onto_the_back(tileset: dict[str, Any]) -> None:
    found = with_variant(tileset, "Footman", Variant.FRONT_ONLY)
    variant = _tile(found, "Footman_front_only")
    original = _tile(tileset, "Footman")
    assert variant["sides"] == {"front": original["sides"]["front"]} | {
        "back": original["sides"]["front"]
    }
    assert _tile(found, "Footman") == original  # the army's own Footmen stay whole
    back = _tile(with_variant(tileset, "Footman", Variant.BACK_ONLY), "Footman_back_only")
    assert back["sides"]["front"] == back["sides"]["back"] == original["sides"]["back"]
    assert _tile(tileset, "Footman") == original  # the input is left alone
    assert "Footman_front_only" not in {tile["name"] for tile in tileset["tiles"]}


def test_a_variant_name_already_taken_is_refused(tileset: dict[str, Any]) -> None:
    twice = with_variant(tileset, "Footman", Variant.FRONT_ONLY)
    with pytest.raises(InsightError) as error:
        with_variant(twice, "Footman", Variant.FRONT_ONLY)
    assert str(error.value) == ("the tile set already has a tile 'Footman_front_only'; rename it")


def test_abilities_follow_the_side_kept() -> None:
    tileset = {
        "tiles": [
            {
                "name": "T",
                "abilities": ["a", "b", "c"],
                "ability_sides": {"a": ["front"], "b": ["back"]},
                "sides": {"front": {"icons": []}, "back": {"icons": [1]}},
            }
        ]
    }
    front = with_variant(tileset, "T", Variant.FRONT_ONLY)["tiles"][1]
    assert front["abilities"] == ["a", "c"]
    assert front["ability_sides"] == {"a": ["front", "back"]}
    back = with_variant(tileset, "T", Variant.BACK_ONLY)["tiles"][1]
    assert back["abilities"] == ["b", "c"]
    assert back["ability_sides"] == {"b": ["front", "back"]}


def test_sides_of_the_overpowered_footman(tileset: dict[str, Any]) -> None:
    whole = measure(tileset, None, "JumpingFootman", GREEDY)
    sides = measure_sides(tileset, None, "JumpingFootman", GREEDY, whole)
    assert sides.whole is whole
    assert sides.front.worth.tile == "JumpingFootman_front_only"
    assert sides.front.worth != sides.back.worth
    document = sides.to_json()
    front = document["front_only"]
    assert front["share"]["value"] == pytest.approx(front["elo"] / whole.worth.elo)
    better = max(front["elo"], document["back_only"]["elo"])
    assert document["flip"]["elo"] == pytest.approx(whole.worth.elo - better)
    # The whole jumping front is worth more than nothing at all.
    assert front["elo_ci95"][0] > 0


def test_a_tile_with_one_face_has_no_sides(tileset: dict[str, Any]) -> None:
    flat = with_variant(tileset, "Pikeman", Variant.FRONT_ONLY)
    name = "Pikeman_front_only"
    whole = measure(flat, None, name, Settings(games=2, seed=1, paired=True))
    with pytest.raises(InsightError, match="'Pikeman_front_only' shows the same on both sides"):
        measure_sides(flat, None, name, GREEDY, whole)


def test_the_sides_of_the_reference_are_measured_against_it(tileset: dict[str, Any]) -> None:
    settings = Settings(games=20, seed=1, policy="greedy", paired=True)
    whole = measure(tileset, None, "Footman", settings)
    sides = measure_sides(tileset, None, "Footman", settings, whole)
    assert sides.shares() == (None, None)  # no share of a worth of +0
    flip = sides.flip()
    better = max(sides.front.worth.elo, sides.back.worth.elo)
    assert flip is not None and flip[0] == pytest.approx(-better)


def test_evidence_games_show_the_tile_deciding_or_lost_first(
    tileset: dict[str, Any], tmp_path: Path
) -> None:
    valuation = measure(tileset, None, "JumpingFootman", GREEDY)
    games = find_evidence(valuation, count=3)
    assert 1 <= len(games) <= 3
    for game in games:
        actions = game.record.actions
        result = game.record.result
        assert result is not None
        if game.why is Why.DECISIVE_CAPTURE:
            assert result.winner == game.a_seat
            taken = [a for a in actions if a.player == game.a_seat and a.captured]
            assert taken[-1].tile == "JumpingFootman"
        else:
            assert result.winner != game.a_seat
            lost = [a for a in actions if a.player != game.a_seat and a.captured]
            assert lost[0].captured == "JumpingFootman"
    written = write_evidence(valuation, games, tmp_path)
    assert written[0] == tmp_path / TILESET_FILE
    listed = evidence_json(valuation, games)
    assert [entry["game"] for entry in listed] == [game.index for game in games]
    for entry in listed:
        assert (tmp_path / entry["page"]).read_text().startswith("<!DOCTYPE html>")
        record = tmp_path / entry["record"]
        assert read_record(record).seed == entry["seed"]
        replayed = CliRunner().invoke(
            main, ["replay", str(record), "--set", str(tmp_path / TILESET_FILE)]
        )
        assert replayed.exit_code == 0, replayed.output
        assert f"{entry['plies']} plies replayed: all legal" in replayed.output


def test_evidence_from_the_command_line(tmp_path: Path) -> None:
    from .conftest import TILES

    result = CliRunner().invoke(
        main,
        [
            "value",
            "JumpingFootman",
            "--with",
            str(TILES / "jumping_footman.duke"),
            "--games",
            "100",
            "--policy",
            "greedy",
            "-j",
            "1",
            "--evidence",
            str(tmp_path / "evidence"),
            "--evidence-games",
            "2",
            "--sides",
        ],
    )
    assert result.exit_code == 0, result.output
    assert f"evidence games in {tmp_path / 'evidence'}:" in result.output
    assert "front only" in result.output and "back only" in result.output
    assert "flipping adds " in result.output
    pages = sorted((tmp_path / "evidence").glob("game-*.html"))
    assert 1 <= len(pages) <= 2
