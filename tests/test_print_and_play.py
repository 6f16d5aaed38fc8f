"""Pictures at the printed size: render -o FILE, PDF cards and print-and-play sheets, and the
Tabletop Simulator export."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from dukec.cli import main
from dukec.commands.common import load_tileset
from dukec.workbench.card import CARD_MARGIN, card_panels
from dukec.workbench.pdf import to_pdf
from dukec.workbench.print_and_play import Layout, sheet_pages
from dukec.workbench.tiles import all_tiles, find_tile
from dukec.workbench.tts import OBJECT_FIELDS

#: The fields of a saved object's outer level (a save file's, left empty) that TTS reads.
SAVED_OBJECT_FIELDS = ("SaveName", "GameMode", "Date", "Table", "Sky", "Note", "ObjectStates")
#: A page's size (the page tree's own MediaBox, a default, comes before /Type /Pages).
MEDIA_BOX = re.compile(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]\n/Parent")
MM = 72 / 25.4


def run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_render_o_file_writes_that_file_in_the_format_of_its_suffix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    run("render", "Knight", "-o", "card.png")
    assert Path("card.png").read_bytes().startswith(b"\x89PNG")
    run("render", "Knight", "-o", "card.svg")
    assert Path("card.svg").read_text().startswith("<?xml")
    run("render", "Knight", "-o", "card.pdf")
    assert Path("card.pdf").read_bytes().startswith(b"%PDF")
    run("render", "Knight", "-o", "cards/")
    assert Path("cards/knight.svg").is_file()
    run("render", "Knight", "-o", "folder")
    assert Path("folder/knight.svg").is_file()
    result = CliRunner().invoke(main, ["render", "Knight", "Duke", "-o", "two.png"])
    assert result.exit_code == 2
    assert "2 cards make 2 pictures, and two.png is one file" in result.output
    assert not Path("two.png").exists()


def _page_sizes(pdf: bytes) -> list[tuple[float, float]]:
    return [(float(w) / MM, float(h) / MM) for w, h in MEDIA_BOX.findall(pdf)]


def test_a_pdf_card_prints_each_side_at_the_tile_size_and_is_the_same_bytes_each_time(
    tmp_path: Path,
) -> None:
    out = tmp_path / "knight.pdf"
    run("render", "Knight", "-o", str(out), "--tile-size", "40")
    data = out.read_bytes()
    ((width, _height),) = _page_sizes(data)
    # Two sides of 40 mm each, and the card's three margins at the same scale.
    side = card_panels(find_tile(load_tileset(None), "Knight"))["front"]
    margin = CARD_MARGIN * side.cell
    assert width == pytest.approx(2 * 40 + 3 * margin * 40 / side.width, abs=0.01)
    run("render", "Knight", "-o", str(tmp_path / "again.pdf"), "--tile-size", "40")
    assert (tmp_path / "again.pdf").read_bytes() == data


def test_print_and_play_pages_put_each_back_behind_its_front() -> None:
    tiles = all_tiles(load_tileset(None))
    layout = Layout.of("a4", 38.0)
    pages = sheet_pages(tiles, layout)
    per_pair = layout.per_page
    assert len(pages) == 2 * -(-len(tiles) // per_pair)
    for index in range(min(len(tiles), per_pair)):
        fx, fy = layout.place(index, back=False)
        bx, by = layout.place(index, back=True)
        # Turned over the long edge, a point at x lands at width - x.
        assert bx + layout.size == pytest.approx(layout.width - fx)
        assert by == fy
    assert pages[0].width == 210.0 and pages[0].unit == "mm"
    sizes = _page_sizes(to_pdf(pages))
    assert all(
        w == pytest.approx(210, abs=0.1) and h == pytest.approx(297, abs=0.1) for w, h in sizes
    )


def test_the_sheet_command_writes_a_print_and_play_pdf_and_refuses_a_tile_too_large(
    tmp_path: Path,
) -> None:
    out = tmp_path / "play.pdf"
    assert "play.pdf" in run(
        "render", "Knight", "Duke", "--sheet", "-o", str(out), "--paper", "letter"
    )
    sizes = _page_sizes(out.read_bytes())
    assert len(sizes) == 2
    assert sizes[0] == pytest.approx((215.9, 279.4), abs=0.1)
    result = CliRunner().invoke(
        main, ["render", "Knight", "--sheet", "--pdf", "-o", str(tmp_path), "--tile-size", "200"]
    )
    assert result.exit_code == 2
    assert "a 200 mm tile does not fit on a4 paper" in result.output


def test_export_tts_writes_a_saved_object_whose_every_picture_exists(tmp_path: Path) -> None:
    out = tmp_path / "tts"
    run("export", "tts", "-o", str(out))
    document = json.loads((out / "dukec-base.json").read_text())
    for field in SAVED_OBJECT_FIELDS:
        assert field in document, field
    objects = document["ObjectStates"]
    assert objects[0]["Nickname"] == "Board" and objects[0]["Locked"]
    knight = find_tile(load_tileset(None), "Knight")
    tiles = [o for o in objects if o["Nickname"] == knight.name]
    assert len(tiles) == 2  # one in each army's bag
    assert len({o["GUID"] for o in objects}) == len(objects)
    for entry in objects:
        for field in OBJECT_FIELDS:
            assert field in entry, (entry["Nickname"], field)
        assert entry["Name"] == "Custom_Tile"
        image = entry["CustomImage"]
        assert set(image["CustomTile"]) >= {"Type", "Thickness", "Stackable", "Stretch"}
        for key in ("ImageURL", "ImageSecondaryURL"):
            picture = out / image[key]
            assert picture.is_file(), picture
            assert picture.read_bytes().startswith(b"\x89PNG")
    assert tiles[0]["CustomImage"]["ImageURL"] == "knight-front.png"
    assert tiles[0]["CustomImage"]["ImageSecondaryURL"] == "knight-back.png"
    assert (out / "dukec-base.png").is_file()
