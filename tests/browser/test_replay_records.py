"""Readable records in real Chromium: a finished match's replay lists its moves in the page's
language with suit symbols ("Ada (South) bids 2♥", "… spielt ♠6"), the hearts and diamonds in red,
and never the engine's own words ("play 6S", "bid 2 H"); a Bridge replay adds the auction as a
table in the columns W N E S and the four hands as dealt in compass layout (no sideways scroll on
a phone); the step slider moves through the match from the keyboard."""

from __future__ import annotations

import re

import pytest

from .conftest import WAIT_MS, sign_up, unique
from .test_phone_layout import PHONE, assert_no_sideways_scroll

pytestmark = pytest.mark.browser

# One person holds every seat (as at one device); each seat in turn plays what the script picks,
# through the same service a player's command goes through, until the game is over or `moves`
# actions are in (then the person resigns, as a match may end).
PLAY_OUT = """
import json
from accounts.models import User
from games.registry import get_game
from live.commitments import commitment_ensure
from live.models import Match, MatchStatus
from live.services import SeatSpec, action_submit, match_resign, match_start
user = User.objects.get(username={name!r}).pk
game = get_game({slug!r})
match = match_start(game_slug={slug!r}, seats=[SeatSpec(user_id=user)] * {seats},
    created_by_id=user)
commitment_ensure(match_id=match.pk)
def pick(seat, legal):
    raw = [game.encode_action(a) for a in legal]
    if {slug!r} == "bridge":
        opening = {{"kind": "bid", "level": 2, "strain": "H"}}
        if opening in raw and seat == 0:
            return opening
        for kind in ("pass", "play"):
            for a in raw:
                if a["kind"] == kind:
                    return a
    return raw[0]
for n in range({moves}):
    match.refresh_from_db()
    if match.status != MatchStatus.RUNNING:
        break
    state = game.state_from_json(match.state)
    seat = state.pending()[0].seat
    action_submit(match_id=match.pk, action=pick(seat, state.legal_actions(seat)),
        command_id=f"c{{n}}", user_id=user, seat=seat)
match.refresh_from_db()
if match.status == MatchStatus.RUNNING:
    match_resign(match_id=match.pk, command_id="resign", user_id=user, seat=0)
print(json.dumps(match.pk))
"""

ENGINE_WORDS = re.compile(
    r"(^|: )(play|pass|bid|double|redouble|claim|declare|bury|lock)\b"
    r"|\b(10|[2-9TJQKA])[SHDC]'?(\b|$)"
)
"""The generic text of a move ("Ada: play 6S"), or a card as the engine writes it ("QH")."""


def finished_match(stack, page, slug: str, seats: int, moves: int) -> int:
    name = unique("recorder")
    sign_up(page, stack.base_url, name)
    return int(
        stack.django(PLAY_OUT.format(name=name, slug=slug, seats=seats, moves=moves), timeout=600)
    )


def open_replay(page, base_url: str, match_id: int, lang: str) -> list[str]:
    """The replay page in ``lang`` (the language switch, as a person uses it); the move texts."""
    page.goto(f"{base_url}/match/{match_id}/replay/", timeout=WAIT_MS)
    if lang == "de" and page.evaluate("document.documentElement.lang") != "de":
        page.get_by_test_id("lang-de").click()
        page.wait_for_function("() => document.documentElement.lang === 'de'", timeout=WAIT_MS)
        page.goto(f"{base_url}/match/{match_id}/replay/", timeout=WAIT_MS)
    page.get_by_test_id("replay-move").first.wait_for(timeout=WAIT_MS)
    return [t.strip() for t in page.get_by_test_id("replay-move").all_inner_texts()]


def red_cards(page) -> list[str]:
    """The texts of the move list's cards drawn in a red (the colour only adds to the symbol)."""
    return page.evaluate(
        """() => [...document.querySelectorAll("[data-testid=replay-moves] .rec-card")]
          .filter((n) => { const [r, g] = getComputedStyle(n).color.match(/\\d+/g).map(Number);
                           return r > 150 && g < 80; })
          .map((n) => n.textContent)"""
    )


