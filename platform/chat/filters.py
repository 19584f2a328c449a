"""The default profanity filter (``CHAT_TEXT_FILTER``, docs/chat.md).

A filter is any callable ``text -> text``: it returns the text to store (masked, say), or raises
:class:`Refused` (or ``ValueError``) to refuse the message, which is then answered ``refused`` and
not stored.  The default masks a small list of English and German swear words, whole words only
and in any case, letter for letter with ``*``.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.conf import settings
from django.utils.module_loading import import_string


class Refused(ValueError):
    """Raised by a filter that refuses a message outright."""


MASKED_WORDS = (
    "arsehole", "asshole", "bastard", "bitch", "bullshit", "cunt", "dickhead", "fuck", "fucker",
    "fucking", "motherfucker", "shit", "wanker",
    "arschloch", "fotze", "hurensohn", "scheiß", "scheiss", "scheiße", "scheisse", "wichser",
)  # fmt: skip

_PATTERN = re.compile(
    r"(?<!\w)("
    + "|".join(re.escape(w) for w in sorted(MASKED_WORDS, key=len, reverse=True))
    + r")(?!\w)",
    re.IGNORECASE,
)


def mask_words(text: str) -> str:
    return _PATTERN.sub(lambda m: "*" * len(m.group(0)), text)


def text_filter() -> Callable[[str], str]:
    named = settings.CHAT_TEXT_FILTER
    if callable(named):
        return named  # type: ignore[no-any-return]
    return import_string(str(named))  # type: ignore[no-any-return]
