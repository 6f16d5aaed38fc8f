"""Render stage: tile cards, sheets and boards written to files as SVG, PNG or PDF.

A PDF holds every page in one file at its physical size: each card with a side as wide as a
printed tile, or the print-and-play sheets (:mod:`dukec.workbench.print_and_play`); SVG and PNG
are one picture a file (the sticker sheets, a file a page). Every file is written to a
temporary file in the target directory and renamed over its name, so an interrupted run never
leaves a half-written picture.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias

from dukec.atomic import write_bytes_atomic
from dukec.workbench import FORMATS
from dukec.workbench.card import card, card_panels
from dukec.workbench.print_and_play import Layout, sheet_pages
from dukec.workbench.shapes import Drawing
from dukec.workbench.sheet import sheets
from dukec.workbench.tiles import TileView

if TYPE_CHECKING:
    from dukec.workbench.board import AnyGame
    from dukec.workbench.marks import Marks

#: What is drawn on a tile's card once the card is (``dukec render --stats`` stamps the tile's
#: worth, :func:`dukec.insight.stamp.stamped`): the card's drawing in, the stamped one out.
Stamp: TypeAlias = Callable[[Drawing], Drawing]


def encode(drawing: Drawing, fmt: str) -> bytes:
    """A drawing as the bytes of an SVG, PNG or (one page) PDF file."""
    if fmt == "pdf":
        from dukec.workbench.pdf import to_pdf

        return to_pdf([drawing])
    if fmt == "svg":
        from dukec.workbench.svg import to_svg

        return to_svg(drawing).encode("utf-8")
    if fmt == "png":
        from dukec.workbench.png import to_png

        return to_png(drawing)
    raise ValueError(f"unknown format {fmt!r}")


def card_filename(tile: TileView, fmt: str) -> str:
    """The file a tile's card is written to: its name, lowercased, and the format."""
    return f"{tile.name.lower()}.{fmt}"


def planned_drawings(
    tiles: Sequence[TileView], fmt: str, sheet: bool, stamps: Mapping[str, Stamp] | None = None
) -> list[tuple[str, Drawing]]:
    """Each output file's name and drawing: one card per tile (stamped by its stamp when
    ``stamps`` has one), or the sticker sheets."""
    if sheet:
        pages = sheets(tiles)
        return [(f"sheet-{number}.{fmt}", page) for number, page in enumerate(pages, 1)]
    drawings = []
    for tile in tiles:
        drawing = card(tile)
        if stamps is not None and tile.name in stamps:
            drawing = stamps[tile.name](drawing)
        drawings.append((card_filename(tile, fmt), drawing))
    return drawings


def card_scale(tile: TileView, size: float) -> float:
    """Millimetres per unit that print a card's side ``size`` mm wide."""
    return size / card_panels(tile)["front"].width


def pdf_bytes(
    tiles: Sequence[TileView],
    sheet: bool,
    stamps: Mapping[str, Stamp] | None = None,
    layout: Layout | None = None,
) -> bytes:
    """One PDF: the print-and-play sheets of ``tiles``, or a card a page, each side as wide as
    ``layout``'s tile."""
    from dukec.workbench.pdf import to_pdf

    layout = layout or Layout.of()
    if sheet:
        return to_pdf(sheet_pages(tiles, layout))
    drawings = [drawing for _name, drawing in planned_drawings(tiles, "pdf", False, stamps)]
    return to_pdf(drawings, [card_scale(tile, layout.size) for tile in tiles])


def render_files(
    tiles: Sequence[TileView],
    out_dir: Path,
    fmt: str,
    sheet: bool = False,
    stamps: Mapping[str, Stamp] | None = None,
    layout: Layout | None = None,
) -> list[Path]:
    """Write the cards (or sheets) of ``tiles`` into ``out_dir``; the paths written. A PDF is
    one file, ``cards.pdf`` or ``sheets.pdf``."""
    if fmt == "pdf":
        path = out_dir / ("sheets.pdf" if sheet else "cards.pdf")
        write_bytes_atomic(path, pdf_bytes(tiles, sheet, stamps, layout))
        return [path]
    written = []
    for name, drawing in planned_drawings(tiles, fmt, sheet, stamps):
        path = out_dir / name
        write_bytes_atomic(path, encode(drawing, fmt))
        written.append(path)
    return written


def render_file(
    tiles: Sequence[TileView],
    path: Path,
    sheet: bool = False,
    stamps: Mapping[str, Stamp] | None = None,
    layout: Layout | None = None,
) -> Path:
    """Write the card (or sheets) of ``tiles`` to the one file ``path``, its suffix the format;
    ValueError when an SVG or PNG would need more than one picture."""
    fmt = path.suffix.lower().lstrip(".")
    if fmt == "pdf":
        write_bytes_atomic(path, pdf_bytes(tiles, sheet, stamps, layout))
        return path
    planned = planned_drawings(tiles, fmt, sheet, stamps)
    if len(planned) != 1:
        what = "sheets" if sheet else "cards"
        raise ValueError(
            f"{len(planned)} {what} make {len(planned)} pictures, and {path} is one file: "
            f"give a directory (-o {path.stem}/) or a .pdf file"
        )
    write_bytes_atomic(path, encode(planned[0][1], fmt))
    return path


def write_board(game: AnyGame, path: str | os.PathLike[str], marks: Marks | None = None) -> None:
    """Write the board of ``game`` (the engine's or a ``dukec.Game``) to ``path`` (a ``str`` or
    ``os.PathLike``), as SVG, PNG or PDF after the path's suffix."""
    from dukec.workbench.board import board_drawing

    path = Path(path)
    fmt = path.suffix.lower().lstrip(".")
    if fmt not in FORMATS:
        raise ValueError(f"{path}: a board picture is .svg, .png or .pdf")
    write_bytes_atomic(path, encode(board_drawing(game, marks), fmt))
