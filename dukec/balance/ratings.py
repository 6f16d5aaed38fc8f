"""Policy ratings: the file that stores each policy's Elo relative to random, and how a verdict
quotes it.

The ratings come from ``dukec ladder``: a Bradley-Terry fit by maximum likelihood over all its
games (:mod:`dukec.stats.bradley_terry`), anchored at random = 0 Elo, with 95% intervals that
count pairs of games as the independent samples. A policy that won (or lost) every game against
the rated ones has no finite rating and is stored as a one-sided bound: ``elo`` null and
``elo_ci95`` [low, null] ("at least low Elo above random") or [null, high].

Ratings are stored keyed by tile-set digest, game set, policy and search budget; the ratings
measured on the shipped base set ship with dukec (``ratings.json`` beside this module).
"""

from __future__ import annotations

from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any

from dukec.jsontext import JsonTextError, is_number, is_whole, parse_json
from dukec.players.policies import split_policy
from dukec.stats.bradley_terry import Rating
from dukec.textfile import NotReadable, absent, read_file
from dukec.tileset import tileset_digest

ANCHOR = "random"
"""The policy every rating is relative to."""

FORMAT = "dukec-ratings/2"
"""Version 2 stores a one-sided bound as a null ``elo``; version 1 files (every ``elo`` a
number, from a fit with one virtual draw per pairing) are still read."""

READS = ("dukec-ratings/1", FORMAT)


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
    if not isinstance(document, dict) or document.get("format") not in READS:
        raise ValueError(f"{path}: not a ratings file (expected format {FORMAT!r})")
    entries: dict[tuple[str, str, str, int], dict[str, Any]] = {}
    try:
        for entry in document.get("ratings", []):
            _typed(entry)
            entries[key(entry["tileset"], entry["game"], entry["policy"], entry["budget"])] = entry
            rating(entry)
    except (KeyError, TypeError, ValueError):
        raise ValueError(
            f"{path}: a rating needs tileset, game, policy, budget, and a numeric elo with its "
            "elo_ci95 (or a null elo with one numeric end: a bound)"
        ) from None
    return entries


def _typed(entry: Any) -> None:
    """ValueError unless a stored rating's fields are of their types (a bool is no number)."""
    names = ("tileset", "game", "policy")
    ends = entry.get("elo_ci95") if isinstance(entry, dict) else None
    if (
        not isinstance(entry, dict)
        or not all(isinstance(entry.get(name), str) for name in names)
        or not is_whole(entry.get("budget"))
        or not (entry.get("elo") is None or is_number(entry["elo"]))
        or not (isinstance(ends, list) and len(ends) == 2)
        or not all(end is None or is_number(end) for end in ends)
        or not ("games" not in entry or is_whole(entry["games"]))
    ):
        raise ValueError("a stored rating of the wrong types")


def rating(entry: dict[str, Any]) -> Rating:
    """A stored entry as a rating (ValueError if its figures are not numbers or null)."""
    found = Rating.from_json(entry["policy"], {"elo_ci95": [None, None], "games": 0} | entry)
    if found.elo is None and found.bound is None:
        raise ValueError("a rating with a null elo needs one numeric end")
    return found


def quoted(entry: dict[str, Any]) -> str:
    """How a verdict quotes a stored rating: 'about 334 Elo above random', 'at least 606 Elo
    above random', 'at most 40 Elo below random'."""
    stored = rating(entry)
    if stored.elo is not None:
        return f"about {_from_random(stored.elo)}"
    if stored.bound == "lower":
        return f"{'at least' if stored.low >= 0 else 'at most'} {_from_random(stored.low)}"
    return f"{'at most' if stored.high >= 0 else 'at least'} {_from_random(stored.high)}"


def _from_random(value: float) -> str:
    return f"{abs(value):.0f} Elo {'above' if value >= 0 else 'below'} {ANCHOR}"


def document(entries: dict[tuple[str, str, str, int], dict[str, Any]]) -> dict[str, Any]:
    """The ratings file's JSON, entries in key order (so the same ratings give the same bytes)."""
    return {"format": FORMAT, "ratings": [entries[k] for k in sorted(entries)]}


def entry(
    digest: str, game: str, policy: str, budget: int, seed: int, rated: Rating
) -> dict[str, Any]:
    """One stored rating (figures to a tenth of an Elo; an infinite end is null)."""
    figures = rated.to_json()
    return {
        "tileset": digest,
        "game": game,
        "policy": policy,
        "budget": budget,
        "elo": _tenth(figures["elo"]),
        "elo_ci95": [_tenth(end) for end in figures["elo_ci95"]],
        "games": rated.games,
        "seed": seed,
    }


def _tenth(value: float | None) -> float | None:
    return None if value is None else round(value, 1)


def stored(
    path: Path | None, tileset: dict[str, Any], game: str, budget: int, specs: Iterable[str]
) -> dict[str, dict[str, Any]]:
    """The stored ratings of these policies on this tile set and game set, each at its budget
    (from ``path``, by default the ratings shipped with dukec)."""
    entries = load(path if path is not None else shipped_path())
    digest = tileset_digest(tileset)
    found = {spec: entries.get(key_of(digest, game, spec, budget)) for spec in specs}
    return {name: entry for name, entry in found.items() if entry is not None}
