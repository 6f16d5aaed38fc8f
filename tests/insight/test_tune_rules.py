"""`tune`'s rules on synthetic games of known strength: mirror pairs, screening on common seeds,
confirmation from a fresh seed, and the three answers (found, none, inconclusive).

The games are replaced by a planted truth: a tile's Elo against the Footman is the sum of its
icons' planted worths less the Footman's, and a run's pairs score exactly what that Elo says.
"""

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dukec.balance.run import Settings
from dukec.cli import main
from dukec.compiler import compile_source, load, load_tileset
from dukec.compiler.vocabulary import Side
from dukec.insight import tune_search as tune_module
from dukec.insight.edits import Edit, EditKind, mirrored_step, symmetric
from dukec.insight.tune import Answer, TuneResult, tune
from dukec.insight.tune_search import Stage, TuneSettings
from dukec.stats.decision import Criteria, Decision, fixed_decision
from dukec.stats.pairs import Pentanomial
from dukec.stats.sequential import SequentialRun
from dukec.stats.stats import expected_score
from tests.base_icons import MOVE

HERE = Path(__file__).resolve().parent
DIAGONAL = HERE / "tiles" / "diagonal_footman.duke"

FRONT_DIAGONALS = {(-1, 1), (1, 1)}
"""The squares of the planted Moves: each worth 60 Elo, every other icon 12."""


def worth(tile: dict[str, Any]) -> float:
    """The planted worth of a tile's icons."""
    total = 0.0
    for side, drawn in tile["sides"].items():
        for item in drawn["icons"]:
            planted = side == "front" and tuple(item["at"]) in FRONT_DIAGONALS
            total += 60.0 if planted else 12.0
    return total


@dataclass(frozen=True)
class _Tally:
    pairs: Pentanomial


@dataclass(frozen=True)
class _Result:
    tally: _Tally
    decision: Decision


@dataclass
class PlantedGames:
    """Stands in for ``run``: every run's pairs score as the planted worths say."""

    footman: float
    played: list[tuple[int, int, float]] = field(default_factory=list)
    """(seed, games, planted Elo) of every run, in order."""
    lucky: set[int] = field(default_factory=set)
    """Seeds whose runs score 100 Elo above the truth (a confirmation that fails)."""

    def __call__(self, experiment: Any, settings: Settings, **_: Any) -> _Result:
        new = next(t for t in experiment.tileset["tiles"] if t["name"] == experiment.subject)
        elo = worth(new) - self.footman + (100.0 if settings.seed in self.lucky else 0.0)
        self.played.append((settings.seed, settings.games, elo))
        edge = expected_score(elo) - 0.5
        count = settings.games // 2
        # A tenth of the pairs WW and a tenth LL, the edge made up of more of one of them.
        wins = round(count * (0.1 + 2.0 * max(edge, 0.0)))
        losses = round(count * (0.1 + 2.0 * max(-edge, 0.0)))
        pairs = Pentanomial(ll=losses, dd=count - wins - losses, ww=wins)
        if settings.stop == "sprt":
            test = SequentialRun(settings.criteria)
            test.update(pairs)
            return _Result(_Tally(pairs), test.decision(pairs))
        return _Result(_Tally(pairs), fixed_decision(pairs, settings.criteria))


@pytest.fixture
def planted(monkeypatch: pytest.MonkeyPatch) -> PlantedGames:
    footman = next(t for t in load_tileset()["tiles"] if t["name"] == "Footman")
    games = PlantedGames(worth(footman))
    monkeypatch.setattr(tune_module, "run", games)
    # No game is played, so the engine need not load each tile set to check it.
    monkeypatch.setattr(tune_module, "check_playable", lambda *_: None)
    return games


def tuned(source: dict[str, Any], **settings: Any) -> TuneResult:
    name = source["tiles"][0]["name"]
    chosen = {"games": 2000, "screen_games": 200, "candidates": 10, **settings}
    return tune(load_tileset(), "Footman", name, source, TuneSettings(**chosen))


