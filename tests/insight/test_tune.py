"""`dukec tune` on real games: planted truths (an undone jump, two planted diagonal Moves,
two planted slides, a copy already fair), its files, its answers and exit statuses, bad input."""

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from dukec.cli import main
from dukec.compiler import load, load_tileset
from dukec.insight.tune import tune
from dukec.insight.tune_search import TuneSettings
from dukec.stats.decision import Criteria, Outcome
from dukec.stats.pairs import Pentanomial
from dukec.stats.sequential import SequentialRun
from tests.policies import quick

HERE = Path(__file__).resolve().parent
LEAPING = HERE / "tiles" / "leaping_footman.duke"
DIAGONAL = HERE / "tiles" / "diagonal_footman.duke"
SLIDING = HERE / "tiles" / "sliding_footman.duke"
COPY = HERE.parent / "balance" / "tiles" / "footsoldier.duke"

# Greedy play shows a planted icon plainly (some +40 Elo a jump) where random play hardly does.
FAST = ["--policy", "greedy", "--games", "600", "-j", "1", "--no-progress"]
SCREEN = ["--screen-games", "200", "--candidates", "4"]


def dukec(*args: str) -> Result:
    return CliRunner().invoke(main, [*args, *quick(args[0], args[1:])])


def footman() -> dict[str, Any]:
    return next(t for t in load_tileset()["tiles"] if t["name"] == "Footman")


@pytest.fixture(scope="module")
def tuned(tmp_path_factory: pytest.TempPathFactory) -> tuple[Result, Path]:
    out = tmp_path_factory.mktemp("tuned")
    result = dukec("tune", "--replace", "Footman=LeapingFootman", "--with", str(LEAPING),
                   "--out", str(out), *SCREEN, *FAST)  # fmt: skip
    return result, out


def test_tune_undoes_a_planted_jump(tuned: tuple[Result, Path]) -> None:
    result, out = tuned
    assert result.exit_code == 0, result.output
    # The answer comes last, after the figures it rests on.
    assert result.stdout.splitlines()[-2:] == [
        "LeapingFootman tuned in 1 step: fair within ±30 Elo against the Footman (greedy), "
        "confirmed",
        "  remove jump at [0, 2] from the front",
    ]
    [tile] = load([out / "leapingfootman.duke"])["tiles"]
    assert tile["name"] == "LeapingFootman"
    assert tile["sides"] == footman()["sides"]


def test_an_independent_balance_run_confirms_the_tuned_tile(tuned: tuple[Result, Path]) -> None:
    _, out = tuned
    result = dukec("balance", "--replace", "Footman=LeapingFootman",
                   "--with", str(out / "leapingfootman.duke"), "--stop", "sprt",
                   "--seed", "12345", "--games", "2000", "--json", *FAST)  # fmt: skip
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert (document["verdict"], document["seed"]) == ("fair", 12345)


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
        "# LeapingFootman tuned by dukec tune against Footman: 1 step, fair within ±30 Elo\n"
        "# (greedy play; tested from seed 2, confirmed from seed 3).\n"
        "tile LeapingFootman {\n"
    )
    assert dukec("fmt", "--check", str(out / "leapingfootman.duke")).exit_code == 0
    assert "<svg" in (out / "leapingfootman.svg").read_text()
    report = json.loads((out / "tune.json").read_text())
    assert (report["answer"], report["found"], report["steps"]) == ("found", True, 1)
    assert [edit["text"] for edit in report["edits"]] == ["remove jump at [0, 2] from the front"]
    assert report["baseline"]["decision"] == "stronger"
    assert report["tuned"]["decision"] == report["confirmation"]["decision"] == "fair"
    assert report["files"]["source"] == "leapingfootman.duke"


def test_screens_tests_and_the_confirmation_have_their_own_seeds(
    tuned: tuple[Result, Path],
) -> None:
    _, out = tuned
    report = json.loads((out / "tune.json").read_text())
    assert report["seeds"] == {"screen": 1, "test": 2, "confirm": [3]}
    runs = report["runs"]
    # The tile as given is tested, then screened with the four candidates (all from one
    # seed, 200 games each), the two screened nearest the target are tested: the first is
    # fair, and confirmed from a seed no run had used.
    assert [run["stage"] for run in runs] == ["test", *["screen"] * 5, "test", "confirm"]
    assert {(run["seed"], run["games"]) for run in runs if run["stage"] == "screen"} == {(1, 200)}
    assert {run["seed"] for run in runs if run["stage"] == "test"} == {2}
    assert runs[-1] == report["confirmation"]
    assert runs[-1]["seed"] not in {run["seed"] for run in runs[:-1]}
    nearest = min((run for run in runs[2:6]), key=lambda run: abs(run["elo"]))
    assert runs[6]["edits"] == nearest["edits"] == report["edits"]


