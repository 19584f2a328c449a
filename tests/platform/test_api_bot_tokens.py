"""Bot accounts and their personal API tokens: created once-shown, revoked at once, accepted by
the REST API and by the WebSocket, so an external bot plays rated games as itself."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from accounts.models import ApiToken
from config.asgi import application
from live.services import SeatSpec, match_start

pytestmark = pytest.mark.django_db(transaction=True)


def bot_with_token(make_user, name: str = "robo") -> tuple[object, str]:
    user = make_user(name)
    client = Client()
    client.force_login(user)
    assert client.post("/api/v1/account/bot/").json() == {"username": name, "is_bot": True}
    created = client.post("/api/v1/tokens/", {"name": "server 2"}, "application/json")
    assert created.status_code == 201
    return user, created.json()["token"]


def test_a_token_is_shown_once_and_only_its_hash_is_kept(make_user) -> None:
    user, token = bot_with_token(make_user)
    row = ApiToken.objects.get(user=user)
    assert token.startswith("gpt_") and row.prefix == token[:12]
    assert token not in (row.digest, row.prefix, row.name)
    client = Client()
    client.force_login(user)
    listed = client.get("/api/v1/tokens/").json()["results"]
    assert [t["prefix"] for t in listed] == [row.prefix] and "token" not in listed[0]


def test_the_bearer_token_authenticates_rest_calls_until_revoked(make_user) -> None:
    user, token = bot_with_token(make_user)
    bot = Client(HTTP_AUTHORIZATION=f"Bearer {token}")
    assert bot.get("/api/v1/account/bot/").json()["username"] == "robo"
    # No session, so no CSRF: a program posts with the token alone.
    joined = bot.post("/api/v1/queue/", {"game": "spectacular_bid"}, "application/json")
    assert joined.status_code == 200 and joined.json()["type"] == "status"
    owner = Client()
    owner.force_login(user)
    token_id = ApiToken.objects.get().pk
    assert owner.delete(f"/api/v1/tokens/{token_id}/").status_code == 204
    assert bot.get("/api/v1/account/bot/").status_code == 401
    assert owner.delete(f"/api/v1/tokens/{token_id}/").status_code == 404


def test_only_an_account_without_matches_becomes_a_bot(make_user) -> None:
    person = make_user("person")
    match_start(
        game_slug="spectacular_bid",
        seats=[SeatSpec(user_id=person.pk), SeatSpec(ai_level="random")],
    )
    client = Client()
    client.force_login(person)
    refused = client.post("/api/v1/account/bot/")
    assert refused.status_code == 400 and refused.json()["code"] == "has_played"


def test_a_banned_bots_token_stops_working(make_user) -> None:
    from accounts.services import operator_ensure
    from operations.services import user_ban

    user, token = bot_with_token(make_user)
    op, _ = operator_ensure(username="op", password="op-pass-123")
    user_ban(user_id=user.pk, reason="spam", actor=op)
    assert Client(HTTP_AUTHORIZATION=f"Bearer {token}").get("/api/v1/games/").status_code == 401


async def ws(match_id: int, token: str | None) -> tuple[WebsocketCommunicator, bool]:
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if token is not None:
        headers.append((b"authorization", f"Bearer {token}".encode()))
    comm = WebsocketCommunicator(application, f"/ws/match/{match_id}/", headers=headers)
    connected, _ = await comm.connect()
    return comm, connected


@pytest.mark.asyncio
async def test_the_websocket_accepts_the_token_and_the_bot_plays_its_seat(make_user) -> None:
    user, token = await database_sync_to_async(bot_with_token)(make_user)
    match = await database_sync_to_async(match_start)(
        game_slug="spectacular_bid", seats=[SeatSpec(user_id=user.pk), SeatSpec(ai_level="random")]
    )
    comm, connected = await ws(match.pk, token)
    assert connected
    snapshot = json.loads(await comm.receive_from(timeout=5))
    assert snapshot["seat"] == 0 and snapshot["match"]["your_seats"] == [0]
    await comm.send_json_to({"type": "action", "command_id": "b1", "action": snapshot["legal"][0]})
    while True:
        answer = json.loads(await comm.receive_from(timeout=5))
        if answer["type"] in ("ack", "error"):
            break
    assert answer == {"type": "ack", "command_id": "b1", "seq": answer["seq"]}
    await comm.disconnect()


@pytest.mark.asyncio
async def test_the_websocket_refuses_a_wrong_or_revoked_token(make_user) -> None:
    from accounts.services import token_revoke

    user, token = await database_sync_to_async(bot_with_token)(make_user)
    match = await database_sync_to_async(match_start)(
        game_slug="spectacular_bid", seats=[SeatSpec(user_id=user.pk), SeatSpec(ai_level="random")]
    )
    _, connected = await ws(match.pk, "gpt_wrong")
    assert not connected
    token_id = await database_sync_to_async(lambda: ApiToken.objects.get().pk)()
    await database_sync_to_async(token_revoke)(token_id=token_id)
    _, connected = await ws(match.pk, token)
    assert not connected
    spectator, connected = await ws(match.pk, None)  # no token: the session decides (none here)
    assert connected
    assert json.loads(await spectator.receive_from(timeout=5))["seat"] is None
    await spectator.disconnect()
