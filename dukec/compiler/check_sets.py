"""Check stage, game sets: one set definition to a checked `GameSet`.

Its name and board, the armies (one for both players, or one each) with their set-up, bag, ways
to win and frozen tiles, its rules, terrain and optional tiles; the counting rules of an army
are `dukec.compiler.armies`, shared with a compiled JSON tile set.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from dukec.compiler import armies, ast, check_targets
from dukec.compiler.check_report import Reporter, count_of, shown_number
from dukec.compiler.diagnostics import Position, did_you_mean, quote_list
from dukec.compiler.model import Army, GameSet, StartEntry, Targets, TerrainValue, Tile
from dukec.compiler.properties import rules_vocabulary, terrain_value
from dukec.compiler.vocabulary import Kind, parse_square
from dukec.limits import MAX_BOARD, MIN_BOARD

PLAYERS = ("first", "second")

_SET_NAME = re.compile(r"^[a-z][a-z0-9-]*$")


@dataclass(frozen=True, slots=True)
class KnownTiles:
    """The tiles a game set may name, looked up with a "did you mean" for an unknown one, and
    the classes the tiles declare (their tiles' names, per class)."""

    tiles: dict[str, Tile]
    # When some file failed to parse, an unknown name may be defined there: stay quiet.
    incomplete: bool = False
    classes: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def troop(self, report: Reporter) -> check_targets.Resolve:
        """Resolves a name to a troop tile, reported to ``report``."""
        return lambda word: self.resolve(word, report, Kind.TROOP)

    def resolve(self, word: ast.Word, report: Reporter, kind: Kind | None) -> Tile | None:
        """The tile ``word`` names, of ``kind`` if given; None (reported) when there is none."""
        tile = self.tiles.get(word.text)
        if tile is None:
            if not self.incomplete:
                report.error(
                    word.pos, f"unknown tile '{word.text}'{did_you_mean(word.text, self.tiles)}"
                )
            return None
        if kind is not None and tile.kind is not kind:
            wanted = "a troop tile" if kind is Kind.TROOP else "a terrain tile"
            report.error(word.pos, f"'{word.text}' is a {tile.kind.value} tile; {wanted} goes here")
            return None
        return tile


def _whose(player: str) -> str:
    return "both players" if player == "both" else f"the {player} player"


def _check_army(
    army: ast.ArmyDef,
    known: KnownTiles,
    files: int,
    ranks: int,
    report: Reporter,
    shared: dict[str, int] | None = None,
) -> Army:
    """Check one army. With ``shared`` (the two players' armies given apart), an army may
    borrow the other player's tiles (rulebook, Dark Rider: "he'll need to use Pikeman Tiles
    from both bags"): the two armies together may not exceed twice a tile's count."""
    start: list[StartEntry] = []
    bag: dict[str, tuple[int, Position]] = {}
    entries: list[armies.Entry[Position]] = []
    win: list[tuple[str, str, int]] = []
    freeze: list[str] = []
    every: list[Targets] = []
    place: Targets | None = None
    place_at: Position | None = None

    for item in army.items:
        if isinstance(item, ast.WinDecl):
            how = item.by.text
            if how not in ("capture", "reach"):
                report.error(
                    item.by.pos,
                    f"unknown way to win '{how}'{did_you_mean(how, ['capture', 'reach'])} "
                    f"(write 'win capture N Tile' or 'win reach N Tile')",
                )
                continue
            count = count_of(item.count, item.pos, report)
            if count is None:
                continue
            found = known.resolve(item.tile, report, Kind.TROOP)
            if found is not None:
                win.append((how, found.name, count))
            continue
        if isinstance(item, ast.WinEveryDecl):
            if item.by.text != "capture":
                report.error(
                    item.by.pos,
                    f"'win {item.by.text} every' is not a way to win; write 'win capture every "
                    "Tile, class name' (none of those left on the board wins)",
                )
                continue
            found_targets = check_targets.targets(
                item.targets, known.troop(report), known.classes, report
            )
            if found_targets is not None:
                every.append(found_targets)
            continue
        if isinstance(item, ast.PlaceDecl):
            if place_at is not None:
                report.error(
                    item.pos,
                    "'place beside' is given twice in this army",
                    report.note(place_at, "first given here"),
                )
                continue
            place_at = item.pos
            place = check_targets.targets(item.targets, known.troop(report), known.classes, report)
            continue
        if isinstance(item, ast.StartDecl) and (item.of_class or item.beside_class):
            _class_start(item, known, files, ranks, report, start, entries)
            continue
        if isinstance(item, ast.FreezeDecl):
            for word in item.tiles:
                found = known.resolve(word, report, Kind.TROOP)
                if found is None:
                    continue
                if found.name in freeze:
                    report.error(word.pos, f"'{found.name}' is listed twice")
                else:
                    freeze.append(found.name)
            continue
        if isinstance(item, ast.StartDecl):
            count = count_of(item.count, item.pos, report)
            if count is None:
                continue
            tile = known.resolve(item.tile, report, Kind.TROOP)
            squares: list[str] = []
            for square in item.squares:
                if _square_ok(square, files, ranks, report):
                    if square.text in squares:
                        report.error(square.pos, f"square '{square.text}' is listed twice")
                    else:
                        squares.append(square.text)
            beside = item.beside
            if beside is not None and beside.text not in known.tiles:
                report.error(
                    beside.pos,
                    f"unknown tile '{beside.text}'{did_you_mean(beside.text, known.tiles)}",
                )
                beside = None
            if tile is None:
                continue
            start.append(
                StartEntry(
                    tile.name,
                    count,
                    tuple(squares),
                    item.beside.text if item.beside is not None else None,
                )
            )
            entries.append(
                armies.Entry(
                    True,
                    tile.name,
                    count,
                    tile.count,
                    tile.acts_as_duke,
                    item.pos,
                    len(item.squares),
                    item.squares[0].pos if item.squares else None,
                    beside.text if beside is not None else None,
                    beside.pos if beside is not None else None,
                )
            )
        else:
            for stack in item.stacks:
                count = count_of(stack.count, stack.pos, report)
                if count is None:
                    continue
                tile = known.resolve(stack.tile, report, Kind.TROOP)
                if tile is None:
                    continue
                if tile.name in bag:
                    report.error(
                        stack.tile.pos,
                        f"'{tile.name}' is already in the bag; give its count once",
                        report.note(bag[tile.name][1], "first listed here"),
                    )
                    continue
                bag[tile.name] = (count, stack.pos)
                entries.append(
                    armies.Entry(False, tile.name, count, tile.count, tile.acts_as_duke, stack.pos)
                )
    armies.check_army(entries, report.error, shared)
    checked = Army(
        tuple(start),
        tuple(sorted((name, c) for name, (c, _) in bag.items())),
        tuple(win),
        tuple(sorted(freeze)),
        tuple(every),
        place if place is not None else Targets(),
    )
    check_targets.class_starts(army, checked, known.tiles, known.classes, report)
    return checked


def _class_start(
    item: ast.StartDecl,
    known: KnownTiles,
    files: int,
    ranks: int,
    report: Reporter,
    start: list[StartEntry],
    entries: list[armies.Entry[Position]],
) -> None:
    """A start entry that names a class (a tile of it from the bag), or starts beside one."""
    count = count_of(item.count, item.pos, report)
    ok = count is not None
    if item.of_class:
        ok = check_targets.class_ok(item.tile, known.classes, report) and ok
        tile_name = item.tile.text
    else:
        tile = known.resolve(item.tile, report, Kind.TROOP)
        ok = tile is not None and ok
        tile_name = tile.name if tile is not None else item.tile.text
    if item.beside is not None:
        started = {
            member
            for entry in start
            for member in (known.classes.get(entry.tile, ()) if entry.of_class else (entry.tile,))
        }
        if item.beside_class:
            beside_ok = check_targets.class_ok(item.beside, known.classes, report)
            members = set(known.classes.get(item.beside.text, ()))
            what = f"no tile of class '{item.beside.text}'"
        else:
            found = known.resolve(item.beside, report, Kind.TROOP)
            beside_ok = found is not None
            members = {found.name} if found is not None else set()
            what = f"'{item.beside.text}'"
        if beside_ok and not started & members:
            report.error(item.beside.pos, f"{what} starts on the board before this entry")
            beside_ok = False
        ok = ok and beside_ok
    squares: list[str] = []
    for square in item.squares:
        if _square_ok(square, files, ranks, report):
            if square.text in squares:
                report.error(square.pos, f"square '{square.text}' is listed twice")
            else:
                squares.append(square.text)
    if count is not None and item.squares and count > len(item.squares):
        report.error(
            item.squares[0].pos,
            f"{count} tiles need {count} squares to start on, but {len(item.squares)} "
            f"{'is' if len(item.squares) == 1 else 'are'} listed",
        )
        ok = False
    if not ok or count is None:
        return
    beside = item.beside.text if item.beside is not None else None
    start.append(
        StartEntry(
            tile_name,
            count,
            tuple(squares),
            beside,
            of_class=item.of_class,
            beside_class=item.beside_class,
        )
    )
    if not item.of_class:
        tile = known.tiles[tile_name]
        entries.append(
            armies.Entry(True, tile.name, count, tile.count, tile.acts_as_duke, item.pos)
        )


def _start_squares(army: ast.ArmyDef, files: int, ranks: int) -> list[armies.StartSquare[Position]]:
    """The squares on the board that the army's start entries name (each once an entry)."""
    found: list[armies.StartSquare[Position]] = []
    starts = [item for item in army.items if isinstance(item, ast.StartDecl)]
    for entry, item in enumerate(starts):
        named: set[tuple[int, int]] = set()
        for word in item.squares:
            square = parse_square(word.text)
            if square is None or square[0] >= files or square[1] > ranks or square in named:
                continue
            named.add(square)
            found.append(armies.StartSquare(entry, item.tile.text, square, word.pos))
    return found


def _square_ok(square: ast.Word, files: int, ranks: int, report: Reporter) -> bool:
    parsed = parse_square(square.text)
    last = f"{chr(ord('a') + files - 1)}{ranks}"
    if parsed is None:
        report.error(
            square.pos,
            f"'{square.text}' is not a square: squares are named a1 to {last} "
            f"(file letter, then rank)",
        )
        return False
    file_index, rank = parsed
    if file_index >= files or rank > ranks:
        report.error(
            square.pos, f"square '{square.text}' is off the {files} x {ranks} board (a1 to {last})"
        )
        return False
    return True


def check_set(definition: ast.SetDef, known: KnownTiles, report: Reporter) -> GameSet | None:
    """Check one game set; None when it is too broken to emit."""
    name = definition.name.text
    if not _SET_NAME.match(name):
        report.error(
            definition.name.pos,
            f"set name '{name}' must be lowercase letters, digits and '-', "
            f"starting with a letter (e.g. '{name.lower().replace('_', '-')}')",
        )
    boards = [i for i in definition.items if isinstance(i, ast.BoardDecl)]
    army_defs = [i for i in definition.items if isinstance(i, ast.ArmyDef)]
    for extra in boards[1:]:
        report.error(
            extra.pos,
            f"the board size is given twice in set '{name}'",
            report.note(boards[0].pos, "first given here"),
        )
    files, ranks = 6, 6
    ok = True
    if not boards:
        report.error(definition.name.pos, f"set '{name}' has no board size; add 'board 6 x 6'")
        ok = False
    else:
        board = boards[0]
        files, ranks = board.files.value, board.ranks.value
        for number, what in ((board.files, "files"), (board.ranks, "ranks")):
            if not MIN_BOARD <= number.value <= MAX_BOARD:
                report.error(
                    number.pos,
                    f"a board has {MIN_BOARD} to {MAX_BOARD} {what}, "
                    f"not {shown_number(number.value)}",
                )
                ok = False
    if not ok:
        files = max(min(files, MAX_BOARD), MIN_BOARD)
        ranks = max(min(ranks, MAX_BOARD), MIN_BOARD)
    by_player: dict[str, ast.ArmyDef] = {}
    for army in army_defs:
        player = army.player.text if army.player is not None else "both"
        if player not in ("both", *PLAYERS):
            assert army.player is not None
            report.error(
                army.player.pos,
                f"unknown player '{player}'{did_you_mean(player, PLAYERS)}; write 'army first', "
                f"'army second', or 'army' for both players",
            )
            continue
        clashes = [p for p in by_player if p == player or "both" in (p, player)]
        if clashes:
            report.error(
                army.pos,
                f"a second army for {_whose(player)} in set '{name}'",
                report.note(by_player[clashes[0]].pos, "the army already given is here"),
            )
            continue
        by_player[player] = army
    if not by_player:
        report.error(definition.name.pos, f"set '{name}' has no army; add 'army {{ ... }}'")
        ok = False
    elif "both" not in by_player and len(by_player) < 2:
        missing = "second" if "first" in by_player else "first"
        report.error(definition.name.pos, f"set '{name}' has no army for the {missing} player")
        ok = False
    shared: dict[str, int] | None = None if "both" in by_player else {}
    checked: dict[str, Army] = {
        player: _check_army(army, known, files, ranks, report, shared)
        for player, army in by_player.items()
    }
    starts = {player: _start_squares(army, files, ranks) for player, army in by_player.items()}
    armies.check_start_squares(
        (starts.get("first", starts.get("both", [])), starts.get("second", starts.get("both", []))),
        files,
        ranks,
        report.error,
        one_army="both" in starts,
    )
    swap: tuple[str, tuple[tuple[str, str], ...]] = ("", ())
    swaps = [item for item in definition.items if isinstance(item, ast.SwapDecl)]
    for extra_swap in swaps[1:]:
        report.error(
            extra_swap.pos,
            f"a second 'swap' in set '{name}': one set brings its pack tiles in one way",
            report.note(swaps[0].pos, "the first is here"),
        )
    if swaps:
        found_swap = check_targets.swap(
            swaps[0], known.troop(report), list(checked.values()), report
        )
        if found_swap is not None:
            swap = found_swap
    terrain: dict[str, int] = {}
    optional: list[str] = []
    rules: dict[str, TerrainValue] = {}
    rule_seen: dict[str, Position] = {}
    vocabulary = rules_vocabulary()
    for item in definition.items:
        if isinstance(item, ast.RuleDecl):
            rule_name = item.name.text
            prop = vocabulary.get(rule_name)
            if prop is None:
                report.error(
                    item.name.pos,
                    f"unknown rule '{rule_name}'{did_you_mean(rule_name, list(vocabulary))} "
                    f"(rules: {quote_list(tuple(vocabulary))})",
                )
                continue
            if rule_name in rule_seen:
                report.error(
                    item.pos,
                    f"rule '{rule_name}' is given twice in set '{name}'",
                    report.note(rule_seen[rule_name], "first given here"),
                )
                continue
            rule_seen[rule_name] = item.pos
            value = terrain_value(prop, item, report)
            if value is None:
                continue
            if rule_name == "draft" and isinstance(value, tuple):
                words = [v for v in item.values if isinstance(v, ast.Word)]
                if any(known.resolve(w, report, Kind.TROOP) is None for w in words):
                    continue
            rules[rule_name] = value
    for item in definition.items:
        if isinstance(item, ast.TerrainDecl):
            for stack in item.stacks:
                count = stack.count.value if stack.count is not None else 1
                tile = known.resolve(stack.tile, report, Kind.TERRAIN)
                if tile is None:
                    continue
                if count < 1:
                    report.error(stack.pos, "a count is at least 1")
                elif tile.name in terrain:
                    report.error(stack.tile.pos, f"'{tile.name}' is listed twice")
                elif count > tile.count:
                    report.error(
                        stack.pos,
                        f"counts don't add up: {count} {tile.name} on the board, but the "
                        f"tile's count is {tile.count}",
                    )
                else:
                    terrain[tile.name] = count
        elif isinstance(item, ast.OptionalDecl):
            for word in item.names:
                if known.resolve(word, report, None) is None:
                    continue
                if word.text in optional:
                    report.error(word.pos, f"'{word.text}' is listed twice")
                else:
                    optional.append(word.text)
    if not ok:
        return None
    if "both" in checked:
        pair = (checked["both"], checked["both"])
    else:
        pair = (checked["first"], checked["second"])
    return GameSet(
        name=name,
        files=files,
        ranks=ranks,
        armies=pair,
        terrain=tuple(sorted(terrain.items())),
        optional=tuple(sorted(optional)),
        rules=tuple(sorted(rules.items())),
        swap=swap[0],
        swaps=swap[1],
        path=report.path,
        pos=definition.pos,
    )
