"""The yardsticks the live benchmark (tests/bench/live_bench.py) measures the match consumer
against: a bare relay, and a relay that moves the messages a move moves.

Each connection joins a group of its own (named in the URL) and every frame it receives is
``group_send``-ed to that group, so it comes back to the sender through the same channel layer
(channels-redis in production) and the same daphne as a match's ``state`` messages — without the
database, the engine or the views.

:class:`MoveShapedRelayConsumer` sends, for every frame it receives, what the match consumer and
the publisher send for a move, with neither database nor engine: an ``ack`` straight back, and one
``state``-sized frame (the size the client asks for) through the channel layer to each of three
groups in one batch (the sender's seat, the partner's seat and the pair's spectators), the way
:mod:`live.publish` does.  What it reaches is the most the live path could reach if a move cost
nothing but its messages.  Routed only when the ``LIVE_BENCH_RELAY`` setting (or
environment variable) is true: see :func:`bench_routes`.
"""

from __future__ import annotations

import json
import os
import re
from typing import Any

from django.conf import settings
from django.urls import URLPattern, path

from .messages import encode
from .publish import send_batch
from .sockets import DirectDispatchConsumer

GROUP_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")


class _OwnGroupConsumer(DirectDispatchConsumer):
    """A connection that joins a group of its own, named after the URL's ``name``."""

    prefix = ""

    async def connect(self) -> None:
        names = [str(v) for v in self.scope["url_route"]["kwargs"].values()]
        if not all(GROUP_NAME.match(n) for n in names):
            await self.close(code=4000)
            return
        self.name = str(self.scope["url_route"]["kwargs"]["name"])
        self.group = f"{self.prefix}{self.name}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)


class RelayConsumer(_OwnGroupConsumer):
    prefix = "bench-relay-"

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if text_data is None:
            return
        await self.channel_layer.group_send(self.group, {"type": "relay.frame", "text": text_data})

    async def relay_frame(self, event: dict[str, Any]) -> None:
        await self.send(text_data=event["text"])


class MoveShapedRelayConsumer(_OwnGroupConsumer):
    prefix = "bench-move-"

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if text_data is None:
            return
        partner = str(self.scope["url_route"]["kwargs"]["partner"])
        audiences = (
            self.group,
            f"{self.prefix}{partner}",
            f"{self.prefix}public-{min(self.name, partner)}",
        )
        command = json.loads(text_data)
        command_id = command["command_id"]
        await self.send(text_data=encode({"type": "ack", "command_id": command_id}))
        frame = {"type": "state", "command_id": command_id, "from": self.group, "pad": ""}
        frame["pad"] = "x" * max(0, int(command["size"]) - len(encode(frame)))
        await send_batch(self.channel_layer, [(group, frame) for group in audiences])

    async def match_state(self, event: dict[str, Any]) -> None:
        await self.send(text_data=event["text"])


def enabled() -> bool:
    value = settings.LIVE_BENCH_RELAY
    if value is None:
        value = os.environ.get("LIVE_BENCH_RELAY", "")
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "on")
    return bool(value)


def bench_routes() -> list[URLPattern]:
    """``ws/bench/relay/<name>/`` and ``ws/bench/move-relay/<name>/<partner>/`` when the relays
    are enabled, else nothing."""
    if not enabled():
        return []
    return [
        path("ws/bench/relay/<str:name>/", RelayConsumer.as_asgi()),
        path("ws/bench/move-relay/<str:name>/<str:partner>/", MoveShapedRelayConsumer.as_asgi()),
    ]
