"""The swap matrix: planted truths (a tile against itself and its copy), mirrors, errors, CLI."""

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from rich.console import Console

from dukec.balance.plans import SlotPlan, plan
from dukec.balance.run import Settings, run
from dukec.cli import main
from dukec.commands.matrix_cmds import render_matrix
from dukec.compiler import load, load_tileset
from dukec.insight.heatmap import page
from dukec.insight.matrix import assemble, cell_settings, play_matrix
from dukec.insight.matrix_result import Cell, CellSource, Matrix, cell_tests, dominated, mirrored
from dukec.stats.decision import fixed_decision
from dukec.stats.pairs import Pentanomial
from dukec.stats.tournament import play
from dukec.tileset import ExperimentError
from tests.policies import quick

TILES = Path(__file__).resolve().parent.parent / "balance" / "tiles"
NAMES = ["Footman", "Footsoldier", "JumpingFootman"]


@pytest.fixture(scope="module")
def base() -> dict[str, Any]:
    return load_tileset()


@pytest.fixture(scope="module")
def test_tiles() -> dict[str, Any]:
    return load([TILES])


@pytest.fixture(scope="module")
def matrix(base: dict[str, Any], test_tiles: dict[str, Any]) -> Matrix:
    swap_plan = plan(base, None, NAMES, test_tiles)
    return play_matrix(swap_plan, Settings(games=200, seed=1, policy="random"))


def test_the_diagonal_is_exactly_even(matrix: Matrix) -> None:
    for name in NAMES:
        cell = matrix.cell(name, name)
        assert cell.source is CellSource.DIAGONAL
        assert cell.score == 0.5
        assert cell.interval() == (0.5, 0.5)


def test_an_army_against_itself_scores_one_point_in_every_pair(
    base: dict[str, Any], test_tiles: dict[str, Any]
) -> None:
    # What the diagonal takes by construction, played: each pair is one game played twice
    # with the armies' names exchanged.
    swap_plan = plan(base, None, NAMES, test_tiles)
    for name in ("Footman", "JumpingFootman"):
        result = run(swap_plan.experiment(name, name), Settings(games=60, seed=5, paired=True))
        pairs = result.tally.pairs
        assert pairs.pairs == 30
        assert pairs.bins[2] == 30
        assert pairs.mean == 0.5


def test_a_renamed_copy_is_even_against_the_original(matrix: Matrix) -> None:
    cell = matrix.cell("Footman", "Footsoldier")
    assert cell.source is CellSource.PLAYED
    assert cell.pairs.pairs == 100
    assert cell.pairs.bins[2] == 100
    assert cell.score == 0.5


def test_cells_below_the_diagonal_mirror_those_above(matrix: Matrix) -> None:
    above = matrix.cell("Footman", "JumpingFootman")
    below = matrix.cell("JumpingFootman", "Footman")
    assert above.source is CellSource.PLAYED and below.source is CellSource.MIRROR
    assert below.pairs == mirrored(above.pairs)
    assert below.score == pytest.approx(1 - above.score)
    low, high = above.interval()
    assert below.interval() == pytest.approx((1 - high, 1 - low))


def test_the_overpowered_footman_dominates(matrix: Matrix) -> None:
    assert matrix.cell("JumpingFootman", "Footman").interval()[0] > 0.5
    assert matrix.cell("JumpingFootman", "Footman").verdict == "stronger"
    assert matrix.cell("Footman", "JumpingFootman").verdict == "weaker"
    assert matrix.cell("Footman", "Footman").verdict == "exact"
    assert dominated(matrix, cell_tests(matrix)) == {
        "Footman": ["JumpingFootman"],
        "Footsoldier": ["JumpingFootman"],
    }


