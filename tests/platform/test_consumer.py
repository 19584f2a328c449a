"""The WebSocket endpoint (docs/protocol.md) driven in-process with Channels' communicator."""

from __future__ import annotations

import json
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from live.services import SeatSpec, match_start
from support.live import engine_state, first_legal, pending_seats, snapshot

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def session_cookie(user) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def connect(match_id: int, user=None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if user is not None:
        headers.append((b"cookie", await database_sync_to_async(session_cookie)(user)))
    comm = WebsocketCommunicator(application, f"/ws/match/{match_id}/", headers=headers)
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


@database_sync_to_async
def new_match(make_user):
    a, b = make_user(), make_user()
    match = match_start(
        game_slug="spectacular_bid", seats=[SeatSpec(user_id=a.pk), SeatSpec(user_id=b.pk)], seed=11
    )
    return match, a, b


def hidden_tiles(match, seat: int) -> list[list[int]]:
    return engine_state(match).view(seat)["hand"]


async def start_round(comm_a, comm_b, match) -> int:
    for comm in (comm_a, comm_b):
        await comm.send_json_to(
            {"type": "action", "command_id": "start", "action": {"kind": "ready"}}
        )
        await receive_until(comm, "ack")
    seats = await database_sync_to_async(pending_seats)(match)
    return seats[0]


async def test_each_seat_gets_its_own_view_and_spectators_no_hand(make_user) -> None:
    match, a, b = await new_match(make_user)
    ca, cb, spectator = (
        await connect(match.pk, a),
        await connect(match.pk, b),
        await connect(match.pk),
    )
    for comm in (ca, cb, spectator):
        assert (await receive(comm))["reason"] == "snapshot"
    await start_round(ca, cb, match)
    hands = [await database_sync_to_async(hidden_tiles)(match, s) for s in (0, 1)]
    # After the deal, each seat's latest state shows its own seven tiles and none of the other's.
    msgs = {}
    for name, comm in (("a", ca), ("b", cb), ("spectator", spectator)):
        await comm.send_json_to({"type": "resync"})
        while (message := await receive_until(comm, "state"))["reason"] != "snapshot":
            pass
        msgs[name] = message
    assert sorted(map(sorted, msgs["a"]["view"]["hand"])) == sorted(map(sorted, hands[0]))
    assert sorted(map(sorted, msgs["b"]["view"]["hand"])) == sorted(map(sorted, hands[1]))
    assert "hand" not in msgs["spectator"]["view"] or msgs["spectator"]["view"]["hand"] in (
        [],
        None,
    )
    assert msgs["spectator"]["legal"] == []
    for comm in (ca, cb, spectator):
        await comm.disconnect()


async def test_a_move_reaches_both_seats_and_spectators_with_the_same_seq(make_user) -> None:
    match, a, b = await new_match(make_user)
    ca, cb, spectator = (
        await connect(match.pk, a),
        await connect(match.pk, b),
        await connect(match.pk),
    )
    for comm in (ca, cb, spectator):
        await receive(comm)
    seat = await start_round(ca, cb, match)
    mover = ca if seat == 0 else cb
    action = await database_sync_to_async(first_legal)(match, seat)
    await mover.send_json_to({"type": "action", "command_id": "m1", "action": action})
    ack = await receive_until(mover, "ack")
    seqs = set()
    for comm in (ca, cb, spectator):
        while True:
            state = await receive_until(comm, "state")
            if state["seq"] == ack["seq"]:
                seqs.add(state["seq"])
                break
    assert seqs == {3}
    for comm in (ca, cb, spectator):
        await comm.disconnect()


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("not json", "malformed"),
        ("[1, 2]", "malformed"),
        (json.dumps({"type": "dance"}), "unknown_type"),
        (json.dumps({"type": "action", "action": {"kind": "ready"}}), "malformed"),
        (
            json.dumps({"type": "action", "command_id": "x", "action": {"kind": "fly"}}),
            "illegal_action",
        ),
        (
            json.dumps(
                {"type": "action", "command_id": "x", "seat": 1, "action": {"kind": "ready"}}
            ),
            "not_your_seat",
        ),
        (
            json.dumps(
                {"type": "action", "command_id": "x", "seq": 99, "action": {"kind": "ready"}}
            ),
            "stale_seq",
        ),
    ],
)
async def test_bad_input_gets_a_specific_error_and_changes_nothing(make_user, frame, code) -> None:
    match, a, _ = await new_match(make_user)
    comm = await connect(match.pk, a)
    await receive(comm)
    before = await database_sync_to_async(snapshot)(match)
    await comm.send_to(text_data=frame)
    error = await receive_until(comm, "error")
    assert error["code"] == code
    assert await database_sync_to_async(snapshot)(match) == before
    await comm.disconnect()


