"""`dukec balance` from the command line: arguments, errors, JSON, the HTML report, a ladder."""

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dukec.cli import main
from tests.policies import quick

TILES = Path(__file__).resolve().parent / "tiles"
JUMPING = str(TILES / "jumping_footman.duke")

REQUIRED_KEYS = {
    "games",
    "seed",
    "policy",
    "wins",
    "draws",
    "score",
    "score_ci95",
    "elo",
    "elo_ci95",
    "first_player_score",
    "games_per_second",
    "tiles",
}

# What depends on the machine, not on the games.
TIMING_KEYS = {"games_per_second", "seconds", "workers", "backend"}


def balance(*args: str) -> Any:
    result = CliRunner().invoke(main, ["balance", *args, *quick("balance", args)])
    return result


def results_of(document: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in document.items() if key not in TIMING_KEYS}


def test_help() -> None:
    result = balance("--help")
    assert result.exit_code == 0
    for option in (
        "--replace",
        "--with",
        "--against",
        "--policy",
        "--backend",
        "--stop",
        "--report",
    ):
        assert option in result.output


def test_json_has_the_documented_keys() -> None:
    result = balance("--games", "20", "--seed", "4", "--workers", "1", "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert set(document) >= REQUIRED_KEYS
    assert document["games"] == 20 and document["seed"] == 4 and document["policy"] == "random"
    assert set(document["wins"]) == {"first player", "second player"}
    assert sum(document["wins"].values()) + document["draws"] == 20
    low, high = document["score_ci95"]
    assert low <= document["score"] <= high
    assert document["verdict_line"].startswith(
        "The first player against the second in self-play of 'base': "
    )
    assert document["verdict"] in ("stronger", "weaker", "fair", "inconclusive")
    assert document["decision"]["outcome"] == document["verdict"]
    assert document["decision"]["method"] == "fixed"
    assert {row["side"] for row in document["tiles"]} == {"first player", "second player"}


def test_readable_table() -> None:
    result = balance(
        "--games", "30", "--workers", "1", "--replace", "Footman=JumpingFootman", "--with", JUMPING
    )
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    # The answer comes last, where the terminal leaves it.
    assert lines[-1].startswith("JumpingFootman against the Footman it replaces: ")
    assert "30 games (15 pairs), policy random; fixed length: " in lines[-1]
    assert "Per tile (means per game)" in lines[0]
    assert "JumpingFootman vs Footman per game: moves " in result.output
    assert "JumpingFootman" in result.output


def test_same_seed_same_results_with_one_and_two_workers() -> None:
    common = ["--games", "60", "--seed", "8", "--json", "--replace", "Footman=JumpingFootman"]
    one = balance(*common, "--with", JUMPING, "--workers", "1")
    two = balance(*common, "--with", JUMPING, "--workers", "2")
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    assert results_of(json.loads(one.stdout)) == results_of(json.loads(two.stdout))
    dask = balance(*common, "--with", JUMPING, "--workers", "2", "--backend", "dask")
    assert dask.exit_code == 0, dask.output
    assert results_of(json.loads(dask.stdout)) == results_of(json.loads(one.stdout))
    other = balance(
        "--games",
        "60",
        "--seed",
        "9",
        "--json",
        "--workers",
        "1",
        "--replace",
        "Footman=JumpingFootman",
        "--with",
        JUMPING,
    )
    assert results_of(json.loads(other.stdout)) != results_of(json.loads(one.stdout))


def test_ladder_runs_each_policy() -> None:
    result = balance(
        "--games",
        "4",
        "--workers",
        "1",
        "--policy",
        "random,greedy,search",
        "--budget",
        "20",
        "--json",
    )
    assert result.exit_code == 0, result.output
    documents = json.loads(result.stdout)
    assert [d["policy"] for d in documents] == ["random", "greedy", "search"]
    assert all(d["games"] == 4 for d in documents)
    table = balance("--games", "4", "--workers", "1", "--policy", "random,greedy")
    assert table.exit_code == 0
    assert "Ladder" in table.output


def test_report_writes_a_self_contained_page(tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = balance(
        "--games",
        "40",
        "--workers",
        "1",
        "--report",
        str(out),
        "--replace",
        "Footman=JumpingFootman",
        "--with",
        JUMPING,
    )
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["balance.json", "index.html"]
    page = (out / "index.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert page.count("<svg") == 5  # score over games, lengths, three per-tile plots
    assert "JumpingFootman against the Footman it replaces: " in page
    assert "<h1>Balance: JumpingFootman in place of Footman</h1>" in page
    assert "Footman / JumpingFootman" in page
    assert "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "<script" not in page
    document = json.loads((out / "balance.json").read_text())
    assert document["games"] == 40
    assert f"report: {out / 'index.html'}" in result.stderr


def test_a_ladder_report_has_a_page_per_policy(tmp_path: Path) -> None:
    result = balance(
        "--games", "4", "--workers", "1", "--policy", "random,greedy", "--report", str(tmp_path)
    )
    assert result.exit_code == 0, result.output
    assert (tmp_path / "random" / "index.html").is_file()
    assert (tmp_path / "greedy" / "index.html").is_file()
    overview = (tmp_path / "index.html").read_text()
    assert "<a href='random/index.html'>random</a>" in overview
    assert "<a href='greedy/index.html'>greedy</a>" in overview
    assert f"report: {tmp_path / 'index.html'}" in result.stderr


def test_sprt_stops_early_on_a_clear_answer() -> None:
    result = balance(
        "--games",
        "3000",
        "--workers",
        "1",
        "--stop",
        "sprt",
        "--json",
        "--replace",
        "Footman=JumpingFootman",
        "--with",
        JUMPING,
    )
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["stop"]["decision"] == "stronger"
    assert document["stop"]["stopped_early"] is True
    assert document["games"] < 3000 and document["games"] % 2 == 0


def test_unpaired_sprt_plays_up_to_its_own_cap_and_recommends_pairs() -> None:
    # At the paired runs' 1,000 games four unpaired runs of an exact copy in ten would end
    # undecided (docs/statistics.md): unpaired, the test may play 2,000.
    args = ["--unpaired", "--stop", "sprt", "--replace", "Footman=JumpingFootman"]
    result = balance(*args, "--with", JUMPING, "--workers", "1", "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["stop"]["cap"] == 2000 and document["stop"]["decision"] == "stronger"
    assert result.stderr == (
        "note: unpaired games, --stop sprt, at most 2000: paired games (drop --unpaired) "
        "decide with fewer games, their pairs sharing each seed's luck\n"
    )
    given = balance(*args, "--with", JUMPING, "--workers", "1", "--json", "--games", "600")
    assert json.loads(given.stdout)["stop"]["cap"] == 600


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--replace", "Knight"], 2, "expected OLD=NEW, for example Knight=Paladin"),
        (
            ["--policy", "clever"],
            2,
            "unknown policy 'clever' (choose from random, greedy, mcts, search-material, "
            "search-v1, search)",
        ),
        (["--with", JUMPING], 2, "--with names where the tile of --replace is defined"),
        (["--scheduler", "tcp://127.0.0.1:1"], 2, "--scheduler needs --backend dask"),
        (
            ["--replace", "Knight=Paladin", "--against", JUMPING],
            2,
            "choose --replace or --against, not both",
        ),
        (
            ["--replace", "Knigt=Paladin", "--with", JUMPING],
            2,
            "Error: no tile 'Knigt' in the tile set (did you mean 'Knight'?)",
        ),
        (
            ["--replace", "Knight=Paladin"],
            2,
            "Error: no tile 'Paladin' in the tile set; "
            "give the file that defines it with --with PATH\n",
        ),
        (["--game", "bsae"], 2, "Error: no game set 'bsae' (did you mean 'base'?)"),
        (["--games", "0"], 2, "Invalid value for '--games' / '-n'"),
    ],
)
def test_user_mistakes_get_clear_errors(args: list[str], code: int, message: str) -> None:
    result = balance(*args, "--games", "2") if "--games" not in args else balance(*args)
    assert result.exit_code == code
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_the_new_tile_may_come_from_the_set_itself(tmp_path: Path) -> None:
    sources = tmp_path / "tiles"
    sources.mkdir()
    from dukec.compiler import default_sources

    for path in default_sources().glob("*.duke"):
        (sources / path.name).write_text(path.read_text())
    (sources / "jumping_footman.duke").write_text(Path(JUMPING).read_text())
    result = balance(
        "--set",
        str(sources),
        "--games",
        "10",
        "--workers",
        "1",
        "--replace",
        "Footman=JumpingFootman",
        "--json",
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["sides"] == ["with JumpingFootman", "with Footman"]


def test_a_set_against_another() -> None:
    from dukec.compiler import default_sources

    result = balance(
        "--against", str(default_sources()), "--games", "10", "--workers", "1", "--json"
    )
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["experiment"] == "sets"
    assert document["sides"] == ["base (first set)", "base (second set)"]
    assert document["verdict_line"].startswith("Set 'base' against set 'base': ")
