"""The queue's WebSocket endpoint ``/ws/queue/`` (matchmaking/README.md): thin — authenticate,
parse, delegate to the services, and push the player's status every second while connected.

The open connection is the player's presence: it refreshes the entry's ``last_seen`` every
``QUEUE_HEARTBEAT_S``; closing it does not leave the queue at once (a reload reconnects within the
grace), the pass removes an entry not seen for ``QUEUE_GRACE_S``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from channels.db import database_sync_to_async

from live import catalogue
from live.frames import describe
from live.sockets import STORE_ERRORS, GuardedConsumer, store_unavailable_frame

from . import selectors, services
from .conf import queue_settings, user_group
from .errors import QueueError

CLOSE_LOGIN = 4001

log = logging.getLogger(__name__)


class QueueConsumer(GuardedConsumer):
    async def connect(self) -> None:
        user = self.scope.get("user")
        self.user_id: int | None = user.pk if user is not None and user.is_authenticated else None
        if self.user_id is None:
            await self.accept()
            await self.send_json(
                {"type": "error", "code": "login_required", "message": "log in to queue"}
            )
            await self.close(code=CLOSE_LOGIN)
            return
        if not await self.admit(self.user_id):
            return
        await self.accept()
        if not await self.join_groups([user_group(self.user_id)]):
            return
        matched = await database_sync_to_async(selectors.queue_match)(user_id=self.user_id)
        if matched is not None:
            await self.send_json(matched)
        await self.send_status()
        self.ticker = asyncio.create_task(self.tick())

    async def disconnect(self, code: int) -> None:
        ticker = getattr(self, "ticker", None)
        if ticker is not None:
            ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await ticker
        await super().disconnect(code)

    async def send_status(self) -> dict[str, Any]:
        assert self.user_id is not None
        status = await database_sync_to_async(selectors.queue_status)(user_id=self.user_id)
        if "game" in status:  # a socket has no active language: name the game in its reader's
            status = {**status, "game_title": catalogue.game_title(status["game"], self.lang)}
        await self.send_json(status)
        return status

    async def tick(self) -> None:
        """Push the status every ``QUEUE_STATUS_PUSH_S`` and beat the heart every
        ``QUEUE_HEARTBEAT_S`` while the player is queued.

        The ticker runs outside any handler, so the base class's answer to a store outage does not
        reach it: a database that cannot be reached (a PostgreSQL restart) is answered here with
        one ``store_unavailable`` frame, and the ticker keeps trying every period — the status
        comes back, and the heart beats again, as soon as the database does.  Raised, the error
        would have ended the ticker silently (a traceback in the log, no more status)."""
        assert self.user_id is not None
        cfg = queue_settings()
        last_beat = time.monotonic()
        told = False  # this outage was answered already
        while True:
            await asyncio.sleep(cfg.status_push_s)
            try:
                status = await self.send_status()
                if status["type"] == "status" and time.monotonic() - last_beat >= cfg.heartbeat_s:
                    await database_sync_to_async(services.queue_heartbeat)(user_id=self.user_id)
                    last_beat = time.monotonic()
            except STORE_ERRORS as exc:
                if not told:
                    log.warning("the queue ticker met an unreachable database: %r", exc)
                    await self.send_json(store_unavailable_frame(self.lang))
                told = True
                continue
            told = False

    async def queue_event(self, event: dict[str, Any]) -> None:
        """A message from the services (matched, left, requeued, cooldown), after their commit."""
        await self.send_json(event["payload"])

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        message = await self.admit_frame(text_data, bytes_data)
        if message is None:
            return
        kind = message["type"]
        try:
            if kind == "join":
                await self.on_join(message)
            elif kind == "leave":
                await database_sync_to_async(services.queue_leave)(user_id=self.user_id)
                await self.send_status()
            elif kind == "status":
                await self.send_status()
            elif kind == "ping":
                t = message.get("t")
                if t is not None and (not isinstance(t, int | float) or isinstance(t, bool)):
                    raise QueueError("malformed", "t must be a number")
                await self.send_json({"type": "pong", "t": t})
            else:
                raise QueueError("unknown_type", f"unknown message type {describe(kind)}")
        except QueueError as exc:
            await self.send_json(exc.as_message())

    async def on_join(self, message: dict[str, Any]) -> None:
        game = message.get("game")
        rated = message.get("rated", True)
        if not isinstance(game, str) or not isinstance(rated, bool):
            raise QueueError("malformed", "join needs a game (string) and rated (true or false)")
        await database_sync_to_async(services.queue_join)(
            user_id=self.user_id, game_slug=game, rated=rated
        )
        await self.send_status()
