"""Without the rl extra: the layout works, OpenSpiel is not registered, the environment says
which extra it needs."""

from __future__ import annotations

import importlib
import sys

import pytest

import dukec.rl


def test_environment_without_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "gymnasium", None)
    monkeypatch.delitem(sys.modules, "dukec.rl.aec", raising=False)
    with pytest.raises(ImportError) as info:
        dukec.rl.pettingzoo_env("base")
    assert str(info.value) == (
        "dukec.rl needs the rl extra: pip install 'dukec[rl]' "
        "(import of gymnasium halted; None in sys.modules)"
    )


def test_import_without_openspiel(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    monkeypatch.delitem(sys.modules, "dukec.rl.openspiel", raising=False)
    try:
        importlib.reload(dukec.rl)
        assert "dukec.rl.openspiel" not in sys.modules
        assert dukec.rl.ActionLayout is not None
    finally:
        monkeypatch.undo()
        importlib.reload(dukec.rl)
