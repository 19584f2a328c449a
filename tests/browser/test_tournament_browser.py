"""A tournament in real Chromium: a person signs up, finds the tournament through the navigation,
registers, is taken to their first game when the round starts (the notice every page polls), plays
it (resigns), and sees the standings change on the tournament page, which updates itself."""

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
    name=$name, game="one_poker", format="swiss", rounds=2, max_players=8,
    starts_at=timezone.now() + timedelta(hours=1), round_break_s=0, rated=False))
services.entry_add_ai(tournament_id=t.pk, by_user_id=org.pk, level="random", count=3)
print(json.dumps({"id": t.pk, "organiser": org.pk}))
""")


def create(stack, snippet: Template, name: str) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """The tournament ``name`` as ``snippet`` makes it, with an organiser of its own."""
    code = snippet.substitute(org=json.dumps(unique("org")), name=json.dumps(name))
    return stack.django(code)  # type: ignore[no-any-return]


def test_register_play_the_first_round_and_see_the_standings_change(shared_stack, browser) -> None:
    stack = shared_stack("embedded")
    cup, alice = unique("Browser cup "), unique("alice")
    made = create(stack, CREATE, cup)
    tid = made["id"]
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(page, stack.base_url, alice)

    page.get_by_test_id("nav-tournaments").click()
    page.get_by_role("link", name=cup, exact=True).click()
    page.wait_for_url(f"{stack.base_url}/tournaments/{tid}/", timeout=WAIT_MS)
    page.get_by_test_id("tournament-register").click()
    page.get_by_test_id("registered").wait_for(timeout=WAIT_MS)
    assert alice in page.get_by_test_id("tournament-entries").inner_text()

    # A second tab keeps the tournament page open: its standings refresh themselves.
    watcher = browser.new_page(viewport={"width": 1200, "height": 900})
    watcher.goto(f"{stack.base_url}/tournaments/{tid}/")

    stack.django(
        "import json; from tournaments import services; "
        f"print(json.dumps(services.tournament_start_now(tournament_id={tid}, "
        f"by_user_id={made['organiser']})))"
    )
    # The notice the page polls takes alice to her game.
    page.wait_for_url(re.compile(r".*/match/\d+/$"), timeout=WAIT_MS)
    page.get_by_test_id("connection-status").and_(page.locator("[data-status=open]")).wait_for(
        timeout=WAIT_MS
    )
    page.get_by_test_id("resign-button").click()
    page.get_by_test_id("resign-confirm-yes").click()
    page.get_by_test_id("result-screen").wait_for(state="visible", timeout=WAIT_MS)

    # The watching tab's standings change by themselves: someone has a point now.
    standings = watcher.get_by_test_id("tournament-standings")
    watcher.wait_for_function(
        """() => [...document.querySelectorAll('[data-testid=tournament-standings] '
                 + '[data-testid=score]')].some(cell => cell.textContent.trim() === '1')""",
        timeout=WAIT_MS,
    )
    alice_row = standings.locator("tr", has_text=alice)
    assert alice_row.locator("[data-testid=score]").inner_text().strip() == "0"
    # Round 2 is paired (once the robots' game of round 1 is over) and shown with a link to
    # each game.
    watcher.get_by_test_id("tournament-current-round").get_by_text("Round 2").wait_for(
        timeout=2 * WAIT_MS
    )
    assert watcher.get_by_test_id("round-game-link").count() >= 1
    assert not errors, errors


CREATE_PAIRS = Template("""
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
    name=$name, game="bridge", format="pairs", max_players=8, boards_per_round=1,
    starts_at=timezone.now() + timedelta(hours=1), round_break_s=0, rated=False))
