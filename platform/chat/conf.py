"""Chat settings (docs/chat.md; declared with their defaults in ``config/settings/community.py``),
read at call time so tests may change them."""

from __future__ import annotations

from django.conf import settings


def max_length() -> int:
    return int(settings.CHAT_MAX_LENGTH)


def rate_limit() -> tuple[int, float]:
    return int(settings.CHAT_RATE_LIMIT), float(settings.CHAT_RATE_WINDOW_S)


def history_size() -> int:
    return int(settings.CHAT_HISTORY)
