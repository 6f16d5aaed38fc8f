"""A designer's new icons, declared in a .duke file and used by a tile, work everywhere with no
change to the code: check, build, decompile, show, render, fmt, lint, describe, the legal
actions of hand-checked positions (``dukec moves``), bench, balance under the search, the
studio's API and the language server.

The folder declares one icon of each kind of modifier: a Slide along a diagonal that captures
nothing and whose path must be clear (the City Troops' kind), a Jump that Defense icons do not
stop (a Hammer), and two Strikes of one area group that fire together (the Siege Engines'). The
positions are checked by hand from the grids below (6x6 board, owner 0 at the bottom; the
Siege stands on c2 unless said otherwise, so its Creep lines run c2-d3-e4-f5 and c2-b3-a4, its
Hammer reaches c5 and its area pair b5 and d5). The rules they check are
``../shared/rulebook/expansions.md``'s, "New movement icons": "the target square must be empty:
the icon never captures"; "Using any icon of the group uses all of them, on all their target
squares [...] Area-effect icons capture friendly and enemy tiles alike"; the Hammer "a Strike
that ignores Defense icons".
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from dukec.cli import main
from dukec.compiler import dumps
from dukec.compiler.overlay import load_layered
from dukec.engine import Game, Rules, load_rules, position_from_json
from dukec.lsp import features
from dukec.lsp.folder import check_document
from dukec.studio import api
from dukec.studio.request import Body
from dukec.workbench.describe import targets
from dukec.workbench.tiles import find_tile

ICONS = """\
# A designer's icons: a diagonal line that captures nothing, a leap no Defense stops, and two
# Strikes of one area group.
icon Creep { glyph K  like slide  captures nothing  path clear  label "Creep" }
icon Hammer { glyph H  like jump  ignores defense  label "Hammer Jump" }
icon Blast { glyph Q  like strike  area siege  label "Area Strike" }
"""
SIEGE = """\
# A siege engine: two Strikes that fire together, a leap no Defense stops, and two diagonal
# lines it rolls along without capturing.
tile Siege {
    count 1
    front {
        Q  H  Q
        .  .  .
        K  .  K
        .  @  .
    }
    back {
        .  X  .
        M  @  M
    }
}

# Defense icons on three sides of it.
tile Shield {
    count 1
    front {
        .  B  .
        B  @  B
        .  M  .
    }
    back {
        .  M  .
        M  @  M
        .  B  .
    }
}
"""
GAME = """\
set siege {
    board 6 x 6
    army {
        start Duke on c1, d1
        start 2 Footman beside Duke
        bag Footman, Siege, Shield, 3 Pikeman, Champion, Bowman
    }
}

