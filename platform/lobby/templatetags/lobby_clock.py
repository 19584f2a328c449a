"""``{% time_control_note match_id %}``: a match page's line saying its clock is not the standard
one ("Relaxed clock — not the standard clock"); nothing for the standard clock."""

from __future__ import annotations

from typing import Any

from django import template

from live.models import Match
from lobby.selectors import match_time_control

register = template.Library()


@register.inclusion_tag("lobby/_time_control_note.html")
def time_control_note(match_id: int | None) -> dict[str, Any]:
    match = Match.objects.filter(pk=match_id).only("clock").first() if match_id else None
    return {"time_control": match_time_control(match) if match else None}
