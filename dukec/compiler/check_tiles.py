"""Check stage, tiles: one tile definition to a checked `Tile`.

Its count, enhanced abilities and their sides, acting as the Duke, its classes, its two grids (see
`dukec.compiler.check_grids`) and, for a terrain tile, its properties (`dukec.compiler.properties`);
each given at most once.
"""

from __future__ import annotations

from dukec.compiler import ast
from dukec.compiler.check_grids import grid_icons
from dukec.compiler.check_icons import Declared
from dukec.compiler.check_report import Reporter, count_of
from dukec.compiler.diagnostics import Position, did_you_mean, quote_list
from dukec.compiler.model import PlacedIcon, TerrainValue, Tile
from dukec.compiler.properties import terrain_value, terrain_vocabulary
from dukec.compiler.vocabulary import ABILITY_BY_NUMERAL, Ability, Kind, Side, is_numeral
from dukec.limits import MAX_NAME_LENGTH

TILE_KEYWORDS = ("count", "ability", "acts", "class", "front", "back")
DEFAULT_COUNT = 1


def _ability(decl: ast.AbilityDecl, report: Reporter) -> Ability | None:
    found: Ability | None = None
    names = [a.value for a in Ability]
    for word in decl.words:
        if is_numeral(word.text):
            ability = ABILITY_BY_NUMERAL.get(word.text)
            if ability is None:
                known = ", ".join(f"{a.numeral} {a.value}" for a in Ability)
                report.error(
                    word.pos,
                    f"unknown ability numeral '{word.text}'"
                    f"{did_you_mean(word.text, ABILITY_BY_NUMERAL)} (numerals: {known})",
                )
                return None
        else:
            try:
                ability = Ability(word.text.lower())
            except ValueError:
                report.error(
                    word.pos,
                    f"unknown ability '{word.text}'{did_you_mean(word.text.lower(), names)} "
                    f"(abilities: {quote_list(names)})",
                )
                return None
        if found is not None and ability is not found:
            report.error(
                word.pos,
                f"'{decl.words[0].text}' is {found.numeral} {found.value}, but '{word.text}' "
                f"is {ability.numeral} {ability.value}; write one ability per line",
            )
            return None
        found = ability
    return found


def check_tile(tile: ast.TileDef, report: Reporter, declared: Declared) -> Tile:
    """Check one tile definition; a tile is returned even when it has errors."""
    name = tile.name.text
    is_terrain = tile.kind is Kind.TERRAIN
    seen: dict[str, Position] = {}
    count = DEFAULT_COUNT
    abilities: list[Ability] = []
    ability_sides: list[tuple[Ability, tuple[Side, ...]]] = []
    acts_as_duke = False
    classes: list[str] = []
    sides: dict[Side, tuple[PlacedIcon, ...]] = {}
    terrain: dict[str, TerrainValue] = {}
    vocabulary = terrain_vocabulary()

    def once(key: str, label: str, position: Position) -> bool:
        if key in seen:
            report.error(
                position,
                f"{label} is given twice in tile '{name}'",
                report.note(seen[key], "first given here"),
            )
            return False
        seen[key] = position
        return True

    for item in tile.items:
        if isinstance(item, ast.CountDecl):
            if once("count", "'count'", item.pos):
                count = count_of(item.count, item.pos, report, low=0) or 0
        elif isinstance(item, ast.AbilityDecl):
            if is_terrain:
                report.error(item.pos, "a terrain tile has no enhanced abilities")
                continue
            ability = _ability(item, report)
            if ability is None or not once(f"ability {ability}", f"ability {ability}", item.pos):
                continue
            abilities.append(ability)
            chosen: list[Side] = []
            for word in item.sides:
                try:
                    side = Side(word.text)
                except ValueError:
                    report.error(
                        word.pos,
                        f"unknown side '{word.text}'"
                        f"{did_you_mean(word.text, [s.value for s in Side])} "
                        f"(sides: 'front', 'back')",
                    )
                    continue
                if side in chosen:
                    report.error(word.pos, f"side '{word.text}' is listed twice")
                else:
                    chosen.append(side)
            if chosen:
                order = list(Side)
                ability_sides.append((ability, tuple(sorted(chosen, key=order.index))))
        elif isinstance(item, ast.ActsAsDuke):
            if is_terrain:
                report.error(item.pos, "a terrain tile cannot act as the Duke")
            elif once("acts", "'acts as duke'", item.pos):
                acts_as_duke = True
        elif isinstance(item, ast.ClassDecl):
            if is_terrain:
                report.error(item.pos, "a terrain tile has no class: classes tag troop tiles")
            elif once("class", "'class'", item.pos):
                for word in item.names:
                    if len(word.text) > MAX_NAME_LENGTH:
                        report.error(
                            word.pos, f"a class name is at most {MAX_NAME_LENGTH} characters"
                        )
                    elif word.text in classes:
                        report.error(word.pos, f"class '{word.text}' is listed twice")
                    else:
                        classes.append(word.text)
        elif isinstance(item, ast.SideGrid):
            if once(item.side.value, f"the {item.side.value} grid", item.pos):
                sides[item.side] = grid_icons(item, report, declared)
        else:
            prop_name = item.name.text
            prop = vocabulary.get(prop_name)
            if prop is None or not is_terrain:
                choices = list(TILE_KEYWORDS) + (list(vocabulary) if is_terrain else [])
                hint = did_you_mean(prop_name, choices)
                if prop is not None:
                    report.error(
                        item.name.pos,
                        f"'{prop_name}' is a terrain property; declare the tile with "
                        f"'terrain {name} {{' to use it",
                    )
                else:
                    report.error(item.name.pos, f"unknown statement '{prop_name}'{hint}")
                continue
            if once(prop_name, f"'{prop_name}'", item.pos):
                value = terrain_value(prop, item, report)
                if value is not None:
                    terrain[prop_name] = value
    if not is_terrain:
        for side in Side:
            if side not in sides and side.value not in seen:
                report.error(
                    tile.name.pos,
                    f"tile '{name}' has no {side.value} grid; add one (a side without "
                    f"icons is a grid holding only '@')",
                )
    return Tile(
        name=name,
        kind=tile.kind,
        count=count,
        abilities=tuple(sorted(abilities, key=lambda a: a.value)),
        ability_sides=tuple(sorted(ability_sides, key=lambda pair: pair[0].value)),
        acts_as_duke=acts_as_duke,
        sides=tuple((side, sides.get(side, ())) for side in Side),
        terrain=tuple(sorted(terrain.items())) if is_terrain else None,
        classes=tuple(sorted(classes)),
        path=report.path,
        pos=tile.pos,
        name_pos=tile.name.pos,
    )
