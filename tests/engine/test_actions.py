"""The action kinds are defined once (``ActionKind``); the plain constants the compiled engine
writes in, and the names records use, follow from it."""

from __future__ import annotations

from dukec.engine import actions
from dukec.engine.actions import KIND_NAMES, ActionKind


def test_each_constant_is_its_kinds_value() -> None:
    for kind in ActionKind:
        assert getattr(actions, kind.name) == kind.value, kind
    assert [kind.value for kind in ActionKind] == list(range(len(ActionKind)))


def test_the_names_records_use_are_the_kinds() -> None:
    assert KIND_NAMES[ActionKind.MOVE] == "move"
    assert KIND_NAMES[ActionKind.FLAG_PASS] == "flag_pass"
    assert len(KIND_NAMES) == len(ActionKind)
