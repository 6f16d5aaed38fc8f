"""The studio as a designer sees it, in a real headless Chromium 800 and 1400 pixels wide: the
page fits the window, the editor's grids draw the cards' icons at one size, the set's cards
are named in readable type, and no internal name shows. A screenshot of each width is kept in
the test's temporary folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dukec.balance.experiments import AB_SET, BA_SET
from dukec.studio.server import StudioServer
from tests.studio.browser import colours, open_page

pytestmark = pytest.mark.browser

#: Words of the machinery a designer should never read on the page.
INTERNAL = (AB_SET, BA_SET, "search-material", "search-v1", "overwrite", "glyph", "'file'")

BOX = (
    "(selector) => { const r = document.querySelector(selector).getBoundingClientRect();"
    " return [r.left, r.top, r.right, r.bottom]; }"
)


def box(page: Any, selector: str) -> tuple[float, float, float, float]:
    """An element's left, top, right and bottom on the page, in CSS pixels."""
    left, top, right, bottom = page.evaluate(BOX, selector)
    return left, top, right, bottom


@pytest.mark.parametrize("width", [800, 1400])
def test_the_page_fits_and_reads_well(
    browser: Any, server: StudioServer, tmp_path: Path, width: int
) -> None:
    with open_page(browser, server.url, width, 1000) as page:
        page.wait_for_selector('#card[data-tile="Paladin"]')
        page.click("#play-new")
        page.wait_for_selector("#play-status:text('your turn')")

        # Nothing runs off the side of the window.
        scroll, client = page.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
        )
        assert scroll <= client == width

        # The grids draw the icons (the cards' shapes), no letters; the tile's own square too.
        for side, count in (("front", 5), ("back", 3)):
            icons = page.locator(f"#grid-{side} button.icon")
            assert icons.count() == count
            assert all(text.strip() == "" for text in icons.all_text_contents())
            assert page.locator(f"#grid-{side} button.icon svg").count() == count
            assert page.locator(f"#grid-{side} button.own svg polygon").count() == 1
        jump = '#grid-front button[data-at="-1,2"]'
        assert page.get_attribute(jump, "data-glyphs") == "J"
        assert page.locator(f'{jump} svg circle[fill="none"]').count() == 1
        assert page.locator('#grid-back button[data-at="0,1"] svg polygon').count() == 1
        assert colours(page.locator("#grid-front").screenshot()) > 3

        # Front and back are one size, though the Paladin's front reaches farther than its back.
        front, back = box(page, "#grid-front"), box(page, "#grid-back")
        assert front[2] - front[0] == back[2] - back[0] > 200
        assert front[3] - front[1] == back[3] - back[1] > 200

        # The set's cards: each named in readable type, the card large enough to read its icons.
        names = page.locator("#gallery .name")
        assert names.count() >= 20
        sizes = page.eval_on_selector_all(
            "#gallery .name", "nodes => nodes.map(n => parseFloat(getComputedStyle(n).fontSize))"
        )
        assert min(sizes) >= 12
        assert names.first.text_content() == page.get_attribute("#gallery button", "data-name")
        card_widths = page.eval_on_selector_all(
            "#gallery button svg", "nodes => nodes.map(n => n.getBoundingClientRect().width)"
        )
        assert min(card_widths) >= 160

        # Wide, the cards sit beside the work and the grids beside the text; narrow, the cards
        # go above and the grids below the text.
        gallery, editor = box(page, "#gallery-panel"), box(page, "#editor-panel")
        source, grids = box(page, ".source"), box(page, ".grids")
        if width >= 1000:
            assert gallery[2] <= editor[0] and grids[0] >= source[2]
        else:
            assert gallery[3] <= editor[1] and grids[1] >= source[3]

        # Plain words: no internal name, the game said in words, the players in words.
        text = page.evaluate("document.body.innerText")
        assert [word for word in INTERNAL if word in text] == []
        assert "Paladin in place of Knight in your army" in page.text_content("#play-status")
        options = page.locator("#balance-policy option").all_text_contents()
        assert [word for word in INTERNAL if any(word in option for option in options)] == []
        assert "Search: plays well" in options
        # With no default named by the server, both choices start on the search.
        assert page.input_value("#balance-policy") == page.input_value("#play-bot") == "search"

        page.evaluate("window.scrollTo(0, 0)")
        shot = tmp_path / f"studio-{width}.png"
        page.screenshot(path=str(shot), full_page=True)
        assert colours(shot.read_bytes()) > 50


def test_players_default_to_what_the_server_names(browser: Any, server: StudioServer) -> None:
    """Where the page's settings name a default player, both choices start on it."""
    with open_page(browser, server.url, 1400) as page:
        assert page.input_value("#balance-policy") == "search"  # the server's own default
    with open_page(browser, server.url, 1400) as page:
        page.route(
            server.url,
            lambda route: route.fulfill(
                response=(answer := route.fetch()),
                body=answer.text().replace('"policy": "search"', '"policy": "greedy"', 1),
            ),
        )
        page.reload()
        page.wait_for_selector("body[data-ready=true]")
        assert page.input_value("#balance-policy") == "greedy"
        assert page.input_value("#play-bot") == "greedy"
