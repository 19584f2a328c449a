"""Chat settings, each with a default (docs/chat.md); read at call time so tests may change them."""

from __future__ import annotations

from django.conf import settings

DEFAULTS = {
    "CHAT_MAX_LENGTH": 300,  # characters of one message, after trimming
    "CHAT_RATE_LIMIT": 5,  # messages per user ...
    "CHAT_RATE_WINDOW_S": 10,  # ... within this many seconds, over all rooms
    "CHAT_HISTORY": 50,  # messages per room sent on connecting
    "CHAT_TEXT_FILTER": "chat.filters.mask_words",  # dotted path of a callable text -> text
}


def chat_setting(name: str) -> object:
    return getattr(settings, name, DEFAULTS[name])


def max_length() -> int:
    return int(chat_setting("CHAT_MAX_LENGTH"))  # type: ignore[call-overload]


def rate_limit() -> tuple[int, float]:
    return (
        int(chat_setting("CHAT_RATE_LIMIT")),  # type: ignore[call-overload]
        float(chat_setting("CHAT_RATE_WINDOW_S")),  # type: ignore[arg-type]
    )


def history_size() -> int:
    return int(chat_setting("CHAT_HISTORY"))  # type: ignore[call-overload]