def described(result: TuneResult, stage: Stage) -> list[list[str]]:
    return [
        [" + ".join(edit.describe() for edit in step) for step in trial.steps]
        for trial in result.of(stage)
    ]


LOPSIDED = """
tile LopsidedFootman {
    count 3
    front {
        M M .
        M @ M
        . M .
    }
    back {
        . M .
        M . M
        . @ .
        M . M
    }
}
"""


def test_symmetric_tiles_and_mirror_steps() -> None:
    diagonal = load([DIAGONAL])["tiles"][0]
    lopsided = compile_source(LOPSIDED, "<lopsided>")["tiles"][0]
    assert symmetric(diagonal) and not symmetric(lopsided)
    remove = Edit(EditKind.REMOVE, Side.FRONT, MOVE, (-1, 1))
    step, tile = mirrored_step(remove, diagonal)
    assert step == (remove, Edit(EditKind.REMOVE, Side.FRONT, MOVE, (1, 1)))
    assert symmetric(tile) and worth(tile) == worth(diagonal) - 120
    ahead = Edit(EditKind.REMOVE, Side.FRONT, MOVE, (0, 1))
    assert mirrored_step(ahead, diagonal)[0] == (ahead,)
    # Moving the middle Move aside: its mirror image has no icon left to move.
    with pytest.raises(ValueError):
        mirrored_step(Edit(EditKind.MOVE, Side.FRONT, MOVE, (0, -1), (1, -2)), diagonal)
    # Two Moves onto one square are no step of a symmetric tile.
    with pytest.raises(ValueError, match="onto one square"):
        mirrored_step(Edit(EditKind.MOVE, Side.FRONT, MOVE, (-1, 1), (0, 2)), diagonal)


def test_a_symmetric_tile_is_edited_in_mirror_pairs(planted: PlantedGames) -> None:
    result = tuned(load([DIAGONAL]))
    assert result.symmetric and result.answer is Answer.FOUND
    assert result.tuned is not None
    assert described(result, Stage.CONFIRM) == [
        ["remove move at [-1, 1] from the front + remove move at [1, 1] from the front"]
    ]
    for trial in result.of(Stage.SCREEN)[1:]:
        [step] = trial.steps
        # A pair of mirror images, or one edit that is its own (on the middle column).
        assert step[1:] == (step[0].mirror(),) or step[0].mirror() == step[0]
        assert symmetric(trial.tile)


def test_no_mirror_takes_one_edit_a_step(planted: PlantedGames) -> None:
    result = tuned(load([DIAGONAL]), mirror=False)
    assert not result.symmetric
    assert all(len(step) == 1 for trial in result.runs for step in trial.steps)
    assert described(result, Stage.CONFIRM)[-1] == [
        "remove move at [-1, 1] from the front",
        "remove move at [1, 1] from the front",
    ]


def test_an_asymmetric_tile_takes_one_edit_a_step(planted: PlantedGames) -> None:
    result = tuned(compile_source(LOPSIDED, "<lopsided>"))
    assert not result.symmetric and result.tuned is not None
    assert described(result, Stage.CONFIRM) == [["remove move at [-1, 1] from the front"]]
    assert all(len(step) == 1 for trial in result.runs for step in trial.steps)


