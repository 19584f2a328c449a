"""The organiser's form in real Chromium, in English and German, on a phone and a laptop: before
picking, a table says what each game can be (its tables and formats); a pick the game does not
have is refused next to the field, in the page's language, saying what would work, and nothing is
made (issue #29 §4: a Hold'em heads-up knockout was refused with a raw tuple)."""

from __future__ import annotations

import json

import pytest

from .conftest import WAIT_MS, sign_up, unique

pytestmark = pytest.mark.browser

WORDS = {
    "en": {
        "tables": "tables of 4 players",
        "refused": "Texas Hold'em is played at tables of 4 players, not 2.",
        "can": "Its tournaments can be Swiss, Round robin, knockout heats or Arena.",
    },
    "de": {
        "tables": "Tischen mit 4 Spielern",
        "refused": "Texas Hold'em wird an Tischen mit 4 Spielern gespielt, nicht mit 2.",
        "can": "Seine Turniere können so laufen: Schweizer System, Rundenturnier, "
        "K.-o.-Vorrunden an Tischen oder Arena.",
    },
}

GRANT = """
import json
from django.contrib.auth.models import Permission
from accounts.models import User
user = User.objects.get(username={name})
user.user_permissions.add(Permission.objects.get(codename="organise_tournament"))
print(json.dumps(user.pk))
"""

COUNT = """
import json
from tournaments.models import Tournament
print(json.dumps(Tournament.objects.filter(name={name}).count()))
"""


@pytest.mark.parametrize(("lang", "width", "height"), [("en", 1280, 800), ("de", 390, 844)])
def test_the_form_says_what_each_game_can_be_and_refuses_a_misfit_in_words(
    shared_stack, browser, lang: str, width: int, height: int
) -> None:
    stack = shared_stack("embedded")
    name = unique("orgform")
    context = browser.new_context(locale=lang, viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(page, stack.base_url, name)
    stack.django(GRANT.format(name=json.dumps(name)))
    words = WORDS[lang]

    page.goto(f"{stack.base_url}/tournaments/new/", timeout=WAIT_MS)
    holdem = page.get_by_test_id("game-support").locator("tr[data-game=holdem]")
    assert words["tables"] in holdem.inner_text()
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")

    event = unique("Heads-up night ")
    page.fill("input[name=name]", event)
    page.select_option("select[name=game]", "holdem")
    page.select_option("select[name=format]", "knockout")
    page.fill("input[name=seats_per_table]", "2")
    page.fill("input[name=starts_at]", "2099-01-01 18:00")
    page.fill("input[name=max_players]", "16")
    page.get_by_test_id("tournament-create").click()
    page.get_by_text(words["refused"]).wait_for(timeout=WAIT_MS)
    assert words["can"] in page.get_by_test_id("tournament-form").inner_text()
    assert "(4,)" not in page.content()
    assert stack.django(COUNT.format(name=json.dumps(event))) == 0
    assert not errors, errors
