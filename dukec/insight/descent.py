"""Descent: tune's search for tiles that need several edits, one edit at a time.

Combining single edits by their measured effects needs those effects measured well, and
effects of a few tens of Elo are not, in any run short enough to repeat for every edit. The
descent measures whole tiles instead, one edit count after another:

1. The tile as given is measured: ``screen_games`` paired games from the seed.
2. At each edit count, from one to ``max_edits``, the candidates are single edits of the
   ``beam`` tiles kept at the count before (at first the tile as given), each edit in the
   direction that tile needs: when it is measured stronger than the target, removals, and
   moves and the flip that lower its proxy; when weaker, additions, and moves and the flip
   that raise it. Each tile's edits go in this order: the edits measured helpful at the
   counts before (an edit's effect is the Elo its tile measured minus its parent's, averaged
   over every tile it was made on), most helpful first; then the edits not yet measured, in
   the proxy's order (``Search.singles``); then those measured unhelpful. The tiles' lists
   are taken in turn, first edit of each, then second, and so on, a tile met twice (the same
   edits in another order) counted once, up to ``candidates`` tiles. With ``mirror``, each
   edit is made together with its mirror image (left to right) when the tile has the icon
   there: one step, two icons changed, so that a symmetric tile stays symmetric.
3. Every candidate is measured over ``screen_games`` games from the same seed as every other
   (common random numbers: the same bags and the same players' draws, as far as the games
   stay alike), so that their differences are measured with less noise than independent runs
   give. The ``beam`` measured nearest the target are kept, and tested with the SPRT, nearest
   first; a tile judged within the margin is tested again from a fresh seed, and the first
   that both judge fair is the tuned tile. A failed re-check does not end the search.

The fewest edits come first: no tile of ``k`` steps is measured before every count below
``k`` has been tried. Within a count it is a beam, not every tile: a tile of ``k`` edits is
only reached through the tiles kept at ``k - 1``.
"""

from __future__ import annotations

from typing import Any

from dukec.insight.edits import Edit, EditKind, checked, tile_key
from dukec.insight.tune import Search, Stage, Trial, proxy

_FREE = (EditKind.MOVE, EditKind.FLIP)
"""The kinds of edit whose direction only the proxy tells."""


def descend(
    search: Search, original: dict[str, Any], slope: float | None
) -> tuple[Trial, Trial] | None:
    """The first tile found within the margin by descending from ``original``, with its
    re-check, or None within the bounds."""
    s = search.settings
    kept = [search.play((), original, Stage.SCREEN)]
    measured = {tile_key(original)}
    effects: dict[Edit, list[float]] = {}
    for _ in range(s.max_edits):
        lists = [_children(search, parent, slope, measured, effects) for parent in kept]
        chosen: list[tuple[Trial, tuple[Edit, ...], dict[str, Any]]] = []
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
            trial = search.play((*parent.edits, *step), tile, Stage.SCREEN)
            effects.setdefault(step[0], []).append(trial.elo - parent.elo)
            trials.append(trial)
        order = sorted(range(len(trials)), key=lambda i: (abs(trials[i].elo - s.target), i))
        kept = [trials[i] for i in order[: s.beam]]
        for trial in kept:
            found = search.accepted(trial.edits, trial.tile)
            if found is not None:
                return found
    return None


def _children(
    search: Search,
    parent: Trial,
    slope: float | None,
    measured: set[str],
    effects: dict[Edit, list[float]],
) -> list[tuple[tuple[Edit, ...], dict[str, Any]]]:
    """The single edits of a kept tile in the direction it needs: those measured helpful
    first, most helpful first, then those not yet measured in the proxy's order, then those
    measured unhelpful, least unhelpful first."""
    weaken = parent.elo > search.settings.target
    needed = EditKind.REMOVE if weaken else EditKind.ADD
    sign = -1.0 if weaken else 1.0
    found: list[tuple[tuple[int, float, int], tuple[Edit, ...], dict[str, Any]]] = []
    for index, single in enumerate(search.singles(parent.tile, parent.elo, slope)):
        if tile_key(single.tile) in measured:
            continue
        if single.edit.kind in _FREE:
            change = proxy(single.tile) - parent.proxy
            if not change or (change < 0) != weaken:
                continue
        elif single.edit.kind is not needed:
            continue
        seen = effects.get(single.edit)
        if seen is None:
            rank: tuple[int, float, int] = (1, 0.0, index)
        else:
            # The mean of the edit's measured effects, positive when it helped.
            helped = sign * sum(seen) / len(seen)
            rank = (0, -helped, index) if helped > 0 else (2, -helped, index)
        step = _mirrored(single.edit, single.tile) if search.settings.mirror else None
        if step is None:
            found.append((rank, (single.edit,), single.tile))
        elif tile_key(step[1]) not in measured:
            found.append((rank, (single.edit, step[0]), step[1]))
    found.sort(key=lambda item: item[0])
    return [(edits, tile) for _, edits, tile in found]


def _mirrored(edit: Edit, tile: dict[str, Any]) -> tuple[Edit, dict[str, Any]] | None:
    """The edit's mirror image and the tile with it made too, if it is another edit that can
    be made there and compiles."""
    image = edit.mirror()
    if image == edit:
        return None
    try:
        made = image.apply(tile)
    except ValueError:
        # The tile has no icon at the mirror square: it was not symmetric there.
        return None
    compiled = checked(made, (edit, image))
    return (
        (image, compiled) if compiled is not None and tile_key(compiled) != tile_key(tile) else None
    )
