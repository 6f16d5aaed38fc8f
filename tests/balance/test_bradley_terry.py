"""Ratings from a tournament: the fit, its intervals and bounds, and the test of one strength
per player, each on synthetic tournaments whose answer is known."""

import math
import random

import pytest

from dukec.stats.bradley_terry import EDGE, TAIL, FitError, Pairing, Rating, fit, gap
from dukec.stats.pairs import Pentanomial
from dukec.stats.stats import Z95, Trinomial, elo, expected_score, z_for
from dukec.stats.tournament import play, round_robin
from dukec.stats.transitivity import chi_squared_survival, consistency, summary


def exactly(first: str, second: str, difference: float, pairs: int = 20000) -> Pairing:
    """Pairs of WW and LL in the proportion a difference of ``difference`` Elo gives."""
    ww = round(expected_score(difference) * pairs)
    return Pairing(first, second, Pentanomial(ww=ww, ll=pairs - ww))


def test_the_fit_recovers_known_ratings() -> None:
    truth = {"random": 0.0, "greedy": 150.0, "search": 400.0, "mcts": -80.0}
    names = list(truth)
    pairings = [
        exactly(a, b, truth[a] - truth[b]) for i, a in enumerate(names) for b in names[i + 1 :]
    ]
    fitted = fit(names, pairings, "random")
    assert fitted.rating("random") == Rating("random", 0.0, 0.0, 0.0, 120000)
    for name, value in truth.items():
        rating = fitted.rating(name)
        assert rating.elo == pytest.approx(value, abs=1.0)
        assert rating.low <= value <= rating.high
        assert rating.bound is None


def test_two_players_rate_at_the_elo_of_their_score() -> None:
    # The likelihood of 30 points in 40 games peaks at p = 0.75: elo(0.75) = 190.8.
    games = Pairing("b", "a", Trinomial(losses=8, draws=4, wins=28))
    fitted = fit(["a", "b"], [games], "a")
    assert fitted.rating("b").elo == pytest.approx(elo(30 / 40), abs=1e-6)
    assert fitted.rating("b").games == 40


def test_pairs_count_as_one_sample_each() -> None:
    # Pairs all WW or LL are two games that always agree: the sandwich doubles the variance
    # of the same games counted one by one (the model's), so the interval is sqrt(2) wider.
    pairs = fit(["a", "b"], [Pairing("b", "a", Pentanomial(ww=30, ll=10))], "a").rating("b")
    games = fit(["a", "b"], [Pairing("b", "a", Trinomial(wins=60, losses=20))], "a").rating("b")
    assert pairs.elo == pytest.approx(games.elo)
    assert (pairs.high - pairs.low) / (games.high - games.low) == pytest.approx(math.sqrt(2))
    # The model's variance: 1 / (C^2 n p (1 - p)), C = ln 10 / 400, n = 80 games at p = 3/4.
    model = 1.0 / ((math.log(10) / 400) ** 2 * 80 * 0.75 * 0.25)
    assert (games.high - games.low) / 2 == pytest.approx(Z95 * math.sqrt(model))


def test_intervals_cover_the_truth_at_about_the_stated_rate() -> None:
    truth = {"a": 0.0, "b": 100.0, "c": 200.0, "d": -150.0, "e": 350.0}
    covered = total = 0
    for seed in range(200):
        pairings = round_robin(random.Random(seed), truth, 40, draw=0.3, copy=0.3)
        for rating in fit(list(truth), pairings, "a").ratings[1:]:
            total += 1
            covered += rating.low <= truth[rating.name] <= rating.high
    # 800 intervals at 95%: the standard error of the rate is 0.8 points.
    assert 0.92 <= covered / total <= 0.98


