"""``/ws/notify/``: one socket per open page of a logged-in user, for notifications
(``live.notifications``; docs/protocol.md "Notifications").  Thin: it joins the user's groups,
forwards what the services send, and turns the user's own seat frames into "your turn" notices.

It only ever reads frames meant for this user's seats and sends on nothing of a view: a notice
names the match, never a card.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson

from . import notifications
from .frames import describe
from .messages import seat_group
from .sockets import STORE_ERRORS, GuardedConsumer, db_call

CLOSE_LOGIN = 4001

USER_GROUP_HOOKS: list[Callable[[int], str]] = []
"""Functions apps register in their ``AppConfig.ready`` to have a user's notification sockets join
one more group of theirs: ``hook(user_id)`` → the group's name.  Matchmaking registers its queue
group, so every open page of a queued player hears ``matched`` (live.notifications)."""


class NotifyConsumer(GuardedConsumer):
    async def connect(self) -> None:
        user = self.scope.get("user")
        self.user_id: int | None = user.pk if user is not None and user.is_authenticated else None
        self.to_act: dict[tuple[int, int], bool] = {}
        self.games: dict[int, str] = {}
        if self.user_id is None:
            await self.accept()
            await self.send_json(
                {"type": "error", "code": "login_required", "message": "log in for notifications"}
            )
            await self.close(code=CLOSE_LOGIN)
            return
        if not await self.admit(self.user_id):
            return
        await self.accept()
        groups = [notifications.notification_group(self.user_id)]
        groups += [hook(self.user_id) for hook in USER_GROUP_HOOKS]
        if not await self.join_groups(groups):
            return
        seats = await db_call(notifications.running_seats)(user_id=self.user_id)
        await self.follow(seats)
        for row in seats:
            if row["to_act"]:
                await self.send_json(
                    notifications.match_notice(
                        row["match_id"], row["game"], "your_turn", lang=self.lang
                    )
                )

    async def follow(self, seats: list[dict[str, Any]]) -> None:
        """Join the seat groups of matches this socket does not follow yet."""
        for row in seats:
            key = (row["match_id"], row["seat"])
            if key in self.to_act:
                continue
            group = seat_group(*key)
            if not await self.join_groups([group]):
                return
            self.to_act[key] = bool(row["to_act"])
            self.games[row["match_id"]] = row["game"]

    async def follow_match(self, match_id: Any) -> None:
        if isinstance(match_id, int) and self.user_id is not None:
            seats = await db_call(notifications.seats_in_match)(
                match_id=match_id, user_id=self.user_id
            )
            await self.follow(seats)

    # --- from the services --------------------------------------------------------------------

    async def notify_event(self, event: dict[str, Any]) -> None:
        payload = event["payload"]
        # Follow first: once the page hears of the match, its seats' frames reach this socket
        # (a move made right after the notice would otherwise pass before the group is joined).
        # A database away for a moment costs the "your turn" notices of that match, not this one.
        try:
            await self.follow_match(payload.get("match_id"))
        except STORE_ERRORS:
            pass
        # The sender named the game in its own language; each page reads it in its reader's.
        if isinstance(payload.get("game"), str):
            title = notifications.game_title(payload["game"], self.lang)
            payload = {**payload, "game_title": title}
        await self.send_json(payload)

    async def queue_event(self, event: dict[str, Any]) -> None:
        """The queue's own messages; only ``matched`` is news for a page other than the queue."""
        payload = event["payload"]
        if payload.get("type") != "matched":
            return
        match_id = payload.get("match_id")
        await self.follow_match(match_id)
        game = self.games.get(match_id, "") if isinstance(match_id, int) else ""
        await self.send_json(
            notifications.match_notice(match_id, game, "queue_matched", lang=self.lang)
        )

    async def match_state(self, event: dict[str, Any]) -> None:
        """A frame for one of this user's seats: tell the page when that seat must act again."""
        frame = orjson.loads(event["text"])
        match = frame.get("match") or {}
        match_id, seat = match.get("id"), frame.get("seat")
        key = (match_id, seat)
        if key not in self.to_act:
            return
        if match.get("status") != "running":
            del self.to_act[key]
            await self.leave_group(seat_group(match_id, seat))
            return
        to_act = bool(frame.get("legal"))
        was = self.to_act[key]
        self.to_act[key] = to_act
        if to_act and not was:
            await self.send_json(
                notifications.match_notice(
                    match_id,
                    self.games.get(match_id, match.get("game", "")),
                    "your_turn",
                    lang=self.lang,
                )
            )

    async def match_spectators(self, event: dict[str, Any]) -> None:
        """A match's spectator count (``live.spectators``) also reaches its seat groups: not
        this socket's business."""

    # --- from the page ------------------------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        message = await self.admit_frame(text_data, bytes_data)
        if message is None:
            return
        if message["type"] == "ping":
            await self.send_json({"type": "pong", "t": message.get("t")})
            return
        await self.send_json(
            {
                "type": "error",
                "code": "unknown_type",
                "message": f"unknown message type {describe(message['type'])}",
            }
        )
