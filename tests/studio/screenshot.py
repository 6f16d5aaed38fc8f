"""Take the picture of the studio (docs/studio.png, in the README and docs/studio.md):
``python -m tests.studio.screenshot [OUT.png]``.

A studio on the base set in a thread, headless Chromium 1400 pixels wide (as the browser tests
drive it): the starter tile with one more Jump drawn by clicks, a 200-game random balance
against the Knight it replaces, and the first turns of a game against the search. Writes
docs/studio.png.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from dukec.compiler import load_tileset
from dukec.studio.api import Workspace
from dukec.studio.server import Studio, StudioServer
from tests.conftest import REPO
from tests.studio.browser import launch, unavailable

OUT = REPO / "docs" / "studio.png"


def main(out: Path) -> None:
    """Drive the page and write the screenshot."""
    reason = unavailable()
    if reason is not None:
        raise SystemExit(f"screenshot: {reason}")
    with tempfile.TemporaryDirectory() as folder:
        server = StudioServer(Studio(Workspace(load_tileset(), Path(folder))), "127.0.0.1", 0)
        server.serve_in_thread()
        try:
            with sync_playwright() as playwright:
                browser = launch(playwright)
                page = browser.new_page(viewport={"width": 1400, "height": 1000})
                page.set_default_timeout(60_000)
                page.goto(server.url)
                page.wait_for_selector("body[data-ready=true]")
                page.click('#grid-front button[data-at="0,2"]')
                page.click('#grid-front button[data-at="0,2"]')
                page.wait_for_function(
                    "document.querySelector('#grid-front button[data-at=\"0,2\"]')"
                    ".dataset.glyphs === 'J'"
                )
                page.select_option("#balance-old", "Knight")
                page.select_option("#balance-policy", "random")
                page.click("#balance-run")
                page.wait_for_selector("#verdict[data-verdict]")
                page.click("#play-new")
                page.wait_for_selector("#board svg")
                for _ in range(3):
                    page.locator("#play-actions button").first.click()
                    page.wait_for_timeout(300)
                page.wait_for_selector("#play-status:text('your turn')")
                page.evaluate("window.scrollTo(0, 0)")
                page.screenshot(path=str(out), full_page=True)
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    print(f"screenshot: {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)
