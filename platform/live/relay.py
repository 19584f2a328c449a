"""A bare relay consumer: the yardstick the live benchmark (tests/bench/live_bench.py) measures
the match consumer against.

Each connection joins a group of its own (named in the URL) and every frame it receives is
``group_send``-ed to that group, so it comes back to the sender through the same channel layer
(channels-redis in production) and the same daphne as a match's ``state`` messages — without the
database, the engine or the views.  Routed only when the ``LIVE_BENCH_RELAY`` setting (or
environment variable) is true: see :func:`bench_routes`.
"""

from __future__ import annotations

import os
import re
from typing import Any

from django.conf import settings
from django.urls import URLPattern, path

from .sockets import DirectDispatchConsumer

GROUP_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")


class RelayConsumer(DirectDispatchConsumer):
    async def connect(self) -> None:
        name = str(self.scope["url_route"]["kwargs"]["name"])
        if not GROUP_NAME.match(name):
            await self.close(code=4000)
            return
        self.group = f"bench-relay-{name}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if text_data is None:
            return
        await self.channel_layer.group_send(self.group, {"type": "relay.frame", "text": text_data})

    async def relay_frame(self, event: dict[str, Any]) -> None:
        await self.send(text_data=event["text"])


def enabled() -> bool:
    value = getattr(settings, "LIVE_BENCH_RELAY", None)
    if value is None:
        value = os.environ.get("LIVE_BENCH_RELAY", "")
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "on")
    return bool(value)


def bench_routes() -> list[URLPattern]:
    """``ws/bench/relay/<name>/`` when the relay is enabled, else nothing."""
    if not enabled():
        return []
    return [path("ws/bench/relay/<str:name>/", RelayConsumer.as_asgi())]
