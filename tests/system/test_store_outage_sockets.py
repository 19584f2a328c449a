"""Issue 28, item 9 with real processes: while daphne cannot reach PostgreSQL, every socket gets an
answer — a frame on an open socket is answered ``store_unavailable`` (retry advised) and the socket
stays open; a new socket is accepted, told ``store_unavailable`` and closed with 4013 (try again
later: RFC 6455's 1013, which daphne cannot send) — never HTTP 500, never 1011.  Once the server
is back the same sockets carry on and a command sent again with its ``command_id`` is applied
once (docs/protocol.md).

A stack of its own with a PostgreSQL server of its own (stopping the machine's shared server would
break every other test run); no workers or sweeper: nothing here needs them.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from support.protocol_client import Http
from support.stack import unique

pytestmark = [pytest.mark.system, pytest.mark.postgres]


def stop_server(pg) -> None:  # type: ignore[no-untyped-def]
    """Stop the stack's own PostgreSQL server (fast: open connections are cut)."""
    pg._pg_ctl("stop", "-m", "fast", "-w")


def start_server(pg) -> None:  # type: ignore[no-untyped-def]
    """Start it again with the options it was first started with (support/private_postgres)."""
    options = f"-p {pg.port} -k {pg.folder} -c listen_addresses=127.0.0.1"
    pg._pg_ctl("start", "-w", "-o", options, "-l", str(pg.folder / "server.log"))


def socket(ws_base: str, path: str, origin: str, cookie: str = "") -> Any:
    headers = {"Cookie": f"sessionid={cookie}"} if cookie else {}
    return connect(f"{ws_base}{path}", origin=origin, additional_headers=headers, max_size=2**22)


async def first(ws: ClientConnection, *kinds: str) -> dict[str, Any]:
    while True:
        frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
        if frame["type"] in kinds:
            return frame


async def answer(ws: ClientConnection, frame: dict[str, Any], *kinds: str) -> dict[str, Any]:
    await ws.send(json.dumps(frame))
    return await first(ws, "error", *kinds)


async def opened_while_down(ws_base: str, path: str, origin: str, cookie: str = "") -> Any:
    """A handshake during the outage: its frames and close code (the handshake must succeed)."""
    frames = []
    async with socket(ws_base, path, origin, cookie) as ws:
        try:
            async with asyncio.timeout(30):
                async for text in ws:
                    frames.append(json.loads(text))
        except ConnectionClosed:
            pass
        return frames, ws.close_code


def test_sockets_get_answers_and_4013_while_the_database_is_unreachable(make_stack) -> None:
    stack = make_stack("postgres", own_postgres_server=True, workers=False, sweeper=False)
    names = [unique("steady"), unique("other")]
    ids = stack.django(
        "import json; from accounts.models import User; from live.services import SeatSpec, "
        "match_start; us = [User.objects.create_user(username=n, password='pw-' + n + '-123') "
        f"for n in {names!r}]; "
        "m = match_start(game_slug='spectacular_bid', seats=[SeatSpec(user_id=u.pk) for u in us]); "
        "print(json.dumps([m.pk] + [u.pk for u in us]))"
    )
    match_id = ids[0]
    http = Http(stack.base_url)
    http.login(names[0], f"pw-{names[0]}-123")
    cookie = http.cookie("sessionid") or ""
    origin, base = stack.base_url, stack.ws_base

    async def scenario() -> None:
        async with (
            socket(base, f"/ws/match/{match_id}/", origin, cookie) as match_ws,
            socket(base, f"/ws/chat/match/{match_id}/", origin, cookie) as chat_ws,
            socket(base, "/ws/notify/", origin, cookie) as notify_ws,
        ):
            snapshot = await first(match_ws, "state")
            await first(chat_ws, "hello")
            assert await answer(notify_ws, {"type": "ping", "t": 0}, "pong") == {
                "type": "pong",
                "t": 0,
            }  # every socket has finished opening
            legal = snapshot["legal"][0]
            stop_server(stack.private_pg)
            try:
                command = {"type": "action", "command_id": "during", "action": legal}
                refusals = [
                    await answer(match_ws, {"type": "resync"}, "state"),
                    await answer(match_ws, command, "ack"),
                    await answer(match_ws, {"type": "resign", "command_id": "quit"}, "ack"),
                    await answer(chat_ws, {"type": "post", "text": "hello?"}, "posted"),
                    await answer(notify_ws, {"type": "ping", "t": 1}, "pong"),
                ]
                for refusal in refusals:
                    assert refusal["type"] == "error", refusal
                    assert refusal["code"] == "store_unavailable", refusal
                    assert refusal["retry_after_ms"] == 1000
                assert [r.get("command_id") for r in refusals] == [
                    None,
                    "during",
                    "quit",
                    None,
                    None,
                ]
                # New sockets: a player's (the session is read from the database), a
                # spectator's (no session; the match is), a chat and a notification socket.
                for path, with_cookie in (
                    (f"/ws/match/{match_id}/", True),
                    (f"/ws/match/{match_id}/", False),
                    (f"/ws/chat/match/{match_id}/", False),
                    ("/ws/notify/", True),
                ):
                    frames, code = await opened_while_down(
                        base, path, origin, cookie if with_cookie else ""
                    )
                    assert code == 4013, (path, with_cookie, frames, code)
                    assert [f["code"] for f in frames] == ["store_unavailable"], frames
            finally:
                start_server(stack.private_pg)
            # The same sockets carry on; the command sent again is applied once.
            state = await answer(match_ws, {"type": "resync"}, "state")
            assert state["type"] == "state" and state["seq"] == snapshot["seq"]
            acked = await answer(match_ws, command, "ack")
            assert acked == {"type": "ack", "command_id": "during", "seq": snapshot["seq"] + 1}
            again = await answer(match_ws, command, "ack")
            assert again == acked
            posted = await answer(chat_ws, {"type": "post", "text": "back"}, "posted")
            assert posted["type"] == "posted"
            pong = await answer(notify_ws, {"type": "ping", "t": 2}, "pong")
            assert pong == {"type": "pong", "t": 2}

    asyncio.run(scenario())
    row = stack.django(
        "import json; from live.models import Match, Move; "
        f"m = Match.objects.get(pk={match_id}); "
        "print(json.dumps([m.status, list(Move.objects.filter(match=m)"
        ".values_list('command_id', flat=True))]))"
    )
    assert row == ["running", ["during"]]
