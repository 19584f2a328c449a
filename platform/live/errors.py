"""The errors a live command can meet; each has the stable code of docs/protocol.md."""

from __future__ import annotations


class LiveError(Exception):
    """A rejected command: nothing changed.  ``rule`` carries the game's own reason code."""

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule

    def as_message(self, command_id: str | None = None) -> dict[str, object]:
        out: dict[str, object] = {"type": "error", "code": self.code, "message": self.message}
        if self.rule:
            out["rule"] = self.rule
        if command_id is not None:
            out["command_id"] = command_id
        return out
