"""Policy ratings: an Elo fit over all pairings of a ladder, and the file that stores them.

The fit is Bradley-Terry (the logistic Elo model) by maximum likelihood over every game of every
pairing, anchored at random = 0 Elo, with one virtual draw added to each pairing so that a
pairing won 100% still has a finite rating. Intervals are 95% by the delta method, from the
larger of two variances per policy: the model's (the inverse Fisher information) and the
pair-clustered sandwich (which counts pairs, not games, as the independent samples).

Ratings are stored keyed by tile-set digest, game set, policy and search budget; the ratings
measured on the shipped base set ship with dukec (``ratings.json`` beside this module).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from dukec.balance.game import split_policy, tileset_digest
from dukec.balance.pairs import PAIR_SCORES, Pentanomial
from dukec.balance.stats import Z95
from dukec.jsontext import JsonTextError, parse_json
from dukec.textfile import NotReadable, absent, read_file

ANCHOR = "random"
"""The policy every rating is relative to."""

FORMAT = "dukec-ratings/1"

_C = math.log(10.0) / 400.0  # d(logit p) / d(Elo)


@dataclass(frozen=True, slots=True)
class Pairing:
    """What ``first`` scored against ``second`` over paired games (counts as army A)."""

    first: str
    second: str
    pairs: Pentanomial


@dataclass(frozen=True, slots=True)
class Rating:
    """A policy's Elo relative to random, with its 95% interval and the games behind it."""

    policy: str
    elo: float
    low: float
    high: float
    games: int


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Solve a small symmetric positive definite system by Gaussian elimination."""
    n = len(vector)
    rows = [[*row, value] for row, value in zip(matrix, vector, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    n = len(matrix)
    columns = [_solve(matrix, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[columns[j][i] for j in range(n)] for i in range(n)]


def fit(policies: list[str], pairings: list[Pairing]) -> list[Rating]:
    """Ratings of ``policies`` (which must include random) from the ladder's pairings."""
    if ANCHOR not in policies:
        raise ValueError(f"a ladder needs the {ANCHOR!r} policy: ratings are relative to it")
    free = [name for name in policies if name != ANCHOR]
    index = {name: i for i, name in enumerate(free)}
    elo = dict.fromkeys(policies, 0.0)

    def p_first(pairing: Pairing) -> float:
        return 1.0 / (1.0 + math.pow(10.0, -(elo[pairing.first] - elo[pairing.second]) / 400.0))

    def sides(pairing: Pairing) -> list[tuple[int, float]]:
        return [
            (index[n], s) for n, s in ((pairing.first, 1.0), (pairing.second, -1.0)) if n in index
        ]

    def information() -> list[list[float]]:
        matrix = [[0.0] * len(free) for _ in free]
        for pairing in pairings:
            p = p_first(pairing)
            weight = _C * _C * (2 * pairing.pairs.pairs + 1) * p * (1.0 - p)
            for i, si in sides(pairing):
                for j, sj in sides(pairing):
                    matrix[i][j] += si * sj * weight
        return matrix

    for _ in range(100):
        gradient = [0.0] * len(free)
        for pairing in pairings:
            games = 2 * pairing.pairs.pairs + 1  # with the virtual draw
            points = 2 * pairing.pairs.pairs * pairing.pairs.mean + 0.5
            for i, sign in sides(pairing):
                gradient[i] += sign * _C * (points - games * p_first(pairing))
        if not free:
            break
        step = _solve(information(), gradient)
        for name, delta in zip(free, step, strict=True):
            elo[name] += max(-400.0, min(400.0, delta))
        if max(abs(delta) for delta in step) < 1e-6:
            break
    model = _inverse(information()) if free else []
    sandwich = _sandwich(free, index, pairings, elo, model)
    ratings = []
    for name in policies:
        games = sum(2 * p.pairs.pairs for p in pairings if name in (p.first, p.second))
        if name == ANCHOR:
            ratings.append(Rating(name, 0.0, 0.0, 0.0, games))
            continue
        i = index[name]
        half = Z95 * math.sqrt(max(model[i][i], sandwich[i][i]))
        ratings.append(Rating(name, elo[name], elo[name] - half, elo[name] + half, games))
    return ratings


