"""Descent: tune's search, one step at a time, candidates screened on common seeds.

Adding up single edits' effects needs those effects measured well, and effects of a few tens
of Elo are not, in any run short enough to repeat for every edit, least of all one a test
stopped early. The descent measures whole tiles instead, one number of steps after another:

1. The tile as given is screened: ``screen_games`` paired games from the screening seed.
2. At each number of steps, from one to ``max_steps``, the candidates are one more step from
   each of the ``beam`` tiles kept at the count before (at first the tile as given), each in
   the direction that tile needs (its test's answer where it was tested and found stronger or
   weaker, else its screen against the target): stronger, removals, and moves and the flip
   that lower its proxy; weaker, additions, and moves and the flip that raise it. A
   step is an edit, or for a symmetric tile (with ``mirror``) an edit and its mirror image.
   Each tile's steps go in this order: those measured helpful at the counts before (a step's
   effect is its tile's Elo minus its parent's, averaged over every tile it was made on), most
   helpful first; then those not yet measured, in the proxy's order (``Search.singles``); then
   those measured unhelpful. The tiles' lists are taken in turn, first step of each, then
   second, and so on, a tile met twice (the same steps in another order) counted once, up to
   ``candidates`` tiles.
3. Every candidate is screened over the same games from the same seed as every other (common
   random numbers: equal runs, none stopped early, with the same bags). The ``beam`` screened
   nearest the target are kept, and tested, nearest first; a tile judged fair is confirmed
   from a fresh seed, and the first confirmed is the tuned tile. A failed confirmation does
   not end the search.

The fewest steps come first: no tile of ``k`` steps is screened before every count below
``k`` has been tried. Within a count it is a beam, not every tile: a tile of ``k`` steps is
only reached through the tiles kept at ``k - 1``.
"""

from __future__ import annotations

from typing import Any

from dukec.insight.edits import Edit, EditKind, checked, mirrored_step, tile_key
from dukec.insight.tune_search import Search, Stage, Step, Trial, proxy

_FREE = (EditKind.MOVE, EditKind.FLIP)
"""The kinds of edit whose direction only the proxy tells."""

_Candidate = tuple[Step, dict[str, Any]]


def descend(
    search: Search, original: dict[str, Any], slope: float | None, mirrored: bool
) -> tuple[Trial, Trial] | None:
    """The first tile found fair and confirmed by descending from ``original`` (steps in
    mirror pairs when ``mirrored``), with its confirmation, or None within the bounds."""
    s = search.settings
    kept = [search.play((), original, Stage.SCREEN)]
    measured = {tile_key(original)}
    effects: dict[frozenset[Edit], list[float]] = {}
    for _ in range(s.max_steps):
        lists = [_children(search, parent, slope, mirrored, measured, effects) for parent in kept]
        chosen: list[tuple[Trial, Step, dict[str, Any]]] = []
        for rank in range(max((len(steps) for steps in lists), default=0)):
            for parent, steps in zip(kept, lists, strict=True):
                if len(chosen) < s.candidates and rank < len(steps):
                    step, tile = steps[rank]
                    if tile_key(tile) not in measured:
                        measured.add(tile_key(tile))
                        chosen.append((parent, step, tile))
        if not chosen:
            return None
        trials = []
        for parent, step, tile in chosen:
            trial = search.play((*parent.steps, step), tile, Stage.SCREEN)
            effects.setdefault(frozenset(step), []).append(trial.elo - parent.elo)
            trials.append(trial)
        order = sorted(range(len(trials)), key=lambda i: (abs(trials[i].elo - s.target), i))
        kept = [trials[i] for i in order[: s.beam]]
        for trial in kept:
            found = search.accepted(trial.steps, trial.tile)
            if found is not None:
                return found
    return None


def _children(
    search: Search,
    parent: Trial,
    slope: float | None,
    mirrored: bool,
    measured: set[str],
    effects: dict[frozenset[Edit], list[float]],
) -> list[_Candidate]:
    """The steps from a kept tile in the direction it needs: those measured helpful first,
    most helpful first, then those not yet measured in the proxy's order, then those measured
    unhelpful, least unhelpful first."""
    weaken = search.standing(parent) > search.settings.target
    needed = EditKind.REMOVE if weaken else EditKind.ADD
    sign = -1.0 if weaken else 1.0
    found: list[tuple[tuple[int, float, int], Step, dict[str, Any]]] = []
    singles = search.singles(parent, slope, (needed, *_FREE))
    for index, single in enumerate(singles):
        made = _step(single.edit, single.tile, parent.tile, search) if mirrored else None
        step, tile = made if made is not None else ((single.edit,), single.tile)
        if (mirrored and made is None) or tile_key(tile) in measured:
            continue
        if single.edit.kind in _FREE:
            change = proxy(tile, search.icons) - parent.proxy
            if not change or (change < 0) != weaken:
                continue
        seen = effects.get(frozenset(step))
        if seen is None:
            rank: tuple[int, float, int] = (1, 0.0, index)
        else:
            # The mean of the step's measured effects, positive when it helped.
            helped = sign * sum(seen) / len(seen)
            rank = (0, -helped, index) if helped > 0 else (2, -helped, index)
        found.append((rank, step, tile))
    found.sort(key=lambda item: item[0])
    return [(step, tile) for _, step, tile in found]


def _step(
    edit: Edit, single: dict[str, Any], parent: dict[str, Any], search: Search
) -> _Candidate | None:
    """The mirror-pair step of a symmetric tile for this edit, compiled, or None where the
    edit and its image clash or the result does not compile."""
    try:
        step, made = mirrored_step(edit, parent)
    except ValueError:
        # Both halves take the same icon (an icon moved off the middle column, say).
        return None
    if len(step) == 1:
        return step, single
    compiled = checked(made, step, search.icons)
    return (step, compiled) if compiled is not None else None
