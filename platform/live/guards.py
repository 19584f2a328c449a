"""Connection guards shared by every WebSocket endpoint: frame size, message rate, JSON shape.

Both the match and the queue consumer admit frames through :class:`FrameGuard`, so the limits
(``LIVE_MAX_FRAME_BYTES``, ``LIVE_RATE_LIMIT`` per ``LIVE_RATE_WINDOW_S``) and their close codes are
the same everywhere and documented once (docs/protocol.md).
"""

from __future__ import annotations

import json
import time
from collections import deque
from typing import Any

from django.conf import settings

CLOSE_TOO_BIG = 4009
CLOSE_RATE = 4029


class FrameGuard:
    """Per-connection admission of incoming frames."""

    def __init__(self) -> None:
        self.recent: deque[float] = deque()

    def close_code(self, text_data: str | None, bytes_data: bytes | None) -> int | None:
        """The close code a frame earns (too big, or one too many in the window), else None."""
        size = len(text_data.encode()) if text_data is not None else len(bytes_data or b"")
        if size > settings.LIVE_MAX_FRAME_BYTES:
            return CLOSE_TOO_BIG
        now = time.monotonic()
        self.recent.append(now)
        while self.recent and now - self.recent[0] > settings.LIVE_RATE_WINDOW_S:
            self.recent.popleft()
        if len(self.recent) > settings.LIVE_RATE_LIMIT:
            return CLOSE_RATE
        return None


def parse_object(text_data: str | None) -> dict[str, Any] | None:
    """The frame as a JSON object, or None when it is not one."""
    try:
        message = json.loads(text_data) if text_data is not None else None
    except ValueError:
        return None
    return message if isinstance(message, dict) else None


RATE_LIMITED = {
    "type": "error",
    "code": "rate_limited",
    "message": "too many messages; the connection is closed",
}
