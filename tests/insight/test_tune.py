"""`dukec tune`: planted truths (an undone jump, a copy already fair), its files, bad input."""

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from dukec.balance.pairs import Pentanomial
from dukec.balance.stats import SprtStop, Verdict
from dukec.cli import main
from dukec.compiler import load, load_tileset
from dukec.compiler.vocabulary import Icon, Side
from dukec.insight.edits import Edit, EditKind, describe_step, steps
from dukec.insight.tune import TuneSettings, tune

HERE = Path(__file__).resolve().parent
LEAPING = HERE / "tiles" / "leaping_footman.duke"
COPY = HERE.parent / "balance" / "tiles" / "footsoldier.duke"
JUMPING = HERE.parent / "balance" / "tiles" / "jumping_footman.duke"
SLIDING = HERE / "tiles" / "sliding_footman.duke"

# Greedy play shows the planted jump plainly (about +40 Elo) where random play hardly does.
FAST = ["--policy", "greedy", "--games", "600", "-j", "1", "--no-progress"]


def dukec(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


@pytest.fixture(scope="module")
def tuned(tmp_path_factory: pytest.TempPathFactory) -> tuple[Result, Path]:
    out = tmp_path_factory.mktemp("tuned")
    result = dukec("tune", "--replace", "Footman=LeapingFootman", "--with", str(LEAPING),
                   "--out", str(out), *FAST)  # fmt: skip
    return result, out


def grids(tile: dict[str, Any]) -> Any:
    return tile["sides"]


def test_tune_undoes_a_planted_jump(tuned: tuple[Result, Path]) -> None:
    result, out = tuned
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == (
        "LeapingFootman tuned in 1 edit: within 30 Elo of +0 against the Footman (greedy, seed 1)"
    )
    assert lines[1] == "  remove jump at [0, 2] from the front"
    footman = next(t for t in load_tileset()["tiles"] if t["name"] == "Footman")
    [tile] = load([out / "leapingfootman.duke"])["tiles"]
    assert tile["name"] == "LeapingFootman"
    assert grids(tile) == grids(footman)


def test_an_independent_balance_run_confirms_the_tuned_tile(tuned: tuple[Result, Path]) -> None:
    _, out = tuned
    result = dukec("balance", "--replace", "Footman=LeapingFootman",
                   "--with", str(out / "leapingfootman.duke"), "--stop", "sprt",
                   "--seed", "12345", "--games", "2000", "--json", *FAST)  # fmt: skip
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["verdict"] == "not different"
    assert document["seed"] == 12345


def test_the_files_tune_writes(tuned: tuple[Result, Path]) -> None:
    _, out = tuned
    assert sorted(path.name for path in out.iterdir()) == [
        "leapingfootman.diff",
        "leapingfootman.duke",
        "leapingfootman.svg",
        "tune.json",
    ]
    assert (out / "leapingfootman.diff").read_text() == (
        "--- a/leapingfootman.duke\n"
        "+++ b/leapingfootman.duke\n"
        "@@ -1,7 +1,6 @@\n"
        " tile LeapingFootman {\n"
        "     count 3\n"
        "     front {\n"
        "-        . J .\n"
        "         . M .\n"
        "         M @ M\n"
        "         . M .\n"
    )
    source = (out / "leapingfootman.duke").read_text()
    assert source.startswith(
        "# LeapingFootman tuned by dukec tune against Footman: 1 edit, within 30 Elo of +0\n"
        "# (greedy play, seed 1, re-checked with seed 2).\n"
        "tile LeapingFootman {\n"
    )
    assert dukec("fmt", "--check", str(out / "leapingfootman.duke")).exit_code == 0
    assert "<svg" in (out / "leapingfootman.svg").read_text()
    report = json.loads((out / "tune.json").read_text())
    assert report["found"] is True
    assert [edit["text"] for edit in report["edits"]] == ["remove jump at [0, 2] from the front"]
    assert report["baseline"]["decision"] == "stronger"
    assert report["tuned"]["decision"] == report["verification"]["decision"] == "not different"
    assert (report["seed"], report["verify_seed"], report["verification"]["seed"]) == (1, 2, 2)
    assert report["rechecks"] == [report["verification"]]
    assert report["files"]["source"] == "leapingfootman.duke"


def test_the_same_inputs_give_the_same_search(tuned: tuple[Result, Path]) -> None:
    _, out = tuned
    report = json.loads((out / "tune.json").read_text())
    del report["files"]
    settings = TuneSettings(policy="greedy", games=600)
    again = tune(load_tileset(), "Footman", "LeapingFootman", load([LEAPING]), settings)
    assert again.to_json() == report


def test_screening_measures_the_single_edits_before_testing() -> None:
    settings = TuneSettings(policy="greedy", games=600, screen_games=100, candidates=3)
    result = tune(load_tileset(), "Footman", "LeapingFootman", load([LEAPING]), settings)
    assert result.screened[0].edits == ()
    assert len(result.screened) == 1 + settings.candidates
    assert all(2 * trial.pairs.pairs == 100 for trial in result.screened)
    assert result.tuned is not None
    assert [edit.describe() for edit in result.tuned.edits] == [
        "remove jump at [0, 2] from the front"
    ]
    # The tile as given, then the planted jump's removal: the first tile the plans test.
    assert [len(trial.edits) for trial in result.trials] == [0, 1]


def test_a_tile_already_fair_needs_no_edit(tmp_path: Path) -> None:
    result = dukec("tune", "--replace", "Footman=Footsoldier", "--with", str(COPY),
                   "--out", str(tmp_path), *FAST)  # fmt: skip
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == (
        "Footsoldier tuned in 0 edits: within 30 Elo of +0 against the Footman (greedy, seed 1)"
    )
    assert (tmp_path / "footsoldier.diff").read_text() == ""


def test_json_prints_the_report(tmp_path: Path) -> None:
    result = dukec("tune", "--replace", "footman=footsoldier", "--with", str(COPY),
                   "--out", str(tmp_path), "--json", *FAST)  # fmt: skip
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert (document["old"], document["new"], document["found"]) == ("Footman", "Footsoldier", True)
    assert document["edits"] == []
    assert document["trials"][0]["pentanomial"]["DD+WL"] == document["trials"][0]["games"] // 2
    saved = json.loads((tmp_path / "tune.json").read_text())
    assert saved.pop("files") == {
        "source": "footsoldier.duke",
        "diff": "footsoldier.diff",
        "card": "footsoldier.svg",
        "report": "tune.json",
    }
    assert saved == document


def test_no_tile_found_exits_1_and_keeps_the_report(tmp_path: Path) -> None:
    result = dukec("tune", "--replace", "Footman=LeapingFootman", "--with", str(LEAPING),
                   "--out", str(tmp_path), "--max-edits", "0", *FAST, "--games", "100")  # fmt: skip
    assert result.exit_code == 1
    assert result.stderr == (
        "Error: no tile within 0 edits of LeapingFootman was found within 30 Elo of +0 "
        f"(see {tmp_path / 'tune.json'})\n"
    )
    assert sorted(path.name for path in tmp_path.iterdir()) == ["tune.json"]
    assert json.loads((tmp_path / "tune.json").read_text())["found"] is False


# Two planted slides, each worth some 50 Elo under greedy play: no single edit is fair.
DESCEND = ["--beam", "2", "--screen-games", "200", "--candidates", "4", "--max-edits", "2"]


@pytest.fixture(scope="module")
def descended(tmp_path_factory: pytest.TempPathFactory) -> tuple[Result, Path]:
    out = tmp_path_factory.mktemp("descended")
    result = dukec("tune", "--replace", "Footman=SlidingFootman", "--with", str(SLIDING),
                   "--out", str(out), *DESCEND, *FAST)  # fmt: skip
    return result, out


def test_the_descent_undoes_two_planted_slides(descended: tuple[Result, Path]) -> None:
    result, out = descended
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[:3] == [
        "SlidingFootman tuned in 2 edits: within 30 Elo of +0 against the Footman (greedy, seed 1)",
        "  remove slide at [1, 1] from the front",
        "  remove slide at [-1, 1] from the front",
    ]
    assert "measured      9 tiles, 200 games each" in result.stdout
    footman = next(t for t in load_tileset()["tiles"] if t["name"] == "Footman")
    [tile] = load([out / "slidingfootman.duke"])["tiles"]
    assert grids(tile) == grids(footman)


def test_the_descent_measures_one_edit_count_after_another(
    descended: tuple[Result, Path],
) -> None:
    _, out = descended
    report = json.loads((out / "tune.json").read_text())
    assert (report["beam"], report["mirror"], report["screen_games"]) == (2, False, 200)
    screened = report["screened"]
    # The tile as given, the 4 candidates of one edit, then 4 of two: single edits of the two
    # tiles of one edit measured nearest the target, taken in turn.
    assert [len(trial["edits"]) for trial in screened] == [0, 1, 1, 1, 1, 2, 2, 2, 2]
    assert all(trial["seed"] == 1 and trial["games"] == 200 for trial in screened)
    ones = sorted(screened[1:5], key=lambda trial: abs(trial["elo"]))
    kept = [trial["edits"] for trial in ones[:2]]
    # (A tile met twice, the same two edits in another order, is measured once.)
    assert all(trial["edits"][:1] in kept for trial in screened[5:])
    assert {json.dumps(trial["edits"][:1]) for trial in screened[5:]} == {
        json.dumps(edits) for edits in kept
    }
    # Each count's kept tiles are tested, nearest the target first, then re-checked.
    assert [trial["edits"] for trial in report["trials"][1:3]] == kept
    assert report["trials"][-1]["edits"] == report["edits"]
    assert report["rechecks"] == [report["verification"]]


def test_an_independent_balance_run_confirms_the_descent(descended: tuple[Result, Path]) -> None:
    _, out = descended
    result = dukec("balance", "--replace", "Footman=SlidingFootman",
                   "--with", str(out / "slidingfootman.duke"), "--stop", "sprt",
                   "--seed", "4242", "--games", "2000", "--json", *FAST)  # fmt: skip
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["verdict"] == "not different"


@pytest.mark.slow
def test_tune_makes_the_overpowered_footman_fair(tmp_path: Path) -> None:
    # Some 80 Elo too strong under random play, each icon worth 5 to 25 Elo: about ten icons
    # to remove. Tuned within ±15 Elo, so that balance's own test, ±30, confirms it. Two
    # workers: the same games on any number of them, in two thirds of the time.
    result = dukec("tune", "--replace", "Footman=JumpingFootman", "--with", str(JUMPING),
                   "--policy", "random", "--margin", "15", "--games", "8000", "--beam", "2",
                   "--mirror", "--screen-games", "1000", "--candidates", "12",
                   "--max-edits", "8", "--out", str(tmp_path), "--no-progress",
                   "--workers", "2")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("JumpingFootman tuned in 6 steps (11 edits, mirrored)")
    report = json.loads((tmp_path / "tune.json").read_text())
    assert report["tuned"]["fair"] and report["verification"]["fair"]
    assert report["steps"] == 6
    confirmed = dukec("balance", "--replace", "Footman=JumpingFootman",
                      "--with", str(tmp_path / "jumpingfootman.duke"), "--policy", "random",
                      "--stop", "sprt", "--seed", "12345", "--games", "8000", "--json",
                      "--no-progress")  # fmt: skip
    assert confirmed.exit_code == 0, confirmed.output
    document = json.loads(confirmed.stdout)
    assert (document["verdict"], document["seed"]) == ("not different", 12345)


def test_the_descent_is_deterministic(descended: tuple[Result, Path]) -> None:
    _, out = descended
    report = json.loads((out / "tune.json").read_text())
    del report["files"]
    settings = TuneSettings(
        policy="greedy", games=600, beam=2, screen_games=200, candidates=4, max_edits=2
    )
    again = tune(load_tileset(), "Footman", "SlidingFootman", load([SLIDING]), settings)
    assert again.to_json() == report


def test_mirror_makes_an_edit_with_its_mirror_image() -> None:
    settings = TuneSettings(
        policy="greedy", games=600, beam=1, screen_games=100, candidates=1, max_edits=1,
        mirror=True,
    )  # fmt: skip
    result = tune(load_tileset(), "Footman", "SlidingFootman", load([SLIDING]), settings)
    # The first edit in the proxy's order removes a slide: its mirror image goes with it.
    assert [[edit.describe() for edit in trial.edits] for trial in result.screened] == [
        [],
        ["remove slide at [-1, 1] from the front", "remove slide at [1, 1] from the front"],
    ]
    assert result.tuned is not None and len(result.tuned.edits) == 2


def test_an_edit_and_its_mirror_image_are_one_step() -> None:
    jump = Edit(EditKind.REMOVE, Side.FRONT, Icon.JUMP, (-2, 2))
    ahead = Edit(EditKind.REMOVE, Side.FRONT, Icon.JUMP, (0, 2))
    flip = Edit(EditKind.FLIP)
    assert jump.mirror() == Edit(EditKind.REMOVE, Side.FRONT, Icon.JUMP, (2, 2))
    assert steps([jump, jump.mirror(), ahead, ahead.mirror(), flip, flip]) == [
        (jump, jump.mirror()),
        (ahead,),
        (ahead,),
        (flip,),
        (flip,),
    ]
    assert describe_step((jump, jump.mirror())) == (
        "remove jump at [-2, 2] from the front (and its mirror image)"
    )


def test_descending_needs_screening() -> None:
    with pytest.raises(ValueError, match="the descent measures every tile it keeps"):
        tune(load_tileset(), "Footman", "SlidingFootman", load([SLIDING]), TuneSettings(beam=1))


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (
            ["--replace", "Footman", "--with", str(LEAPING)],
            2,
            "Invalid value for --replace: expected OLD=NEW, for example Knight=Paladin",
        ),
        (
            ["--replace", "Footman=LeapingFootman"],
            2,
            "--with PATH is required: the file that defines LeapingFootman, the tile tune edits",
        ),
        (
            ["--replace", "Footman=LeapingFootmen", "--with", str(LEAPING)],
            1,
            "no tile 'LeapingFootmen' in the tile set or the file given with --with (did you "
            "mean 'LeapingFootman'?); give the file that defines it with --with PATH",
        ),
        (
            ["--replace", "Footmen=LeapingFootman", "--with", str(LEAPING)],
            1,
            "no tile 'Footmen' in the tile set (did you mean 'Footman'?)",
        ),
        (
            ["--replace", "Footman=LeapingFootman", "--with", str(LEAPING), "--games", "7"],
            2,
            "paired games come two by two: give an even --games (not 7)",
        ),
        (
            ["--replace", "Footman=LeapingFootman", "--with", str(LEAPING), "--screen-games", "5"],
            2,
            "paired games come two by two: give an even --screen-games (not 5)",
        ),
        (
            ["--replace", "Footman=LeapingFootman", "--with", str(LEAPING), "--beam", "2"],
            2,
            "--beam measures every tile it keeps: give --screen-games N (games per tile)",
        ),
        (
            ["--replace", "Footman=LeapingFootman", "--with", str(LEAPING), "--mirror"],
            2,
            "--mirror is a way to descend: give --beam N too",
        ),
        (
            ["--replace", "Footman=LeapingFootman", "--with", str(LEAPING), "--policy", "best"],
            2,
            "Invalid value for --policy: unknown policy 'best' (choose from random, greedy, "
            "mcts, search-material, search-v1, search)",
        ),
    ],
)
def test_bad_input_says_why(tmp_path: Path, args: list[str], code: int, message: str) -> None:
    result = dukec("tune", *args, "--out", str(tmp_path / "out"), "--no-progress")
    assert result.exit_code == code
    assert f"Error: {message}\n" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


