"""Icons in real Chromium (issue #31): the pages that used emoji as icons (the sound switch in the
header, the notice banner, the match page's watcher count, the replay's controls) draw them from
the SVG sprite instead, every such icon is drawn (the sprite loads), and no emoji glyph is left in
the page's text, its labels or its CSS-generated content: where the device's fonts lack one it
shows as an empty box."""

from __future__ import annotations

import re

import pytest

from .conftest import WAIT_MS, click, sign_up, start_ai_match, unique

pytestmark = pytest.mark.browser

AUDIT = """() => {
  // Emoji and the media-control signs (⏮ ⏭ …): pictographs, U+2300–23FF, U+2B00–2BFF, VS16.
  const emoji = /[\\u{1F000}-\\u{1FAFF}\\u{2300}-\\u{23FF}\\u{2B00}-\\u{2BFF}\\u{FE0F}]/u;
  const found = [];
  const text = document.body.innerText;
  if (emoji.test(text)) found.push(`text: ${text.match(emoji)[0]}`);
  for (const node of document.querySelectorAll("body *")) {
    for (const pseudo of ["::before", "::after"]) {
      const content = getComputedStyle(node, pseudo).content;
      if (emoji.test(content)) found.push(`${node.className} ${pseudo}: ${content}`);
    }
    for (const name of ["title", "aria-label", "alt", "placeholder"]) {
      const value = node.getAttribute(name);
      if (value && emoji.test(value)) found.push(`${node.className} [${name}]: ${value}`);
    }
  }
  const shown = [...document.querySelectorAll("svg.icon")].filter((s) => s.getClientRects().length);
  const blank = shown.filter((s) => !s.querySelector("use")?.getBBox().width)
    .map((s) => s.outerHTML);
  return { found, icons: shown.length, blank };
}"""

ICONS_DRAWN = """() => [...document.querySelectorAll("svg.icon")]
  .filter((s) => s.getClientRects().length)
  .every((s) => s.querySelector("use")?.getBBox().width > 0)"""


def audit(page, what: str, at_least: int = 1) -> None:
    """No emoji on ``page``, and at least ``at_least`` sprite icons shown, every one drawn."""
    page.wait_for_function(ICONS_DRAWN, timeout=WAIT_MS)
    result = page.evaluate(AUDIT)
    assert not result["found"], f"{what}: emoji left: {result['found']}"
    assert not result["blank"], f"{what}: icons not drawn: {result['blank']}"
    assert result["icons"] >= at_least, f"{what}: {result['icons']} icons shown"


def test_icon_pages_use_the_sprite_and_show_no_emoji(shared_stack, browser) -> None:
    stack = shared_stack("embedded")
    player = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    errors: list[str] = []
    player.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(player, stack.base_url, unique("iconic"))
    sound = player.get_by_test_id("notify-sound")
    assert sound.locator("svg.icon use[href$='#bell-off']").count() == 1
    audit(player, "lobby")
    sound.click()  # sound on: the bell
    sound.locator("svg.icon use[href$='#bell']").wait_for(timeout=WAIT_MS)
    assert "Sound on" in sound.inner_text()
    audit(player, "lobby, sound on")

    # A running match with a spectator: the watcher count carries the eye.
    start_ai_match(player, "tractor", level="beginner")
    match_id = re.search(r"/match/(\d+)/", player.url).group(1)
    viewer = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    viewer.goto(f"{stack.base_url}/match/{match_id}/", timeout=WAIT_MS)
    count = player.get_by_test_id("spectator-count")
    count.and_(player.locator("[data-count='1']")).wait_for(timeout=WAIT_MS)
    assert count.locator("svg.icon use[href$='#eye']").count() == 1
    assert "1 watching" in count.inner_text()
    audit(player, "match page", at_least=2)
    browser.close(viewer.context)  # the spectator leaves

    # Elsewhere on the site, the player is told it is their turn: a banner with the bell.
    player.goto(f"{stack.base_url}/watch/", timeout=WAIT_MS)
    notice = player.get_by_test_id("notice").first
    notice.wait_for(timeout=WAIT_MS)
    assert notice.locator("svg.icon use[href$='#bell']").count() == 1
    audit(player, "notice banner", at_least=2)

    # The replay's controls, once the match is over: icons with translated names.
    player.goto(f"{stack.base_url}/match/{match_id}/", timeout=WAIT_MS)
    click(player.get_by_test_id("resign-button"))
    click(player.get_by_test_id("resign-confirm-yes"))
    player.get_by_test_id("result-screen").wait_for(state="visible", timeout=WAIT_MS)
    names = {"en": {}, "de": {}}
    for lang in ("en", "de"):
        if lang == "de":
            player.get_by_test_id("lang-de").click()
            player.wait_for_function(
                "() => document.documentElement.lang === 'de'", timeout=WAIT_MS
            )
        player.goto(f"{stack.base_url}/match/{match_id}/replay/", timeout=WAIT_MS)
        for which in ("first", "prev", "next", "last"):
            button = player.get_by_test_id(f"replay-{which}")
            assert button.locator(f"svg.icon use[href$='#{which}']").count() == 1
            assert not button.inner_text().strip(), "an icon, no glyph"
            names[lang][which] = button.get_attribute("aria-label")
        audit(player, f"replay ({lang})", at_least=5)
    assert names["en"]["first"] == "To the start (Home)"
    for which in ("first", "prev", "next", "last"):
        assert names["de"][which] and names["de"][which] != names["en"][which], names
    assert not errors, errors
