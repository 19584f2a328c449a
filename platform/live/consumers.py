"""The live WebSocket endpoint (docs/protocol.md): thin — authenticate, parse, stamp, delegate.

All rules live in :mod:`live.services`; this class only turns frames into service calls and service
results into frames, and guards the connection (frame size, message rate).
"""

from __future__ import annotations

from typing import Any

from asgiref.sync import SyncToAsync
from django.db import close_old_connections

from . import selectors, services, timebase
from .errors import LiveError
from .guards import CLOSE_RATE, RATE_LIMITED, FrameGuard, parse_object
from .messages import encode, public_group, seat_group
from .sockets import DirectDispatchConsumer

CLOSE_NO_MATCH = 4004


class _PooledDatabaseCall(SyncToAsync):
    """Run a database-touching function on the loop's thread pool, not on one shared thread.

    Channels' ``database_sync_to_async`` sends every call of a daphne process through a single
    thread, so one slow command holds up every match on that node.  Matches are independent (the
    row lock orders commands within one), so commands run side by side here; connections are
    tidied before and after as Channels does.
    """

    def thread_handler(self, loop: Any, *args: Any, **kwargs: Any) -> Any:
        close_old_connections()
        try:
            return super().thread_handler(loop, *args, **kwargs)
        finally:
            close_old_connections()


def db_call(func: Any) -> Any:
    return _PooledDatabaseCall(func, thread_sensitive=False)


class MatchConsumer(DirectDispatchConsumer):
    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        user = self.scope.get("user")
        self.user_id = user.pk if user is not None and user.is_authenticated else None
        audience = await db_call(selectors.audience_for)(
            match_id=self.match_id, user_id=self.user_id
        )
        await self.accept()
        if audience is None:
            await self.send_json(
                {
                    "type": "error",
                    "code": "no_match",
                    "message": f"there is no match {self.match_id}",
                }
            )
            await self.close(code=CLOSE_NO_MATCH)
            return
        self.seats = audience.seats
        self.groups_joined = [seat_group(self.match_id, s) for s in self.seats] or [
            public_group(self.match_id)
        ]
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        self.guard = FrameGuard()
        await self.send_snapshots()

    async def disconnect(self, code: int) -> None:
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)

    async def send_json(self, payload: dict[str, Any]) -> None:
        await self.send(text_data=encode(payload))

    async def send_snapshots(self) -> None:
        for message in await db_call(selectors.snapshots)(match_id=self.match_id, seats=self.seats):
            await self.send_json(message)

    async def match_state(self, event: dict[str, Any]) -> None:
        await self.send(text_data=event["text"])  # encoded once by the publisher

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        arrived = timebase.local_ms()
        close_code = self.guard.close_code(text_data, bytes_data)
        if close_code is not None:
            if close_code == CLOSE_RATE:
                await self.send_json(RATE_LIMITED)
            await self.close(code=close_code)
            return
        message = parse_object(text_data)
        if message is None:
            await self.send_json(
                LiveError("malformed", "send one JSON object per frame").as_message()
            )
            return
        kind = message.get("type")
        handler = {
            "action": self.on_action,
            "resign": self.on_resign,
            "resync": self.on_resync,
            "ping": self.on_ping,
        }.get(kind)  # type: ignore[arg-type]
        if handler is None:
            await self.send_json(
                LiveError("unknown_type", f"unknown message type {kind!r}").as_message()
            )
            return
        await handler(message, arrived)

    async def on_ping(self, message: dict[str, Any], arrived: float) -> None:
        stamp = await db_call(timebase.stamp)(arrived)
        await self.send_json({"type": "pong", "t": message.get("t"), "server_ms": stamp.ms})

    async def on_resync(self, message: dict[str, Any], arrived: float) -> None:
        await self.send_snapshots()

    async def on_action(self, message: dict[str, Any], arrived: float) -> None:
        await self._command(message, arrived, resign=False)

    async def on_resign(self, message: dict[str, Any], arrived: float) -> None:
        await self._command(message, arrived, resign=True)

    async def _command(self, message: dict[str, Any], arrived: float, *, resign: bool) -> None:
        command_id = message.get("command_id")
        seat = message.get("seat")
        seen = message.get("seq")
        problems = []
        if not isinstance(command_id, str) or not 0 < len(command_id) <= 64:
            problems.append("command_id must be a string of 1 to 64 characters")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            problems.append("seat must be an integer")
        if seen is not None and (not isinstance(seen, int) or isinstance(seen, bool)):
            problems.append("seq must be an integer")
        if not resign and "action" not in message:
            problems.append("action is missing")
        if problems:
            await self.send_json(
                LiveError("malformed", "; ".join(problems)).as_message(
                    command_id if isinstance(command_id, str) else None
                )
            )
            return
        try:
            if resign:
                applied = await db_call(services.match_resign)(
                    match_id=self.match_id,
                    command_id=command_id,
                    user_id=self.user_id,
                    seat=seat,
                    arrived_local_ms=arrived,
                )
            else:
                applied = await db_call(services.action_submit)(
                    match_id=self.match_id,
                    action=message["action"],
                    command_id=command_id,
                    user_id=self.user_id,
                    seat=seat,
                    seen_seq=seen,
                    arrived_local_ms=arrived,
                )
        except LiveError as exc:
            await self.send_json(exc.as_message(command_id))
            return
        if applied.ended:
            await self.send_json(
                LiveError(
                    "match_over", f"not applied: the match ended ({applied.ended})"
                ).as_message(command_id)
            )
            return
        await self.send_json({"type": "ack", "command_id": command_id, "seq": applied.seq})
