"""A rejected queue request: nothing changed; ``code`` is stable (matchmaking/README.md)."""

from __future__ import annotations


class QueueError(Exception):
    def __init__(self, code: str, message: str, **extra: object) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra

    def as_message(self) -> dict[str, object]:
        return {"type": "error", "code": self.code, "message": self.message, **self.extra}
