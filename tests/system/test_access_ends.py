"""Issue 28, item 4 with real processes: a ban or a revoked API token closes every socket it
opened — match, chat, notification and queue sockets, on two daphne processes — through the
channel layer, and a frame sent once the ban or revocation is done is not answered and changes
nothing (docs/protocol.md "Access that ends").

The ban and the revocation run through their services in the stack's Django shell: a third
process, so the close events travel the way an operator's action in the admin sends them.  Runs
on the test process's shared PostgreSQL stack, with a second web process of the test's own.
"""

from __future__ import annotations

import asyncio
import json
import time
import urllib.request
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from support.protocol_client import Http
from support.stack import BIN, free_port, unique

pytestmark = [pytest.mark.system, pytest.mark.postgres]

CLOSE_DEADLINE_S = 10.0  # only bounds a hang: the close is expected within milliseconds


def make_people(stack, *prefixes: str) -> dict[str, tuple[int, str]]:
    """New users (id, name), password ``pw-<name>-123``."""
    names = {prefix: unique(prefix) for prefix in prefixes}
    ids = stack.django(
        "import json; from accounts.models import User; print(json.dumps({"
        + ", ".join(
            f"'{p}': User.objects.create_user(username='{n}', password='pw-{n}-123').pk"
            for p, n in names.items()
        )
        + "}))"
    )
    return {p: (ids[p], names[p]) for p in prefixes}


def start_match(stack, *user_ids: int) -> int:
    seats = ", ".join(f"SeatSpec(user_id={u})" for u in user_ids)
    return stack.django(
        "import json; from live.services import SeatSpec, match_start; "
        f"print(json.dumps(match_start(game_slug='spectacular_bid', seats=[{seats}]).pk))"
    )


MATCH_ROW = (
    "import json; from live.models import Match, Move; m = Match.objects.get(pk={id}); "
    "print(json.dumps({{'seq': m.seq, 'status': m.status, 'state': m.state, "
    "'commands': list(Move.objects.filter(match=m).values_list('command_id', flat=True))}}))"
)


class SecondWeb:
    """Another daphne on the stack (its own port, the stack's database and Redis), as a second
    web pod: a user's sockets spread over both."""

    def __init__(self, stack) -> None:
        self.stack = stack
        self.port = free_port()
        self.name = unique("web-b")

    def __enter__(self) -> str:
        args = [str(BIN / "daphne"), "-b", "127.0.0.1", "-p", str(self.port)]
        self.stack.start(self.name, [*args, "config.asgi:application"])
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz/", timeout=3):
                    return f"ws://127.0.0.1:{self.port}"
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.3)

    def __exit__(self, *exc: object) -> None:
        self.stack.kill(self.name)


def socket(ws_base: str, path: str, origin: str, *, cookie: str = "", token: str = "") -> Any:
    headers = {}
    if cookie:
        headers["Cookie"] = f"sessionid={cookie}"
    if token:
        headers["Authorization"] = f"Bearer {token}"
    return connect(f"{ws_base}{path}", origin=origin, additional_headers=headers, max_size=2**22)


async def first(ws: ClientConnection, *kinds: str) -> dict[str, Any]:
    while True:
        frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
        if frame["type"] in kinds:
            return frame


async def send_quietly(ws: ClientConnection, frame: dict[str, Any]) -> None:
    """Send, unless the server closed the socket already (then the frame never left)."""
    try:
        await ws.send(json.dumps(frame))
    except ConnectionClosed:
        pass


async def until_closed(ws: ClientConnection) -> tuple[list[dict[str, Any]], int | None, float]:
    """The frames the server still sent, its close code and when it closed (monotonic)."""
    frames = []
    try:
        async with asyncio.timeout(CLOSE_DEADLINE_S):
            async for text in ws:
                frames.append(json.loads(text))
    except ConnectionClosed:
        pass
    except TimeoutError:
        return frames, None, time.monotonic()
    return frames, ws.close_code, time.monotonic()


