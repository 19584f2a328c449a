"""Issue 28, item 10 (chat): bidi controls and invisible characters are taken out of chat text, and
a message that then shows nothing is refused (docs/chat.md "Rules of a message")."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.utils import timezone

from chat.errors import ChatError
from chat.models import ChatMessage
from chat.services import clean_text
from config.asgi import application
from tournaments.models import Tournament


@database_sync_to_async
def a_tournament(creator: Any) -> Tournament:
    now = timezone.now()
    return Tournament.objects.create(
        name="Open",
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
        organiser=creator,
    )


@pytest.mark.parametrize(
    ("written", "stored"),
    [
        ("\u202egnp.exe", "gnp.exe"),  # right-to-left override
        ("a\u200bb\u200bc", "abc"),  # zero-width spaces
        (
            "\u2066left\u2069 \u2067right\u2069 \u200e\u200f\u061c!",
            "left right !",
        ),  # isolates, marks
        ("soft\u00adhyphen\ufeff word\u2060joiner", "softhyphen wordjoiner"),
        ("tag\U000e0041\U000e007f", "tag"),  # tag characters
        ("\u3164hi\u115f\u2800", "hi"),  # blank letters: Hangul fillers, braille blank
        ("line\u2028break\u2029paragraph\u00a0nbsp", "line break paragraph nbsp"),
    ],
)
def test_bidi_controls_and_invisible_characters_are_removed(written: str, stored: str) -> None:
    assert clean_text(written) == stored


@pytest.mark.parametrize(
    "text",
    [
        "\U0001f468\u200d\U0001f469\u200d\U0001f467",  # a family emoji: joiners between emoji
        "\u2764\ufe0f\u200d\U0001f525",  # heart on fire: a joiner after a variation selector
        "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",  # Persian: a non-joiner in a word
        "\u05e9\u05dc\u05d5\u05dd \u0645\u0631\u062d\u0628\u0627",  # Hebrew and Arabic letters
    ],
)
def test_joiners_between_visible_characters_and_right_to_left_letters_stay(text: str) -> None:
    assert clean_text(text) == text


def test_joiners_that_join_nothing_are_removed() -> None:
    assert clean_text("\u200dhi\u200d \u200c\u200cthere\u200d") == "hi there"


@pytest.mark.parametrize(
    "text", ["\u200b", "\u202e\u200b\u2060", " \u3164 \u2800 ", "\u0301", "\u200d\u200d"]
)
def test_a_message_that_shows_nothing_is_refused(text: str) -> None:
    with pytest.raises(ChatError) as refused:
        clean_text(text)
    assert refused.value.code == "invisible"
    assert refused.value.as_message("en")["message"] == (
        "This message shows nothing: it holds only invisible characters."
    )
    assert refused.value.as_message("de")["message"] == (
        "Diese Nachricht zeigt nichts an, sie enthält nur unsichtbare Zeichen."
    )


def test_an_empty_message_is_still_empty() -> None:
    with pytest.raises(ChatError) as refused:
        clean_text(" \n ")
    assert refused.value.code == "empty"


def test_the_length_limit_counts_what_is_stored(settings) -> None:  # type: ignore[no-untyped-def]
    settings.CHAT_MAX_LENGTH = 3
    assert clean_text("a\u200bb\u200bc\u200b") == "abc"


def session_cookie(user: Any) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def chat_socket(path: str, user: Any) -> WebsocketCommunicator:
    headers = [
        (b"origin", b"http://testserver"),
        (b"host", b"testserver"),
        (b"cookie", await database_sync_to_async(session_cookie)(user)),
    ]
    comm = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await comm.connect()
    assert connected
    return comm


async def frame_of(comm: WebsocketCommunicator, *types: str) -> dict[str, Any]:
    while True:
        frame = json.loads(await comm.receive_from(timeout=5))
        if frame["type"] in types:
            return frame


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_posted_override_reaches_readers_and_the_store_neutralised(make_user) -> None:
    writer, reader = await database_sync_to_async(lambda: (make_user(), make_user()))()
    tournament = await a_tournament(writer)
    path = f"/ws/chat/tournament/{tournament.pk}/"
    comm, other = await chat_socket(path, writer), await chat_socket(path, reader)
    for c in (comm, other):
        await frame_of(c, "hello")
    await comm.send_json_to({"type": "post", "text": "gg \u202eenilno\u200b"})
    assert (await frame_of(comm, "posted", "error"))["type"] == "posted"
    assert (await frame_of(other, "message"))["text"] == "gg enilno"
    stored = await database_sync_to_async(lambda: list(ChatMessage.objects.values_list("text")))()
    assert stored == [("gg enilno",)]
    await comm.send_json_to({"type": "post", "text": "\u200b\u200b"})
    refused = await frame_of(comm, "posted", "error")
    assert refused["code"] == "invisible"
    assert await database_sync_to_async(ChatMessage.objects.count)() == 1
    for c in (comm, other):
        await c.disconnect()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_messages_stored_before_are_shown_neutralised_and_blank_ones_not_at_all(
    make_user,
) -> None:
    writer = await database_sync_to_async(make_user)()
    tournament = await a_tournament(writer)
    room = f"tournament:{tournament.pk}"
    for text in ("old \u202eelif", "\u200b", "plain"):
        await database_sync_to_async(ChatMessage.objects.create)(
            room=room, author=writer, text=text
        )
    comm = await chat_socket(f"/ws/chat/tournament/{tournament.pk}/", writer)
    hello = await frame_of(comm, "hello")
    assert [m["text"] for m in hello["rooms"][0]["messages"]] == ["old elif", "plain"]
    await comm.disconnect()
