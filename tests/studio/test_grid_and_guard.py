"""What a click on a grid square steps through, and the browser tests' skip-or-fail guard."""

from __future__ import annotations

from pathlib import Path

import pytest

from dukec.studio import grid
from dukec.studio.request import ApiError
from tests.base_icons import BASE
from tests.studio import browser


def test_cycle_next_to_the_tile() -> None:
    assert grid.cycle((1, 1), BASE) == (".", "M", "J", "S", "X", "C", "D", "B")


def test_cycle_two_squares_out_in_a_line() -> None:
    assert grid.cycle((0, 2), BASE) == (".", "M", "J", "L", "X", "C", "D", "B")
    assert grid.cycle((-2, -2), BASE) == (".", "M", "J", "L", "X", "C", "D", "B")


def test_cycle_elsewhere() -> None:
    assert grid.cycle((1, 2), BASE) == (".", "M", "J", "X", "C", "D", "B")


@pytest.mark.parametrize(
    ("current", "at", "expected"),
    [(".", (1, 0), "M"), ("S", (1, 0), "X"), ("B", (1, 0), "."), ("MC", (1, 0), ".")],
)
def test_next_glyphs(current: str, at: tuple[int, int], expected: str) -> None:
    assert grid.next_glyphs(current, at, BASE) == expected


def test_a_click_keeps_the_rest_of_the_text() -> None:
    text = (
        "# A scout.\n"
        "tile Scout {\n"
        "    count 2  # two of them\n"
        "    front {\n"
        "        . M .\n"
        "        . @ .\n"
        "    }\n"
        "    back {\n"
        "        @\n"
        "    }\n"
        "}\n"
    )
    edited, glyphs = grid.edit_grid(text, "Scout", "back", (0, -1), None, BASE)
    assert glyphs == "M"
    assert edited == text.replace("        @\n", "        @\n        M\n")


def test_a_comment_among_the_rows_is_kept_by_refusing() -> None:
    text = (
        "tile T {\n    front {\n        M  # forward\n        @\n    }\n"
        "    back {\n        @\n    }\n}\n"
    )
    with pytest.raises(ApiError) as caught:
        grid.edit_grid(text, "T", "front", (1, 0), None, BASE)
    assert caught.value.status == 422
    assert caught.value.message == "T, front: a comment sits among the grid's rows; edit it as text"


def test_missing_side() -> None:
    with pytest.raises(ApiError) as caught:
        grid.edit_grid(
            "tile T {\n    front {\n        @\n    }\n}\n", "T", "back", (1, 0), None, BASE
        )
    assert caught.value.message == "T, back: the tile has no back grid; write `back { @ }` first"


def test_browser_guard_skips_without_chromium(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(browser, "CHROMIUM", tmp_path / "chromium")
    monkeypatch.delenv(browser.REQUIRE, raising=False)
    assert browser.unavailable() == (
        f"no {tmp_path / 'chromium'}: install Debian's chromium (apt-get install chromium)"
    )
    with pytest.raises(pytest.skip.Exception):
        browser.require_browser()


def test_browser_guard_fails_when_required(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(browser, "CHROMIUM", tmp_path / "chromium")
    monkeypatch.setenv(browser.REQUIRE, "1")
    with pytest.raises(pytest.fail.Exception) as caught:
        browser.require_browser()
    assert str(caught.value).startswith("DUKEC_REQUIRE_BROWSER=1 but no ")
