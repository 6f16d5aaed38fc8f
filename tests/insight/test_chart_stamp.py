"""Bars of worth, and cards stamped with it (`dukec render --stats`)."""

import json
import math
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dukec.cli import main
from dukec.insight.chart import text_bar, text_bars, worth_page
from dukec.insight.manifest import Entry, dumps
from dukec.insight.stamp import Stat, StatsError, read_stats, stamped
from dukec.workbench.shapes import Drawing, Text


def _row(tile: str, elo: float | None, low: float | None, high: float | None) -> dict[str, Any]:
    return {"tile": tile, "elo": elo, "elo_ci95": [low, high], "rank": [1, 2], "answer": "-"}


def test_bar_cells() -> None:
    bar = text_bar(_row("A", 20.0, 5.0, 25.0), (-10.0, 30.0), 41)
    assert len(bar) == 41
    assert bar == " " * 10 + "│" + "████├" + "█" * 15 + "────┤" + " " * 5
    negative = text_bar(_row("B", -5.0, -10.0, 0.0), (-10.0, 30.0), 41)
    assert negative == "├────█████│" + " " * 30


def test_bars_share_one_scale_and_survive_infinity() -> None:
    rows = [_row("A", 100.0, 50.0, None), _row("B", -50.0, -80.0, -20.0)]
    bars = text_bars(rows, 30)
    assert [len(bar) for bar in bars] == [30, 30]
    assert bars[0].endswith("┤") and bars[1].startswith("├")


def test_page_has_a_chart_and_a_table() -> None:
    document = {
        "game": "base",
        "in_place_of": "Footman",
        "slot": "start",
        "policy": "greedy",
        "games": 40,
        "seed": 1,
        "tileset_hash": "abc",
        "ranking": {"comparisons": 1, "alpha": 0.05},
        "tiles": [
            _row("Pikeman", 30.0, 10.0, 50.0) | {"answer": "worth more than a Footman"},
            _row("Knight", None, 10.0, None) | {"rank": [2, 2]},
        ],
    }
    page = worth_page(document)
    assert page.startswith("<!DOCTYPE html>")
    assert page.count("<rect ") == 2
    assert "<tr><td>1-2</td><td class=name>Pikeman</td>" in page
    assert "<td>worth more than a Footman</td>" in page
    assert "<tr><td>2</td><td class=name>Knight</td><td>infinite</td>" in page
    assert "one copy in place of one Footman (start)" in page


def test_stamp_text() -> None:
    assert Stat(51.4, (15.0, 87.0), "2f1c").text() == "+51 ± 36 Elo · set 2f1c"
    assert Stat(math.inf, (10.0, math.inf), "2f1c").text() == "worth beyond measure · set 2f1c"


def test_stamped_card_grows_by_a_strip() -> None:
    drawing = Drawing(100.0, 50.0, (), "T")
    card = stamped(drawing, Stat(-3.0, (-20.0, 14.0), "ab"))
    assert card.width == 100.0 and card.height == 62.0
    text = card.shapes[-1]
    assert isinstance(text, Text) and text.text == "-3 ± 17 Elo · set ab"


def test_stats_from_a_report_and_a_manifest(tmp_path: Path) -> None:
    report = tmp_path / "worth.json"
    report.write_text(
        json.dumps(
            {
                "format": "dukec-value/1",
                "tileset_hash": "h1",
                "worth": {"tile": "Footman", "elo": 10.0, "elo_ci95": [0.0, 20.0]},
            }
        )
    )
    assert read_stats(report) == {"Footman": Stat(10.0, (0.0, 20.0), "h1")}
    manifest = tmp_path / "balance.toml"
    entry = Entry(
        "copy", "Pikeman", "Footman", "greedy", 1, 1, 4, True, 1, "h2", 0.5, 0.1, 5.0, (1.0, 9.0),
        60.0, 0.01,
    )  # fmt: skip
    head_to_head = Entry(
        "replace", "Knight", "Footman", "greedy", 1, 1, 4, True, 1, "h2", 0.5, 0.1, 9.0,
        (1.0, 19.0), 60.0, 0.01,
    )  # fmt: skip
    manifest.write_text(dumps([entry, head_to_head]))
    # A head-to-head is no tile's worth: only the worths per copy are stamped.
    assert read_stats(manifest) == {"Pikeman": Stat(5.0, (1.0, 9.0), "h2")}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{\n  oops", "2:3: error: not JSON: "),
        ('{"format": "dukec-balance/1"}', "1:1: error: not a `dukec value --json` report"),
        ('{"format": "dukec-value/1"}', "1:1: error: not a `dukec value --json` report"),
    ],
)
def test_bad_stats(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "worth.json"
    path.write_text(text)
    with pytest.raises(StatsError) as error:
        read_stats(path)
    assert str(error.value).startswith(f"{path}:{message}")


def test_render_stats(tmp_path: Path) -> None:
    report = tmp_path / "worth.json"
    made = CliRunner().invoke(
        main,
        [
            "value",
            "Pikeman",
            "--games",
            "40",
            "-j",
            "1",
            "--policy",
            "greedy",
            "--out",
            str(report),
        ],
    )
    assert made.exit_code == 0, made.output
    document = json.loads(report.read_text())
    result = CliRunner().invoke(
        main, ["render", "Pikeman", "--stats", str(report), "-o", str(tmp_path / "cards")]
    )
    assert result.exit_code == 0, result.output
    svg = (tmp_path / "cards" / "pikeman.svg").read_text()
    assert f"Elo · set {document['tileset_hash']}</text>" in svg
    missing = CliRunner().invoke(
        main, ["render", "Footman", "--stats", str(report), "-o", str(tmp_path / "cards")]
    )
    assert missing.exit_code == 1
    assert missing.output == f"{report}: error: no worth of tile 'Footman' (it has: Pikeman)\n"
    sheet = CliRunner().invoke(
        main, ["render", "Pikeman", "--stats", str(report), "--sheet", "-o", str(tmp_path)]
    )
    assert sheet.exit_code == 2
    assert "--stats stamps tile cards; it does not go with --sheet" in sheet.output
