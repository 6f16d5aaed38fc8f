"""The examples of the "Writing tiles" page (docs/dsl.md) compile as shown."""

from __future__ import annotations

import re
from pathlib import Path

from dukec.compiler import compile_source, load
from tests.base_icons import BASE

REPO = Path(__file__).resolve().parents[2]
SECTION = REPO.joinpath("docs", "dsl.md").read_text(encoding="utf-8")

# The .duke examples are the page's ```duke blocks.
BLOCKS = [
    body
    for lang, body in re.findall(r"^```(\w*)\n(.*?)^```$", SECTION, flags=re.S | re.M)
    if lang == "duke"
]


def test_tile_and_terrain_examples_compile() -> None:
    examples = [b for b in BLOCKS if re.match(r"(#.*\n)*(tile|terrain) ", b)]
    assert len(examples) == 2
    for block in examples:
        assert len(compile_source(block)["tiles"]) == 1


def test_set_examples_are_the_sets_of_tiles(tmp_path: Path) -> None:
    """Each set shown is the set of that name in tiles/, word for word in meaning."""
    blocks = [b for b in BLOCKS if b.startswith("set ")]
    assert len(blocks) == 2
    for block in blocks:
        name = block.split()[1]
        for path in (REPO / "tiles").glob("*.duke"):
            text = path.read_text(encoding="utf-8")
            if f"set {name} {{" not in text:
                (tmp_path / path.name).write_text(text, encoding="utf-8")
        (tmp_path / "example.duke").write_text(block, encoding="utf-8")
        assert load([tmp_path]) == load([REPO / "tiles"])
        for path in tmp_path.iterdir():
            path.unlink()


def test_every_glyph_is_documented() -> None:
    for icon in BASE:
        assert f"| `{icon.glyph}` |" in SECTION
