"""The rated ladder: the Elo fit, the ratings file, paired games on the engine, mixed policies."""

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dukec.balance import ratings
from dukec.balance.experiments import AB_SET, BA_SET, replace
from dukec.balance.ladder import LadderSettings, run_ladder
from dukec.balance.run import Settings, run
from dukec.cli import main
from dukec.engine import load_rules
from dukec.players.policies import make_policy, policy_seconds, split_policy
from dukec.players.search import DEFAULT_BUDGET, SearchPlayer
from dukec.stats.stats import elo
from dukec.tileset import tileset_digest
from tests.policies import quick

TILES = Path(__file__).resolve().parent / "tiles"
JUMPING = str(TILES / "jumping_footman.duke")


def test_a_small_ladder_ranks_random_greedy_search(base_tileset: dict[str, Any]) -> None:
    settings = LadderSettings(("random", "greedy", "search"), games=16, seed=2, budget=40)
    result = run_ladder(base_tileset, None, settings)
    elo = {rating.name: rating.elo for rating in result.ratings if rating.elo is not None}
    assert len(elo) == 3  # these games leave no policy a bound
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
    return CliRunner().invoke(main, [*args, *quick(args[0], args[1:])])


def test_ladder_command_writes_ratings_that_balance_quotes(tmp_path: Path) -> None:
    out = tmp_path / "ratings.json"
    result = invoke(
        "ladder", "--policies", "random,greedy", "--games", "8", "-j", "1", "--out", str(out)
    )
    assert result.exit_code == 0, result.output
    assert "Ratings on 'base'" in result.stdout
    assert f"ratings: {out}" in result.stderr
    stored = json.loads(out.read_text())
    assert stored["format"] == "dukec-ratings/2"
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
    assert f"policy greedy (about {greedy['elo']:.0f} Elo above random); fixed length" in (words)
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
            2,
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
        ('{"format": "other"}', "not a ratings file (expected format 'dukec-ratings/2')"),
        (
            '{"format": "dukec-ratings/2", "ratings": [{"game": "base"}]}',
            "a rating needs tileset, game, policy, budget, and a numeric elo with its elo_ci95 "
            "(or a null elo with one numeric end: a bound)",
        ),
        (
            '{"format": "dukec-ratings/2", "ratings": [{"tileset": "x", "game": "base", '
            '"policy": "search", "budget": 300, "elo": null, "elo_ci95": [null, null]}]}',
            "a rating needs tileset, game, policy, budget, and a numeric elo with its elo_ci95 "
            "(or a null elo with one numeric end: a bound)",
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
    assert [rating.name for rating in result.ratings] == ["random", "greedy"]


def test_paired_games_on_an_expanded_set(base_tileset: dict[str, Any]) -> None:
    experiment = replace(base_tileset, "terrain", "Footman", "Pikeman")
    result = run(experiment, Settings(games=8, seed=2, paired=True))
    pairs, tally = result.tally.pairs, result.tally
    assert pairs.pairs == 4
    assert 2 * pairs.ww + pairs.wd + pairs.wl == tally.wins[0]
    assert 2 * pairs.dd + pairs.wd + pairs.ld == tally.draws


def test_a_long_verdict_stays_one_line() -> None:
    """The verdict (last line) is never folded, however long the ratings make it."""
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
    last = result.stdout.splitlines()[-1]
    assert len(last) > 120
    assert last.startswith("Footsoldier against the Footman it replaces: ")
    assert "policies greedy (about " in last and " Elo above random) vs random; " in last


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
    # Two pairs, so a rating or a bound: either is quoted, relative to random.
    assert "policy search (" in at_budget.stdout.splitlines()[-1]
    assert "policy search@20 (" in by_name.stdout.splitlines()[-1]
    assert "Elo above random" not in elsewhere.stdout.splitlines()[-1]


def _ratings_file(path: Path, tileset: dict[str, Any], format: str, **figures: Any) -> Path:
    """A ratings file rating greedy on the base set at the default budget."""
    greedy = {
        "tileset": tileset_digest(tileset),
        "game": "base",
        "policy": "greedy",
        "budget": DEFAULT_BUDGET,
        "games": 200,
        "seed": 1,
        **figures,
    }
    path.write_text(json.dumps({"format": format, "ratings": [greedy]}))
    return path


def test_a_bound_is_quoted_as_a_bound(tmp_path: Path, base_tileset: dict[str, Any]) -> None:
    stored = _ratings_file(
        tmp_path / "r.json", base_tileset, "dukec-ratings/2", elo=None, elo_ci95=[606.1, None]
    )
    verdict = invoke("balance", "--games", "2", "-j", "1", "--policy", "greedy", "--ratings",
                     str(stored))  # fmt: skip
    assert verdict.exit_code == 0, verdict.output
    assert "policy greedy (at least 606 Elo above random); " in " ".join(verdict.stdout.split())
    curve = invoke("balance", "--games", "2", "-j", "1", "--policy", "random,greedy",
                   "--ratings", str(stored), "--json")  # fmt: skip
    assert curve.exit_code == 0, curve.output
    greedy = json.loads(curve.stdout)[1]
    assert greedy["ratings"] == {"greedy": {"elo": None, "elo_ci95": [606.1, None]}}
    assert ratings.quoted({"policy": "x", "elo": None, "elo_ci95": [None, -42.0]}) == (
        "at least 42 Elo below random"
    )


def test_ratings_of_the_first_format_are_still_read(
    tmp_path: Path, base_tileset: dict[str, Any]
) -> None:
    stored = _ratings_file(
        tmp_path / "r.json", base_tileset, "dukec-ratings/1", elo=334.2, elo_ci95=[274.0, 393.0]
    )
    verdict = invoke("balance", "--games", "2", "-j", "1", "--policy", "greedy", "--ratings",
                     str(stored))  # fmt: skip
    assert verdict.exit_code == 0, verdict.output
    assert "policy greedy (about 334 Elo above random); " in " ".join(verdict.stdout.split())


def test_a_sweep_is_stored_as_a_bound(tmp_path: Path) -> None:
    # At a budget of 40 nodes the search wins every game against random.
    out = tmp_path / "ratings.json"
    result = invoke("ladder", "--policies", "random,search@40", "--games", "8", "-j", "1",
                    "--out", str(out), "--json")  # fmt: skip
    assert result.exit_code == 0, result.output
    search = json.loads(result.stdout)["ratings"][1]
    assert search["bound"] == "lower" and search["elo"] is None
    assert search["elo_ci95"] == [pytest.approx(elo(0.025 ** (1 / 4))), None]
    entry = next(e for e in json.loads(out.read_text())["ratings"] if e["policy"] == "search")
    assert entry["elo"] is None and entry["elo_ci95"] == [round(search["elo_ci95"][0], 1), None]


def test_one_command_rates_several_game_sets(tmp_path: Path) -> None:
    out = tmp_path / "ratings.json"
    result = invoke("ladder", "--policies", "random,greedy", "--games", "2", "-j", "1", "--game",
                    "base", "--game", "mountain", "--out", str(out), "--json")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert [document["game"] for document in json.loads(result.stdout)] == ["base", "mountain"]
    stored = json.loads(out.read_text())["ratings"]
    assert sorted((e["game"], e["policy"]) for e in stored) == [
        ("base", "greedy"), ("base", "random"), ("mountain", "greedy"), ("mountain", "random")
    ]  # fmt: skip