def test_the_tiles_are_rated_against_the_slots_own(matrix: Matrix) -> None:
    ratings = {entry["tile"]: entry for entry in matrix.to_json()["ratings"]["tiles"]}
    assert ratings["Footman"]["elo"] == 0.0
    # The renamed copy plays the Footman's games pair for pair: the same strength exactly.
    assert ratings["Footsoldier"]["elo"] == pytest.approx(0.0, abs=1e-6)
    jumping = ratings["JumpingFootman"]
    assert jumping["elo"] is not None and jumping["elo_ci95"][0] > 0


def test_mixed_policies_play_every_cell(base: dict[str, Any], test_tiles: dict[str, Any]) -> None:
    swap_plan = plan(base, None, ["Footman", "Footsoldier"], test_tiles)
    settings = Settings(games=4, seed=1, policy="random", opponent_policy="greedy", ply_limit=60)
    matrix = play_matrix(swap_plan, settings)
    sources = {cell.source for row in matrix.cells for cell in row}
    assert sources == {CellSource.PLAYED}
    assert matrix.to_json()["policies"] == {"row": "random", "column": "greedy"}


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (
            ["Footman", "Jumpingfootmen"],
            "unknown tile 'Jumpingfootmen'; did you mean 'JumpingFootman'?",
        ),
        (["Footman", "footman"], "tile 'Footman' is listed twice"),
        (["Footman"], "a swap matrix needs at least two tiles"),
        (
            ["JumpingFootman", "Footsoldier"],
            "none of JumpingFootman, Footsoldier is in an army of game set 'base': the first "
            "listed tile the army holds names the slot the others take",
        ),
        (
            ["Footman", "Duke"],
            "'Duke' acts as the Duke and 'Footman' does not; a tile acting as "
            "the Duke can only be replaced by another that does",
        ),
    ],
)
def test_bad_lists_say_why(
    base: dict[str, Any], test_tiles: dict[str, Any], names: list[str], message: str
) -> None:
    with pytest.raises(ExperimentError) as caught:
        plan(base, None, names, test_tiles)
    assert str(caught.value) == message


def balance(*args: str) -> Any:
    return CliRunner().invoke(main, ["balance", *args, *quick("balance", args)])


def matrix_command(*args: str) -> Any:
    return CliRunner().invoke(main, ["matrix", *args, *quick("matrix", args)])


def test_the_command_prints_the_table_and_the_dominated(tmp_path: Path) -> None:
    page = tmp_path / "matrix.html"
    result = matrix_command(
        "footman,JumpingFootman",
        "--with",
        str(TILES),
        "--games",
        "200",
        "-j",
        "1",
        "--html",
        str(page),
    )
    assert result.exit_code == 0, result.output
    assert "Swap matrix: each tile in the Footman's place" in result.stdout
    assert "dominated     Footman, beaten by JumpingFootman" in result.stdout
    assert "games         200 in 1 cell (up to 200 each); the diagonal is exact" in result.stdout
    assert "Ratings: one strength per tile (Elo, the Footman = 0)" in result.stdout
    assert (
        "dominated     (Holm over 1 cell: at most 5% chance of any false 'dominated' in this "
        "matrix)" in result.stdout
    )
    assert "transitivity  too few results to test whether one strength per tile" in result.stdout
    assert result.stderr == f"heatmap: {page}\n"
    text = page.read_text()
    assert text.startswith("<!DOCTYPE html>") and "<svg" in text and "<script" not in text
    assert "<b>Footman</b>, beaten by JumpingFootman" in text
    assert "row army's Elo against the column army (full colour from ±400)" in text
    assert "Holm&#x27;s procedure over the 1 tested cell keeps" in text
    assert "<td>JumpingFootman</td><td>+" in text