def test_a_ban_closes_every_socket_of_the_user_on_every_web_process(shared_stack) -> None:
    stack = shared_stack("postgres")
    people = make_people(stack, "banned", "rival", "moderator")
    (alice, alice_name), (bob, bob_name) = people["banned"], people["rival"]
    match_id = start_match(stack, alice, bob)
    http = Http(stack.base_url)
    http.login(alice_name, f"pw-{alice_name}-123")
    cookie = http.cookie("sessionid") or ""
    rival = Http(stack.base_url)
    rival.login(bob_name, f"pw-{bob_name}-123")
    origin = stack.base_url

    with SecondWeb(stack) as web_b:

        async def scenario() -> None:
            a = stack.ws_base
            async with (
                socket(a, f"/ws/match/{match_id}/", origin, cookie=cookie) as match_ws,
                socket(web_b, f"/ws/chat/match/{match_id}/", origin, cookie=cookie) as chat_ws,
                socket(a, "/ws/notify/", origin, cookie=cookie) as notify_ws,
                socket(web_b, "/ws/queue/", origin, cookie=cookie) as queue_ws,
                socket(
                    web_b, f"/ws/match/{match_id}/", origin, cookie=rival.cookie("sessionid") or ""
                ) as rival_ws,
            ):
                snapshot = await first(match_ws, "state")
                await first(chat_ws, "hello")
                await first(queue_ws, "status", "idle")
                await first(rival_ws, "state")
                # Every socket answers before the ban.
                await notify_ws.send(json.dumps({"type": "ping", "t": 1}))
                assert (await first(notify_ws, "pong"))["t"] == 1

                await asyncio.to_thread(
                    stack.django,
                    "import json; from accounts.services import operator_ensure; "
                    "from operations.services import user_ban; "
                    f"op, _ = operator_ensure(username='{people['moderator'][1]}', "
                    "password='pw-mod-12345'); "
                    f"user_ban(user_id={alice}, reason='cheating', actor=op); print(1)",
                )
                banned_at = time.monotonic()
                after_ban = await asyncio.to_thread(stack.django, MATCH_ROW.format(id=match_id))
                # Frames sent once the ban is done: none may be answered or change anything.
                await send_quietly(
                    match_ws,
                    {"type": "action", "command_id": "after-ban", "action": snapshot["legal"][0]},
                )
                await send_quietly(chat_ws, {"type": "post", "text": "still here"})
                await send_quietly(notify_ws, {"type": "ping", "t": 2})
                await send_quietly(
                    queue_ws, {"type": "join", "game": "spectacular_bid", "rated": False}
                )
                ends = await asyncio.gather(
                    *(until_closed(ws) for ws in (match_ws, chat_ws, notify_ws, queue_ws))
                )
                for name, (frames, code, closed_at) in zip(
                    ("match", "chat", "notify", "queue"), ends, strict=True
                ):
                    assert code == 4003, (name, code, frames)
                    assert closed_at - banned_at < CLOSE_DEADLINE_S
                    assert frames[-1]["code"] == "account_closed", (name, frames)
                    answers = [f for f in frames if f["type"] in ("ack", "posted", "pong")]
                    assert answers == [], (name, answers)
                    assert not any(
                        f.get("command_id") == "after-ban" and f["type"] == "ack" for f in frames
                    )
                # The rival's socket is not the banned user's: it stays open and answers.
                await rival_ws.send(json.dumps({"type": "ping", "t": 3}))
                assert (await first(rival_ws, "pong"))["t"] == 3
                assert (
                    await asyncio.to_thread(stack.django, MATCH_ROW.format(id=match_id))
                    == after_ban
                )
                assert after_ban["status"] == "finished"  # the ban forfeited the match
                assert "after-ban" not in after_ban["commands"]

        asyncio.run(scenario())

    stored = stack.django(
        "import json; from chat.models import ChatMessage; "
        "from matchmaking.models import QueueEntry; "
        f"print(json.dumps([ChatMessage.objects.filter(author_id={alice}).count(), "
        f"QueueEntry.objects.filter(user_id={alice}).count()]))"
    )
    assert stored == [0, 0]