def test_the_same_inputs_give_the_same_search(tuned: tuple[Result, Path]) -> None:
    _, out = tuned
    report = json.loads((out / "tune.json").read_text())
    del report["files"]
    settings = TuneSettings(policy="greedy", games=600, screen_games=200, candidates=4)
    again = tune(load_tileset(), "Footman", "LeapingFootman", load([LEAPING]), settings)
    assert again.to_json() == report


def test_a_tile_already_fair_needs_no_edit(tmp_path: Path) -> None:
    result = dukec("tune", "--replace", "Footman=Footsoldier", "--with", str(COPY),
                   "--out", str(tmp_path), *FAST)  # fmt: skip
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == (
        "Footsoldier tuned in 0 steps: fair within ±30 Elo against the Footman (greedy), confirmed"
    )
    assert (tmp_path / "footsoldier.diff").read_text() == ""
    report = json.loads((tmp_path / "tune.json").read_text())
    assert [run["stage"] for run in report["runs"]] == ["test", "confirm"]


def test_json_prints_the_report(tmp_path: Path) -> None:
    result = dukec("tune", "--replace", "footman=footsoldier", "--with", str(COPY),
                   "--out", str(tmp_path), "--json", *FAST)  # fmt: skip
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert (document["old"], document["new"], document["found"]) == ("Footman", "Footsoldier", True)
    assert document["edits"] == []
    assert document["runs"][0]["pentanomial"]["DD+WL"] == document["runs"][0]["games"] // 2
    saved = json.loads((tmp_path / "tune.json").read_text())
    assert saved.pop("files") == {
        "source": "footsoldier.duke",
        "diff": "footsoldier.diff",
        "card": "footsoldier.svg",
        "report": "tune.json",
    }
    assert saved == document


def test_no_tile_within_the_bounds_exits_3_and_keeps_the_report(tmp_path: Path) -> None:
    # No step allowed, and the tile as given decided stronger: no tile, whatever the budget.
    result = dukec("tune", "--replace", "Footman=LeapingFootman", "--with", str(LEAPING),
                   "--out", str(tmp_path), "--max-steps", "0", *FAST)  # fmt: skip
    assert result.exit_code == 3, result.output
    assert result.stdout.splitlines()[-1] == (
        "LeapingFootman: no tile within 0 steps is fair within ±30 Elo against the Footman (greedy)"
    )
    assert result.stderr == ""
    assert sorted(path.name for path in tmp_path.iterdir()) == ["tune.json"]
    report = json.loads((tmp_path / "tune.json").read_text())
    assert (report["found"], report["answer"]) == (False, "none within the bounds")


def test_a_budget_too_small_to_decide_exits_4(tmp_path: Path) -> None:
    # 20 games cannot tell a tile some 40 Elo too strong from a fair one.
    result = dukec("tune", "--replace", "Footman=LeapingFootman", "--with", str(LEAPING),
                   "--out", str(tmp_path), "--max-steps", "0", *FAST, "--games", "20")  # fmt: skip
    assert result.exit_code == 4, result.output
    assert result.stdout.splitlines()[-1] == (
        "LeapingFootman: inconclusive: raise --games (1 test reached 20 games undecided); no "
        "tile within 0 steps was shown fair within ±30 Elo against the Footman (greedy)"
    )
    report = json.loads((tmp_path / "tune.json").read_text())
    assert (report["answer"], report["undecided"]) == ("inconclusive: raise --games", 1)
    assert report["baseline"]["decision"] == "inconclusive"


def test_help_gives_the_exit_statuses() -> None:
    text = dukec("tune", "--help").stdout
    for line in (
        "0    a tile found, fair and confirmed",
        "3    no tile within --max-steps steps: every test decided, none fair and confirmed",
        "4    inconclusive: no tile found, some test ended undecided at --games; raise --games",
    ):
        assert line in text


