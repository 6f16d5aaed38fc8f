"""The README stays a front door: short, with the two set-up commands CI runs word for word."""

from __future__ import annotations

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
