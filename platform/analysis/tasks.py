"""The analysis job, on the ``ai`` queue with the AI moves' workers (issue #32)."""

from __future__ import annotations

from celery import shared_task

from .run import analysis_run


def queue_analysis(match_id: int) -> None:
    analyse_match.apply_async(args=[match_id], queue="ai")


@shared_task(name="analysis.tasks.analyse_match", ignore_result=True)
def analyse_match(match_id: int) -> str:
    return analysis_run(match_id)
