"""The documentation site as a reader sees it: built with ``mkdocs build --strict``, the page for
``dukec.Game`` opens with what a user does with it and an example, shows every public method and
property of the game with its docstring, and no page shows a Sphinx role's markup."""

from __future__ import annotations

import functools
import html
import inspect
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import dukec
from tests.docs.blocks import REPO

pytest.importorskip("mkdocstrings", reason="the site is built with the docs extra")

ROLES = re.compile(r":(?:class|mod|func|meth|attr|exc):")
HEADING = re.compile(r'<h\d id="(?P<id>[^"]+)" class="doc doc-heading"')


@functools.cache
def site(root: Path) -> Path:
    """The site, built once into ``root``."""
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(root)],
        cwd=REPO,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert done.returncode == 0, done.stderr
    return root


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return site(tmp_path_factory.mktemp("site") / "site")


def text_of(fragment: str) -> str:
    """What a reader reads of an HTML fragment: its text, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def squeezed(text: str) -> str:
    """Text without its spaces, which markup puts or takes away (``player``'s: player 's)."""
    return "".join(text.split())


def sections(page: str) -> dict[str, str]:
    """Each documented object's part of the page, by its heading's id."""
    found = list(HEADING.finditer(page))
    ends = [m.start() for m in found[1:]] + [len(page)]
    return {m["id"]: page[m.end() : end] for m, end in zip(found, ends, strict=True)}


def first_words(docstring: str, count: int = 6) -> str:
    """The first words of a docstring as the page shows them (roles and backticks gone)."""
    sys.path.insert(0, str(REPO / "docs" / "hooks"))
    try:
        from docstrings import markdown  # type: ignore[import-not-found]
    finally:
        sys.path.pop(0)
    paragraph = markdown(inspect.cleandoc(docstring)).split("\n\n")[0]
    return " ".join(re.sub(r"[`*]", "", paragraph).split()[:count])


def test_the_game_opens_with_what_a_user_does_and_an_example(built: Path) -> None:
    page = (built / "api" / "index.html").read_text(encoding="utf-8")
    parts = sections(page)
    opening = parts["dukec.Game"]
    # After the heading (the name and its permalink), the first words are the docstring's,
    # and an example comes before the first member.
    after_heading = squeezed(text_of(opening)).split("¶", 1)[1]
    assert after_heading.startswith(squeezed(first_words(dukec.Game.__doc__ or "", 12)))
    before_members = opening.split('class="doc doc-children"')[0]
    assert '<code><span class="gp">&gt;&gt;&gt; </span>' in before_members


def test_every_public_method_of_the_game_is_listed_with_its_docstring(built: Path) -> None:
    page = (built / "api" / "index.html").read_text(encoding="utf-8")
    parts = sections(page)
    public = sorted(name for name in vars(dukec.Game) if not name.startswith("_"))
    listed = sorted(key.split(".")[-1] for key in parts if key.startswith("dukec.Game."))
    assert listed == public
    assert len(public) >= 30
    for name in public:
        member = getattr(dukec.Game, name)
        docstring = (member.fget if isinstance(member, property) else member).__doc__ or ""
        assert squeezed(first_words(docstring)) in squeezed(text_of(parts[f"dukec.Game.{name}"]))


def test_no_page_shows_a_roles_markup(built: Path) -> None:
    shown = {
        path.relative_to(built).as_posix(): ROLES.findall(text_of(path.read_text("utf-8")))
        for path in built.rglob("*.html")
    }
    assert {page: roles for page, roles in shown.items() if roles} == {}
    assert "api/index.html" in shown
