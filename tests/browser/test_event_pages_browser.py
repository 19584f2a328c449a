"""An event page in real Chromium, in English and German: the status badge of a page left open
changes when the event starts (the refreshing part brings it), a signed-out spectator of a
running event is told they may join late, an arena counts down to its end, and a tournament
game's result screen leads back to the event."""

from __future__ import annotations

import json
import re
from string import Template

import pytest

from .conftest import WAIT_MS, sign_up, unique

pytestmark = pytest.mark.browser

WORDS = {
    "en": {
        "registration": "registration",
        "running": "running",
        "join": "Log in to join.",
        "arena": "(live, provisional until the arena ends)",
        "left": r"^ \(in \d\d:\d\d\)$",
        "back": "Back to the event",
    },
    "de": {
        "registration": "Anmeldung",
        "running": "läuft",
        "join": "Anmelden um mitzuspielen.",
        "arena": "(live, vorläufig bis zum Ende der Arena)",
        "left": r"^ \(noch \d\d:\d\d\)$",
        "back": "Zurück zum Turnier",
    },
}

CREATE = Template("""
import json
from datetime import timedelta
from django.contrib.auth.models import Permission
from django.utils import timezone
from accounts.models import User
from tournaments import services
org = User.objects.create_user(username=$org, password="pw-org-123")
org.user_permissions.add(Permission.objects.get(codename="organise_tournament"))
org = User.objects.get(pk=org.pk)
made = {"organiser": org.pk}
# "swiss" has one round: with more, the next round's game (paired the moment the robots' table is
# done) would take its player there from the result screen before the way back could be clicked.
for key, fmt, extra in (("swiss", "swiss", {"rounds": 1}), ("held", "swiss", {"rounds": 3}),
                        ("arena", "arena", {"arena_minutes": 30})):
    t = services.tournament_create(organiser_id=org.pk, spec=services.TournamentSpec(
        name=$name + " " + key, game="one_poker", format=fmt, max_players=8,
        starts_at=timezone.now() + timedelta(hours=1), round_break_s=0, rated=False, **extra))
    services.entry_add_ai(tournament_id=t.pk, by_user_id=org.pk, level="random", count=3)
    if key == "held":  # a person who never moves: round 1 lasts, the robots cannot finish it
        holder = User.objects.create_user(username=$org + "-h", password="pw-holder-123")
        services.entry_register(tournament_id=t.pk, user_id=holder.pk)
    made[key] = t.pk
services.tournament_start_now(tournament_id=made["arena"], by_user_id=org.pk)
print(json.dumps(made))
""")


def _start(stack, tid: int, organiser: int) -> None:  # type: ignore[no-untyped-def]
    stack.django(
        "import json; from tournaments import services; "
        f"print(json.dumps(services.tournament_start_now(tournament_id={tid}, "
        f"by_user_id={organiser})))"
    )


@pytest.mark.parametrize("lang", ["en", "de"])
def test_badge_late_entry_and_arena_countdown_for_a_spectator(
    shared_stack, browser, lang: str
) -> None:
    stack = shared_stack("embedded")
    words = WORDS[lang]
    code = CREATE.substitute(org=json.dumps(unique("org")), name=json.dumps(unique("Event ")))
    made = stack.django(code)
    context = browser.new_context(locale=lang, viewport={"width": 1200, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    url = f"{stack.base_url}/tournaments/{made['held']}/"
    page.goto(url)
    badge = page.get_by_test_id("tournament-status")
    assert badge.inner_text().strip() == words["registration"]
    _start(stack, made["held"], made["organiser"])
    # The page is not reloaded: the badge changes with the refreshing part.
    page.wait_for_function(
        "w => document.querySelector('[data-testid=tournament-status]').textContent.trim() === w",
        arg=words["running"],
        timeout=WAIT_MS,
    )
    assert page.get_by_test_id("tournament-status").count() == 1
    page.reload()
    assert page.get_by_test_id("entry-signed-out").inner_text().strip() == words["join"]

    page.goto(f"{stack.base_url}/tournaments/{made['arena']}/")
    assert words["arena"] in page.locator("#standings-heading").inner_text()
    left = page.get_by_test_id("arena-countdown-left")
    left.wait_for(timeout=WAIT_MS)
    first = left.text_content() or ""
    assert re.match(words["left"], first), first
    page.wait_for_function(
        "was => document.querySelector('[data-testid=arena-countdown-left]').textContent !== was",
        arg=first,
        timeout=WAIT_MS,
    )
    assert not errors, errors


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_result_screen_leads_back_to_the_event(shared_stack, browser, lang: str) -> None:
    stack = shared_stack("embedded")
    code = CREATE.substitute(org=json.dumps(unique("org")), name=json.dumps(unique("Event ")))
    made = stack.django(code)
    context = browser.new_context(locale=lang, viewport={"width": 1200, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(page, stack.base_url, unique("player"))
    url = f"{stack.base_url}/tournaments/{made['swiss']}/"
    page.goto(url)
    page.get_by_test_id("tournament-register").click()
    page.get_by_test_id("registered").wait_for(timeout=WAIT_MS)
    _start(stack, made["swiss"], made["organiser"])
    page.wait_for_url(re.compile(r".*/match/\d+/$"), timeout=WAIT_MS)
    page.get_by_test_id("connection-status").and_(page.locator("[data-status=open]")).wait_for(
        timeout=WAIT_MS
    )
    page.get_by_test_id("resign-button").click()
    page.get_by_test_id("resign-confirm-yes").click()
    back = page.get_by_test_id("result-event")
    back.wait_for(state="visible", timeout=WAIT_MS)
    assert back.inner_text().strip() == WORDS[lang]["back"]
    back.click()
    page.wait_for_url(url, timeout=WAIT_MS)
    assert not errors, errors
