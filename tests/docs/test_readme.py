"""The README stays a front door: short, with the two set-up commands CI runs word for word."""

from __future__ import annotations

import re

from tests.docs.blocks import REPO

README = REPO.joinpath("README.md").read_text(encoding="utf-8")
CI = REPO.joinpath(".ci", "run").read_text(encoding="utf-8")
INSTALL = "python -m pip install . && dukec build tiles/"
TEST = "python -m pip install -e '.[test]' && python -m pytest"


def test_the_readme_is_under_200_lines() -> None:
    assert len(README.splitlines()) < 200


def test_the_readme_holds_both_set_up_commands_and_ci_runs_them() -> None:
    for command in (INSTALL, TEST):
        assert f"\n{command}\n" in README
        assert f"\n{command}\n" in CI


def test_the_readme_says_how_to_build_the_docs_and_ci_builds_them_strictly() -> None:
    assert "pip install -e '.[docs]' && mkdocs build --strict" in README
    assert "mkdocs build --strict" in CI


def slug(heading: str) -> str:
    """The anchor MkDocs gives a heading (Python-Markdown's toc slugify)."""
    text = re.sub(r"[^\w\s-]", "", heading.replace("`", "")).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def test_the_readme_links_lead_to_pages_and_headings_that_exist() -> None:
    links = re.findall(r"\]\(([^)\s]+)\)", README)
    assert any(link.startswith("docs/") for link in links)
    for link in links:
        if link.startswith(("http://", "https://")):
            continue
        path, _, anchor = link.partition("#")
        target = REPO / path
        assert target.is_file(), f"README.md links to {path}, which does not exist"
        if anchor:
            headings = re.findall(r"^#+ (.*)$", target.read_text(encoding="utf-8"), re.M)
            assert anchor in {slug(h) for h in headings}, f"README.md links to {link}"
