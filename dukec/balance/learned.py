"""Which learned evaluation a game set is played with: the evaluation files, and the weights of
a tile set derived from one that has an evaluation.

An evaluation file (``evaluation.json`` shipped with dukec, and the file ``$DUKEC_EVALUATION``
names) keys its entries like the tile values: the tile set's hash and the game set's name. A
tile set made by an experiment (``balance --replace``, ``--with``, ``--against``, ``tune``'s
edits) has a hash of its own, and no entry: it is played with the entry of the game set it was
made from (:attr:`dukec.engine.Rules.origin`; a game set's own name otherwise) whose tile set
shares most of its tile names, provided it shares at least half of them. Its
features' weights are the same (they do not depend on the tiles); each tile the entry names
keeps its weights; a tile it does not name (a new or renamed one) gets the weights of the named
tile whose grids are most like its own, moved by the difference in their engine material values
along a straight line fitted through the named tiles' weights against their material values. A
renamed copy thus weighs exactly what its original does (the two armies of a fair experiment are
played alike), and a new tile's strength shows through what it reaches on the board (mobility,
control, threats), never through its name.
"""

from __future__ import annotations

from typing import Any

from dukec.balance.evaluation import Evaluator, Weights
from dukec.balance.terms import TERMS
from dukec.balance.values import load_entries, values_key
from dukec.engine import Rules
from dukec.engine.rules import BACK, FRONT, SIDE_NAMES, TileType

#: Environment variable naming a further file of fitted evaluations.
EVALUATION_ENV = "DUKEC_EVALUATION"
#: The file of the base tile set's evaluations, shipped in this package.
SHIPPED = "evaluation.json"

#: Evaluators made, by values key, with the rules and the entry they were made from.
_MADE: dict[str, tuple[Rules, dict[str, Any], Evaluator]] = {}


def learned(rules: Rules) -> Evaluator | None:
    """The fitted evaluation of a game set (its own entry, or that of the tile set it was
    derived from), or None if no file has one: the search then scores by tile values
    (:func:`dukec.balance.values.evaluation`)."""
    key = values_key(rules)
    found = entry_for(rules)
    if found is None:
        return None
    where, entry = found
    made = _MADE.get(key)
    if made is not None and made[0] is rules and made[1] is entry:
        return made[2]
    try:
        evaluator = Evaluator(rules, entry_weights(rules, entry))
    except ValueError as error:
        raise ValueError(f"evaluation of {where}: error: {error}") from None
    evaluator.entry = entry
    if len(_MADE) > 32:
        _MADE.clear()
    _MADE[key] = (rules, entry, evaluator)
    return evaluator


def entry_for(rules: Rules) -> tuple[str, dict[str, Any]] | None:
    """The key and the entry a game set is played with: its own, else the entry of the game
    set it was made from whose tile set shares most of its tile names (at least half; ties: the
    first key in order), else None."""
    entries = load_entries(SHIPPED, EVALUATION_ENV, "evaluations")
    key = values_key(rules)
    entry = entries.get(key)
    if isinstance(entry, dict):
        return key, entry
    names = {t.name for t in rules.types}
    best: tuple[str, dict[str, Any]] | None = None
    most = 0
    for other in sorted(entries):
        candidate = entries[other]
        if other.rpartition("/")[2] != rules.origin or not isinstance(candidate, dict):
            continue
        board = candidate.get("board")
        front = board.get("front") if isinstance(board, dict) else None
        shared = len(names & set(front)) if isinstance(front, dict) else 0
        if shared > most:
            best, most = (other, candidate), shared
    return best if 2 * most >= len(names) else None


def entry_weights(rules: Rules, entry: dict[str, Any]) -> Weights:
    """The weights of one entry of an evaluation file for ``rules``: a tile the entry does not
    name weighs what its material value predicts (:func:`predicted`), a term it does not name
    0; ValueError if a weight is not a number."""
    board = entry.get("board", {})
    bag = entry.get("bag", {})
    terms = entry.get("terms", {})
    if not isinstance(board, dict) or not isinstance(bag, dict) or not isinstance(terms, dict):
        raise ValueError("board, bag and terms: not objects")
    sides = [board.get(side, {}) for side in SIDE_NAMES]
    if not all(isinstance(side, dict) for side in sides):
        raise ValueError("board weights: not an object of tiles for each side")
    named = [_named(rules, sides[FRONT]), _named(rules, sides[BACK]), _named(rules, bag)]
    front, back, waiting = (predicted(rules, weights) for weights in named)
    return Weights(
        tuple(w for pair in zip(front, back, strict=True) for w in pair),
        tuple(waiting),
        tuple(_number(terms.get(name, 0.0), name) for name in TERMS),
        _number(entry.get("first_seat", 0.0), "first_seat"),
    )


def _named(rules: Rules, weights: dict[str, Any]) -> list[float | None]:
    """Each tile type's weight in ``weights``, None where it names none."""
    return [_number(weights[t.name], t.name) if t.name in weights else None for t in rules.types]


def predicted(rules: Rules, weights: list[float | None]) -> list[float]:
    """The weights, each missing one (None) predicted from the named tile most like it: that
    tile's weight, moved along the least-squares line of the named tiles' weights against their
    engine material values by the difference in material value. A tile like no named one in
    grids weighs what the line gives; a renamed copy weighs what the original does; a Duke
    weighs 0; with no named tile, every missing weight is 0."""
    types = rules.types
    named = [
        (t, w) for t, w in zip(types, weights, strict=True) if w is not None and not t.acts_as_duke
    ]
    slope, _intercept = _line([(t.value, w) for t, w in named])
    found = []
    for t, w in zip(types, weights, strict=True):
        if w is not None:
            found.append(w)
        elif t.acts_as_duke or not named:
            found.append(0.0)
        else:
            near, weight = min(named, key=lambda pair: (difference(t, pair[0]), pair[0].index))
            found.append(weight + slope * (t.value - near.value))
    return found


def difference(a: TileType, b: TileType) -> int:
    """How many icons two tiles' grids differ by (an icon at a square on one side of one and not
    of the other), and one more where their abilities differ."""
    icons = sum(len(set(a.sides[side]) ^ set(b.sides[side])) for side in (FRONT, BACK))
    return icons + (a.abilities != b.abilities)


def _line(points: list[tuple[float, float]]) -> tuple[float, float]:
    """Slope and intercept of the least-squares line through ``points`` (flat at their mean
    where the x values do not vary; 0, 0 for no points)."""
    if not points:
        return 0.0, 0.0
    n = len(points)
    mean_x = sum(x for x, _ in points) / n
    mean_y = sum(y for _, y in points) / n
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    if spread == 0.0:
        return 0.0, mean_y
    slope = sum((x - mean_x) * (y - mean_y) for x, y in points) / spread
    return slope, mean_y - slope * mean_x


def _number(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"weight of {what!r}: {value!r} is not a number")
    return float(value)