def test_tune_never_writes_over_its_input(tmp_path: Path) -> None:
    source = tmp_path / "leapingfootman.duke"
    shutil.copy(LEAPING, source)
    result = dukec("tune", "--replace", "Footman=LeapingFootman", "--with", str(source),
                   "--out", str(tmp_path))  # fmt: skip
    assert result.exit_code == 2
    assert result.stderr.endswith(
        f"Error: output '{source}' is one of the inputs; writing it would replace the source. "
        "Give another output path with --out\n"
    )
    assert source.read_text() == LEAPING.read_text()


def test_out_must_be_a_directory(tmp_path: Path) -> None:
    out = tmp_path / "file"
    out.write_text("")
    result = dukec("tune", "--replace", "Footman=LeapingFootman", "--with", str(LEAPING),
                   "--out", str(out))  # fmt: skip
    assert result.exit_code == 2
    assert result.stderr.endswith(
        f"Error: Invalid value for '--out': Directory '{out}' is a file.\n"
    )


def test_the_sprt_can_be_taken_about_a_target() -> None:
    # 400 pairs scoring 60% (about +70 Elo): stronger than even, within 30 Elo of +70.
    pairs = Pentanomial(ll=40, ld=60, dd=100, wl=0, wd=100, ww=100)
    assert pairs.mean == pytest.approx(0.6)
    assert SprtStop(30.0).decision(pairs) is Verdict.STRONGER
    assert SprtStop(30.0, centre=70.0).decision(pairs) is Verdict.NOT_DIFFERENT
    assert SprtStop(30.0, centre=150.0).decision(pairs) is Verdict.WEAKER
    assert SprtStop(30.0, centre=70.0).describe() == (
        "SPRT: +70 vs +70±30 Elo, alpha=0.05, beta=0.05"
    )
