"""The board as text, for a game in the terminal."""

from __future__ import annotations

from dukec.engine.game import Game


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


def board_text(game: Game) -> str:
    """The board as the first player sees it (rank 1 at the bottom).

    Upper case: the first player's tiles; lower case: the second player's; a trailing ``'``
    marks a tile showing its non-starting side.
    """
    rules = game.rules
    geometry = rules.geometry
    short = abbreviations([t.name for t in rules.types])
    width = max(len(s) for s in short.values()) + 1
    lines = ["    " + " ".join(f"{chr(97 + f):^{width}}" for f in range(geometry.files))]
    for rank in reversed(range(geometry.ranks)):
        cells = []
        for file in range(geometry.files):
            held = game.tile_at(rank * geometry.files + file)
            if held is None:
                cells.append(f"{'.':^{width}}")
                continue
            tile, side, owner = held
            label = short[rules.types[tile].name]
            label = label.upper() if owner == 0 else label.lower()
            if side:
                label += "'"
            cells.append(f"{label:^{width}}")
        lines.append(f"{rank + 1:>3} " + " ".join(cells))
    for owner in (0, 1):
        bag = len(game.bags[owner])
        lost = ", ".join(rules.types[t].name for t in game.captured[owner]) or "none"
        lines.append(f"player {owner}: {bag} in the bag; lost: {lost}")
    return "\n".join(lines)
