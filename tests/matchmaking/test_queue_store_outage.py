"""Issue 28, follow-up (docs/protocol.md "Limits and close codes", matchmaking/README.md): the
queue socket's status push meets a database that cannot be reached (an OperationalError, as
during a PostgreSQL restart) — the socket answers ``store_unavailable`` once, stays open, and
pushes the status again when the database is back; never a dead ticker, a 1011 or a traceback.

In-process with Channels' communicator and the real application.  The outage is Django's own
hook for this (``connection.execute_wrapper``): every SQL statement the queue socket runs raises
``OperationalError`` at the database layer, as the driver does when the server has gone.  The
queue socket's database calls are Channels' ``database_sync_to_async``, which runs every call on
asgiref's one thread-sensitive thread, so the wrapper is installed on that thread — and counts
the statements it refused, so the test knows the outage was met.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.db import OperationalError, connection

from live.sockets import store_unavailable_frame

from .test_queue_consumer import connect, new_user, receive, receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


class Outage:
    """The database is away: each statement raises what psycopg raises when the server went."""

    def __init__(self) -> None:
        self.refused = 0

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        self.refused += 1
        raise OperationalError("server closed the connection unexpectedly")


@database_sync_to_async
def begin(outage: Outage) -> None:
    connection.execute_wrappers.append(outage)


@database_sync_to_async
def end(outage: Outage) -> None:
    connection.execute_wrappers.remove(outage)


async def test_the_queue_status_push_answers_store_unavailable_and_keeps_the_socket(
    settings: Any, caplog: pytest.LogCaptureFixture
) -> None:
    settings.QUEUE_HEARTBEAT_S = 0
    settings.QUEUE_STATUS_PUSH_S = 0.05
    user = await new_user()
    comm = await connect(user)
    assert (await receive(comm))["type"] == "idle"
    await comm.send_json_to({"type": "join", "game": "spectacular_bid", "rated": True})
    await receive_until(comm, "status")
    outage = Outage()
    caplog.set_level(logging.WARNING)
    await begin(outage)
    try:
        frame = await receive_until(comm, "error")
        assert frame == store_unavailable_frame("en")
        # Answered once for the outage, and the socket stays open while it lasts.
        await asyncio.sleep(0.3)
        assert outage.refused >= 3  # the ticker kept trying
        assert await comm.receive_nothing(timeout=0.2)
    finally:
        await end(outage)
    # The database is back: the status comes again, and the socket serves frames.
    status = await receive_until(comm, "status")
    assert (status["game"], status["position"]) == ("spectacular_bid", 1)
    await comm.send_json_to({"type": "ping", "t": 7})
    assert await receive_until(comm, "pong") == {"type": "pong", "t": 7}
    await comm.disconnect()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not [r for r in caplog.records if r.exc_info], "no traceback for an outage"
