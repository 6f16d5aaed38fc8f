"""The rated ladder: the Elo fit, the ratings file, paired games on the engine, mixed policies."""

import json
import math
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dukec.balance import ratings
from dukec.balance.experiments import AB_SET, BA_SET, replace
from dukec.balance.game import policy_seconds, split_policy, tileset_digest
from dukec.balance.ladder import LadderSettings, run_ladder
from dukec.balance.pairs import Pentanomial
from dukec.balance.play import make_policy
from dukec.balance.ratings import Pairing, fit
from dukec.balance.run import Settings, run
from dukec.balance.search import DEFAULT_BUDGET, SearchPlayer
from dukec.balance.stats import expected_score
from dukec.cli import main
from dukec.engine import load_rules

TILES = Path(__file__).resolve().parent / "tiles"
JUMPING = str(TILES / "jumping_footman.duke")


def pentanomial_of(score: float, pairs: int) -> Pentanomial:
    """Pairs made of WW and LL in the proportion that gives ``score``."""
    ww = round(score * pairs)
    return Pentanomial(ww=ww, ll=pairs - ww)


def test_the_fit_recovers_known_ratings() -> None:
    truth = {"random": 0.0, "greedy": 150.0, "search": 400.0}
    pairings = [
        Pairing(a, b, pentanomial_of(expected_score(truth[a] - truth[b]), 20000))
        for a, b in (("random", "greedy"), ("random", "search"), ("greedy", "search"))
    ]
    fitted = {rating.policy: rating for rating in fit(list(truth), pairings)}
    assert fitted["random"].elo == 0.0
    for name, elo in truth.items():
        assert fitted[name].elo == pytest.approx(elo, abs=3.0)
        assert fitted[name].low <= elo <= fitted[name].high
    assert fitted["greedy"].games == 80000


def test_a_clean_sweep_still_has_a_finite_rating() -> None:
    fitted = fit(["random", "search"], [Pairing("random", "search", Pentanomial(ll=50))])
    search = fitted[1]
    # One virtual draw in 101 games: 0.5 / 101 points for random, so search is at
    # 400 log10(100.5 / 0.5) = 921.3 Elo.
    assert search.elo == pytest.approx(400 * math.log10(100.5 / 0.5), abs=0.1)
    assert search.low < search.elo < search.high
    assert math.isfinite(search.high)


def test_ratings_need_random() -> None:
    with pytest.raises(ValueError, match="a ladder needs the 'random' policy"):
        fit(["greedy", "search"], [])


def test_a_small_ladder_ranks_random_greedy_search(base_tileset: dict[str, Any]) -> None:
    settings = LadderSettings(("random", "greedy", "search"), games=16, seed=2, budget=40)
    result = run_ladder(base_tileset, None, settings)
    elo = {rating.policy: rating.elo for rating in result.ratings}
    assert elo["random"] == 0.0 < elo["greedy"] < elo["search"]
    assert [run.tally.games for run in result.runs] == [16, 16, 16]
    assert all(run.tally.paired for run in result.runs)
    assert result.game == "base"


def test_the_new_tile_takes_the_old_tiles_place_in_the_bag(
    base_tileset: dict[str, Any], test_tiles: dict[str, Any]
) -> None:
    # A draw takes a bag position; NEW holds OLD's positions, so a pair's k-th draws agree.
    experiment = replace(base_tileset, None, "Footman", "JumpingFootman", test_tiles)
    for set_name, variant in ((AB_SET, 0), (BA_SET, 1)):
        rules = load_rules(experiment.tileset, set_name)
        names = [[rules.types[t].name for t in bag] for bag in rules.bags]
        renamed = ["Footman" if n == "JumpingFootman" else n for n in names[variant]]
        assert "JumpingFootman" in names[variant]
        assert renamed == names[1 - variant]


def test_paired_engine_games_are_the_same_on_one_and_two_workers(
    base_tileset: dict[str, Any], test_tiles: dict[str, Any]
) -> None:
    experiment = replace(base_tileset, None, "Footman", "JumpingFootman", test_tiles)
    one = run(experiment, Settings(games=24, seed=3, workers=1, paired=True))
    two = run(experiment, Settings(games=24, seed=3, workers=2, paired=True))
    assert one.tally.pairs == two.tally.pairs
    assert one.tally.lengths == two.tally.lengths
    assert one.tally.pairs.pairs == 12


