"""Celery jobs: AI moves (queue ``ai``) and the clock's wake-ups (queue ``clock``).

Every job names the ``seq`` it was made for and does nothing if the match has moved on, so running
one twice, late or on two workers at once is harmless.  The periodic sweeper is the last line: it
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


def schedule_wake(*, match_id: int, seq: int, wake_ms: int) -> None:
    """Queue the clock job for ``wake_ms`` (an ETA job on the ``clock`` queue).

    Without a broker (in-process unit tests run Celery eagerly) an ETA job would run at once, so
    nothing is queued there: those tests call :func:`services.match_wake` themselves.
    """
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return
    eta = datetime.fromtimestamp(wake_ms / 1000, tz=UTC)
    clock_expire.apply_async(args=[match_id, seq], eta=eta, queue="clock")


@shared_task(name="live.tasks.clock_expire", ignore_result=True)
def clock_expire(match_id: int, seq: int) -> str:
    outcome = services.match_wake(match_id=match_id, seq=seq)
    if outcome in ("early",):
        # The worker's clock ran ahead of the reference: try again at the real deadline.
        match = Match.objects.filter(pk=match_id, seq=seq, status=MatchStatus.RUNNING).first()
        if match and match.wake_ms:
            schedule_wake(match_id=match_id, seq=seq, wake_ms=match.wake_ms)
    return outcome


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
