"""Notifications (live.notifications, /ws/notify/): a player hears about their filled table, their
queue match and their turn in another match wherever they are on the site."""

from __future__ import annotations

import json
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from live.services import SeatSpec, action_submit, match_start
from lobby import services as lobby_services
from matchmaking.conf import user_group
from matchmaking.messages import matched_message

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def session_cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def connect(user=None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if user is not None:
        headers.append((b"cookie", await database_sync_to_async(session_cookie)(user)))
    comm = WebsocketCommunicator(application, "/ws/notify/", headers=headers)
    connected, _ = await comm.connect()
    assert connected
    return comm


async def receive(comm: WebsocketCommunicator, timeout: float = 5) -> dict[str, Any]:
    return json.loads(await comm.receive_from(timeout=timeout))


async def settled(comm: WebsocketCommunicator) -> None:
    """Wait until the socket has finished connecting (joined its groups, read its seats): a
    consumer handles one message at a time, so a ping is answered only after ``connect`` ends.
    (The accept comes first; a test that acts at once races the rest of ``connect``.)"""
    await comm.send_to(text_data=json.dumps({"type": "ping", "t": 1}))
    assert await receive(comm) == {"type": "pong", "t": 1}


async def test_a_visitor_is_told_to_log_in_and_closed() -> None:
    comm = await connect()
    assert (await receive(comm))["code"] == "login_required"
    assert (await comm.receive_output(timeout=5))["code"] == 4001


async def test_the_opener_hears_that_their_table_filled_and_then_that_it_is_their_turn(
    make_user,
) -> None:
    alice, bob = (
        await database_sync_to_async(make_user)("alice"),
        await database_sync_to_async(make_user)("bob"),
    )
    table = await database_sync_to_async(lobby_services.table_create)(
        user_id=alice.pk, game_slug="spectacular_bid", seats=2
    )
    comm = await connect(alice)
    await settled(comm)
    await database_sync_to_async(lobby_services.table_join)(user_id=bob.pk, table_id=table.pk)
    notice = await receive(comm)
    await database_sync_to_async(table.refresh_from_db)()
    assert notice == {
        "type": "notify",
        "kind": "table_started",
        "match_id": table.match_id,
        "game": "spectacular_bid",
        "game_title": "Spectacular Bid",
        "url": f"/match/{table.match_id}/",
        "by": "bob",
        "table_id": table.pk,
    }
    # Both seats must press Start (a simultaneous decision): Bob pressing his leaves Alice's.
    await database_sync_to_async(action_submit)(
        match_id=table.match_id, action={"kind": "ready"}, command_id="b", user_id=bob.pk
    )
    turn = await receive(comm)
    assert turn["kind"] == "your_turn" and turn["match_id"] == table.match_id
    await comm.disconnect()


async def test_a_page_opened_while_it_is_your_turn_says_so(make_user) -> None:
    user = await database_sync_to_async(make_user)()
    match = await database_sync_to_async(match_start)(
        game_slug="spectacular_bid", seats=[SeatSpec(user_id=user.pk), SeatSpec(ai_level="random")]
    )
    comm = await connect(user)
    notice = await receive(comm)
    assert (notice["kind"], notice["match_id"]) == ("your_turn", match.pk)
    await comm.disconnect()


async def test_the_queue_match_reaches_every_page(make_user) -> None:
    from channels.layers import get_channel_layer

    a, b = await database_sync_to_async(make_user)(), await database_sync_to_async(make_user)()
    match = await database_sync_to_async(match_start)(
        game_slug="one_poker",
        seats=[SeatSpec(user_id=a.pk), SeatSpec(user_id=b.pk)],
        from_queue=True,
    )
    comm = await connect(a)
    first = await receive(comm)  # One Poker opens with both seats to act: a "your turn"
    assert first["kind"] == "your_turn"
    payload = await database_sync_to_async(matched_message)(match.pk)
    await get_channel_layer().group_send(
        user_group(a.pk), {"type": "queue.event", "payload": payload}
    )
    notice = await receive(comm)
    assert (notice["kind"], notice["match_id"], notice["game"]) == (
        "queue_matched",
        match.pk,
        "one_poker",
    )
    # Other queue messages (status pushes, "left") are the queue page's business only.
    await get_channel_layer().group_send(
        user_group(a.pk), {"type": "queue.event", "payload": {"type": "left", "reason": "x"}}
    )
    assert await comm.receive_nothing(timeout=0.3)
    await comm.disconnect()


async def test_a_notice_names_the_game_in_the_language_of_the_page_that_hears_it(
    make_user,
) -> None:
    """The service that sends the notice has no reader: each socket names the game again in its
    own reader's language (here the language cookie: Chinese)."""
    alice, bob, cid = [await database_sync_to_async(make_user)(n) for n in ("alice", "bob", "cid")]
    table = await database_sync_to_async(lobby_services.table_create)(
        user_id=alice.pk, game_slug="dou_dizhu", seats=3
    )
    await database_sync_to_async(lobby_services.table_join)(user_id=cid.pk, table_id=table.pk)
    cookie = await database_sync_to_async(session_cookie)(alice)
    headers = [
        (b"origin", b"http://testserver"),
        (b"host", b"testserver"),
        (b"cookie", cookie + b"; django_language=zh-hans"),
    ]
    comm = WebsocketCommunicator(application, "/ws/notify/", headers=headers)
    assert (await comm.connect())[0]
    await settled(comm)
    await database_sync_to_async(lobby_services.table_join)(user_id=bob.pk, table_id=table.pk)
    notice = await receive(comm)
    assert (notice["kind"], notice["game"], notice["game_title"]) == (
        "table_started",
        "dou_dizhu",
        "斗地主",
    )
    await comm.disconnect()