def test_an_exact_copy_mirrors_each_pair(
    base_tileset: dict[str, Any], test_tiles: dict[str, Any]
) -> None:
    # Same seed, same draws, seats swapped, the same players by seat: the copy's pair is one
    # game played twice, so each pair is one win each way (or two draws).
    experiment = replace(base_tileset, None, "Footman", "Footsoldier", test_tiles)
    result = run(experiment, Settings(games=20, seed=1, workers=1, paired=True))
    pairs = result.tally.pairs
    assert pairs.wl + pairs.dd == pairs.pairs == 10


def test_mixed_policies_on_the_engine(base_tileset: dict[str, Any]) -> None:
    experiment = replace(base_tileset, None, "Footman", "Pikeman")
    result = run(
        experiment,
        Settings(games=20, seed=1, workers=1, policy="random", opponent_policy="greedy"),
    )
    # Random with the Pikemen, greedy with the Footmen: greedy's army wins from either seat.
    assert result.tally.wins[1] >= 16
    assert result.settings.policies == ("random", "greedy")


# --- the ratings file and the commands -----------------------------------------------------


def invoke(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


def test_ladder_command_writes_ratings_that_balance_quotes(tmp_path: Path) -> None:
    out = tmp_path / "ratings.json"
    result = invoke(
        "ladder", "--policies", "random,greedy", "--games", "8", "-j", "1", "--out", str(out)
    )
    assert result.exit_code == 0, result.output
    assert "Ratings on 'base'" in result.stdout
    assert f"ratings: {out}" in result.stderr
    stored = json.loads(out.read_text())
    assert stored["format"] == "dukec-ratings/1"
    greedy = next(entry for entry in stored["ratings"] if entry["policy"] == "greedy")
    assert greedy["game"] == "base" and greedy["budget"] == DEFAULT_BUDGET and greedy["games"] == 8
    # A second ladder with another budget keeps the first one's entries.
    again = invoke(
        "ladder",
        "--policies",
        "random,greedy",
        "--games",
        "2",
        "-j",
        "1",
        "--budget",
        "7",
        "--out",
        str(out),
    )
    assert again.exit_code == 0, again.output
    assert len(json.loads(out.read_text())["ratings"]) == 4
    verdict = invoke(
        "balance", "--games", "4", "-j", "1", "--policy", "greedy", "--ratings", str(out)
    )
    assert verdict.exit_code == 0, verdict.output
    words = " ".join(verdict.stdout.split())
    assert (
        f": a second-player advantage (greedy at about {greedy['elo']:.0f} Elo above random)"
        in (words)
    )
    unrated = invoke(
        "balance",
        "--games",
        "4",
        "-j",
        "1",
        "--policy",
        "greedy",
        "--budget",
        "9",
        "--ratings",
        str(out),
    )
    assert unrated.exit_code == 0, unrated.output
    assert "Elo above random" not in unrated.stdout
    # The balance ladder gives each rung its rating: random is the reference.
    curve = invoke(
        "balance", "--games", "4", "-j", "1", "--policy", "random,greedy", "--ratings", str(out)
    )
    assert curve.exit_code == 0, curve.output
    ladder = curve.stdout[curve.stdout.index("Ladder") :]
    rows = [line for line in ladder.splitlines() if line.startswith("│")]
    cells = [[cell.strip() for cell in row.split("│")[1:3]] for row in rows]
    assert cells == [["random", "0 (reference)"], ["greedy", f"{greedy['elo']:+.0f}"]]


def test_mixed_rungs_get_a_report_page_each(tmp_path: Path) -> None:
    result = invoke(
        "balance",
        "--games",
        "2",
        "-j",
        "1",
        "--policies",
        "random:greedy,random:search",
        "--budget",
        "10",
        "--report",
        str(tmp_path / "report"),
    )
    assert result.exit_code == 0, result.output
    assert (tmp_path / "report" / "random-vs-greedy" / "index.html").is_file()
    assert (tmp_path / "report" / "random-vs-search" / "index.html").is_file()
    assert "random-vs-search/index.html" in (tmp_path / "report" / "index.html").read_text()


def test_ladder_json(tmp_path: Path) -> None:
    result = invoke("ladder", "--policies", "random,greedy", "--games", "4", "-j", "1", "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert [r["policy"] for r in document["ratings"]] == ["random", "greedy"]
    assert document["pairings"][0]["first"] == "random"
    assert sum(document["pairings"][0]["pentanomial"].values()) == 2


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (
            ["--policies", "greedy,search"],
            2,
            "Error: Invalid value for --policies: name 'random' among them: ratings are relative "
            "to it",
        ),
        (
            ["--policies", "random,random"],
            2,
            "Error: Invalid value for --policies: name at least two different policies",
        ),
        (
            ["--games", "5"],
            2,
            "Error: Invalid value for --games: paired games come two by two: give an even "
            "number, not 5",
        ),
        (
            ["--policies", "random,wizard"],
            2,
            "Error: Invalid value for --policies: unknown policy 'wizard' (choose from random, "
            "greedy, mcts, search-material, search-v1, search)",
        ),
        (
            ["--game", "nowhere"],
            1,
            "Error: no game set 'nowhere' (known: base, counting-coup, dark-rider, dragon, "
            "dynastic-dispute, enhanced, mountain, terrain, trophy-hunters)",
        ),
    ],
)
def test_ladder_mistakes(args: list[str], code: int, message: str) -> None:
    result = invoke("ladder", *args)
    assert result.exit_code == code
    assert result.stderr.splitlines()[-1] == message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"format": "other"}', "not a ratings file (expected format 'dukec-ratings/1')"),
        (
            '{"format": "dukec-ratings/1", "ratings": [{"game": "base"}]}',
            "a rating needs tileset, game, policy, budget and a numeric elo",
        ),
    ],
)
def test_a_bad_ratings_file_is_one_line(tmp_path: Path, text: str, message: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    result = invoke("balance", "--games", "2", "--ratings", str(bad))
    assert result.exit_code == 1
    assert result.stderr == f"Error: {bad}: {message}\n"
    ladder = invoke("ladder", "--games", "2", "--out", str(bad))
    assert ladder.exit_code == 1
    assert ladder.stderr == f"Error: {bad}: {message}\n"


def test_balance_mixed_policies_on_the_command_line() -> None:
    result = invoke(
        "balance",
        "--games",
        "4",
        "-j",
        "1",
        "--replace",
        "Footman=JumpingFootman",
        "--with",
        JUMPING,
        "--policies",
        "random:greedy",
        "--json",
    )
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["policies"] == {"with JumpingFootman": "random", "with Footman": "greedy"}
    assert document["paired"] is True
    assert document["pairs"]["pairs"] == 2


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (
            ["--policy", "greedy", "--policies", "random:greedy"],
            2,
            "Error: choose --policy (both armies) or --policies A:B, not both",
        ),
        (
            ["--policies", "random"],
            2,
            "Error: Invalid value for --policies: expected A:B, for example greedy:search, not "
            "'random'",
        ),
        (
            ["--replace", "Footman=JumpingFootman", "--with", JUMPING, "--games", "3"],
            2,
            "Error: paired games come two by two: give an even --games (not 3), or --unpaired",
        ),
    ],
)
def test_balance_pairing_mistakes(args: list[str], code: int, message: str) -> None:
    result = invoke("balance", *args)
    assert result.exit_code == code
    assert result.stderr.splitlines()[-1] == message


