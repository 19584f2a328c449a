"""Periodic operations jobs (beat): sanctions whose expiry has passed are lifted."""

from __future__ import annotations

from celery import shared_task

from . import services


@shared_task(name="operations.tasks.sanctions_expire", ignore_result=True)
def sanctions_expire() -> int:
    """Lift expired bans and mutes (a ban's account is switched back on); idempotent."""
    return services.sanctions_expire()
