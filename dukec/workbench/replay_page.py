"""Replay pages: a game record as one self-contained HTML file with a step slider.

The record is re-played (and so checked) by the engine; each position becomes one SVG group
drawn by :mod:`dukec.workbench.board`. Each card (tile type, side, owner) is defined once and
placed with ``<use>``, so a long game stays small. A short inline script shows one position at
a time: a slider, previous and next buttons, the arrow keys, and a click on a ply in the list.
Nothing is fetched from the network.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from dukec.engine import Game, GameRecord, Rules, replay
from dukec.workbench.board import BoardLayout, CardBook, CardKey, board_layout
from dukec.workbench.shapes import Shape
from dukec.workbench.svg import FONT, number, shape_element


@dataclass(frozen=True, slots=True)
class Frame:
    """One position of the replay and what led to it (empty for the start)."""

    layout: BoardLayout
    label: str
    notation: str = ""
    player: int = -1


def replay_frames(
    rules: Rules, record: GameRecord, check_hash: bool = True
) -> tuple[Game, list[Frame]]:
    """The replayed game, and its start and the position after each action; RecordError if the
    record does not replay."""
    start = Game(rules, seed=record.seed, ply_limit=record.ply_limit)
    frames = [Frame(board_layout(start), "start")]
    entries = iter(record.actions)

    def seen(game: Game) -> None:
        entry = next(entries)
        drew = f" ({entry.drawn})" if entry.drawn else ""
        events = f"; {'; '.join(entry.events)}" if entry.events else ""
        label = f"{len(frames)}. player {entry.player}: {entry.notation}{drew}{events}"
        frames.append(Frame(board_layout(game), label, entry.notation + drew, entry.player))

    game = replay(rules, record, check_hash=check_hash, on_action=seen)
    return game, frames


def result_text(record: GameRecord) -> str:
    """The result line: who won and why, or unfinished."""
    result = record.result
    if result is None:
        return "result: unfinished"
    if result.winner is None:
        return f"result: draw ({result.reason})"
    return (
        f"result: player {result.winner} ({record.players[result.winner]}) wins ({result.reason})"
    )


def replay_html(rules: Rules, record: GameRecord, check_hash: bool = True) -> str:
    """The whole replay page of ``record``; RecordError if the record does not replay."""
    return page_html(rules, record, replay_frames(rules, record, check_hash)[1])


def page_html(rules: Rules, record: GameRecord, frames: list[Frame]) -> str:
    """The replay page of ``record`` from its frames."""
    book = CardBook(rules)
    first = frames[0].layout
    width, height = number(first.width), number(first.height)
    keys: dict[CardKey, None] = {}
    for frame in frames:
        keys.update((piece.key, None) for piece in frame.layout.pieces)
    svg = [
        f'<svg viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" font-family="{escape(FONT)}">',
        "<defs>",
    ]
    for key in keys:
        svg.append(f'<g id="{_card_id(key)}">')
        svg.extend(shape_element(shape) for shape in book.shapes(key))
        svg.append("</g>")
    svg.append("</defs>")
    svg.extend(_elements(first.base))
    for index, frame in enumerate(frames):
        hidden = ' style="display:none"' if index else ""
        svg.append(f'<g class="frame" data-label="{escape(frame.label)}"{hidden}>')
        svg.extend(_elements(frame.layout.under))
        for piece in frame.layout.pieces:
            svg.append(
                f'<use href="#{_card_id(piece.key)}" x="{number(piece.x)}" y="{number(piece.y)}"/>'
            )
        svg.extend(_elements(frame.layout.over))
        svg.append("</g>")
    svg.append("</svg>")
    moves = "\n".join(
        f'<li data-step="{index}" class="p{frame.player}">{escape(frame.notation)}</li>'
        for index, frame in enumerate(frames)
        if index
    )
    players = " vs ".join(f"player {n}: {escape(name)}" for n, name in enumerate(record.players))
    # An experiment's game says which it was ("Paladin in place of Knight"), not the name of
    # the game set it made.
    title = f"{record.title or record.set_name}, seed {record.seed}"
    return _PAGE.format(
        title=escape(title),
        players=players,
        result=escape(result_text(record)),
        last=len(frames) - 1,
        board="\n".join(svg),
        moves=moves,
        script=_SCRIPT,
        style=_STYLE,
    )


def _card_id(key: CardKey) -> str:
    tile, side, owner = key
    return f"card-{tile}-{side}-{owner}"


def _elements(shapes: tuple[Shape, ...]) -> list[str]:
    return [shape_element(shape) for shape in shapes]


_STYLE = """
body { font-family: DejaVu Sans, Helvetica, Arial, sans-serif; margin: 1em; color: #1b1b1b;
       background: #f7f3ea; }
h1 { font-size: 1.3em; margin: 0 0 .2em; }
p { margin: .2em 0; }
main { display: flex; gap: 1.5em; align-items: flex-start; flex-wrap: wrap; }
main > * { min-width: 0; }
.board { max-width: 100%; }
.board svg { width: 92vmin; max-width: 100%; height: auto; display: block; }
.controls { display: flex; flex-wrap: wrap; gap: .5em; align-items: center; margin: .5em 0; }
.controls input { flex: 1 1 8em; min-width: 0; }
#label { font-weight: bold; flex: 1 1 100%; overflow-wrap: anywhere; }
@media (max-width: 600px) { body { margin: .5em; } ol { max-height: 40vh; } }
ol { max-height: 80vh; overflow-y: auto; margin: 0; padding-left: 3em; font-family: monospace; }
li { cursor: pointer; padding: 0 .3em; border-left: 4px solid; }
li.p0 { border-color: #2a62b0; }
li.p1 { border-color: #d06a12; }
li.current { background: #f2d457; }
"""

_SCRIPT = """
const frames = document.querySelectorAll("g.frame");
const items = document.querySelectorAll("#moves li");
const slider = document.getElementById("step");
const label = document.getElementById("label");
let current = 0;
function show(step) {
  step = Math.max(0, Math.min(frames.length - 1, step));
  frames[current].style.display = "none";
  frames[step].style.display = "";
  if (items[current - 1]) items[current - 1].classList.remove("current");
  if (items[step - 1]) {
    items[step - 1].classList.add("current");
    items[step - 1].scrollIntoView({block: "nearest"});
  }
  current = step;
  slider.value = step;
  label.textContent = frames[step].dataset.label;
}
slider.addEventListener("input", () => show(Number(slider.value)));
document.getElementById("prev").addEventListener("click", () => show(current - 1));
document.getElementById("next").addEventListener("click", () => show(current + 1));
items.forEach((item) => item.addEventListener("click", () => show(Number(item.dataset.step))));
document.addEventListener("keydown", (event) => {
  const moves = {ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1};
  if (event.key in moves) { show(current + moves[event.key]); event.preventDefault(); }
  else if (event.key === "Home") show(0);
  else if (event.key === "End") show(frames.length - 1);
});
// A link may name a step: page.html#12 opens at the position after action 12.
show(Number(location.hash.slice(1)) || 0);
"""

_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>dukec replay: {title}</title>
<style>{style}</style>
</head>
<body>
<h1>dukec replay: {title}</h1>
<p>{players}</p>
<p id="result">{result}</p>
<div class="controls">
<button id="prev" title="previous (left arrow)">&#9664; previous</button>
<input type="range" id="step" min="0" max="{last}" value="0" aria-label="step">
<button id="next" title="next (right arrow)">next &#9654;</button>
<span id="label"></span>
</div>
<main>
<div class="board">
{board}
</div>
<ol id="moves">
{moves}
</ol>
</main>
<script>{script}</script>
</body>
</html>
"""
