"""The chat panel in real Chromium on the embedded stack (Redis channel layer): a player and a
spectator write with the keyboard, each sees only their own room while the match runs."""

from __future__ import annotations

import re

import pytest

from support.browser import browser, sign_up  # noqa: F401 - browser is a fixture
from support.stack import make_stack  # noqa: F401 - a fixture

pytestmark = pytest.mark.browser


def say(page, text: str) -> None:  # type: ignore[no-untyped-def]
    field = page.get_by_test_id("chat-input")
    page.locator("[data-testid=chat-input]:enabled").wait_for()
    field.fill(text)
    field.press("Enter")


def test_a_player_and_a_spectator_chat_in_separate_rooms(make_stack, browser) -> None:  # noqa: F811
    stack = make_stack("embedded")
    alice = browser.new_page()
    errors: list[str] = []
    alice.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(alice, stack.base_url, "alice")
    alice.get_by_test_id("play-ai-mode-ai").check()
    alice.get_by_test_id("play-ai-submit").click()
    alice.wait_for_url(re.compile(r".*/match/\d+/$"))
    match_url = alice.url

    say(alice, "good luck, computer")
    messages = alice.get_by_test_id("chat-messages")
    messages.get_by_text("good luck, computer").wait_for()
    assert alice.get_by_test_id("chat-input").input_value() == ""

    bob = browser.new_context().new_page()
    bob.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(bob, stack.base_url, "bob")
    bob.goto(match_url)
    say(bob, "watching you")
    bob.get_by_test_id("chat-messages").get_by_text("watching you").wait_for()
    assert bob.get_by_test_id("chat-messages").get_by_text("good luck").count() == 0
    say(bob, "x" * 300)
    bob.get_by_test_id("chat-messages").get_by_text("x" * 300).wait_for()

    reader = browser.new_context().new_page()
    reader.goto(match_url)
    reader.get_by_test_id("chat-messages").get_by_text("watching you").wait_for()
    assert reader.get_by_test_id("chat-input").count() == 0
    alice.wait_for_timeout(500)
    assert messages.get_by_text("watching you").count() == 0
    assert not errors, errors
