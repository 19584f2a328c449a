"""The chat panel in real Chromium on the embedded stack (Redis channel layer): a player and a
spectator write with the keyboard, each sees only their own room while the match runs."""

from __future__ import annotations

import re

import pytest

from support.browser import sign_up
from support.stack import unique

pytestmark = pytest.mark.browser

WAIT_MS = 60_000  # an upper bound on a busy machine, never a pause


def say(page, text: str) -> None:  # type: ignore[no-untyped-def]
    field = page.get_by_test_id("chat-input")
    page.locator("[data-testid=chat-input]:enabled").wait_for(timeout=WAIT_MS)
    field.fill(text)
    field.press("Enter")


def test_a_player_and_a_spectator_chat_in_separate_rooms(shared_stack, browser) -> None:
    stack = shared_stack("embedded")
    alice = browser.new_page()
    errors: list[str] = []
    alice.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(alice, stack.base_url, unique("alice"))
    alice.get_by_test_id("play-ai-mode-ai").check()
    alice.get_by_test_id("play-ai-submit").click()
    alice.wait_for_url(re.compile(r".*/match/\d+/$"), timeout=WAIT_MS)
    match_url = alice.url

    say(alice, "good luck, computer")
    messages = alice.get_by_test_id("chat-messages")
    messages.get_by_text("good luck, computer").wait_for(timeout=WAIT_MS)
    assert alice.get_by_test_id("chat-input").input_value() == ""

    bob = browser.new_context().new_page()
    bob.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(bob, stack.base_url, unique("bob"))
    bob.goto(match_url)
    say(bob, "watching you")
    bob.get_by_test_id("chat-messages").get_by_text("watching you").wait_for(timeout=WAIT_MS)
    assert bob.get_by_test_id("chat-messages").get_by_text("good luck").count() == 0
    say(bob, "x" * 300)
    bob.get_by_test_id("chat-messages").get_by_text("x" * 300).wait_for(timeout=WAIT_MS)

    reader = browser.new_context().new_page()
    reader.goto(match_url)
    reader.get_by_test_id("chat-messages").get_by_text("watching you").wait_for(timeout=WAIT_MS)
    assert reader.get_by_test_id("chat-input").count() == 0
    # Bob's message has reached the spectators' room (the reader shows it).  Had it been sent to
    # Alice's socket too, it would be there before her own next message: one channel, in order.
    say(alice, "still my move")
    messages.get_by_text("still my move").wait_for(timeout=WAIT_MS)
    assert messages.get_by_text("watching you").count() == 0
    assert not errors, errors
