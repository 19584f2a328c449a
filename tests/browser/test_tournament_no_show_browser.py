"""A tournament game in real Chromium, in English and German: the event page names the AI entrant
as the lobby does and states the first-move time; the game starts by itself, its page shows the
same AI name, the first-move rule and a countdown; a player who never moves loses by forfeit
when the first-move time is up, without pressing anything."""

from __future__ import annotations

import json
import re
from string import Template

import pytest

from .conftest import WAIT_MS, sign_up, unique

pytestmark = pytest.mark.browser

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
t = services.tournament_create(organiser_id=org.pk, spec=services.TournamentSpec(
    name=$name, game="one_poker", format="swiss", rounds=1, max_players=8, bank_ms=60_000,
    delay_ms=5_000, starts_at=timezone.now() + timedelta(hours=1), round_break_s=0, rated=False))
services.entry_add_ai(tournament_id=t.pk, by_user_id=org.pk, level="greedy", count=1)
player = User.objects.get(username=$player)
services.entry_register(tournament_id=t.pk, user_id=player.pk)
print(json.dumps({"id": t.pk, "organiser": org.pk}))
""")

WORDS = {
    "en": {"rule": "within 20 seconds", "countdown": r"first move within 0:\d\d"},
    "de": {"rule": "innerhalb von 20 Sekunden", "countdown": r"ersten Zug innerhalb von 0:\d\d"},
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_tournament_game_starts_by_itself_and_a_no_show_forfeits(
    shared_stack, browser, lang: str
) -> None:
    stack = shared_stack("embedded")
    words = WORDS[lang]
    player = unique("nomove")
    context = browser.new_context(locale=lang, viewport={"width": 1200, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(page, stack.base_url, player)
    made = stack.django(
        CREATE.substitute(
            org=json.dumps(unique("org")),
            name=json.dumps(unique("No-show cup ")),
            player=json.dumps(player),
        )
    )
    page.goto(f"{stack.base_url}/tournaments/{made['id']}/")
    assert "Ada (bot)" in page.get_by_test_id("tournament-entries").inner_text()
    assert words["rule"] in page.get_by_test_id("tournament-first-move").inner_text()

    stack.django(
        "import json; from tournaments import services; "
        f"print(json.dumps(services.tournament_start_now(tournament_id={made['id']}, "
        f"by_user_id={made['organiser']})))"
    )
    # The notice every page polls takes the player to the game, which has started by itself.
    page.wait_for_url(re.compile(r".*/match/\d+/$"), timeout=WAIT_MS)
    assert words["rule"] in page.get_by_test_id("first-move-note").inner_text()
    page.get_by_test_id("players").get_by_text("Ada (bot)").wait_for(timeout=WAIT_MS)
    page.wait_for_function(
        "pattern => new RegExp(pattern).test("
        "document.querySelector('[data-testid=clock-status]').textContent)",
        arg=words["countdown"],
        timeout=WAIT_MS,
    )
    # The player never moves: the game ends on its own when the first-move time is up.
    page.get_by_test_id("result-screen").wait_for(state="visible", timeout=WAIT_MS)
    assert not errors, errors
