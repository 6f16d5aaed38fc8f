"""Manifest checks against planted truths: false alarms from fresh seeds, power against an edit.

    python benchmarks/manifest_check.py [--games 2000] [--seeds 40] [--workers 2]

Records the experiment of ``dukec value PlantedFootman`` (the Footman with eight jumps planted
on its front, one copy in place of a starting Footman, greedy play) over ``--games`` games from
seed 1, as ``--manifest`` would, then plays its check from seeds 2, 3, ...:

- unchanged: the share of checks called drifted is the false-alarm rate, stated as 1%;
- with the planted jumps removed (the tile a Footman again, about 66 Elo down): the share
  called drifted is the power against that edit, beside the power the check states for a
  drift of 60 Elo.

Prints each figure with its 95% Wilson interval over the seeds.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path
from typing import Any

from dukec.balance.run import Settings
from dukec.compiler import load, load_tileset
from dukec.insight.drift import expected_power
from dukec.insight.regression import check, entry_of
from dukec.insight.value import measure
from dukec.stats.stats import wilson
from dukec.tileset import merge_sources, tileset_digest

HERE = Path(__file__).resolve().parent.parent
PLANTED = HERE / "tests" / "insight" / "tiles" / "planted_footman.duke"
FOOTMAN = HERE / "tiles" / "footman.duke"


def _share(count: int, total: int) -> str:
    low, high = wilson(count / total, total)
    return f"{count}/{total} = {count / total:.1%} (95%: {low:.1%} to {high:.1%})"


def main() -> None:
    """Record the planted tile, check it unchanged and edited from fresh seeds, print figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seeds", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    base = load_tileset(None)
    planted = load([PLANTED])
    tileset = merge_sources(base, planted)
    settings = Settings(
        games=args.games, seed=1, policy="greedy", ply_limit=300, workers=args.workers, paired=True
    )
    valuation = measure(tileset, None, "PlantedFootman", settings)
    assert valuation.result is not None
    entry = entry_of(valuation.result, "copy", (None, None), None, tileset_digest(tileset))
    stated = expected_power(entry.score, entry.score_se, entry.margin, entry.alpha)
    print(
        f"recorded: one PlantedFootman in place of one Footman, {entry.elo:+.1f} Elo over "
        f"{entry.games} greedy games (score {entry.score:.4f} ± {entry.score_se:.4f}); check: "
        f"{entry.alpha:.0%} false alarms, {stated:.1%} power against ±{entry.margin:g} Elo"
    )
    footman = FOOTMAN.read_text(encoding="utf-8").replace("tile Footman", "tile PlantedFootman")
    without = _compiled(footman)
    for name, source in (("unchanged", planted), ("planted jumps removed", without)):
        drifted, changes = 0, []
        for seed in range(2, 2 + args.seeds):
            checked = check(entry, base, source, seed, args.workers)
            drifted += checked.drifted
            changes.append(checked.drift.elo_change()[0])
        mean = sum(changes) / len(changes)
        print(f"{name}: drifted {_share(drifted, args.seeds)}; mean change {mean:+.1f} Elo")


def _compiled(text: str) -> dict[str, Any]:
    """The tiles of a .duke text (compiled from a temporary file)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "planted_footman.duke"
        path.write_text(text, encoding="utf-8")
        return load([path])


if __name__ == "__main__":
    main()
