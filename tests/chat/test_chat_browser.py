"""The chat panel in real Chromium on the embedded stack (Redis channel layer): a player and a
spectator write with the keyboard, each sees only their own room while the match runs."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator

import pytest

from support.stack import make_stack  # noqa: F401 - a fixture

pytestmark = pytest.mark.browser

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-quic"]
PASSWORD = "a-long-pass-phrase-42"


@pytest.fixture
def browser() -> Iterator[object]:
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI") == "true":
            pytest.fail("Chromium is not installed (apt-get install chromium)")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield browser
        browser.close()


def sign_up(page, base_url: str, name: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{base_url}/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.get_by_test_id("signup-submit").click()
    page.wait_for_url(f"{base_url}/")


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