def test_a_clean_sweep_is_a_lower_bound() -> None:
    fitted = fit(["random", "search"], [Pairing("random", "search", Pentanomial(ll=50))], "random")
    search = fitted.rating("search")
    # 50 pairs all won: p^50 <= 2.5% unless p > 0.025^(1/50), i.e. above 446.4 Elo.
    assert search.elo is None and search.bound == "lower"
    assert search.low == pytest.approx(elo(0.025 ** (1 / 50))) == pytest.approx(446.38, abs=0.01)
    assert search.high == math.inf
    assert (search.shown(), search.span()) == ("at least +446", "+446 or more")
    assert search.to_json() == {"elo": None, "elo_ci95": [search.low, None], "bound": "lower",
                                "games": 100}  # fmt: skip
    beaten = fit(["random", "search"], [Pairing("search", "random", Pentanomial(ww=50))], "search")
    assert beaten.rating("random").high == pytest.approx(-search.low)
    assert beaten.rating("random").shown() == "at most -446"


def test_a_bound_takes_the_best_route_with_its_share_of_the_error() -> None:
    # random and greedy rated; search won every game against both.
    pairings = [
        exactly("random", "greedy", -300.0, 100),
        Pairing("random", "search", Pentanomial(ll=100)),
        Pairing("greedy", "search", Pentanomial(ll=60)),
    ]
    fitted = fit(["random", "greedy", "search"], pairings, "random")
    greedy = fitted.rating("greedy")
    assert greedy.elo is not None
    # Three uncertain terms (two gaps, greedy's lower end) share the 2.5%.
    tail = TAIL / 3
    spread = (greedy.high - greedy.low) / (2 * Z95)
    via_greedy = greedy.elo - z_for(tail) * spread + gap(60, tail)
    via_random = gap(100, tail)
    assert fitted.rating("search").low == pytest.approx(max(via_greedy, via_random))
    assert fitted.groups == (("random", "greedy"), ("search",))


def test_a_group_above_the_anchor_gets_bounds_and_no_finite_rating() -> None:
    pairings = [
        Pairing("random", "greedy", Pentanomial(ll=20)),
        Pairing("random", "search", Pentanomial(ll=20)),
        exactly("greedy", "search", -100.0, 200),
    ]
    fitted = fit(["random", "greedy", "search"], pairings, "random")
    assert [r.bound for r in fitted.ratings] == [None, "lower", "lower"]
    assert fitted.strengths["search"] == pytest.approx(100.0, abs=2.0)  # within its group


def test_a_sweep_bound_misses_at_most_at_its_stated_rate() -> None:
    # The worst case: the two games of a pair always agree and nothing is drawn, so a pair is
    # won whole with chance p itself. At p^20 = 2% (below the bound's 2.5%) the bound is above
    # the truth exactly when all 20 pairs are won.
    truth = elo(0.02 ** (1 / 20))
    assert truth < gap(20, TAIL)
    rng = random.Random(5)
    misses = 0
    runs = 2000
    for _ in range(runs):
        pairing = play(rng, "b", "a", truth, 20, draw=0.0, copy=1.0)
        rating = fit(["a", "b"], [pairing], "a").rating("b")
        misses += rating.bound == "lower" and rating.low > truth
    assert misses / runs <= 0.03


def test_the_first_sides_edge_is_fitted_beside_the_players() -> None:
    truth = {"a": 0.0, "b": 120.0, "c": -60.0}
    edge = 90.0
    pairings = [
        exactly(x, y, truth[x] - truth[y] + edge, 40000) for x in truth for y in truth
    ]  # every order, the diagonal too (a player against itself measures only the edge)
    fitted = fit(list(truth), pairings, "a", edge=True)
    assert fitted.edge is not None and fitted.edge.name == EDGE
    assert fitted.edge.elo == pytest.approx(edge, abs=1.0)
    for name, value in truth.items():
        assert fitted.rating(name).elo == pytest.approx(value, abs=1.0)
    with pytest.raises(FitError, match="the first side won"):
        fit(["a", "b"], [Pairing(x, y, Pentanomial(ww=30)) for x in "ab" for y in "ab"], "a",
            edge=True)  # fmt: skip


