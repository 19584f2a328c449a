"""A match ended (live's hook): its result is written to the tournament table it was played at."""

from __future__ import annotations

from django.db import transaction

from live.models import Match
from live.selectors import match_no_show_seats, match_outcome

from ..models import (
    Format,
    Pairing,
    PairingStatus,
    Tournament,
)
from .common import (
    absent_last,
    current_time,
    enqueue_on_commit,
    locked_pairings,
    log,
)


def match_ended(match: Match) -> None:
    """live's hook (``live.services.MATCH_ENDED_HOOKS``): record the table's result.

    Runs inside the transaction that ends the match, once per match.  It works in a savepoint: a
    failure here is logged and never keeps a match from ending (the sweep records it later).
    """
    if not Pairing.objects.filter(match_id=match.pk).exists():
        return
    try:
        with transaction.atomic():
            tournament_id = record_match(match)
    except Exception:
        log.exception("recording a tournament game failed", extra={"match": match.pk})
        return
    if tournament_id is not None:
        enqueue_on_commit("advance", tournament_id)


def record_match(match: Match) -> int | None:
    """Write the ended ``match``'s result to its pairing; the tournament's id to advance, or None
    when the pairing was already decided (an adjudication, a withdrawal: a late result changes
    nothing) or the game was an arena's."""
    pairing = locked_pairings().filter(match_id=match.pk).first()
    if pairing is None or pairing.status != PairingStatus.PLAYING:
        return None
    arena_game = Tournament.objects.filter(pk=pairing.tournament_id, format=Format.ARENA).exists()
    outcome = match_outcome(match)
    if outcome.aborted:
        pairing.status = PairingStatus.VOID if arena_game else PairingStatus.REPLAY
        pairing.ended_at = current_time()
        pairing.save(update_fields=["status", "ended_at"])
        return None if arena_game else pairing.tournament_id
    n = len(pairing.players)
    pairing.placings = list(outcome.placings[:n])
    pairing.scores = list(outcome.scores[:n])
    # A clock (or the stall bound) ended it: people who were to act and never moved did not
    # show up (docs/tournaments.md).
    no_shows = match_no_show_seats(match) if outcome.timed_out else []
    absent = list(pairing.absent)
    for seat in no_shows:
        if pairing.players[seat] not in absent:
            absent.append(pairing.players[seat])
    pairing.absent = absent
    # Once per entry: a pair whose two players both failed to show is one no-show.
    pairing.no_shows = list(dict.fromkeys(pairing.players[s] for s in no_shows))
    # An absentee (withdrawn during the game) is placed last whatever the board said.
    pairing.placings = absent_last(pairing.players, pairing.placings, absent)
    pairing.status = PairingStatus.DONE
    pairing.ended_at = current_time()
    pairing.save()
    # An arena's players go back to the pool: its pass (every 2 s) seats them; a pass per ended
    # game would multiply the pass's cost for nothing a player could notice.
    return None if arena_game else pairing.tournament_id
