"""The one place live events leave the server: one message per audience, after commit.

Each seat has its own group and the spectators share one, so every ``group_send`` carries exactly
the view its audience may see (hidden tiles and cards never reach a group that may not know them).

With Redis (every real deployment) the messages go through one publisher thread per process that
owns an event loop: the channel layer keeps its connection pool on that loop (a fresh
``async_to_sync`` loop per call would reconnect every time), sends in commit order, and the writer
that committed does not wait for the network.  Whatever has queued up while a send was in flight
goes out as one batch (``group_send_many``: one pipelined round trip, order kept).  The in-memory
layer of the in-process tests only works on its own loop, so there the send happens in place.

A message carries its frame already encoded as JSON text: it is encoded once, here, and the
consumers of its audience send it as it is.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

import redis
from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.db import transaction

from games.core import Event, Game, State

from . import timebase
from .messages import (
    encode,
    match_info,
    public_clock,
    public_group,
    seat_group,
    state_message,
)
from .models import Match, Seat

log = logging.getLogger(__name__)


class Ready(NamedTuple):
    """A channel-layer event sent as it is (a notification, a chat line), not a state frame."""

    group: str
    event: dict[str, Any]


Message = tuple[str, dict[str, Any]]
"""A state frame's payload for one group: encoded by the publisher, off the committing thread."""


def match_changed(
    *, match: Match, game: Game, state: State, seats: Sequence[Seat], events: Sequence[Event]
) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    now_ms = timebase.stamp().ms
    audiences: list[tuple[str, int | None]] = [
        (seat_group(match.pk, s.seat), s.seat) for s in seats if s.user_id
    ]
    audiences.append((public_group(match.pk), None))
    shared = (match_info(match, seats), public_clock(match, now_ms))  # alike for every audience
    messages = [
        (
            group,
            state_message(
                match=match,
                game=game,
                state=state,
                seats=seats,
                seat=seat,
                reason="update",
                now_ms=now_ms,
                events=events,
                shared=shared,
            ),
        )
        for group, seat in audiences
    ]
    if isinstance(layer, InMemoryChannelLayer):
        async_to_sync(send_batch)(layer, messages)
    else:
        _publisher.send(messages)


def events_after_commit(events: Iterable[tuple[str, dict[str, Any]]]) -> None:
    """The outbox of everything else that leaves after a commit — queue and site notifications,
    chat: each ``(group, event)`` is sent once the transaction commits (at once outside one),
    through this process's publisher, in order behind the frames committed before it.

    Robust: a channel layer that cannot be reached never fails what was committed; the readers
    catch up when they reconnect.
    """
    batch = [Ready(group, event) for group, event in events]
    if batch:
        transaction.on_commit(lambda: _send_ready(batch), robust=True)


def _send_ready(batch: list[Ready]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    if isinstance(layer, InMemoryChannelLayer):
        async_to_sync(send_batch)(layer, batch)
    else:
        _publisher.send(batch)


def frame_event(payload: dict[str, Any]) -> dict[str, Any]:
    """The channel-layer event carrying one ``state`` frame (see ``MatchConsumer.match_state``)."""
    return {"type": "match.state", "text": encode(payload)}


async def send_batch(layer: Any, messages: Sequence[Message | Ready]) -> None:
    """Each group its frame or event, in the order given: one pipelined round trip where the
    layer can."""
    events = [
        (m.group, m.event) if isinstance(m, Ready) else (m[0], frame_event(m[1])) for m in messages
    ]
    if hasattr(layer, "group_send_many"):
        await layer.group_send_many(events)
        return
    for group, event in events:
        await layer.group_send(group, event)


SEND_RETRY_DELAYS = (0.05, 0.25, 1.0, 3.0)
"""Seconds to wait before each further try of a failed send (about 4.3 s in all)."""


async def send_with_retries(layer: Any, messages: list[Message | Ready]) -> bool:
    """:func:`send_batch`, tried again when the connection to Redis fails; False if every try did.

    After Redis restarts, the pooled connection a process last published on is dead, and its next
    use fails once before the client reconnects: without a retry that update was lost, and a client
    waiting for the AI's move heard nothing until it resynced by itself (the move itself was
    committed).  Frames carry ``seq`` and are whole snapshots, so one delivered twice is harmless;
    retrying here, inside the one drain loop, keeps the commit order of everything behind it.
    """
    for delay in (*SEND_RETRY_DELAYS, None):
        try:
            await send_batch(layer, messages)
            return True
        except (OSError, redis.RedisError) as exc:
            if delay is None:
                log.error("publishing a match update failed, giving up: %r", exc)
                return False
            log.warning("publishing a match update failed, trying again: %r", exc)
            await asyncio.sleep(delay)
    return False  # pragma: no cover - the loop returns


class _Publisher:
    """A daemon thread with its own event loop, sending queued messages one after another."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pid: int | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._queue: asyncio.Queue[list[Message | Ready]] | None = None

    def send(self, messages: list[Message | Ready]) -> None:
        loop, queue = self.running()
        loop.call_soon_threadsafe(queue.put_nowait, messages)

    def running(self) -> tuple[asyncio.AbstractEventLoop, asyncio.Queue[list[Message | Ready]]]:
        """The thread's loop and queue, started on first use in this process (or forked child)."""
        with self._lock:
            if self._pid != os.getpid():
                self._start()
            loop, queue = self._loop, self._queue
        assert loop is not None and queue is not None
        return loop, queue

    def _start(self) -> None:
        ready = threading.Event()
        loop = asyncio.new_event_loop()

        def run() -> None:
            asyncio.set_event_loop(loop)
            self._queue = asyncio.Queue()
            loop.create_task(self._drain(self._queue))
            ready.set()
            loop.run_forever()

        threading.Thread(target=run, name="live-publisher", daemon=True).start()
        ready.wait()
        self._loop, self._pid = loop, os.getpid()

    @staticmethod
    async def _drain(queue: asyncio.Queue[list[Message | Ready]]) -> None:
        layer = get_channel_layer()
        while True:
            messages = list(await queue.get())
            while not queue.empty():  # everything that waited goes out in one batch, in order
                messages.extend(queue.get_nowait())
            try:
                await send_with_retries(layer, messages)
            except Exception:  # one failed send must not stop the publisher
                log.exception("publishing a match update failed")


_publisher = _Publisher()


def start_publisher() -> None:
    """Start this process's publisher now (process start-up) instead of at its first message."""
    if not isinstance(get_channel_layer(), InMemoryChannelLayer | None):
        _publisher.running()
