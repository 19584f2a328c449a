"""The one error operator services raise: a code (stable, for programs) and a message."""

from __future__ import annotations


class OperationError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
