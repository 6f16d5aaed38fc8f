"""The game as text, for a game in the terminal: the board, and the line that says who is to do
what (``str(game)`` and ``repr(game)``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dukec.engine.actions import Phase
from dukec.engine.features import marked

if TYPE_CHECKING:
    from dukec.engine.feature import Kernel


def abbreviations(names: list[str]) -> dict[str, str]:
    """Short, distinct labels for tile names: the shortest unique prefix of at least 3 letters."""
    found: dict[str, str] = {}
    for name in names:
        length = 3
        while length < len(name) and any(
            other != name and other[:length].lower() == name[:length].lower() for other in names
        ):
            length += 1
        found[name] = name[:length]
    return found


def board_text(game: Kernel) -> str:
    """The board as the first player sees it (rank 1 at the bottom).

    Upper case: the first player's tiles; lower case: the second player's; a trailing ``'``
    marks a tile showing its non-starting side. A game set with features adds ``#`` on a tile
    that may not act (frozen or settled) and what each feature shows on a square
    (:meth:`dukec.engine.feature.Feature.mark`; the marks are listed in the API's page).
    """
    rules = game.rules
    geometry = rules.geometry
    short = abbreviations([t.name for t in rules.types])
    extras = getattr(game, "extras", None)
    labels = abbreviations(marked(extras)) if extras is not None else {}
    width = max(len(s) for s in [*short.values(), *labels.values()]) + 3
    header = "    " + " ".join(f"{chr(97 + f):^{width}}" for f in range(geometry.files))
    lines = [header.rstrip()]
    for rank in reversed(range(geometry.ranks)):
        cells = []
        for file in range(geometry.files):
            square = rank * geometry.files + file
            held = game.tile_at(square)
            marks = _marks(game, square, labels) if extras is not None else ""
            if held is None:
                cells.append(f"{marks or '.':^{width}}")
                continue
            tile, side, owner = held
            label = short[rules.types[tile].name]
            label = label.upper() if owner == 0 else label.lower()
            if side:
                label += "'"
            cells.append(f"{label + marks:^{width}}")
        lines.append(f"{rank + 1:>3} {' '.join(cells)}".rstrip())
    for owner in (0, 1):
        bag = len(game.bags[owner])
        lost = ", ".join(rules.types[t].name for t in game.captured[owner]) or "none"
        score = ""
        if game.keeps_scores():
            score = f"; score {game.scores[owner]}"
        lines.append(f"player {owner}: {bag} in the bag; lost: {lost}{score}")
    pending = game.pending
    if pending:
        lines.append("drawn: " + ", ".join(rules.types[t].name for t in pending))
    return "\n".join(lines)


def _marks(game: Kernel, square: int, labels: dict[str, str]) -> str:
    """What expanded play puts on a square besides a troop tile: what each feature shows
    there, and ``#`` for a tile that may not act (frozen or settled)."""
    marks = ""
    if game.features:
        for part in game.registry.parts:
            marks += part.mark(game, square, labels)
    if square in game.frozen or square in game.settled:
        marks += "#"
    return marks


def status(game: Kernel) -> str:
    """One line: the ply, then who is to do what, or how the game ended."""
    result = game.result
    if result is not None:
        return f"ply {game.ply}: {result}"
    who = f"player {game.to_move}"
    if game.phase is Phase.PLAY:
        return f"ply {game.ply}: {who} to move"
    if game.phase in (Phase.SETUP, Phase.PLACING):
        tile = game.rules.types[game.placement_tile()].name
        return f"ply {game.ply}: {who} to place {tile}"
    return f"ply {game.ply}: {who} to move ({game.phase.name.lower()})"


def game_text(game: Kernel) -> str:
    """``str(game)``: the board with rank and file labels (:func:`board_text`), each player's
    bag and losses, and the :func:`status` line."""
    return f"{board_text(game)}\n{status(game)}"


def game_repr(game: Kernel) -> str:
    """``repr(game)``: the game set and the :func:`status` line."""
    return f"<Game {game.rules.set_name!r} {status(game)}>"
