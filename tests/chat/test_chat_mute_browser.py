"""Muting in the chat panel, in real Chromium on the embedded stack (docs/chat.md, "Muting"): a
player mutes the other player's messages for herself only, and an operator-muted spectator is
told so in German when she tries to write."""

from __future__ import annotations

import json

import pytest

from support.stack import unique

from .test_chat_browser import WAIT_MS, say, sign_up

pytestmark = pytest.mark.browser

TWO_PLAYERS = """
import json
from accounts.models import User
from lobby import services
alice, bob = (User.objects.get(username=n) for n in {names})
table = services.table_create(user_id=alice.pk, game_slug="spectacular_bid", seats=2,
                              time_control="untimed")
table = services.table_join(user_id=bob.pk, table_id=table.pk)
print(json.dumps(table.match_id))
"""

OPERATOR_MUTE = """
import json
from accounts.models import User
from operations.services import user_mute
operator = User.objects.create_superuser({operator}, "op@example.com", "an-operator-pass-42")
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


def two_players(stack, alice: str, bob: str) -> int:  # type: ignore[no-untyped-def]
    """A running match of ``alice`` and ``bob`` (people, untimed); its id."""
    match_id = stack.django(TWO_PLAYERS.format(names=json.dumps([alice, bob])))
    return match_id  # type: ignore[no-any-return]


def test_a_player_mutes_the_other_for_herself_only(shared_stack, browser) -> None:
    stack = shared_stack("embedded")
    alice_name, bob_name = unique("alice"), unique("bob")
    errors: list[str] = []
    alice = browser.new_context().new_page()
    bob = browser.new_context().new_page()
    for page in (alice, bob):
        page.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(alice, stack.base_url, alice_name)
    sign_up(bob, stack.base_url, bob_name)
    # Off the lobby first: there the notice of Bob joining her table takes Alice to the match by
    # itself, which would race the navigation below.
    alice.goto("about:blank")
    match_id = two_players(stack, alice_name, bob_name)
    for page in (alice, bob):
        page.goto(f"{stack.base_url}/match/{match_id}/")
        chat_ready(page)

    say(bob, "hello from bob")
    shown(alice, "hello from bob")

    # Alice mutes Bob beside his message: it goes, and he is listed under the input.
    alice.get_by_test_id("chat-messages").get_by_role("button", name=f"Mute {bob_name}").click()
    mutes = alice.get_by_test_id("chat-mutes")
    mutes.filter(has_text=bob_name).wait_for(state="visible", timeout=WAIT_MS)
    assert mutes.get_by_role("button", name=f"Unmute {bob_name}").is_visible()
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
    alice.get_by_test_id("chat-mutes").filter(has_text=bob_name).wait_for(timeout=WAIT_MS)
    assert not errors, errors


def test_an_operator_muted_user_reads_the_refusal_in_german(shared_stack, browser) -> None:
    stack = shared_stack("embedded")
    alice_name, bob_name, carla_name = unique("alice"), unique("bob"), unique("carla")
    errors: list[str] = []
    alice = browser.new_context().new_page()
    bob = browser.new_context().new_page()
    carla = browser.new_context().new_page()
    for page in (alice, bob, carla):
        page.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up(alice, stack.base_url, alice_name)
    sign_up(bob, stack.base_url, bob_name)
    sign_up(carla, stack.base_url, carla_name)
    match_id = two_players(stack, alice_name, bob_name)
    stack.django(
        OPERATOR_MUTE.format(name=json.dumps(carla_name), operator=json.dumps(unique("operator")))
    )

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
    sign_up(dora, stack.base_url, unique("dora"))
    dora.goto(f"{stack.base_url}/match/{match_id}/")
    chat_ready(dora)
    say(dora, "nice game")
    shown(dora, "nice game")
    shown(carla, "nice game")
    assert count(dora, "I am not allowed to say this") == 0
    assert count(carla, "I am not allowed to say this") == 0
    assert not errors, errors
