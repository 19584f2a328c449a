"""Analysis after a game in real Chromium (issue #32): a finished Bridge match's replay asks for
the analysis, shows the job's progress, then the double-dummy table, par, and marks in the move
list on the cards that cost tricks — computed by the stack's own worker on the ``ai`` queue; any
other game's replay shows the moments analysis (games/moments.py) in English and German."""

from __future__ import annotations

import re

import pytest

from .conftest import WAIT_MS
from .test_replay_records import finished_match

pytestmark = pytest.mark.browser


def test_a_finished_bridge_replay_shows_the_double_dummy_analysis_and_marks_costly_cards(
    shared_stack, browser
) -> None:
    stack = shared_stack("embedded")
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    # 2H by South, passed out, then always the first legal card: 4 calls + 52 cards.
    match_id = finished_match(stack, page, "bridge", 4, 60)
    page.goto(f"{stack.base_url}/match/{match_id}/replay/", timeout=WAIT_MS)
    section = page.get_by_test_id("replay-analysis")
    section.get_by_test_id("analysis-table").wait_for(timeout=60_000)
    rows = section.get_by_test_id("analysis-table").locator("tbody tr")
    assert rows.count() == 5
    assert "Par:" in section.get_by_test_id("analysis-par").inner_text()
    costly = page.locator("[data-testid=replay-move].is-costly")
    summary = section.get_by_test_id("analysis-costly").inner_text()
    # Playing always the lowest-ordered legal card throws tricks: some are marked, each with its
    # cost in its title, and the summary counts exactly the marked ones.
    assert costly.count() > 0
    assert f": {costly.count()} " in summary
    assert "double-dummy" in costly.first.locator(".analysis-mark").get_attribute("title")
    assert page.get_by_test_id("analysis-progress").count() == 0
    assert errors == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_finished_one_poker_replay_lists_the_computers_moments_and_steps_to_them(
    shared_stack, browser, lang: str
) -> None:
    """Every other game gets the moments analysis: labelled as the computer's view from
    play-outs, how many of the people's decisions it judged, and each moment a button that steps
    the replay to that move (marked in the move list)."""
    stack = shared_stack("embedded")
    page = browser.new_page(locale=lang, viewport={"width": 1280, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    match_id = finished_match(stack, page, "one_poker", 2, 40)
    page.goto(f"{stack.base_url}/match/{match_id}/replay/", timeout=WAIT_MS)
    section = page.get_by_test_id("replay-analysis")
    section.get_by_test_id("analysis-judged").wait_for(timeout=120_000)
    text = section.inner_text()
    if lang == "en":
        assert "The computer's view: play-outs from the real deal" in text
        assert re.search(r"Decisions of people judged: \d+ of \d+", text), text
    else:
        assert "Die Sicht des Computers" in text
        assert re.search(r"Bewertete Entscheidungen von Menschen: \d+ von \d+", text), text
    assert "double-dummy" not in text and "offenen Karten" not in text
    moments = section.get_by_test_id("analysis-moment")
    for i in range(moments.count()):  # each moment steps the replay to its move
        step = moments.nth(i).get_attribute("data-step")
        moments.nth(i).click()
        page.locator(f"[data-testid=replay-position][data-step='{step}']").wait_for(
            timeout=WAIT_MS
        )
        assert page.locator(f"[data-testid=replay-move][data-step='{step}'].is-moment").count()
    assert errors == []
