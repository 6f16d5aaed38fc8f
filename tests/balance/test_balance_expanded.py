"""Balance runs of every game set in tiles/, expanded rules included: counts that add up."""

import json
from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from click.testing import CliRunner

from dukec.balance.experiments import self_play
from dukec.balance.game import GameJob, GameSummary
from dukec.balance.play import BoardLog, play_out
from dukec.balance.report import to_json
from dukec.balance.run import Settings, run
from dukec.cli import main
from dukec.compiler import load_tileset
from dukec.engine import ActionKind, Phase, Reason
from tests.policies import quick

TILESET = load_tileset()
SET_NAMES = sorted(entry["name"] for entry in TILESET["sets"])
TIMING_KEYS = {"games_per_second", "seconds", "workers", "backend"}


def test_every_expanded_set_is_covered() -> None:
    assert {"base", "counting-coup", "dark-rider", "dragon", "trophy-hunters"} <= set(SET_NAMES)


@pytest.mark.parametrize("name", SET_NAMES)
def test_tile_counts_add_up(name: str) -> None:
    """Per seat and tile type: entered = captured + on the board at the end, in every game."""
    boards: dict[int, list[Counter[str]]] = {}

    def play(jobs: list[GameJob]) -> list[GameSummary]:
        summaries = []
        for job in jobs:
            summary, game = play_out(job)
            types = game.rules.types
            boards[job.index] = [
                Counter(types[code >> 2].name for code in game.board if code >= 0 and code & 1 == s)
                for s in (0, 1)
            ]
            summaries.append(summary)
            for seat in (0, 1):
                counts = summary.tiles[seat]
                left = {tile: c.entered - c.captured for tile, c in counts.items()}
                assert {t: n for t, n in left.items() if n} == dict(boards[job.index][seat])
                for c in counts.values():
                    assert 0 <= c.drawn <= c.entered
                    assert c.plies_on_board <= c.entered * summary.plies
                # A turn credits at most one tile's action, and captures are of the other seat.
                taken = sum(c.captures for c in counts.values())
                assert taken <= sum(c.captured for c in summary.tiles[seat ^ 1].values())
            moves = sum(c.moves for counts in summary.tiles for c in counts.values())
            assert moves <= summary.plies
        return summaries

    result = run(self_play(TILESET, name), Settings(games=20, seed=5, workers=1), play=play)
    document = to_json(result)
    assert document["games"] == 20
    assert sum(document["endings"].values()) == 20
    assert set(document["endings"]) <= {str(reason) for reason in Reason}
    for side, label in enumerate(document["sides"]):
        rows = [row["totals"] for row in document["tiles"] if row["side"] == label]
        on_board = sum(sum(boards[index][side].values()) for index in boards)
        assert (
            sum(row["entered"] for row in rows) == sum(row["captured"] for row in rows) + on_board
        )
        assert on_board > 0


def test_same_seed_same_json_on_one_and_two_workers() -> None:
    documents = []
    for workers in (1, 2):
        result = run(
            self_play(TILESET, "trophy-hunters"), Settings(games=24, seed=9, workers=workers)
        )
        document = to_json(result)
        documents.append({k: v for k, v in document.items() if k not in TIMING_KEYS})
    assert documents[0] == documents[1]


def _board(size: int, tiles: dict[int, tuple[int, int]]) -> list[int]:
    board = [-1] * size
    for square, (tile, owner) in tiles.items():
        board[square] = tile << 2 | owner
    return board


def test_board_log_credits_the_named_tile_and_counts_other_losses_without_capturer() -> None:
    # Seat 0's tile 1 on square 0 moves to square 1, taking seat 1's tile 2 there; between
    # turns something else (the roaming tile, say) takes seat 1's tile 3 on square 5.
    log = BoardLog(4, 9)
    game = SimpleNamespace(board=_board(9, {0: (1, 0), 1: (2, 1), 5: (3, 1)}), ply=0)
    game.phase = Phase.PLAY
    log.track(game)  # type: ignore[arg-type]
    game.ply = 4
    log.before(game, (ActionKind.MOVE, 0, 1, -1, -1))  # type: ignore[arg-type]
    game.board = _board(9, {1: (1, 0)})
    game.board[1] |= 2  # the mover flipped
    game.ply = 5
    log.after(game)  # type: ignore[arg-type]
    log.finish(10)
    assert log.counts[0][1] == [1, 0, 1, 1, 0, 10]  # keeps its entry ply 0
    assert log.counts[1][2] == [1, 0, 0, 0, 1, 4]
    assert log.counts[1][3] == [1, 0, 0, 0, 1, 4]


def test_board_log_counts_a_drawn_tile_and_a_tile_that_moved_unnamed() -> None:
    log = BoardLog(4, 9)
    game = SimpleNamespace(board=_board(9, {0: (1, 0), 4: (2, 1)}), ply=0, phase=Phase.PLACING)
    log.track(game)  # type: ignore[arg-type]
    game.ply = 2
    log.before(game, (ActionKind.PLACE, -1, 3, -1, 3))  # type: ignore[arg-type]
    # The placement, and a tile of seat 1 pushed from 4 to 7 without being named.
    game.board = _board(9, {0: (1, 0), 3: (3, 0), 7: (2, 1)})
    log.after(game)  # type: ignore[arg-type]
    log.finish(6)
    assert log.counts[0][3] == [1, 1, 0, 0, 0, 4]
    assert log.counts[1][2] == [1, 0, 0, 0, 0, 6]


def balance(*args: str) -> Any:
    played = ["--workers", "1", "--no-progress", *args, *quick("balance", args)]
    return CliRunner().invoke(main, ["balance", *played])


def test_endings_show_the_objectives_reasons(tmp_path: Path) -> None:
    result = balance(
        "--game", "trophy-hunters", "--games", "20", "--seed", "1", "--report", str(tmp_path)
    )
    assert result.exit_code == 0, result.output
    endings = next(line for line in result.output.splitlines() if line.startswith("endings"))
    assert "flag home" in endings
    document = json.loads((tmp_path / "balance.json").read_text())
    shown = ", ".join(f"{name} {count}" for name, count in document["endings"].items())
    assert "flag home" in shown
    assert f"<th>endings</th><td class='name'>{shown}</td>" in (tmp_path / "index.html").read_text()


def test_asymmetric_armies_report_per_seat_and_the_first_turn() -> None:
    result = run(self_play(TILESET, "dark-rider"), Settings(games=20, seed=1, workers=1))
    document = to_json(result)
    assert document["sides"] == ["first army", "second army"]
    assert document["verdict_line"].startswith(
        "The first army against the second army in self-play of 'dark-rider': "
    )
    # The second army (the Knight) takes the first turn, so its score is the first player's.
    assert document["first_player_score"] == pytest.approx(1.0 - document["score"])
    assert document["wins_by_seat"]["first"] == document["wins"]["second army"]


def test_replace_on_a_set_with_unlike_armies_is_a_clean_error() -> None:
    result = balance("--game", "dark-rider", "--replace", "Pikeman=Footman", "--games", "2")
    assert result.exit_code == 1
    assert result.output == (
        "Error: game set 'dark-rider' gives its two seats different armies; --replace plays an "
        "army against itself with one tile changed, seats alternating, so it needs a set whose "
        "armies are alike\n"
    )


def test_replace_on_an_expanded_set() -> None:
    result = balance("--game", "counting-coup", "--replace", "Knight=Champion", "--games", "4")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1].startswith("Champion against the Knight it replaces: ")
