"""PNG back-end: a laid-out drawing painted with Pillow (drawn large, then scaled down smoothly)."""

from __future__ import annotations

import io
import math
from functools import cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from dukec.workbench.shapes import Circle, Drawing, Line, Polygon, Rect, Shape, Text

#: Pixels per drawing unit for cards (units are px) and for sheets (units are mm, 200 dpi).
CARD_SCALE = 2.0
SHEET_SCALE = 200 / 25.4

_ANCHORS = {"start": "ls", "middle": "ms", "end": "rs"}

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


def default_scale(drawing: Drawing) -> float:
    """Pixels per unit: cards twice their unit size, millimetre sheets at 200 dpi."""
    return SHEET_SCALE if drawing.unit == "mm" else CARD_SCALE


def image_size(drawing: Drawing, scale: float | None = None) -> tuple[int, int]:
    """The PNG's size in pixels."""
    factor = default_scale(drawing) if scale is None else scale
    return (round(drawing.width * factor), round(drawing.height * factor))


@cache
def _font(size: int) -> Font:
    try:
        return ImageFont.load_default(size=size)
    except (ImportError, OSError):  # Pillow built without FreeType: its small bitmap font.
        return ImageFont.load_default()


def render_image(drawing: Drawing, scale: float | None = None, supersample: int = 3) -> Image.Image:
    """Paint the drawing into an RGB image of ``image_size(drawing, scale)`` pixels."""
    size = image_size(drawing, scale)
    factor = size[0] / drawing.width * supersample
    big = Image.new("RGB", (size[0] * supersample, size[1] * supersample), "white")
    draw = ImageDraw.Draw(big)
    for shape in drawing.shapes:
        if isinstance(shape, Text) and shape.upside_down:
            _upside_down(big, shape, factor)
        else:
            _paint(draw, shape, factor)
    return big.resize(size, Image.Resampling.LANCZOS)


def to_png(drawing: Drawing, scale: float | None = None) -> bytes:
    """The drawing as PNG bytes (no timestamps or other varying metadata)."""
    supersample = 2 if drawing.unit == "mm" else 3
    image = render_image(drawing, scale, supersample)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False)
    return buffer.getvalue()


def _width(width: float, factor: float) -> int:
    return max(1, round(width * factor))


def _paint(draw: ImageDraw.ImageDraw, shape: Shape, f: float) -> None:
    if isinstance(shape, Rect):
        _rect(draw, shape, f)
    elif isinstance(shape, Circle):
        half = shape.stroke_width / 2 if shape.stroke else 0.0
        r = shape.r + half
        box = ((shape.cx - r) * f, (shape.cy - r) * f, (shape.cx + r) * f, (shape.cy + r) * f)
        if shape.stroke:
            draw.ellipse(box, fill=shape.fill, outline=shape.stroke, width=_width(2 * half, f))
        else:
            draw.ellipse(box, fill=shape.fill)
    elif isinstance(shape, Polygon):
        points = [(x * f, y * f) for x, y in shape.points]
        if shape.fill:
            draw.polygon(points, fill=shape.fill)
        if shape.stroke and shape.stroke_width > 0:
            width = _width(shape.stroke_width, f)
            # Closed with a joint at every corner, and round corners as the SVG has.
            draw.line([*points, *points[:2]], fill=shape.stroke, width=width, joint="curve")
            for x, y in points:
                half = width / 2
                draw.ellipse((x - half, y - half, x + half, y + half), fill=shape.stroke)
    elif isinstance(shape, Line):
        width = _width(shape.stroke_width, f)
        ends = [(shape.x1 * f, shape.y1 * f), (shape.x2 * f, shape.y2 * f)]
        draw.line(ends, fill=shape.stroke, width=width)
        for x, y in ends:  # round caps, as the SVG has
            draw.ellipse((x - width / 2, y - width / 2, x + width / 2, y + width / 2), shape.stroke)
    else:
        draw.text((shape.x * f, shape.y * f), shape.text, **_text_style(shape, f))


def _text_style(shape: Text, f: float) -> dict[str, Any]:
    """Pillow's keyword arguments for a text shape at ``f`` pixels per unit."""
    return {
        "fill": shape.fill,
        "font": _font(max(1, round(shape.size * f))),
        "anchor": _ANCHORS[shape.anchor],
        "stroke_width": max(1, round(shape.size * f / 30)) if shape.bold else 0,
        "stroke_fill": shape.fill,
    }


def _upside_down(image: Image.Image, shape: Text, f: float) -> None:
    """Text turned half round about its anchor: drawn upright on a mask, turned, then pasted."""
    style = {**_text_style(shape, f), "fill": 255, "stroke_fill": 255}
    measure = {key: style[key] for key in ("font", "anchor", "stroke_width")}
    probe = ImageDraw.Draw(Image.new("L", (1, 1)))
    left, top, right, bottom = probe.textbbox((0, 0), shape.text, **measure)
    mask = Image.new("L", (max(1, math.ceil(right - left)), max(1, math.ceil(bottom - top))), 0)
    ImageDraw.Draw(mask).text((-left, -top), shape.text, **style)
    # A point (u, v) from the anchor lands on (-u, -v): the turned box starts at -right, -bottom.
    corner = (round(shape.x * f - right), round(shape.y * f - bottom))
    image.paste(shape.fill, corner, mask.rotate(180))


def _rect(draw: ImageDraw.ImageDraw, shape: Rect, f: float) -> None:
    box = (shape.x * f, shape.y * f, (shape.x + shape.width) * f, (shape.y + shape.height) * f)
    if shape.fill:
        draw.rectangle(box, fill=shape.fill)
    if not shape.stroke or shape.stroke_width <= 0:
        return
    width = _width(shape.stroke_width, f)
    corners = [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]
    for start, end in zip(corners, corners[1:] + corners[:1], strict=True):
        if shape.dashed:
            _dashes(draw, start, end, 4 * shape.stroke_width * f, shape.stroke, width)
        else:
            draw.line([start, end], fill=shape.stroke, width=width)


def _dashes(
    draw: ImageDraw.ImageDraw,
    start: tuple[float, float],
    end: tuple[float, float],
    dash: float,
    colour: str,
    width: int,
) -> None:
    length = math.dist(start, end)
    steps = max(1, int(length // dash))
    for k in range(0, steps, 2):
        t0, t1 = k / steps, min(1.0, (k + 1) / steps)
        a = (start[0] + (end[0] - start[0]) * t0, start[1] + (end[1] - start[1]) * t0)
        b = (start[0] + (end[0] - start[0]) * t1, start[1] + (end[1] - start[1]) * t1)
        draw.line([a, b], fill=colour, width=width)
