"""The documentation's pictures are drawn at build time from the pages' own examples, and
every picture a page names is one of them; code blocks wrap rather than scroll."""

from __future__ import annotations

import re

import yaml

import mkdocs_hooks
from tests.docs.blocks import REPO

PICTURE = re.compile(r"\]\((pictures/[^)\s]+)\)")


def test_every_picture_a_page_names_is_drawn_when_the_site_is_built() -> None:
    drawn = mkdocs_hooks.pictures()
    named = {
        name
        for page in (REPO / "docs").rglob("*.md")
        for name in PICTURE.findall(page.read_text(encoding="utf-8"))
    }
    assert {"pictures/paladin-card.svg", "pictures/board.svg", "pictures/icon-move.svg"} <= named
    assert named <= {f"pictures/{name}" for name in drawn}
    for name, data in drawn.items():
        assert (b"<svg" in data[:200]) if name.endswith(".svg") else data.startswith(b"\x89PNG")


def test_the_tutorials_card_is_its_own_paladin() -> None:
    block = mkdocs_hooks.page_block("tutorial.md", "paladin.duke")
    assert block.startswith("tile Paladin {")
    assert b"Paladin" in mkdocs_hooks.pictures()["paladin-card.svg"]


def test_the_site_draws_the_pictures_and_wraps_its_code_blocks() -> None:
    config = yaml.safe_load((REPO / "mkdocs.yml").read_text(encoding="utf-8").replace("!!", ""))
    assert config["hooks"] == ["mkdocs_hooks.py"]
    css = (REPO / "docs" / config["extra_css"][0]).read_text(encoding="utf-8")
    assert re.search(r"\.md-typeset pre > code \{[^}]*white-space: pre-wrap", css)
