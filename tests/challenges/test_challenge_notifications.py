"""Challenges reach the other player wherever they are on the site: the notification socket
(/ws/notify/) of every open page says a challenge came, was withdrawn, or was accepted (with
the match to go to)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from challenges import services
from config.asgi import application

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def session_cookie(user) -> bytes:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def connect(user) -> WebsocketCommunicator:  # type: ignore[no-untyped-def]
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    headers.append((b"cookie", await database_sync_to_async(session_cookie)(user)))
    comm = WebsocketCommunicator(application, "/ws/notify/", headers=headers)
    connected, _ = await comm.connect()
    assert connected
    await comm.send_to(text_data=json.dumps({"type": "ping", "t": 1}))  # connect has finished
    assert json.loads(await comm.receive_from(timeout=5)) == {"type": "pong", "t": 1}
    return comm


async def receive(comm: WebsocketCommunicator) -> dict[str, Any]:
    return json.loads(await comm.receive_from(timeout=5))


async def test_the_challenged_hears_of_the_challenge_and_of_its_withdrawal(make_user) -> None:
    anna = await database_sync_to_async(make_user)("anna")
    ben = await database_sync_to_async(make_user)("ben")
    comm = await connect(ben)
    made = await database_sync_to_async(services.challenge_create)(
        user_id=anna.pk, username="ben", game_slug="one_poker"
    )
    assert await receive(comm) == {
        "type": "notify",
        "kind": "challenge_offered",
        "challenge_id": made.pk,
        "game": "one_poker",
        "game_title": "One Poker",
        "url": f"/challenges/{made.pk}/",
        "by": "anna",
    }
    await database_sync_to_async(services.challenge_cancel)(user_id=anna.pk, challenge_id=made.pk)
    notice = await receive(comm)
    assert (notice["kind"], notice["challenge_id"], notice["by"]) == (
        "challenge_cancelled",
        made.pk,
        "anna",
    )
    await comm.disconnect()


async def test_the_challenger_is_sent_to_the_match_when_it_is_accepted(make_user) -> None:
    anna = await database_sync_to_async(make_user)("anna")
    ben = await database_sync_to_async(make_user)("ben")
    made = await database_sync_to_async(services.challenge_create)(
        user_id=anna.pk, username="ben", game_slug="one_poker"
    )
    comm = await connect(anna)
    accepted = await database_sync_to_async(services.challenge_accept)(
        user_id=ben.pk, challenge_id=made.pk
    )
    notice = await receive(comm)
    assert (notice["kind"], notice["challenge_id"], notice["by"]) == (
        "challenge_accepted",
        made.pk,
        "ben",
    )
    assert (notice["match_id"], notice["url"]) == (
        accepted.match_id,
        f"/match/{accepted.match_id}/",
    )
    await comm.disconnect()


async def test_the_challenger_hears_a_decline(make_user) -> None:
    anna = await database_sync_to_async(make_user)("anna")
    ben = await database_sync_to_async(make_user)("ben")
    made = await database_sync_to_async(services.challenge_create)(
        user_id=anna.pk, username="ben", game_slug="one_poker"
    )
    comm = await connect(anna)
    await database_sync_to_async(services.challenge_decline)(user_id=ben.pk, challenge_id=made.pk)
    notice = await receive(comm)
    assert (notice["kind"], notice["by"], notice["url"]) == (
        "challenge_declined",
        "ben",
        f"/challenges/{made.pk}/",
    )
    await comm.disconnect()
