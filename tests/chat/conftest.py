"""Chat sockets in-process: the real ASGI application (origin check, session, routing)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from live.socket_caps import socket_limits


@pytest.fixture(autouse=True)
async def _per_process_limits(settings) -> AsyncIterator[None]:  # type: ignore[no-untyped-def]
    settings.LIVE_LIMITS_REDIS_URL = ""
    yield
    await socket_limits.close()