@pytest.mark.parametrize(
    ("players", "anchor", "message"),
    [
        (["greedy", "search"], "random", "the anchor 'random' is not among the players"),
        (["random", "random"], "random", "a player is listed twice"),
        (["random"], "random", "a pairing names an unknown player: greedy"),
    ],
)
def test_bad_players_are_named(players: list[str], anchor: str, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        fit(players, [Pairing("random", "greedy", Pentanomial(ww=1))], anchor)
    assert str(caught.value) == message


# --- one strength per player? ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("x", "df", "p"),
    [(3.841459, 1, 0.05), (5.991465, 2, 0.05), (7.814728, 3, 0.05), (12.59159, 6, 0.05),
     (19.8, 6, 0.0030057), (30.0, 7, 9.496e-05), (0.0, 4, 1.0)],
)  # fmt: skip
def test_chi_squared_tail(x: float, df: int, p: float) -> None:
    assert chi_squared_survival(x, df) == pytest.approx(p, rel=1e-3)


def test_a_transitive_tournament_passes_at_about_the_stated_rate() -> None:
    truth = {"a": 0.0, "b": 100.0, "c": 200.0, "d": -150.0, "e": 350.0}
    rejected = 0
    for seed in range(300):
        fitted = fit(list(truth), round_robin(random.Random(seed), truth, 200), "a")
        test = consistency(fitted)
        assert test.df == 10 - 4
        rejected += test.p_value is not None and test.p_value < 0.05
    # The smoothed standard errors make it a little cautious with few pairs; at 200 pairs a
    # pairing it is about at its level (benchmarks/ratings_calibration.py: 5.1% of 1500).
    assert rejected / 300 <= 0.085


def test_rock_paper_scissors_is_not_one_strength_each() -> None:
    pairings = [
        exactly("A", "B", 200, 100),
        exactly("B", "C", 200, 100),
        exactly("C", "A", 200, 100),
    ]
    fitted = fit(["A", "B", "C"], pairings, "A")
    assert [rating.elo for rating in fitted.ratings] == pytest.approx([0.0, 0.0, 0.0], abs=1e-6)
    found = summary(fitted, 0.05, "tile")
    assert found["transitive"] is False and found["df"] == 1
    assert found["words"] == (
        "these results are not consistent with one strength per tile (chi-squared 109.6 on 1 "
        "degree of freedom, p < 0.001): e.g. A beats B by 200, yet loses to C by 200 where B "
        "beats C by 200; read the results head to head, not the ratings"
    )


def test_the_example_reads_as_a_designer_would_say_it() -> None:
    pairings = [
        exactly("Wizard", "Footman", 200, 400),
        exactly("Wizard", "Assassin", 0, 400),
        exactly("Assassin", "Footman", 60, 400),
    ]
    found = summary(fit(["Footman", "Wizard", "Assassin"], pairings, "Footman"), 0.05, "tile")
    assert (
        "e.g. Assassin beats Footman by 60, yet ties Wizard where Footman loses to Wizard by 200;"
        in found["words"]
    )


def test_a_consistent_tournament_says_so_with_its_figures() -> None:
    pairings = [
        exactly("a", "b", -100, 400),
        exactly("b", "c", -100, 400),
        exactly("a", "c", -200, 400),
    ]
    found = summary(fit(["a", "b", "c"], pairings, "a"), 0.05, "policy")
    assert found["transitive"] is True
    assert found["words"].startswith(
        "one strength per policy fits the results within their errors (chi-squared 0.0 on 1 "
        "degree of freedom, p = "
    )


def test_two_players_leave_nothing_to_test() -> None:
    found = summary(fit(["a", "b"], [exactly("a", "b", 50, 100)], "a"), 0.05, "tile")
    assert found["p_value"] is None and found["transitive"] is None
    assert found["words"] == "too few results to test whether one strength per tile explains them"


def test_pairings_won_whole_across_groups_are_left_out_of_the_test() -> None:
    pairings = [
        exactly("a", "b", -100, 400),
        exactly("b", "c", -100, 400),
        exactly("a", "c", -200, 400),
        Pairing("a", "d", Pentanomial(ll=10)),
        Pairing("b", "d", Pentanomial(ll=10)),
    ]
    test = consistency(fit(["a", "b", "c", "d"], pairings, "a"))
    assert (test.df, test.untested) == (1, 2)
