"""Properties: random valid tile sets compile deterministically; JSON -> DSL -> JSON round-trips."""

from __future__ import annotations

import tempfile
from pathlib import Path
from random import Random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dukec.compiler import CompileError, compile_source, dumps, load
from dukec.compiler.consistency import consistency_errors
from dukec.compiler.decompile import decompile
from dukec.compiler.emit import canonicalize
from dukec.compiler.properties import terrain_vocabulary
from dukec.compiler.validate import tileset_validator
from dukec.compiler.vocabulary import (
    Ability,
    parse_square,
)
from dukec.icons import FORMAT, NEXT_TO_SQUARES, TWO_OUT_SQUARES, Icon
from tests.base_icons import BASE, JUMP_SLIDE, SLIDE

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

NAMES = st.from_regex(r"[A-Z][a-z]{0,6}", fullmatch=True)
NEAR = [(dx, dy) for dx in range(-3, 4) for dy in range(-3, 4) if (dx, dy) != (0, 0)]


def _places(icon: Icon) -> list[tuple[int, int]]:
    if icon is SLIDE:
        return sorted(NEXT_TO_SQUARES)
    if icon is JUMP_SLIDE:
        return sorted(TWO_OUT_SQUARES)
    return NEAR


ICON = st.sampled_from(list(BASE)).flatmap(
    lambda icon: st.sampled_from(_places(icon)).map(lambda at: (icon.value, at))
)
SIDE = st.sets(ICON, max_size=10).map(
    lambda icons: {"icons": [{"icon": i, "at": [x, y]} for i, (x, y) in sorted(icons)]}
)


@st.composite
def terrain_properties(draw: st.DrawFn) -> dict[str, Any]:
    chosen: dict[str, Any] = {}
    for name, prop in terrain_vocabulary().items():
        if (
            not draw(st.booleans())
            or prop.kind == "word"
            or not (prop.choices or prop.kind in ("boolean", "integer"))
        ):
            continue
        if prop.kind == "boolean":
            chosen[name] = draw(st.booleans())
        elif prop.kind == "integer":
            chosen[name] = draw(st.integers(prop.minimum or 0, prop.maximum or 5))
        elif prop.kind == "enum":
            chosen[name] = draw(st.sampled_from(prop.choices))
        else:
            picked = draw(st.sets(st.sampled_from(prop.choices)))
            chosen[name] = [c for c in prop.choices if c in picked]
    return chosen


@st.composite
def tiles(draw: st.DrawFn, name: str) -> dict[str, Any]:
    terrain = draw(st.booleans()) and draw(st.booleans())
    tile: dict[str, Any] = {
        "name": name,
        "kind": "terrain" if terrain else "troop",
        "count": draw(st.integers(0, 4)),
        "abilities": [],
        "sides": {"front": draw(SIDE), "back": draw(SIDE)},
    }
    if terrain:
        tile["terrain"] = draw(terrain_properties())
        return tile
    abilities = sorted(draw(st.sets(st.sampled_from([a.value for a in Ability]))))
    tile["abilities"] = abilities
    sides_of = {}
    for ability in abilities:
        sides = draw(st.sampled_from([None, ["front"], ["back"], ["front", "back"]]))
        if sides is not None:
            sides_of[ability] = sides
    if sides_of:
        tile["ability_sides"] = sides_of
    if draw(st.booleans()):
        tile["acts_as_duke"] = True
    return tile


