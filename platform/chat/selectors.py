"""Reads of chat: who may read and write which room, a room's recent messages, a user's mutes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Count, Min

from accounts.models import User
from live import embargo
from live.models import Match, MatchStatus, Seat
from operations.models import SanctionKind
from operations.selectors import open_sanctions

from .conf import history_size
from .errors import ChatError
from .invisible import shows_something, without_invisible
from .models import ChatMessage, ChatMute

PLAYERS = "players"
SPECTATORS = "spectators"
TOURNAMENT = "tournament"
KINDS = ("match", "tournament")

TOURNAMENT_EXISTS: list[Callable[[int], bool]] = []
"""Whether a tournament exists, answered by the tournaments app, which registers its check here
(``TournamentsConfig.ready``): chat has a room per tournament but never imports that app."""


def _tournament_exists(target_id: int) -> bool:
    return any(check(target_id) for check in TOURNAMENT_EXISTS)


@dataclass(frozen=True)
class Room:
    key: str  # "match:12:players", "match:12:spectators", "tournament:3"
    name: str  # what the client sees: "players", "spectators", "tournament"

    @property
    def group(self) -> str:
        return "chat." + self.key.replace(":", ".")


@dataclass(frozen=True)
class Access:
    readable: tuple[Room, ...]
    post_to: Room | None  # None: may read only (not logged in)


def match_room(match_id: int, name: str) -> Room:
    return Room(f"match:{match_id}:{name}", name)


def access(*, kind: str, target_id: int, user_id: int | None) -> Access | None:
    """What ``user_id`` (None: not logged in) may read and where it writes; None: no such room.

    A match has two rooms.  While it has not ended its players read and write the players' room
    only, everyone else (anonymous readers too) the spectators' room only, so nobody watching can
    advise a player.  Once it has ended both rooms are readable by everyone; each still writes
    where it wrote.  A tournament has one room for everyone.

    While other tables still play the match's deal (``live.embargo``) nobody but its own players
    and operators reads or writes either room: ``ChatError("deal_embargoed")``.  A table's chat
    can carry the deal ("nice 6NT with the spade finesse") to a player still to play it.
    """
    if kind == "tournament":
        if not _tournament_exists(target_id):
            return None
        room = Room(f"tournament:{target_id}", TOURNAMENT)
        return Access(readable=(room,), post_to=room if user_id is not None else None)
    if kind != "match":
        return None
    status = Match.objects.filter(pk=target_id).values_list("status", flat=True).first()
    if status is None:
        return None
    players, spectators = match_room(target_id, PLAYERS), match_room(target_id, SPECTATORS)
    is_player = (
        user_id is not None and Seat.objects.filter(match_id=target_id, user_id=user_id).exists()
    )
    if not is_player and embargo.deal_embargoed(match_id=target_id, user=_reader(user_id)):
        raise ChatError(embargo.CODE)
    own = players if is_player else spectators
    ended = status in (MatchStatus.FINISHED, MatchStatus.ABORTED)
    readable = (players, spectators) if ended else (own,)
    return Access(readable=readable, post_to=own if user_id is not None else None)


def _reader(user_id: int | None) -> User | None:
    """The user the embargo is asked about (whether an operator): None when not logged in."""
    return User.objects.filter(pk=user_id).first() if user_id is not None else None


def message_payload(message: ChatMessage, room_name: str, author: str) -> dict[str, Any]:
    """A message as every reader receives it: text and names only."""
    return {
        "type": "message",
        "room": room_name,
        "id": message.pk,
        "author": author,
        "text": without_invisible(message.text).strip(),  # stored before chat.invisible too
        "at": message.created_at.isoformat(),
    }


def recent_messages(*, room: Room, hidden_author_ids: set[int]) -> list[dict[str, Any]]:
    """The room's last ``CHAT_HISTORY`` messages, oldest first, without the muted authors."""
    rows = (
        ChatMessage.objects.filter(room=room.key)
        .exclude(author_id__in=hidden_author_ids)
        .select_related("author")
        .order_by("-id")[: history_size()]
    )
    payloads = [message_payload(m, room.name, m.author.username) for m in reversed(rows)]
    return [p for p in payloads if shows_something(p["text"])]


def muted_ids(*, user_id: int | None) -> dict[int, str]:
    """The users ``user_id`` has muted for themselves: id → name."""
    if user_id is None:
        return {}
    rows = ChatMute.objects.filter(user_id=user_id).values_list("muted_id", "muted__username")
    return dict(rows)


def user_named(name: str) -> User | None:
    return User.objects.filter(username=name).first()


def mute_until(*, user_id: int) -> tuple[bool, datetime | None]:
    """Whether an operator's mute is open for ``user_id``, and until when (None: until lifted)."""
    mutes = open_sanctions(user_id=user_id, kind=SanctionKind.MUTE)
    if not mutes:
        return False, None
    if any(m.expires_at is None for m in mutes):
        return True, None
    return True, max(m.expires_at for m in mutes if m.expires_at is not None)


def sent_since(*, user_id: int, since: datetime) -> tuple[int, datetime | None]:
    """How many messages ``user_id`` sent since ``since`` (every room), and the oldest's time."""
    row = ChatMessage.objects.filter(author_id=user_id, created_at__gt=since).aggregate(
        n=Count("id"), first=Min("created_at")
    )
    return int(row["n"]), row["first"]