def test_shipped_ratings_rate_the_shipped_base_set(base_tileset: dict[str, Any]) -> None:
    entries = ratings.load(ratings.shipped_path())
    digest = tileset_digest(base_tileset)
    for policy in ("random", "greedy", "search"):
        assert ratings.key(digest, "base", policy, DEFAULT_BUDGET) in entries
    assert all(key[0] == digest for key in entries)


@pytest.mark.parametrize("game", ["dark-rider", "trophy-hunters"])
def test_a_ladder_on_an_expanded_set(base_tileset: dict[str, Any], game: str) -> None:
    settings = LadderSettings(("random", "greedy"), games=4, seed=1, budget=20)
    result = run_ladder(base_tileset, game, settings)
    assert result.game == game
    assert result.runs[0].tally.pairs.pairs == 2
    assert [rating.policy for rating in result.ratings] == ["random", "greedy"]


def test_paired_games_on_an_expanded_set(base_tileset: dict[str, Any]) -> None:
    experiment = replace(base_tileset, "terrain", "Footman", "Pikeman")
    result = run(experiment, Settings(games=8, seed=2, paired=True))
    pairs, tally = result.tally.pairs, result.tally
    assert pairs.pairs == 4
    assert 2 * pairs.ww + pairs.wd + pairs.wl == tally.wins[0]
    assert 2 * pairs.dd + pairs.wd + pairs.ld == tally.draws