@st.composite
def armies(
    draw: st.DrawFn,
    troops: list[dict[str, Any]],
    files: int,
    ranks: int,
    taken: set[tuple[int, int]],
    owners: tuple[int, ...],
) -> Any:
    """An army for ``owners`` (one player, or both), its start squares none of the squares
    ``taken`` on the board (each player's seen from its own side), which it adds to."""
    left = {t["name"]: t["count"] for t in troops}
    # At most one tile acting as the Duke, started once, never in the bag.
    dukes = {t["name"] for t in troops if t.get("acts_as_duke")}
    duke_started = False

    def seen(square: tuple[int, int], owner: int) -> tuple[int, int]:
        return square if owner == 0 else (files - 1 - square[0], ranks - 1 - square[1])

    def free() -> list[str]:
        found = []
        for f in range(files):
            for r in range(ranks):
                views = {seen((f, r), owner) for owner in owners}
                if len(views) == len(owners) and not views & taken:
                    found.append(f"{chr(ord('a') + f)}{r + 1}")
        return found

    start: list[dict[str, Any]] = []
    for _ in range(draw(st.integers(0, 3))):
        candidates = sorted(
            name for name, n in left.items() if n > 0 and not (duke_started and name in dukes)
        )
        if not candidates:
            break
        name = draw(st.sampled_from(candidates))
        count = 1 if name in dukes else draw(st.integers(1, left[name]))
        duke_started = duke_started or name in dukes
        left[name] -= count
        entry: dict[str, Any] = {"tile": name, "count": count}
        beside: bool = draw(st.booleans())
        if start and beside:
            entry["beside"] = draw(st.sampled_from([e["tile"] for e in start]))
        else:
            chosen = []
            for name in draw(st.permutations(free()))[: count + draw(st.integers(0, 2))]:
                square = (ord(name[0]) - ord("a"), int(name[1:]) - 1)
                views = {seen(square, owner) for owner in owners}
                if not views & taken:  # not seen from the other side by one chosen already
                    chosen.append(name)
                    taken.update(views)
            if len(chosen) < count:
                break
            entry["squares"] = sorted(chosen)
        start.append(entry)
    bag = []
    for name in sorted(left):
        if left[name] > 0 and name not in dukes and draw(st.booleans()):
            bag.append({"tile": name, "count": draw(st.integers(1, left[name]))})
    return {"start": start, "bag": bag}


@st.composite
def tilesets(draw: st.DrawFn) -> dict[str, Any]:
    names = draw(st.lists(NAMES, min_size=1, max_size=5, unique=True))
    all_tiles = [draw(tiles(name)) for name in names]
    troops = [t for t in all_tiles if t["kind"] == "troop"]
    terrain = [t for t in all_tiles if t["kind"] == "terrain" and t["count"] > 0]
    sets = []
    for set_name in draw(
        st.lists(st.from_regex(r"[a-z][a-z0-9-]{0,5}", fullmatch=True), max_size=2, unique=True)
    ):
        files, ranks = draw(st.integers(2, 8)), draw(st.integers(2, 9))
        taken: set[tuple[int, int]] = set()
        if draw(st.booleans()):
            first = second = draw(armies(troops, files, ranks, taken, (0, 1)))
        else:
            first = draw(armies(troops, files, ranks, taken, (0,)))
            second = draw(armies(troops, files, ranks, taken, (1,)))
        game: dict[str, Any] = {
            "name": set_name,
            "board": {"files": files, "ranks": ranks},
            "armies": [first, second],
        }
        placed = [t for t in terrain if draw(st.booleans())]
        if placed:
            game["terrain"] = [
                {"tile": t["name"], "count": draw(st.integers(1, t["count"]))}
                for t in sorted(placed, key=lambda t: t["name"])
            ]
        optional = sorted(draw(st.sets(st.sampled_from(names))))
        if optional:
            game["optional"] = optional
        sets.append(game)
    icons = BASE.to_json()
    return canonicalize({"format": FORMAT, "icons": icons, "tiles": all_tiles, "sets": sets})


@SETTINGS
@given(tilesets())
def test_json_to_dsl_to_json_round_trips(data: dict[str, Any]) -> None:
    assert list(tileset_validator().iter_errors(data)) == []
    assert consistency_errors(data) == []
    text = decompile(data)
    assert dumps(compile_source(text, "round.duke")) == dumps(data)


