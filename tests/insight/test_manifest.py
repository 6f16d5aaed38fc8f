"""The balance manifest: reading, writing, recording, and `dukec balance --check`."""

import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dukec.cli import main
from dukec.insight.manifest import Entry, ManifestError, dumps, parse, read, record

from .conftest import TILES

ENTRY = Entry(
    tile="Footsoldier",
    policy="greedy",
    games=200,
    seed=1,
    budget=300,
    ply_limit=300,
    tileset_hash="0123456789abcdef",
    elo=50.5,
    elo_ci95=(10.25, 90.0),
    with_="footsoldier.duke",
    in_place_of="Footman",
)


def run(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


def test_dumps_then_parse_round_trips(tmp_path: Path) -> None:
    odd = Entry(**{**_fields(ENTRY), "tile": 'Say "hi"\\', "elo_ci95": (-float("inf"), 3.0)})
    path = tmp_path / "balance.toml"
    text = dumps([ENTRY, odd])
    assert parse(text, path) == [ENTRY, odd]
    assert [entry.line for entry in parse(text, path)] == [5, 18]


def _fields(entry: Entry) -> dict[str, Any]:
    return {name: getattr(entry, name) for name in Entry.__slots__ if name != "line"}


def test_record_replaces_the_same_experiment_and_keeps_others(tmp_path: Path) -> None:
    path = tmp_path / "balance.toml"
    other = Entry(**{**_fields(ENTRY), "tile": "Pikeman", "in_place_of": None, "with_": None})
    record(path, ENTRY)
    record(path, other)
    newer = Entry(**{**_fields(ENTRY), "elo": 60.0})
    assert record(path, newer) == [newer, other]
    assert read(path) == [newer, other]


def test_drift_is_outside_the_stored_interval() -> None:
    assert not ENTRY.drifted(10.25) and not ENTRY.drifted(90.0)
    assert ENTRY.drifted(10.0) and ENTRY.drifted(90.5)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[[value]]\ntile = "X\n', "2:10: error: not TOML: illegal character '\\n'"),
        ("[other]\n", "1:1: error: unknown table 'other' (known: value)"),
        ('[[value]]\ntile = "X"\n', "1:1: error: [[value]] entry lacks 'policy'"),
        (
            "[[value]]\n"
            + dumps([ENTRY]).split("[[value]]\n")[1].replace("games = 200", "games = 3"),
            "8:1: error: 'games' must be even: games are played in pairs",
        ),
        (
            "[[value]]\n"
            + dumps([ENTRY]).split("[[value]]\n")[1].replace("seed = 1", 'seed = "1"'),
            "9:1: error: 'seed' must be a whole number",
        ),
        (
            "[[value]]\n" + dumps([ENTRY]).split("[[value]]\n")[1].replace('"greedy"', '"best"'),
            "5:1: error: unknown policy 'best' (choose from random, greedy, mcts, "
            "search-material, search-v1, search)",
        ),
        (
            "[[value]]\n"
            + dumps([ENTRY]).split("[[value]]\n")[1].replace("[10.25, 90.0]", "[90.0, 10.25]"),
            "12:1: error: 'elo_ci95' must be two numbers, low then high",
        ),
        (
            "[[value]]\n" + dumps([ENTRY]).split("[[value]]\n")[1] + "  colour = 1\n",
            "13:3: error: unknown key 'colour' (known: tile, policy, games, seed, budget, "
            "ply_limit, tileset_hash, elo, elo_ci95, set, with, game, in_place_of)",
        ),
    ],
)
def test_bad_manifests(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "balance.toml"
    path.write_text(text)
    with pytest.raises(ManifestError) as error:
        parse(text, path)
    assert str(error.value) == f"{path}:{message}"
    result = run("balance", "--check", str(path))
    assert result.exit_code == 1
    assert result.output == f"{path}:{message}\n"


def test_an_empty_manifest_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "balance.toml"
    path.write_text("# nothing yet\n")
    result = run("balance", "--check", str(path))
    assert result.exit_code == 1
    assert result.output == f"{path}:1:1: error: no [[value]] entry to check\n"


def test_check_takes_no_experiment_of_its_own(tmp_path: Path) -> None:
    path = tmp_path / "balance.toml"
    path.write_text(dumps([ENTRY]))
    result = run("balance", "--check", str(path), "--replace", "Footman=Pikeman")
    assert result.exit_code == 2
    assert result.output.endswith(
        "Error: --check plays the manifest's own experiments; it takes no --replace\n"
    )
    result = run("balance", "--check", str(path), "--games", "10")
    assert result.exit_code == 2
    assert result.output.endswith(
        "Error: --check plays the manifest's own experiments; it takes no --games\n"
    )


def test_a_fresh_record_passes_and_a_planted_drift_fails(tmp_path: Path) -> None:
    shutil.copy(TILES / "footsoldier.duke", tmp_path / "footsoldier.duke")
    manifest = tmp_path / "balance.toml"
    recorded = run(
        "value",
        "Footsoldier",
        "--with",
        str(tmp_path / "footsoldier.duke"),
        "--in-place-of",
        "Footman",
        "--games",
        "200",
        "-j",
        "1",
        "--manifest",
        str(manifest),
    )
    assert recorded.exit_code == 0, recorded.output
    (entry,) = read(manifest)
    assert entry.with_ == "footsoldier.duke" and entry.in_place_of == "Footman"
    assert entry.set is None and entry.policy == "greedy" and entry.games == 200

    fresh = run("balance", "--check", str(manifest), "-j", "1")
    assert fresh.exit_code == 0, fresh.output
    assert fresh.output.startswith("ok Footsoldier: worth ")
    assert fresh.output.endswith("(tile set unchanged)\n")

    # The copy of the Footman becomes the overpowered Footman, under the copy's name.
    jumping = (TILES / "jumping_footman.duke").read_text()
    (tmp_path / "footsoldier.duke").write_text(jumping.replace("JumpingFootman", "Footsoldier"))
    drifted = run("balance", "--check", str(manifest), "-j", "1")
    assert drifted.exit_code == 1
    low, high = entry.elo_ci95
    assert drifted.output.startswith(f"{manifest}:5:1: error: Footsoldier drifted: worth +")
    assert (
        f"Elo, outside the stored {low:+.1f} to {high:+.1f} (tile set {entry.tileset_hash} -> "
        in (drifted.output)
    )
    assert drifted.output.count("\n") == 1


def test_a_missing_source_is_named(tmp_path: Path) -> None:
    path = tmp_path / "balance.toml"
    path.write_text(dumps([ENTRY]))
    result = run("balance", "--check", str(path))
    assert result.exit_code == 1
    assert result.output == (f"{path}:5:1: error: no such file: {tmp_path / 'footsoldier.duke'}\n")
