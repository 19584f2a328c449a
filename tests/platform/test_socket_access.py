"""Access that ends (issue 28, item 4) in-process: a ban or a revoked token closes the sockets it
opened, and every frame of a logged-in socket re-checks its user and token, so a deactivation that
sent no close event is refused too — with ``account_closed`` / ``token_revoked`` and close 4003,
and nothing changed.  (tests/system/test_access_ends.py does the same with real daphnes.)"""

from __future__ import annotations

import json
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from accounts.models import ApiToken, User
from accounts.services import (
    bot_upgrade,
    operator_ensure,
    token_create,
    token_revoke,
    tokens_revoke_all,
)
from chat.models import ChatMessage
from config.asgi import application
from live.models import Match, Move
from live.services import SeatSpec, match_start
from operations.services import user_ban
from support.admin_forms import user_form

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def session_cookie(user: User) -> bytes:
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def open_socket(
    path: str, user: User | None = None, token: str | None = None
) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if user is not None:
        headers.append((b"cookie", await database_sync_to_async(session_cookie)(user)))
    if token is not None:
        headers.append((b"authorization", f"Bearer {token}".encode()))
    comm = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await comm.connect()
    assert connected
    return comm


async def next_of(comm: WebsocketCommunicator, *kinds: str) -> dict[str, Any]:
    while True:
        message = json.loads(await comm.receive_from(timeout=5))
        if message["type"] in kinds:
            return message


async def ended(comm: WebsocketCommunicator) -> tuple[list[dict[str, Any]], int]:
    """Every frame until the server closes the socket, and the close code."""
    frames = []
    while True:
        out = await comm.receive_output(timeout=5)
        if out["type"] == "websocket.close":
            return frames, int(out["code"])
        frames.append(json.loads(out["text"]))


@database_sync_to_async
def two_player_match(make_user) -> tuple[Match, User, User]:  # type: ignore[no-untyped-def]
    a, b = make_user(), make_user()
    match = match_start(
        game_slug="spectacular_bid", seats=[SeatSpec(user_id=a.pk), SeatSpec(user_id=b.pk)], seed=11
    )
    return match, a, b


def match_row(match_id: int) -> tuple[Any, ...]:
    m = Match.objects.get(pk=match_id)
    return m.seq, m.status, m.state, Move.objects.filter(match=m).count()


async def test_a_deactivated_users_action_is_refused_with_4003_and_changes_nothing(
    make_user,
) -> None:
    """No close event (an operator unticked *active*): the next command finds out by itself."""
    match, a, _ = await two_player_match(make_user)
    comm = await open_socket(f"/ws/match/{match.pk}/", a)
    snapshot = await next_of(comm, "state")
    before = await database_sync_to_async(match_row)(match.pk)
    await database_sync_to_async(User.objects.filter(pk=a.pk).update)(is_active=False)
    await comm.send_json_to(
        {"type": "action", "command_id": "late", "action": snapshot["legal"][0]}
    )
    frames, code = await ended(comm)
    assert [(f["type"], f["code"], f.get("command_id")) for f in frames] == [
        ("error", "account_closed", "late")
    ]
    assert code == 4003
    assert await database_sync_to_async(match_row)(match.pk) == before


@pytest.mark.parametrize("frame", [{"type": "ping", "t": 1}, {"type": "resync"}])
async def test_a_deactivated_users_other_frames_are_not_answered_but_closed(
    make_user, frame
) -> None:
    match, a, _ = await two_player_match(make_user)
    comm = await open_socket(f"/ws/match/{match.pk}/", a)
    await next_of(comm, "state")
    await database_sync_to_async(User.objects.filter(pk=a.pk).update)(is_active=False)
    await comm.send_json_to(frame)
    frames, code = await ended(comm)
    assert [f["code"] for f in frames] == ["account_closed"] and code == 4003


