"""The errors a tournament request can meet: a stable code and a sentence; nothing changed."""

from __future__ import annotations


class TournamentError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def as_dict(self) -> dict[str, str]:
        """The API's error body: ``code`` and ``detail`` (the API's shape for every error), and
        ``message`` (the same sentence, as the rest of this app calls it)."""
        return {"code": self.code, "detail": self.message, "message": self.message}