def test_a_bridge_replay_reads_in_symbols_in_english_and_german_with_auction_and_diagram(
    shared_stack, browser
) -> None:
    stack = shared_stack("embedded")
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    match_id = finished_match(stack, page, "bridge", seats=4, moves=20)

    texts = open_replay(page, stack.base_url, match_id, "en")
    assert texts[0].endswith("(South) bids 2♥"), texts[:5]
    assert texts[1].endswith("(West) passes"), texts[:5]
    assert any(re.search(r"\(\w+\) plays [♠♥♦♣](10|[2-9JQKA])", t) for t in texts), texts
    assert not [t for t in texts if ENGINE_WORDS.search(t)], texts
    assert "2♥" in red_cards(page)
    page.get_by_test_id("replay-moves").locator(".rec-card.is-black").first.wait_for(
        timeout=WAIT_MS
    )

    # The deal on record: the auction in the columns W N E S (South dealt: three empty cells
    # first), and the four hands as dealt round the compass.
    auction = page.get_by_test_id("record-auction")
    auction.wait_for(timeout=WAIT_MS)
    assert auction.locator("thead th").all_inner_texts() == ["W", "N", "E", "S*"]
    first_row = [
        c.strip() for c in auction.locator("tbody tr").first.locator("td").all_inner_texts()
    ]
    assert first_row == ["–", "–", "–", "2♥"]
    for seat in range(4):
        hand = page.get_by_test_id(f"record-hand-{seat}")
        assert len(re.findall(r"\b(10|[2-9JQKA])\b", hand.inner_text())) == 13

    texts = open_replay(page, stack.base_url, match_id, "de")
    assert texts[0].endswith("(Süd) bietet 2♥"), texts[:5]
    assert texts[1].endswith("(West) passt"), texts[:5]
    assert any(re.search(r"\(\w+\) spielt [♠♥♦♣](10|[2-9JQKA])", t) for t in texts), texts
    assert not [t for t in texts if ENGINE_WORDS.search(t) or " plays " in t], texts
    assert page.get_by_test_id("record-auction").locator("caption").inner_text() == "Die Reizung"

    # On a phone the record scrolls inside its own box, never the page.
    page.set_viewport_size(PHONE)
    page.get_by_test_id("record-diagram").scroll_into_view_if_needed()
    assert_no_sideways_scroll(page, "bridge replay (phone)")
    assert not errors, errors


def test_a_shedding_replay_reads_in_symbols_and_the_slider_steps_by_keyboard(
    shared_stack, browser
) -> None:
    stack = shared_stack("embedded")
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    match_id = finished_match(stack, page, "zheng_shangyou", seats=3, moves=8)

    for lang, plays, passes in (("en", " plays ", " passes"), ("de", " spielt ", " passt")):
        texts = open_replay(page, stack.base_url, match_id, lang)
        played = [t for t in texts if plays in t]
        assert played and all(re.search(r"[♠♥♦♣](10|[2-9JQKA])$", t) for t in played), texts
        assert all(plays in t or passes in t or t == texts[-1] for t in texts), texts
        assert not [t for t in texts if ENGINE_WORDS.search(t)], texts
        assert "♥3" in texts[0], "the first play holds the 3♥"
        assert "♥3" in red_cards(page)

    # The slider: as long as the match, and the arrow keys step it (the position follows).
    slider = page.get_by_test_id("replay-slider")
    assert int(slider.get_attribute("max")) == len(texts)
    slider.focus()
    for n in (1, 2):
        page.keyboard.press("ArrowRight")
        page.locator(f"[data-testid=replay-position][data-step='{n}']").wait_for(timeout=WAIT_MS)
    page.keyboard.press("End")
    page.locator(f"[data-testid=replay-position][data-step='{len(texts)}']").wait_for(
        timeout=WAIT_MS
    )
    assert slider.get_attribute("aria-valuetext").startswith(f"Schritt {len(texts)} von")
    assert not errors, errors
