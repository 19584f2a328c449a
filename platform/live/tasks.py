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

from celery import shared_task
from django.conf import settings

from . import services, timebase
from .errors import LiveError
from .models import Match, MatchStatus

log = logging.getLogger(__name__)


def schedule_wake(*, match_id: int, at_ms: int) -> None:
    """Queue the match's clock job for ``at_ms`` (an ETA job on the ``clock`` queue).

    Without a broker (in-process unit tests run Celery eagerly) an ETA job would run at once, so
    nothing is queued there: those tests call :func:`services.match_wake` themselves.
    """
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return
    eta = datetime.fromtimestamp(at_ms / 1000, tz=UTC)
    clock_expire.apply_async(args=[match_id, at_ms], eta=eta, queue="clock")


@shared_task(name="live.tasks.clock_expire", ignore_result=True)
def clock_expire(match_id: int, at_ms: int) -> str:
    """The clock job scheduled for ``at_ms``: ends the match if its time is up, or moves itself on
    to the match's current deadline (see ``services.match_wake``)."""
    return services.match_wake(match_id=match_id, job_ms=at_ms)


@shared_task(name="live.tasks.node_clock_check", ignore_result=True)
def node_clock_check() -> None:
    """Measure this worker's offset to the time reference and show it to operators."""
    timebase.measure()


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
