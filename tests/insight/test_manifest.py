"""The balance manifest: reading, writing, recording, and `dukec recheck`."""

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dukec.cli import main
from dukec.insight.manifest import (
    FORMAT,
    OLD_FORMAT,
    Entry,
    ManifestError,
    check_seed,
    dumps,
    parse,
    read,
    record,
)
from dukec.insight.regression import Checked
from tests.policies import quick

HERE = Path(__file__).resolve().parent
PLANTED = HERE / "tiles" / "planted_footman.duke"
FOOTMAN = Path(__file__).resolve().parents[2] / "tiles" / "footman.duke"

ENTRY = Entry(
    kind="copy",
    tile="Footsoldier",
    in_place_of="Footman",
    policy="greedy",
    budget=300,
    ply_limit=300,
    games=200,
    paired=True,
    seed=1,
    tileset_hash="0123456789abcdef",
    score=0.5625,
    score_se=0.0125,
    elo=43.6,
    elo_ci95=(10.25, 90.0),
    margin=60.0,
    alpha=0.01,
    with_="footsoldier.duke",
)


def run(*args: str) -> Any:
    return CliRunner().invoke(main, [*args, *quick(args[0], args[1:])])


def _fields(entry: Entry) -> dict[str, Any]:
    return {name: getattr(entry, name) for name in Entry.__slots__ if name != "line"}


def _table(**changes: str) -> str:
    """The text of a manifest holding ENTRY, with lines replaced."""
    text = dumps([ENTRY])
    for old, new in changes.items():
        assert old in text
        text = text.replace(old, new)
    return text


def test_dumps_then_parse_round_trips(tmp_path: Path) -> None:
    odd = Entry(**{**_fields(ENTRY), "tile": 'Say "hi"\\', "elo_ci95": (-float("inf"), 3.0)})
    unpaired = Entry(**{**_fields(ENTRY), "kind": "replace", "paired": False, "games": 3})
    path = tmp_path / "balance.toml"
    text = dumps([ENTRY, odd, unpaired])
    assert text.count(f'format = "{FORMAT}"') == 1
    assert parse(text, path) == [ENTRY, odd, unpaired]
    assert [entry.line for entry in parse(text, path)] == [9, 28, 47]


def test_record_replaces_the_same_experiment_and_keeps_others(tmp_path: Path) -> None:
    path = tmp_path / "balance.toml"
    other = Entry(**{**_fields(ENTRY), "tile": "Pikeman", "with_": None})
    replaced = Entry(**{**_fields(ENTRY), "kind": "replace"})
    record(path, ENTRY)
    record(path, other)
    record(path, replaced)  # every Footman made Footsoldier: another experiment
    newer = Entry(**{**_fields(ENTRY), "score": 0.6})
    assert record(path, newer) == [newer, other, replaced]
    assert read(path) == [newer, other, replaced]


def test_a_check_plays_a_seed_of_its_own() -> None:
    assert check_seed(ENTRY) == 2
    assert check_seed(Entry(**{**_fields(ENTRY), "seed": 2**64 - 1})) == 0


def test_a_checked_line_names_the_change_and_the_rates(tmp_path: Path) -> None:
    path = tmp_path / "balance.toml"
    same = Checked(ENTRY, 2, 0.56, 0.0125, ENTRY.tileset_hash)
    assert not same.drifted
    assert re.fullmatch(
        r"ok one Footsoldier in place of one Footman: \+42 Elo \(seed 2\) against \+44 stored "
        r"\(seed 1\), a change of -2 \(99%: -\d+ to \+\d+\), within chance \(1% false alarms, "
        r"\d+% power at ±60 Elo\); tile set unchanged",
        same.line(path),
    )
    moved = Checked(ENTRY, 2, 0.45, 0.0125, "fedcba9876543210")
    assert moved.drifted
    assert moved.line(path) == (
        f"{path}:0:1: error: one Footsoldier in place of one Footman drifted: -35 Elo (seed 2) "
        f"against +44 stored (seed 1), a change of -79 (99%: -111 to -47), beyond chance at 1% "
        f"false alarms; tile set 0123456789abcdef -> fedcba9876543210"
    )


