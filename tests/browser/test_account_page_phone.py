"""The account page on a phone (390×844, issue #31 item 5) in real Chromium, by keyboard only:
turn a fresh account into a bot account (behind its confirm box), create a token, copy it with
the button, see it gone after a reload (only its prefix stays), and revoke it behind its confirm
box — no sideways scroll at any step and no script error."""

from __future__ import annotations

import re

import pytest

from .conftest import WAIT_MS, sign_up, unique
from .test_phone_layout import PHONE, assert_no_sideways_scroll

pytestmark = pytest.mark.browser


def press(page, testid: str, key: str = "Enter") -> None:
    page.get_by_test_id(testid).focus()
    page.keyboard.press(key)


def test_tokens_are_made_copied_and_revoked_by_keyboard_on_a_phone(shared_stack, browser) -> None:
    stack = shared_stack("embedded")
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, permissions=["clipboard-write"]
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(page, stack.base_url, unique("botmaker"))
    page.goto(f"{stack.base_url}/accounts/account/", timeout=WAIT_MS)
    assert_no_sideways_scroll(page, "account page")

    page.get_by_test_id("become-bot-confirm").locator("summary").focus()
    page.keyboard.press("Enter")  # opens the confirm box
    page.get_by_test_id("become-bot").wait_for(state="visible", timeout=WAIT_MS)
    press(page, "become-bot")
    page.get_by_test_id("token-form").wait_for(timeout=WAIT_MS)

    page.get_by_label(re.compile("What is the token for")).fill("phone test bot")
    page.keyboard.press("Enter")
    secret = page.get_by_test_id("new-token-secret").inner_text().strip()
    assert secret.startswith("gpt_")
    assert_no_sideways_scroll(page, "account page with a new token")
    press(page, "copy-token")
    page.locator("[data-copy-result]").filter(has_text="Copied.").wait_for(timeout=WAIT_MS)

    page.goto(f"{stack.base_url}/accounts/account/", timeout=WAIT_MS)
    assert secret not in page.content()
    row = page.get_by_test_id("token-row")
    assert row.count() == 1 and secret[:12] in row.inner_text()
    row.get_by_test_id("token-revoke-confirm").locator("summary").focus()
    page.keyboard.press("Enter")
    assert_no_sideways_scroll(page, "account page, revoke confirm open")
    press(page, "token-revoke")
    page.get_by_text("The token was revoked.").wait_for(timeout=WAIT_MS)
    assert "revoked" in page.get_by_test_id("token-row").inner_text()
    assert_no_sideways_scroll(page, "account page after revoking")
    assert not errors, errors
