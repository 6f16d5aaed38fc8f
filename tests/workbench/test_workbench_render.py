"""Tile cards: golden SVGs, PNG size and pixels, sticker sheets, and the layout's geometry."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from dukec.atomic import write_bytes_atomic
from dukec.icons import NEXT_TO_SQUARES, TWO_OUT_SQUARES, Icon
from dukec.workbench.card import CARD_CELL, card, card_panels
from dukec.workbench.grid import grid_bounds
from dukec.workbench.png import image_size, render_image, to_png
from dukec.workbench.render import render_files
from dukec.workbench.shapes import Circle, Polygon, Rect
from dukec.workbench.svg import number, to_svg
from dukec.workbench.tiles import PlacedIcon, TileView, find_tile
from tests.base_icons import BASE, JUMP, JUMP_SLIDE, MOVE, SLIDE

from .goldens import GOLDEN_DIR, base_set, custom_set, golden_cases, normalised, rendered

REGENERATE = "python tests/workbench/regenerate.py"


@pytest.mark.parametrize("case", golden_cases())
def test_golden_svg(case: str) -> None:
    expected = (GOLDEN_DIR / f"{case}.svg").read_text(encoding="utf-8")
    assert normalised(rendered(case)) == normalised(expected), (
        f"the {case} card changed; if on purpose, run `{REGENERATE}` and read the diff"
    )


def test_svg_is_deterministic_and_well_formed() -> None:
    import xml.etree.ElementTree as ElementTree

    tile = find_tile(base_set(), "Longbowman")
    first, second = to_svg(card(tile)), to_svg(card(tile))
    assert first == second
    root = ElementTree.fromstring(first.encode())
    assert root.tag.endswith("svg")
    assert root.find("{http://www.w3.org/2000/svg}title").text == "Longbowman"  # type: ignore[union-attr]


def test_number_formatting() -> None:
    assert [number(v) for v in (1.0, 2.5, -0.0001, 3.14159, 10)] == ["1", "2.5", "0", "3.142", "10"]


def test_longbowman_grid_is_taller_than_five() -> None:
    bounds = grid_bounds(find_tile(base_set(), "Longbowman"))
    assert (bounds.cols, bounds.rows) == (5, 6)
    assert (bounds.min_dy, bounds.max_dy) == (-2, 3)


def test_grid_wider_than_five_for_a_custom_tile() -> None:
    bounds = grid_bounds(find_tile(custom_set(), "Warden"))
    assert (bounds.min_dx, bounds.max_dx, bounds.min_dy, bounds.max_dy) == (-2, 3, -2, 3)


def test_every_icon_has_a_distinct_drawing() -> None:
    from dukec.workbench.icon_shapes import icon_shapes

    drawings = {repr(icon_shapes(PlacedIcon(icon, 0, 1), 20, 20, 40)) for icon in BASE}
    assert len(drawings) == len(BASE)
    move = icon_shapes(PlacedIcon(MOVE, 0, 1), 20, 20, 40)
    jump = icon_shapes(PlacedIcon(JUMP, 0, 1), 20, 20, 40)
    assert isinstance(move[0], Circle) and move[0].fill is not None
    assert isinstance(jump[0], Circle) and jump[0].fill is None


def _tip(icon: PlacedIcon) -> tuple[float, float]:
    from dukec.workbench.icon_shapes import icon_shapes

    (arrow,) = icon_shapes(icon, 0, 0, 40)
    assert isinstance(arrow, Polygon)
    # The tip is the one vertex 0.4 of the box from the centre (the tail corners lie further).
    (tip,) = [p for p in arrow.points if abs((p[0] ** 2 + p[1] ** 2) ** 0.5 - 16) < 0.01]
    return tip


@pytest.mark.parametrize(
    ("direction", "expected"),
    [((0, 1), (0, -16)), ((1, 0), (16, 0)), ((0, -1), (0, 16)), ((-1, 0), (-16, 0))],
)
def test_slide_arrow_points_its_direction(
    direction: tuple[int, int], expected: tuple[float, float]
) -> None:

    x, y = _tip(PlacedIcon(SLIDE, *direction))
    assert (round(x), round(y)) == expected  # forward (+dy) is up on the card: y decreases


def test_enhanced_tile_shows_its_numeral_and_double_border() -> None:
    drawing = card(find_tile(base_set(), "Oracle"))
    texts = [shape.text for shape in drawing.shapes if hasattr(shape, "text")]
    assert texts.count("II") == 2
    plain = card(find_tile(base_set(), "Footman"))
    assert "II" not in [shape.text for shape in plain.shapes if hasattr(shape, "text")]
    # The rulebook: an enhanced tile has a double border around its grid (one more frame).
    frames = [s for s in drawing.shapes if isinstance(s, Rect) and s.fill is None]
    plain_frames = [s for s in plain.shapes if isinstance(s, Rect) and s.fill is None]
    assert len(frames) == len(plain_frames) + 2


def test_png_decodes_with_the_expected_size() -> None:
    drawing = card(find_tile(base_set(), "Longbowman"))
    data = to_png(drawing)
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    assert image.size == image_size(drawing)
    panels = card_panels(find_tile(base_set(), "Longbowman"))
    width = panels["back"].x + panels["back"].width + 0.3 * CARD_CELL
    assert image.size == (round(width * 2), round(drawing.height * 2))


def _pixel(image: Image.Image, point: tuple[float, float], scale: float) -> tuple[int, int, int]:
    red, green, blue = image.getpixel((round(point[0] * scale), round(point[1] * scale)))[:3]  # type: ignore[index]
    return (red, green, blue)


def _dark(rgb: tuple[int, int, int]) -> bool:
    return sum(rgb) < 150


def test_png_pixels_at_known_icon_squares() -> None:
    tile = find_tile(base_set(), "Longbowman")
    drawing = card(tile)
    scale = 2.0
    image = render_image(drawing, scale)
    front, back = card_panels(tile)["front"], card_panels(tile)["back"]
    # Move: a filled dot, dark at its centre.
    for offset in [(0, 1), (0, -1), (1, 0), (-1, 0)]:
        assert _dark(_pixel(image, front.center(*offset), scale)), offset
    # Empty squares: the front's light paper colour.
    for offset in [(2, 2), (0, 3), (-2, -2)]:
        red, green, blue = _pixel(image, front.center(*offset), scale)
        assert min(red, green, blue) > 190, offset
    # Strike on the back, two and three squares forward: red.
    for offset in [(0, 2), (0, 3)]:
        red, green, blue = _pixel(image, back.center(*offset), scale)
        assert red > 150 and green < 90 and blue < 90, offset
    # The back's Moves are behind the tile, diagonally.
    assert _dark(_pixel(image, back.center(1, -1), scale))
    assert not _dark(_pixel(image, back.center(0, -1), scale))


def test_png_jump_is_hollow() -> None:
    tile = find_tile(base_set(), "Wizard")
    scale = 2.0
    image = render_image(card(tile), scale)
    back = card_panels(tile)["back"]
    cx, cy = back.center(0, 2)
    assert not _dark(_pixel(image, (cx, cy), scale))
    ring = 0.3 * CARD_CELL - 0.05 * CARD_CELL
    assert _dark(_pixel(image, (cx + ring, cy), scale))


def test_render_files_writes_cards_and_sheets(tmp_path: Path) -> None:
    tiles = [find_tile(base_set(), name) for name in ("Duke", "Assassin")]
    written = render_files(tiles, tmp_path / "out", "svg")
    assert [p.name for p in written] == ["duke.svg", "assassin.svg"]
    assert written[0].read_text().startswith("<?xml")
    pages = render_files(tiles, tmp_path / "out", "png", sheet=True)
    assert [p.name for p in pages] == ["sheet-1.png"]
    with Image.open(pages[0]) as image:
        assert image.size == (round(210 * 200 / 25.4), round(297 * 200 / 25.4))
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "assassin.svg",
        "duke.svg",
        "sheet-1.png",
    ]


def test_many_tiles_fill_several_sheets() -> None:
    from dukec.workbench.sheet import sheet_slots, sheets

    tiles = [TileView.from_json(t) for t in base_set()["tiles"]]
    per_page = len(sheet_slots())
    pages = sheets(tiles * 2)
    assert len(pages) == -(-2 * len(tiles) // per_page)


def test_atomic_write_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "card.svg"
    target.write_bytes(b"old")
    write_bytes_atomic(target, b"new")
    assert target.read_bytes() == b"new"
    assert [p.name for p in tmp_path.iterdir()] == ["card.svg"]


# === Property: any tile lays out inside its card ===


def _icon(icon: Icon) -> st.SearchStrategy[PlacedIcon]:
    if icon is SLIDE:
        places = st.sampled_from(sorted(NEXT_TO_SQUARES))
    elif icon is JUMP_SLIDE:
        places = st.sampled_from(sorted(TWO_OUT_SQUARES))
    else:
        near = st.integers(-7, 7)
        places = st.tuples(near, near).filter(lambda at: at != (0, 0))
    return places.map(lambda at: PlacedIcon(icon, *at))


SIDE_ICONS = st.lists(st.sampled_from(list(BASE)).flatmap(_icon), max_size=12, unique=True)


@settings(max_examples=40, deadline=None)
@given(SIDE_ICONS, SIDE_ICONS, st.booleans())
def test_any_tile_lays_out_inside_its_grid(
    front: list[PlacedIcon], back: list[PlacedIcon], enhanced: bool
) -> None:
    import xml.etree.ElementTree as ElementTree

    tile = TileView(
        "Random", "troop", 1, ("escape",) if enhanced else (), tuple(front), tuple(back)
    )
    bounds = grid_bounds(tile)
    assert bounds.cols >= 5 and bounds.rows >= 5
    for icon in (*front, *back):
        assert bounds.min_dx <= icon.dx <= bounds.max_dx
        assert bounds.min_dy <= icon.dy <= bounds.max_dy
    drawing = card(tile)
    for shape in drawing.shapes:
        if isinstance(shape, Circle):
            assert shape.cx - shape.r >= 0 and shape.cx + shape.r <= drawing.width
            assert shape.cy - shape.r >= 0 and shape.cy + shape.r <= drawing.height
        if isinstance(shape, Polygon):
            assert all(
                0 <= x <= drawing.width and 0 <= y <= drawing.height for x, y in shape.points
            )
    ElementTree.fromstring(to_svg(drawing).encode())


def test_png_pixels_of_the_rarer_icons() -> None:
    tile = find_tile(custom_set(), "Warden")
    scale = 2.0
    image = render_image(card(tile), scale)
    front = card_panels(tile)["front"]
    red, green, blue = _pixel(image, front.center(-1, 2), scale)  # Dread: a purple hub
    assert red > 80 and blue > 120 and green < 60
    red, green, blue = _pixel(image, front.center(1, 2), scale)  # Defense: a green shield
    assert green > 100 and red < 80 and blue < 80
    red, green, blue = _pixel(image, front.center(2, 0), scale)  # Command: a blue crown
    assert blue > 130 and red < 60
    own = _pixel(image, front.center(0, 0), scale)  # the tile's own square holds its figure
    assert own != _pixel(image, front.center(-2, -2), scale)
