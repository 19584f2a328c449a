"""Group commit: the commands of many matches share one transaction and one commit.

Each web process runs ``LIVE_WRITER_LANES`` writer threads, each with its own database connection.
A command goes to the lane of its match (``match_id % lanes``), so one match's commands are applied
by one thread in the order they arrived.  A lane takes every command waiting for it (at most
``LIVE_WRITER_BATCH``), sorts them by match id — a stable sort, so a match keeps its own order —
and applies them one after another inside one transaction: each takes its match row's lock as
before (in id order, so two lanes or two processes never wait on each other in a circle), checks
and applies exactly as a lone command would, and the batch commits once.  Only then are the
commands answered (the consumer acknowledges) and the frames published (``transaction.on_commit``
fires after that one commit): nothing is acknowledged before it is durable.

Why: a command alone paid a transaction of its own — BEGIN, the lock, the writes, COMMIT with its
WAL flush — and a hop through the event loop's thread pool.  Under load the commands queue up
anyway; taking them together pays the commit and the hop once per batch.  A lone command on an idle
server is a batch of one and costs what it did.

A rejected command (:class:`~live.errors.LiveError`) is refused before it writes anything (the
services check everything first), so it is answered with its error and the others in its batch go
on.  Anything else that fails (a bug, a lost connection) rolls the whole batch back; its commands
are then applied again one by one, each in a transaction of its own, so one bad command fails alone.
"""

from __future__ import annotations

import asyncio
import logging
import os
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import InterfaceError, OperationalError, close_old_connections, transaction

from .errors import LiveError

log = logging.getLogger(__name__)


@dataclass
class _Command:
    func: Callable[..., Any]
    kwargs: dict[str, Any]
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[Any]


def _settle(future: asyncio.Future[Any], ok: bool, value: Any) -> None:
    if future.cancelled():
        return
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)


def _settle_all(answers: list[tuple[asyncio.Future[Any], bool, Any]]) -> None:
    for future, ok, value in answers:
        _settle(future, ok, value)


def _unwrapped(func: Callable[..., Any]) -> Callable[..., Any]:
    """The service without its own ``@transaction.atomic``: inside the batch's transaction a
    savepoint per command would cost two more round trips, and a refused command writes nothing."""
    return getattr(func, "__wrapped__", func)


class GroupWriter:
    """The writer lanes of one process (started on first use, again in a forked child)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pid: int | None = None
        self._lanes: list[queue.SimpleQueue[_Command]] = []

    async def run(self, func: Callable[..., Any], /, **kwargs: Any) -> Any:
        """Apply ``func(**kwargs)`` (a ``@transaction.atomic`` service taking ``match_id``) in
        the next batch of its match's lane; its result or its error once the batch committed."""
        lanes = self._running()
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        lanes[kwargs["match_id"] % len(lanes)].put(_Command(func, kwargs, loop, future))
        return await future

    def _running(self) -> list[queue.SimpleQueue[_Command]]:
        with self._lock:
            if self._pid != os.getpid():
                self._lanes = []
                for n in range(max(1, settings.LIVE_WRITER_LANES)):
                    lane: queue.SimpleQueue[_Command] = queue.SimpleQueue()
                    threading.Thread(
                        target=_drain, args=(lane,), name=f"live-writer-{n}", daemon=True
                    ).start()
                    self._lanes.append(lane)
                self._pid = os.getpid()
            return self._lanes


def _drain(lane: queue.SimpleQueue[_Command]) -> None:
    idle_since = 0.0
    while True:
        batch = [lane.get()]
        limit = max(1, settings.LIVE_WRITER_BATCH)
        while len(batch) < limit:
            try:
                batch.append(lane.get_nowait())
            except queue.Empty:
                break
        if time.monotonic() - idle_since > HEALTH_CHECK_AFTER_IDLE_S:
            close_old_connections()  # a connection idle for a while is checked before use
        try:
            outcomes = apply_batch([(c.func, c.kwargs) for c in batch])
        except BaseException as exc:  # never let the lane die: answer everyone, go on
            log.exception("a writer batch failed")
            outcomes = [(False, exc)] * len(batch)
        answers: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[Any], bool, Any]]] = {}
        for command, (ok, value) in zip(batch, outcomes, strict=True):
            answers.setdefault(command.loop, []).append((command.future, ok, value))
        for loop, settled in answers.items():  # one wake-up of each loop per batch
            loop.call_soon_threadsafe(_settle_all, settled)
        idle_since = time.monotonic()


HEALTH_CHECK_AFTER_IDLE_S = 1.0
"""A lane that was busy a moment ago uses its connection as it is: the health check (one more
round trip) runs before the first batch after a pause, and after any batch that failed."""


def apply_batch(
    commands: list[tuple[Callable[..., Any], dict[str, Any]]],
) -> list[tuple[bool, Any]]:
    """Apply ``commands`` in one transaction, in match-id order (each match's own in the order
    given); per command ``(True, result)`` or ``(False, error)``, in the order given."""
    order = sorted(range(len(commands)), key=lambda i: commands[i][1]["match_id"])
    outcomes: list[tuple[bool, Any]] = [(False, None)] * len(commands)
    try:
        with transaction.atomic():
            for i in order:
                func, kwargs = commands[i]
                try:
                    outcomes[i] = (True, _unwrapped(func)(**kwargs))
                except LiveError as exc:
                    outcomes[i] = (False, exc)
        return outcomes
    except (OperationalError, InterfaceError) as exc:  # the database away: no bug to trace
        log.warning("a batch of %d commands failed (%r); one by one", len(commands), exc)
    except Exception:
        log.exception("a batch of %d commands failed; applying them one by one", len(commands))
    # Again one by one, each in its own transaction, on a connection checked first (it may be the
    # failure: the database restarted).  Nothing of the batch was kept, and a command whose commit
    # was in doubt is found by its command id.
    close_old_connections()
    for i in order:
        func, kwargs = commands[i]
        try:
            outcomes[i] = (True, func(**kwargs))
        except Exception as exc:
            outcomes[i] = (False, exc)
    return outcomes


writer = GroupWriter()
