"""Becoming an organiser in real Chromium, in English and German: a player asks on the
tournaments page, a superuser grants the request from the admin's list of requests, and the
player's page then offers "New tournament" (issue #29 §4: the role had been a raw permission)."""

from __future__ import annotations

import json

import pytest

from .conftest import WAIT_MS, sign_up, unique

pytestmark = pytest.mark.browser

WORDS = {
    "en": {"ask": "Ask to organise", "sent": "Your request has been sent to the staff."},
    "de": {"ask": "Veranstalten anfragen", "sent": "Deine Anfrage ist an das Team gegangen."},
}

SUPERUSER = """
import json
from accounts.models import User
User.objects.create_superuser({name}, password="root-pass-123456")
print(json.dumps(True))
"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_player_asks_to_organise_and_a_superuser_grants_it_in_the_admin(
    shared_stack, browser, lang: str
) -> None:
    stack = shared_stack("embedded")
    name, root = unique("asker"), unique("root")
    player = browser.new_page(locale=lang)
    errors: list[str] = []
    player.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(player, stack.base_url, name)
    player.goto(f"{stack.base_url}/tournaments/", timeout=WAIT_MS)
    assert not player.get_by_test_id("tournament-new").count()
    player.fill("#organise-note", "Friday Bridge")
    player.get_by_test_id("organise-ask-button").click()
    player.get_by_text(WORDS[lang]["sent"]).wait_for(timeout=WAIT_MS)
    assert player.get_by_test_id("organise-asked").is_visible()

    stack.django(SUPERUSER.format(name=json.dumps(root)))
    staff = browser.new_page()
    staff.goto(f"{stack.base_url}/admin/login/", timeout=WAIT_MS)
    staff.fill("input[name=username]", root)
    staff.fill("input[name=password]", "root-pass-123456")
    staff.locator("input[type=submit]").click()
    staff.wait_for_url(f"{stack.base_url}/admin/", timeout=WAIT_MS)
    staff.goto(f"{stack.base_url}/admin/tournaments/organiserrequest/", timeout=WAIT_MS)
    row = staff.locator("#result_list tr", has_text=name)
    assert "Friday Bridge" in row.inner_text()
    row.locator("input.action-select").check()
    staff.select_option("select[name=action]", "grant_requests")
    staff.locator("button[name=index]").click()
    staff.locator(".messagelist").wait_for(timeout=WAIT_MS)

    player.goto(f"{stack.base_url}/tournaments/", timeout=WAIT_MS)
    player.get_by_test_id("tournament-new").wait_for(timeout=WAIT_MS)
    assert not player.get_by_test_id("organise-ask").count()
    assert not errors, errors
