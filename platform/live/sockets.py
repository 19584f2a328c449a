"""The WebSocket consumer bases every endpoint of the platform uses."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any

import orjson
import redis
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer

from .guards import (
    CLOSE_RATE,
    RATE_LIMITED,
    FrameError,
    FrameGuard,
    parse_message,
    scope_address,
    socket_limits,
)
from .messages import encode

CLOSE_NOT_FOUND = 4004
CLOSE_TRY_AGAIN = 1013  # RFC 6455 "try again later": the client reconnects and resyncs
JOIN_ATTEMPTS = 5

log = logging.getLogger(__name__)


class DirectDispatchConsumer(AsyncWebsocketConsumer):
    """Hands each message straight to its handler.

    Channels tidies the database connections before every handler (``aclose_old_connections``): a
    hop to the process's one shared sync thread and back for every frame in and every group message
    out, which cost a daphne under load about a tenth of its CPU.  Here no handler touches the
    database on the event loop's thread: every database call goes through a thread-pool wrapper
    that tidies the connections of the thread it runs on (``live.consumers.db_call``, Channels'
    ``database_sync_to_async``), so the extra hop tidies nothing.
    """

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"no handler for message type {message['type']}")
        await handler(message)


class GuardedConsumer(DirectDispatchConsumer):
    """A socket under the platform's limits (``live.guards``): the connection caps when it opens,
    and for each frame the size limit, the per-connection rate and the user's (or address's)
    shared budget, then the protocol's message shape.  The match and the queue endpoints use it.
    """

    admitted = False

    async def admit(self, user_id: int | None) -> bool:
        """Take this socket's place under the caps; if there is none, say why and close."""
        self.guard = FrameGuard()
        address = scope_address(self.scope)
        self.budget_key = socket_limits.budget_key(user_id, address)
        refusal = await socket_limits.admit(
            member=self.channel_name, user_id=user_id, address=address
        )
        if refusal is not None:
            await self.accept()
            await self.send(text_data=orjson.dumps(refusal.frame).decode())
            await self.close(code=refusal.code)
            return False
        self.admitted = True
        return True

    async def join_groups(self, groups: Sequence[str]) -> bool:
        """Subscribe to ``groups`` (left again on :meth:`disconnect`); False (the socket closed
        with 1013) if the channel layer cannot be reached.

        Right after the Redis server restarts, the layer's subscriber connection may fail once or
        twice before it reconnects (its receive task reconnects on its own, unlocked). A crash here
        would close the socket with 1011 and tell the client nothing; a short retry joins, and if
        Redis stays away the client is asked to come back later, when it resyncs.
        """
        joined = self.__dict__.setdefault("groups_joined", [])
        joined.extend(group for group in groups if group not in joined)  # left on disconnect
        for attempt in range(JOIN_ATTEMPTS):
            try:
                for group in groups:
                    await self.channel_layer.group_add(group, self.channel_name)
                return True
            except (OSError, redis.RedisError) as exc:
                log.warning("joining %s failed (attempt %d): %r", groups, attempt + 1, exc)
                await asyncio.sleep(0.2 * (attempt + 1))
        await self.close(code=CLOSE_TRY_AGAIN)
        return False

    async def leave_group(self, group: str) -> None:
        await self.channel_layer.group_discard(group, self.channel_name)
        if group in getattr(self, "groups_joined", ()):
            self.groups_joined.remove(group)

    async def disconnect(self, code: int) -> None:
        """Leave every group :meth:`join_groups` joined and give the socket's place back."""
        for group in getattr(self, "groups_joined", ()):
            await self.channel_layer.group_discard(group, self.channel_name)
        self.groups_joined: list[str] = []
        await self.release()

    async def send_json(self, payload: dict[str, Any]) -> None:
        await self.send(text_data=encode(payload))

    async def release(self) -> None:
        if self.admitted:
            self.admitted = False
            await socket_limits.release(self.channel_name)

    async def admit_frame(
        self, text_data: str | None, bytes_data: bytes | None
    ) -> dict[str, Any] | None:
        """The frame as a message, or None when it was refused (answered or closed here)."""
        close_code = self.guard.close_code(text_data, bytes_data)
        if close_code is None and not await socket_limits.spend(self.budget_key):
            close_code = CLOSE_RATE
        if close_code is not None:
            if close_code == CLOSE_RATE:
                await self.send(text_data=orjson.dumps(RATE_LIMITED).decode())
            await self.close(code=close_code)
            return None
        try:
            return parse_message(text_data)
        except FrameError as exc:
            await self.send(text_data=orjson.dumps(exc.as_message()).decode())
            return None


class NotFoundConsumer(AsyncWebsocketConsumer):
    """Every WebSocket path no endpoint serves (``/ws/match/abc/``, ``/ws/nothing/``): accepted,
    told ``not_found`` (``no_match`` under ``/ws/match/``) and closed with 4004 — instead of the
    HTTP 500 of an unrouted path."""

    async def connect(self) -> None:
        await self.accept()
        path = self.scope.get("path", "")
        under_match = path.startswith("/ws/match/")
        await self.send(
            text_data=orjson.dumps(
                {
                    "type": "error",
                    "code": "no_match" if under_match else "not_found",
                    "message": "there is no such match"
                    if under_match
                    else "there is no WebSocket endpoint here",
                }
            ).decode()
        )
        await self.close(code=CLOSE_NOT_FOUND)