@SETTINGS
@given(tilesets(), st.randoms(use_true_random=False))
def test_compiling_is_deterministic_whatever_the_file_layout(
    data: dict[str, Any], random: Random
) -> None:
    text = decompile(data)
    once = dumps(compile_source(text, "a.duke"))
    assert dumps(compile_source(text, "b.duke")) == once
    # The same definitions in shuffled order, spread over files with random names.
    chunks = [chunk for chunk in text.split("\n\n") if chunk.strip()]
    random.shuffle(chunks)
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        for index, chunk in enumerate(chunks):
            folder = root / random.choice(["", "x", "y/z"])
            folder.mkdir(parents=True, exist_ok=True)
            name = f"{random.randrange(10**6)}-{index}.duke"
            (folder / name).write_text(f"# part {index}\n\n{chunk}\n", encoding="utf-8")
        assert dumps(load([root])) == once


def test_base_tiles_round_trip() -> None:
    data = load([Path(__file__).resolve().parents[2] / "tiles"])
    assert dumps(compile_source(decompile(data))) == dumps(data)


BASE_TEXT = "\n".join(
    path.read_text(encoding="utf-8")
    for path in sorted((Path(__file__).resolve().parents[2] / "tiles").glob("*.duke"))
)
EDIT = st.tuples(st.integers(0, len(BASE_TEXT)), st.integers(0, 12), st.text(max_size=6))


@SETTINGS
@given(st.lists(EDIT, min_size=1, max_size=4))
def test_any_edit_of_the_sources_compiles_or_reports(edits: list[tuple[int, int, str]]) -> None:
    text = BASE_TEXT
    for start, length, insert in edits:
        text = text[:start] + insert + text[start + length :]
    try:
        compile_source(text, "edited.duke")
    except CompileError as error:
        assert error.diagnostics
        assert all(d.path == "edited.duke" for d in error.diagnostics)
        assert error.render().startswith("edited.duke:")


@SETTINGS
@given(st.text())
def test_any_text_compiles_or_reports(text: str) -> None:
    try:
        compile_source(text, "any.duke")
    except CompileError as error:
        assert error.render().startswith("any.duke")


@SETTINGS
@given(tilesets(), st.randoms(use_true_random=False))
def test_the_engine_plays_every_set_the_checker_accepts(
    data: dict[str, Any], random: Random
) -> None:
    """One semantic checker: what `dukec check` accepts, the engine loads. Each set gets random
    slips the engine refuses (a tile acting as the Duke in the bag or started twice); the checker
    must refuse every tile set the engine cannot play."""
    from dukec.engine import RulesError, load_rules

    dukes = [t["name"] for t in data["tiles"] if t.get("acts_as_duke") and t["kind"] == "troop"]
    for game in data["sets"]:
        army = game["armies"][random.randrange(2)]
        if dukes and random.random() < 0.5:
            slip = {"tile": random.choice(dukes), "count": 1}
            (army["bag"] if random.random() < 0.5 else army["start"]).append(
                slip if random.random() < 0.5 else {**slip, "squares": ["a1"]}
            )
    data = canonicalize(data)
    accepted = not list(tileset_validator().iter_errors(data)) and not consistency_errors(data)
    refused: list[str] = []
    for game in data["sets"]:
        try:
            load_rules(data, game["name"])
        except RulesError as error:
            refused.append(str(error))
    if accepted:
        assert refused == []


@given(st.integers(0, 25), st.integers(1, 99))
def test_a_square_name_gives_its_file_and_rank(file_index: int, rank: int) -> None:
    assert parse_square(f"{chr(ord('a') + file_index)}{rank}") == (file_index, rank)


def test_what_is_not_a_square_name() -> None:
    for name in ("a0", "a01", "a100", "A1", "1a", "a", "", "a1 ", "aa1"):
        assert parse_square(name) is None, name