set siege-terrain {
    board 6 x 6
    terrain Mountain, Dragon
    army {
        start Duke on c1, d1
        start 2 Footman beside Duke
        bag Footman, Siege, Shield, 3 Pikeman, Champion, Bowman
    }
}
"""


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The designer's folder: the icons, the tiles that show them, and a game set."""
    path = tmp_path_factory.mktemp("declared") / "siege"
    path.mkdir()
    (path / "icons.duke").write_text(ICONS, encoding="utf-8")
    (path / "siege.duke").write_text(SIEGE, encoding="utf-8")
    (path / "game.duke").write_text(GAME, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def tileset(folder: Path) -> dict[str, Any]:
    """The folder's tile set, read on top of the base set."""
    return load_layered([folder]).data


@pytest.fixture(scope="module")
def compiled(tileset: dict[str, Any], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same tile set as one compiled file (what the commands that play read fastest)."""
    path = tmp_path_factory.mktemp("compiled") / "siege.json"
    path.write_text(dumps(tileset), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def rules(tileset: dict[str, Any]) -> Rules:
    """The rules of the siege set."""
    return load_rules(tileset, "siege")


def _run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


# === The language ===


def test_check_reads_the_declarations(folder: Path) -> None:
    result = _run("check", str(folder))
    assert result.exit_code == 0, result.output
    assert result.stdout == "ok: 2 tiles on top of the base set (23 tiles, 11 sets)\n"


def test_build_lists_every_icon_with_its_properties(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "siege.json"
    result = _run("build", str(folder / "icons.duke"), str(folder / "siege.duke"), "-o", str(out))
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["format"] == "duke-tileset/2"
    names = [icon["name"] for icon in data["icons"]]
    assert names[8:] == ["Creep", "Hammer", "Blast"] and len(names) == 11
    creep, hammer, blast = data["icons"][8:]
    assert creep == {
        "name": "Creep",
        "glyph": "K",
        "label": "Creep",
        "geometry": "ray",
        "effect": "move",
        "blocked": True,
        "captures": "nothing",
        "path_clear": True,
        "ignores_defense": False,
        "area": None,
        "shape": "arrow",
        "colour": "ink",
        "character": "↑↗→↘↓↙←↖",
    }
    assert (hammer["geometry"], hammer["effect"], hammer["ignores_defense"]) == (
        "leap",
        "move",
        True,
    )
    assert (blast["effect"], blast["area"], blast["colour"]) == ("strike", "siege", "red")
    siege = next(tile for tile in data["tiles"] if tile["name"] == "Siege")
    assert siege["sides"]["front"]["icons"] == [
        {"icon": "Blast", "at": [-1, 3]},
        {"icon": "Blast", "at": [1, 3]},
        {"icon": "Creep", "at": [-1, 1]},
        {"icon": "Creep", "at": [1, 1]},
        {"icon": "Hammer", "at": [0, 3]},
    ]


def test_decompile_writes_the_declarations_back(folder: Path, tmp_path: Path) -> None:
    built = tmp_path / "siege.json"
    sources = (str(folder / "icons.duke"), str(folder / "siege.duke"))
    assert _run("build", *sources, "-o", str(built)).exit_code == 0
    text = _run("decompile", str(built)).stdout
    assert text.startswith(
        "icon Creep { glyph K  like slide  captures nothing  path clear }\n\n"
        'icon Hammer { glyph H  like jump  ignores defense  label "Hammer Jump" }\n\n'
        'icon Blast { glyph Q  like strike  area siege  label "Area Strike" }\n'
    )
    again = tmp_path / "again"
    again.mkdir()
    (again / "all.duke").write_text(text, encoding="utf-8")
    rebuilt = tmp_path / "rebuilt.json"
    assert _run("build", str(again), "-o", str(rebuilt)).exit_code == 0
    assert json.loads(rebuilt.read_text()) == json.loads(built.read_text())


def test_an_undeclared_glyph_names_the_declared_ones(tmp_path: Path) -> None:
    (tmp_path / "t.duke").write_text(SIEGE, encoding="utf-8")
    result = _run("check", str(tmp_path / "t.duke"))
    assert result.exit_code == 1
    assert (
        "t.duke:6:9: error: unknown glyph 'Q' (glyphs: M move, J jump, S slide, " in result.stderr
    )
    assert "L jump slide, X strike, C command, D dread, B defense)" in result.stderr


def test_fmt_keeps_what_the_folder_says(folder: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy"
    copy.mkdir()
    for path in folder.iterdir():
        (copy / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    sources = (str(copy / "icons.duke"), str(copy / "siege.duke"))
    before = tmp_path / "before.json"
    assert _run("build", *sources, "-o", str(before)).exit_code == 0
    result = _run("fmt", str(copy))
    assert result.exit_code == 0, result.output
    assert (copy / "icons.duke").read_text(encoding="utf-8").splitlines()[2] == (
        'icon Creep { glyph K  like slide  captures nothing  path clear  label "Creep" }'
    )
    assert _run("fmt", "--check", str(copy)).exit_code == 0
    after = tmp_path / "after.json"
    assert _run("build", *sources, "-o", str(after)).exit_code == 0
    assert after.read_text() == before.read_text()


def test_lint_reads_the_declarations(folder: Path) -> None:
    result = _run("lint", str(folder / "icons.duke"), str(folder / "siege.duke"))
    assert result.exit_code == 0, result.output
    # The Siege never moves back; its Creep lines capture nothing, its Hammer and Blasts do.
    assert "Siege never moves backward" in result.output
    assert "cannot capture" not in result.output


# === The workbench ===


def test_show_draws_the_declared_icons(folder: Path) -> None:
    result = _run("show", "Siege", "--set", str(folder))
    assert result.exit_code == 0, result.output
    assert "│ ↖ │" in result.stdout and "│ ↗ │" in result.stdout
    assert result.stdout.rstrip().endswith(
        "■ the tile  ● Move  ✶ Strike  ↑↗ Creep  ○ Hammer Jump  ✶ Area Strike"
    )


def test_render_draws_the_area_group_joined(folder: Path, tmp_path: Path) -> None:
    result = _run("render", "Siege", "--set", str(folder), "-o", str(tmp_path), "--format", "svg")
    assert result.exit_code == 0, result.output
    svg = (tmp_path / "siege.svg").read_text(encoding="utf-8")
    # The line joining the group's two squares, in the Strikes' red, beneath them.
    assert re.search(r'<line [^>]*stroke="#b3261e"', svg)


def test_describe_counts_what_each_icon_does(folder: Path, tileset: dict[str, Any]) -> None:
    siege = find_tile(tileset, "Siege")
    # From c2 (file 2, rank 1) of an empty board: the Creep lines and the Hammer's square are
    # reached; only the Hammer's and the Blasts' squares are attacked.
    moves, attacked = targets(siege.front, (2, 1))
    assert moves == {(3, 2), (4, 3), (5, 4), (1, 2), (0, 3), (2, 4)}
    assert attacked == {(2, 4), (1, 4), (3, 4)}
    result = _run("describe", "Siege", "--set", str(folder))
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Siege on an empty 6x6 board, from each of its 36 squares")


# === Play: hand-checked positions ===


def _position(pieces: list[tuple[str, int, str, str]], to_move: int = 0) -> dict[str, Any]:
    """A position of the siege set: (tile, owner, side, square) each; Dukes where not given."""
    board = [{"tile": t, "owner": o, "side": s, "at": at} for t, o, s, at in pieces]
    if not any(t == "Duke" and o == 0 for t, o, _, _ in pieces):
        board.append({"tile": "Duke", "owner": 0, "side": "front", "at": "f1"})
    if not any(t == "Duke" and o == 1 for t, o, _, _ in pieces):
        board.append({"tile": "Duke", "owner": 1, "side": "front", "at": "a6"})
    return {"to_move": to_move, "board": board, "bags": [[], []]}


def _moves(compiled: Path, tmp_path: Path, position: dict[str, Any], start: str) -> list[str]:
    """``dukec moves`` of a position: the actions of the tile on ``start``."""
    path = tmp_path / "position.json"
    path.write_text(json.dumps(position), encoding="utf-8")
    result = _run("moves", str(path), "--set", str(compiled), "--game", "siege")
    assert result.exit_code == 0, result.output
    return [line for line in result.stdout.splitlines() if line.startswith(start)]


SIEGE_C2 = ("Siege", 0, "front", "c2")

CREEP = [
    # Alone: both lines to the edge, and the Hammer's square.
    ([], ["c2-d3", "c2-e4", "c2-f5", "c2-b3", "c2-a4", "c2-c5"]),
    # An enemy on e4: the line stops before it; it is not captured.
    ([("Footman", 1, "front", "e4")], ["c2-d3", "c2-b3", "c2-a4", "c2-c5"]),
    # An enemy next to it on d3: nothing that way.
    ([("Footman", 1, "front", "d3")], ["c2-b3", "c2-a4", "c2-c5"]),
    # A friend on b3: nothing that way either.
    ([("Footman", 0, "front", "b3")], ["c2-d3", "c2-e4", "c2-f5", "c2-c5"]),
    # An enemy at the end of a line, on f5: the line ends on e4.
    ([("Footman", 1, "front", "f5")], ["c2-d3", "c2-e4", "c2-b3", "c2-a4", "c2-c5"]),
]


@pytest.mark.parametrize(("others", "expected"), CREEP, ids=range(len(CREEP)))
def test_a_non_capture_line_never_captures(
    compiled: Path, tmp_path: Path, others: list[tuple[str, int, str, str]], expected: list[str]
) -> None:
    assert sorted(_moves(compiled, tmp_path, _position([SIEGE_C2, *others]), "c2")) == sorted(
        expected
    )


def test_a_non_capture_line_is_no_threat_to_the_duke(
    compiled: Path, rules: Rules, tmp_path: Path
) -> None:
    """The enemy's Creep line from c3 points at the Duke on a1 (owner 1's forward is down):
    it could not capture it, so the Footman on b2 moves off the line freely."""
    position = _position(
        [("Duke", 0, "front", "a1"), ("Footman", 0, "front", "b2"), ("Siege", 1, "front", "c3")]
    )
    assert sorted(_moves(compiled, tmp_path, position, "b2")) == [
        "b2-a2",
        "b2-b1",
        "b2-b3",
        "b2-c2",
    ]
    assert not position_from_json(rules, position).in_guard(0)


HAMMER = [
    # An enemy Footman on c5: captured.
    ([("Footman", 1, "front", "c5")], True),
    # An enemy Shield on c5, a Defense icon on c4 (its front toward owner 0): captured anyway.
    ([("Shield", 1, "front", "c5")], True),
    # The same Shield with a Defense icon on b5 and d5 as well, and a tile on c3 and c4: the
    # leap goes over them.
    (
        [
            ("Shield", 1, "front", "c5"),
            ("Footman", 0, "front", "c3"),
            ("Footman", 1, "front", "c4"),
        ],
        True,
    ),
    # A friend on c5: not captured.
    ([("Footman", 0, "front", "c5")], False),
    # Nothing there: a plain jump.
    ([], False),
]


@pytest.mark.parametrize(("others", "captures"), HAMMER, ids=range(len(HAMMER)))
def test_a_hammer_captures_through_defense(
    compiled: Path, tmp_path: Path, others: list[tuple[str, int, str, str]], captures: bool
) -> None:
    found = _moves(compiled, tmp_path, _position([SIEGE_C2, *others]), "c2")
    assert ("c2xc5" in found) is captures
    assert ("c2-c5" in found) is (not others)


def test_a_plain_strike_and_a_plain_jump_do_not_capture_through_defense(
    compiled: Path, tmp_path: Path
) -> None:
    # The Siege's back has a plain Strike at (0, 1): from c4, on the Shield at c5, it strikes
    # from a Defense square of the Shield's, so it cannot; on a Footman there it can.
    shielded = [("Siege", 0, "back", "c4"), ("Shield", 1, "front", "c5")]
    assert "c4!c5" not in _moves(compiled, tmp_path, _position(shielded), "c4")
    bare = [("Siege", 0, "back", "c4"), ("Footman", 1, "front", "c5")]
    assert "c4!c5" in _moves(compiled, tmp_path, _position(bare), "c4")
    # The Champion's plain Jump at (0, 2) from c3 crosses c4, a Defense square of the Shield.
    jump = [("Champion", 0, "front", "c3"), ("Shield", 1, "front", "c5")]
    assert "c3xc5" not in _moves(compiled, tmp_path, _position(jump), "c3")


AREA = [
    # Both squares empty: the group captures nothing, so it cannot be used.
    ([], None),
    # An enemy on b5: captured.
    ([("Footman", 1, "front", "b5")], ["b5"]),
    # A friend on b5 and an enemy on d5: both captured, the friend too.
    ([("Footman", 0, "front", "b5"), ("Pikeman", 1, "front", "d5")], ["b5", "d5"]),
    # A friend alone on d5: captured (a group that captures a tile may be used).
    ([("Pikeman", 0, "front", "d5")], ["d5"]),
    # Its own Duke on b5: never captured, so the group is not usable.
    ([("Duke", 0, "front", "b5"), ("Footman", 1, "front", "d5")], None),
    # The enemy Duke on d5 and a friend on b5: both captured, and the game won.
    ([("Duke", 1, "front", "d5"), ("Footman", 0, "front", "b5")], ["b5", "d5"]),
]


@pytest.mark.parametrize(("others", "captured"), AREA, ids=range(len(AREA)))
def test_an_area_group_fires_together_on_friend_and_foe(
    compiled: Path,
    tmp_path: Path,
    rules: Rules,
    others: list[tuple[str, int, str, str]],
    captured: list[str] | None,
) -> None:
    position = _position([SIEGE_C2, *others])
    found = _moves(compiled, tmp_path, position, "c2")
    used = [action for action in found if action.startswith("c2!")]
    if captured is None:
        assert used == []
        return
    assert used in (["c2!siege"], ["c2!siege+"])
    game = position_from_json(rules, position)
    gone = {rules.geometry.parse(square) for square in captured}
    game.push_notation("c2!siege")
    assert all(game.board[square] < 0 for square in gone if square is not None)
    siege = game.board[rules.geometry.parse("c2") or 0]
    assert siege >= 0 and (siege >> 1) & 1 == 1  # the Siege flipped, as after a Strike
    if any(tile == "Duke" and owner == 1 for tile, owner, _, _ in others):
        assert game.result is not None and game.result.winner == 0


def test_an_area_group_puts_the_duke_in_guard(rules: Rules) -> None:
    """The enemy Duke on d5 is in Guard of the group (and its own Duke on b5 would not be)."""
    game = position_from_json(rules, _position([SIEGE_C2, ("Duke", 1, "front", "d5")], 1))
    assert game.in_guard(1)
    mine = position_from_json(rules, _position([SIEGE_C2, ("Duke", 0, "front", "b5")], 1))
    assert not mine.in_guard(0)


def test_an_area_action_is_written_and_taken_back(rules: Rules) -> None:
    position = _position([SIEGE_C2, ("Footman", 0, "front", "b5"), ("Pikeman", 1, "front", "d5")])
    game = position_from_json(rules, position)
    action = game.parse_action("c2!siege")
    assert str(action) == "c2!siege"
    game.push(action)
    assert game.last_events == ["captures Footman on b5", "captures Pikeman on d5"]
    game.pop()
    assert game.board[rules.geometry.parse("b5") or 0] >= 0


# === Whole games ===


def test_bench_plays_the_set(compiled: Path) -> None:
    result = _run("bench", "--set", str(compiled), "--game", "siege", "--games", "20")
    assert result.exit_code == 0, result.output
    assert re.search(r"games 20  plies \d+", result.stdout)


@pytest.mark.parametrize("set_name", ["siege", "siege-terrain"])
def test_random_games_use_every_modifier(tileset: dict[str, Any], set_name: str) -> None:
    """Seeded random games of the sets (one with the Mountain and the Dragon) use an area group,
    and apply and undo are exact."""
    import random

    rules = load_rules(tileset, set_name)
    used = set()
    for seed in range(40):
        game = Game(rules, seed=seed, ply_limit=300)
        rng = random.Random(seed)
        while game.result is None and game.play_random(rng):
            notation = game.history[-1][0]
            used.add(notation[0])
            if game.ply % 7 == 0:
                before = game.state_key()
                for action in game._legal()[:20]:
                    game.apply(action)
                    game.undo()
                assert game.state_key() == before
    assert 13 in used  # an area group used


def test_a_game_is_recorded_and_replayed(compiled: Path, tmp_path: Path) -> None:
    """A seeded greedy game of the set (whose greedy players take what the icons give) is
    recorded and replayed action by action."""
    record = tmp_path / "game.jsonl"
    played = _run(
        "play",
        "--set",
        str(compiled),
        "--game",
        "siege",
        "--seed",
        "3",
        "--first",
        "greedy",
        "--second",
        "greedy",
        "--quiet",
        "--record",
        str(record),
    )
    assert played.exit_code == 0, played.output
    replayed = _run("replay", str(record), "--set", str(compiled))
    assert replayed.exit_code == 0, replayed.output


def test_balance_under_the_search(folder: Path) -> None:
    result = _run(
        "balance",
        "--set",
        str(folder),
        "--game",
        "siege",
        "--replace",
        "Pikeman=Siege",
        "--policy",
        "search",
        "--budget",
        "20",
        "--games",
        "2",
        "--workers",
        "1",
    )
    assert result.exit_code == 0, result.output
    assert "Siege" in result.stdout


# === The studio and the language server ===


def test_the_studio_edits_and_draws_the_declared_icons(
    tileset: dict[str, Any], tmp_path: Path
) -> None:
    workspace = api.Workspace(tileset, tmp_path, "siege")
    built = api.build(workspace, Body({"source": SIEGE}))
    assert built["ok"], built["diagnostics"]
    siege = next(tile for tile in built["tiles"] if tile["name"] == "Siege")
    assert {square["glyphs"] for square in siege["squares"]["front"]} == {"Q", "H", "K"}
    # A click beside the tile cycles through every icon that may stand there, declared ones too.
    clicked = api.grid(
        workspace, Body({"source": SIEGE, "tile": "Siege", "side": "back", "at": [1, 1]})
    )
    assert clicked["glyphs"] == "M"
    from dukec.studio.grid import cycle

    assert cycle((1, 1), workspace.icons) == (".", "M", "J", "S", "X", "C", "D", "B", "K", "H", "Q")
    assert cycle((0, 3), workspace.icons) == (".", "M", "J", "X", "C", "D", "B", "H", "Q")
    from dukec.studio.page import legend_html

    assert "Area Strike" in legend_html(workspace.icons)
    assert "Hammer Jump" in api.set_tile(workspace, "Siege")["card"] or api.set_tile(
        workspace, "Siege"
    )["source"].startswith("tile Siege {")


def test_the_language_server_knows_the_declared_icons(folder: Path) -> None:
    checked = check_document("siege.duke", SIEGE, folder / "siege.duke")
    assert [d.message for d in checked.diagnostics if d.severity == "error"] == []
    # A glyph's hover is its declaration.
    hover = features.hover(checked, SIEGE, 5, 8)
    assert hover is not None and "Area Strike" in str(hover.contents)
    # In a grid, every declared glyph is offered.
    labels = [item.label for item in features.completion(checked, SIEGE, 5, 8)]
    assert {"K", "H", "Q", "M"} <= set(labels)
    # In a declaration, `like` offers the icons in scope.
    text = "icon Lob { glyph O  like "
    liked = [item.label for item in features.completion(checked, text, 0, len(text))]
    assert "Hammer" in liked and "move" in liked
