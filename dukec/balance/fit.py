"""Tile values measured from games: a logistic regression of outcomes on material differences.

Seeded self-play games of one game set are played (by default by the search policy with the
engine's material values; any balance policy can play them); at every ``every``-th position of
play that is quiet (neither of the last two actions took a tile), each tile type's count on the
board (a drawn tile counts there) and in the bag is taken for both players. A logistic model of
the first seat's win,

    P(seat 0 wins) = 1 / (1 + exp(-(b + sum_t w_t * board_t + v_t * bag_t))),

with ``board_t`` and ``bag_t`` seat 0's count less seat 1's, is fitted by Newton's method (drawn
games are left out). The engine's material values are the prior: the material difference in
them is one more input with a free weight, and each tile's own weights are penalised towards 0,
so a tile the games rarely show keeps about its scaled engine value. ``w_t`` and ``v_t``, in
log-odds of winning (the prior's share included), are the tile's values on the board and in
the bag. Tiles acting as the Duke are left out: losing one ends the game.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from dukec.engine import Game, Phase, Player, Rules
from dukec.players.policies import make_policy
from dukec.players.search import Options, SearchPlayer
from dukec.players.values import BAG_WEIGHT, FORMAT, values_key

#: The penalty on each tile's departure from the scaled engine value (in log-odds squared per
#: position-weighted unit): strong enough to keep a rarely seen tile near it.
RIDGE = 200.0
#: Sparse rows: (feature index, value) pairs.
Row = list[tuple[int, float]]


def provenance(
    rules: Rules, seed: int, policy: str, ply_limit: int, budget: int, games: int
) -> dict[str, Any]:
    """What a fitted file entry was fitted on and from: the tile set and game set, the games'
    player, budget, number, seed and length, then the tile set's hash names aside and what
    each tile in play is (:func:`dukec.players.tilemodel.contents`), by which the weights are
    carried to other tile sets (in the order the keys are written)."""
    from dukec.players.tilemodel import contents

    return {
        "tileset": rules.tileset_hash,
        "game": rules.set_name,
        "policy": policy,
        "budget": budget,
        "games": games,
        "seed": seed,
        "ply_limit": ply_limit,
        "content": rules.content_hash,
        "tiles": contents(rules),
    }


@dataclass(frozen=True, slots=True)
class Fit:
    """Fitted tile values of one game set and what they were fitted from."""

    board: dict[str, float]
    bag: dict[str, float]
    first: float
    games: int
    positions: int
    drawn_games: int

    def entry(
        self, rules: Rules, seed: int, policy: str, ply_limit: int, budget: int
    ) -> dict[str, Any]:
        """The values file entry of this fit."""
        return {
            **provenance(rules, seed, policy, ply_limit, budget, self.games),
            "positions": self.positions,
            "drawn_games": self.drawn_games,
            "first_seat": round(self.first, 4),
            "board": {name: round(v, 4) for name, v in self.board.items()},
            "bag": {name: round(v, 4) for name, v in self.bag.items()},
        }


def values_file(entries: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """A values file holding ``entries`` (key: tile set hash / game set name)."""
    return {"format": FORMAT, "values": dict(sorted(entries.items()))}


def features(game: Game, troops: Sequence[int]) -> Row:
    """Seat 0's count less seat 1's of each troop type, on the board then in the bag."""
    index = {t: i for i, t in enumerate(troops)}
    counts = [0.0] * (2 * len(troops))
    width = len(troops)
    for code in game.board:
        if code >= 0:
            slot = index.get(code >> 2)
            if slot is not None:
                counts[slot] += 1.0 if code & 1 == 0 else -1.0
    if game.drawn >= 0 and game.drawn in index:
        counts[index[game.drawn]] += 1.0 if game.to_move == 0 else -1.0
    for owner, sign in ((0, 1.0), (1, -1.0)):
        for tile in game.bags[owner]:
            slot = index.get(tile)
            if slot is not None:
                counts[width + slot] += sign
    return [(i, c) for i, c in enumerate(counts) if c]


def _player(policy: str, seed: int, budget: int) -> Player:
    """A player of the games fitted from: the search plays with the engine's material values,
    so that a fit never depends on an earlier one."""
    if policy == "search":
        return SearchPlayer(seed, budget, Options(fitted=False, learned=False))
    return make_policy(policy, seed, budget)


def game_seeds(seed: int, games: int) -> list[int]:
    """The seeds of the games :func:`collect` plays from ``seed``, in order."""
    master = random.Random(seed)
    return [master.getrandbits(63) for _ in range(games)]


def collect(
    rules: Rules,
    games: int,
    seed: int,
    policy: str = "search",
    ply_limit: int = 300,
    every: int = 2,
    progress: Callable[[int], None] | None = None,
    budget: int = 100,
    describe: Callable[[Game], Row] | None = None,
) -> tuple[list[Row], list[float], int]:
    """Rows and outcomes (1: seat 0 won) of seeded self-play games; and the drawn games.

    A row is what ``describe`` says of a position (by default :func:`features`: the troops'
    counts).
    """
    rows: list[Row] = []
    wins: list[float] = []
    drawn = 0
    for number, game_seed in enumerate(game_seeds(seed, games)):
        seen, winner = play_positions(rules, game_seed, policy, ply_limit, every, budget, describe)
        if winner is None:
            drawn += 1
        else:
            rows.extend(seen)
            wins.extend([1.0 if winner == 0 else 0.0] * len(seen))
        if progress is not None:
            progress(number + 1)
    return rows, wins, drawn


def play_positions(
    rules: Rules,
    game_seed: int,
    policy: str = "search",
    ply_limit: int = 300,
    every: int = 2,
    budget: int = 100,
    describe: Callable[[Game], Row] | None = None,
) -> tuple[list[Row], int | None]:
    """The rows of one seeded self-play game's quiet positions (every ``every``-th ply of
    play), and who won it (None: drawn)."""
    troops = [t.index for t in rules.types if not t.acts_as_duke]
    game = Game(rules, seed=game_seed, ply_limit=ply_limit)
    players = [_player(policy, game_seed ^ s, budget) for s in (1, 2)]
    seen: list[Row] = []
    # Tiles on the board after each action: a position is quiet when neither of the last
    # two actions took a tile (one in the middle of an exchange misleads the fit).
    counts = [0, 0, 0]
    while game.result is None:
        if (
            game.phase is Phase.PLAY
            and game.ply % every == 0
            and counts[-1] >= counts[-2] >= counts[-3]
        ):
            seen.append(features(game, troops) if describe is None else describe(game))
        action = players[game.to_move].choose(game)
        if action is None:
            break
        game.apply(action)
        counts.append(sum(1 for code in game.board if code >= 0))
    result = game.result
    return seen, result.winner if result is not None else game.to_move ^ 1


def logistic(
    rows: Sequence[Row],
    outcomes: Sequence[float],
    width: int,
    ridge: float | Sequence[float] = 1.0,
    free: int = 0,
) -> list[float]:
    """Weights (the last one the intercept) of a ridge-penalised logistic regression, by Newton.

    Rows are sparse over ``width`` features; the last ``free`` of them and the intercept are not
    penalised; ``ridge`` is one penalty for all the others, or one for each feature.
    """
    penalty = [ridge] * width if isinstance(ridge, float | int) else list(ridge)
    size = width + 1
    weights = [0.0] * size
    for _ in range(50):
        gradient = [0.0] * size
        hessian = [[0.0] * size for _ in range(size)]
        for row, y in zip(rows, outcomes, strict=True):
            full = [*row, (width, 1.0)]
            z = sum(weights[i] * x for i, x in full)
            p = 1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0
            error = p - y
            curve = p * (1.0 - p)
            for i, x in full:
                gradient[i] += error * x
                line = hessian[i]
                cx = curve * x
                for j, xj in full:
                    line[j] += cx * xj
        for i in range(width - free):
            gradient[i] += penalty[i] * weights[i]
            hessian[i][i] += penalty[i]
        step = _solve(hessian, gradient)
        weights = [w - s for w, s in zip(weights, step, strict=True)]
        if max(map(abs, step)) < 1e-7:
            break
    return weights


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with ``matrix @ x == vector`` (Gaussian elimination with partial pivoting)."""
    n = len(vector)
    a = [[*line, v] for line, v in zip(matrix, vector, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        head = a[col][col]
        if abs(head) < 1e-12:
            continue
        for r in range(n):
            if r != col and a[r][col]:
                factor = a[r][col] / head
                line, top = a[r], a[col]
                for c in range(col, n + 1):
                    line[c] -= factor * top[c]
    return [a[i][n] / a[i][i] if abs(a[i][i]) >= 1e-12 else 0.0 for i in range(n)]


def fit_values(
    rules: Rules,
    games: int,
    seed: int,
    policy: str = "search",
    ply_limit: int = 300,
    progress: Callable[[int], None] | None = None,
    budget: int = 100,
    ridge: float = RIDGE,
) -> Fit:
    """Tile values of a game set fitted from ``games`` seeded self-play games (``budget``: the
    nodes per move of a search policy)."""
    rows, wins, drawn = collect(
        rules, games, seed, policy, ply_limit, progress=progress, budget=budget
    )
    troops = [t for t in rules.types if not t.acts_as_duke]
    if not rows or len(set(wins)) < 2:
        raise ValueError(
            f"cannot fit values: {games} games of {rules.set_name!r} gave "
            f"{'no decided game' if not rows else 'wins for one seat only'}"
        )
    width = len(troops)
    # One more feature, not penalised: the material difference in the engine's values (half in
    # the bag). Its weight scales the engine's values; the per-tile weights, penalised towards 0,
    # are what the games say each tile is worth beyond that.
    prior = [t.value for t in troops] + [BAG_WEIGHT * t.value for t in troops]
    rows = [[*row, (2 * width, sum(prior[i] * x for i, x in row))] for row in rows]
    weights = logistic(rows, wins, 2 * width + 1, ridge, free=1)
    scale = weights[2 * width]
    return Fit(
        {t.name: scale * prior[i] + weights[i] for i, t in enumerate(troops)},
        {t.name: scale * prior[width + i] + weights[width + i] for i, t in enumerate(troops)},
        weights[-1],
        games,
        len(rows),
        drawn,
    )


__all__ = [
    "Fit",
    "collect",
    "features",
    "fit_values",
    "game_seeds",
    "logistic",
    "play_positions",
    "values_file",
    "values_key",
]
