"""The queue's WebSocket endpoint ``/ws/queue/`` driven in-process with Channels' communicator."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from live.services import SeatSpec, match_start
from matchmaking import services
from matchmaking.models import QueueEntry

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

_names = itertools.count()


@database_sync_to_async
def new_user():  # type: ignore[no-untyped-def]
    from accounts.models import User

    return User.objects.create(username=f"socket{next(_names)}")


def session_cookie(user) -> bytes:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def connect(user=None) -> WebsocketCommunicator:  # type: ignore[no-untyped-def]
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if user is not None:
        headers.append((b"cookie", await database_sync_to_async(session_cookie)(user)))
    comm = WebsocketCommunicator(application, "/ws/queue/", headers=headers)
    connected, _ = await comm.connect()
    assert connected
    return comm


async def receive(comm: WebsocketCommunicator) -> dict[str, Any]:
    return json.loads(await comm.receive_from(timeout=5))


async def receive_until(comm: WebsocketCommunicator, kind: str) -> dict[str, Any]:
    while True:
        message = await receive(comm)
        if message["type"] == kind:
            return message


async def test_without_a_session_the_queue_socket_says_why_and_closes() -> None:
    comm = await connect()
    assert await receive(comm) == {
        "type": "error",
        "code": "login_required",
        "message": "log in to queue",
    }
    assert (await comm.receive_output(timeout=5))["code"] == 4001


async def test_two_players_join_see_their_status_and_are_both_told_of_their_match() -> None:
    a, b = await new_user(), await new_user()
    ca, cb = await connect(a), await connect(b)
    assert await receive(ca) == {"type": "idle", "cooldown_s": 0}
    assert await receive(cb) == {"type": "idle", "cooldown_s": 0}
    await ca.send_json_to({"type": "join", "game": "spectacular_bid", "rated": True})
    status = await receive_until(ca, "status")
    assert (status["game"], status["rated"], status["rating"], status["position"]) == (
        "spectacular_bid",
        True,
        1500,
        1,
    )
    assert status["window"] == {"width": 100, "low": 1400, "high": 1600}
    await cb.send_json_to({"type": "join", "game": "spectacular_bid", "rated": True})
    status = await receive_until(cb, "status")
    assert (status["position"], status["size"]) == (2, 2)

    report = await database_sync_to_async(services.queue_pass)()
    (match_id,) = report.match_ids
    expected = {
        "type": "matched",
        "match_id": match_id,
        "url": f"/match/{match_id}/",
        "ws_path": f"/ws/match/{match_id}/",
    }
    assert await receive_until(ca, "matched") == expected
    assert await receive_until(cb, "matched") == expected
    # Back to idle on the next push: the entry is gone.
    assert await receive_until(ca, "idle") == {"type": "idle", "cooldown_s": 0}
    await ca.disconnect()
    await cb.disconnect()

    # A connection opened after the match was made (a reload) hears of it at once.
    again = await connect(a)
    assert await receive(again) == expected
    await again.disconnect()


async def test_leave_and_bad_requests() -> None:
    a = await new_user()
    comm = await connect(a)
    await receive(comm)
    await comm.send_json_to({"type": "join", "game": "spectacular_bid", "rated": "yes"})
    assert (await receive_until(comm, "error"))["code"] == "malformed"
    await comm.send_json_to({"type": "join", "game": "chess"})
    assert (await receive_until(comm, "error"))["code"] == "bad_game"
    await comm.send_to(text_data="not json")
    assert (await receive_until(comm, "error"))["code"] == "malformed"
    await comm.send_json_to({"type": "dance"})
    assert (await receive_until(comm, "error"))["code"] == "unknown_type"
    await comm.send_json_to({"type": "join", "game": "one_poker", "rated": False})
    status = await receive_until(comm, "status")
    assert (status["game"], status["rated"], status["ai_fill_in_s"]) == ("one_poker", False, 30)
    await comm.send_json_to({"type": "leave"})
    assert await receive_until(comm, "left") == {"type": "left", "reason": "cancelled"}
    assert not await database_sync_to_async(QueueEntry.objects.filter(user=a).exists)()
    await comm.disconnect()


async def test_a_no_show_is_told_of_the_cooldown_and_cannot_join() -> None:
    a, b = await new_user(), await new_user()

    @database_sync_to_async
    def abort_as_no_show() -> int:
        match = match_start(
            game_slug="spectacular_bid",
            seats=[SeatSpec(user_id=a.pk), SeatSpec(user_id=b.pk)],
            rated=True,
            from_queue=True,
        )
        match.status = "aborted"
        match.save(update_fields=["status"])
        services.queue_no_show(match_id=match.pk, no_show_user_ids=[a.pk], other_user_ids=[b.pk])
        return match.pk

    ca, cb = await connect(a), await connect(b)
    await receive(ca)
    await receive(cb)
    match_id = await abort_as_no_show()
    assert await receive_until(ca, "cooldown") == {
        "type": "cooldown",
        "cooldown_s": 30,
        "match_id": match_id,
    }
    assert await receive_until(cb, "requeued") == {
        "type": "requeued",
        "match_id": match_id,
        "game": "spectacular_bid",
    }
    status = await receive_until(cb, "status")
    assert (status["priority"], status["position"]) == (True, 1)
    await ca.send_json_to({"type": "join", "game": "spectacular_bid", "rated": True})
    error = await receive_until(ca, "error")
    assert error["code"] == "cooldown" and 25 <= error["cooldown_s"] <= 30  # real seconds pass
    await ca.disconnect()
    await cb.disconnect()


async def test_the_open_socket_keeps_the_entry_alive(settings) -> None:
    settings.QUEUE_HEARTBEAT_S = 0
    settings.QUEUE_STATUS_PUSH_S = 0.05
    a = await new_user()
    comm = await connect(a)
    await receive(comm)
    await comm.send_json_to({"type": "join", "game": "spectacular_bid"})
    await receive_until(comm, "status")

    @database_sync_to_async
    def last_seen():  # type: ignore[no-untyped-def]
        return QueueEntry.objects.get(user=a).last_seen

    first = await last_seen()
    for _ in range(5):
        await receive_until(comm, "status")
    assert await last_seen() > first
    await comm.disconnect()
    # Closing the socket does not leave the queue: a reload must not cost the place.
    assert await database_sync_to_async(QueueEntry.objects.filter(user=a).exists)()