def test_a_score_of_zero_or_one_is_an_infinite_elo_in_the_line(tmp_path: Path) -> None:
    won = Entry(**{**_fields(ENTRY), "score": 1.0, "elo": float("inf")})
    line = Checked(won, 2, 0.0, 0.0, ENTRY.tileset_hash).line(tmp_path / "balance.toml")
    assert "-infinite Elo (seed 2) against +infinite stored (seed 1)" in line


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[[experiment]]\ntile = "X\n', "2:10: error: not TOML: illegal character '\\n'"),
        (
            f'format = "{FORMAT}"\n[other]\n',
            "1:1: error: unknown table 'other' (known: format, experiment)",
        ),
        (
            'format = "dukec-manifest/9"\n',
            "1:1: error: format 'dukec-manifest/9' is not 'dukec-manifest/2', the one this dukec "
            "reads",
        ),
        ('[[value]]\ntile = "X"\n', f"1:1: error: {OLD_FORMAT}"),
        (
            '[[experiment]]\ntile = "X"\n',
            "1:1: error: no 'format': begin the file with format = 'dukec-manifest/2'",
        ),
        (
            f'format = "{FORMAT}"\n[[experiment]]\ntile = "X"\n',
            "2:1: error: [[experiment]] entry lacks 'kind'",
        ),
        (
            _table(**{"games = 200": "games = 3"}),
            "17:1: error: 'games' must be even: games are played in pairs",
        ),
        (_table(**{"seed = 1": 'seed = "1"'}), "19:1: error: 'seed' must be a whole number"),
        (_table(**{"paired = true": "paired = 1"}), "18:1: error: 'paired' must be true or false"),
        (
            _table(**{'kind = "copy"': 'kind = "swap"'}),
            "10:1: error: 'kind' must be one of copy, replace",
        ),
        (
            _table(**{'"greedy"': '"best"'}),
            "14:1: error: unknown policy 'best' (choose from random, greedy, mcts, "
            "search-material, search-v1, search)",
        ),
        (
            _table(**{"score_se = 0.0125": "score_se = -1"}),
            "22:1: error: 'score_se' must be between 0 and 1",
        ),
        (
            _table(**{"alpha = 0.01": "alpha = 0.5"}),
            "26:1: error: 'alpha' must be between 0 and 0.5",
        ),
        (_table(**{"margin = 60.0": "margin = 0"}), "25:1: error: 'margin' must be above 0 Elo"),
        (
            _table(**{"[10.25, 90.0]": "[90.0, 10.25]"}),
            "24:1: error: 'elo_ci95' must be two numbers, low then high",
        ),
        (
            _table() + "  colour = 1\n",
            "27:3: error: unknown key 'colour' (known: kind, tile, in_place_of, policy, budget, "
            "ply_limit, games, paired, seed, tileset_hash, score, score_se, elo, elo_ci95, "
            "margin, alpha, set, with, game)",
        ),
    ],
)
def test_bad_manifests(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "balance.toml"
    path.write_text(text)
    with pytest.raises(ManifestError) as error:
        parse(text, path)
    assert str(error.value) == f"{path}:{message}"
    result = run("recheck", str(path))
    assert result.exit_code == 1
    assert result.output == f"{path}:{message}\n"


def test_an_empty_manifest_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "balance.toml"
    path.write_text("# nothing yet\n")
    result = run("recheck", str(path))
    assert result.exit_code == 1
    assert result.output == f"{path}:1:1: error: no [[experiment]] to check\n"


def test_check_takes_no_experiment_of_its_own(tmp_path: Path) -> None:
    path = tmp_path / "balance.toml"
    path.write_text(dumps([ENTRY]))
    for option, value in (("--replace", "Footman=Pikeman"), ("--games", "10")):
        result = run("balance", "--check", str(path), option, value)
        assert result.exit_code == 2
        assert result.output.endswith(
            f"Error: --check plays the manifest's own experiments; it takes no {option}\n"
        )


def test_a_missing_source_is_named(tmp_path: Path) -> None:
    path = tmp_path / "balance.toml"
    path.write_text(dumps([ENTRY]))
    result = run("recheck", str(path))
    assert result.exit_code == 1
    assert result.output == f"{path}:9:1: error: no such file: {tmp_path / 'footsoldier.duke'}\n"


def test_the_stored_seed_is_refused(tmp_path: Path) -> None:
    shutil.copy(PLANTED, tmp_path / "planted.duke")
    path = tmp_path / "balance.toml"
    entry = Entry(**{**_fields(ENTRY), "tile": "PlantedFootman", "with_": "planted.duke"})
    path.write_text(dumps([entry]))
    result = run("recheck", str(path), "--seed", "1")
    assert result.exit_code == 1
    assert result.output == (
        f"{path}:9:1: error: seed 1 is the one one PlantedFootman in place of one Footman was "
        f"recorded with; a check needs games of its own: choose another --seed\n"
    )


def _balance(*args: str) -> Any:
    return run("balance", "--no-progress", "-j", "1", *args)


def test_balance_records_a_replacement(tmp_path: Path) -> None:
    shutil.copy(PLANTED, tmp_path / "planted.duke")
    manifest = tmp_path / "balance.toml"
    args = ["--replace", "Footman=PlantedFootman", "--with", str(tmp_path / "planted.duke")]
    recorded = _balance(*args, "--policy", "greedy", "--games", "40", "--manifest", str(manifest))
    assert recorded.exit_code == 0, recorded.output
    assert re.search(
        r"manifest: PlantedFootman in place of every Footman recorded; a check from another "
        r"seed catches a drift of 60 Elo with \d+% power \(1% false alarms\): record it with "
        r"--games \d+ for 90%\n",
        recorded.stderr,
    )
    (entry,) = read(manifest)
    assert (entry.kind, entry.tile, entry.in_place_of) == ("replace", "PlantedFootman", "Footman")
    assert (entry.with_, entry.games, entry.paired, entry.policy) == (
        "planted.duke",
        40,
        True,
        "greedy",
    )
    checked = run("recheck", "--no-progress", "-j", "1", str(manifest))
    assert checked.exit_code in (0, 1)
    assert "PlantedFootman in place of every Footman" in checked.output
    assert "(seed 2) against" in checked.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "--manifest records a head-to-head: add --replace OLD=NEW"),
        (
            ["--replace", "Footman=Pikeman", "--policy", "random,greedy"],
            "--manifest records one experiment: give one --policy",
        ),
        (
            ["--replace", "Footman=Pikeman", "--stop", "sprt"],
            "--manifest records a fixed number of games (its check plays as many): drop --stop",
        ),
        (["--matrix", "Footman,Pikeman"], "--manifest records one head-to-head, not a --matrix"),
    ],
)
def test_balance_manifest_usage(tmp_path: Path, args: list[str], message: str) -> None:
    result = _balance(*args, "--manifest", str(tmp_path / "balance.toml"))
    assert result.exit_code == 2
    assert f"Error: {message}\n" in result.output
    assert not (tmp_path / "balance.toml").exists()


