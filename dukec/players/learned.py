"""Which learned evaluation a game set is played with: the evaluation files, and the weights of
any tile set, carried by what its tiles do from an evaluation fitted on another.

An evaluation file (``evaluation.json`` shipped with dukec, and the file ``$DUKEC_EVALUATION``
names) keys its entries like the tile values: the tile set's hash and the game set's name. A
game set is played with its own entry if there is one, else with an entry of the game set it was
made from (:attr:`dukec.engine.Rules.origin`: an experiment's sets, a tile set of your own's
``base``; a game set of another name, with the ``base`` game's), the one whose tiles are most
often its own, names aside. The features' weights are the entry's (they do not depend on the
tiles); each tile's weights are carried from the entry's tiles by what it is
(:mod:`dukec.players.tilemodel`): a tile that is one of them under any name weighs what it
does, an edited or new tile what the one most like it does.
So a renamed copy weighs exactly what its original does, renaming every tile of a set changes
nothing, and a tile set the evaluation never saw is weighed from what its tiles reach.
"""

from __future__ import annotations

from typing import Any

from dukec.engine import Rules
from dukec.engine.rules import BACK, FRONT, SIDE_NAMES
from dukec.players.evaluation import Evaluator, Weights
from dukec.players.terms import TERMS
from dukec.players.tilemodel import carried, contents, in_play, known_tiles, same
from dukec.players.values import load_entries, own_entry, values_key

#: Environment variable naming a further file of fitted evaluations.
EVALUATION_ENV = "DUKEC_EVALUATION"
#: The file of the base tile set's evaluations, shipped in this package.
SHIPPED = "evaluation.json"

#: Evaluators made, by values key, with the rules and the entry they were made from.
_MADE: dict[str, tuple[Rules, dict[str, Any], Evaluator]] = {}
#: The entry found for a game set, by values key, with the rules and the entries it was found
#: among: a search is made for every game, and matching tiles by what they are costs more than
#: a short game.
_FOUND: dict[str, tuple[Rules, dict[str, Any], tuple[str, dict[str, Any]] | None]] = {}


def learned(rules: Rules) -> Evaluator | None:
    """The fitted evaluation of a game set (its own entry, or one of the game set it was made
    from), or None if no file has one: the search then scores by tile values
    (:func:`dukec.players.values.evaluation`)."""
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
    """The key and the entry a game set is played with: its own; else, of the entries of the
    game set it was made from (of ``base`` where no entry has that name), the one that knows
    most of its tiles in play (names aside; ties: the first key in order); else None. An entry
    without ``tiles`` (an earlier dukec's) serves its own tile set only."""
    entries = load_entries(SHIPPED, EVALUATION_ENV, "evaluations")
    key = values_key(rules)
    found = _FOUND.get(key)
    if found is not None and found[0] is rules and found[1] is entries:
        return found[2]
    best = _entry_among(rules, entries)
    if len(_FOUND) > 32:
        _FOUND.clear()
    _FOUND[key] = (rules, entries, best)
    return best


def _entry_among(rules: Rules, entries: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    own = own_entry(rules, entries)
    if own is not None:
        return str(own[0].get("tileset", "")) + "/" + rules.set_name, own[0]
    games = {other.rpartition("/")[2] for other in entries}
    game = rules.origin if rules.origin in games else "base"
    playing = [rules.types[t] for t in sorted(in_play(rules))]
    best: tuple[str, dict[str, Any]] | None = None
    most = -1
    for other in sorted(entries):
        candidate = entries[other]
        if other.rpartition("/")[2] != game or not isinstance(candidate, dict):
            continue
        tiles = candidate.get("tiles")
        if not isinstance(tiles, dict):
            continue
        try:
            known = known_tiles(tiles, {})
        except ValueError:
            continue
        matched = sum(any(same(t, k) for k in known) for t in playing)
        if matched > most:
            best, most = (other, candidate), matched
    return best


def entry_weights(rules: Rules, entry: dict[str, Any]) -> Weights:
    """The weights of one entry of an evaluation file for ``rules``: each tile's carried from
    the entry's tiles (:func:`dukec.players.tilemodel.carried`; by name where the entry is the
    tile set's own and keeps no ``tiles``), a term it does not name 0; ValueError if a weight
    is not a number."""
    board = entry.get("board", {})
    bag = entry.get("bag", {})
    terms = entry.get("terms", {})
    if not isinstance(board, dict) or not isinstance(bag, dict) or not isinstance(terms, dict):
        raise ValueError("board, bag and terms: not objects")
    sides = [board.get(side, {}) for side in SIDE_NAMES]
    if not all(isinstance(side, dict) for side in sides):
        raise ValueError("board weights: not an object of tiles for each side")
    for table in (*sides, bag):
        for name, value in table.items():
            _number(value, name)
    tiles = entry.get("tiles")
    if not isinstance(tiles, dict):
        tiles = contents(rules)  # the tile set's own entry: its names are these tiles'
    weights: dict[int | str, dict[str, Any]] = {FRONT: sides[FRONT], BACK: sides[BACK]}
    weights["bag"] = bag
    known = known_tiles(tiles, weights)
    front, back, waiting = (carried(rules, known, key) for key in (FRONT, BACK, "bag"))
    return Weights(
        tuple(w for pair in zip(front, back, strict=True) for w in pair),
        tuple(waiting),
        tuple(_number(terms.get(name, 0.0), name) for name in TERMS),
        _number(entry.get("first_seat", 0.0), "first_seat"),
    )


def _number(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"weight of {what!r}: {value!r} is not a number")
    return float(value)
