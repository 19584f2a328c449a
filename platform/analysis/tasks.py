"""The analysis job, on a queue of its own (``analysis``, issue #32): a match's analysis takes up
to several seconds of CPU, and on the ``ai`` queue it would hold an AI worker while AI moves of
live matches wait behind it.  Its worker runs at the lowest CPU priority (the Procfile's
``worker-analysis``, k8s/25-worker-analysis.yaml)."""

from __future__ import annotations

from celery import shared_task

from .run import analysis_run


def queue_analysis(match_id: int) -> None:
    analyse_match.apply_async(args=[match_id], queue="analysis")


@shared_task(name="analysis.tasks.analyse_match", ignore_result=True)
def analyse_match(match_id: int) -> str:
    return analysis_run(match_id)
