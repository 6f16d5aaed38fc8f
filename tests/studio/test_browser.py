"""The studio in a real headless Chromium: load the page, draw a tile by clicks, see the card
change, run a 200-game balance to its verdict, play against the bot, save the tile."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dukec.studio.server import StudioServer
from tests.studio.browser import colours, open_page
from tests.studio.conftest import Client

pytestmark = pytest.mark.browser


@pytest.fixture
def page(browser: Any, server: StudioServer) -> Iterator[Any]:
    """A tab on the studio's page, ready; script errors fail the test."""
    with open_page(browser, server.url, 1400) as tab:
        yield tab


def card_shows(tab: Any, selector: str) -> None:
    """The element holds an SVG card, and its picture is not one flat colour."""
    assert tab.locator(f"{selector} svg").count() == 1
    assert colours(tab.locator(selector).screenshot()) > 2


def test_page_shows_the_sets_cards_and_the_starter_tile(page: Any) -> None:
    assert page.locator("#gallery button svg").count() >= 20
    assert page.input_value("#source").startswith("tile Paladin {")
    page.wait_for_selector('#card[data-tile="Paladin"]')
    card_shows(page, "#card")
    assert "Paladin on an empty 6x6 board" in page.text_content("#describe")


def test_url_opens_a_tile(browser: Any, server: StudioServer) -> None:
    tab = browser.new_page()
    try:
        tab.goto(f"{server.url}?tile=knight")
        tab.wait_for_selector("body[data-ready=true]")
        card_shows(tab, '[data-tile="Knight"]#opened')
        assert tab.input_value("#source").startswith("tile Knight {")
        assert tab.input_value("#balance-old") == "Knight"
        assert tab.get_attribute("#save-name", "placeholder") == "knight.duke"
        # The set's Knight cannot stand in its own place: the page says how to try a version.
        tab.click("#balance-run")
        tab.wait_for_selector("#verdict.error")
        assert tab.text_content("#verdict") == (
            "The tile in the editor is called Knight, like the set's Knight it would replace. "
            "Rename it in the text (for example tile Knight2) to try it against the set's Knight."
        )
        # A tile that is no troop (the Dragon) opens, and the tile to replace stays a troop.
        tab.click('#gallery button[data-name="Dragon"]')
        tab.wait_for_function(
            "document.querySelector('#source').value.startsWith('terrain Dragon')"
        )
        tab.wait_for_selector('#card[data-tile="Dragon"]')
        assert tab.input_value("#balance-old") == "Knight"
    finally:
        tab.close()


def test_draw_a_tile_by_clicks(page: Any) -> None:
    before = page.inner_html("#card")
    square = page.locator('#grid-front button[data-at="0,2"]')
    square.click()
    page.wait_for_function(
        "document.querySelector('#grid-front button[data-at=\"0,2\"]').dataset.glyphs === 'M'"
    )
    assert "    front {\n        J M J\n" in page.input_value("#source")
    square.click()
    page.wait_for_function(
        "document.querySelector('#grid-front button[data-at=\"0,2\"]').dataset.glyphs === 'J'"
    )
    page.wait_for_function(f"document.querySelector('#card').innerHTML !== {before!r}")
    card_shows(page, "#card")
    # A Slide goes only next to the tile: two squares out, the cycle passes from J to X.
    far = page.locator('#grid-back button[data-at="2,2"]')
    for expected in ("M", "J", "L", "X"):
        far.click()
        page.wait_for_function(
            "document.querySelector('#grid-back button[data-at=\"2,2\"]').dataset.glyphs"
            f" === '{expected}'"
        )


def test_edit_the_text_and_see_errors_at_their_line(page: Any) -> None:
    text = page.input_value("#source")
    page.fill("#source", text.replace(". M @ M .", ". M @ M L", 1))
    page.wait_for_function(
        "document.querySelector('#grid-front button[data-at=\"2,0\"]').dataset.glyphs === 'L'"
    )
    page.fill("#source", text.replace(". M @ M .", ". Q @ M .", 1))
    error = page.wait_for_selector("#diagnostics li.error")
    # The grids and the card stay as the text last compiled, greyed until it compiles again.
    page.wait_for_selector("#editor-panel.stale")
    assert error.get_attribute("data-line") == "6"
    assert "unknown glyph 'Q'" in error.text_content()
    assert page.locator("#gutter span.error").text_content() == "6\n"
    error.click()
    cursor = page.evaluate("document.querySelector('#source').selectionStart")
    assert cursor == text.index(". M @") + 2
    page.fill("#source", text)
    page.wait_for_selector("#editor-panel:not(.stale)")
    assert page.locator("#diagnostics li").count() == 0


