"""The module paths of the previous release still import, for one more release, with a warning."""

from __future__ import annotations

import importlib
import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from dukec.balance.moved import MOVED


@pytest.mark.parametrize(("old", "new"), sorted(MOVED.items()))
def test_an_old_path_is_the_module_at_its_new_place_and_warns(old: str, new: str) -> None:
    # In a process of its own: this one may have imported the old path already.
    program = (
        "import importlib, warnings\n"
        "with warnings.catch_warnings(record=True) as caught:\n"
        "    warnings.simplefilter('always')\n"
        f"    old = importlib.import_module({old!r})\n"
        f"assert old is importlib.import_module({new!r}), old\n"
        "[warning] = [w for w in caught if issubclass(w.category, DeprecationWarning)]\n"
        f"assert {new!r} in str(warning.message), warning.message\n"
    )
    subprocess.run([sys.executable, "-c", program], check=True)


def test_every_new_place_exists_and_no_old_path_is_left_as_a_file() -> None:
    folder = Path(importlib.import_module("dukec.balance").__file__ or "").parent
    for old, new in MOVED.items():
        assert importlib.util.find_spec(new) is not None, new
        assert not (folder / f"{old.rpartition('.')[2]}.py").exists(), old
