"""What organisers and operators do to a running event: pause, resume, cancel, start early, pair
the next round now, adjudicate a table.  Each is recorded in the audit log with its reason."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from live.errors import LiveError
from live.models import MatchStatus
from live.services import match_abort, match_lock

from .. import tiebreaks
from ..errors import TournamentError
from ..models import (
    Pairing,
    PairingStatus,
    Round,
    RoundStatus,
    Tournament,
    TournamentStatus,
)
from .closing import embargo_lifted
from .common import (
    absent_last,
    audit,
    current_round_of,
    current_time,
    enqueue_on_commit,
    is_operator,
    lock_tournament,
    locked_pairings,
    require_organiser_of,
    user_of,
)
from .formats import rules_for
from .rounds import round_open, tournament_over, tournament_start


@transaction.atomic
def tournament_pause(*, tournament_id: int, by_user_id: int, reason: str) -> Tournament:
    """No new round (or arena table, or replay) starts while paused; games in progress go on."""
    tournament = lock_tournament(tournament_id)
    require_organiser_of(tournament, by_user_id)
    if not reason.strip():
        raise TournamentError("reason_required", "say why the tournament is paused")
    if tournament.status != TournamentStatus.RUNNING:
        raise TournamentError("not_running", "only a running tournament can be paused")
    tournament.status = TournamentStatus.PAUSED
    tournament.status_reason = reason
    tournament.save(update_fields=["status", "status_reason"])
    audit(tournament, "paused", actor_id=by_user_id, reason=reason)
    return tournament


@transaction.atomic
def tournament_resume(*, tournament_id: int, by_user_id: int, reason: str = "") -> Tournament:
    tournament = lock_tournament(tournament_id)
    require_organiser_of(tournament, by_user_id)
    if tournament.status != TournamentStatus.PAUSED:
        raise TournamentError("not_paused", "the tournament is not paused")
    tournament.status = TournamentStatus.RUNNING
    tournament.status_reason = ""
    tournament.save(update_fields=["status", "status_reason"])
    audit(tournament, "resumed", actor_id=by_user_id, reason=reason)
    enqueue_on_commit("advance", tournament.pk)
    return tournament


def tournament_cancel(*, tournament_id: int, by_user_id: int, reason: str) -> Tournament:
    """Cancel with a reason; games still running are then aborted (unrated), each in its own
    transaction after the cancellation committed (lock order: the tournament lock is not held
    while their match rows are locked)."""
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        require_organiser_of(tournament, by_user_id)
        if not reason.strip():
            raise TournamentError("reason_required", "say why the tournament is cancelled")
        if tournament.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
            raise TournamentError("over", "the tournament is already over")
        tournament.status = TournamentStatus.CANCELLED
        tournament.status_reason = reason
        tournament.ended_at = current_time()
        tournament.save(update_fields=["status", "status_reason", "ended_at"])
        audit(tournament, "cancelled", actor_id=by_user_id, reason=reason)
        embargo_lifted()
    abort_running_matches(tournament_id=tournament.pk, reason=f"tournament cancelled: {reason}")
    return tournament


def abort_running_matches(*, tournament_id: int, reason: str) -> int:
    """Abort every live match of the tournament still running (after a cancellation)."""
    aborted = 0
    running = Pairing.objects.filter(
        tournament_id=tournament_id, match__status=MatchStatus.RUNNING
    ).values_list("match_id", flat=True)
    for match_id in list(running):
        try:
            aborted += match_abort(match_id=match_id, reason=reason)
        except LiveError:
            continue
    return aborted


@transaction.atomic
def pairing_adjudicate(
    *, pairing_id: int, placings: Sequence[int], by_user_id: int, reason: str
) -> Pairing:
    """An operator decides a table of the current round (its live match, if still running, is
    aborted and never rated).  ``placings`` per seat, 1 = best."""
    if not is_operator(user_of(by_user_id)):
        raise TournamentError("not_operator", "only operators adjudicate games")
    if not reason.strip():
        raise TournamentError("reason_required", "say why the game is adjudicated")
    found = Pairing.objects.filter(pk=pairing_id).select_related("round").first()
    if found is None:
        raise TournamentError("no_pairing", f"there is no game {pairing_id}")
    tournament = lock_tournament(found.tournament_id)
    if found.round.number != tournament.current_round or found.round.status != RoundStatus.PLAYING:
        raise TournamentError("not_in_round", "that game is not part of the current round")
    if found.match_id is not None:
        match_lock(match_id=found.match_id)
    pairing = locked_pairings().get(pk=pairing_id)
    if pairing.status in (PairingStatus.DONE, PairingStatus.VOID):
        raise TournamentError("already_decided", "that game already has a result")
    placings = list(placings)
    n = len(pairing.players)
    if len(placings) != n or any(not isinstance(p, int) or not 1 <= p <= n for p in placings):
        raise TournamentError("bad_result", f"give one placing from 1 to {n} per seat")
    if 1 not in placings:
        raise TournamentError("bad_result", "somebody must be placed first")
    pairing.placings = absent_last(pairing.players, placings, pairing.absent)
    pairing.status = PairingStatus.DONE
    pairing.adjudicated = True
    pairing.ended_at = current_time()
    pairing.save()
    if pairing.match_id is not None:
        match_abort(
            match_id=pairing.match_id, reason=f"adjudicated: {reason}", by_user_id=by_user_id
        )
    audit(
        tournament,
        "adjudicated",
        actor_id=by_user_id,
        reason=reason,
        pairing=pairing.pk,
        placings=placings,
    )
    enqueue_on_commit("advance", tournament.pk)
    return pairing


@transaction.atomic
def tournament_start_now(*, tournament_id: int, by_user_id: int) -> str:
    """An organiser starts a scheduled tournament before its start time."""
    tournament = lock_tournament(tournament_id)
    require_organiser_of(tournament, by_user_id)
    if tournament.status != TournamentStatus.SCHEDULED:
        raise TournamentError("not_scheduled", "the tournament has already started")
    now = current_time()
    tournament.starts_at = min(tournament.starts_at, now)
    tournament.registration_closes = min(tournament.registration_closes, now)
    tournament.registration_opens = min(tournament.registration_opens, now)
    tournament.save(update_fields=["starts_at", "registration_closes", "registration_opens"])
    audit(tournament, "started_early", actor_id=by_user_id)
    return tournament_start(tournament_id=tournament_id, now=now)


@transaction.atomic
def round_pair(*, tournament_id: int, number: int, by_user_id: int) -> Round:
    """An organiser pairs round ``number`` now (skipping the rest of the round break).  Refused
    when that round is already paired or the current one is still being played."""
    tournament = lock_tournament(tournament_id)
    require_organiser_of(tournament, by_user_id)
    if tournament.status != TournamentStatus.RUNNING or not rules_for(tournament).paired_in_rounds:
        raise TournamentError("not_running", "only a running tournament with rounds is paired")
    if Round.objects.filter(tournament=tournament, number=number).exists():
        raise TournamentError("already_paired", f"round {number} is already paired")
    current = current_round_of(tournament)
    if number != tournament.current_round + 1 or (
        current is not None and current.status != RoundStatus.DONE
    ):
        raise TournamentError("round_not_done", f"round {number} cannot be paired yet")
    if tournament_over(tournament, current):
        raise TournamentError("over", "every round has been played")
    audit(tournament, "round_paired", actor_id=by_user_id, round=number)
    return round_open(tournament, number, current_time())


@transaction.atomic
def tournament_tiebreaks_set(
    *, tournament_id: int, by_user_id: int, order: Sequence[str]
) -> Tournament:
    """The organiser reorders the tie-breaks (Swiss, round robin) of an event not yet over; the
    standings follow at once (they are computed on every read).  Empty: the format's usual
    order."""
    tournament = lock_tournament(tournament_id)
    require_organiser_of(tournament, by_user_id)
    if tournament.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
        raise TournamentError("over", "the tournament is over")
    rules = rules_for(tournament)
    if not rules.tiebreaks_chosen:
        raise TournamentError(
            "bad_tiebreaks", "tie-breaks are chosen for Swiss and round robin only"
        )
    codes = list(order) or [t.value for t in rules.default_tiebreaks]
    problem = tiebreaks.problem(codes)
    if problem is not None:
        raise TournamentError(
            "bad_tiebreaks", f"not a tie-break order: {problem[1]!r} is {problem[0]}"
        )
    before = list(tournament.tiebreak_order or [])
    tournament.tiebreak_order = codes
    tournament.save(update_fields=["tiebreak_order"])
    audit(tournament, "tiebreaks_changed", actor_id=by_user_id, before=before, after=codes)
    return tournament
