"""Challenge settings (declared with their defaults in ``config/settings/community.py``), read at
call time so tests may change them."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings


def expiry() -> timedelta:
    return timedelta(seconds=float(settings.CHALLENGE_EXPIRY_S))


def bots_may_be_challenged() -> bool:
    return bool(settings.CHALLENGES_TO_BOTS)
