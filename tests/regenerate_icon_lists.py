"""Rewrite the lists of icons kept outside `dukec/icons.py` from its entries:
`python tests/regenerate_icon_lists.py`.

Two files name every icon because other tools read them as they are: the tile set schema's
icon enum (`schemas/tileset.schema.json`) and the editor grammar's glyph scopes
(`editors/vscode/syntaxes/duke.tmLanguage.json`). `tests/test_icons.py` fails until both are
what this writes; run it after adding an icon's entry and read the diff.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from dukec.atomic import write_text_atomic  # noqa: E402
from dukec.icons import Icon  # noqa: E402

SCHEMA = REPO / "schemas" / "tileset.schema.json"
GRAMMAR = REPO / "editors" / "vscode" / "syntaxes" / "duke.tmLanguage.json"

_ENUM = re.compile(r'("icon": \{"enum": )\[[^\]]*\]')
_GLYPH = re.compile(
    r'^( *)\{"match": "[^"]+", "name": "constant\.character\.glyph\.[a-z-]+\.duke"\},\n', re.M
)


def schema_text(text: str) -> str:
    """The schema with its icon enum listing the entries, in their order."""
    enum = json.dumps([icon.value for icon in Icon])
    new, count = _ENUM.subn(lambda match: match.group(1) + enum, text)
    if count != 1:
        raise ValueError(f"{SCHEMA}: expected one icon enum, found {count}")
    return new


def scope(icon: Icon) -> str:
    """The grammar's scope of an icon's glyph: ``constant.character.glyph.jump-slide.duke``."""
    return f"constant.character.glyph.{icon.value.replace('_', '-')}.duke"


def grammar_text(text: str) -> str:
    """The grammar with one glyph rule per entry, in their order, where the old rules stood."""
    found = list(_GLYPH.finditer(text))
    if not found or "".join(m.group(0) for m in found) != text[found[0].start() : found[-1].end()]:
        raise ValueError(f"{GRAMMAR}: expected the glyph rules on consecutive lines")
    indent = found[0].group(1)
    rules = "".join(
        f'{indent}{{"match": "{icon.glyph}", "name": "{scope(icon)}"}},\n' for icon in Icon
    )
    return text[: found[0].start()] + rules + text[found[-1].end() :]


def main() -> None:
    """Rewrite both files where they differ from the entries."""
    for path, rewrite in ((SCHEMA, schema_text), (GRAMMAR, grammar_text)):
        text = path.read_text(encoding="utf-8")
        new = rewrite(text)
        if new != text:
            write_text_atomic(path, new)
            print(path.relative_to(REPO))


if __name__ == "__main__":
    main()
