"""How many spectators watch a match now (docs/players.md "Watching", docs/protocol.md
``spectators``).

A spectator socket (one without a seat) joins the set ``gp:ws:watch:match:<id>`` next to its
places under the socket caps (``live.socket_caps.SocketLimits.join``): the same Redis sorted set
with a lease per member, renewed by the process that holds the socket and released when it closes,
so a killed daphne's spectators drop out of the count within ``LIVE_SOCKET_LEASE_S``.  Without
Redis the count is per process (the in-process tests, a single-process run).

When the count may have changed (a spectator came or went) the consumer announces it to every
audience of the match after ``LIVE_SPECTATOR_ANNOUNCE_S``: one announcement per match and process
for however many came and went meanwhile, so a crowd arriving at once costs one frame per socket,
not one per arrival.  Sockets forward it only if they asked for the count (``spectators``
message), so clients that never ask see nothing new.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Sequence
from typing import Any

from django.conf import settings

from config import redis_keys

from .messages import public_group, seat_group
from .socket_caps import socket_limits

log = logging.getLogger(__name__)


def watch_key(match_id: int) -> str:
    return redis_keys.key(f"gp:ws:watch:match:{match_id}")


async def join(*, member: str, match_id: int) -> None:
    await socket_limits.join(member, watch_key(match_id))


async def watching(match_id: int) -> int | None:
    """Spectator sockets of the match now (None when the count cannot be read)."""
    return await socket_limits.count(watch_key(match_id))


def frame(match_id: int, count: int | None) -> dict[str, Any]:
    return {"type": "spectators", "match_id": match_id, "count": count}


_pending: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[int, asyncio.Task[None]]] = (
    weakref.WeakKeyDictionary()
)


def announce_soon(*, layer: Any, match_id: int, people_seats: Sequence[int]) -> None:
    """Send the match's count to all its audiences shortly (once for a burst of changes)."""
    if layer is None:
        return
    loop = asyncio.get_running_loop()
    pending = _pending.setdefault(loop, {})
    task = pending.get(match_id)
    if task is not None and not task.done():
        return
    groups = [public_group(match_id), *(seat_group(match_id, s) for s in people_seats)]
    pending[match_id] = loop.create_task(_announce(layer, match_id, groups, pending))


async def _announce(
    layer: Any, match_id: int, groups: list[str], pending: dict[int, asyncio.Task[None]]
) -> None:
    try:
        await asyncio.sleep(settings.LIVE_SPECTATOR_ANNOUNCE_S)
        pending.pop(match_id, None)  # a change from now on schedules the next announcement
        count = await watching(match_id)
        if count is None:
            return
        event = {"type": "match.spectators", "match_id": match_id, "count": count}
        for group in groups:
            await layer.group_send(group, event)
    except asyncio.CancelledError:
        raise
    except Exception as exc:  # a lost announcement is corrected by the next one or a re-ask
        log.warning("announcing the spectators of match %s failed: %r", match_id, exc)
