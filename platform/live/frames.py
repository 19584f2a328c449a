"""What an incoming WebSocket frame must be before any handler sees it (docs/protocol.md,
"Limits and close codes"), checked without any I/O.

Every endpoint goes through :class:`live.sockets.GuardedConsumer`, so the answers are the same
everywhere:

* :func:`parse_message`: one JSON object per frame with a string ``type``, nested at most
  :data:`MAX_DEPTH` deep, numbers finite and within ±(2**53 − 1), no NUL characters — anything else
  is answered with a ``malformed`` error frame and changes nothing.
* :class:`FrameGuard`: per connection, frames larger than ``LIVE_MAX_FRAME_BYTES`` (4009) and more
  than ``LIVE_RATE_LIMIT`` frames within ``LIVE_RATE_WINDOW_S`` (4029).

The caps across processes (sockets per user and address, the shared budget) are
:mod:`live.socket_caps`.
"""

from __future__ import annotations

import math
import time
from collections import deque
from typing import Any

import orjson
from django.conf import settings

CLOSE_TOO_BIG = 4009
CLOSE_RATE = 4029

MAX_DEPTH = 16
"""Objects and arrays nested deeper than this (the message itself counts as one) are malformed."""
MAX_SAFE_INTEGER = 2**53 - 1
"""The largest integer every JSON client holds exactly (``Number.MAX_SAFE_INTEGER``)."""


class FrameGuard:
    """Per-connection admission of incoming frames."""

    def __init__(self) -> None:
        self.recent: deque[float] = deque()

    def close_code(self, text_data: str | None, bytes_data: bytes | None) -> int | None:
        """The close code a frame earns (too big, or one too many in the window), else None."""
        # surrogatepass: a lone surrogate (never valid UTF-8, refused by the parser) still counts
        size = (
            len(text_data.encode("utf-8", "surrogatepass"))
            if text_data is not None
            else len(bytes_data or b"")
        )
        if size > settings.LIVE_MAX_FRAME_BYTES:
            return CLOSE_TOO_BIG
        now = time.monotonic()
        self.recent.append(now)
        while self.recent and now - self.recent[0] > settings.LIVE_RATE_WINDOW_S:
            self.recent.popleft()
        if len(self.recent) > settings.LIVE_RATE_LIMIT:
            return CLOSE_RATE
        return None


class FrameError(Exception):
    """A frame that is not a message of the protocol; answered with a ``malformed`` error."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def as_message(self) -> dict[str, Any]:
        return {"type": "error", "code": "malformed", "message": self.message}


def parse_message(text_data: str | None) -> dict[str, Any]:
    """The frame as a protocol message (a JSON object whose ``type`` is a string).

    Raises :class:`FrameError` for anything else, so that no handler ever meets a value it could
    not store, encode or compare: a list as ``type``, 10**30, NaN, a structure 2,000 lists deep.
    """
    if text_data is None:
        raise FrameError("send text frames, one JSON object each")
    try:
        message = orjson.loads(text_data)
    except orjson.JSONDecodeError:
        raise FrameError("not JSON: send one JSON object per frame") from None
    if not isinstance(message, dict):
        raise FrameError("send one JSON object per frame")
    _check_values(message)
    if not isinstance(message.get("type"), str):
        raise FrameError("type must be a string")
    return message


def _check_values(message: dict[str, Any]) -> None:
    stack: list[tuple[Any, int]] = [(message, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            if depth > MAX_DEPTH:
                raise FrameError(f"nested deeper than {MAX_DEPTH} levels")
            for key, item in value.items():
                if "\x00" in key:
                    raise FrameError("strings must not contain NUL characters")
                stack.append((item, depth + 1))
        elif isinstance(value, list):
            if depth > MAX_DEPTH:
                raise FrameError(f"nested deeper than {MAX_DEPTH} levels")
            stack.extend((item, depth + 1) for item in value)
        elif isinstance(value, str):
            if "\x00" in value:
                raise FrameError("strings must not contain NUL characters")
        elif isinstance(value, int | float) and not isinstance(value, bool):
            if not math.isfinite(value) or abs(value) > MAX_SAFE_INTEGER:
                raise FrameError(f"numbers must lie within ±{MAX_SAFE_INTEGER}")


def describe(value: Any, limit: int = 40) -> str:
    """A short, safe rendering of a client's value for an error message."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


RATE_LIMITED = {
    "type": "error",
    "code": "rate_limited",
    "message": "too many messages; the connection is closed",
}