services.entry_add_ai(tournament_id=t.pk, by_user_id=org.pk, level="random", count=3)
print(json.dumps({"id": t.pk, "organiser": org.pk}))
""")


def test_pairs_register_with_a_partner_who_accepts_play_a_board_and_see_it_scored(
    shared_stack, browser
) -> None:
    stack = shared_stack("embedded")
    made = create(stack, CREATE_PAIRS, unique("Pairs night "))
    tid = made["id"]
    url = f"{stack.base_url}/tournaments/{tid}/"
    ann = browser.new_page(viewport={"width": 1200, "height": 900})
    ben = browser.new_page(viewport={"width": 1200, "height": 900})
    errors: list[str] = []
    for page in (ann, ben):
        page.on("pageerror", lambda exc: errors.append(str(exc)))
    ann_name, ben_name = unique("ann"), unique("ben")
    sign_up(ann, stack.base_url, ann_name)
    sign_up(ben, stack.base_url, ben_name)

    ann.goto(url)
    ann.get_by_test_id("partner-name").fill(ben_name)
    ann.get_by_test_id("partner-name").press("Enter")  # the keyboard submits the form
    ann.get_by_test_id("registered").wait_for(timeout=WAIT_MS)
    assert "has not answered yet" in ann.get_by_test_id("registered").inner_text()

    ben.goto(url)
    assert f"{ann_name} asks you" in ben.get_by_test_id("partner-invitation").inner_text()
    ben.get_by_test_id("partner-accept").click()
    ben.get_by_test_id("registered").wait_for(timeout=WAIT_MS)
    pair = f"{ann_name} & {ben_name}"
    assert pair in ben.get_by_test_id("registered").inner_text()

    stack.django(
        "import json; from tournaments import services; "
        f"print(json.dumps(services.tournament_start_now(tournament_id={tid}, "
        f"by_user_id={made['organiser']})))"
    )
    # Both partners are taken to the board by the notice; ann gives the board up for the pair.
    for page in (ann, ben):
        page.wait_for_url(re.compile(r".*/match/\d+/$"), timeout=WAIT_MS)
    ann.get_by_test_id("connection-status").and_(ann.locator("[data-status=open]")).wait_for(
        timeout=WAIT_MS
    )
    ann.get_by_test_id("resign-button").click()
    ann.get_by_test_id("resign-confirm-yes").click()
    ann.get_by_test_id("result-screen").wait_for(state="visible", timeout=WAIT_MS)

    # A spectator sees no board's result while the session runs — every board is still to be
    # played at another table (docs/tournaments.md, "Deal embargo") — and no scores yet (ann's
    # own tab follows the notice to her next board as soon as the round changes).
    watcher = browser.new_page(viewport={"width": 1200, "height": 900})
    watcher.goto(f"{url}round/1/")
    hidden = watcher.get_by_test_id("deal-embargoed")
    hidden.first.wait_for(timeout=WAIT_MS)
    assert "hidden until every table has played this board" in hidden.first.inner_text()
    assert watcher.get_by_test_id("board-score").count() == 0
    watcher.goto(url)
    assert "published when the session is over" in (
        watcher.get_by_test_id("standings-hidden").inner_text()
    )
    assert watcher.get_by_test_id("tournament-standings").count() == 0
    assert not errors, errors


CREATE_DUPLICATE = Template("""
import json
from datetime import timedelta
from django.contrib.auth.models import Permission
from django.utils import timezone
from accounts.models import User
from tournaments import services
from tournaments.models import Pairing
org = User.objects.create_user(username=$org, password="pw-org-123")
org.user_permissions.add(Permission.objects.get(codename="organise_tournament"))
org = User.objects.get(pk=org.pk)
holder = User.objects.create_user(username=$org + "-p", password="pw-holder-123")
t = services.tournament_create(organiser_id=org.pk, spec=services.TournamentSpec(
    name=$name, game="bridge", format="swiss", rounds=1, max_players=8, duplicate_deals=True,
    starts_at=timezone.now() + timedelta(hours=1), round_break_s=0, rated=False))
services.entry_register(tournament_id=t.pk, user_id=holder.pk)
services.entry_add_ai(tournament_id=t.pk, by_user_id=org.pk, level="random", count=7)
services.tournament_start_now(tournament_id=t.pk, by_user_id=org.pk)
robots = [p.match_id for p in Pairing.objects.filter(tournament=t)
          if not p.match.seats.filter(user__isnull=False).exists()]
print(json.dumps({"id": t.pk, "organiser": org.pk, "robots": robots[0]}))
""")


SOCKET_LOG = """() => {
  // Every match socket's opening and close code, in order (a Playwright WebSocket has no code).
  window.__matchSockets = [];
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      if (!String(args[0]).includes("/ws/match/")) return;
      const entry = { code: null };
      window.__matchSockets.push(entry);
      this.addEventListener("close", (event) => { entry.code = event.code; });
    }
  };
}"""


def test_a_spectator_of_a_deal_another_table_still_plays_is_told_so_and_not_reconnected(
    shared_stack, browser
) -> None:
    """The match page of a duplicate table whose deal the person at the other table still plays:
    the board says why it shows nothing, in the page's language, and does not retry.

    "Does not retry" is about the embargo's close (4003): a connection that failed before the
    server could answer (an abnormal 1006 on a busy machine) is rightly tried again, and the
    second attempt is then the one refused."""
    stack = shared_stack("embedded")
    made = create(stack, CREATE_DUPLICATE, unique("Duplicate cup "))
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.add_init_script(f"({SOCKET_LOG})()")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{stack.base_url}/match/{made['robots']}/")
    toast = page.get_by_test_id("toast").filter(has_text="every table has played this board")
    toast.first.wait_for(timeout=WAIT_MS)
    page.get_by_test_id("connection-status").and_(page.locator("[data-status=closed]")).wait_for(
        timeout=WAIT_MS
    )
    page.wait_for_timeout(2500)  # a reconnection would come after 0.5 s
    codes = [s["code"] for s in page.evaluate("window.__matchSockets")]
    assert codes and codes[-1] == 4003, codes  # the last socket is the refused one ...
    assert 4003 not in codes[:-1], codes  # ... and nothing was opened after a refusal
    assert not errors, errors
