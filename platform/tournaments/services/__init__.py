"""Every write to a tournament goes through here (pages, the API, the admin and tasks call these).

The shape of each write: lock the tournament row (``select_for_update``) → check → act → record
an audit entry where a person acted → on commit, enqueue follow-up jobs (``jobs.enqueue``).  A
refused request raises :class:`TournamentError` and changes nothing.

Lock order, kept everywhere: tournament → match → pairing (a match is locked through live's
``match_lock``).  The package, by concern (callers import from ``tournaments.services`` itself):

- :mod:`.common` — the tournament lock, who may organise, the audit log, ratings, jobs on commit.
- :mod:`.creating` — :class:`TournamentSpec` and ``tournament_create``.
- :mod:`.entries` — registering, partners, AI entries, withdrawing (and the forfeit it causes).
- :mod:`.organising` — pause, resume, cancel, start now, pair now, adjudicate.
- :mod:`.results` — live's match-ended hook writing a table's result.
- :mod:`.rounds` — starting the tournament, advancing, opening rounds.
- :mod:`.closing` — closing a round, finishing, no-shows, the embargo's end.
- :mod:`.tables` — starting a table's live match, replays; :mod:`.duplicate` — duplicate scoring.
- :mod:`.sweep` — the periodic passes.
- :mod:`.organisers` — asking for the organiser role, granting and withdrawing it (audited).

What differs between formats lives in ``tournaments.formats`` (one module per format).
"""

from __future__ import annotations

from .common import (
    DUPLICATE_DEALS,
    MAX_REPLAYS,
    NO_SHOW_LIMIT,
    can_organise,
    first_move_ms,
    is_operator,
    rating_of,
)
from .creating import TournamentSpec, spec_check, tournament_create
from .entries import (
    entry_add_ai,
    entry_partner_answer,
    entry_register,
    entry_withdraw,
    late_join_open,
)
from .formats.round_robin import ROUND_ROBIN_BYE_POINTS
from .formats.swiss import PAIRING_BYE_POINTS_DUEL, SIT_OUT_POINTS_MULTI
from .organisers import (
    organiser_request_decline,
    organiser_request_open,
    organiser_request_send,
    organiser_role_set,
)
from .organising import (
    abort_running_matches,
    pairing_adjudicate,
    round_pair,
    tournament_cancel,
    tournament_pause,
    tournament_resume,
    tournament_start_now,
    tournament_tiebreaks_set,
)
from .results import match_ended
from .rounds import tournament_advance, tournament_start
from .sweep import arena_pass, arenas_pass, tournaments_sweep

__all__ = [
    "DUPLICATE_DEALS",
    "MAX_REPLAYS",
    "NO_SHOW_LIMIT",
    "PAIRING_BYE_POINTS_DUEL",
    "ROUND_ROBIN_BYE_POINTS",
    "SIT_OUT_POINTS_MULTI",
    "TournamentSpec",
    "abort_running_matches",
    "arena_pass",
    "arenas_pass",
    "can_organise",
    "entry_add_ai",
    "entry_partner_answer",
    "entry_register",
    "entry_withdraw",
    "first_move_ms",
    "is_operator",
    "late_join_open",
    "match_ended",
    "organiser_request_decline",
    "organiser_request_open",
    "organiser_request_send",
    "organiser_role_set",
    "pairing_adjudicate",
    "rating_of",
    "round_pair",
    "spec_check",
    "tournament_advance",
    "tournament_cancel",
    "tournament_create",
    "tournament_pause",
    "tournament_resume",
    "tournament_start",
    "tournament_start_now",
    "tournament_tiebreaks_set",
    "tournaments_sweep",
]
