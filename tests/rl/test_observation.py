"""The observation tensor: its documented planes, from either player's side."""

from __future__ import annotations

import pytest

np = pytest.importorskip(
    "numpy", reason="the observation tests need the rl extra: pip install 'dukec[rl]'"
)

from dukec.engine import Action, ActionKind, Game, Phase  # noqa: E402
from dukec.rl.observation import ObservationLayout, observe  # noqa: E402
from tests.rl.conftest import random_positions, shipped_rules  # noqa: E402


def _layout(set_name: str) -> ObservationLayout:
    return ObservationLayout.of(shipped_rules(set_name))


def _first(set_name: str, test: object) -> Game:
    """The first position of seeded random games where ``test(game)`` holds."""
    for game, _legal in random_positions(shipped_rules(set_name), games=20):
        if test(game):  # type: ignore[operator]
            return game
    raise AssertionError(f"no position of {set_name} passes the test")


def test_shape() -> None:
    layout = _layout("base")
    types = len(shipped_rules("base").types)
    terrain = len(shipped_rules("base").extras.terrain_types)  # type: ignore[union-attr]
    assert layout.shape == (13 * types + terrain + 25, 6, 6)
    assert [name for name, _n in layout.groups][:3] == ["tiles", "terrain", "flags"]


def test_tiles_bags_and_turn_from_both_sides() -> None:
    game = _first("base", lambda g: g.phase is Phase.PLAY and g.ply >= 6)
    layout = _layout("base")
    mine, theirs = observe(game, 0, layout), observe(game, 1, layout)
    tiles = 4 * layout.types
    for square in range(game.size):
        found = game.tile_at(square)
        rank, file = divmod(square, layout.files)
        lit = np.flatnonzero(mine[:tiles, rank, file]).tolist()
        if found is None:
            assert lit == []
        else:
            tile, side, owner = found
            assert lit == [(tile * 2 + side) * 2 + owner]
            assert np.flatnonzero(theirs[:tiles, rank, file]).tolist() == [
                (tile * 2 + side) * 2 + (owner ^ 1)
            ]
    bags = layout.start("bags")
    for tile in range(layout.types):
        assert mine[bags + tile, 0, 0] == game.bags[0].count(tile)
        assert mine[bags + layout.types + tile, 3, 4] == game.bags[1].count(tile)
        assert theirs[bags + tile, 0, 0] == game.bags[1].count(tile)
    to_move = layout.start("to_move")
    assert mine[to_move].all() == (game.to_move == 0)
    assert theirs[to_move].all() == (game.to_move == 1)
    phase = layout.start("phase")
    assert mine[phase + Phase.PLAY].all() and not mine[phase + Phase.SETUP].any()


def test_drawn_tile() -> None:
    game = _first("base", lambda g: Action(ActionKind.DRAW) in g.legal_actions())
    game.apply(Action(ActionKind.DRAW))
    layout = _layout("base")
    drawn = observe(game, 0, layout)[layout.start("drawn") : layout.start("drawn") + layout.types]
    assert drawn[:, 0, 0].tolist() == [float(t == game.drawn) for t in range(layout.types)]


def test_terrain_dragon_and_flags() -> None:
    game = _first("terrain", lambda g: g.phase is Phase.PLAY and g.dragon.square >= 0)
    layout = _layout("terrain")
    seen = observe(game, 0, layout)
    terrain = seen[layout.start("terrain") : layout.start("terrain") + layout.terrain_types]
    for square, kind in enumerate(game.terrain):
        rank, file = divmod(square, layout.files)
        assert terrain[:, rank, file].tolist() == [
            float(k == kind) for k in range(layout.terrain_types)
        ]
    dragon = seen[layout.start("dragon") : layout.start("dragon") + 8]
    rank, file = divmod(game.dragon.square, layout.files)
    assert dragon[0].sum() == 1.0 and dragon[0, rank, file] == 1.0
    assert dragon[4:, rank, file].sum() == 1.0  # one facing

    game = _first("counting-coup", lambda g: g.phase is Phase.PLAY and len(g.flags) == 2)
    layout = _layout("counting-coup")
    flags = observe(game, 1, layout)[layout.start("flags") : layout.start("flags") + 3]
    for flag in game.flags:
        rank, file = divmod(flag.square, layout.files)
        which = 2 if flag.owner < 0 else int(flag.owner != 1)
        assert flags[which, rank, file] == 1.0
    assert flags.sum() == 2.0


def test_divination_draws() -> None:
    game = _first("enhanced", lambda g: g.phase is Phase.CHOOSE)
    layout = _layout("enhanced")
    seen = observe(game, 0, layout)
    at = layout.start("divination")
    for slot, tile in enumerate(game.pending):
        plane = at + slot * layout.types + tile
        assert seen[plane].all()
    assert seen[at : at + 3 * layout.types, 0, 0].sum() == len(game.pending)
