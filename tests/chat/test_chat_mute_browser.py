"""Muting in the chat panel, in real Chromium on the embedded stack (docs/chat.md, "Muting"): a
player mutes the other player's messages for herself only, and an operator-muted spectator is
told so in German when she tries to write."""

from __future__ import annotations

import json

import pytest

from support.stack import make_stack  # noqa: F401 - a fixture

from .test_chat_browser import browser, say, sign_up  # noqa: F401 - browser is a fixture

pytestmark = pytest.mark.browser

WAIT_MS = 30_000  # an upper bound on a busy machine, never a pause

TWO_PLAYERS = """
import json
from accounts.models import User
from lobby import services
alice, bob = (User.objects.get(username=n) for n in ("alice", "bob"))
table = services.table_create(user_id=alice.pk, game_slug="spectacular_bid", seats=2,
                              time_control="untimed")
table = services.table_join(user_id=bob.pk, table_id=table.pk)
print(json.dumps(table.match_id))
"""

OPERATOR_MUTE = """
import json
from accounts.models import User
from operations.services import user_mute
operator = User.objects.create_superuser("operator", "op@example.com", "an-operator-pass-42")
sanction = user_mute(user_id=User.objects.get(username={name}).pk, reason="spam",
                     actor=operator)
print(json.dumps(sanction.pk))
"""


def chat_ready(page) -> None:  # type: ignore[no-untyped-def]
    page.locator("[data-testid=chat-input]:enabled").wait_for(timeout=WAIT_MS)


def shown(page, text: str) -> None:  # type: ignore[no-untyped-def]
    page.get_by_test_id("chat-messages").get_by_text(text).wait_for(timeout=WAIT_MS)


def count(page, text: str) -> int:  # type: ignore[no-untyped-def]
    return page.get_by_test_id("chat-messages").get_by_text(text).count()


def test_a_player_mutes_the_other_for_herself_only(make_stack, browser) -> None:  # noqa: F811
    stack = make_stack("embedded")
    errors: list[str] = []
    alice = browser.new_context().new_page()
    bob = browser.new_context().new_page()
    for page in (alice, bob):
        page.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(alice, stack.base_url, "alice")
    sign_up(bob, stack.base_url, "bob")
    match_id = stack.django(TWO_PLAYERS)
    for page in (alice, bob):
        page.goto(f"{stack.base_url}/match/{match_id}/")
        chat_ready(page)

    say(bob, "hello from bob")
    shown(alice, "hello from bob")

    # Alice mutes Bob beside his message: it goes, and he is listed under the input.
    alice.get_by_test_id("chat-messages").get_by_role("button", name="Mute bob").click()
    mutes = alice.get_by_test_id("chat-mutes")
    mutes.filter(has_text="bob").wait_for(state="visible", timeout=WAIT_MS)
    assert mutes.get_by_role("button", name="Unmute bob").is_visible()
    assert count(alice, "hello from bob") == 0

    # Bob's next message reaches Bob but not Alice.  Alice's own later message arrives after it
    # on her socket (one channel, in order), so once hers is shown his would have been too.
    say(bob, "can you read this")
    shown(bob, "can you read this")
    say(alice, "after the mute")
    shown(alice, "after the mute")
    shown(bob, "after the mute")
    assert count(alice, "can you read this") == 0
    assert count(bob, "hello from bob") == 1

    # The mute is stored: a fresh page leaves Bob's messages out of the history too.
    alice.reload()
    chat_ready(alice)
    shown(alice, "after the mute")
    assert count(alice, "hello from bob") == 0 and count(alice, "can you read this") == 0
    alice.get_by_test_id("chat-mutes").filter(has_text="bob").wait_for(timeout=WAIT_MS)
    assert not errors, errors


def test_an_operator_muted_user_reads_the_refusal_in_german(make_stack, browser) -> None:  # noqa: F811
    stack = make_stack("embedded")
    errors: list[str] = []
    alice = browser.new_context().new_page()
    bob = browser.new_context().new_page()
    carla = browser.new_context().new_page()
    for page in (alice, bob, carla):
        page.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(alice, stack.base_url, "alice")
    sign_up(bob, stack.base_url, "bob")
    sign_up(carla, stack.base_url, "carla")
    match_id = stack.django(TWO_PLAYERS)
    stack.django(OPERATOR_MUTE.format(name=json.dumps("carla")))

    # Carla watches in German; she may still read, but her message is refused and not stored.
    carla.get_by_test_id("lang-de").click()
    carla.locator("html[lang=de]").wait_for(state="attached", timeout=WAIT_MS)
    carla.goto(f"{stack.base_url}/match/{match_id}/")
    chat_ready(carla)
    say(carla, "I am not allowed to say this")
    error = carla.get_by_test_id("chat-error")
    error.wait_for(state="visible", timeout=WAIT_MS)
    assert error.inner_text().strip() == "Du bist stummgeschaltet, bis die Spielleitung es aufhebt."
    assert count(carla, "I am not allowed to say this") == 0

    # A spectator who is not muted writes to the same room and is shown; Carla's text never was.
    dora = browser.new_context().new_page()
    dora.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(dora, stack.base_url, "dora")
    dora.goto(f"{stack.base_url}/match/{match_id}/")
    chat_ready(dora)
    say(dora, "nice game")
    shown(dora, "nice game")
    shown(carla, "nice game")
    assert count(dora, "I am not allowed to say this") == 0
    assert count(carla, "I am not allowed to say this") == 0
    assert not errors, errors
