"""SVG back-end: a laid-out drawing as deterministic SVG text."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from dukec.workbench.shapes import Circle, Drawing, Line, Polygon, Rect, Shape, Text

FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"


def number(value: float) -> str:
    """A coordinate with at most three decimals and no trailing zeros (stable output)."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _paint(fill: str | None, stroke: str | None, width: float) -> str:
    parts = [f'fill="{fill or "none"}"']
    if stroke is not None and width > 0:
        parts.append(f'stroke="{stroke}" stroke-width="{number(width)}"')
    return " ".join(parts)


def shape_element(shape: Shape) -> str:
    """One shape as one SVG element."""
    if isinstance(shape, Rect):
        dash = f' stroke-dasharray="{number(4 * shape.stroke_width)}"' if shape.dashed else ""
        return (
            f'<rect x="{number(shape.x)}" y="{number(shape.y)}" width="{number(shape.width)}" '
            f'height="{number(shape.height)}" '
            f"{_paint(shape.fill, shape.stroke, shape.stroke_width)}{dash}/>"
        )
    if isinstance(shape, Circle):
        return (
            f'<circle cx="{number(shape.cx)}" cy="{number(shape.cy)}" r="{number(shape.r)}" '
            f"{_paint(shape.fill, shape.stroke, shape.stroke_width)}/>"
        )
    if isinstance(shape, Polygon):
        points = " ".join(f"{number(x)},{number(y)}" for x, y in shape.points)
        return (
            f'<polygon points="{points}" '
            f'{_paint(shape.fill, shape.stroke, shape.stroke_width)} stroke-linejoin="round"/>'
        )
    if isinstance(shape, Line):
        return (
            f'<line x1="{number(shape.x1)}" y1="{number(shape.y1)}" x2="{number(shape.x2)}" '
            f'y2="{number(shape.y2)}" stroke="{shape.stroke}" '
            f'stroke-width="{number(shape.stroke_width)}" stroke-linecap="round"/>'
        )
    assert isinstance(shape, Text)
    weight = ' font-weight="bold"' if shape.bold else ""
    x, y = number(shape.x), number(shape.y)
    turn = f' transform="rotate(180 {x} {y})"' if shape.upside_down else ""
    return (
        f'<text x="{x}" y="{y}" font-size="{number(shape.size)}" '
        f'text-anchor="{shape.anchor}" fill="{shape.fill}"{weight}{turn}>'
        f"{escape(shape.text)}</text>"
    )


def to_svg(drawing: Drawing) -> str:
    """The whole drawing as a standalone SVG document."""
    width, height = number(drawing.width), number(drawing.height)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}{drawing.unit}" '
        f'height="{height}{drawing.unit}" viewBox="0 0 {width} {height}" '
        f"font-family={quoteattr(FONT)}>",
        f"<title>{escape(drawing.title)}</title>",
    ]
    lines.extend(shape_element(shape) for shape in drawing.shapes)
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def to_inline_svg(drawing: Drawing) -> str:
    """The drawing as an ``<svg>`` element to put inside an HTML page (no XML declaration)."""
    return to_svg(drawing).split("\n", 1)[1]
