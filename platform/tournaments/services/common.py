"""What every tournament writer shares: the tournament lock, the acting user's rights, the audit
log, ratings at entry, the follow-up jobs queued on commit, and the small row helpers the other
service modules use under the lock."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from accounts.models import User
from games.core import Game
from games.registry import get_game
from ratings.models import Rating
from ratings.services import elo_settings

from .. import jobs
from ..ai_entrants import level_rating
from ..errors import TournamentError
from ..models import AuditEntry, Entry, Pairing, PairingStatus, Round, Tournament

log = logging.getLogger(__name__)


DUPLICATE_DEALS = 16
"""How many deals of each table's ``deals`` option a duplicate round fixes (the tables also share
the match seed, so any later deal is the same at every table too)."""


MAX_REPLAYS = 2
"""An aborted game (unreliable time, an outage, an operator's abort) is replayed at most this often;
after that the table is scored as a shared result (every seat placed first)."""


NO_SHOW_LIMIT = 2
"""No-shows after which an entry is withdrawn."""


FIRST_MOVE_SHARE = 4
FIRST_MOVE_FLOOR_MS = 20_000
FIRST_MOVE_CAP_MS = 120_000
"""A tournament game's first-move time: a quarter of the bank, at least 20 s, at most 2 minutes.
A person who has not moved that long after their first turn opened loses the game by forfeit
(docs/tournaments.md, "No-shows"): a no-show costs the round seconds, not a whole bank."""


def first_move_ms(bank_ms: int, delay_ms: int) -> int:
    """The first-move time of a tournament game with this clock (:data:`FIRST_MOVE_SHARE`); never
    more than the clock itself allows (bank and delay), which would flag first anyway."""
    bound = min(max(bank_ms // FIRST_MOVE_SHARE, FIRST_MOVE_FLOOR_MS), FIRST_MOVE_CAP_MS)
    return min(bound, bank_ms + delay_ms)


def current_time() -> datetime:
    return timezone.now()


def lock_tournament(tournament_id: int) -> Tournament:
    found = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if found is None:
        raise TournamentError("no_tournament", f"there is no tournament {tournament_id}")
    return found


def locked_pairings() -> QuerySet[Pairing]:
    """Pairing rows to lock, alone.  The model's default ordering joins the round and the
    tournament, and a plain ``select_for_update`` locks every joined row: the match hook would
    then take the tournament row under a match lock (a deadlock with the tournament lock holders,
    found by the arena bench)."""
    return Pairing.objects.select_for_update(of=("self",)).order_by("pk")


def game_of(tournament: Tournament) -> Game[Any]:
    return get_game(tournament.game)


def user_of(user_id: int | None) -> Any:
    if user_id is None:
        return None
    return User.objects.filter(pk=user_id).first()


def is_operator(user: Any) -> bool:
    return bool(user is not None and user.is_active and (user.is_staff or user.is_superuser))


def can_organise(user: Any) -> bool:
    """Organisers hold the ``tournaments.organise_tournament`` permission; operators may too."""
    return bool(
        user is not None
        and user.is_active
        and (is_operator(user) or user.has_perm("tournaments.organise_tournament"))
    )


def require_organiser_of(tournament: Tournament, user_id: int | None) -> Any:
    """The acting user when they run this tournament (its organiser) or are an operator."""
    user = user_of(user_id)
    if is_operator(user):
        return user
    if user is None or not can_organise(user):
        raise TournamentError("not_organiser", "only organisers and operators may do that")
    if tournament.organiser_id != user.pk:
        raise TournamentError("not_your_tournament", "this tournament is run by someone else")
    return user


def audit(
    tournament: Tournament,
    action: str,
    *,
    actor_id: int | None,
    reason: str = "",
    **detail: Any,
) -> None:
    AuditEntry.objects.create(
        tournament=tournament, actor_id=actor_id, action=action, reason=reason, detail=detail
    )


def rating_of(*, game_slug: str, user_id: int | None = None, ai_level: str = "") -> float:
    """The current rating in the game (the initial rating before a first rated game); an AI
    level's as the lobby shows it (:func:`tournaments.ai_entrants.level_rating`)."""
    if not user_id:
        return level_rating(game_slug, ai_level)
    rows = Rating.objects.filter(game=game_slug, user_id=user_id)
    found = rows.values_list("rating", flat=True).first()
    return float(found) if found is not None else float(elo_settings().initial_rating)


def enqueue_on_commit(name: str, tournament_id: int, eta: datetime | None = None) -> None:
    def send() -> None:
        jobs.enqueue(name, tournament_id, eta=eta)

    transaction.on_commit(send, robust=True)  # a lost job is the sweep's to make up


def entries_by_id(tournament: Tournament) -> dict[int, Entry]:
    """Every entry of the tournament (withdrawn ones too), by id."""
    return {e.pk: e for e in Entry.objects.filter(tournament=tournament)}


def current_round_of(tournament: Tournament) -> Round | None:
    return Round.objects.filter(tournament=tournament, number=tournament.current_round).first()


def decide_by_forfeit(pairing: Pairing) -> None:
    """Present players share first place, absent ones last (standings scores absentees 0)."""
    pairing.placings = [len(pairing.players) if p in pairing.absent else 1 for p in pairing.players]
    pairing.status = PairingStatus.DONE
    pairing.ended_at = current_time()


def absent_last(
    players: Sequence[int], placings: Sequence[int], absent: Iterable[int]
) -> list[int]:
    gone = set(absent)
    return [len(players) if e in gone else p for e, p in zip(players, placings, strict=True)]