@pytest.mark.slow
def test_a_planted_tile_passes_unchanged_and_fails_without_its_icons(tmp_path: Path) -> None:
    # The planted Footman (+66 Elo a copy), recorded over 2000 games: a check's power against a
    # 60 Elo drift is then over 99% at 1% false alarms.
    source = tmp_path / "planted.duke"
    shutil.copy(PLANTED, source)
    manifest = tmp_path / "balance.toml"
    recorded = run(
        "value", "PlantedFootman", "--with", str(source), "--games", "2000", "-j", "1",
        "--no-progress", "--manifest", str(manifest),
    )  # fmt: skip
    assert recorded.exit_code == 0, recorded.output
    assert "with over 99% power (1% false alarms)" in recorded.stderr
    # Unchanged, it passes its check from fresh seeds (its 1% false alarms are measured over
    # many more seeds by benchmarks/manifest_check.py).
    for seed in (2, 3, 4):
        checked = run("recheck", "--no-progress", "-j", "1", str(manifest), "--seed", str(seed))
        assert checked.exit_code == 0, checked.output
    # The planted icons removed: the tile is a Footman again, 66 Elo down.
    footman = FOOTMAN.read_text().replace("tile Footman", "tile PlantedFootman")
    source.write_text(footman)
    drifted = run("recheck", "--no-progress", "-j", "1", str(manifest))
    assert drifted.exit_code == 1
    assert drifted.output.startswith(
        f"{manifest}:9:1: error: one PlantedFootman in place of one Footman drifted: "
    )
