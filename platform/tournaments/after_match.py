"""What tournaments add to live's result screen (``live:after``): the way back to the event a
game was played in.  Registered in :meth:`tournaments.apps.TournamentsConfig.ready` as one of
``live.providers.AFTER_MATCH_PROVIDERS``, so live shows it without importing tournaments."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from live.models import Match

from .selectors import tournament_of_match


def after_match(match: Match, user_id: int | None) -> dict[str, Any]:
    tournament_id = tournament_of_match(match.pk)
    if tournament_id is None:
        return {}
    return {
        "event": {
            "url": reverse("tournaments:detail", args=[tournament_id]),
            "label": _("Back to the event"),
        }
    }
