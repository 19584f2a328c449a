"""The reasons operators give players, and how players read them.

An operator picks a reason from this fixed list (and may add a note for the audit log, which
players never see: it can name internal details and is written in the operator's language).  What
players read is the reason in every interface language, joined — the match's frames are built once
per audience, without knowing who reads them, so a text stored on the match must already speak
both (docs/operations.md, "Reasons players read").
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

ABORT_REASONS: dict[str, Promise] = {
    "technical": gettext_lazy("a technical problem on the server"),
    "stuck": gettext_lazy("the match could not continue"),
    "fair_play": gettext_lazy("a fair-play investigation"),
    "misconduct": gettext_lazy("a player's misconduct"),
    "wrong_setup": gettext_lazy("the match was set up wrongly"),
    "player_request": gettext_lazy("at the players' request"),
}
"""Why an operator aborts a match (no result, no rating change)."""

ADJUDICATE_REASONS: dict[str, Promise] = {
    "stuck": gettext_lazy("the match could not continue"),
    "abandoned": gettext_lazy("a player abandoned the match"),
    "fair_play": gettext_lazy("a fair-play investigation"),
    "misconduct": gettext_lazy("a player's misconduct"),
    "appeal": gettext_lazy("an appeal was upheld"),
}
"""Why an operator decides a match's result."""

BAN_FORFEIT = gettext_lazy("the player's account was suspended")
"""What the opponents of a banned player read on the matches the ban ended."""

_ABORTED = gettext_lazy("Aborted by an operator: %(reason)s.")
_DECIDED = gettext_lazy("Result decided by an operator: %(reason)s.")
_FORFEITED = gettext_lazy("Forfeited: %(reason)s.")


def in_every_language(template: Promise, reason: Promise) -> str:
    """``template`` filled with ``reason``, once per interface language, joined by " / " (a
    language whose text equals an earlier one is left out)."""
    texts: list[str] = []
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            text = str(template) % {"reason": str(reason)}
        if text not in texts:
            texts.append(text)
    return " / ".join(texts)


def abort_text(code: str) -> str:
    return in_every_language(_ABORTED, ABORT_REASONS[code])


def adjudication_text(code: str) -> str:
    return in_every_language(_DECIDED, ADJUDICATE_REASONS[code])


def forfeit_text() -> str:
    return in_every_language(_FORFEITED, BAN_FORFEIT)