# Two planted slides, each worth some 40 Elo under greedy play: no single edit is fair.
DESCEND = ["--beam", "2", "--screen-games", "200", "--candidates", "4", "--max-steps", "2"]


@pytest.fixture(scope="module")
def descended(tmp_path_factory: pytest.TempPathFactory) -> tuple[Result, Path]:
    out = tmp_path_factory.mktemp("descended")
    result = dukec("tune", "--replace", "Footman=SlidingFootman", "--with", str(SLIDING),
                   "--out", str(out), "--no-mirror", *DESCEND, *FAST)  # fmt: skip
    return result, out


def test_without_mirror_the_descent_undoes_two_slides_one_by_one(
    descended: tuple[Result, Path],
) -> None:
    result, out = descended
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-3:] == [
        "SlidingFootman tuned in 2 steps: fair within ±30 Elo against the Footman (greedy), "
        "confirmed",
        "  remove slide at [1, 1] from the front",
        "  remove slide at [-1, 1] from the front",
    ]
    assert "screened      9 tiles, 200 games each, seed 1" in result.stdout
    [tile] = load([out / "slidingfootman.duke"])["tiles"]
    assert tile["sides"] == footman()["sides"]


def test_the_descent_screens_one_step_count_after_another(
    descended: tuple[Result, Path],
) -> None:
    _, out = descended
    report = json.loads((out / "tune.json").read_text())
    assert (report["beam"], report["mirror"], report["symmetric"]) == (2, False, False)
    screened = [run for run in report["runs"] if run["stage"] == "screen"]
    # The tile as given, the 4 candidates of one step, then 4 of two: one more step from
    # each of the two tiles of one step screened nearest the target, taken in turn.
    assert [len(run["steps"]) for run in screened] == [0, 1, 1, 1, 1, 2, 2, 2, 2]
    ones = sorted(screened[1:5], key=lambda run: abs(run["elo"]))
    kept = [run["steps"] for run in ones[:2]]
    assert {json.dumps(run["steps"][:1]) for run in screened[5:]} == {
        json.dumps(steps) for steps in kept
    }
    tests = [run["steps"] for run in report["runs"] if run["stage"] == "test"]
    assert tests[1:3] == kept
    assert tests[-1] == report["tuned"]["steps"]


@pytest.mark.slow
def test_tune_removes_two_planted_diagonal_moves(tmp_path: Path) -> None:
    # The Footman with two Moves planted forward and diagonally on its front is some +60 Elo
    # under greedy play. With the defaults (mirror pairs, 12 candidates screened over 1000
    # games each, two tested), the pair of planted Moves comes off in one step, confirmed.
    result = dukec("tune", "--replace", "Footman=DiagonalFootman", "--with", str(DIAGONAL),
                   "--policy", "greedy", "--out", str(tmp_path), "--no-progress",
                   "--workers", "2")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-2:] == [
        "DiagonalFootman tuned in 1 step (2 edits, in mirror pairs): fair within ±30 Elo "
        "against the Footman (greedy), confirmed",
        "  remove move at [-1, 1] from the front (and its mirror image)",
    ]
    report = json.loads((tmp_path / "tune.json").read_text())
    assert report["baseline"]["decision"] == "stronger"
    assert report["confirmation"]["fair"] and report["confirmation"]["seed"] == 3
    [tile] = load([tmp_path / "diagonalfootman.duke"])["tiles"]
    assert tile["sides"] == footman()["sides"]


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
            2,
            "no tile 'LeapingFootmen' in the tile set or the file given with --with (did you "
            "mean 'LeapingFootman'?); give the file that defines it with --with PATH",
        ),
        (
            ["--replace", "Footmen=LeapingFootman", "--with", str(LEAPING)],
            2,
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
            ["--replace", "Footman=LeapingFootman", "--with", str(LEAPING), "--beam", "0"],
            2,
            "Invalid value for '--beam': 0 is not in the range 1<=x<=1000.",
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

    def decided(criteria: Criteria) -> Outcome:
        test = SequentialRun(criteria)
        assert test.update(pairs)
        return test.decision(pairs).outcome

    assert decided(Criteria(30.0)) is Outcome.STRONGER
    assert decided(Criteria(30.0, centre=70.0)) is Outcome.FAIR
    assert decided(Criteria(30.0, centre=150.0)) is Outcome.WEAKER
    assert Criteria(30.0, centre=70.0).about() == "+70±30 Elo"
