"""Manifests and statistics at the edges: numbers outside a domain refused when a manifest is
read (and never written), tiny alphas inside the documented range working, and a manifest of
thousands of entries read in one pass."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path
from statistics import NormalDist
from typing import Any

import pytest
from click.testing import CliRunner

from dukec.cli import main
from dukec.insight import manifest
from dukec.insight.drift import Drift, expected_power, games_for_power, score_shift
from dukec.insight.manifest import ManifestError, dumps, parse, record
from dukec.insight.regression import Checked, recording_note
from dukec.stats.decision import Criteria, Outcome, fixed_decision
from dukec.stats.stats import Sprt, Trinomial, chance, elo, expected_score, z_for
from tests.insight.test_manifest import ENTRY, _table


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"margin = 60.0": "margin = 1e308"}, "25:1: error: 'margin' must be at most 1,000 Elo"),
        ({"margin = 60.0": "margin = inf"}, "25:1: error: 'margin' must be at most 1,000 Elo"),
        ({"margin = 60.0": "margin = nan"}, "25:1: error: 'margin' must be above 0 Elo"),
        ({"alpha = 0.01": "alpha = nan"}, "26:1: error: 'alpha' must be between 0 and 0.5"),
        ({"alpha = 0.01": "alpha = 0"}, "26:1: error: 'alpha' must be between 0 and 0.5"),
        ({"score = 0.5625": "score = nan"}, "21:1: error: 'score' must be between 0 and 1"),
        ({"score = 0.5625": "score = inf"}, "21:1: error: 'score' must be between 0 and 1"),
        ({"elo = 43.6": "elo = nan"}, "23:1: error: 'elo' must be a finite number"),
        ({"elo = 43.6": "elo = -inf"}, "23:1: error: 'elo' must be a finite number"),
        (
            {"score = 0.5625": "score = 1.0", "elo = 43.6": "elo = inf"},
            "23:1: error: 'elo' must be a finite number: a score of 0 or 1 (every game lost, "
            "or every game won) has no finite Elo; record the experiment with more games, or a "
            "closer one",
        ),
        (
            {"[10.25, 90.0]": "[nan, 90.0]"},
            "24:1: error: 'elo_ci95' must be two numbers, low then high",
        ),
        (
            {"score = 0.5625": "score = 1.0", "score_se = 0.0125": "score_se = 0.0"},
            "22:1: error: 'score_se' must be above 0: a score without spread (every pair of "
            "games alike) gives a check nothing to test against; record the experiment with "
            "more games, or a closer one",
        ),
        (
            {"score_se = 0.0125": "score_se = 0.0"},
            "22:1: error: 'score_se' must be above 0: a score without spread (every pair of "
            "games alike) gives a check nothing to test against; record the experiment with "
            "more games, or a closer one",
        ),
        ({"score_se = 0.0125": "score_se = true"}, "22:1: error: 'score_se' must be a number"),
    ],
)
def test_numbers_outside_their_domain_are_refused(
    tmp_path: Path, changes: dict[str, str], message: str
) -> None:
    path = tmp_path / "balance.toml"
    text = _table(**changes)
    path.write_text(text)
    with pytest.raises(ManifestError) as error:
        parse(text, path)
    assert str(error.value) == f"{path}:{message}"
    result = CliRunner().invoke(main, ["recheck", str(path)])
    assert (result.exit_code, result.output) == (1, f"{path}:{message}\n")


def test_an_estimate_without_spread_is_never_recorded(tmp_path: Path) -> None:
    path = tmp_path / "balance.toml"
    won = replace(ENTRY, score=1.0, score_se=0.0, elo=math.inf, elo_ci95=(500.0, math.inf))
    with pytest.raises(ManifestError) as error:
        record(path, won)
    assert str(error.value) == (
        f"{path}: error: one Footsoldier in place of one Footman is not recorded: 'score_se' "
        "must be above 0: a score without spread (every pair of games alike) gives a check "
        "nothing to test against; record the experiment with more games, or a closer one"
    )
    assert not path.exists()
    record(path, ENTRY)
    with pytest.raises(ManifestError):
        record(path, won)
    assert manifest.read(path) == [ENTRY]


@pytest.mark.parametrize("alpha", [1e-300, 5e-324])
def test_a_tiny_alpha_in_a_manifest_checks(tmp_path: Path, alpha: float) -> None:
    path = tmp_path / "balance.toml"
    text = dumps([replace(ENTRY, alpha=alpha)])
    (entry,) = parse(text, path)
    assert entry.alpha == alpha
    same = Checked(entry, 2, entry.score, entry.score_se, entry.tileset_hash)
    assert not same.drifted
    far = Checked(entry, 2, 0.001, 0.0005, entry.tileset_hash)
    assert far.drifted == math.isfinite(z_for(alpha / 2.0))
    assert same.line(path).startswith("ok one Footsoldier in place of one Footman: ")
    assert recording_note(entry).startswith("manifest: one Footsoldier in place of one Footman")
    expected_power(entry.score, entry.score_se, entry.margin, alpha)


def test_margins_and_scores_at_their_ends() -> None:
    assert score_shift(0.5625, 1000.0) > 0.4
    assert 0.0 < score_shift(1e-300, 60.0) < 1e-290
    assert games_for_power(0.5, 0.01, 1000, 60.0, 5e-324, 0.9) is None
    assert expected_score(elo(1e-300)) == pytest.approx(1e-300, rel=1e-6)
    assert expected_score(-1e6) == 0.0 and expected_score(1e6) == 1.0
    drift = Drift(1e-300, 1e-301, 0.5, 0.01, 0.01)
    assert drift.drifted
    drift.elo_change()


def test_the_normal_quantile_of_any_tail_in_the_range() -> None:
    # Unchanged where 1 - tail is exact enough; by symmetry below, where it rounds to 1.
    for tail in (0.25, 0.025, 0.005, 1e-6, 1e-9):
        assert z_for(tail) == NormalDist().inv_cdf(1.0 - tail)
    assert z_for(1e-300) == pytest.approx(37.0471, abs=1e-4)
    assert z_for(5e-324) == pytest.approx(38.4674, abs=1e-3)
    assert z_for(0.0) == math.inf
    assert Sprt(alpha=0.0).upper == math.inf and Sprt(beta=0.0).lower == -math.inf
    assert chance(0.05) == "5%" and chance(0.001) == "0.1%" and chance(1e-300) == "1e-298%"


BALANCE = ["balance", "--replace", "Knight=Footman", "--games", "4", "--policy", "random"]


@pytest.mark.parametrize("alpha", ["1e-300", "5e-324"])
@pytest.mark.parametrize(
    "command",
    [
        ["value", "Knight", "--games", "4", "--policy", "random"],
        ["matrix", "Knight,Footman", "--games", "4", "--policy", "random"],
        [*BALANCE],
        [*BALANCE, "--stop", "sprt"],
    ],
    ids=["value", "matrix", "balance", "balance-sprt"],
)
def test_a_tiny_alpha_works_in_every_command(command: list[str], alpha: str) -> None:
    result = CliRunner().invoke(main, [*command, "--alpha", alpha, "--no-progress"])
    assert result.exit_code == 0, result.output
    assert "0% false" not in result.output and "at most 0% chance" not in result.output


def test_a_tiny_alpha_decides_a_fixed_run() -> None:
    found = fixed_decision(Trinomial(losses=300, draws=400, wins=300), Criteria(alpha=1e-300))
    assert found.outcome is Outcome.INCONCLUSIVE
    assert found.criteria.rates(found.method) == (
        "fixed length: 1e-298% false alarms at +0 Elo, 1e-298% false 'fair' at ±30 Elo"
    )
    stronger = fixed_decision(Trinomial(losses=0, draws=10, wins=990), Criteria(alpha=1e-300))
    assert stronger.outcome is Outcome.STRONGER


def test_a_long_manifest_is_read_in_one_pass(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    entries = [replace(ENTRY, tile=f"Tile{n}") for n in range(2000)]
    text = dumps(entries).replace("margin = 60.0", "margin = -1")
    path = tmp_path / "balance.toml"
    indexed: list[Any] = []
    original = manifest._Places.of

    def counted(text: str) -> Any:
        indexed.append(text)
        return original(text)

    monkeypatch.setattr(manifest._Places, "of", counted)
    with pytest.raises(ManifestError) as error:
        parse(text, path)
    assert str(error.value) == f"{path}:25:1: error: 'margin' must be above 0 Elo"
    ok = dumps(entries)
    assert [entry.line for entry in parse(ok, path)][-2:] == [9 + 19 * 1998, 9 + 19 * 1999]
    assert len(indexed) == 2  # once a parse, not once an entry


def test_a_tiny_alpha_works_in_tune(tmp_path: Path) -> None:
    jumping = Path(__file__).resolve().parents[1] / "balance" / "tiles" / "jumping_footman.duke"
    arguments = ["tune", "--replace", "Footman=JumpingFootman", "--with", str(jumping)]
    arguments += ["--alpha", "1e-300", "--policy", "random", "--games", "4"]
    arguments += ["--screen-games", "2", "--max-steps", "1", "--no-progress"]
    result = CliRunner().invoke(main, [*arguments, "--out", str(tmp_path / "tuned")])
    assert result.exit_code in (3, 4), result.output  # no fair tile in 4 games: not an error
    assert "Error" not in result.output
