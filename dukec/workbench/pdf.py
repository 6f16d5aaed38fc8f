"""PDF back-end: drawings as the vector pages of one PDF file, at a stated physical size.

Written with fpdf2 (a pure-Python PDF writer, kept by the py-pdf project): lines stay sharp
at any zoom and print at their size, which a raster page (Pillow's PDF) would not. Text is
set in the PDF's own Helvetica, which every reader has, so no font is embedded. The file is the
same bytes for the same drawings: its dates are fixed, and fpdf2 adds no random identifier.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from fpdf import FPDF

from dukec.version import __version__
from dukec.workbench.shapes import Circle, Drawing, Line, Polygon, Rect, Shape, Text

#: Millimetres per drawing unit of a drawing in px: CSS pixels, 96 to the inch.
MM_PER_PX = 25.4 / 96
#: A fixed date, so that a PDF is the same bytes each time.
_DATE = datetime(2000, 1, 1, tzinfo=UTC)
#: Points per millimetre (a font size is in points).
_PT_PER_MM = 72 / 25.4
_ALIGN = {"start": 0.0, "middle": 0.5, "end": 1.0}


def _rgb(colour: str) -> tuple[int, int, int]:
    """A ``#rrggbb`` (or ``#rgb``) colour as three numbers; ``white``/``black`` by name."""
    named = {"white": "#ffffff", "black": "#000000"}
    text = named.get(colour, colour).lstrip("#")
    if len(text) == 3:
        text = "".join(2 * c for c in text)
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def _latin(text: str) -> str:
    """Text the PDF's Helvetica can set (Latin-1): anything else as '?'."""
    return text.encode("latin-1", "replace").decode("latin-1")


class _Page:
    """Draws shapes onto the current page of ``pdf``, ``scale`` millimetres per unit."""

    def __init__(self, pdf: FPDF, scale: float) -> None:
        self.pdf = pdf
        self.scale = scale

    def _paint(self, fill: str | None, stroke: str | None, width: float) -> str | None:
        style = ""
        if fill is not None and fill != "none":
            self.pdf.set_fill_color(*_rgb(fill))
            style += "F"
        if stroke is not None and width > 0:
            self.pdf.set_draw_color(*_rgb(stroke))
            self.pdf.set_line_width(width * self.scale)
            style = "D" + style
        return style or None

    def draw(self, shape: Shape) -> None:
        s, pdf = self.scale, self.pdf
        if isinstance(shape, Rect):
            style = self._paint(shape.fill, shape.stroke, shape.stroke_width)
            if style is None:
                return
            if shape.dashed:
                dash = 4 * shape.stroke_width * s
                pdf.set_dash_pattern(dash=dash, gap=dash)
            pdf.rect(shape.x * s, shape.y * s, shape.width * s, shape.height * s, style)
            if shape.dashed:
                pdf.set_dash_pattern()
        elif isinstance(shape, Circle):
            style = self._paint(shape.fill, shape.stroke, shape.stroke_width)
            if style is not None:
                pdf.circle(shape.cx * s, shape.cy * s, shape.r * s, style)
        elif isinstance(shape, Polygon):
            style = self._paint(shape.fill, shape.stroke, shape.stroke_width)
            if style is not None:
                pdf.polygon([(x * s, y * s) for x, y in shape.points], style=style)
        elif isinstance(shape, Line):
            self._paint(None, shape.stroke, shape.stroke_width)
            pdf.line(shape.x1 * s, shape.y1 * s, shape.x2 * s, shape.y2 * s)
        else:
            self._text(shape)

    def _text(self, shape: Text) -> None:
        s, pdf = self.scale, self.pdf
        text = _latin(shape.text)
        pdf.set_font("helvetica", "B" if shape.bold else "", shape.size * s * _PT_PER_MM)
        pdf.set_text_color(*_rgb(shape.fill))
        x, y = shape.x * s, shape.y * s
        left = x - _ALIGN[shape.anchor] * pdf.get_string_width(text)
        if shape.upside_down:
            with pdf.rotation(180, x, y):
                pdf.text(left, y, text)
        else:
            pdf.text(left, y, text)


def page_scale(drawing: Drawing) -> float:
    """Millimetres per unit of a drawing: its own in mm, 96 px to the inch otherwise."""
    return 1.0 if drawing.unit == "mm" else MM_PER_PX


def to_pdf(pages: Sequence[Drawing], scales: Sequence[float] | None = None) -> bytes:
    """The drawings as the pages of one PDF, each page its drawing's size (``scales``: mm per
    unit of each page, by default :func:`page_scale`)."""
    pdf = FPDF(unit="mm")
    pdf.set_auto_page_break(False)
    pdf.set_creation_date(_DATE)
    pdf.set_producer(f"dukec {__version__}")
    pdf.set_margins(0, 0, 0)
    for number, drawing in enumerate(pages):
        factor = page_scale(drawing) if scales is None else scales[number]
        pdf.add_page(format=(drawing.width * factor, drawing.height * factor))
        page = _Page(pdf, factor)
        for shape in drawing.shapes:
            page.draw(shape)
    if pages:
        pdf.set_title(_latin(pages[0].title))
    return bytes(pdf.output())
