"""How well tune's screening on common seeds tells candidate steps apart, on a planted tile.

    python benchmarks/tune_screening.py [--seeds 6] [--games 1000] [--policy greedy] [-j 1]

The planted tile is ``tests/insight/tiles/diagonal_footman.duke``: the Footman with two Moves
planted forward and diagonally on its front. Its removal steps, made as tune makes them (an
icon with its mirror image), are each screened over ``--games`` paired games from one seed,
the tile as given too, for seeds 1 to ``--seeds``; the tile as given is screened once more
from another seed (``seed + 1000``), as an independent run would.

Prints, for each seed, the screened Elo of every step and where the planted step ranks by
distance from 0 Elo (1: tune keeps and tests it first). Then, for each step, the standard
deviation across seeds of its effect (its Elo minus the tile as given's) measured on common
seeds and on independent ones: how much sharper common seeds make a difference. (Removing the
planted pair gives back the Footman itself, which paired games against the Footman score at
exactly 50%: its effect is minus the tile's own Elo, no sharper from common seeds.)
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path
from typing import Any

from dukec.compiler import load, load_tileset
from dukec.compiler.vocabulary import Side
from dukec.insight.edits import Edit, EditKind, checked, mirrored_step, single_edits
from dukec.insight.tune_search import Search, Stage, Step, TuneSettings
from tests.base_icons import MOVE

PLANTED_STEP = {
    Edit(EditKind.REMOVE, Side.FRONT, MOVE, (-1, 1)),
    Edit(EditKind.REMOVE, Side.FRONT, MOVE, (1, 1)),
}
"""The step that takes the planted Moves off."""

PLANTED = Path(__file__).resolve().parent.parent / "tests/insight/tiles/diagonal_footman.duke"


def removal_steps(tile: dict[str, Any]) -> list[tuple[Step, dict[str, Any]]]:
    """Every removal step of a symmetric tile, each pair once, compiled."""
    found: dict[frozenset[Edit], tuple[Step, dict[str, Any]]] = {}
    for edit in single_edits(tile):
        if edit.kind is EditKind.REMOVE and frozenset((edit, edit.mirror())) not in found:
            step, made = mirrored_step(edit, tile)
            compiled = checked(made, step)
            assert compiled is not None
            found[frozenset((edit, edit.mirror()))] = (step, compiled)
    return list(found.values())


def main() -> None:
    """Screen the planted tile's removal steps from each seed; print ranks and spreads."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=6)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--policy", default="greedy")
    parser.add_argument("-j", "--workers", type=int, default=1)
    args = parser.parse_args()
    tileset = load_tileset()
    tile = load([PLANTED])["tiles"][0]
    steps = removal_steps(tile)
    names = [" + ".join(f"{e.side} {e.at}" for e in step) for step, _ in steps]
    planted = next(i for i, (step, _) in enumerate(steps) if set(step) == PLANTED_STEP)
    common: list[list[float]] = [[] for _ in steps]
    independent: list[list[float]] = [[] for _ in steps]
    ranks = []
    started = time.process_time()
    for seed in range(1, args.seeds + 1):
        settings = TuneSettings(
            policy=args.policy, seed=seed, screen_games=args.games, workers=args.workers
        )
        search = Search(tileset, "Footman", tile["name"], settings, None)
        given = search.play((), tile, Stage.SCREEN).elo
        elos = [search.play((step,), made, Stage.SCREEN).elo for step, made in steps]
        other = TuneSettings(
            policy=args.policy, seed=seed + 1000, screen_games=args.games, workers=args.workers
        )
        given_elsewhere = Search(tileset, "Footman", tile["name"], other, None)
        apart = given_elsewhere.play((), tile, Stage.SCREEN).elo
        for index, elo in enumerate(elos):
            common[index].append(elo - given)
            independent[index].append(elo - apart)
        order = sorted(range(len(steps)), key=lambda i: (abs(elos[i]), i))
        ranks.append(order.index(planted) + 1)
        shown = ", ".join(f"{names[i]} {elos[i]:+.0f}" for i in order)
        print(f"seed {seed}: as given {given:+.0f} Elo; nearest 0 first: {shown}")
    print(f"planted step ranked first in {ranks.count(1)} of {len(ranks)} seeds (ranks {ranks})")
    print("effect's spread across seeds (SD, Elo): common seeds / independent seeds")
    for index, name in enumerate(names):
        sd_common = statistics.stdev(common[index])
        sd_apart = statistics.stdev(independent[index])
        print(f"  {name:<36} {sd_common:6.1f} / {sd_apart:6.1f}")
    print(
        f"{args.seeds * (len(steps) + 2) * args.games} games, "
        f"{time.process_time() - started:.0f} s CPU in this process"
    )


if __name__ == "__main__":
    main()