def _sandwich(
    free: list[str],
    index: dict[str, int],
    pairings: list[Pairing],
    elo: dict[str, float],
    model: list[list[float]],
) -> list[list[float]]:
    """The pair-clustered covariance H^-1 J H^-1, J summing each pair's score outer products."""
    n = len(free)
    meat = [[0.0] * n for _ in range(n)]
    for pairing in pairings:
        p = 1.0 / (1.0 + math.pow(10.0, -(elo[pairing.first] - elo[pairing.second]) / 400.0))
        spread = sum(
            count * (_C * (2.0 * score - 2.0 * p)) ** 2
            for count, score in zip(pairing.pairs.bins, PAIR_SCORES, strict=True)
        )
        named = [(pairing.first, 1.0), (pairing.second, -1.0)]
        for a, sa in named:
            for b, sb in named:
                if a in index and b in index:
                    meat[index[a]][index[b]] += sa * sb * spread
    return [
        [
            sum(model[i][k] * meat[k][m] * model[m][j] for k in range(n) for m in range(n))
            for j in range(n)
        ]
        for i in range(n)
    ]


# --- the ratings file ----------------------------------------------------------------------


def key(digest: str, game: str, policy: str, budget: int) -> tuple[str, str, str, int]:
    """What a stored rating is looked up by."""
    return (digest, game, policy, budget)


def key_of(digest: str, game: str, spec: str, budget: int) -> tuple[str, str, str, int]:
    """The key of a policy spec: ``search@1000`` is stored as the search at budget 1000."""
    name, own = split_policy(spec)
    return key(digest, game, name, own if own is not None else budget)


def shipped_path() -> Path:
    """The ratings measured on the shipped base set, installed with dukec."""
    return Path(str(resources.files("dukec.balance").joinpath("ratings.json")))


def load(path: Path) -> dict[tuple[str, str, str, int], dict[str, Any]]:
    """Stored ratings by key; ValueError naming the path if the file cannot be read."""
    if absent(path):
        return {}
    try:
        document = parse_json(read_file(path).decode("utf-8"))
    except NotReadable as error:
        raise ValueError(f"{path}: cannot read ratings: {error}") from None
    except UnicodeDecodeError:
        raise ValueError(f"{path}: cannot read ratings: not UTF-8 text") from None
    except JsonTextError as error:
        raise ValueError(f"{path}:{error.line}:{error.column}: not JSON: {error.message}") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ValueError(f"{path}: not a ratings file (expected format {FORMAT!r})")
    entries: dict[tuple[str, str, str, int], dict[str, Any]] = {}
    try:
        for entry in document.get("ratings", []):
            entries[key(entry["tileset"], entry["game"], entry["policy"], entry["budget"])] = entry
            float(entry["elo"])
    except (KeyError, TypeError, ValueError):
        raise ValueError(
            f"{path}: a rating needs tileset, game, policy, budget and a numeric elo"
        ) from None
    return entries


def document(entries: dict[tuple[str, str, str, int], dict[str, Any]]) -> dict[str, Any]:
    """The ratings file's JSON, entries in key order (so the same ratings give the same bytes)."""
    return {"format": FORMAT, "ratings": [entries[k] for k in sorted(entries)]}


def entry(digest: str, game: str, budget: int, seed: int, rating: Rating) -> dict[str, Any]:
    """One stored rating."""
    return {
        "tileset": digest,
        "game": game,
        "policy": rating.policy,
        "budget": budget,
        "elo": round(rating.elo, 1),
        "elo_ci95": [round(rating.low, 1), round(rating.high, 1)],
        "games": rating.games,
        "seed": seed,
    }


def stored(
    path: Path | None, tileset: dict[str, Any], game: str, budget: int, specs: Iterable[str]
) -> dict[str, dict[str, Any]]:
    """The stored ratings of these policies on this tile set and game set, each at its budget
    (from ``path``, by default the ratings shipped with dukec)."""
    entries = load(path if path is not None else shipped_path())
    digest = tileset_digest(tileset)
    found = {spec: entries.get(key_of(digest, game, spec, budget)) for spec in specs}
    return {name: entry for name, entry in found.items() if entry is not None}
