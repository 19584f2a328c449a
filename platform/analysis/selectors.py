"""Reads of match analyses, and the one rule on who may see one: nobody while the match runs
(the analysis shows every hidden card), nobody but operators while its deal is embargoed."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.core import AnalysisInput
from live import embargo
from live.models import Match, MatchStatus
from live.selectors import match_action_log, match_seats

from .engines import analyser_for, offered_for
from .models import AnalysisStatus, MatchAnalysis

NONE = "none"
"""Status of a match nobody has asked to analyse yet."""
UNAVAILABLE = "unavailable"
"""Status of a match whose game has no analysis (yet), or that ended before its play did."""


class AnalysisError(Exception):
    """A refused read or request: nothing changed.  ``code`` is stable, ``message`` translated."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def analysable_match(*, match_id: int, user: Any) -> Match:
    """The match, if ``user`` may see its analysis; else :class:`AnalysisError`."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        raise AnalysisError("not_found", _("no such match"))
    if match.status in (MatchStatus.WAITING, MatchStatus.RUNNING):
        raise AnalysisError(
            "match_running",
            _("the analysis opens when the match is over: until then it would show hidden cards"),
        )
    if embargo.deal_embargoed(match_id=match.pk, user=user):
        raise AnalysisError(embargo.CODE, embargo.message())
    return match


def analysis_input(match: Match) -> AnalysisInput:
    """What a game's ``analyse`` is given: the final snapshot, the seed, the options, the move log
    as the engine replays it and the seats held by people.  Only for a match that is over (the
    log shows hidden choices: callers check)."""
    return AnalysisInput(
        state=match.state,
        seats=match.seat_count,
        options=match.options or {},
        seed=match.seed,
        moves=match_action_log(match=match),
        people=frozenset(s.seat for s in match_seats(match) if s.user_id is not None),
    )


def analysis_offered(match: Match) -> bool:
    """Whether the game analyses matches and this one has something to judge, by the game's own
    ``offered`` rule (Bridge: the deal was played to its end) or else by the default: a person
    made at least one move (a match aborted before has no decision of a person to judge)."""
    if analyser_for(match.game) is None:
        return False
    return bool(offered_for(match.game)(analysis_input(match)))


def analysis_read(*, match_id: int, user: Any) -> dict[str, Any]:
    """What the API and the replay page show: ``status`` is ``none``, ``pending``, ``running``,
    ``done``, ``failed`` or ``unavailable``; ``result`` only when done."""
    match = analysable_match(match_id=match_id, user=user)
    row = MatchAnalysis.objects.filter(match_id=match.pk).first()
    if row is None:
        status = NONE if analysis_offered(match) else UNAVAILABLE
    else:
        status = row.status
    done = row is not None and row.status == AnalysisStatus.DONE
    return {
        "match": match.pk,
        "game": match.game,
        "status": status,
        "result": row.result if done and row is not None else None,
        "finished_at": row.finished_at.isoformat() if row and row.finished_at else None,
    }
