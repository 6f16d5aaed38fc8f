"""The evaluation's weights measured from games: a logistic regression of outcomes on features.

The games are those the tile values are fitted from (:func:`dukec.balance.fit.play_positions`:
seeded self-play games, by default of the search at 100 nodes a move scoring with the engine's
material values, drawn games left out), and the positions every quiet one of play (not every
second one: both seats are to move in some); each is described by
:meth:`dukec.players.evaluation.Evaluator.features`, seat 0's figures less seat 1's. A logistic
model of the first seat's win is fitted by Newton's method (:func:`dukec.balance.fit.logistic`):
a tile's board weight is its front side's plus, for its back side, a difference penalised
towards 0 (a side the games rarely show weighs about what the other does); every other weight
has a light penalty, so a tile or a feature the games never show weighs 0.

Held-out games (another seed stream) measure the fit: the log-loss and accuracy of its
predictions of who wins against those of material alone (each tile type's count on the board
and in the bag, fitted the same way to the same positions) and of the first seat's win rate.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dukec.balance.fit import Row, game_seeds, logistic, play_positions, provenance
from dukec.balance.runner import worker_pool
from dukec.engine import Game, Rules, load_rules
from dukec.engine.rules import SIDE_NAMES, tileset_hash
from dukec.players.evaluation import Evaluator, Weights
from dukec.players.terms import TERMS
from dukec.players.values import FORMAT

#: The penalty on every weight (log-odds squared): light beside thousands of positions.
RIDGE = 1.0
#: The penalty on a back side's difference from its front side.
SIDE_RIDGE = 20.0
#: The salt of the held-out games' seeds (their own stream, apart from the fitted games').
HELD_OUT_SALT = 0x5EED_0F_4E1D
#: Every position of play that is quiet, whoever is to move (every second one would leave the
#: side to move the same in all of them).
EVERY = 1
#: Games a worker plays at a time.
CHUNK = 50


@dataclass(frozen=True, slots=True)
class Figures:
    """How well some predictions of who wins did on held-out positions."""

    log_loss: float
    accuracy: float


@dataclass(frozen=True, slots=True)
class HeldOut:
    """The fit measured on games it was not fitted from, against material and the first
    seat's rate alone."""

    games: int
    positions: int
    evaluation: Figures
    material: Figures
    first_seat: Figures


@dataclass(frozen=True, slots=True)
class EvalFit:
    """A fitted evaluation of one game set and what it was fitted from."""

    weights: Weights
    games: int
    positions: int
    drawn_games: int
    held_out: HeldOut | None

    def entry(
        self, rules: Rules, seed: int, policy: str, ply_limit: int, budget: int
    ) -> dict[str, Any]:
        """The evaluation file entry of this fit."""
        w = self.weights
        found: dict[str, Any] = {
            **provenance(rules, seed, policy, ply_limit, budget, self.games),
            "positions": self.positions,
            "drawn_games": self.drawn_games,
            "first_seat": _round(w.first),
            "board": {
                side: {t.name: _round(w.board[2 * i + k]) for i, t in enumerate(rules.types)}
                for k, side in enumerate(SIDE_NAMES)
            },
            "bag": {t.name: _round(w.bag[i]) for i, t in enumerate(rules.types)},
            "terms": {name: _round(v) for name, v in zip(TERMS, w.terms, strict=True)},
        }
        held = self.held_out
        if held is not None:
            found["held_out"] = {
                "games": held.games,
                "positions": held.positions,
                **{
                    name: {"log_loss": _round(f.log_loss), "accuracy": _round(f.accuracy)}
                    for name, f in (
                        ("evaluation", held.evaluation),
                        ("material", held.material),
                        ("first_seat", held.first_seat),
                    )
                },
            }
        return found


