"""What ``tune`` writes: the tuned tile as formatted source, a diff, its card, the JSON report."""

from __future__ import annotations

import difflib
import json
from pathlib import Path

from dukec.atomic import write_text_atomic
from dukec.compiler.decompile import tile_text
from dukec.insight.tune import TuneResult
from dukec.workbench.fmt import format_text
from dukec.workbench.render import card_filename, render_files
from dukec.workbench.tiles import TileView

REPORT = "tune.json"


def names(new: str) -> dict[str, str]:
    """The file names of the outputs, by what they hold."""
    stem = new.lower()
    return {
        "source": f"{stem}.duke",
        "diff": f"{stem}.diff",
        "card": card_filename(TileView(new, "troop", 1, (), (), ()), "svg"),
        "report": REPORT,
    }


def header(result: TuneResult) -> str:
    """The comment lines that open the tuned file: what was tuned against what, and how."""
    s = result.settings
    assert result.tuned is not None and result.confirmation is not None
    count = len(result.tuned.steps)
    return (
        f"# {result.new} tuned by dukec tune against {result.old}: {count} "
        f"step{'s' if count != 1 else ''}, fair within {s.criteria.about()}\n"
        f"# ({s.policy} play; tested from seed {result.tuned.seed}, confirmed from seed "
        f"{result.confirmation.seed}).\n"
    )


def tuned_source(result: TuneResult) -> str:
    """The tuned tile as formatted .duke source, with its header."""
    assert result.tuned is not None
    path = names(result.new)["source"]
    return format_text(header(result) + tile_text(result.tuned.tile, result.icons), path)


def diff(result: TuneResult) -> str:
    """A unified diff of the tile as given against the tuned tile (both in canonical layout)."""
    assert result.tuned is not None
    path = names(result.new)["source"]
    before = format_text(tile_text(result.original, result.icons), path).splitlines(keepends=True)
    after = format_text(tile_text(result.tuned.tile, result.icons), path).splitlines(keepends=True)
    return "".join(difflib.unified_diff(before, after, f"a/{path}", f"b/{path}"))


def write_outputs(result: TuneResult, directory: Path) -> dict[str, Path]:
    """Write the report, and for a tuned tile its source, diff and card; the paths written."""
    files = names(result.new)
    written: dict[str, Path] = {}
    if result.tuned is not None:
        written["source"] = directory / files["source"]
        write_text_atomic(written["source"], tuned_source(result))
        written["diff"] = directory / files["diff"]
        write_text_atomic(written["diff"], diff(result))
        [written["card"]] = render_files(
            [TileView.from_json(result.tuned.tile, result.icons)], directory, "svg"
        )
    written["report"] = directory / files["report"]
    document = result.to_json()
    document["files"] = {kind: path.name for kind, path in written.items()}
    write_text_atomic(written["report"], json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    return written
