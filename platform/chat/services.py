"""Writes of chat: posting, muting for oneself, and the match-ended hook (docs/chat.md).

Each write is one transaction; its message leaves through the channel layer only after commit.
Nothing here touches the match or its move log.
"""

from __future__ import annotations

import math
import unicodedata
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from live import publish
from live.messages import encode
from live.models import Match
from live.socket_access import ACCOUNT_CLOSED

from . import selectors
from .conf import max_length, rate_limit
from .errors import ChatError
from .filters import text_filter
from .invisible import shows_something, without_invisible
from .models import ChatMessage, ChatMute


def user_group(user_id: int) -> str:
    """Every chat socket of one user: told when the user's own mutes change."""
    return f"chat.user.{user_id}"


def clean_text(text: Any) -> str:
    """The text as it would be stored, or a ChatError: a string, no control characters but line
    breaks and tabs, every space or line break a plain space, without the characters a reader
    cannot see (``chat.invisible``: bidi controls, zero-width characters …), trimmed, showing
    something, at most ``CHAT_MAX_LENGTH`` characters."""
    if not isinstance(text, str):
        raise ChatError("malformed", detail="text must be a string")
    if any(unicodedata.category(c) in ("Cc", "Cs") for c in text if c not in "\r\n\t"):
        raise ChatError("malformed", detail="text holds control characters")
    written = text.strip()
    text = without_invisible(written).strip()
    if not written:
        raise ChatError("empty")
    if not shows_something(text):
        raise ChatError("invisible")
    if len(text) > max_length():
        raise ChatError("too_long", max_length=max_length())
    return text


def post_message(*, kind: str, target_id: int, user_id: int | None, text: Any) -> ChatMessage:
    """Store ``text`` in the room ``user_id`` writes to and publish it after commit.

    Refused with a ChatError (and nothing stored) when the user is not logged in or no longer
    active (banned, deactivated), is muted by an operator, the text is empty, shows nothing, is
    too long or refused by the filter, or the user sent ``CHAT_RATE_LIMIT`` messages within the
    last ``CHAT_RATE_WINDOW_S`` seconds.
    """
    if user_id is None:
        raise ChatError("login_required")
    cleaned = clean_text(text)
    with transaction.atomic():
        # One user's posts one at a time: the rate count below cannot be raced past.
        author = User.objects.select_for_update().filter(pk=user_id).first()
        if author is None:
            raise ChatError("login_required")
        if not author.is_active:
            # Banned or deactivated since the socket opened (the ban locks this row too, so a
            # post and a ban cannot pass each other): nothing is stored, the socket closes.
            raise ChatError(ACCOUNT_CLOSED)
        access = selectors.access(kind=kind, target_id=target_id, user_id=user_id)
        if access is None:
            raise ChatError("no_room")
        if access.post_to is None:
            raise ChatError("login_required")
        muted, until = selectors.mute_until(user_id=user_id)
        if muted:
            raise ChatError("muted", until=until)
        limit, window_s = rate_limit()
        now = timezone.now()
        sent, first = selectors.sent_since(user_id=user_id, since=now - timedelta(seconds=window_s))
        if sent >= limit:
            wait = window_s - (now - first).total_seconds() if first is not None else window_s
            raise ChatError(
                "slow_down",
                limit=limit,
                window_s=int(math.ceil(window_s)),
                retry_after_s=max(1, int(math.ceil(wait))),
            )
        try:
            filtered = text_filter()(cleaned)
        except ValueError as exc:
            raise ChatError("refused") from exc
        if not isinstance(filtered, str) or not filtered.strip():
            raise ChatError("refused")
        room = access.post_to
        message = ChatMessage.objects.create(room=room.key, author=author, text=filtered[:10_000])
        payload = selectors.message_payload(message, room.name, author.username)
        publish.events_after_commit(
            [
                (
                    room.group,
                    {"type": "chat.message", "author_id": user_id, "text": encode(payload)},
                )
            ]
        )
    return message


def mute(*, user_id: int | None, name: Any, on: bool) -> dict[int, str]:
    """``user_id`` mutes (``on``) or unmutes the user named ``name`` for themselves; returns the
    mutes as they now stand (id → name)."""
    if user_id is None:
        raise ChatError("login_required")
    if not isinstance(name, str) or not name:
        raise ChatError("malformed", detail="name must be a user name")
    other = selectors.user_named(name)
    if other is None:
        raise ChatError("no_user")
    if other.pk == user_id:
        raise ChatError("mute_self")
    with transaction.atomic():
        if on:
            ChatMute.objects.get_or_create(user_id=user_id, muted_id=other.pk)
        else:
            ChatMute.objects.filter(user_id=user_id, muted_id=other.pk).delete()
        mutes = selectors.muted_ids(user_id=user_id)
        publish.events_after_commit(
            [(user_group(user_id), {"type": "chat.mutes", "mutes": mutes_list(mutes)})]
        )
    return mutes


def mutes_list(mutes: dict[int, str]) -> list[list[Any]]:
    return [[pk, name] for pk, name in sorted(mutes.items(), key=lambda kv: kv[1])]


def match_ended(match: Match) -> None:
    """Hook of live.services, inside the transaction that ends a match: after commit, tell the
    match's chat sockets that both rooms are open to everyone now."""
    event = {"type": "chat.opened", "match_id": match.pk}
    publish.events_after_commit(
        [
            (selectors.match_room(match.pk, name).group, event)
            for name in (selectors.PLAYERS, selectors.SPECTATORS)
        ]
    )
