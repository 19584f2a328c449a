"""A tournament as the FIDE TRF(x) file arbiters exchange (``matchmaking.trf``): the read that
builds the file's ``TrfEvent`` from the stored results, and which events can be written as one.

Only an event the file describes faithfully is exported: two seats per table (TRF holds white
and black), scored 1 / ½ / 0 (not the matchpoints of duplicate deals), in rounds of independent
games (Swiss and round robin; a knockout match of several games and tie-break games in one round,
an arena's continuous pool and a pairs movement have no TRF cell), and started (the start fixes
the ratings, so the starting numbers; before it they could still change).

The file holds what the tournament page shows everyone: names, ratings and decided results (a
game still being played has no cell yet), so the download is public (docs/tournaments.md,
"TRF exchange").
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from matchmaking import trf
from matchmaking.swiss import WHITE

from . import records
from .models import Format, Tournament

EXPORTABLE_FORMATS = frozenset({Format.SWISS, Format.ROUND_ROBIN})
"""Formats of rounds of independent two-seat games, the only shape a TRF file holds."""


def trf_refusal(tournament: Tournament) -> str | None:
    """Why the event has no TRF file (a translated sentence), or None when it has one."""
    if tournament.format not in EXPORTABLE_FORMATS:
        return _("Only Swiss and round-robin events can be written as a TRF file.")
    if tournament.seats_per_table != 2:
        return _("A TRF file holds two-player games only.")
    if tournament.duplicate_deals:
        return _(
            "Duplicate deals score matchpoints, which a TRF file cannot hold (it knows 1, ½ and 0)."
        )
    if tournament.started_at is None:
        return _("The TRF file is available once the event has started.")
    return None


def trf_event_of(tournament: Tournament) -> trf.TrfEvent:
    """The event as ``matchmaking.trf`` writes it.

    Every entry is listed, withdrawn ones too, with the rating the Swiss pairing numbered them by
    (``records_of``' ratings are what ``services.formats.swiss`` pairs with), so the file's
    starting numbers are the event's fixed pairing numbers.  Games and byes are the standings'
    own records (``records.records_of``), so forfeits (``absent``) and every kind of bye come out
    as the standings count them.  Rounds without a record (a late entrant's first rounds, a
    withdrawn player's last) are zero-point byes, as in the standings.
    """
    data = records.records_of(tournament)
    return trf.TrfEvent(
        name=tournament.name,
        rounds=tournament.rounds or data.rounds,
        initial_colour=WHITE,  # what services.formats.swiss asks pair_round for (its default)
        names={pk: entry.display_name for pk, entry in data.entries.items()},
        ratings=data.ratings,
        games=tuple(sorted(data.games, key=lambda g: (g.round, g.players))),
        byes=tuple(sorted(data.byes, key=lambda b: (b.round, b.player))),
    )


def trf_text_of(tournament: Tournament) -> str:
    """The TRF file of an exportable event (see :func:`trf_refusal`)."""
    return trf.dumps(trf_event_of(tournament))


def trf_filename(tournament: Tournament) -> str:
    return f"tournament-{tournament.pk}.trf"
