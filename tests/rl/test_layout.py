"""The fixed action space: every legal action of every game set has its own index, and back."""

from __future__ import annotations

from collections import Counter

import pytest

from dukec.compiler import load
from dukec.engine import Action, ActionKind, Rules, load_rules
from dukec.rl import ActionLayout, LayoutError
from dukec.rl.layout import Block
from tests.expanded.conftest import custom_sources
from tests.rl.conftest import SET_NAMES, random_positions, shipped_rules

# The custom test tiles have what the shipped ones lack: Escape, Ransom, Dread, Defense.
CUSTOM_SETS = ("everything",)


def _custom_rules(name: str) -> Rules:
    return load_rules(load(custom_sources()), name)


def _block_of(layout: ActionLayout, index: int) -> Block:
    return next(b for b in reversed(layout.blocks) if b.start <= index)


def _check_games(layout: ActionLayout, games: int) -> Counter[str]:
    """Legal actions of random games map to distinct indices and back; the blocks they used."""
    used: Counter[str] = Counter()
    for _game, legal in random_positions(layout.rules, games):
        indices = [layout.encode(a) for a in legal]
        assert len(set(indices)) == len(indices)
        for action, index in zip(legal, indices, strict=True):
            assert 0 <= index < layout.size
            assert layout.decode(index) == action
            used[_block_of(layout, index).name] += 1
    return used


@pytest.mark.parametrize("set_name", SET_NAMES)
def test_every_legal_action_of_random_games_round_trips(set_name: str) -> None:
    layout = ActionLayout(shipped_rules(set_name))
    used = _check_games(layout, games=12)
    assert {"move", "place"} <= set(used)


def test_every_block_is_used_by_some_game() -> None:
    """Across the shipped sets and the custom set, random games use every block but Ransom's
    (a Ransom needs a captured Ransom tile and a captured Escape tile at once)."""
    used: set[str] = set()
    names: set[str] = set()
    for set_name in SET_NAMES:
        layout = ActionLayout(shipped_rules(set_name))
        names |= {b.name for b in layout.blocks}
        used |= set(_check_games(layout, games=6))
    for set_name in CUSTOM_SETS:
        layout = ActionLayout(_custom_rules(set_name))
        names |= {b.name for b in layout.blocks}
        used |= set(_check_games(layout, games=25))
    assert names - used == {"ransom"}


@pytest.mark.parametrize("set_name", [*SET_NAMES, *CUSTOM_SETS])
def test_decode_then_encode_is_the_identity_on_every_index(set_name: str) -> None:
    rules = shipped_rules(set_name) if set_name in SET_NAMES else _custom_rules(set_name)
    layout = ActionLayout(rules)
    decoded = 0
    for index in range(layout.size):
        try:
            action = layout.decode(index)
        except LayoutError:
            # Only a Command, Flag pass, Summon or Escape square off the board has no action.
            assert _block_of(layout, index).name in {"command", "flag_pass", "summon", "escape"}
            continue
        assert layout.encode(action) == index
        decoded += 1
    assert decoded > layout.size // 2
    assert sum(b.size for b in layout.blocks) == layout.size


def test_blocks_follow_the_set_features() -> None:
    base = [b.name for b in ActionLayout(shipped_rules("base")).blocks]
    assert base == ["move", "strike", "command", "draw", "place"]
    dragon = {b.name for b in ActionLayout(shipped_rules("dragon")).blocks}
    assert "push" in dragon and "flag_pass" not in dragon
    flags = {b.name for b in ActionLayout(shipped_rules("counting-coup")).blocks}
    assert {"flag_place", "flag_move", "flag_pass"} <= flags
    draft = {b.name for b in ActionLayout(shipped_rules("dynastic-dispute")).blocks}
    assert "draft" in draft


def test_base_layout_indices() -> None:
    """The documented formulas: move frm * S + to; place after move, strike, command, draw."""
    layout = ActionLayout(shipped_rules("base"))
    squares = 36
    assert layout.encode(Action(ActionKind.MOVE, 2, 8)) == 2 * squares + 8
    assert layout.encode(Action(ActionKind.STRIKE, 2, 8)) == squares * squares + 2 * squares + 8
    command = len(layout.command_offsets) ** 2 * squares
    draw = 2 * squares * squares + command
    assert layout.encode(Action(ActionKind.DRAW)) == draw
    assert layout.encode(Action(ActionKind.PLACE, to=5, tile=3)) == draw + 1 + 3 * squares + 5
    assert layout.size == draw + 1 + len(layout.rules.types) * squares


def test_errors() -> None:
    layout = ActionLayout(shipped_rules("base"))
    with pytest.raises(LayoutError) as info:
        layout.decode(layout.size)
    assert str(info.value) == f"action index {layout.size} is not in range(0, {layout.size})"
    with pytest.raises(LayoutError) as info:
        layout.encode(Action(ActionKind.DRAFT, tile=2))
    assert str(info.value) == "action (12, -1, -1, -1, 2) has no index in the layout of 'base'"
    with pytest.raises(LayoutError) as info:
        layout.encode((0, 1, 2))
    assert str(info.value) == "an action has 5 fields, not 3: (0, 1, 2)"
