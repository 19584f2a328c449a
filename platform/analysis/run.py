"""The analysis job's writes: claim the row (pending → running), compute outside any
transaction (a Bridge deal takes about a second of DDS, the moments analysis of another game up
to a few seconds of play-outs), store the result or the failure."""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone

from live.models import Match

from .engines import analyser_for
from .models import AnalysisStatus, MatchAnalysis
from .selectors import analysis_input

log = logging.getLogger(__name__)


def analysis_run(match_id: int) -> str:
    """Analyse the match if its row is pending; returns the row's status afterwards (a row
    already running, done or failed is left alone: the job may be delivered twice)."""
    with transaction.atomic():
        row = MatchAnalysis.objects.select_for_update().filter(match_id=match_id).first()
        if row is None or row.status != AnalysisStatus.PENDING:
            return "missing" if row is None else str(row.status)
        row.status = AnalysisStatus.RUNNING
        row.started_at = timezone.now()
        row.save(update_fields=["status", "started_at"])
    match = Match.objects.get(pk=match_id)
    analyser = analyser_for(match.game)
    try:
        if analyser is None:
            raise LookupError(f"game {match.game!r} has no analysis")
        result, error, status = analyser(analysis_input(match)), "", AnalysisStatus.DONE
    except Exception as exc:  # any failure of the game's code is stored, not retried
        log.exception("analysis of match %s failed", match_id)
        result, error, status = None, f"{type(exc).__name__}: {exc}", AnalysisStatus.FAILED
    MatchAnalysis.objects.filter(pk=row.pk).update(
        status=status, result=result, error=error, finished_at=timezone.now()
    )
    return str(status)
