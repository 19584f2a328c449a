"""Celery jobs: AI moves (queue ``ai``) and the clock's wake-ups (queue ``clock``).

An AI job names the ``seq`` it was made for and does nothing if the match has moved on; a clock job
re-reads the locked match and does only what its clock says, so running either twice, late or on two
workers at once is harmless.  The periodic sweeper is the last line: it
wakes overdue matches straight from the database, whatever happened to the ETA jobs — it is its own
process (``manage.py clock_sweeper``), so it keeps working when every ``clock`` worker is dead.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Any

import redis
from celery import shared_task
from django.conf import settings

from config import redis_keys

from . import services, timebase
from .errors import LiveError
from .models import Match, MatchStatus

log = logging.getLogger(__name__)


_slots: Any = None


def schedule_wake(*, slot_ms: int) -> None:
    """Queue the clock job of the slot ending at ``slot_ms`` unless it is queued already.

    One job per slot among the callers of a burst: the first caller claims the slot in Redis
    (``SET NX``) for ``CLOCK_SLOT_CLAIM_MS``, later callers within that time leave it to that job.
    The claim is short on purpose.  A worker holds its ETA jobs until they are due, so a worker
    that dies takes the jobs of the next hours with it (Redis hands them out again only after the
    visibility timeout); a claim as long as the wait would keep every later deadline in those slots
    from getting a job of its own, and the sweeper would end each of them up to a sweep period late
    for hours after the crash.  A slot claimed again after its claim expired gets a second job,
    which is harmless: every job of a slot does the same idempotent wake.  Without a broker
    (in-process unit tests run Celery eagerly) an ETA job would run at once, so nothing is queued
    there: those tests call the services themselves.
    """
    global _slots
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return
    if _slots is None:
        _slots = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    claim = redis_keys.key(f"live:clock-slot:{slot_ms}")
    if not _slots.set(claim, 1, nx=True, px=settings.CLOCK_SLOT_CLAIM_MS):
        return
    eta = datetime.fromtimestamp(slot_ms / 1000, tz=UTC)
    clock_tick.apply_async(args=[slot_ms], eta=eta, queue="clock")


@shared_task(name="live.tasks.clock_tick", ignore_result=True)
def clock_tick(slot_ms: int) -> int:
    """The clock job of one slot (``services.clock_tick``); returns how many matches it woke."""
    return services.clock_tick(slot_ms=slot_ms)


@shared_task(name="live.tasks.node_clock_check", ignore_result=True)
def node_clock_check() -> None:
    """Measure this worker's offset to the time reference and show it to operators."""
    timebase.measure()


def queue_ai_move(match_id: int, seq: int, seat: int) -> None:
    """Queue :func:`ai_move` for one seat on the ``ai`` queue (the services' sender, set by
    ``LiveConfig.ready`` through ``live.services.enqueue.jobs_use``)."""
    ai_move.apply_async(args=[match_id, seq, seat], queue="ai")


@shared_task(name="live.tasks.ai_move", ignore_result=True)
def ai_move(match_id: int, seq: int, seat: int) -> str:
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status != MatchStatus.RUNNING or match.seq != seq:
        return "stale"
    action = services.ai_choose(match=match, seat=seat)
    try:
        services.action_submit(
            match_id=match_id,
            action=action,
            command_id=f"ai-{seq}-{seat}",
            seat=seat,
            seen_seq=seq,
            ai=True,
        )
    except LiveError as exc:
        if exc.code in ("stale_seq", "match_over", "not_your_turn"):
            return "stale"
        log.error("AI move rejected", extra={"match": match_id, "seq": seq, "code": exc.code})
        raise
    return "moved"
