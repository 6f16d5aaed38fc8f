"""A slow, direct reading of the rulebook's movement rules, independent of the engine's tables.

It works on (file, rank) coordinates straight from the tile set JSON, and tests danger to the
Duke by generating every action of the opponent, the way a person checks it at the table. The
tests compare it with the engine on many positions.
"""

from __future__ import annotations

from math import gcd
from typing import Any

Square = tuple[int, int]
Tile = tuple[str, str, int]  # name, side, owner


def _between_straight(dx: int, dy: int) -> list[tuple[int, int]] | None:
    """Squares strictly between on a rank, file or diagonal; None if the offset is on none."""
    if dx != 0 and dy != 0 and abs(dx) != abs(dy):
        return None
    n = max(abs(dx), abs(dy))
    ux, uy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    return [(ux * k, uy * k) for k in range(1, n)]


def actions(
    tiles: dict[str, Any], board: dict[Square, Tile], size: tuple[int, int], me: int
) -> set[tuple[str, Square, Square, Square | None]]:
    """Every (kind, from, to, by) the icons allow ``me``, before the Duke-danger rule."""
    files, ranks = size

    def on(sq: Square) -> bool:
        return 0 <= sq[0] < files and 0 <= sq[1] < ranks

    found: set[tuple[str, Square, Square, Square | None]] = set()
    for here, (name, side, owner) in board.items():
        if owner != me:
            continue
        for icon in tiles[name]["sides"][side]["icons"]:
            dx, dy = icon["at"]
            if owner == 1:
                dx, dy = -dx, -dy
            kind = icon["icon"]
            target = (here[0] + dx, here[1] + dy)
            if kind in ("slide", "jump_slide"):
                g = gcd(dx, dy)
                ux, uy = dx // g, dy // g
                sq = target if kind == "jump_slide" else (here[0] + ux, here[1] + uy)
                while on(sq):
                    if sq in board:
                        if board[sq][2] != me:
                            found.add(("move", here, sq, None))
                        break
                    found.add(("move", here, sq, None))
                    sq = (sq[0] + ux, sq[1] + uy)
                continue
            if not on(target):
                continue
            if kind == "move":
                between = _between_straight(dx, dy)
                assert between is not None, "the base tiles move in straight lines only"
                if any((here[0] + a, here[1] + b) in board for a, b in between):
                    continue
            if kind in ("move", "jump"):
                if target not in board or board[target][2] != me:
                    found.add(("move", here, target, None))
            elif kind == "strike":
                if target in board and board[target][2] != me:
                    found.add(("strike", here, target, None))
            elif kind == "command":
                squares = []
                for other in tiles[name]["sides"][side]["icons"]:
                    if other["icon"] == "command":
                        ox, oy = other["at"]
                        if owner == 1:
                            ox, oy = -ox, -oy
                        sq = (here[0] + ox, here[1] + oy)
                        if on(sq):
                            squares.append(sq)
                if target in board and board[target][2] == me:
                    for to in squares:
                        if to != target and (to not in board or board[to][2] != me):
                            found.add(("command", target, to, here))
    return found


def after(
    board: dict[Square, Tile], action: tuple[str, Square, Square, Square | None]
) -> dict[Square, Tile]:
    """The board after an action (flips included)."""
    kind, frm, to, by = action
    new = dict(board)
    flip = {"front": "back", "back": "front"}
    if kind == "move":
        name, side, owner = new.pop(frm)
        new[to] = (name, flip[side], owner)
    elif kind == "strike":
        del new[to]
        name, side, owner = new[frm]
        new[frm] = (name, flip[side], owner)
    else:
        assert by is not None
        new[to] = new.pop(frm)
        name, side, owner = new[by]
        new[by] = (name, flip[side], owner)
    return new


def duke_square(tiles: dict[str, Any], board: dict[Square, Tile], owner: int) -> Square | None:
    for sq, (name, _side, who) in board.items():
        if who == owner and tiles[name].get("acts_as_duke"):
            return sq
    return None


def legal_moves(
    tiles: dict[str, Any], board: dict[Square, Tile], size: tuple[int, int], me: int
) -> set[tuple[str, Square, Square, Square | None]]:
    """The legal moves, strikes and commands: no action may leave our Duke capturable."""
    legal = set()
    for action in actions(tiles, board, size, me):
        new = after(board, action)
        if duke_square(tiles, new, 1 - me) is None and duke_square(tiles, board, 1 - me):
            legal.add(action)  # captures the enemy Duke: the game is won
            continue
        duke = duke_square(tiles, new, me)
        if duke is None or not any(
            a[0] in ("move", "strike", "command") and a[2] == duke
            for a in actions(tiles, new, size, 1 - me)
        ):
            legal.add(action)
    return legal


def may_draw(
    tiles: dict[str, Any],
    board: dict[Square, Tile],
    size: tuple[int, int],
    me: int,
    bag_size: int,
    placeholder: str,
) -> bool:
    """Drawing is legal: a tile in the bag, and an empty square beside the Duke that, filled,
    leaves the Duke safe."""
    duke = duke_square(tiles, board, me)
    if duke is None or bag_size == 0:
        return False
    files, ranks = size
    for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        sq = (duke[0] + dx, duke[1] + dy)
        if not (0 <= sq[0] < files and 0 <= sq[1] < ranks) or sq in board:
            continue
        filled = dict(board)
        filled[sq] = (placeholder, "front", me)
        if not any(a[2] == duke for a in actions(tiles, filled, size, 1 - me)):
            return True
    return False
