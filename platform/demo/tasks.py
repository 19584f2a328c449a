"""The demo's beat jobs (``config.settings.demo`` schedules them only when DEMO_CONTENT is on)."""

from __future__ import annotations

from celery import shared_task

from . import services


@shared_task(name="demo.tasks.top_up", ignore_result=True)
def top_up() -> None:
    services.demo_top_up()


@shared_task(name="demo.tasks.play", ignore_result=True)
def play() -> int:
    return services.demo_play()