def test_balance_200_games_to_a_verdict(page: Any) -> None:
    page.select_option("#balance-old", "Knight")
    page.fill("#balance-games", "200")
    page.select_option("#balance-policy", "random")
    page.click("#balance-run")
    verdict = page.wait_for_selector("#verdict[data-verdict]", timeout=120_000)
    assert verdict.get_attribute("data-verdict") in ("stronger", "fair", "weaker", "inconclusive")
    assert verdict.text_content().startswith("Paladin against the Knight it replaces: ")
    assert "against the Knight it replaces" in verdict.text_content()
    assert "200 games (100 pairs), players: Random: any legal move (fastest); " in (
        verdict.text_content()
    )
    assert page.evaluate("document.querySelector('#balance-progress').value") == 200
    assert page.text_content("#balance-count").startswith("200 / 200 games")
    assert page.locator("#balance-chart polyline.score").count() == 1
    assert colours(page.locator("#balance-chart").screenshot()) > 3


def test_value_of_the_tile(page: Any) -> None:
    page.select_option("#balance-old", "Knight")
    page.fill("#balance-games", "200")
    page.select_option("#balance-policy", "random")
    page.click("#value-run")
    verdict = page.wait_for_selector("#verdict[data-verdict]", timeout=120_000)
    assert verdict.text_content().startswith("One Paladin in place of one Knight (bag) is worth ")
    assert " Elo (95%: " in verdict.text_content()
    assert page.text_content("#balance-count").startswith("200 / 200 games")
    assert page.is_enabled("#value-run") and page.is_enabled("#balance-run")


def test_cancel_a_balance(page: Any) -> None:
    page.fill("#balance-games", "20000")
    page.select_option("#balance-policy", "random")
    page.click("#balance-run")
    page.wait_for_function("document.querySelector('#balance-progress').value > 0")
    page.click("#balance-cancel")
    page.wait_for_function(
        "document.querySelector('#verdict').textContent.startsWith('cancelled after')"
    )
    assert page.is_enabled("#balance-run")


def _click_square(page: Any, state: dict[str, Any], name: str) -> None:
    board = page.locator("#board svg")
    board.scroll_into_view_if_needed()
    box = board.bounding_box()
    square = next(s for s in state["squares"] if s["name"] == name)
    scale = box["width"] / state["width"]
    page.mouse.click(
        box["x"] + (square["x"] + square["size"] / 2) * scale,
        box["y"] + (square["y"] + square["size"] / 2) * scale,
    )


def test_play_a_move_against_the_bot(page: Any, client: Client) -> None:
    page.uncheck("#play-with-tile")
    page.click("#play-new")
    page.wait_for_selector("#board svg")
    state = client.get("/api/play/1").json
    target = state["legal"][0]["to"]
    _click_square(page, state, target)
    page.wait_for_selector(f"#play-log li:text('you: Duke@{target}')")
    # The rest of the set-up from the listed actions, until the bot has placed its tiles.
    while client.get("/api/play/1").json["ply"] == 0:
        page.locator("#play-actions button").first.click()
        page.wait_for_timeout(100)
    page.wait_for_function(
        "[...document.querySelectorAll('#play-log li')]"
        ".some(li => li.textContent.startsWith('bot'))"
    )
    page.wait_for_selector("#play-status:text('your turn')")
    state = client.get("/api/play/1").json
    move = next(a for a in state["legal"] if a["kind"] == "move")
    before = len(state["log"])
    _click_square(page, state, move["from"])
    page.wait_for_selector("#board svg rect.pick")
    _click_square(page, state, move["to"])
    page.wait_for_function(f"document.querySelectorAll('#play-log li').length > {before + 1}")
    log = page.locator("#play-log li").all_text_contents()
    assert log[before] == f"you: {move['notation']}"
    assert log[before + 1].startswith("bot: ")
    card_shows(page, "#board")
    record = page.request.get(page.evaluate("document.querySelector('#play-record').href"))
    assert record.ok and record.text().startswith('{"format": "duke-game/1"')
    tileset = page.request.get(page.evaluate("document.querySelector('#play-tileset').href"))
    assert tileset.ok and tileset.json()["format"] == "duke-tileset/2"


def test_save_the_tile(page: Any, folder: Path) -> None:
    page.fill("#save-name", "paladin.duke")
    page.click("#save")
    page.wait_for_selector("#status:text-matches('^saved ')")
    assert (folder / "paladin.duke").read_text() == page.input_value("#source")
    # A file that is there already is replaced only when the designer says so.
    (folder / "paladin.duke").write_text("# an older Paladin\n")
    page.click("#save")
    page.wait_for_selector("#save-question:not([hidden])")
    assert page.text_content("#save-question-text") == (
        f"paladin.duke is already in {folder}. Replace the existing file?"
    )
    page.click("#save-keep")
    page.wait_for_selector("#status:text('not saved: the existing file is kept')")
    assert page.is_hidden("#save-question")
    assert (folder / "paladin.duke").read_text() == "# an older Paladin\n"
    page.click("#save")
    page.wait_for_selector("#save-question:not([hidden])")
    page.click("#save-replace")
    page.wait_for_selector("#status:text-matches('^saved ')")
    assert page.is_hidden("#save-question")
    assert (folder / "paladin.duke").read_text() == page.input_value("#source")