def test_the_command_prints_json() -> None:
    result = matrix_command(
        "Footman,Footsoldier",
        "--with",
        str(TILES),
        "--games",
        "20",
        "-j",
        "1",
        "--json",
        "--seed",
        "3",
    )
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["kind"] == "swap-matrix"
    assert document["slot"] == "Footman"
    assert document["seed"] == 3
    assert [cell["source"] for cell in document["cells"]] == [
        "diagonal",
        "played",
        "mirror",
        "diagonal",
    ]
    assert document["dominated"] == {}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--matrix", "Footman"],
            "Invalid value for --matrix: name at least two tiles: A,B[,C...]",
        ),
        (["--html", "x.html"], "--html writes the heatmap of --matrix; add --matrix A,B,..."),
        (
            ["--matrix", "Footman,Pikeman", "--replace", "Footman=Pikeman"],
            "--matrix does not take --replace",
        ),
        (
            ["--matrix", "Footman,Pikeman", "--unpaired"],
            "--matrix does not take --unpaired (a matrix is paired games)",
        ),
        (
            ["--matrix", "Footman,Pikeman", "--report", "out"],
            "--matrix does not take --report (use --html FILE)",
        ),
        (
            ["--matrix", "Footman,Pikeman", "--policy", "random,greedy"],
            "--matrix does not take more than one policy or pairing",
        ),
        (
            ["--matrix", "Footman,Pikeman", "--games", "3"],
            "paired games come two by two: give an even --games (not 3)",
        ),
    ],
)
def test_usage_errors_exit_2(args: list[str], message: str) -> None:
    result = balance(*args)
    assert result.exit_code == 2
    assert f"Error: {message}\n" in result.stderr


def test_the_old_spelling_plays_the_same_matrix_with_a_notice() -> None:
    args = ("Footman,Footsoldier", "--with", str(TILES), "--games", "4", "-j", "1", "--json")
    old, new = balance("--matrix", *args), matrix_command(*args)
    assert old.exit_code == new.exit_code == 0, old.output
    assert old.stderr == (
        "note: dukec balance --matrix A,B,... is now dukec matrix A,B,...; the old spelling "
        "still works\n"
    )
    assert json.loads(old.stdout)["cells"] == json.loads(new.stdout)["cells"]


def test_an_unknown_tile_is_bad_usage() -> None:
    result = balance("--matrix", "Footman,Pikemen", "--games", "2")
    assert result.exit_code == 2
    assert result.stderr.endswith("\nError: unknown tile 'Pikemen'; did you mean 'Pikeman'?\n")


def test_the_heatmap_is_not_written_over_an_input(tmp_path: Path) -> None:
    source = tmp_path / "tiles.duke"
    source.write_text((TILES / "footsoldier.duke").read_text())
    result = balance(
        "--matrix", "Footman,Footsoldier", "--with", str(source), "--html", str(source)
    )
    assert result.exit_code == 2
    assert "is one of the inputs" in result.stderr


