"""Chat's refusals: a code the client may act on, and a sentence in the reader's language."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _


class ChatError(Exception):
    """A refused chat frame: nothing was stored or changed."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def as_message(self, lang: str | None = None) -> dict[str, Any]:
        with translation.override(lang or "en"):
            text = describe(self.code, self.params)
        frame: dict[str, Any] = {"type": "error", "code": self.code, "message": text}
        for key, value in self.params.items():
            if key == "detail":
                continue
            frame[key] = value.isoformat() if isinstance(value, datetime) else value
        return frame


def _when(moment: datetime) -> str:
    local = timezone.localtime(moment, UTC)
    return f"{formats.date_format(local, 'DATETIME_FORMAT')} UTC"


def describe(code: str, params: dict[str, Any]) -> str:
    """The sentence for ``code`` in the active language."""
    if code == "muted":
        until = params.get("until")
        if until is None:
            return _("You are muted until an operator lifts it.")
        return _("You are muted until %(until)s.") % {"until": _when(until)}
    if code == "slow_down":
        return _(
            "Slow down: at most %(limit)d messages in %(window)d seconds. Try again in %(retry)d s."
        ) % {
            "limit": params["limit"],
            "window": params["window_s"],
            "retry": params["retry_after_s"],
        }
    if code == "too_long":
        return _("Message too long: at most %(max)d characters.") % {"max": params["max_length"]}
    texts = {
        "empty": _("Write something first."),
        "invisible": _("This message shows nothing: it holds only invisible characters."),
        "account_closed": _("This account is banned or deactivated."),
        "login_required": _("Log in to write in the chat."),
        "refused": _("This message is not allowed."),
        "no_user": _("There is no user of that name."),
        "mute_self": _("You cannot mute yourself."),
        "no_room": _("There is no such chat room."),
        "deal_embargoed": _("This table's chat is hidden until every table has played this deal."),
        "unknown_type": _("Unknown message type."),
        "malformed": _("Malformed message: %(detail)s"),
    }
    text = texts.get(code, code)
    if code == "malformed":
        text = text % {"detail": params.get("detail", "")}
    return text
