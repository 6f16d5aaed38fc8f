"""The designer's flow in a real headless Chromium, 800 and 1400 pixels wide: the studio started
on an empty folder, a tile drawn and saved, the page reloaded with the saved tile open, then a
balance that counts its games one by one with their speed and the time left."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dukec.studio.api import Workspace
from dukec.studio.runs import BalanceRun
from dukec.studio.server import Studio, StudioServer
from tests.studio.browser import open_page

pytestmark = pytest.mark.browser

WARDEN = """tile Warden {
    count 1
    front {
        . M .
        M @ M
    }
    back {
        . S .
        . @ .
        M . M
    }
}
"""


@pytest.fixture
def empty_studio(tmp_path: Path, base_set: dict[str, Any]) -> Iterator[StudioServer]:
    """A studio on an empty folder, as ``dukec studio --set empty/`` starts one."""
    folder = tmp_path / "empty"
    folder.mkdir()
    server = StudioServer(Studio(Workspace(base_set, folder, None, folder)), "127.0.0.1", 0)
    thread = server.serve_in_thread()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.fixture
def paced(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Semaphore]:
    """Runs that count each game only when the test releases one: the page's progress seen
    game by game, by events rather than by the machine's speed."""
    gate = threading.Semaphore(0)
    standing = BalanceRun.standing

    def counted_when_released(run: BalanceRun, tally: Any) -> None:
        gate.acquire(timeout=120)
        standing(run, tally)

    monkeypatch.setattr(BalanceRun, "standing", counted_when_released)
    try:
        yield gate
    finally:
        gate.release(1000)  # a failed test leaves no run waiting


@pytest.mark.parametrize("width", [800, 1400])
def test_draw_save_reload_then_balance_game_by_game(
    browser: Any, empty_studio: StudioServer, paced: threading.Semaphore, width: int
) -> None:
    folder = empty_studio.studio.workspace.folder
    with open_page(browser, empty_studio.url, width, 1000) as tab:
        tab.fill("#source", WARDEN)
        tab.wait_for_selector('#card[data-tile="Warden"]')
        tab.click('#grid-front button[data-at="0,2"]')
        tab.wait_for_function(
            "document.querySelector('#grid-front button[data-at=\"0,2\"]').dataset.glyphs === 'M'"
        )
        tab.click("#save")
        tab.wait_for_function("document.querySelector('#status').textContent.startsWith('saved')")
        assert (folder / "warden.duke").read_text().startswith("tile Warden {")
        tab.reload()
        tab.wait_for_selector("body[data-ready=true]")
        tab.wait_for_selector('#card[data-tile="Warden"]')
        assert tab.input_value("#source") == (folder / "warden.duke").read_text()
        assert tab.input_value("#save-name") == "warden.duke"
        # The saved tile is the set's now: in the gallery, and never in its own place.
        assert tab.locator('#gallery button[data-name="Warden"]').count() == 1
        assert tab.input_value("#balance-old") != "Warden"
        tab.select_option("#balance-old", "Footman")
        # Game by game: the run waits after each game until the page has shown it, so the
        # page is seen to count 1, 2, ... 16 however fast or loaded the machine is.
        tab.fill("#balance-games", "16")
        tab.select_option("#balance-policy", "greedy")
        tab.click("#balance-run")
        seen: list[str] = []
        for games in range(1, 17):
            tab.wait_for_function(
                "n => document.querySelector('#balance-count').textContent"
                ".startsWith(`${n} / 16 games`)",
                arg=games - 1,
            )
            seen.append(tab.text_content("#balance-count") or "")
            paced.release()
        tab.wait_for_selector("#verdict[data-verdict]")
        # The speed and the time left from the second game on, while the run runs.
        assert all("games a second" in text for text in seen[2:]), seen
        assert all("left at most" in text for text in seen[2:]), seen
        assert "in " in (tab.text_content("#balance-count") or "")
        box = tab.locator("#balance-chart").bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 1000
        assert tab.get_attribute("#verdict", "data-verdict") in (
            "stronger",
            "weaker",
            "fair",
            "inconclusive",
        )
