"""Rewrite the lists of the icons' vocabulary kept outside `dukec/icons.py`:
`python tests/regenerate_icon_lists.py`.

Three files hold what the icons' module or the base box's declarations (`tiles/icons.duke`)
say, because other readers take them as they are: the base box's icons as the compiler emits
them (`dukec/base_icons.json`, which the engine reads for a tile set of the first format), the
tile set schema's enums of an icon's geometry, effect, captures, shape and colour
(`schemas/tileset.schema.json`), and the editor grammar's glyph scopes of the base box's icons
(`editors/vscode/syntaxes/duke.tmLanguage.json`). `tests/test_icons.py` fails until all three
are what this writes; run it after changing `tiles/icons.duke` or the vocabulary, and read the
diff.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from dukec.atomic import write_text_atomic  # noqa: E402
from dukec.icons import BASE_FILE, PALETTE, SHAPES, Captures, Effect, Geometry, Icon  # noqa: E402

SCHEMA = REPO / "schemas" / "tileset.schema.json"
GRAMMAR = REPO / "editors" / "vscode" / "syntaxes" / "duke.tmLanguage.json"
PRELUDE = REPO / "tiles" / "icons.duke"

#: The schema's enums of a declaration, each from its vocabulary.
ENUMS = {
    "geometry": [g.value for g in Geometry],
    "effect": [e.value for e in Effect],
    "captures": [c.value for c in Captures],
    "shape": list(SHAPES),
    "colour": list(PALETTE),
}
_GLYPH = re.compile(
    r'^( *)\{"match": "[^"]+", "name": "constant\.character\.glyph\.[a-z-]+\.duke"\},\n', re.M
)


def base_text() -> str:
    """The base box's icons as `tiles/icons.duke` compiles them, one JSON list."""
    from dukec.compiler import compile_source

    icons = compile_source(PRELUDE.read_text(encoding="utf-8"), str(PRELUDE))["icons"]
    return json.dumps(icons, indent=2, ensure_ascii=False) + "\n"


def schema_text(text: str) -> str:
    """The schema with each enum of an icon declaration listing its vocabulary, in order."""
    for key, values in ENUMS.items():
        pattern = re.compile(rf'("{key}": \{{"enum": )\[[^\]]*\]')
        enum = json.dumps(values)

        def listed(match: re.Match[str], enum: str = enum) -> str:
            return match.group(1) + enum

        text, count = pattern.subn(listed, text)
        if count != 1:
            raise ValueError(f"{SCHEMA}: expected one {key} enum, found {count}")
    return text


def scope(icon: Icon) -> str:
    """The grammar's scope of an icon's glyph: ``constant.character.glyph.jump-slide.duke``."""
    return f"constant.character.glyph.{icon.name.replace('_', '-')}.duke"


def grammar_text(text: str, icons: list[Icon]) -> str:
    """The grammar with one glyph rule per base icon, in their order, where the old rules stood
    (a letter of any other icon is a glyph too, by the rule after them)."""
    found = list(_GLYPH.finditer(text))
    if not found or "".join(m.group(0) for m in found) != text[found[0].start() : found[-1].end()]:
        raise ValueError(f"{GRAMMAR}: expected the glyph rules on consecutive lines")
    indent = found[0].group(1)
    rules = "".join(
        f'{indent}{{"match": "{icon.glyph}", "name": "{scope(icon)}"}},\n' for icon in icons
    )
    return text[: found[0].start()] + rules + text[found[-1].end() :]


def main() -> None:
    """Rewrite each file where it differs."""
    from dukec.icons import Vocabulary, icon_from_dict

    base = base_text()
    icons = list(Vocabulary([icon_from_dict(item) for item in json.loads(base)]))
    rewrites = (
        (BASE_FILE, lambda _text: base),
        (SCHEMA, schema_text),
        (GRAMMAR, lambda text: grammar_text(text, icons)),
    )
    for path, rewrite in rewrites:
        text = path.read_text(encoding="utf-8")
        new = rewrite(text)
        if new != text:
            write_text_atomic(path, new)
            print(path.relative_to(REPO))


if __name__ == "__main__":
    main()
