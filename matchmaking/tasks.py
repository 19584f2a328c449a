"""The matchmaker's beat job: one pass every second on the ``clock`` queue (small and
time-critical, so AI load never delays a pairing).  Passes may overlap — on one worker that is
slow, or on several nodes — which is safe: the pass locks the rows it seats."""

from __future__ import annotations

import logging

from celery import shared_task

from . import services

log = logging.getLogger(__name__)


@shared_task(name="matchmaking.tasks.matchmaking_pass", ignore_result=True)
def matchmaking_pass() -> dict[str, int]:
    report = services.queue_pass()
    if report.match_ids or report.removed_user_ids:
        log.info(
            "matchmaking pass",
            extra={"matches": len(report.match_ids), "removed": len(report.removed_user_ids)},
        )
    return {"matches": len(report.match_ids), "removed": len(report.removed_user_ids)}
