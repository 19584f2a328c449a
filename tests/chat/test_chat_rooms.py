"""Issue 18, item 8: match and tournament chat over the socket (docs/chat.md)."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.utils import timezone

from chat.filters import Refused
from config.asgi import application
from live.models import Move
from live.services import match_resign
from support.live import duel

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def session_cookie(user: Any) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


class Sock:
    """One chat socket: its frames as JSON."""

    def __init__(self, comm: WebsocketCommunicator) -> None:
        self.comm = comm

    async def recv(self) -> dict[str, Any]:
        out = await self.comm.receive_output(timeout=5)
        assert out["type"] == "websocket.send", out
        return json.loads(out["text"])

    async def recv_type(self, *types: str) -> dict[str, Any]:
        while True:
            frame = await self.recv()
            if frame["type"] in types:
                return frame

    async def send(self, frame: dict[str, Any]) -> None:
        await self.comm.send_to(text_data=json.dumps(frame))

    async def post(self, text: str) -> dict[str, Any]:
        """Post; the answer to it (``posted`` or ``error``), skipping broadcast messages."""
        await self.send({"type": "post", "text": text})
        return await self.recv_type("posted", "error")

    async def silent(self) -> bool:
        return await self.comm.receive_nothing(timeout=0.3)

    async def close(self) -> None:
        await self.comm.disconnect()


async def open_chat(
    path: str,
    user: Any = None,
    headers: list[tuple[bytes, bytes]] | None = None,
    cookie: bytes = b"",
) -> tuple[Sock, dict[str, Any]]:
    hs = [(b"origin", b"http://testserver"), (b"host", b"testserver"), *(headers or [])]
    if user is not None:
        cookie = b"; ".join(
            c for c in (await database_sync_to_async(session_cookie)(user), cookie) if c
        )
    if cookie:
        hs.append((b"cookie", cookie))
    comm = WebsocketCommunicator(application, path, headers=hs)
    connected, _ = await comm.connect()
    assert connected
    sock = Sock(comm)
    return sock, await sock.recv()


@database_sync_to_async
def two_players_and_their_match(make_user: Any) -> tuple[Any, Any, Any]:
    a, b = make_user(), make_user()
    return duel(a, b, seed=3), a, b


@database_sync_to_async
def a_tournament(make_user: Any) -> Any:
    from tournaments.models import Tournament

    now = timezone.now()
    return Tournament.objects.create(
        name="Cup",
        game="spectacular_bid",
        format="swiss",
        bank_ms=60_000,
        delay_ms=5_000,
        seats_per_table=2,
        rounds=3,
        registration_opens=now,
        registration_closes=now + timedelta(hours=1),
        starts_at=now + timedelta(hours=1),
        max_players=16,
        seed=1,
        organiser=make_user(),
    )


@database_sync_to_async
def stored(**filters: Any) -> list[str]:
    from chat.models import ChatMessage

    return list(ChatMessage.objects.filter(**filters).order_by("id").values_list("text", flat=True))


def names(hello: dict[str, Any]) -> list[str]:
    return [room["room"] for room in hello["rooms"]]


async def test_players_and_spectators_do_not_read_each_other_while_the_match_runs(
    make_user,
) -> None:
    match, a, b = await two_players_and_their_match(make_user)
    watcher = await database_sync_to_async(make_user)()
    path = f"/ws/chat/match/{match.pk}/"
    sa, hello_a = await open_chat(path, a)
    sb, _ = await open_chat(path, b)
    sw, hello_w = await open_chat(path, watcher)
    anon, hello_anon = await open_chat(path)
    assert names(hello_a) == ["players"] and hello_a["post_to"] == "players"
    assert names(hello_w) == ["spectators"] and hello_w["post_to"] == "spectators"
    assert names(hello_anon) == ["spectators"] and hello_anon["post_to"] is None

    assert (await sa.post("good luck"))["type"] == "posted"
    got = await sb.recv_type("message")
    assert got == {**got, "room": "players", "author": a.username, "text": "good luck"}
    assert set(got) == {"type", "room", "id", "author", "text", "at"}  # text and names only
    assert await sw.silent() and await anon.silent()

    assert (await sw.post("play the ace!"))["type"] == "posted"
    assert (await anon.recv_type("message"))["text"] == "play the ace!"
    assert await sb.silent()
    await sa.recv_type("message")  # a's own message came back to a
    assert await sa.silent()

    # Anonymous readers cannot post, and nothing is stored.
    refused = await anon.post("hello?")
    assert refused["code"] == "login_required"
    assert await stored() == ["good luck", "play the ace!"]

    # Once the match ends both rooms are open to everyone, each with its history.
    await database_sync_to_async(match_resign)(match_id=match.pk, command_id="r1", user_id=a.pk)
    opened = await sw.recv_type("room")
    assert opened["room"] == "players"
    assert [m["text"] for m in opened["messages"]] == ["good luck"]
    opened = await sa.recv_type("room")
    assert opened["room"] == "spectators"
    assert [m["text"] for m in opened["messages"]] == ["play the ace!"]
    late, hello_late = await open_chat(path)
    assert names(hello_late) == ["players", "spectators"]
    for sock in (sa, sb, sw, anon, late):
        await sock.close()


async def test_a_tournament_has_one_room_for_entrants_and_watchers(make_user) -> None:
    tournament = await a_tournament(make_user)
    x, y = [await database_sync_to_async(make_user)() for _ in range(2)]
    path = f"/ws/chat/tournament/{tournament.pk}/"
    sx, hello = await open_chat(path, x)
    sy, _ = await open_chat(path, y)
    anon, hello_anon = await open_chat(path)
    assert names(hello) == ["tournament"] and hello["post_to"] == "tournament"
    assert hello_anon["post_to"] is None
    await sx.post("round 1 soon")
    assert (await sy.recv_type("message"))["text"] == "round 1 soon"
    assert (await anon.recv_type("message"))["author"] == x.username
    again, hello_again = await open_chat(path)
    assert [m["text"] for m in hello_again["rooms"][0]["messages"]] == ["round 1 soon"]
    for sock in (sx, sy, anon, again):
        await sock.close()


async def test_no_such_room_is_closed_with_4004(make_user) -> None:
    sock, error = await open_chat("/ws/chat/match/987654/")
    assert error["code"] == "no_room"
    out = await sock.comm.receive_output(timeout=5)
    assert out == {"type": "websocket.close", "code": 4004}
    sock, error = await open_chat("/ws/chat/tournament/99999999999999999999/")
    assert error["code"] in ("no_room", "not_found")


async def test_too_long_and_empty_messages_are_refused_and_not_stored(make_user, settings) -> None:
    match, a, _ = await two_players_and_their_match(make_user)
    sa, hello = await open_chat(f"/ws/chat/match/{match.pk}/", a)
    assert hello["max_length"] == 300
    error = await sa.post("x" * 301)
    assert error["code"] == "too_long" and error["max_length"] == 300
    assert error["message"] == "Message too long: at most 300 characters."
    assert (await sa.post("   \n "))["code"] == "empty"
    assert (await sa.post("a\x07b"))["code"] == "malformed"
    await sa.send({"type": "post", "text": 12})
    assert (await sa.recv_type("error"))["code"] == "malformed"
    assert await stored() == []
    assert (await sa.post("y" * 300))["type"] == "posted"
    await sa.close()


async def test_the_rate_limit_says_slow_down_and_stores_nothing_more(make_user, settings) -> None:
    settings.CHAT_RATE_LIMIT = 5
    settings.CHAT_RATE_WINDOW_S = 10
    match, a, _ = await two_players_and_their_match(make_user)
    sa, _ = await open_chat(f"/ws/chat/match/{match.pk}/", a)
    for i in range(5):
        assert (await sa.post(f"m{i}"))["type"] == "posted"
    error = await sa.post("one too many")
    assert error["code"] == "slow_down"
    assert error["message"].startswith("Slow down: at most 5 messages in 10 seconds.")
    assert 1 <= error["retry_after_s"] <= 10
    assert await stored() == [f"m{i}" for i in range(5)]
    await sa.close()


async def test_an_operators_mute_blocks_posting(make_user) -> None:
    from operations.services import user_mute

    match, a, b = await two_players_and_their_match(make_user)
    operator = await database_sync_to_async(make_user)()
    until = timezone.now() + timedelta(hours=1)
    await database_sync_to_async(user_mute)(
        user_id=a.pk, reason="abuse", actor=operator, expires_at=until
    )
    await database_sync_to_async(user_mute)(user_id=b.pk, reason="abuse", actor=operator)
    path = f"/ws/chat/match/{match.pk}/"
    sa, _ = await open_chat(path, a)
    sb, _ = await open_chat(path, b)
    error = await sa.post("hello")
    assert error["code"] == "muted" and error["message"].startswith("You are muted until ")
    assert error["message"].endswith(" UTC.") and error["until"] == until.isoformat()
    error = await sb.post("hello")
    assert error["message"] == "You are muted until an operator lifts it."
    assert await stored() == []
    await sa.close()
    await sb.close()


async def test_a_players_mute_hides_that_author_for_the_muter_only(make_user) -> None:
    tournament = await a_tournament(make_user)
    x, y, z = [await database_sync_to_async(make_user)() for _ in range(3)]
    path = f"/ws/chat/tournament/{tournament.pk}/"
    sx, _ = await open_chat(path, x)
    sy, _ = await open_chat(path, y)
    sz, _ = await open_chat(path, z)
    await sy.post("before")
    await sx.recv_type("message")
    await sz.recv_type("message")
    await sx.send({"type": "mute", "name": y.username})
    assert (await sx.recv_type("mutes"))["mutes"] == [y.username]
    await sy.post("after")
    assert (await sz.recv_type("message"))["text"] == "after"
    assert await sx.silent()
    # Stored, per user: a new socket of x's hides y's history too; z's does not.
    sx2, hello = await open_chat(path, x)
    assert hello["mutes"] == [y.username] and hello["rooms"][0]["messages"] == []
    _, hello_z = await open_chat(path, z)
    assert [m["text"] for m in hello_z["rooms"][0]["messages"]] == ["before", "after"]
    # Mistakes are refused clearly; unmuting shows the author again.
    await sx.send({"type": "mute", "name": x.username})
    assert (await sx.recv_type("error"))["code"] == "mute_self"
    await sx.send({"type": "mute", "name": "nobody-of-that-name"})
    assert (await sx.recv_type("error"))["code"] == "no_user"
    await sx.send({"type": "unmute", "name": y.username})
    assert (await sx.recv_type("mutes"))["mutes"] == []
    await sy.post("again")
    assert (await sx.recv_type("message"))["text"] == "again"
    for sock in (sx, sy, sz, sx2):
        await sock.close()


def refuse_all(text: str) -> str:
    raise Refused("no")


async def test_the_profanity_hook_masks_and_can_refuse(make_user, settings) -> None:
    match, a, _ = await two_players_and_their_match(make_user)
    sa, _ = await open_chat(f"/ws/chat/match/{match.pk}/", a)
    await sa.post("what a SHIT move, Scheiße")
    assert (await sa.recv_type("message"))["text"] == "what a **** move, *******"
    settings.CHAT_TEXT_FILTER = refuse_all  # a filter refuses by raising ValueError
    error = await sa.post("anything")
    assert error["code"] == "refused" and error["message"] == "This message is not allowed."
    settings.CHAT_TEXT_FILTER = str.upper
    await sa.post("loud")
    assert (await sa.recv_type("message"))["text"] == "LOUD"
    assert await stored() == ["what a **** move, *******", "LOUD"]
    await sa.close()


async def test_chat_writes_nothing_to_the_move_log(make_user) -> None:
    match, a, b = await two_players_and_their_match(make_user)
    before = await database_sync_to_async(Move.objects.filter(match=match).count)()
    path = f"/ws/chat/match/{match.pk}/"
    sa, _ = await open_chat(path, a)
    await sa.post("gg")
    await sa.send({"type": "mute", "name": b.username})
    await sa.recv_type("mutes")
    after = await database_sync_to_async(Move.objects.filter(match=match).count)()
    assert after == before
    await sa.close()


async def test_errors_speak_german(make_user, settings) -> None:
    from operations.services import user_mute

    settings.CHAT_RATE_LIMIT = 1
    match, a, b = await two_players_and_their_match(make_user)
    path = f"/ws/chat/match/{match.pk}/"
    sa, _ = await open_chat(path + "?lang=de", a)
    assert (await sa.post("x" * 301))["message"] == "Nachricht zu lang: höchstens 300 Zeichen."
    await sa.post("eins")
    error = await sa.post("zwei")
    assert error["message"].startswith("Nicht so schnell: höchstens 1 Nachrichten in 10 Sekunden.")
    anon, _ = await open_chat(path, headers=[(b"accept-language", b"de-DE,de;q=0.9")])
    assert (await anon.post("hallo"))["message"] == "Melde dich an, um im Chat zu schreiben."
    operator = await database_sync_to_async(make_user)()
    await database_sync_to_async(user_mute)(user_id=b.pk, reason="x", actor=operator)
    sb, _ = await open_chat(path, b, cookie=b"django_language=de")
    assert (await sb.post("hallo"))["message"] == (
        "Du bist stummgeschaltet, bis die Spielleitung es aufhebt."
    )
    for sock in (sa, anon, sb):
        await sock.close()
