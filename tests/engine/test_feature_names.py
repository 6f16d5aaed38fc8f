"""No engine module names a rule feature in its code (comments and strings aside) but the
feature's own modules, the registry (``features.py``) and the features' parts of a game's state
(``parts.py``).

Three kinds of word contain a feature's name and are not the feature's: they are the words the
features share, each in the one place that defines it (and that existing tests import):

- the one definition of the kinds (``actions.py``): the members of ``ActionKind``, ``Phase`` and
  ``Reason`` (``FLAG_PASS``, ``Phase.DRAFT``, ``Reason.FLAG_HOME``, ...) and the numbers of the
  kinds, which records, notation and the public API name;
- the tile set's data (``extras.py``): a game set's rules as the schema names them (the fields
  of ``Objective``, the choices of ``flag_squares`` and ``flag_barred``, a set's ``swap`` and
  a terrain tile's ``grants_to``);
- the rulebook's "Terrain Tiles", its name for every tile that is not a troop (the Mountain, the
  Fort, the Dragon, the Flags): ``TerrainType``, ``terrain_types`` and ``set_terrain`` name
  that category, which the Dragon's and the banners' modules read too, not the feature of
  terrain lying on squares.
"""

from __future__ import annotations

import io
import tokenize
from dataclasses import fields
from functools import cache
from pathlib import Path

import pytest

from dukec.engine.actions import ActionKind, Phase, Reason
from dukec.engine.extras import Objective

ENGINE = Path(__file__).resolve().parents[2] / "dukec" / "engine"
#: Per feature's name (as a word's part, any case): its own modules.
OWN = {
    "dragon": {"dragon", "dragon_acts"},
    "flag": {"flags", "flags_scoring"},
    "banner": {"flags", "flags_scoring"},
    "terrain": {"terrain", "terrain_faces"},
    "dread": {"dread"},
    "draft": {"objectives"},
    "divin": {"abilities"},
    "swap": {"swaps"},
    "grant": {"terrain_faces"},
}
#: The modules that name every feature: the registry, and the parts of the state.
REGISTRY = {"features", "parts"}
#: The shared words (lower case) that contain a feature's name, per the module that may say them
#: ("": any module).
SHARED = {
    "actions": {m.lower() for kind in (ActionKind, Phase, Reason) for m in kind.__members__},
    "extras": {f.name for f in fields(Objective)}
    | {"flag_squares", "flag_barred", "swap", "swaps", "grants_to"},
    "": {"terraintype", "terrain_types", "set_terrain"},
}


@cache
def words() -> dict[str, set[str]]:
    """Per engine module, the names in its code (not comments, not strings), in lower case."""
    found = {}
    for path in sorted(ENGINE.glob("*.py")):
        tokens = tokenize.generate_tokens(io.StringIO(path.read_text()).readline)
        found[path.stem] = {t.string.lower() for t in tokens if t.type == tokenize.NAME}
    return found


def naming(name: str) -> dict[str, set[str]]:
    """Per engine module but the feature's own and the registry, the names in its code that
    contain ``name`` and are not shared words."""
    found = {}
    for module, names in words().items():
        if module in OWN[name] or module in REGISTRY:
            continue
        shared = SHARED[""] | SHARED.get(module, set())
        named = {word for word in names if name in word and word not in shared}
        if named:
            found[module] = named
    return found


@pytest.mark.parametrize("name", sorted(OWN))
def test_a_feature_is_named_only_in_its_modules_and_the_registry(name: str) -> None:
    assert naming(name) == {}, "go through the feature's hooks, or its part of the state"


def test_each_shared_word_is_said_where_it_is_allowed() -> None:
    """A shared word that no longer is said where it is allowed is taken off (so the list stays
    the true count of what the modules share), and the words are the definitions they say."""
    assert {"flag_pass", "draft", "flags", "flag_home", "divine"} <= SHARED["actions"]
    assert {"flag_squares", "draft", "score_beside_flag"} <= SHARED["extras"]
    assert "terrain" not in SHARED[""]  # the feature's own word is never shared
    everywhere = set().union(*words().values())
    for module, shared in SHARED.items():
        said = words()[module] if module else everywhere
        named = {w for w in shared if any(name in w for name in OWN)}
        assert named <= said, f"{sorted(named - said)} no longer said: take them off SHARED"
