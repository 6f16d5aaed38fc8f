"""No module of dukec names a base icon but the declarations' own (``dukec/icons.py``, with how
an icon is drawn and the rules of the algebra, ``icon_pictures.py`` and ``icon_rules.py``): the
compiler, the engine, the workbench, the studio, the language server, tune, the search and
reinforcement learning read an icon's properties (its geometry, effect and modifiers), never
its name, so that a declared icon is played, drawn and edited as the base box's are.

What counts as naming one: a string in the code that is a base icon's name (``"strike"``), the
old enum's members (``Icon.MOVE``), a look-up of a declaration by a base icon's name
(``named("move")``). Two kinds of word are spelt like a base icon and are not one, each said
where it is defined: the engine's action kinds (``MOVE``, ``STRIKE``, ``COMMAND``: what an action
does, whatever icon gave it) and the effects (``Effect.MOVE``, ... : what an icon does, of
which the base box's icons are one each); ``ALLOWED`` lists the strings of the same spelling
that name neither and says what they are.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from functools import cache
from pathlib import Path

from tests.base_icons import BASE

PACKAGE = Path(__file__).resolve().parents[1] / "dukec"
#: The declarations and their loader: the modules that may name the base box's icons (where
#: the names of the effects, spelt alike, key the defaults).
LOADER = {"icons.py", "icon_pictures.py", "icon_rules.py"}
NAMES = frozenset(icon.name for icon in BASE)
#: (module, string): what a string spelt as a base icon's name is there.
ALLOWED = {
    # The kinds of edit tune makes: moving an icon one square is the edit "move".
    ("insight/edits.py", "move"),
    # A verdict's next step in JSON: the command line that takes it.
    ("balance/report.py", "command"),
}
_ENUM_MEMBER = re.compile(r"\bIcon\.(?:MOVE|JUMP|SLIDE|JUMP_SLIDE|STRIKE|COMMAND|DREAD|DEFENSE)\b")


@cache
def strings() -> dict[str, list[tuple[int, str]]]:
    """Per module (relative path), the strings in its code that are base icons' names."""
    found: dict[str, list[tuple[int, str]]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        module = path.relative_to(PACKAGE).as_posix()
        if module in LOADER:
            continue
        tokens = tokenize.generate_tokens(io.StringIO(path.read_text()).readline)
        for token in tokens:
            if token.type != tokenize.STRING:
                continue
            try:
                value = ast.literal_eval(token.string)
            except (ValueError, SyntaxError):
                continue  # an f-string
            if isinstance(value, str) and value in NAMES and (module, value) not in ALLOWED:
                found.setdefault(module, []).append((token.start[0], value))
    return found


def test_no_module_but_the_loader_names_a_base_icon() -> None:
    assert strings() == {}, "read the icon's declaration (its geometry, effect, modifiers)"


def test_no_module_uses_the_old_enum() -> None:
    used = {
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*.py")
        if _ENUM_MEMBER.search(path.read_text())
    }
    assert used == set()


def test_the_studio_page_names_no_base_icon() -> None:
    """The page's scripts get the icons (their glyphs, labels, pictures) from the server."""
    static = PACKAGE / "studio" / "static"
    alternatives = "|".join(sorted(NAMES))
    quoted = re.compile(rf"""["']({alternatives})["']""")
    named = {path.name for path in static.iterdir() if quoted.search(path.read_text())}
    assert named == set()


def test_the_allowed_strings_are_still_there() -> None:
    """A string allowed above that is gone is taken off the list (so the list says only what is
    true)."""
    for module, value in ALLOWED:
        text = (PACKAGE / module).read_text()
        assert f'"{value}"' in text or f"'{value}'" in text, (module, value)
