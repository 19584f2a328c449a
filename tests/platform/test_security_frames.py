"""Frames and paths that used to crash a consumer (issue 15, item 6): each now gets a specific
error frame or close code, never close 1011 or HTTP 500, and the match does not change."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from live import services
from live.services import SeatSpec, match_start
from support.live import snapshot

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

ORIGIN = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
DEEP = "[" * 2000 + "]" * 2000
NESTED_17: list = ["deep"]  # with the message and the action around it: 17 levels
for _ in range(15):
    NESTED_17 = [NESTED_17]
READY = {"kind": "ready"}


def session_cookie(user) -> bytes:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def connect(path: str, user=None) -> WebsocketCommunicator:  # type: ignore[no-untyped-def]
    headers = list(ORIGIN)
    if user is not None:
        headers.append((b"cookie", await database_sync_to_async(session_cookie)(user)))
    comm = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await comm.connect()
    assert connected
    return comm


async def next_message(comm: WebsocketCommunicator) -> dict[str, Any]:
    out = await comm.receive_output(timeout=5)
    assert out["type"] == "websocket.send", out  # never a close (1011 or any other) here
    return json.loads(out["text"])


@database_sync_to_async
def new_match(make_user):  # type: ignore[no-untyped-def]
    a, b = make_user(), make_user()
    match = match_start(
        game_slug="spectacular_bid", seats=[SeatSpec(user_id=a.pk), SeatSpec(user_id=b.pk)], seed=11
    )
    return match, a, b


async def ready_match(make_user):  # type: ignore[no-untyped-def]
    """A running Spectacular Bid match past Start, with both players connected."""
    match, a, b = await new_match(make_user)
    comms = [await connect(f"/ws/match/{match.pk}/", u) for u in (a, b)]
    for comm in comms:
        await next_message(comm)
    for comm in comms:
        await comm.send_json_to(
            {"type": "action", "command_id": "start", "action": {"kind": "ready"}}
        )
        while (await next_message(comm))["type"] != "ack":
            pass
    return match, comms


async def answer_to(comm: WebsocketCommunicator, frame: str) -> dict[str, Any]:
    await comm.send_to(text_data=frame)
    while True:
        message = await next_message(comm)
        if message["type"] == "error":
            return message


def action(payload: Any, command_id: str = "c1") -> str:
    return json.dumps({"type": "action", "command_id": command_id, "action": payload})


CASES = [
    ('{"type":[]}', "malformed", "type must be a string"),
    ('{"type":{}}', "malformed", "type must be a string"),
    ('{"type":null}', "malformed", "type must be a string"),
    ('{"type":"ping","t":' + str(10**30) + "}", "malformed", "numbers must lie within"),
    ('{"type":"ping","t":-1e300}', "malformed", "numbers must lie within"),
    ('{"type":"ping","t":NaN}', "malformed", "not JSON"),
    ('{"type":"ping","t":Infinity}', "malformed", "not JSON"),
    ('{"type":"ping","t":"soon"}', "malformed", "t must be a number"),
    ('{"type":"action","command_id":"x","action":' + DEEP + "}", "malformed", "not JSON"),
    (DEEP, "malformed", "not JSON"),
    (action(NESTED_17), "malformed", "nested deeper than 16"),
    (
        '{"type":"action","command_id":"x","seat":' + str(2**64) + ',"action":{}}',
        "malformed",
        "numbers",
    ),
    # The game's codec refuses these (illegal_action, rule malformed_action); a codec that raised
    # something else instead would be answered malformed by the consumer.
    (action({"kind": []}), None, None),
    (action({"kind": {}}), None, None),
    (action({"kind": "place", "tile": [6, 6], "end": []}), None, None),
    (action({"kind": "place", "tile": [6, 6], "end": {}}), None, None),
    (action({"kind": "place", "tile": [[6], 6], "end": 0}), None, None),
    (action({"kind": "place", "tile": "66", "end": 0}), None, None),
    (action({"kind": "place", "tile": [6, 6, 6, 6], "end": 0}), None, None),
    (action({"kind": "bid", "amount": 10**15}), None, None),
    (action({"kind": "bid", "amount": 2**53 + 1}), "malformed", "numbers must lie within"),
    (action(None), None, None),
    (action([]), None, None),
    (action("ready"), None, None),
    (action({"kind": "ready\u0000"}), "malformed", "NUL"),
    (json.dumps({"type": "action", "command_id": "a\u0000b", "action": READY}), "malformed", None),
    (
        json.dumps({"type": "action", "command_id": "a\nb", "action": READY}),
        "malformed",
        "command_id",
    ),
    (json.dumps({"type": "x" * 3000}), "unknown_type", None),
    ('"just a string"', "malformed", "one JSON object"),
    ('{"type":"ping","t":1}garbage', "malformed", "not JSON"),
]


@pytest.mark.parametrize(("frame", "code", "says"), CASES)
async def test_a_frame_that_crashed_the_consumer_gets_a_specific_error(
    make_user, frame: str, code: str | None, says: str | None
) -> None:
    match, comms = await ready_match(make_user)
    before = await database_sync_to_async(snapshot)(match)
    error = await answer_to(comms[0], frame)
    if code is None:  # the game's own refusal, or the codec's (either is the client's fault)
        assert error["code"] in ("malformed", "illegal_action", "not_your_turn"), error
        if error["code"] == "malformed":
            assert "spectacular_bid's actions" in error["message"], error
    else:
        assert error["code"] == code, error
    if says:
        assert says in error["message"], error
    assert len(json.dumps(error)) < 1000  # an error never echoes a huge frame back
    # The connection is alive and the match unchanged.
    await comms[0].send_json_to({"type": "ping", "t": 7})
    pong = await next_message(comms[0])
    assert pong["type"] == "pong" and pong["t"] == 7
    assert await database_sync_to_async(snapshot)(match) == before
    for comm in comms:
        await comm.disconnect()


@pytest.mark.parametrize(
    ("frame", "says"),
    [
        ('{"type":"ping","t":' + str(10**30) + "}", "numbers must lie within"),
        ('{"type":[]}', "type must be a string"),
        ('{"type":{}}', "type must be a string"),
        ('{"type":"ping","t":{"a":1}}', "t must be a number"),
        ('{"type":"join","game":' + DEEP[:1800] + DEEP[-1800:] + "}", "not JSON"),
    ],
)
async def test_the_queue_socket_answers_the_same_frames(make_user, frame: str, says: str) -> None:
    user = await database_sync_to_async(make_user)()
    comm = await connect("/ws/queue/", user)
    await next_message(comm)  # its status
    error = await answer_to(comm, frame)
    assert error["code"] == "malformed" and says in error["message"], error
    await comm.send_json_to({"type": "ping", "t": 3})
    while (message := await next_message(comm))["type"] != "pong":
        pass
    assert message == {"type": "pong", "t": 3}
    await comm.disconnect()


@pytest.mark.parametrize(
    ("path", "code"),
    [
        ("/ws/match/-1/", "no_match"),
        ("/ws/match/abc/", "no_match"),
        ("/ws/match/1.5/", "no_match"),
        ("/ws/match/99999999999999999999999/", "no_match"),
        ("/ws/match/999999/", "no_match"),
        ("/ws/match/", "no_match"),
        ("/ws/nothing/", "not_found"),
        ("/", "not_found"),
    ],
)
async def test_a_path_without_a_match_is_closed_with_4004(path: str, code: str) -> None:
    comm = WebsocketCommunicator(application, path, headers=ORIGIN)
    connected, _ = await comm.connect()
    assert connected
    assert (await next_message(comm))["code"] == code
    assert await comm.receive_output(timeout=5) == {"type": "websocket.close", "code": 4004}


async def test_a_server_fault_on_a_command_is_answered_and_the_socket_stays(
    make_user, monkeypatch, caplog
) -> None:
    """What the consumer does with an exception no client can be blamed for: logs it with its
    traceback, answers ``internal_error`` naming the command, and keeps serving."""
    match, comms = await ready_match(make_user)

    def broken(**kwargs: Any) -> None:
        raise RuntimeError("a bug in the service")

    monkeypatch.setattr(services, "action_submit", broken)
    with caplog.at_level(logging.ERROR, logger="live.consumers"):
        error = await answer_to(comms[0], action({"kind": "pass"}, "cmd-9"))
    assert error["code"] == "internal_error" and error["command_id"] == "cmd-9"
    assert any(r.exc_info and "a bug in the service" in str(r.exc_info[1]) for r in caplog.records)
    await comms[0].send_json_to({"type": "resync"})
    assert (await next_message(comms[0]))["type"] == "state"
    for comm in comms:
        await comm.disconnect()
