"""The reinforcement-learning page (docs/rl.md): its tables hold (tests/docs runs its examples)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dukec.rl import ActionLayout
from tests.rl.conftest import SET_NAMES, shipped_rules

REPO = Path(__file__).resolve().parents[2]
SECTION = REPO.joinpath("docs", "rl.md").read_text(encoding="utf-8")


def test_action_table_gives_every_set_its_size_and_blocks() -> None:
    rows = re.findall(r"^\| ([a-z, -]+) \| ([\d,]+) \| ([a-z_, ]*)\|$", SECTION, flags=re.M)
    listed: dict[str, tuple[int, list[str]]] = {}
    for names, size, blocks in rows:
        for name in names.split(", "):
            listed[name] = (
                int(size.replace(",", "")),
                [b for b in blocks.strip().split(", ") if b],
            )
    assert sorted(listed) == sorted(SET_NAMES)
    common = ["move", "strike", "command", "draw", "place"]
    for name in SET_NAMES:
        layout = ActionLayout(shipped_rules(name))
        blocks = [b.name for b in layout.blocks]
        assert listed[name] == (layout.size, [b for b in blocks if b not in common])
    for block in {b.name for name in SET_NAMES for b in ActionLayout(shipped_rules(name)).blocks}:
        assert f"`{block}`" in SECTION


def test_observation_shape_is_the_one_documented() -> None:
    pytest.importorskip(
        "numpy", reason="the observation needs the rl extra: pip install 'dukec[rl]'"
    )
    from dukec.rl.observation import ObservationLayout

    layout = ObservationLayout.of(shipped_rules("base"))
    assert layout.shape[0] == 13 * layout.types + layout.terrain_types + 25
    assert "13 T + U + 25 planes" in SECTION
    assert f"{layout.shape} for the shipped tiles" in SECTION.replace("\n", " ")