def test_a_long_verdict_stays_one_line() -> None:
    """The verdict (first line) is never folded, however long the ratings make it."""
    result = invoke(
        "balance",
        "--replace",
        "Footman=Footsoldier",
        "--with",
        str(Path(__file__).parent / "tiles" / "footsoldier.duke"),
        "--policies",
        "greedy:random",
        "--games",
        "2",
        "-j",
        "1",
    )
    assert result.exit_code == 0, result.output
    first = result.stdout.splitlines()[0]
    assert len(first) > 120
    assert first.startswith("Footsoldier scores ")
    assert first.endswith("Elo above random vs random)")


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("search", ("search", None, 0.0)),
        ("search@1000", ("search", 1000, 0.0)),
        ("mcts@7", ("mcts", 7, 0.0)),
        ("search-v1@10ms", ("search-v1", None, 0.01)),
    ],
)
def test_a_policy_may_name_its_budget(spec: str, expected: tuple[str, int | None, float]) -> None:
    assert (*split_policy(spec), policy_seconds(spec)) == expected


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (
            "greedy@5",
            "policy 'greedy@5': only mcts, search-material, search-v1, search take @NODES or @MSms",
        ),
        ("search@0", "policy 'search@0': @NODES is a whole number of nodes per move, 1 to "),
        ("search@x", "policy 'search@x': @NODES is a whole number of nodes per move, 1 to "),
        ("search@0ms", "policy 'search@0ms': @MSms is a whole number of CPU milliseconds per "),
        ("wizard@5", "unknown policy 'wizard@5' (choose from random, greedy, mcts, "),
    ],
)
def test_a_policy_spec_mistake_is_named(spec: str, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        split_policy(spec)
    assert str(caught.value).startswith(message)
    result = invoke("ladder", "--policies", f"random,{spec}", "--games", "2")
    assert result.exit_code == 2
    assert f"Invalid value for --policies: {message}" in " ".join(result.stderr.split())


def test_a_search_at_its_own_budget_plays_at_it() -> None:
    player = make_policy("search@7", seed=1, budget=300)
    assert isinstance(player, SearchPlayer) and player.budget == 7


def test_a_budget_in_the_name_is_stored_and_quoted_as_that_budget(tmp_path: Path) -> None:
    out = tmp_path / "ratings.json"
    result = invoke(
        "ladder", "--policies", "random,search@20", "--games", "4", "-j", "1", "--out", str(out)
    )
    assert result.exit_code == 0, result.output
    stored = json.loads(out.read_text())["ratings"]
    assert sorted((r["policy"], r["budget"]) for r in stored) == [
        ("random", DEFAULT_BUDGET),
        ("search", 20),
    ]
    args = ("balance", "--games", "2", "-j", "1", "--ratings", str(out))
    at_budget = invoke(*args, "--policy", "search", "--budget", "20")
    by_name = invoke(*args, "--policy", "search@20")
    elsewhere = invoke(*args, "--policy", "search")
    assert "(search at about" in at_budget.stdout.splitlines()[0]
    assert "(search@20 at about" in by_name.stdout.splitlines()[0]
    assert "Elo above random" not in elsewhere.stdout.splitlines()[0]
