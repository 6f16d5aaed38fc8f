"""Headless Chromium for the studio's browser tests and its screenshot: Playwright driving the
system's browser (Debian's ``chromium``), or a skip saying why (a failure when
``DUKEC_REQUIRE_BROWSER=1``)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.required import skip_or_fail

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
REQUIRE = "DUKEC_REQUIRE_BROWSER"


def unavailable() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    if not CHROMIUM.exists():
        return f"no {CHROMIUM}: install Debian's chromium (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "no playwright: pip install 'dukec[studio-test]'"
    return None


def require_browser() -> None:
    """Skip (or fail, under DUKEC_REQUIRE_BROWSER=1) when the browser cannot run."""
    skip_or_fail(unavailable(), REQUIRE)


def launch(playwright: Any) -> Any:
    """The system's Chromium, headless, reaching nothing but the studio."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)


def colours(png: bytes) -> int:
    """How many colours a screenshot holds (at most 257 counted)."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    found = image.getcolors(maxcolors=256)
    return 257 if found is None else len(found)


@contextmanager
def open_page(browser: Any, url: str, width: int, height: int = 1600) -> Iterator[Any]:
    """A tab ``width`` pixels wide on the studio's page, ready; script errors fail the test."""
    context = browser.new_context(viewport={"width": width, "height": height})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.set_default_timeout(30_000)
    tab.goto(url)
    tab.wait_for_selector("body[data-ready=true]")
    try:
        yield tab
    finally:
        context.close()
    assert errors == []
