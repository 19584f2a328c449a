"""The knockout bracket in real Chromium, on a phone (390×844) and a laptop (1280×800), in English
and German: rounds side by side with byes, the tie-break game's row and the champion, and a heat
knockout's tables of three with links to their games; on the phone the bracket scrolls inside its
own box and the page never scrolls sideways."""

from __future__ import annotations

import json
import re
from string import Template

import pytest

from .conftest import WAIT_MS, unique

pytestmark = pytest.mark.browser

# Two knockouts of people, decided by resignations in the shell (no clock is waited for):
# "open": six players (seeds 1 and 2 have byes), two games a match; one quarter-final is level
# 1–1 and plays its tie-break game, the other is decided.  "done": two players, one game: over.
# "heats": ten people at Dou Dizhu tables of three, just started (cancelled by the test at its end).
CREATE = Template("""
import json
from datetime import timedelta
from django.contrib.auth.models import Permission
from django.utils import timezone
from accounts.models import User
from live import services as live
from tournaments import services
from tournaments.models import Entry, Pairing, PairingStatus
org = User.objects.create_user(username=$org, password="pw-org-123")
org.user_permissions.add(Permission.objects.get(codename="organise_tournament"))
org = User.objects.get(pk=org.pk)

def playing(t):
    return list(Pairing.objects.filter(tournament=t, status=PairingStatus.PLAYING)
                .order_by("ko_match", "ko_game"))

def lose(t, pairing, seat):
    user = Entry.objects.get(pk=pairing.players[seat]).user_id
    live.match_resign(match_id=pairing.match_id, command_id=f"r{pairing.pk}", user_id=user)
    services.tournament_advance(tournament_id=t.pk)

made = {}
for key, count, games in (("open", 6, 2), ("done", 2, 1)):
    t = services.tournament_create(organiser_id=org.pk, spec=services.TournamentSpec(
        name=$name + " " + key, game="one_poker", format="knockout", max_players=8,
        knockout_games=games, starts_at=timezone.now() + timedelta(hours=1), round_break_s=0,
        rated=False))
    for i in range(count):
        u = User.objects.create_user(username=f"{$org}-{key}{i}", password="pw-player-123")
        services.entry_register(tournament_id=t.pk, user_id=u.pk)
    services.tournament_start_now(tournament_id=t.pk, by_user_id=org.pk)
    if key == "open":
        first, second = playing(t)
        lose(t, first, 0)
        lose(t, second, 1)
        first, second = playing(t)
        lose(t, first, 0)   # seats alternate: 1–1, the tie-break game
        lose(t, second, 0)  # 2–0: decided
    else:
        (final,) = playing(t)
        lose(t, final, 1)
    made[key] = t.pk
t = services.tournament_create(organiser_id=org.pk, spec=services.TournamentSpec(
    name=$name + " heats", game="dou_dizhu", format="knockout", max_players=12,
    starts_at=timezone.now() + timedelta(hours=1), round_break_s=0, rated=False))
for i in range(10):
    u = User.objects.create_user(username=f"{$org}-heat{i}", password="pw-player-123")
    services.entry_register(tournament_id=t.pk, user_id=u.pk)
services.tournament_start_now(tournament_id=t.pk, by_user_id=org.pk)
made["heats"] = t.pk
made["org"] = org.pk
print(json.dumps(made))
""")

WORDS = {
    "en": {
        "tiebreak": "Tie-break game",
        "bye": "bye",
        "final": "Final",
        "champion": "Champion",
        "playing": "playing now",
    },
    "de": {
        "tiebreak": "Entscheidungspartie",
        "bye": "spielfrei",
        "final": "Finale",
        "champion": "Sieger",
        "playing": "läuft gerade",
    },
}

CANCEL = Template("""
import json
from tournaments import services
services.tournament_cancel(tournament_id=$tournament, by_user_id=$org, reason="test over")
print(json.dumps(True))
""")

NO_SIDEWAYS_SCROLL = "() => document.documentElement.scrollWidth <= window.innerWidth"


@pytest.mark.parametrize(
    ("lang", "width", "height"), [("en", 390, 844), ("de", 390, 844), ("en", 1280, 800)]
)
def test_the_bracket_on_a_phone_and_a_laptop(
    shared_stack, browser, lang: str, width: int, height: int
) -> None:
    stack = shared_stack("embedded")
    org = unique("org")
    made = stack.django(CREATE.substitute(org=json.dumps(org), name=json.dumps(unique("KO "))))
    words = WORDS[lang]
    context = browser.new_context(locale=lang, viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    page.goto(f"{stack.base_url}/tournaments/{made['open']}/")
    bracket = page.get_by_test_id("bracket")
    bracket.wait_for(timeout=WAIT_MS)
    rounds = page.get_by_test_id("bracket-round")
    assert rounds.count() == 3  # quarter-finals, semi-finals, final
    assert words["final"] in rounds.nth(2).inner_text()
    assert page.get_by_test_id("bracket-bye").count() == 2
    tiebreak = page.get_by_test_id("bracket-tiebreak")
    assert tiebreak.count() >= 1 and words["tiebreak"] in tiebreak.first.inner_text()
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    inner = bracket.evaluate("el => [el.scrollWidth, el.clientWidth]")
    if width < 600:
        # The bracket is wider than the phone: it scrolls inside its own box …
        assert inner[0] > inner[1], inner
        bracket.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
        assert bracket.evaluate("el => el.scrollLeft") > 0
        assert page.evaluate("() => window.scrollX") == 0  # … and the page stays put
    else:
        # On a laptop the rounds stand side by side, left to right, all in view.
        xs = [rounds.nth(i).bounding_box()["x"] for i in range(3)]  # type: ignore[index]
        assert xs == sorted(xs) and len(set(xs)) == 3
        assert inner[0] <= inner[1] + 1, inner

    page.goto(f"{stack.base_url}/tournaments/{made['done']}/")
    champion = page.get_by_test_id("bracket-champion")
    champion.wait_for(timeout=WAIT_MS)
    assert f"{org}-done0" in champion.inner_text()  # the second seed resigned the final
    assert words["champion"] in page.get_by_test_id("bracket").inner_text()
    assert page.evaluate(NO_SIDEWAYS_SCROLL)

    # Heats: three tables of three and the top seed's bye, a link to each table's game.
    page.goto(f"{stack.base_url}/tournaments/{made['heats']}/")
    page.get_by_test_id("bracket").wait_for(timeout=WAIT_MS)
    assert page.get_by_test_id("bracket-round").count() == 3
    tables = page.get_by_test_id("bracket-match")
    assert [tables.nth(i).locator(".bracket-side").count() for i in range(4)] == [3, 3, 3, 2]
    links = page.get_by_test_id("bracket-game")
    assert links.count() == 3 and words["playing"] in links.first.inner_text()
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    assert re.fullmatch(r"/match/\d+/", links.first.locator("a").get_attribute("href") or "")
    stack.django(CANCEL.substitute(tournament=made["heats"], org=made["org"]))
    assert not errors, errors
