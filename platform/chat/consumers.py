"""``/ws/chat/match/<id>/`` and ``/ws/chat/tournament/<id>/`` (docs/chat.md): thin — who is
asking, which rooms they read, and the frames in and out; every rule is in the services and
selectors.  Under the platform's socket caps and message budget like every socket
(``live.sockets.GuardedConsumer``).
"""

from __future__ import annotations

from typing import Any

from live.embargo import CLOSE_EMBARGOED
from live.socket_access import ACCOUNT_CLOSED
from live.sockets import CLOSE_NOT_FOUND, GuardedConsumer, db_call

from . import selectors, services
from .conf import max_length
from .errors import ChatError

MAX_ID = 2**63 - 1


class ChatConsumer(GuardedConsumer):
    async def connect(self) -> None:
        kwargs = self.scope["url_route"]["kwargs"]
        self.kind = str(kwargs["kind"])
        self.target_id = int(kwargs["target_id"])
        user = self.scope.get("user")
        self.user_id: int | None = user.pk if user is not None and user.is_authenticated else None
        self.rooms: dict[str, selectors.Room] = {}
        self.muted: dict[int, str] = {}
        if not await self.admit(self.user_id):
            return
        access = None
        refusal = None
        if self.target_id <= MAX_ID:
            try:
                access = await db_call(selectors.access)(
                    kind=self.kind, target_id=self.target_id, user_id=self.user_id
                )
            except ChatError as exc:  # deal_embargoed: other tables still play this deal
                refusal = exc
        await self.accept()
        if refusal is not None:
            await self.send_json(refusal.as_message(self.lang))
            await self.close(code=CLOSE_EMBARGOED)
            return
        if access is None:
            await self.send_json(ChatError("no_room").as_message(self.lang))
            await self.close(code=CLOSE_NOT_FOUND)
            return
        groups = [room.group for room in access.readable]
        if self.user_id is not None:
            groups.append(services.user_group(self.user_id))
        if not await self.join_groups(groups):
            return
        self.muted = await db_call(selectors.muted_ids)(user_id=self.user_id)
        rooms = []
        for room in access.readable:
            rooms.append(await self.room_frame(room))
        await self.send_json(
            {
                "type": "hello",
                "you": user.username if self.user_id is not None else None,
                "post_to": access.post_to.name if access.post_to is not None else None,
                "max_length": max_length(),
                "mutes": [name for name in sorted(self.muted.values())],
                "rooms": rooms,
            }
        )

    async def room_frame(self, room: selectors.Room) -> dict[str, Any]:
        self.rooms[room.key] = room
        messages = await db_call(selectors.recent_messages)(
            room=room, hidden_author_ids=set(self.muted)
        )
        return {"room": room.name, "messages": messages}

    # --- from the services --------------------------------------------------------------------

    async def chat_message(self, event: dict[str, Any]) -> None:
        if event["author_id"] not in self.muted:
            await self.send(text_data=event["text"])

    async def chat_mutes(self, event: dict[str, Any]) -> None:
        muted = {int(pk): name for pk, name in event["mutes"]}
        if muted == self.muted:
            return  # this socket made the change and has already answered
        self.muted = muted
        await self.send_json({"type": "mutes", "mutes": sorted(self.muted.values())})

    async def chat_opened(self, event: dict[str, Any]) -> None:
        """The match ended: join the rooms that are now readable and send their history."""
        try:
            access = await db_call(selectors.access)(
                kind=self.kind, target_id=self.target_id, user_id=self.user_id
            )
        except ChatError:  # no longer an operator, and the deal still embargoed: nothing opens
            return
        if access is None:
            return
        for room in access.readable:
            if room.key in self.rooms:
                continue
            if not await self.join_groups([room.group]):
                return
            await self.send_json({"type": "room", **await self.room_frame(room)})

    # --- from the page ------------------------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        message = await self.admit_frame(text_data, bytes_data)
        if message is None:
            return
        kind = message["type"]
        try:
            if kind == "post":
                posted = await db_call(services.post_message)(
                    kind=self.kind,
                    target_id=self.target_id,
                    user_id=self.user_id,
                    text=message.get("text"),
                )
                await self.send_json({"type": "posted", "id": posted.pk})
            elif kind in ("mute", "unmute"):
                self.muted = await db_call(services.mute)(
                    user_id=self.user_id, name=message.get("name"), on=kind == "mute"
                )
                await self.send_json({"type": "mutes", "mutes": sorted(self.muted.values())})
            elif kind == "ping":
                await self.send_json({"type": "pong", "t": message.get("t")})
            else:
                raise ChatError("unknown_type")
        except ChatError as exc:
            if exc.code == ACCOUNT_CLOSED:
                await self.end_access(exc.code)  # banned between the check and the post: closed
                return
            await self.send_json(exc.as_message(self.lang))