def test_candidates_are_screened_on_common_seeds_before_any_test(
    planted: PlantedGames,
) -> None:
    result = tuned(load([DIAGONAL]), seed=40, beam=2, candidates=6)
    stages = [trial.stage for trial in result.runs]
    # The tile as given is tested, then screened with the six candidates, then the two
    # candidates screened nearest the target are tested: the first is fair and confirmed.
    assert stages == [Stage.TEST, *[Stage.SCREEN] * 7, Stage.TEST, Stage.CONFIRM]
    screens = result.of(Stage.SCREEN)
    assert {(trial.seed, 2 * trial.pairs.pairs) for trial in screens} == {(40, 200)}
    assert {trial.seed for trial in result.of(Stage.TEST)} == {41}
    nearest = min(screens, key=lambda trial: abs(trial.elo))
    assert result.of(Stage.TEST)[1].steps == nearest.steps == result.tuned.steps  # type: ignore[union-attr]
    # Only the beam's tiles are tested: without a fair one, both, nearest first.
    planted.lucky.add(41)
    again = tuned(load([DIAGONAL]), seed=40, beam=2, candidates=6, max_steps=1)
    tested = [trial.steps for trial in again.of(Stage.TEST)[1:]]
    by_distance = sorted(again.of(Stage.SCREEN)[1:], key=lambda trial: abs(trial.elo))
    assert tested == [trial.steps for trial in by_distance[:2]]
    assert again.answer is Answer.NONE


def test_each_confirmation_comes_from_a_seed_never_used(planted: PlantedGames) -> None:
    # The first confirmation (seed 3) scores 100 Elo too high and fails; the search goes on,
    # and the next tile tested fair (a Move put back) is confirmed from seed 4.
    planted.lucky.add(3)
    result = tuned(load([DIAGONAL]))
    confirmations = result.of(Stage.CONFIRM)
    assert [trial.seed for trial in confirmations] == [3, 4]
    assert not confirmations[0].fair and confirmations[1].fair
    for index, trial in enumerate(result.runs):
        if trial.stage is Stage.CONFIRM:
            assert trial.seed not in {earlier.seed for earlier in result.runs[:index]}
    assert result.confirmation is confirmations[1]
    assert result.to_json()["seeds"] == {"screen": 1, "test": 2, "confirm": [3, 4]}


def test_a_budget_too_small_to_decide_is_inconclusive(planted: PlantedGames) -> None:
    # 20 games per test cannot show a tile within ±30 Elo, nor 120 Elo off it: every test
    # ends undecided, the tile as given's and the two kept at one step.
    result = tuned(load([DIAGONAL]), games=20, max_steps=1)
    assert result.tuned is None
    assert result.answer is Answer.INCONCLUSIVE
    assert len(result.undecided) == len(result.of(Stage.TEST)) == 3
    assert result.to_json()["answer"] == "inconclusive: raise --games"


def test_every_test_decided_and_none_fair_is_no_tile(planted: PlantedGames) -> None:
    result = tuned(load([DIAGONAL]), max_steps=0)
    assert result.answer is Answer.NONE
    assert [trial.outcome.value for trial in result.runs] == ["stronger"]
    assert result.to_json()["answer"] == "none within the bounds"


def test_the_target_is_the_centre_of_the_test(planted: PlantedGames) -> None:
    # The tile as given is +120 Elo: fair about a target of +120, nothing to edit.
    result = tuned(load([DIAGONAL]), criteria=Criteria(30.0, centre=120.0))
    assert result.tuned is not None and result.tuned.steps == ()
    assert [trial.stage for trial in result.runs] == [Stage.TEST, Stage.CONFIRM]


def test_the_summary_counts_a_failed_confirmation(planted: PlantedGames, tmp_path: Path) -> None:
    planted.lucky.add(3)
    result = CliRunner().invoke(main, ["tune", "--replace", "Footman=DiagonalFootman",
                                       "--with", str(DIAGONAL), "--screen-games", "200",
                                       "--candidates", "10", "--no-progress",
                                       "--out", str(tmp_path)])  # fmt: skip
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "unconfirmed   1 tile tested fair, not confirmed (see tune.json)" in lines
    # The planted worths count a planted Move moved off its square as any other Move (12 Elo):
    # the tile of two steps below is worth exactly the Footman's.
    assert lines[-3:] == [
        "DiagonalFootman tuned in 2 steps (4 edits, in mirror pairs): fair within ±30 Elo "
        "against the Footman (search), confirmed",
        "  move move on the front from [-1, 1] to [-2, 2] (and its mirror image)",
        "  remove move at [-1, -1] from the back (and its mirror image)",
    ]