async def test_spectators_cannot_act(make_user) -> None:
    match, _, _ = await new_match(make_user)
    comm = await connect(match.pk)
    await receive(comm)
    before = await database_sync_to_async(snapshot)(match)
    await comm.send_json_to({"type": "action", "command_id": "x", "action": {"kind": "ready"}})
    assert (await receive_until(comm, "error"))["code"] == "not_a_player"
    assert await database_sync_to_async(snapshot)(match) == before
    await comm.disconnect()


async def test_oversized_frame_closes_with_4009(make_user, settings) -> None:
    match, a, _ = await new_match(make_user)
    comm = await connect(match.pk, a)
    await receive(comm)
    before = await database_sync_to_async(snapshot)(match)
    await comm.send_to(text_data="x" * (settings.LIVE_MAX_FRAME_BYTES + 1))
    closed = await comm.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": 4009}
    assert await database_sync_to_async(snapshot)(match) == before


async def test_flood_closes_with_4029(make_user, settings) -> None:
    settings.LIVE_RATE_LIMIT = 5
    match, a, _ = await new_match(make_user)
    comm = await connect(match.pk, a)
    await receive(comm)
    for i in range(6):
        await comm.send_json_to({"type": "ping", "t": i})
    outputs = []
    while True:
        out = await comm.receive_output(timeout=5)
        outputs.append(out)
        if out["type"] == "websocket.close":
            break
    assert outputs[-1]["code"] == 4029
    assert json.loads(outputs[-2]["text"])["code"] == "rate_limited"


async def test_unknown_match_closes_with_4004(make_user) -> None:
    comm = WebsocketCommunicator(
        application, "/ws/match/999999/", headers=[(b"origin", b"http://testserver")]
    )
    await comm.connect()
    assert (await receive(comm))["code"] == "no_match"
    assert (await comm.receive_output(timeout=5))["code"] == 4004


async def test_foreign_origin_is_refused(make_user) -> None:
    match, a, _ = await new_match(make_user)
    comm = WebsocketCommunicator(
        application, f"/ws/match/{match.pk}/", headers=[(b"origin", b"http://evil.example")]
    )
    connected, _ = await comm.connect()
    assert not connected


async def test_reconnecting_player_gets_a_fresh_snapshot_of_their_view(make_user) -> None:
    match, a, b = await new_match(make_user)
    ca, cb = await connect(match.pk, a), await connect(match.pk, b)
    await receive(ca)
    await receive(cb)
    await start_round(ca, cb, match)
    await ca.disconnect()
    again = await connect(match.pk, a)
    snap = await receive(again)
    assert snap["reason"] == "snapshot" and snap["seq"] == 2 and snap["seat"] == 0
    assert len(snap["view"]["hand"]) == 7
    await again.disconnect()
    await cb.disconnect()


async def test_ping_answers_with_server_time(make_user) -> None:
    match, a, _ = await new_match(make_user)
    comm = await connect(match.pk, a)
    await receive(comm)
    await comm.send_json_to({"type": "ping", "t": 42})
    pong = await receive_until(comm, "pong")
    assert pong["t"] == 42 and pong["server_ms"] > 1_700_000_000_000
    await comm.disconnect()