def test_stop_sprt_ends_each_cell_once_it_is_clear() -> None:
    result = balance(
        "--matrix", "Footman,Footsoldier", "--with", str(TILES), "--games", "2000", "-j", "1",
        "--stop", "sprt", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    played = [cell for cell in document["cells"] if cell["source"] == "played"]
    assert [cell["stopped"] for cell in played] == ["fair"]
    assert played[0]["games"] < 2000
    assert document["stop"] == ("sequential test: 5% false alarms at +0 Elo, 95% power at ±30 Elo")


# --- the matrix's statistics on synthetic cells of known strength --------------------------------


def synthetic(
    swap_plan: SlotPlan, truth: dict[str, float], pairs: int, seed: int, settings: Settings
) -> Matrix:
    """A matrix whose played cells are drawn from ``truth`` (Elo per tile), not played."""
    rng = random.Random(seed)
    mirror = settings.policies[0] == settings.policies[1]
    played = {}
    for i, row in enumerate(swap_plan.names):
        for j, column in enumerate(swap_plan.names):
            if mirror and j <= i:
                continue
            edge = 0.0 if mirror else 80.0
            results = play(rng, row, column, truth[row] - truth[column] + edge, pairs).results
            assert isinstance(results, Pentanomial)
            decision = fixed_decision(results, settings.criteria)
            played[(row, column)] = Cell(row, column, results, CellSource.PLAYED, decision)
    return assemble(swap_plan, settings, played, settings.criteria.alpha)


@pytest.fixture(scope="module")
def four(base: dict[str, Any], test_tiles: dict[str, Any]) -> SlotPlan:
    return plan(base, None, ["Footman", "Footsoldier", "JumpingFootman", "Pikeman"], test_tiles)


def test_holm_keeps_false_dominance_rare_in_an_even_matrix(four: SlotPlan) -> None:
    even = dict.fromkeys(four.names, 0.0)
    settings = Settings(games=80, seed=1)
    falsely, uncorrected = 0, 0
    for seed in range(400):
        matrix = synthetic(four, even, 40, seed, settings)
        falsely += bool(dominated(matrix, cell_tests(matrix)))
        uncorrected += any(cell.decision.outcome.different for cell in matrix.played()
                           if cell.decision is not None)  # fmt: skip
    # Six tested cells at 5% each call something in about a quarter of even matrices; Holm's
    # procedure keeps any false 'dominated' to at most 5% of them.
    assert falsely / 400 <= 0.07
    assert uncorrected / 400 >= 0.15


def test_holm_finds_a_planted_strong_tile(four: SlotPlan) -> None:
    truth = {"Footman": 0.0, "Footsoldier": 0.0, "JumpingFootman": 250.0, "Pikeman": 0.0}
    matrix = synthetic(four, truth, 60, 3, Settings(games=120, seed=1))
    assert dominated(matrix, cell_tests(matrix)) == {
        "Footman": ["JumpingFootman"],
        "Footsoldier": ["JumpingFootman"],
        "Pikeman": ["JumpingFootman"],
    }
    document = matrix.to_json()
    assert document["dominance"]["method"] == "holm"
    assert document["dominance"]["tested_cells"] == 6
    assert document["transitivity"]["df"] == 3


def test_two_policies_fit_the_row_policys_edge(four: SlotPlan) -> None:
    truth = {"Footman": 0.0, "Footsoldier": 40.0, "JumpingFootman": 250.0, "Pikeman": -50.0}
    settings = Settings(games=800, seed=1, policy="greedy", opponent_policy="random")
    document = synthetic(four, truth, 400, 4, settings).to_json()
    edge = document["ratings"]["row_policy_edge"]
    assert edge["elo_ci95"][0] < 80.0 < edge["elo_ci95"][1]
    for entry in document["ratings"]["tiles"]:
        low, high = entry["elo_ci95"]
        assert low <= truth[entry["tile"]] <= high
    assert document["dominance"]["tested_cells"] == 12


def test_stop_sprt_shares_alpha_among_the_tested_cells(four: SlotPlan) -> None:
    settings = cell_settings(Settings(games=80, seed=1, stop="sprt"), 4)
    assert settings.criteria.alpha == pytest.approx(0.05 / 6)
    assert settings.paired
    mixed = cell_settings(Settings(games=80, seed=1, stop="sprt", opponent_policy="greedy"), 4)
    assert mixed.criteria.alpha == pytest.approx(0.05 / 12)
    assert cell_settings(Settings(games=80, seed=1), 4).criteria.alpha == 0.05


def test_a_row_policy_that_wins_everything_leaves_no_ratings(four: SlotPlan) -> None:
    settings = Settings(games=8, seed=1, policy="search", opponent_policy="random")
    played = {
        (row, column): Cell(
            row, column, Pentanomial(ww=4), CellSource.PLAYED,
            fixed_decision(Pentanomial(ww=4), settings.criteria),
        )
        for row in four.names
        for column in four.names
    }  # fmt: skip
    document = assemble(four, settings, played, 0.05).to_json()
    assert document["ratings"] == {
        "anchor": "Footman",
        "note": "no finite fit: the first side won (or lost) nearly every game, so its edge "
        "cannot be told from the strengths",
        "tiles": [],
    }
    assert document["transitivity"] is None
    console = Console(width=200, record=True)
    render_matrix(document, console)
    assert "ratings       none: no finite fit: the first side won" in console.export_text()
    assert "No ratings: no finite fit" in page(document)
