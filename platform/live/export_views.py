"""Downloads of a finished match's record in the formats its game declares (``Game.exports``:
PBN for Bridge, a hand history for Hold'em …), besides the platform's own JSON move log.

The platform knows no format: it hands the game the seed, the options, the move log, the players'
names and the start date (:class:`games.core.ExportInput`) and serves what the game writes.  A
record shows every hidden card, so only a match that has ended is exported — when its replay opens
(:func:`live.replay.replayable`: finished, however it ended, or aborted) — and 404 otherwise, as
for a format the game does not declare.  A match that ended before the game itself was over (a
resignation, a time loss, an abort) is written as far as it was played
(:attr:`games.core.ExportInput.ended`).  A deal other tables still play is refused
(403, ``deal_embargoed``: :mod:`live.embargo`).
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext

from games.core import Export, ExportInput, GameError
from games.registry import get_game

from . import embargo
from .models import Match
from .replay import replayable
from .selectors import match_action_log, match_seats


def _exportable(match: Match) -> bool:
    """The match has ended (the same rule as its replay) and has a state to write from."""
    return replayable(match) and bool(match.state)


def export_links(match: Match) -> list[tuple[str, str]]:
    """``(format, translated label)`` of each export the match offers (none before it is over);
    for the replay page's links to :func:`match_export`."""
    try:
        exports = get_game(match.game).exports
    except KeyError:
        return []
    if not exports or not _exportable(match):
        return []
    return [(fmt, gettext(export.label)) for fmt, export in exports.items()]


def _export_input(match: Match) -> ExportInput:
    names = {seat.seat: seat.display_name for seat in match_seats(match)}
    return ExportInput(
        seed=match.seed,
        seats=match.seat_count,
        options=match.options or {},
        moves=match_action_log(match=match),
        players=[names.get(s, f"Player {s + 1}") for s in range(match.seat_count)],
        date=match.created_at.isoformat(),
        title=f"Match #{match.pk}",
        ended=True,  # only called for a match that has ended (_exportable)
    )


def match_export(request: HttpRequest, match_id: int, fmt: str) -> HttpResponse:
    """The match's record in format ``fmt`` as a download ``match-<id>.<ext>``; 404 for a format
    the game does not declare and for a match that has not ended."""
    match = get_object_or_404(Match, pk=match_id)
    try:
        export: Export | None = get_game(match.game).exports.get(fmt)
    except KeyError:
        export = None
    if export is None:
        raise Http404("no such export format for this game")
    if not _exportable(match):
        raise Http404("the record can be exported once the match has ended")
    if embargo.deal_embargoed(match_id=match.pk, user=request.user):
        return embargo.embargo_response()  # other tables still play this deal
    try:
        text = export.write(_export_input(match))
    except (ValueError, GameError):
        raise Http404("this match has no record to export") from None
    response = HttpResponse(text, content_type=f"{export.media_type}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="match-{match.pk}.{export.extension}"'
    return response