async def test_a_ban_closes_the_users_match_chat_notify_and_queue_sockets(make_user) -> None:
    match, a, b = await two_player_match(make_user)
    sockets = {
        "match": await open_socket(f"/ws/match/{match.pk}/", a),
        "chat": await open_socket(f"/ws/chat/match/{match.pk}/", a),
        "notify": await open_socket("/ws/notify/", a),
        "queue": await open_socket("/ws/queue/", a),
    }
    other = await open_socket(f"/ws/match/{match.pk}/", b)
    await next_of(sockets["match"], "state")
    await next_of(sockets["chat"], "hello")
    await next_of(other, "state")
    op, _ = await database_sync_to_async(operator_ensure)(username="op", password="op-pw-1234")
    await database_sync_to_async(user_ban)(user_id=a.pk, reason="cheating", actor=op)
    for name, comm in sockets.items():
        frames, code = await ended(comm)
        assert code == 4003, name
        assert frames[-1]["code"] == "account_closed", (name, frames)
    # The opponent's socket stays open and hears the forfeit.
    final = await next_of(other, "state")
    while final["match"]["status"] == "running":
        final = await next_of(other, "state")
    assert final["match"]["status"] == "finished"
    await other.send_json_to({"type": "ping", "t": 2})
    assert (await next_of(other, "pong"))["t"] == 2
    await other.disconnect()


async def test_a_banned_users_chat_post_is_refused_and_stores_nothing(make_user) -> None:
    """The chat service checks the poster is active under the lock the ban takes too."""
    from chat.errors import ChatError
    from chat.services import post_message

    match, a, _ = await two_player_match(make_user)
    await database_sync_to_async(User.objects.filter(pk=a.pk).update)(is_active=False)
    with pytest.raises(ChatError) as refused:
        await database_sync_to_async(post_message)(
            kind="match", target_id=match.pk, user_id=a.pk, text="still here"
        )
    assert refused.value.code == "account_closed"
    assert await database_sync_to_async(ChatMessage.objects.count)() == 0


@database_sync_to_async
def bot_with_tokens(make_user) -> tuple[User, dict[str, tuple[int, str]]]:  # type: ignore[no-untyped-def]
    user = bot_upgrade(user_id=make_user().pk)
    tokens = {}
    for name in ("a", "b"):
        row, secret = token_create(user_id=user.pk, name=name)
        tokens[name] = (row.pk, secret)
    return user, tokens


async def test_revoking_a_token_closes_only_the_sockets_it_opened(make_user) -> None:
    bot, tokens = await bot_with_tokens(make_user)
    match = await database_sync_to_async(match_start)(
        game_slug="spectacular_bid", seats=[SeatSpec(user_id=bot.pk), SeatSpec(ai_level="random")]
    )
    by_a = await open_socket(f"/ws/match/{match.pk}/", token=tokens["a"][1])
    notify_a = await open_socket("/ws/notify/", token=tokens["a"][1])
    by_b = await open_socket(f"/ws/match/{match.pk}/", token=tokens["b"][1])
    await next_of(by_a, "state")
    await next_of(by_b, "state")
    assert await database_sync_to_async(token_revoke)(token_id=tokens["a"][0])
    for comm in (by_a, notify_a):
        frames, code = await ended(comm)
        assert code == 4003 and frames[-1]["code"] == "token_revoked"
    await by_b.send_json_to({"type": "ping", "t": 3})
    assert (await next_of(by_b, "pong"))["t"] == 3
    await by_b.disconnect()


async def test_revoking_all_tokens_closes_every_socket_they_opened(make_user) -> None:
    bot, tokens = await bot_with_tokens(make_user)
    match = await database_sync_to_async(match_start)(
        game_slug="spectacular_bid", seats=[SeatSpec(user_id=bot.pk), SeatSpec(ai_level="random")]
    )
    sockets = [
        await open_socket(f"/ws/match/{match.pk}/", token=tokens["a"][1]),
        await open_socket("/ws/notify/", token=tokens["b"][1]),
    ]
    await next_of(sockets[0], "state")
    revoked = await database_sync_to_async(tokens_revoke_all)(user_id=bot.pk)
    assert sorted(revoked) == sorted(pk for pk, _ in tokens.values())
    for comm in sockets:
        frames, code = await ended(comm)
        assert code == 4003 and frames[-1]["code"] == "token_revoked"