def evaluations_file(entries: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """An evaluation file holding ``entries`` (key: tile set hash / game set name)."""
    return {"format": FORMAT, "evaluations": dict(sorted(entries.items()))}


def _round(value: float) -> float:
    # Six places: far below any weight's error, and the same text on every machine.
    return round(value, 6) + 0.0


def blank(rules: Rules) -> Evaluator:
    """An evaluator of zero weights: its features are what the fit reads."""
    n = len(rules.types)
    return Evaluator(rules, Weights((0.0,) * 2 * n, (0.0,) * n, (0.0,) * len(TERMS), 0.0))


def fit_evaluation(
    tileset: Mapping[str, Any],
    set_name: str,
    games: int,
    seed: int,
    policy: str = "search",
    ply_limit: int = 300,
    budget: int = 100,
    held_out: int = 0,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> EvalFit:
    """The evaluation of a tile set's game set fitted from ``games`` seeded self-play games,
    measured on ``held_out`` more (``budget``: the nodes per move of a search policy), played
    on ``workers`` processes (the same weights from any number)."""
    rules = load_rules(tileset, set_name)
    play = _Games(tileset, set_name, policy, ply_limit, budget, workers, progress)
    rows, wins, drawn = play.positions(game_seeds(seed, games))
    if not rows or len(set(wins)) < 2:
        raise ValueError(
            f"cannot fit an evaluation: {games} games of {set_name!r} gave "
            f"{'no decided game' if not rows else 'wins for one seat only'}"
        )
    weights = fit_weights(rules, rows, wins)
    measured = None
    if held_out:
        test, outcomes, _ = play.positions(game_seeds(seed ^ HELD_OUT_SALT, held_out))
        measured = _measure(rules, weights, rows, wins, test, outcomes, held_out)
    return EvalFit(weights, games, len(rows), drawn, measured)


class _Games:
    """Plays seeded games and describes their quiet positions, here or on worker processes."""

    def __init__(
        self,
        tileset: Mapping[str, Any],
        set_name: str,
        policy: str,
        ply_limit: int,
        budget: int,
        workers: int,
        progress: Callable[[int], None] | None,
    ) -> None:
        self.how = (dict(tileset), set_name, policy, ply_limit, budget)
        self.workers = workers
        self.progress = progress

    def positions(self, seeds: list[int]) -> tuple[list[Row], list[float], int]:
        """Rows and outcomes (1: seat 0 won) of the games of ``seeds``, in their order; and
        how many were drawn."""
        chunks = [seeds[i : i + CHUNK] for i in range(0, len(seeds), CHUNK)]
        tileset, name, policy, ply_limit, budget = self.how
        jobs = [(tileset, name, chunk, policy, ply_limit, budget) for chunk in chunks]
        rows: list[Row] = []
        wins: list[float] = []
        if self.workers <= 1 or len(chunks) <= 1:
            return rows, wins, self._gather(map(_play_chunk, jobs), rows, wins)
        with worker_pool(self.workers) as pool:
            return rows, wins, self._gather(pool.map(_play_chunk, jobs), rows, wins)

    def _gather(self, found: Iterator[_Played], rows: list[Row], wins: list[float]) -> int:
        """Add the decided games' rows and outcomes, chunk by chunk in order; the drawn games."""
        drawn = done = 0
        for chunk in found:
            for seen, winner in chunk:
                if winner is None:
                    drawn += 1
                else:
                    rows.extend(seen)
                    wins.extend([1.0 if winner == 0 else 0.0] * len(seen))
            done += len(chunk)
            if self.progress is not None:
                self.progress(done)
        return drawn


#: The rows and winner of each game of a chunk.
_Played = list[tuple[list[Row], int | None]]
#: The rules of the game sets a worker has played, by tile set hash and game set name.
_RULES: dict[tuple[str, str], Rules] = {}


def _play_chunk(
    job: tuple[dict[str, Any], str, list[int], str, int, int],
) -> _Played:
    """Play the games of some seeds (in a worker): each one's rows and winner."""
    tileset, name, seeds, policy, ply_limit, budget = job
    key = (tileset_hash(tileset), name)
    rules = _RULES.get(key)
    if rules is None:
        rules = _RULES[key] = load_rules(tileset, name)
    describe = _describer(rules)
    return [play_positions(rules, s, policy, ply_limit, EVERY, budget, describe) for s in seeds]


def _describer(rules: Rules) -> Callable[[Game], Row]:
    """A position's features as a sparse row."""
    evaluator = blank(rules)

    def describe(game: Game) -> Row:
        return [(i, x) for i, x in enumerate(evaluator.features(game)) if x]

    return describe


def fit_weights(rules: Rules, rows: Sequence[Row], wins: Sequence[float]) -> Weights:
    """The weights of the logistic model of ``wins`` (1: seat 0 won) on ``rows`` (laid out as
    :meth:`Evaluator.features`), as the module docstring says."""
    n = len(rules.types)
    # Fitted as: per type, its weight on the board (either side), its back side's difference,
    # its weight in the bag; then the terms. Features are laid out board by type and side,
    # bag by type, terms.
    width = 3 * n + len(TERMS)

    def recast(row: Row) -> Row:
        out: Row = []
        for i, x in row:
            if i < 2 * n:
                out.append((i >> 1, x))
                if i & 1:
                    out.append((n + (i >> 1), x))
            else:
                out.append((i, x))
        return out

    ridge = [RIDGE] * width
    for i in range(n, 2 * n):
        ridge[i] = SIDE_RIDGE
    w = logistic([recast(r) for r in rows], wins, width, ridge)
    board: list[float] = []
    for t in range(n):
        board.extend([w[t], w[t] + w[n + t]])
    return Weights(
        tuple(board),
        tuple(w[2 * n : 3 * n]),
        tuple(w[3 * n : 3 * n + len(TERMS)]),
        w[width],
    )


def _material(rules: Rules, rows: Sequence[Row]) -> list[Row]:
    """Rows of material alone: each type's count on the board (either side) and in the bag."""
    n = len(rules.types)
    found: list[Row] = []
    for row in rows:
        counts: dict[int, float] = {}
        for i, x in row:
            if i < 2 * n:
                counts[i >> 1] = counts.get(i >> 1, 0.0) + x
            elif i < 3 * n:
                counts[i - n] = counts.get(i - n, 0.0) + x
        found.append(sorted((i, x) for i, x in counts.items() if x))
    return found


def _measure(
    rules: Rules,
    weights: Weights,
    rows: Sequence[Row],
    wins: Sequence[float],
    test: Sequence[Row],
    outcomes: Sequence[float],
    games: int,
) -> HeldOut:
    """The fit and its two baselines on the held-out positions."""
    n = len(rules.types)
    flat = [*weights.board, *weights.bag, *weights.terms]
    evaluation = _figures([sum(flat[i] * x for i, x in r) + weights.first for r in test], outcomes)
    material = logistic(_material(rules, rows), wins, 2 * n, RIDGE)
    logits = [sum(material[i] * x for i, x in r) + material[-1] for r in _material(rules, test)]
    rate = sum(wins) / len(wins)
    first = math.log(rate / (1.0 - rate))
    return HeldOut(
        games,
        len(test),
        evaluation,
        _figures(logits, outcomes),
        _figures([first] * len(test), outcomes),
    )


def _figures(logits: Sequence[float], outcomes: Sequence[float]) -> Figures:
    """Mean log-loss (natural log) and share of winners called right (even odds: seat 1)."""
    if not outcomes:
        return Figures(math.nan, math.nan)
    loss = 0.0
    right = 0
    for z, y in zip(logits, outcomes, strict=True):
        # log(1 + e^-z) for a win, log(1 + e^z) for a loss, without overflow.
        m = -z if y > 0.5 else z
        loss += max(m, 0.0) + math.log1p(math.exp(-abs(m)))
        right += (z > 0.0) == (y > 0.5)
    return Figures(loss / len(outcomes), right / len(outcomes))


__all__ = [
    "EvalFit",
    "Figures",
    "HeldOut",
    "blank",
    "evaluations_file",
    "fit_evaluation",
    "fit_weights",
]
