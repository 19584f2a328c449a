"""Issue 28, follow-up of the deal embargo (docs/chat.md "Deal embargo"): a table's chat can carry
its deal ("nice 6NT with the spade finesse"), so while other tables still play that deal nobody
who is not seated at the table — a spectator, a player of the other table, an anonymous reader —
reads or writes its rooms: ``deal_embargoed`` and close 4003.  The table's own players chat as
before; operators read.  Once every table has played the deal the rooms open as usual.

A real duplicate-deal Swiss (four people, two tables of the same deal), through the real ASGI
application (origin check, session, routing) and the services.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from chat import services as chat_services
from chat.errors import ChatError
from chat.models import ChatMessage
from config.asgi import application
from live import services as live_services
from tournaments import services
from tournaments.models import Pairing, Round, RoundStatus

from .conftest import running, start

pytestmark = pytest.mark.django_db(transaction=True)  # after-commit events run, as in production

SECRET = "nice 6NT with the spade finesse"


class ChatSocket:
    """One chat socket of the real application: its frames as JSON, and how it closed."""

    def __init__(self, comm: WebsocketCommunicator) -> None:
        self.comm = comm

    async def frame(self) -> dict[str, Any]:
        out = await self.comm.receive_output(timeout=5)
        assert out["type"] == "websocket.send", out
        return json.loads(out["text"])  # type: ignore[no-any-return]

    async def frame_of(self, *kinds: str) -> dict[str, Any]:
        while True:
            frame = await self.frame()
            if frame["type"] in kinds:
                return frame

    async def closed_with(self) -> int:
        out = await self.comm.receive_output(timeout=5)
        assert out["type"] == "websocket.close", out
        return int(out["code"])


async def open_chat(match_id: int, user: Any = None, lang: str = "en") -> ChatSocket:
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if user is not None:
        client = Client()
        await database_sync_to_async(client.force_login)(user)
        headers.append((b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode()))
    comm = WebsocketCommunicator(
        application, f"/ws/chat/match/{match_id}/?lang={lang}", headers=headers
    )
    connected, _ = await comm.connect()
    assert connected
    return ChatSocket(comm)


async def assert_refused(match_id: int, user: Any, who: str, lang: str = "en") -> dict[str, Any]:
    """The socket says ``deal_embargoed`` and closes with 4003: no hello, no history."""
    sock = await open_chat(match_id, user, lang)
    frame = await sock.frame()
    assert (frame["type"], frame["code"]) == ("error", "deal_embargoed"), who
    assert SECRET not in json.dumps(frame)
    assert await sock.closed_with() == 4003, who
    await sock.comm.disconnect()  # the client's side of the close: the socket's place is freed
    return frame


def _duplicate_swiss(make_user: Any, make_tournament: Any) -> tuple[Pairing, Pairing]:
    """Four people, one round, both tables dealt the same deal."""
    people = [make_user(f"dupchat{i}") for i in range(4)]
    t = make_tournament(rounds=1, duplicate_deals=True, max_players=4)
    for u in people:
        services.entry_register(tournament_id=t.pk, user_id=u.pk)
    start(t)
    first, second = running(t)
    assert first.match.seed == second.match.seed
    return first, second


def _players(pairing: Pairing) -> list[Any]:
    return [s.user for s in pairing.match.seats.order_by("seat")]


async def test_the_chat_of_a_table_whose_deal_is_live_elsewhere_is_closed_to_all_not_seated(
    make_user: Any, make_tournament: Any, operator: Any
) -> None:
    first, second = await database_sync_to_async(_duplicate_swiss)(make_user, make_tournament)
    (a0, a1), (b0, b1) = await database_sync_to_async(lambda: (_players(first), _players(second)))()
    outsider = await database_sync_to_async(make_user)("kibitz")
    table = first.match_id
    # The table's own players chat as before.
    own = await open_chat(table, a0)
    hello = await own.frame()
    assert (hello["type"], hello["post_to"], [r["room"] for r in hello["rooms"]]) == (
        "hello",
        "players",
        ["players"],
    )
    await own.comm.send_to(text_data=json.dumps({"type": "post", "text": SECRET}))
    assert (await own.frame_of("posted", "error"))["type"] == "posted"
    # Nobody else: the other table's players, a spectator, an anonymous reader.
    for who, user in [("other table", b0), ("spectator", outsider), ("anonymous", None)]:
        await assert_refused(table, user, who)
    german = await assert_refused(table, outsider, "spectator in German", lang="de")
    assert german["message"] == (
        "Der Chat dieses Tisches ist verborgen, bis jeder Tisch diese Verteilung gespielt hat."
    )
    # Writing is refused too, and stores nothing.
    with pytest.raises(ChatError) as refused:
        await database_sync_to_async(chat_services.post_message)(
            kind="match", target_id=table, user_id=outsider.pk, text="how did it go?"
        )
    assert refused.value.code == "deal_embargoed"
    texts = await database_sync_to_async(
        lambda: list(ChatMessage.objects.values_list("text", flat=True))
    )()
    assert texts == [SECRET]
    # An operator reads (the spectators' room, as any spectator would).
    staff = await open_chat(table, operator)
    hello = await staff.frame()
    assert hello["type"] == "hello" and [r["room"] for r in hello["rooms"]] == ["spectators"]
    await staff.comm.disconnect()
    # The table ends while the other still plays the deal: still closed to everyone else; its
    # own player is offered both rooms as ever.
    await database_sync_to_async(live_services.match_resign)(
        match_id=table, command_id="resign-chat-1", user_id=a1.pk
    )
    opened = await own.frame_of("room")
    assert opened["room"] == "spectators" and opened["messages"] == []
    await own.comm.disconnect()
    for who, user in [("other table", b0), ("spectator", outsider), ("anonymous", None)]:
        await assert_refused(table, user, f"{who}, after the table ended")
    # Every table has played the deal: the rooms are everyone's to read.
    await database_sync_to_async(live_services.match_resign)(
        match_id=second.match_id, command_id="resign-chat-2", user_id=b1.pk
    )
    done = await database_sync_to_async(
        lambda: Round.objects.get(pk=first.round_id).status == RoundStatus.DONE
    )()
    assert done
    for who, user in [("other table", b0), ("spectator", outsider), ("anonymous", None)]:
        sock = await open_chat(table, user)
        hello = await sock.frame()
        assert hello["type"] == "hello", who
        players_room = next(r for r in hello["rooms"] if r["room"] == "players")
        assert [m["text"] for m in players_room["messages"]] == [SECRET], who
        await sock.comm.disconnect()
