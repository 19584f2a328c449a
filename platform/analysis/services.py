"""Asking for a match's analysis: one row per match, the job queued once, after the commit.

The match's row is locked first (``live.services.match_lock``, as every app whose rows follow a
match does), then the analysis row is made if missing; a second request — a reload, another
viewer, a retried POST — finds it and queues nothing (unless a pending row's job was lost,
``REQUEUE_AFTER``, or a running row's worker died, ``RUNNING_STALE_AFTER``).  A failed analysis
stays failed (a job that failed on a deal would fail again); operators may delete the row to have
it asked again.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any, Final

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from live.services import match_lock

from . import tasks
from .models import AnalysisStatus, MatchAnalysis
from .selectors import AnalysisError, analysable_match, analysis_offered

REQUEUE_AFTER: Final = timedelta(minutes=2)
"""A row still pending this long after it was made lost its job (the queue was away when it was
sent: after-commit sends are logged, not retried); the next request queues it again.  A job
delivered twice is harmless: only one claims the pending row."""

RUNNING_STALE_AFTER: Final = timedelta(minutes=10)
"""A row running this long lost its worker (killed, restarted mid-deal: a Bridge deal takes 1–3 s
of DDS); the next request makes it pending again and queues a job.  Were the first job still
alive after all, both would store the same result."""


def analysis_request(*, match_id: int, user: Any) -> MatchAnalysis:
    """The match's analysis row, made and its job queued (on the ``ai`` queue, after the commit)
    if this is the first request.  Refused (:class:`AnalysisError`) while the match runs, while
    its deal is embargoed for ``user``, and for a game or match with no analysis."""
    with transaction.atomic():
        match = match_lock(match_id=match_id)
        if match is None:
            raise AnalysisError("not_found", _("no such match"))
        analysable_match(match_id=match.pk, user=user)
        if not analysis_offered(match):
            raise AnalysisError(
                "not_available",
                _("analysis is not available for this game or match yet"),
            )
        row, created = MatchAnalysis.objects.get_or_create(match=match)
        now = timezone.now()
        lost = row.status == AnalysisStatus.PENDING and row.created_at <= now - REQUEUE_AFTER
        stalled = (
            row.status == AnalysisStatus.RUNNING
            and row.started_at is not None
            and row.started_at <= now - RUNNING_STALE_AFTER
        )
        if stalled:
            row.status = AnalysisStatus.PENDING
            row.save(update_fields=["status"])
        if created or lost or stalled:
            transaction.on_commit(lambda: tasks.queue_analysis(match.pk), robust=True)
    return row