async def test_deactivating_a_user_on_the_admin_page_closes_their_sockets(make_user) -> None:
    match, a, _ = await two_player_match(make_user)
    comm = await open_socket(f"/ws/chat/match/{match.pk}/", a)
    await next_of(comm, "hello")

    def untick_active() -> int:
        admin_user, _ = operator_ensure(username="deactivating-operator", password="x" * 12)
        client = Client()
        client.force_login(admin_user)
        form = user_form(User.objects.get(pk=a.pk), is_active=None)
        return client.post(f"/admin/accounts/user/{a.pk}/change/", form).status_code

    assert await database_sync_to_async(untick_active)() == 302
    frames, code = await ended(comm)
    assert code == 4003 and frames[-1]["code"] == "account_closed"
    assert not (await database_sync_to_async(User.objects.get)(pk=a.pk)).is_active


async def test_a_token_revoked_without_an_event_is_refused_at_the_next_command(make_user) -> None:
    """A token revoked by a bulk update (no close event) cannot act: its next command is refused
    with ``token_revoked`` and closed, and the match is as it was."""
    bot, tokens = await bot_with_tokens(make_user)
    match = await database_sync_to_async(match_start)(
        game_slug="spectacular_bid", seats=[SeatSpec(user_id=bot.pk), SeatSpec(ai_level="random")]
    )
    comm = await open_socket(f"/ws/match/{match.pk}/", token=tokens["a"][1])
    snapshot = await next_of(comm, "state")
    before = await database_sync_to_async(match_row)(match.pk)
    await database_sync_to_async(
        lambda: ApiToken.objects.filter(pk=tokens["a"][0]).update(revoked_at="2026-01-01T00:00Z")
    )()
    await comm.send_json_to({"type": "resign", "command_id": "give-up", "seat": 0})
    frames, code = await ended(comm)
    assert [(f["code"], f.get("command_id")) for f in frames] == [("token_revoked", "give-up")]
    assert code == 4003
    assert await database_sync_to_async(match_row)(match.pk) == before
    assert snapshot["match"]["status"] == "running"


async def test_the_close_is_in_the_readers_language(make_user) -> None:
    match, a, _ = await two_player_match(make_user)
    comm = await open_socket(f"/ws/chat/match/{match.pk}/?lang=de", a)
    await next_of(comm, "hello")
    await database_sync_to_async(User.objects.filter(pk=a.pk).update)(is_active=False)
    await comm.send_json_to({"type": "post", "text": "hallo"})
    frames, code = await ended(comm)
    assert code == 4003
    assert frames == [
        {
            "type": "error",
            "code": "account_closed",
            "message": "Dieses Konto ist gesperrt oder deaktiviert.",
        }
    ]
    assert await database_sync_to_async(ChatMessage.objects.count)() == 0


@pytest.mark.parametrize("active", [True, False])
@pytest.mark.parametrize("token_kind", ["none", "open", "revoked", "another_users"])
async def test_the_check_read_with_the_row_lock_refuses_what_the_check_of_its_own_refuses(
    make_user, active: bool, token_kind: str
) -> None:
    """A match command's access is read by the query that locks its match row
    (``socket_access.checking``, ``live.services.store._lock``): for every state of the user and
    of the socket's token it refuses exactly what ``access_refusal`` refuses, with the same code."""
    from django.db import transaction

    from live.errors import LiveError
    from live.services.store import _lock
    from live.socket_access import access_refusal, checking

    def both() -> tuple[str | None, str | None]:
        owner = bot_upgrade(user_id=make_user().pk)
        stranger = bot_upgrade(user_id=make_user().pk)
        match = match_start(
            game_slug="spectacular_bid",
            seats=[SeatSpec(user_id=owner.pk), SeatSpec(ai_level="random")],
        )
        token_id = None
        if token_kind != "none":
            holder = stranger if token_kind == "another_users" else owner
            token_id = token_create(user_id=holder.pk, name="t")[0].pk
            if token_kind == "revoked":
                ApiToken.objects.filter(pk=token_id).update(revoked_at="2026-01-01T00:00Z")
        User.objects.filter(pk=owner.pk).update(is_active=active)
        own = access_refusal(user_id=owner.pk, token_id=token_id)
        with transaction.atomic(), checking(user_id=owner.pk, token_id=token_id):
            try:
                _lock(match.pk, command_id="c")
                folded = None
            except LiveError as exc:
                folded = exc.code
        return own, folded

    own, folded = await database_sync_to_async(both)()
    assert folded == own
    assert (own is None) == (active and token_kind in ("none", "open"))