def test_a_revoked_token_closes_its_sockets_and_a_later_command_is_not_applied(
    shared_stack,
) -> None:
    stack = shared_stack("postgres")
    people = make_people(stack, "robot", "human")
    (bot, _), (human, _) = people["robot"], people["human"]
    tokens = stack.django(
        "import json; from accounts.services import bot_upgrade, token_create; "
        f"bot_upgrade(user_id={bot}); "
        f"made = [token_create(user_id={bot}, name=n) for n in ('a', 'b')]; "
        "print(json.dumps([[row.pk, secret] for row, secret in made]))"
    )
    (a_id, a_secret), (_, b_secret) = tokens
    match_id = start_match(stack, bot, human)
    origin = stack.base_url

    with SecondWeb(stack) as web_b:

        async def scenario() -> None:
            base = stack.ws_base
            async with (
                socket(base, f"/ws/match/{match_id}/", origin, token=a_secret) as by_a,
                socket(web_b, "/ws/notify/", origin, token=a_secret) as notify_a,
                socket(web_b, f"/ws/match/{match_id}/", origin, token=b_secret) as by_b,
            ):
                snapshot = await first(by_a, "state")
                await first(by_b, "state")
                legal = snapshot["legal"][0]
                await asyncio.to_thread(
                    stack.django,
                    "from accounts.services import token_revoke; "
                    f"print(int(token_revoke(token_id={a_id})))",
                )
                revoked_at = time.monotonic()
                before = await asyncio.to_thread(stack.django, MATCH_ROW.format(id=match_id))
                # A command and a resignation sent with the revoked token: neither is applied.
                await send_quietly(
                    by_a, {"type": "action", "command_id": "after-revoke", "action": legal}
                )
                await send_quietly(by_a, {"type": "resign", "command_id": "resign-after"})
                await send_quietly(notify_a, {"type": "ping", "t": 1})
                for ws in (by_a, notify_a):
                    frames, code, closed_at = await until_closed(ws)
                    assert code == 4003, (code, frames)
                    assert closed_at - revoked_at < CLOSE_DEADLINE_S
                    assert frames[-1]["code"] == "token_revoked", frames
                    assert [f for f in frames if f["type"] in ("ack", "pong")] == []
                assert (
                    await asyncio.to_thread(stack.django, MATCH_ROW.format(id=match_id)) == before
                )
                assert before["status"] == "running"
                # The other token's socket still plays.
                await by_b.send(
                    json.dumps({"type": "action", "command_id": "by-b", "action": legal})
                )
                answer = await first(by_b, "ack", "error")
                assert answer["type"] == "ack" and answer["seq"] == before["seq"] + 1, answer

        asyncio.run(scenario())
    after = stack.django(MATCH_ROW.format(id=match_id))
    assert [c for c in after["commands"] if c in ("after-revoke", "resign-after", "by-b")] == [
        "by-b"
    ]


def test_a_ban_during_moves_leaves_every_answer_true_to_the_move_log(shared_stack) -> None:
    """The race: the banned user's moves on three matches leave while the ban commits.  Whatever
    the interleaving, a move acknowledged is in the log at its seq (it committed before the ban
    reached its match); any other answer (``match_over``, ``account_closed``, or none before
    the close) means it is not — and every match ends forfeited by the ban."""
    stack = shared_stack("postgres")
    people = make_people(stack, "racer", "r1", "r2", "r3", "marshal")
    racer, racer_name = people["racer"]
    match_ids = [start_match(stack, racer, people[r][0]) for r in ("r1", "r2", "r3")]
    http = Http(stack.base_url)
    http.login(racer_name, f"pw-{racer_name}-123")
    cookie = http.cookie("sessionid") or ""
    ban = (
        "from accounts.services import operator_ensure; "
        "from operations.services import user_ban; "
        f"op, _ = operator_ensure(username='{people['marshal'][1]}', password='pw-mar-12345'); "
        f"user_ban(user_id={racer}, reason='race', actor=op); print(1)"
    )

    async def scenario() -> list[tuple[list[dict[str, Any]], int | None, float]]:
        sockets = [
            socket(stack.ws_base, f"/ws/match/{m}/", stack.base_url, cookie=cookie)
            for m in match_ids
        ]
        async with sockets[0] as w0, sockets[1] as w1, sockets[2] as w2:
            legal = [(await first(ws, "state"))["legal"][0] for ws in (w0, w1, w2)]
            banning = asyncio.create_task(asyncio.to_thread(stack.django, ban))
            for n, ws in enumerate((w0, w1, w2)):
                await send_quietly(
                    ws, {"type": "action", "command_id": f"race-{n}", "action": legal[n]}
                )
            await banning
            return list(await asyncio.gather(*(until_closed(ws) for ws in (w0, w1, w2))))

    ends = asyncio.run(scenario())
    for n, (match_id, (frames, code, _)) in enumerate(zip(match_ids, ends, strict=True)):
        row = stack.django(MATCH_ROW.format(id=match_id))
        assert row["status"] == "finished" and code == 4003, (row["status"], code)
        answers = [f for f in frames if f.get("command_id") == f"race-{n}"]
        assert len(answers) <= 1, answers
        acked = bool(answers) and answers[0]["type"] == "ack"
        assert acked == (f"race-{n}" in row["commands"]), (answers, row["commands"])
        if answers and not acked:
            assert answers[0]["code"] in ("match_over", "account_closed"), answers
