"""A tile's worth: the experiments (one copy in a reference's place, the bag), planted truths."""

import math
from typing import Any

import pytest

from dukec.balance.plans import (
    InsightError,
    Kind,
    Slot,
    army_of,
    bag_experiment,
    one_in_place,
    slot_of,
    value_experiment,
    with_tile,
    without_tile,
)
from dukec.balance.run import Settings
from dukec.insight.value import Worth, article, measure, ratio, signed
from dukec.stats.decision import Outcome
from dukec.stats.stats import Z95
from dukec.tileset import UnknownName, army_tiles, find_set

GREEDY = Settings(games=400, seed=1, policy="greedy", paired=True)


def _armies(experiment: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    ab = next(s for s in experiment.tileset["sets"] if s["name"] == experiment.sets[0])
    return ab["armies"][0], ab["armies"][1]


def _count(tileset: dict[str, Any], name: str) -> int:
    return int(next(tile for tile in tileset["tiles"] if tile["name"] == name)["count"])


def test_one_copy_takes_a_starting_footmans_place(tileset: dict[str, Any]) -> None:
    experiment = value_experiment(tileset, None, "jumpingfootman")
    having, standard = _armies(experiment)
    assert standard == find_set(tileset, None)["armies"][0]
    assert having["start"] == [
        {"tile": "Duke", "count": 1, "squares": ["c1", "d1"]},
        {"tile": "Footman", "count": 1, "beside": "Duke"},
        {"tile": "JumpingFootman", "count": 1, "beside": "Duke"},
    ]
    assert having["bag"] == standard["bag"]  # the bag keeps its length: nothing is diluted
    assert experiment.replaced == ("Footman", "JumpingFootman")
    assert experiment.subject == "One JumpingFootman in place of one Footman (start)"


def test_seats_alternate_the_standard_army_first_in_the_other_set(
    tileset: dict[str, Any],
) -> None:
    experiment = value_experiment(tileset, None, "Wizard")
    ba = next(s for s in experiment.tileset["sets"] if s["name"] == experiment.sets[1])
    having, standard = _armies(experiment)
    assert ba["armies"] == [standard, having]


def test_a_tile_the_army_holds_gains_a_copy(tileset: dict[str, Any]) -> None:
    experiment = value_experiment(tileset, None, "Wizard")
    having, _standard = _armies(experiment)
    assert {"tile": "Wizard", "count": 1} in having["bag"]
    assert {"tile": "Wizard", "count": 1, "beside": "Duke"} in having["start"]
    assert _count(experiment.tileset, "Wizard") == 2  # room for the second copy


def test_a_reference_in_the_bag_gives_a_bag_slot(tileset: dict[str, Any]) -> None:
    army = find_set(tileset, None)["armies"][0]
    assert slot_of(army, "Footman") is Slot.START and slot_of(army, "Pikeman") is Slot.BAG
    having, standard = _armies(value_experiment(tileset, None, "Footsoldier", "Pikeman"))
    assert having["start"] == standard["start"]
    bag = {stack["tile"]: stack["count"] for stack in having["bag"]}
    assert (bag["Pikeman"], bag["Footsoldier"]) == (2, 1)
    assert sum(bag.values()) == sum(stack["count"] for stack in standard["bag"])


def test_one_in_place_drops_an_emptied_entry() -> None:
    army = {"start": [{"tile": "A", "count": 1, "squares": ["a1"]}], "bag": []}
    assert one_in_place(army, "A", "B")["start"] == [{"tile": "B", "count": 1, "squares": ["a1"]}]
    bagged = {"start": [], "bag": [{"tile": "A", "count": 1}, {"tile": "C", "count": 2}]}
    assert one_in_place(bagged, "A", "B")["bag"] == [
        {"tile": "B", "count": 1},
        {"tile": "C", "count": 2},
    ]


def test_bag_worth_takes_every_copy_out(tileset: dict[str, Any]) -> None:
    having, lacking = _armies(bag_experiment(tileset, None, "footman"))
    assert "Footman" in army_tiles(having)
    assert [entry["tile"] for entry in lacking["start"]] == ["Duke"]
    assert army_tiles(having) - army_tiles(lacking) == {"Footman"}


def test_bag_worth_of_a_tile_the_army_lacks_adds_it_to_the_bag(tileset: dict[str, Any]) -> None:
    having, lacking = _armies(bag_experiment(tileset, None, "JumpingFootman"))
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


def test_a_lone_tile_others_start_beside_keeps_its_place() -> None:
    army = {
        "start": [
            {"tile": "A", "count": 1, "squares": ["a1"]},
            {"tile": "C", "count": 1, "beside": "A"},
        ],
        "bag": [],
    }
    with pytest.raises(InsightError) as error:
        one_in_place(army, "A", "B")
    assert str(error.value) == (
        "a tile starts beside the one 'A'; with a 'B' in its place it has nowhere to start"
    )


@pytest.mark.parametrize(
    ("tile", "place", "message"),
    [
        (
            "Fotman",
            "Footman",
            "unknown tile 'Fotman'; did you mean 'Footman' or 'Bowman' or 'JumpingFootman'?",
        ),
        (
            "Duke",
            "Footman",
            "'Duke' acts as the Duke: no game is played without a Duke, so it has no worth "
            "to measure",
        ),
        ("Footman", "Footman", "a tile cannot take its own place ('Footman')"),
        (
            "Footsoldier",
            "Oracle",
            "tile 'Oracle' is in no army of game set 'base', so 'Footsoldier' has no place to take",
        ),
        ("Mountain", "Footman", "'Mountain' is a terrain tile; 'Footman' is not"),
    ],
)
def test_refusals(tileset: dict[str, Any], tile: str, place: str, message: str) -> None:
    # An unknown name is an UnknownName (bad usage); the other refusals are InsightErrors.
    with pytest.raises(UnknownName if tile == "Fotman" else InsightError) as error:
        value_experiment(tileset, None, tile, place)
    assert str(error.value) == message


def test_a_terrain_tile_is_not_put_into_a_bag(tileset: dict[str, Any]) -> None:
    with pytest.raises(InsightError) as error:
        bag_experiment(tileset, None, "Dragon")
    assert str(error.value) == (
        "'Dragon' is a terrain tile and in no army of game set 'base'; only a troop tile can "
        "be put into the bag"
    )


def test_odd_games_are_refused(tileset: dict[str, Any]) -> None:
    with pytest.raises(InsightError, match="give an even number of games, not 3"):
        measure(tileset, None, "Wizard", Settings(games=3, seed=1, paired=True))


def test_army_of_leaves_the_duke_out(tileset: dict[str, Any]) -> None:
    names = army_of(tileset, None)
    assert "Duke" not in names and "Footman" in names and "Mountain" not in names
    assert len(names) == 14


def test_the_reference_is_worth_nothing_without_a_game(tileset: dict[str, Any]) -> None:
    valuation = measure(tileset, None, "footman", GREEDY)
    assert valuation.reference and valuation.result is None
    assert valuation.worth == Worth("Footman", 0.0, (0.0, 0.0), 0.5, (0.5, 0.5), 0, 0.0)
    assert valuation.pair_scores(3) == [0.5, 0.5, 0.5]
    with pytest.raises(InsightError, match="it is worth \\+0 a copy without a game"):
        valuation.played()


def test_a_renamed_copy_is_worth_exactly_nothing(tileset: dict[str, Any]) -> None:
    # The same army in both seats: each pair is one game played twice, seats swapped.
    copy = measure(tileset, None, "Footsoldier", GREEDY)
    assert copy.worth.score == 0.5
    assert copy.result is not None and copy.result.decision.outcome is Outcome.FAIR


def test_the_overpowered_footman_is_worth_more_than_the_footman(tileset: dict[str, Any]) -> None:
    # The planted truth at the default policy and games: intervals apart (the Footman's is 0).
    settings = Settings(games=1000, seed=1, policy="greedy", paired=True)
    jumping = measure(tileset, None, "JumpingFootman", settings)
    assert jumping.worth.elo_ci95[0] > 100.0
    assert jumping.result is not None and jumping.result.decision.outcome is Outcome.STRONGER
    assert jumping.in_place_of == "Footman" and jumping.kind is Kind.COPY


def test_same_seed_same_worth(tileset: dict[str, Any]) -> None:
    settings = Settings(games=40, seed=7, policy="random", paired=True)
    first = measure(tileset, None, "Pikeman", settings, kind=Kind.BAG)
    again = measure(tileset, None, "Pikeman", settings, kind=Kind.BAG)
    assert first.worth == again.worth
    assert first.to_json() == again.to_json()
    assert [s for _, s in first.games] == [s for _, s in again.games]


def test_pair_scores_follow_the_games(tileset: dict[str, Any]) -> None:
    settings = Settings(games=40, seed=7, policy="random", paired=True)
    valuation = measure(tileset, None, "Wizard", settings)
    scores = valuation.pair_scores(20)
    assert len(scores) == 20 and set(scores) <= {0.0, 0.25, 0.5, 0.75, 1.0}
    assert sum(scores) / 20 == pytest.approx(valuation.worth.score)


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


def test_words() -> None:
    assert [signed(x) for x in (51.4, -3.2, -0.4, 0.0, 0.49)] == ["+51", "-3", "+0", "+0", "+0"]
    assert (article("Footman"), article("Assassin")) == ("a Footman", "an Assassin")
