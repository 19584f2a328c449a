"""Template helpers of the tournament pages: translated labels, and the notice poller that the
site navigation includes on every page (only for players with an entry in a live tournament)."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from tournaments import ai_entrants, selectors, tiebreaks

register = template.Library()


@register.filter
def game_title(slug: str) -> str:
    return selectors.game_title(slug)


@register.simple_tag
def format_label(value: str) -> str:
    return {
        "swiss": _("Swiss"),
        "round_robin": _("Round robin"),
        "knockout": _("Knockout"),
        "arena": _("Arena"),
        "pairs": _("Pairs (duplicate)"),
        "mitchell": _("Mitchell movement"),
        "howell": _("Howell movement"),
    }.get(value, value)


@register.simple_tag
def ai_level_label(game_slug: str, level: str) -> str:
    """An AI level's name as the lobby shows it (Beginner, Casual …: ``ai_entrants``)."""
    return ai_entrants.level_labels(game_slug).get(level, level)


@register.simple_tag
def status_label(value: str) -> str:
    return {
        "scheduled": _("registration"),
        "running": _("running"),
        "paused": _("paused"),
        "finished": _("finished"),
        "cancelled": _("cancelled"),
        "active": _("playing"),
        "withdrawn": _("withdrawn"),
        "eliminated": _("eliminated"),
        "playing": _("playing"),
        "done": _("done"),
        "replay": _("to be replayed"),
        "void": _("void"),
    }.get(value, value)


@register.simple_tag
def audit_label(action: str) -> str:
    """What an audit entry's action key (``services.common.audit``) means, in words."""
    return {
        "created": _("created"),
        "started": _("started"),
        "started_early": _("started early"),
        "finished": _("finished"),
        "paused": _("paused"),
        "resumed": _("resumed"),
        "cancelled": _("cancelled"),
        "round_paired": _("round paired by hand"),
        "ai_added": _("AI players added"),
        "entry_removed": _("entry removed"),
        "withdrawn": _("entry withdrawn"),
        "withdrawn_no_show": _("withdrawn after repeated no-shows"),
        "adjudicated": _("game adjudicated"),
        "replayed": _("aborted game replayed"),
        "replays_exhausted": _("replays used up: shared result"),
        "partner_accepted": _("partner accepted"),
        "partner_declined": _("partner declined"),
        "partner_replaced": _("robot partner took the seat"),
        "partner_request_lapsed": _("partner request lapsed"),
        "tiebreaks_changed": _("tie-break order changed"),
        "movement_corrected": _("movement corrected for the field that came"),
    }.get(action, action)


@register.simple_tag(takes_context=True)
def tournament_notice_poller(context: dict[str, Any]) -> SafeString | str:
    """An htmx element polling the notice every 5 s for a player entered in a tournament that has
    not ended; nothing for everyone else (one indexed query per page)."""
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return ""
    if not selectors.in_active_tournament(user_id=user.pk):
        return ""
    return format_html(
        '<span class="tournament-notice-slot" role="status" aria-live="polite" '
        'data-testid="tournament-notice" hx-get="{}" hx-trigger="load, every 5s" '
        'hx-swap="innerHTML"></span>',
        reverse("tournaments:notice"),
    )


@register.filter
def points(value: float | None) -> str:
    """1.5 → 1½, 2.0 → 2, 0.6667 → 0.67 (scores and tie-breaks)."""
    if value is None:
        return ""
    return selectors.points_text(float(value))


@register.simple_tag
def tiebreak_title(name: str) -> str:
    """The full name of a standings column (its hover title and legend entry)."""
    return str(tiebreaks.TITLES.get(name, name))
