"""A tile's worth: the experiment, planted truths, the reference unit."""

import math
from typing import Any

import pytest

from dukec.balance.experiments import UnknownName, army_tiles, find_set
from dukec.balance.run import Settings
from dukec.balance.stats import Z95
from dukec.insight.value import (
    InsightError,
    Worth,
    army_of,
    measure,
    ratio,
    signed,
    value_experiment,
    with_tile,
    without_tile,
)

GREEDY = Settings(games=400, seed=1, policy="greedy", paired=True)


def _armies(experiment: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    ab = next(s for s in experiment.tileset["sets"] if s["name"] == experiment.sets[0])
    return ab["armies"][0], ab["armies"][1]


def test_without_a_tile_that_starts_on_the_board(tileset: dict[str, Any]) -> None:
    having, lacking = _armies(value_experiment(tileset, None, "footman"))
    assert "Footman" in army_tiles(having)
    assert "Footman" not in army_tiles(lacking)
    assert [entry["tile"] for entry in lacking["start"]] == ["Duke"]
    assert army_tiles(having) - army_tiles(lacking) == {"Footman"}


def test_seats_alternate_army_b_first_in_the_other_set(tileset: dict[str, Any]) -> None:
    experiment = value_experiment(tileset, None, "Pikeman")
    ba = next(s for s in experiment.tileset["sets"] if s["name"] == experiment.sets[1])
    having, lacking = _armies(experiment)
    assert ba["armies"] == [lacking, having]


def test_in_place_of_takes_every_copy_and_the_other_army_lacks_both(
    tileset: dict[str, Any],
) -> None:
    having, lacking = _armies(value_experiment(tileset, None, "Footsoldier", "Footman"))
    assert [e["tile"] for e in having["start"]] == ["Duke", "Footsoldier"]
    assert {"tile": "Footsoldier", "count": 1} in having["bag"]
    assert not {"Footman", "Footsoldier"} & army_tiles(lacking)


def test_a_tile_the_army_lacks_goes_into_its_bag(tileset: dict[str, Any]) -> None:
    having, lacking = _armies(value_experiment(tileset, None, "JumpingFootman"))
    assert {"tile": "JumpingFootman", "count": 3} in having["bag"]
    assert lacking == find_set(tileset, None)["armies"][0]


def test_with_tile_adds_to_an_existing_stack() -> None:
    army = {"start": [], "bag": [{"tile": "A", "count": 1}]}
    assert with_tile(army, "A", 2)["bag"] == [{"tile": "A", "count": 3}]


def test_a_tile_others_start_beside_cannot_be_left_out(tileset: dict[str, Any]) -> None:
    army = find_set(tileset, None)["armies"][0]
    with pytest.raises(InsightError) as error:
        without_tile(army, "Duke")
    assert (
        str(error.value) == "'Footman' starts beside 'Duke'; without 'Duke' it has nowhere to start"
    )


@pytest.mark.parametrize(
    ("tile", "place", "message"),
    [
        (
            "Fotman",
            None,
            "unknown tile 'Fotman'; did you mean 'Footman' or 'Bowman' or 'JumpingFootman'?",
        ),
        (
            "Duke",
            None,
            "'Duke' acts as the Duke: no game is played without a Duke, so it has no worth "
            "to measure",
        ),
        ("Footman", "Footman", "a tile cannot take its own place ('Footman')"),
        (
            "Pikeman",
            "Footman",
            "tile 'Pikeman' is already in the army of game set 'base'; value it without "
            "--in-place-of",
        ),
        (
            "Footsoldier",
            "Mountain",
            "tile 'Mountain' is in no army of game set 'base', so 'Footsoldier' has no place "
            "to take",
        ),
    ],
)
def test_refusals(tileset: dict[str, Any], tile: str, place: str | None, message: str) -> None:
    # An unknown name is an UnknownName (bad usage); the other refusals are InsightErrors.
    with pytest.raises(UnknownName if tile == "Fotman" else InsightError) as error:
        value_experiment(tileset, None, tile, place)
    assert str(error.value) == message


def test_odd_games_are_refused(tileset: dict[str, Any]) -> None:
    with pytest.raises(InsightError, match="give an even number of games, not 3"):
        measure(tileset, None, "Footman", Settings(games=3, seed=1, paired=True))


def test_army_of_leaves_the_duke_out(tileset: dict[str, Any]) -> None:
    names = army_of(tileset, None)
    assert "Duke" not in names and "Footman" in names and "Mountain" not in names
    assert len(names) == 14


@pytest.fixture(scope="module")
def footman(tileset: dict[str, Any]) -> Worth:
    """The Footman's worth to greedy players."""
    return measure(tileset, None, "Footman", GREEDY).worth


def test_a_renamed_copy_is_worth_the_same(tileset: dict[str, Any], footman: Worth) -> None:
    original = footman
    copy = measure(tileset, None, "Footsoldier", GREEDY, in_place_of="Footman").worth
    assert copy.tile == "Footsoldier"
    # The intervals overlap.
    assert copy.elo_ci95[0] <= original.elo_ci95[1]
    assert original.elo_ci95[0] <= copy.elo_ci95[1]


def test_the_overpowered_footman_is_worth_more_intervals_apart(
    tileset: dict[str, Any], footman: Worth
) -> None:
    jumping = measure(tileset, None, "JumpingFootman", GREEDY, in_place_of="Footman").worth
    assert jumping.elo_ci95[0] > footman.elo_ci95[1]
    assert footman.elo_ci95[0] > 0.0  # the Footman is worth something to greedy players
    units = ratio(jumping, footman)
    assert units is not None and units.ci95[0] > 1.0


def test_same_seed_same_worth(tileset: dict[str, Any]) -> None:
    settings = Settings(games=40, seed=7, policy="random", paired=True)
    first = measure(tileset, None, "Pikeman", settings)
    again = measure(tileset, None, "Pikeman", settings)
    assert first.worth == again.worth
    assert first.to_json() == again.to_json()
    assert [s for _, s in first.games] == [s for _, s in again.games]


def _worth(elo: float, low: float, high: float) -> Worth:
    return Worth("T", elo, (low, high), 0.5, (0.4, 0.6), 10)


def test_ratio_by_the_delta_method() -> None:
    tile = _worth(100.0, 100.0 - Z95 * 20.0, 100.0 + Z95 * 20.0)  # se 20
    unit = _worth(50.0, 50.0 - Z95 * 10.0, 50.0 + Z95 * 10.0)  # se 10
    found = ratio(tile, unit)
    assert found is not None
    assert found.value == pytest.approx(2.0)
    # se(r) = 2 sqrt(0.2^2 + 0.2^2)
    spread = 2.0 * math.hypot(0.2, 0.2)
    assert found.ci95 == pytest.approx((2.0 - Z95 * spread, 2.0 + Z95 * spread))
    assert found.to_json()["method"] == "delta"


def test_no_ratio_to_a_unit_not_measurably_apart_from_zero() -> None:
    assert ratio(_worth(100.0, 80.0, 120.0), _worth(5.0, -10.0, 20.0)) is None
    assert ratio(_worth(100.0, 80.0, math.inf), _worth(50.0, 40.0, 60.0)) is None


def test_ratio_of_a_nil_worth() -> None:
    found = ratio(_worth(0.0, -Z95 * 10.0, Z95 * 10.0), _worth(50.0, 40.0, 60.0))
    assert found is not None and found.value == 0.0
    assert found.ci95 == pytest.approx((-Z95 * 10.0 / 50.0, Z95 * 10.0 / 50.0))


def test_a_terrain_tile_is_not_put_into_a_bag(tileset: dict[str, Any]) -> None:
    with pytest.raises(InsightError) as error:
        value_experiment(tileset, None, "Dragon")
    assert str(error.value) == (
        "'Dragon' is a terrain tile and in no army of game set 'base'; only a troop tile can "
        "be put into the bag"
    )


def test_signed_never_shows_minus_zero() -> None:
    assert [signed(x) for x in (51.4, -3.2, -0.4, 0.0, 0.49)] == ["+51", "-3", "+0", "+0", "+0"]
