"""Which engine modules name a rule feature in their code (comments and docstrings aside).

A feature is to be named only in its own module and in the registry (``features.py``); the
modules listed here beside them still name it, and the list may only shrink: a module that
starts naming a feature fails this test, and one that stops must be taken off the list (so the
list stays the true count of what is left to move behind the seam).
"""

from __future__ import annotations

import io
import tokenize
from functools import cache
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "dukec" / "engine"
#: Per feature's name (as a word's part, any case): its own modules, then the other modules
#: that still name it.
OWN = {
    "dragon": {"dragon", "dragon_acts"},
    "flag": {"flags", "flags_scoring"},
    "banner": {"flags", "flags_scoring"},
    "terrain": {"terrain"},
    "dread": {"dread"},
    "draft": {"objectives"},
    "divin": {"abilities"},
}
STILL = {
    "dragon": set(),
    "flag": {"actions", "extras"},
    "banner": set(),
    "terrain": {"dragon", "dragon_acts", "extras", "flags"},
    "dread": set(),
    "draft": {"actions", "extras"},
    "divin": {"actions"},
}


@cache
def code() -> dict[str, str]:
    """Per engine module, its code's words (not comments, not strings), in lower case."""
    words = {}
    for path in sorted(ENGINE.glob("*.py")):
        tokens = tokenize.generate_tokens(io.StringIO(path.read_text()).readline)
        words[path.stem] = " ".join(
            token.string.lower()
            for token in tokens
            if token.type not in (tokenize.COMMENT, tokenize.STRING)
        )
    return words


def naming(name: str) -> set[str]:
    """The engine modules whose code names ``name``."""
    return {module for module, words in code().items() if name in words}


@pytest.mark.parametrize("name", sorted(OWN))
def test_a_feature_is_named_only_where_it_still_is(name: str) -> None:
    found = naming(name) - OWN[name] - {"features"}
    started = found - STILL[name]
    stopped = STILL[name] - found
    assert not started, f"{sorted(started)} now name {name!r}: go through the feature's hooks"
    assert not stopped, f"{sorted(stopped)} no longer name {name!r}: take them off STILL"
