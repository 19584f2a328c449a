"""Every write to a tournament goes through here (pages, the API, the admin and tasks call these).

The shape of each write: lock the tournament row (``select_for_update``) → check → act → record
an audit entry where a person acted → on commit, enqueue follow-up jobs.  A refused request raises
:class:`TournamentError` and changes nothing.

Lock order, kept everywhere: tournament → match → pairing.  :func:`match_ended` is called by live
inside the transaction that ends a match (its row locked) and only locks that match's pairing; it
never waits for the tournament row, so a round can be paired while games end.  It records the
result on the pairing and, on commit, asks for :func:`tournament_advance`, which takes the
tournament lock and pairs the next round when every table of the current one is decided — once,
however many games end at the same instant: the second caller finds the round closed (and the
unique (tournament, number) constraint on ``Round`` is the second guard).
"""

from __future__ import annotations

import logging
import math
import secrets
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from games.core import Game, TimeControl
from games.registry import get_game
from live import catalogue
from live.errors import LiveError
from live.models import EndReason, Match, MatchStatus, Move, MoveKind
from live.services import SeatSpec, match_abort, match_start
from matchmaking import arena, knockout, multiseat, roundrobin, swiss
from matchmaking.standings import ByeKind
from ratings.models import Rating
from ratings.services import elo_settings, ratings_release

from . import pairs, records
from .errors import TournamentError
from .models import (
    AuditEntry,
    Bye,
    Entry,
    EntryPolicy,
    EntryStatus,
    Format,
    MovementKind,
    Pairing,
    PairingStatus,
    Round,
    RoundStatus,
    SharedDeal,
    Tournament,
    TournamentStatus,
    played_by,
)

log = logging.getLogger(__name__)

DUPLICATE_DEALS = 16
"""How many deals of each table's ``deals`` option a duplicate round fixes (the tables also share
the match seed, so any later deal is the same at every table too)."""

MAX_REPLAYS = 2
"""An aborted game (unreliable time, an outage, an operator's abort) is replayed at most this often;
after that the table is scored as a shared result (every seat placed first)."""

NO_SHOW_LIMIT = 2
"""No-shows after which an entry is withdrawn."""

PAIRING_BYE_POINTS_DUEL = 1.0
"""Swiss, two seats: a pairing-allocated bye scores a full point (FIDE C.04.1, lichess)."""
SIT_OUT_POINTS_MULTI = 0.5
"""Multi-seat Swiss and round robin: a player left over scores ½ (a table's mean placement
points)."""
ROUND_ROBIN_BYE_POINTS = 0.0
"""Two-seat round robin: everyone has the same byes, so a bye scores nothing (FIDE)."""


def _now() -> datetime:
    return timezone.now()


# --- reading helpers used by the writers ------------------------------------------------------


def _lock(tournament_id: int) -> Tournament:
    found = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if found is None:
        raise TournamentError("no_tournament", f"there is no tournament {tournament_id}")
    return found


def _locked_pairings() -> QuerySet[Pairing]:
    """Pairing rows to lock, alone.  The model's default ordering joins the round and the
    tournament, and a plain ``select_for_update`` locks every joined row: the match hook would
    then take the tournament row under a match lock (a deadlock with the tournament lock holders,
    found by the arena bench)."""
    return Pairing.objects.select_for_update(of=("self",)).order_by("pk")


def _game(tournament: Tournament) -> Game[Any]:
    return get_game(tournament.game)


def _user(user_id: int | None) -> Any:
    from accounts.models import User

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


def _require_organiser_of(tournament: Tournament, user_id: int | None) -> Any:
    """The acting user when they run this tournament (its organiser) or are an operator."""
    user = _user(user_id)
    if is_operator(user):
        return user
    if user is None or not can_organise(user):
        raise TournamentError("not_organiser", "only organisers and operators may do that")
    if tournament.organiser_id != user.pk:
        raise TournamentError("not_your_tournament", "this tournament is run by someone else")
    return user


def _audit(
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
    """The current rating in the game (the initial rating before a first rated game)."""
    rows = Rating.objects.filter(game=game_slug)
    rows = rows.filter(user_id=user_id) if user_id else rows.filter(user=None, ai_level=ai_level)
    found = rows.values_list("rating", flat=True).first()
    return float(found) if found is not None else float(elo_settings().initial_rating)


def _on_commit_task(name: str, tournament_id: int, eta: datetime | None = None) -> None:
    def send() -> None:
        from . import tasks

        tasks.enqueue(name, tournament_id, eta=eta)

    transaction.on_commit(send, robust=True)  # a lost job is the sweep's to make up


# --- creating --------------------------------------------------------------------------------


@dataclass(frozen=True)
class TournamentSpec:
    """What an organiser fills in (the page's form, the admin and the API build one)."""

    name: str
    game: str
    format: str
    starts_at: datetime
    max_players: int
    rated: bool = True
    seats_per_table: int | None = None
    rounds: int | None = None
    double_round_robin: bool = False
    knockout_games: int = 1
    arena_minutes: int | None = None
    bank_ms: int | None = None
    delay_ms: int | None = None
    registration_opens: datetime | None = None
    registration_closes: datetime | None = None
    entry_policy: str = EntryPolicy.EVERYONE
    rating_min: int | None = None
    rating_max: int | None = None
    invited_user_ids: tuple[int, ...] = ()
    duplicate_deals: bool = False
    round_break_s: int = 10
    forbidden_pairs: tuple[tuple[int, int], ...] = ()
    movement: str = ""
    """Pairs: ``mitchell``, ``howell`` or empty (Howell while it fits, else Mitchell)."""
    boards_per_round: int = 2


def _check_spec(spec: TournamentSpec, game: Game[Any]) -> None:
    def bad(code: str, message: str) -> TournamentError:
        return TournamentError(code, message)

    if not spec.name.strip():
        raise bad("bad_name", "give the tournament a name")
    if spec.format not in Format.values:
        raise bad("bad_format", f"unknown format {spec.format!r}")
    seats = spec.seats_per_table or game.seat_counts[0]
    if seats not in game.seat_counts:
        raise bad("bad_seats", f"{game.title} is played at tables of {game.seat_counts}")
    if spec.format == Format.SWISS and not (spec.rounds and 1 <= spec.rounds <= 50):
        raise bad("bad_rounds", "a Swiss tournament needs 1 to 50 rounds")
    if spec.rounds is not None and not 1 <= spec.rounds <= 200:
        raise bad("bad_rounds", "rounds must be between 1 and 200")
    if spec.format == Format.ARENA and not (spec.arena_minutes and 1 <= spec.arena_minutes <= 1440):
        raise bad("bad_duration", "an arena needs a duration of 1 to 1440 minutes")
    if not 1 <= spec.knockout_games <= 15:
        raise bad("bad_games", "a knockout match has 1 to 15 games")
    if spec.max_players < seats or spec.max_players > 100_000:
        raise bad("bad_max_players", f"the maximum must be between {seats} and 100000 players")
    if spec.bank_ms is not None and not 1_000 <= spec.bank_ms <= 6 * 3600_000:
        raise bad("bad_time_control", "the clock bank must be between 1 s and 6 h")
    if spec.delay_ms is not None and not 0 <= spec.delay_ms <= 600_000:
        raise bad("bad_time_control", "the delay must be between 0 and 10 minutes")
    opens = spec.registration_opens
    closes = spec.registration_closes
    if opens is not None and closes is not None and opens >= closes:
        raise bad("bad_window", "registration must open before it closes")
    if closes is not None and closes > spec.starts_at:
        raise bad("bad_window", "registration must close at or before the start")
    if spec.entry_policy not in EntryPolicy.values:
        raise bad("bad_policy", f"unknown entry policy {spec.entry_policy!r}")
    if spec.entry_policy == EntryPolicy.RATING_RANGE:
        if spec.rating_min is None and spec.rating_max is None:
            raise bad("bad_range", "a rating range needs a minimum or a maximum")
        if (
            spec.rating_min is not None
            and spec.rating_max is not None
            and spec.rating_min > spec.rating_max
        ):
            raise bad("bad_range", "the minimum rating is above the maximum")
    if spec.duplicate_deals:
        if game.deal_for is None:
            raise bad("no_duplicate", f"{game.title} has no deals to duplicate")
        if spec.format not in (Format.SWISS, Format.ROUND_ROBIN):
            raise bad("no_duplicate", "duplicate deals need rounds of tables: Swiss or round robin")
    if spec.round_break_s > 3600:
        raise bad("bad_break", "the break between rounds is at most an hour")
    if spec.format == Format.PAIRS:
        why = pairs.unsuitable(game, seats)
        if why is not None:
            raise bad("not_pairs_game", why)
        if spec.movement not in ("", *MovementKind.values):
            raise bad("bad_movement", f"unknown movement {spec.movement!r}")
        if not 1 <= spec.boards_per_round <= pairs.MAX_BOARDS_PER_ROUND:
            raise bad(
                "bad_boards", f"a round has 1 to {pairs.MAX_BOARDS_PER_ROUND} boards per table"
            )
        why = pairs.check_size(spec.movement, spec.max_players)  # max_players counts pairs
        if why is not None:
            raise bad("bad_max_players", why)
    elif spec.movement:
        raise bad("bad_movement", "a movement is for pairs tournaments only")


@transaction.atomic
def tournament_create(*, organiser_id: int, spec: TournamentSpec) -> Tournament:
    """A scheduled tournament; its start job is queued for the start time."""
    organiser = _user(organiser_id)
    if not can_organise(organiser):
        raise TournamentError("not_organiser", "only organisers and operators create tournaments")
    game = catalogue.playable_games().get(spec.game)
    if game is None:
        raise TournamentError("bad_game", f"there is no game {spec.game!r}")
    _check_spec(spec, game)
    now = _now()
    tournament = Tournament.objects.create(
        name=spec.name.strip(),
        game=game.slug,
        format=spec.format,
        bank_ms=spec.bank_ms or game.time_control.bank_ms,
        delay_ms=game.time_control.delay_ms if spec.delay_ms is None else spec.delay_ms,
        rated=spec.rated,
        seats_per_table=spec.seats_per_table or game.seat_counts[0],
        rounds=spec.rounds,
        double_round_robin=spec.double_round_robin,
        knockout_games=spec.knockout_games,
        arena_minutes=spec.arena_minutes,
        round_break_s=spec.round_break_s,
        registration_opens=spec.registration_opens or now,
        registration_closes=spec.registration_closes or spec.starts_at,
        starts_at=spec.starts_at,
        max_players=spec.max_players,
        entry_policy=spec.entry_policy,
        rating_min=spec.rating_min,
        rating_max=spec.rating_max,
        duplicate_deals=spec.duplicate_deals,
        forbidden_pairs=[list(p) for p in spec.forbidden_pairs],
        movement=spec.movement,
        boards_per_round=spec.boards_per_round,
        seed=secrets.randbits(62),
        organiser=organiser,
    )
    if spec.invited_user_ids:
        tournament.invited.set(spec.invited_user_ids)
    _audit(tournament, "created", actor_id=organiser_id)
    _on_commit_task("start", tournament.pk, eta=tournament.starts_at)
    return tournament


# --- entries ---------------------------------------------------------------------------------


def late_join_open(tournament: Tournament) -> bool:
    """Swiss takes new players until half the rounds have been played (lichess's rule)."""
    if tournament.format != Format.SWISS or tournament.status != TournamentStatus.RUNNING:
        return False
    played = Round.objects.filter(tournament=tournament, status=RoundStatus.DONE).count()
    return 2 * played < (tournament.rounds or 0)


def _active_count(tournament: Tournament) -> int:
    return Entry.objects.filter(tournament=tournament, status=EntryStatus.ACTIVE).count()


@transaction.atomic
def entry_register(
    *,
    tournament_id: int,
    user_id: int,
    now: datetime | None = None,
    partner_name: str = "",
) -> Entry:
    """Enter ``user_id`` into the tournament (during registration, or a Swiss's late join).

    Pairs: the entry is a pair.  ``partner_name`` (a user name) names a partner, who plays once
    they accept (:func:`entry_partner_answer`); until then, and if they never do, a robot of the
    game's strongest level partners the player.
    """
    now = now or _now()
    tournament = _lock(tournament_id)
    partner_name = partner_name.strip()
    if partner_name and tournament.format != Format.PAIRS:
        raise TournamentError("no_partners", "partners are for pairs tournaments only")
    late = False
    if tournament.status == TournamentStatus.SCHEDULED:
        if now < tournament.registration_opens:
            raise TournamentError("not_open", "registration has not opened yet")
        if now > tournament.registration_closes:
            raise TournamentError("closed", "registration has closed")
    elif late_join_open(tournament):
        late = True
    else:
        raise TournamentError("closed", "registration has closed")
    existing = Entry.objects.filter(tournament=tournament, user_id=user_id).first()
    if existing is not None:
        if existing.status == EntryStatus.ACTIVE:
            raise TournamentError("already_registered", "you are already registered")
        raise TournamentError("withdrawn", "you withdrew from this tournament")
    partner_id = (
        _check_partner(tournament, user_id, partner_name)
        if tournament.format == Format.PAIRS
        else None
    )
    if _active_count(tournament) >= tournament.max_players:
        raise TournamentError("full", f"the tournament is full ({tournament.max_players} players)")
    rating = rating_of(game_slug=tournament.game, user_id=user_id)
    if tournament.entry_policy == EntryPolicy.INVITED:
        if not tournament.invited.filter(pk=user_id).exists():
            raise TournamentError("not_invited", "this tournament is for invited players only")
    elif tournament.entry_policy == EntryPolicy.RATING_RANGE:
        low, high = tournament.rating_min, tournament.rating_max
        if (low is not None and rating < low) or (high is not None and rating > high):
            raise TournamentError(
                "rating_range",
                f"your rating {rating:.0f} is outside {low or '–'}…{high or '–'}",
            )
    entry = Entry.objects.create(
        tournament=tournament,
        user_id=user_id,
        rating=rating,
        joined_round=tournament.current_round + 1 if late else 1,
        partner_id=partner_id,
        partner_ai_level=_robot_partner(tournament),
    )
    _lapse_requests(tournament, user_id)
    return entry


def _robot_partner(tournament: Tournament) -> str:
    """Pairs: the level of a robot partner (the game's strongest); other formats: none."""
    if tournament.format != Format.PAIRS:
        return ""
    return list(_game(tournament).bots)[-1]


def _in_a_pair(tournament: Tournament, user_id: int) -> bool:
    """In a pair: as its entrant, or as the partner who accepted.  Being named by someone is
    only a request, which does not hold the named player."""
    return Entry.objects.filter(played_by(user_id), tournament=tournament).exists()


def _lapse_requests(tournament: Tournament, user_id: int) -> None:
    """``user_id`` is now in a pair (registered, or accepted someone): the other players' open
    requests naming them lapse, and those players keep their robot partner."""
    for entry in Entry.objects.filter(
        tournament=tournament, partner_id=user_id, partner_accepted=False
    ):
        entry.partner = None
        entry.save(update_fields=["partner"])
        _audit(tournament, "partner_request_lapsed", actor_id=None, entry=entry.pk)


def _invited(tournament: Tournament, user_id: int) -> bool:
    return (
        tournament.entry_policy != EntryPolicy.INVITED
        or tournament.invited.filter(pk=user_id).exists()
    )


def _check_partner(tournament: Tournament, user_id: int, partner_name: str) -> int | None:
    """The named partner's user id (None: a robot partner), or why they cannot be."""
    from accounts.models import User

    if Entry.objects.filter(
        tournament=tournament, partner_id=user_id, partner_accepted=True
    ).exists():
        raise TournamentError("already_registered", "you already play in a pair here")
    if not partner_name:
        return None
    partner_id = User.objects.filter(username=partner_name).values_list("pk", flat=True).first()
    if partner_id is None:
        raise TournamentError("bad_partner", f"there is no player called {partner_name!r}")
    if partner_id == user_id:
        raise TournamentError("bad_partner", "your partner must be someone else")
    if _in_a_pair(tournament, partner_id):
        raise TournamentError("partner_taken", "your partner is already in this tournament")
    if not _invited(tournament, partner_id):
        raise TournamentError(
            "partner_not_invited", "this tournament is for invited players only: so is its partner"
        )
    return int(partner_id)


@transaction.atomic
def entry_partner_answer(
    *, tournament_id: int, user_id: int, accept: bool, entry_id: int | None = None
) -> Entry:
    """The named partner accepts (they play in the pair) or declines (the robot partner stays)
    before the start.  ``entry_id`` picks one of several requests (default: the oldest).  Only
    a player not yet in a pair can accept, and in an invitation-only event only an invited one;
    accepting lets every other request naming them lapse."""
    tournament = _lock(tournament_id)
    requests = Entry.objects.filter(
        tournament=tournament, partner_id=user_id, partner_accepted=False
    ).order_by("pk")
    entry = (requests if entry_id is None else requests.filter(pk=entry_id)).first()
    if entry is None:
        raise TournamentError("no_invitation", "nobody is waiting for your answer here")
    if tournament.status != TournamentStatus.SCHEDULED:
        raise TournamentError("closed", "pairs are settled at the start")
    if accept:
        if _in_a_pair(tournament, user_id):
            raise TournamentError("already_registered", "you already play in a pair here")
        if not _invited(tournament, user_id):
            raise TournamentError("not_invited", "this tournament is for invited players only")
        entry.partner_accepted = True
    else:
        entry.partner = None
    entry.save(update_fields=["partner", "partner_accepted"])
    _audit(
        tournament,
        "partner_accepted" if accept else "partner_declined",
        actor_id=user_id,
        entry=entry.pk,
    )
    if accept:
        _lapse_requests(tournament, user_id)
    return entry


@transaction.atomic
def entry_add_ai(*, tournament_id: int, by_user_id: int, level: str, count: int = 1) -> list[Entry]:
    """The organiser enters ``count`` AI players of ``level`` (each a player with the level's
    rating).  Entry rules for people (invitations, rating range) do not apply to them."""
    tournament = _lock(tournament_id)
    _require_organiser_of(tournament, by_user_id)
    if tournament.status != TournamentStatus.SCHEDULED and not late_join_open(tournament):
        raise TournamentError("closed", "AI players can be added until the start")
    game = _game(tournament)
    if level not in game.bots:
        raise TournamentError("bad_level", f"unknown AI level {level!r} ({', '.join(game.bots)})")
    if not 1 <= count <= 1000:
        raise TournamentError("bad_count", "add 1 to 1000 AI players at a time")
    if _active_count(tournament) + count > tournament.max_players:
        raise TournamentError("full", f"the tournament is full ({tournament.max_players} players)")
    rating = rating_of(game_slug=tournament.game, ai_level=level)
    joined = tournament.current_round + 1 if tournament.status == TournamentStatus.RUNNING else 1
    partner = level if tournament.format == Format.PAIRS else ""
    entries = [
        Entry.objects.create(
            tournament=tournament,
            ai_level=level,
            partner_ai_level=partner,
            rating=rating,
            joined_round=joined,
        )
        for _ in range(count)
    ]
    _audit(tournament, "ai_added", actor_id=by_user_id, level=level, count=count)
    return entries


@transaction.atomic
def entry_withdraw(
    *,
    tournament_id: int,
    by_user_id: int,
    entry_id: int | None = None,
    reason: str = "",
) -> Entry | None:
    """A player withdraws (no ``entry_id``: their own entry) or an organiser withdraws an entry.

    Before the start the entry is simply removed (the player may register again).  Once running,
    the entry is not paired again; a game of theirs still in progress is forfeited at once: at a
    two-seat table the opponent wins by forfeit and the live match is stopped (aborted, so it is
    never rated); at a larger table the game goes on for the others and the withdrawn player is
    scored absent whatever the board says later (docs/tournaments.md, "Withdrawals").
    """
    tournament = _lock(tournament_id)
    if entry_id is None:
        entry = Entry.objects.filter(played_by(by_user_id), tournament=tournament).first()
        if entry is None:
            raise TournamentError("not_registered", "you are not registered")
    else:
        entry = Entry.objects.filter(tournament=tournament, pk=entry_id).first()
        if entry is None:
            raise TournamentError("no_entry", f"there is no entry {entry_id}")
        if by_user_id not in (entry.user_id, entry.partner_id):
            _require_organiser_of(tournament, by_user_id)
    if entry.status != EntryStatus.ACTIVE:
        raise TournamentError("not_active", "that entry is no longer playing")
    if tournament.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
        raise TournamentError("over", "the tournament is over")
    acting_for_self = by_user_id in (entry.user_id, entry.partner_id)
    if tournament.status == TournamentStatus.SCHEDULED and by_user_id == entry.partner_id:
        entry.partner = None  # the partner leaves the pair; the robot partner takes the seat
        entry.partner_accepted = False
        entry.save(update_fields=["partner", "partner_accepted"])
        return entry
    if tournament.status == TournamentStatus.SCHEDULED:
        entry.delete()
        if not acting_for_self:
            _audit(tournament, "entry_removed", actor_id=by_user_id, reason=reason, entry=entry_id)
        return None
    _forfeit_running_game(tournament, entry, reason="withdrew from the tournament")
    entry.status = EntryStatus.WITHDRAWN
    entry.status_reason = reason or ("withdrew" if acting_for_self else "withdrawn by organiser")
    entry.save(update_fields=["status", "status_reason"])
    _audit(
        tournament,
        "withdrawn",
        actor_id=by_user_id,
        reason=reason,
        entry=entry.pk,
        by_player=acting_for_self,
    )
    _on_commit_task("advance", tournament.pk)
    return entry


def _forfeit_running_game(tournament: Tournament, entry: Entry, *, reason: str) -> None:
    """Score ``entry`` absent at the table it plays now (see :func:`entry_withdraw`)."""
    running = [
        p
        for p in Pairing.objects.filter(
            tournament=tournament, status__in=(PairingStatus.PLAYING, PairingStatus.REPLAY)
        )
        if entry.pk in p.players
    ]
    for found in running:
        match_id = found.match_id
        if match_id is not None:  # lock order: match, then its pairing
            Match.objects.select_for_update().filter(pk=match_id).first()
        pairing = _locked_pairings().get(pk=found.pk)
        if pairing.status not in (PairingStatus.PLAYING, PairingStatus.REPLAY):
            continue
        if entry.pk not in pairing.absent:
            pairing.absent = [*pairing.absent, entry.pk]
        present = {p for p in pairing.players if p not in pairing.absent}
        if len(present) <= 1 or pairing.status == PairingStatus.REPLAY:
            # Nobody left to play against (a duel), or a replay not yet started: decided now.
            _decide_by_forfeit(pairing)
            pairing.save()
            if match_id is not None:
                try:
                    match_abort(match_id=match_id, reason=f"a player {reason}")
                except LiveError:
                    pass
        else:
            pairing.save(update_fields=["absent"])


def _decide_by_forfeit(pairing: Pairing) -> None:
    """Present players share first place, absent ones last (standings scores absentees 0)."""
    pairing.placings = [len(pairing.players) if p in pairing.absent else 1 for p in pairing.players]
    pairing.status = PairingStatus.DONE
    pairing.ended_at = _now()


# --- organiser actions -----------------------------------------------------------------------


@transaction.atomic
def tournament_pause(*, tournament_id: int, by_user_id: int, reason: str) -> Tournament:
    """No new round (or arena table, or replay) starts while paused; games in progress go on."""
    tournament = _lock(tournament_id)
    _require_organiser_of(tournament, by_user_id)
    if not reason.strip():
        raise TournamentError("reason_required", "say why the tournament is paused")
    if tournament.status != TournamentStatus.RUNNING:
        raise TournamentError("not_running", "only a running tournament can be paused")
    tournament.status = TournamentStatus.PAUSED
    tournament.status_reason = reason
    tournament.save(update_fields=["status", "status_reason"])
    _audit(tournament, "paused", actor_id=by_user_id, reason=reason)
    return tournament


@transaction.atomic
def tournament_resume(*, tournament_id: int, by_user_id: int, reason: str = "") -> Tournament:
    tournament = _lock(tournament_id)
    _require_organiser_of(tournament, by_user_id)
    if tournament.status != TournamentStatus.PAUSED:
        raise TournamentError("not_paused", "the tournament is not paused")
    tournament.status = TournamentStatus.RUNNING
    tournament.status_reason = ""
    tournament.save(update_fields=["status", "status_reason"])
    _audit(tournament, "resumed", actor_id=by_user_id, reason=reason)
    _on_commit_task("advance", tournament.pk)
    return tournament


def tournament_cancel(*, tournament_id: int, by_user_id: int, reason: str) -> Tournament:
    """Cancel with a reason; games still running are then aborted (unrated), each in its own
    transaction after the cancellation committed (lock order: the tournament lock is not held
    while their match rows are locked)."""
    with transaction.atomic():
        tournament = _lock(tournament_id)
        _require_organiser_of(tournament, by_user_id)
        if not reason.strip():
            raise TournamentError("reason_required", "say why the tournament is cancelled")
        if tournament.status in (TournamentStatus.FINISHED, TournamentStatus.CANCELLED):
            raise TournamentError("over", "the tournament is already over")
        tournament.status = TournamentStatus.CANCELLED
        tournament.status_reason = reason
        tournament.ended_at = _now()
        tournament.save(update_fields=["status", "status_reason", "ended_at"])
        _audit(tournament, "cancelled", actor_id=by_user_id, reason=reason)
        _embargo_lifted()
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
    if not is_operator(_user(by_user_id)):
        raise TournamentError("not_operator", "only operators adjudicate games")
    if not reason.strip():
        raise TournamentError("reason_required", "say why the game is adjudicated")
    found = Pairing.objects.filter(pk=pairing_id).select_related("round").first()
    if found is None:
        raise TournamentError("no_pairing", f"there is no game {pairing_id}")
    tournament = _lock(found.tournament_id)
    if found.round.number != tournament.current_round or found.round.status != RoundStatus.PLAYING:
        raise TournamentError("not_in_round", "that game is not part of the current round")
    if found.match_id is not None:
        Match.objects.select_for_update().filter(pk=found.match_id).first()
    pairing = _locked_pairings().get(pk=pairing_id)
    if pairing.status in (PairingStatus.DONE, PairingStatus.VOID):
        raise TournamentError("already_decided", "that game already has a result")
    placings = list(placings)
    n = len(pairing.players)
    if len(placings) != n or any(not isinstance(p, int) or not 1 <= p <= n for p in placings):
        raise TournamentError("bad_result", f"give one placing from 1 to {n} per seat")
    if 1 not in placings:
        raise TournamentError("bad_result", "somebody must be placed first")
    pairing.placings = _absent_last(pairing.players, placings, pairing.absent)
    pairing.status = PairingStatus.DONE
    pairing.adjudicated = True
    pairing.ended_at = _now()
    pairing.save()
    if pairing.match_id is not None:
        match_abort(
            match_id=pairing.match_id, reason=f"adjudicated: {reason}", by_user_id=by_user_id
        )
    _audit(
        tournament,
        "adjudicated",
        actor_id=by_user_id,
        reason=reason,
        pairing=pairing.pk,
        placings=placings,
    )
    _on_commit_task("advance", tournament.pk)
    return pairing


# --- a match ended (live's hook) ---------------------------------------------------------------


def match_ended(match: Match) -> None:
    """live's hook (``live.services.MATCH_ENDED_HOOKS``): record the table's result.

    Runs inside the transaction that ends the match, once per match.  It works in a savepoint: a
    failure here is logged and never keeps a match from ending (the sweep records it later).
    """
    if not Pairing.objects.filter(match_id=match.pk).exists():
        return
    try:
        with transaction.atomic():
            tournament_id = _record_match(match)
    except Exception:
        log.exception("recording a tournament game failed", extra={"match": match.pk})
        return
    if tournament_id is not None:
        _on_commit_task("advance", tournament_id)


def _record_match(match: Match) -> int | None:
    """Write the ended ``match``'s result to its pairing; the tournament's id to advance, or None
    when the pairing was already decided (an adjudication, a withdrawal: a late result changes
    nothing) or the game was an arena's."""
    pairing = _locked_pairings().filter(match_id=match.pk).first()
    if pairing is None or pairing.status != PairingStatus.PLAYING:
        return None
    arena_game = Tournament.objects.filter(pk=pairing.tournament_id, format=Format.ARENA).exists()
    if match.status == MatchStatus.ABORTED:
        pairing.status = PairingStatus.VOID if arena_game else PairingStatus.REPLAY
        pairing.ended_at = _now()
        pairing.save(update_fields=["status", "ended_at"])
        return None if arena_game else pairing.tournament_id
    by_seat = {r["seat"]: r for r in match.result or []}
    n = len(pairing.players)
    pairing.placings = [int(by_seat[i]["placing"]) for i in range(n)]
    pairing.scores = [int(by_seat[i].get("score", 0)) for i in range(n)]
    timed_out = match.end_reason in (EndReason.TIME, EndReason.STALL)
    no_shows = _no_show_seats(match) if timed_out else []
    absent = list(pairing.absent)
    for seat in no_shows:
        if pairing.players[seat] not in absent:
            absent.append(pairing.players[seat])
    pairing.absent = absent
    # Once per entry: a pair whose two players both failed to show is one no-show.
    pairing.no_shows = list(dict.fromkeys(pairing.players[s] for s in no_shows))
    # An absentee (withdrawn during the game) is placed last whatever the board said.
    pairing.placings = _absent_last(pairing.players, pairing.placings, absent)
    pairing.status = PairingStatus.DONE
    pairing.ended_at = _now()
    pairing.save()
    # An arena's players go back to the pool: its pass (every 2 s) seats them; a pass per ended
    # game would multiply the pass's cost for nothing a player could notice.
    return None if arena_game else pairing.tournament_id


def _absent_last(
    players: Sequence[int], placings: Sequence[int], absent: Iterable[int]
) -> list[int]:
    gone = set(absent)
    return [len(players) if e in gone else p for e, p in zip(players, placings, strict=True)]


def _no_show_seats(match: Match) -> list[int]:
    """People's seats that were to act when the clock (or the stall bound) ended the match and
    never made a move of their own in it: they did not show up (docs/tournaments.md)."""
    state = get_game(match.game).state_from_json(match.state)
    pending = {d.seat for d in state.pending()}
    humans = set(match.seats.filter(user__isnull=False).values_list("seat", flat=True))
    acted = set(
        Move.objects.filter(match_id=match.pk, kind=MoveKind.ACTION).values_list("seat", flat=True)
    )
    return sorted(s for s in pending & humans if s not in acted)


# --- starting and advancing --------------------------------------------------------------------


def _min_players(tournament: Tournament) -> int:
    if tournament.format == Format.PAIRS:
        return pairs.MIN_PAIRS
    return max(2, tournament.seats_per_table)


@transaction.atomic
def tournament_start(*, tournament_id: int, now: datetime | None = None) -> str:
    """Start a scheduled tournament whose start time has come: pair and start round 1 (or open
    the arena).  Idempotent: the ETA job, the sweep and an organiser's "start now" may all call
    it; only the first does anything.  Returns what it did."""
    now = now or _now()
    tournament = _lock(tournament_id)
    if tournament.status != TournamentStatus.SCHEDULED:
        return "not_scheduled"
    if now < tournament.starts_at:
        return "early"
    entries = list(Entry.objects.filter(tournament=tournament, status=EntryStatus.ACTIVE))
    if len(entries) < _min_players(tournament):
        tournament.status = TournamentStatus.CANCELLED
        tournament.status_reason = "not enough players"
        tournament.ended_at = now
        tournament.save(update_fields=["status", "status_reason", "ended_at"])
        _audit(tournament, "cancelled", actor_id=None, reason="not enough players")
        return "cancelled"
    for entry in entries:  # pairing numbers and seeds follow the ratings at the start
        entry.rating = rating_of(
            game_slug=tournament.game, user_id=entry.user_id, ai_level=entry.ai_level
        )
        if tournament.format == Format.PAIRS:
            _settle_pair(tournament, entry)
        entry.save(update_fields=["rating", "partner"])
    tournament.status = TournamentStatus.RUNNING
    tournament.started_at = now
    if tournament.format == Format.ARENA:
        tournament.ends_at = now + timedelta(minutes=tournament.arena_minutes or 0)
    if tournament.format == Format.ROUND_ROBIN:
        tournament.schedule = _round_robin_schedule(tournament, entries)
        tournament.rounds = len(tournament.schedule)
    if tournament.format == Format.KNOCKOUT:
        tournament.schedule = {
            "seeds": knockout.seed_order({e.pk: e.rating for e in entries}),
        }
    if tournament.format == Format.PAIRS:
        tournament.schedule = pairs.schedule_for(tournament, entries)
        tournament.rounds = tournament.schedule["rounds"]
    tournament.save()
    _audit(tournament, "started", actor_id=None, players=len(entries))
    if tournament.format == Format.ARENA:
        Round.objects.create(tournament=tournament, number=1, deal_seed=tournament.seed)
        tournament.current_round = 1
        tournament.save(update_fields=["current_round"])
        _arena_pair(tournament, now)
    else:
        _round_open(tournament, 1, now)
    return "started"


def _settle_pair(tournament: Tournament, entry: Entry) -> None:
    """Pairs at the start: a partner who never accepted is replaced by the robot partner; the
    pair's rating is the mean of its two players'."""
    if entry.partner_id and not entry.partner_accepted:
        _audit(tournament, "partner_replaced", actor_id=None, entry=entry.pk)
        entry.partner = None
    user_id, level = pairs.seat_holder(entry, 2)
    partner = rating_of(game_slug=tournament.game, user_id=user_id, ai_level=level)
    entry.rating = (entry.rating + partner) / 2


@transaction.atomic
def tournament_start_now(*, tournament_id: int, by_user_id: int) -> str:
    """An organiser starts a scheduled tournament before its start time."""
    tournament = _lock(tournament_id)
    _require_organiser_of(tournament, by_user_id)
    if tournament.status != TournamentStatus.SCHEDULED:
        raise TournamentError("not_scheduled", "the tournament has already started")
    now = _now()
    tournament.starts_at = min(tournament.starts_at, now)
    tournament.registration_closes = min(tournament.registration_closes, now)
    tournament.registration_opens = min(tournament.registration_opens, now)
    tournament.save(update_fields=["starts_at", "registration_closes", "registration_opens"])
    _audit(tournament, "started_early", actor_id=by_user_id)
    return tournament_start(tournament_id=tournament_id, now=now)


def _round_robin_schedule(tournament: Tournament, entries: list[Entry]) -> list[dict[str, Any]]:
    order = [e.pk for e in sorted(entries, key=lambda e: (-e.rating, e.pk))]
    if tournament.seats_per_table == 2:
        return [
            {"tables": [list(b) for b in r.boards], "byes": [r.bye] if r.bye is not None else []}
            for r in roundrobin.berger_schedule(order, double=tournament.double_round_robin)
        ]
    seats = tournament.seats_per_table
    plan = roundrobin.balanced_schedule(
        order,
        min_seats=seats,
        max_seats=seats,
        rounds=tournament.rounds,
        seed=tournament.seed % (2**31),
    )
    return [
        {"tables": [list(t) for t in tables], "byes": list(byes)}
        for tables, byes in zip(plan.rounds, plan.byes, strict=True)
    ]


def tournament_advance(*, tournament_id: int, now: datetime | None = None) -> str:
    """Move the tournament on: replay aborted games, start knockout follow-up games, and when
    every table of the round is decided close it and (after the round break) pair the next round
    or finish.  Safe to call any number of times from anywhere (the tasks, the sweep, after every
    game); the tournament lock makes the round change happen exactly once.  Returns what it did."""
    with transaction.atomic():
        now = now or _now()
        tournament = _lock(tournament_id)
        if tournament.status != TournamentStatus.RUNNING:
            return "not_running"
        if tournament.format == Format.ARENA:
            return _arena_pass_locked(tournament, now)
        return _advance_locked(tournament, now)


def _current(tournament: Tournament) -> Round | None:
    return Round.objects.filter(tournament=tournament, number=tournament.current_round).first()


def _advance_locked(tournament: Tournament, now: datetime) -> str:
    rnd = _current(tournament)
    if rnd is None:
        return "no_round"
    if rnd.status == RoundStatus.PLAYING:
        _start_replays(tournament, rnd)
        if tournament.format == Format.KNOCKOUT:
            # A game decided at once (a withdrawn player's forfeit) may decide its match, or call
            # for the next game: go on until nothing changes.
            while _knockout_continue(tournament, rnd):
                pass
        if tournament.format == Format.PAIRS:
            _pairs_continue(tournament, rnd, _entries_by_id(tournament))
        if Pairing.objects.filter(
            round=rnd, status__in=(PairingStatus.PLAYING, PairingStatus.REPLAY)
        ).exists():
            return "playing"
        _round_close(tournament, rnd, now)
        if _finished(tournament, rnd):
            _finish(tournament, now)
            return "finished"
        if tournament.round_break_s:
            tournament.next_round_at = now + timedelta(seconds=tournament.round_break_s)
            tournament.save(update_fields=["next_round_at"])
            _on_commit_task("advance", tournament.pk, eta=tournament.next_round_at)
            return "round_closed"
    if tournament.next_round_at is not None and now < tournament.next_round_at:
        return "break"
    _round_open(tournament, tournament.current_round + 1, now)
    return "paired"


@transaction.atomic
def round_pair(*, tournament_id: int, number: int, by_user_id: int) -> Round:
    """An organiser pairs round ``number`` now (skipping the rest of the round break).  Refused
    when that round is already paired or the current one is still being played."""
    tournament = _lock(tournament_id)
    _require_organiser_of(tournament, by_user_id)
    if tournament.status != TournamentStatus.RUNNING or tournament.format == Format.ARENA:
        raise TournamentError("not_running", "only a running tournament with rounds is paired")
    if Round.objects.filter(tournament=tournament, number=number).exists():
        raise TournamentError("already_paired", f"round {number} is already paired")
    current = _current(tournament)
    if number != tournament.current_round + 1 or (
        current is not None and current.status != RoundStatus.DONE
    ):
        raise TournamentError("round_not_done", f"round {number} cannot be paired yet")
    if _finished(tournament, current):
        raise TournamentError("over", "every round has been played")
    _audit(tournament, "round_paired", actor_id=by_user_id, round=number)
    return _round_open(tournament, number, _now())


def _finished(tournament: Tournament, rnd: Round | None) -> bool:
    if rnd is None:
        return False
    if tournament.format == Format.KNOCKOUT:
        return bool((rnd.plan or {}).get("final"))
    active = Entry.objects.filter(tournament=tournament, status=EntryStatus.ACTIVE).count()
    if active < _min_players(tournament):
        return True
    return rnd.number >= (tournament.rounds or 0)


def _finish(tournament: Tournament, now: datetime) -> None:
    tournament.status = TournamentStatus.FINISHED
    tournament.ended_at = now
    tournament.next_round_at = None
    tournament.save(update_fields=["status", "ended_at", "next_round_at"])
    _audit(tournament, "finished", actor_id=None)
    _embargo_lifted()


def _round_close(tournament: Tournament, rnd: Round, now: datetime) -> None:
    if tournament.duplicate_deals:
        _score_duplicate(rnd)
    rnd.status = RoundStatus.DONE
    rnd.ended_at = now
    rnd.save(update_fields=["status", "ended_at"])
    _embargo_lifted()
    _withdraw_no_shows(tournament)


def _embargo_lifted() -> None:
    """A round closed or the event ended: deals it kept secret may be done everywhere now, and
    the rating changes that waited for them (``ratings_release``) are applied in this same
    transaction, under the tournament lock — before anyone can read the lifted results, and
    not before."""
    ratings_release()


def _withdraw_no_shows(tournament: Tournament) -> None:
    counts: Counter[int] = Counter()
    for no_shows in (
        Pairing.objects.filter(tournament=tournament, status=PairingStatus.DONE)
        .exclude(no_shows=[])
        .values_list("no_shows", flat=True)
    ):
        counts.update(no_shows)
    over = [e for e, n in counts.items() if n >= NO_SHOW_LIMIT]
    for entry in Entry.objects.filter(pk__in=over, status=EntryStatus.ACTIVE):
        entry.status = EntryStatus.WITHDRAWN
        entry.status_reason = f"did not show up {counts[entry.pk]} times"
        entry.save(update_fields=["status", "status_reason"])
        _audit(tournament, "withdrawn_no_show", actor_id=None, entry=entry.pk)


def _score_duplicate(rnd: Round) -> None:
    """Duplicate deals: every table of the round played the same deals, seat for seat, so each
    seat is compared with the same seat at every other table (matchpoints: 1 for each table
    beaten, ½ for each tie, divided by the number of other tables).  A seat's figure is the game's
    own score, then its placing; an absentee is beaten by everyone."""
    tables = [
        p
        for p in Pairing.objects.filter(round=rnd, status=PairingStatus.DONE)
        if p.placings is not None and not p.adjudicated
    ]
    by_size: dict[int, list[Pairing]] = {}
    for p in tables:
        by_size.setdefault(len(p.players), []).append(p)
    for group in by_size.values():
        if len(group) < 2:
            continue
        for p in group:
            points = []
            for seat, entry in enumerate(p.players):
                mine = _duplicate_value(p, seat, entry)
                won = 0.0
                for q in group:
                    if q.pk == p.pk:
                        continue
                    theirs = _duplicate_value(q, seat, q.players[seat])
                    won += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
                points.append(round(won / (len(group) - 1), 9))
            p.points = points
            p.save(update_fields=["points"])


def _duplicate_value(p: Pairing, seat: int, entry: int) -> tuple[float, float]:
    if entry in p.absent:
        return (-math.inf, -math.inf)
    score = float((p.scores or [0] * len(p.players))[seat])
    return (score, -float(p.placings[seat]))  # type: ignore[index]


# --- opening a round ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Plan:
    tables: list[tuple[int, ...]]
    byes: list[tuple[int, str, float]]
    plan: Any = None
    ko_matches: list[int] | None = None
    """Knockout (two seats): the bracket match index of each table."""


def _round_open(tournament: Tournament, number: int, now: datetime) -> Round:
    """Pair round ``number`` and start every table's match, all in the caller's transaction."""
    if Round.objects.filter(tournament=tournament, number=number).exists():
        raise TournamentError("already_paired", f"round {number} is already paired")
    entries = {
        e.pk: e
        for e in Entry.objects.filter(tournament=tournament, status=EntryStatus.ACTIVE)
        if e.joined_round <= number
    }
    plan = _plan_round(tournament, number, entries)
    rnd = Round.objects.create(
        tournament=tournament,
        number=number,
        deal_seed=_deal_seed(tournament, number),
        plan=plan.plan,
    )
    all_entries = _entries_by_id(tournament)
    if tournament.format == Format.PAIRS:
        _pairs_continue(tournament, rnd, all_entries)
    for board, players in enumerate(plan.tables, start=1):
        ko = plan.ko_matches[board - 1] if plan.ko_matches is not None else None
        _table_start(
            tournament,
            rnd,
            board,
            players,
            all_entries,
            ko_match=ko,
            ko_game=None if ko is None else 0,
        )
    for entry_id, kind, points in plan.byes:
        Bye.objects.create(
            tournament=tournament, round=rnd, entry_id=entry_id, kind=kind, points=points
        )
    tournament.current_round = number
    tournament.next_round_at = None
    tournament.save(update_fields=["current_round", "next_round_at"])
    if not Pairing.objects.filter(round=rnd, status=PairingStatus.PLAYING).exists():
        _on_commit_task("advance", tournament.pk)  # nothing will end: every table was a forfeit
    log.info(
        "tournament round paired",
        extra={"tournament": tournament.pk, "round": number, "tables": len(plan.tables)},
    )
    return rnd


def _deal_seed(tournament: Tournament, number: int) -> int:
    import hashlib

    digest = hashlib.sha256(f"{tournament.seed}:{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def _plan_round(tournament: Tournament, number: int, entries: dict[int, Entry]) -> _Plan:
    if tournament.format == Format.PAIRS:  # the tables start board by board: _pairs_continue
        _, sitting_out = pairs.round_plan(tournament, number)
        return _Plan(tables=[], byes=[(e, ByeKind.PAIRING.value, 0.0) for e in sitting_out])
    if tournament.format == Format.ROUND_ROBIN:
        return _plan_round_robin(tournament, number, entries)
    if tournament.format == Format.KNOCKOUT:
        return _plan_knockout(tournament, number)
    done = records.records_of(tournament, rounds=number - 1)
    results = records.results_of(done)
    ratings = done.ratings
    if tournament.seats_per_table == 2:
        players = swiss.players_from_results(results, ratings, entrants=sorted(entries))
        paired = swiss.pair_round(
            players,
            total_rounds=tournament.rounds,
            rounds_played=number - 1,
            forbidden=[tuple(p) for p in tournament.forbidden_pairs],  # type: ignore[misc]
        )
        byes = (
            [(paired.bye, ByeKind.PAIRING.value, PAIRING_BYE_POINTS_DUEL)]
            if paired.bye is not None
            else []
        )
        return _Plan(tables=[(b.white, b.black) for b in paired.boards], byes=byes)
    seats = tournament.seats_per_table
    mplayers = multiseat.players_from_results(results, ratings, entrants=sorted(entries))
    seated = multiseat.pair_multiseat_round(mplayers, min_seats=seats, max_seats=seats)
    return _Plan(
        tables=list(seated.tables),
        byes=[(p, ByeKind.PAIRING.value, SIT_OUT_POINTS_MULTI) for p in seated.byes],
    )


def _plan_round_robin(tournament: Tournament, number: int, entries: dict[int, Entry]) -> _Plan:
    schedule = tournament.schedule or []
    if number > len(schedule):
        raise TournamentError("over", "every round has been played")
    this = schedule[number - 1]
    points = ROUND_ROBIN_BYE_POINTS if tournament.seats_per_table == 2 else SIT_OUT_POINTS_MULTI
    byes = [(p, ByeKind.PAIRING.value, points) for p in this["byes"] if p in entries]
    return _Plan(tables=[tuple(t) for t in this["tables"]], byes=byes)


def _entries_by_id(tournament: Tournament) -> dict[int, Entry]:
    """Every entry of the tournament (withdrawn ones too), by id."""
    return {e.pk: e for e in Entry.objects.filter(tournament=tournament)}


def _pairs_continue(tournament: Tournament, rnd: Round, entries: dict[int, Entry]) -> None:
    """Pairs: every table whose last board is done starts its next one, while both its pairs
    are still playing (a withdrawn pair's boards are not played: they score nothing)."""
    tables, _ = pairs.round_plan(tournament, rnd.number)
    by_table: dict[int, list[Pairing]] = {}
    for p in _locked_pairings().filter(round=rnd):
        by_table.setdefault(p.board, []).append(p)
    for table in tables:
        board = pairs.next_board(table, by_table.get(table.number, []))
        if board is None or any(
            entries[e].status != EntryStatus.ACTIVE for e in (table.ns, table.ew)
        ):
            continue
        _table_start(tournament, rnd, table.number, table.players, entries, deal_number=board)


def _table_start(
    tournament: Tournament,
    rnd: Round,
    board: int,
    players: Sequence[int],
    entries: dict[int, Entry],
    *,
    ko_match: int | None = None,
    ko_game: int | None = None,
    deal_number: int | None = None,
) -> Pairing:
    """Create the table of ``players`` (entry ids, seat order) and start its live match.

    A withdrawn player at a scheduled table (round robin, knockout follow-ups) is absent: at a
    two-seat table the other wins by forfeit without a match; at a larger one the weakest AI
    level keeps the empty seat playable and the absentee is scored last.
    """
    absent = [p for p in players if entries[p].status != EntryStatus.ACTIVE]
    pairing = Pairing(
        tournament=tournament,
        round=rnd,
        board=board,
        players=list(players),
        absent=absent,
        ko_match=ko_match,
        ko_game=ko_game,
        deal_number=deal_number,
    )
    if len(players) - len(absent) <= 1:
        _decide_by_forfeit(pairing)
        pairing.save()
        return pairing
    pairing.match = _match_for(
        tournament, rnd, [entries[p] for p in players], absent, deal_number=deal_number
    )
    pairing.save()
    return pairing


def _match_for(
    tournament: Tournament,
    rnd: Round,
    seated: Sequence[Entry],
    absent: Iterable[int],
    *,
    deal_number: int | None = None,
) -> Match:
    game = _game(tournament)
    gone = set(absent)
    weakest = next(iter(game.bots))
    seats = [
        SeatSpec(ai_level=weakest) if e.pk in gone else _seat_spec(tournament, e, seat)
        for seat, e in enumerate(seated)
    ]
    options: dict[str, Any] = {}
    seed = None
    if deal_number is not None:  # pairs: the board's deal, the same at every table
        seed = rnd.deal_seed
        options["deals"] = [pairs.board_deal(game, tournament, deal_number)]
    elif tournament.duplicate_deals and game.deal_for is not None:
        seed = rnd.deal_seed
        options["deals"] = _duplicate_deals(game, len(seats), rnd.deal_seed)
    match = match_start(
        game_slug=game.slug,
        seats=seats,
        options=options,
        rated=tournament.rated and all(s.user_id for s in seats),
        created_by_id=tournament.organiser_id,
        seed=seed,
        time_control=TimeControl(bank_ms=tournament.bank_ms, delay_ms=tournament.delay_ms),
    )
    if seed is not None:  # other tables play this deal too: its record waits for them
        SharedDeal.objects.create(
            match=match, tournament=tournament, round=rnd, deal_number=deal_number
        )
    return match


def _seat_spec(tournament: Tournament, entry: Entry, seat: int) -> SeatSpec:
    if tournament.format == Format.PAIRS:
        user_id, level = pairs.seat_holder(entry, seat)
        return SeatSpec(user_id=user_id) if user_id else SeatSpec(ai_level=level)
    return SeatSpec(user_id=entry.user_id) if entry.user_id else SeatSpec(ai_level=entry.ai_level)


_deals_cache: dict[tuple[str, int, int], list[Any]] = {}


def _duplicate_deals(game: Game[Any], seats: int, seed: int) -> list[Any]:
    """The round's deals (``Game.deal_for``), computed once per round and process."""
    key = (game.slug, seats, seed)
    if key not in _deals_cache:
        if len(_deals_cache) > 64:
            _deals_cache.clear()
        assert game.deal_for is not None
        _deals_cache[key] = [game.deal_for(seats, seed, i) for i in range(DUPLICATE_DEALS)]
    return _deals_cache[key]


def _start_replays(tournament: Tournament, rnd: Round) -> None:
    """Tables whose game was aborted (unreliable time, an outage, an operator) are played again
    with the same seats; after :data:`MAX_REPLAYS` they are scored as a shared result."""
    entries = _entries_by_id(tournament)
    for pairing in _locked_pairings().filter(round=rnd, status=PairingStatus.REPLAY):
        if pairing.match_id is not None:
            pairing.earlier_matches = [*pairing.earlier_matches, pairing.match_id]
        if pairing.replays >= MAX_REPLAYS:
            pairing.match = None
            pairing.placings = [
                len(pairing.players) if p in pairing.absent else 1 for p in pairing.players
            ]
            pairing.status = PairingStatus.DONE
            pairing.ended_at = _now()
            pairing.save()
            _audit(tournament, "replays_exhausted", actor_id=None, pairing=pairing.pk)
            continue
        pairing.replays += 1
        present = [p for p in pairing.players if p not in pairing.absent]
        if len(present) <= 1:
            pairing.match = None
            _decide_by_forfeit(pairing)
            pairing.save()
            continue
        pairing.match = _match_for(
            tournament,
            rnd,
            [entries[p] for p in pairing.players],
            pairing.absent,
            deal_number=pairing.deal_number,
        )
        pairing.status = PairingStatus.PLAYING
        pairing.save()
        _audit(tournament, "replayed", actor_id=None, pairing=pairing.pk, match=pairing.match_id)


# --- knockout ----------------------------------------------------------------------------------


def _plan_knockout(tournament: Tournament, number: int) -> _Plan:
    seeds: list[int] = (tournament.schedule or {})["seeds"]
    rank = {p: i for i, p in enumerate(seeds)}
    if number == 1:
        field = list(seeds)
    else:
        previous = Round.objects.get(tournament=tournament, number=number - 1)
        field = sorted((previous.plan or {})["advanced"], key=lambda p: rank[p])
    if tournament.seats_per_table == 2:
        if number == 1:
            matches = knockout.first_round(field)
        else:
            matches = knockout.next_round((previous.plan or {})["advanced"], seeds)
        plan = {
            "matches": [[m.higher, m.lower] for m in matches],
            "final": len(matches) == 1,
        }
        tables = []
        byes = []
        indices = []
        rules = knockout.MatchRules(games=tournament.knockout_games)
        for index, m in enumerate(matches):
            if m.lower is None:
                byes.append((m.higher, ByeKind.PAIRING.value, 1.0))
            else:
                tables.append(knockout.seats_for_game(m, 0, rules))
                indices.append(index)
        return _Plan(tables=tables, byes=byes, plan=plan, ko_matches=indices)
    seats = tournament.seats_per_table
    heat = knockout.heat(field, min_seats=seats, max_seats=seats)
    tables_n = len(heat.tables)
    advance = max(1, seats // 2)
    if not heat.final and len(heat.byes) + advance * tables_n < seats:
        advance = -(-(seats - len(heat.byes)) // tables_n)
    plan = {
        "tables": [list(t) for t in heat.tables],
        "byes": list(heat.byes),
        "final": heat.final,
        "advance": advance,
    }
    return _Plan(
        tables=list(heat.tables),
        byes=[(p, ByeKind.PAIRING.value, 1.0) for p in heat.byes],
        plan=plan,
    )


def _ko_points(pairing: Pairing) -> tuple[float, float]:
    points = records.game_points(pairing)
    return points[0], points[1]


def knockout_match_states(rnd: Round, rules: knockout.MatchRules) -> list[knockout.MatchState]:
    """Where each two-seat knockout match of ``rnd`` stands, from its decided games."""
    plan = rnd.plan or {}
    out = []
    for index, (higher, lower) in enumerate(plan.get("matches", [])):
        match = knockout.Match(higher, lower)
        games = list(
            Pairing.objects.filter(round=rnd, ko_match=index, status=PairingStatus.DONE).order_by(
                "ko_game"
            )
        )
        results = []
        for g in games:
            first, second = _ko_points(g)
            # (higher seed's points, lower seed's points), whichever seat each had.
            results.append((first, second) if g.players[0] == higher else (second, first))
        out.append(knockout.match_state(match, results, rules))
    return out


def _knockout_continue(tournament: Tournament, rnd: Round) -> bool:
    """Start the next game of every two-seat match still undecided; record who advances once
    every match (or heat table) is decided.  True when a game it started was decided at once."""
    plan = dict(rnd.plan or {})
    entries = _entries_by_id(tournament)
    if tournament.seats_per_table == 2:
        rules = knockout.MatchRules(games=tournament.knockout_games)
        states = knockout_match_states(rnd, rules)
        busy = set(
            Pairing.objects.filter(
                round=rnd, status__in=(PairingStatus.PLAYING, PairingStatus.REPLAY)
            ).values_list("ko_match", flat=True)
        )
        next_board = Pairing.objects.filter(round=rnd).count() + 1
        instant = False
        for index, state in enumerate(states):
            higher, lower = plan["matches"][index]
            if state.status == knockout.MatchStatus.DECIDED or index in busy:
                continue
            played = Pairing.objects.filter(round=rnd, ko_match=index).count()
            seats = knockout.seats_for_game(knockout.Match(higher, lower), played, rules)
            started = _table_start(
                tournament, rnd, next_board, seats, entries, ko_match=index, ko_game=played
            )
            instant |= started.status == PairingStatus.DONE
            next_board += 1
        if instant:
            return True
        if all(s.status == knockout.MatchStatus.DECIDED for s in states) and not busy:
            winners = [s.winner for s in states]
            plan["advanced"] = winners
            losers = [p for m in plan["matches"] for p in m if p is not None and p not in winners]
            _eliminate(tournament, losers, rnd)
            rnd.plan = plan
            rnd.save(update_fields=["plan"])
        return False
    tables = list(Pairing.objects.filter(round=rnd).order_by("board"))
    if "advanced" in plan or any(p.status != PairingStatus.DONE for p in tables):
        return False
    seeds: list[int] = (tournament.schedule or {})["seeds"]
    advanced = list(plan.get("byes", []))
    losers = []
    for p in tables:
        placings = p.placings or [1] * len(p.players)
        go = knockout.advancers(
            p.players, placings, len(p.players) if plan["final"] else plan["advance"], seeds
        )
        advanced.extend(go)
        losers.extend(x for x in p.players if x not in go)
    plan["advanced"] = advanced
    if not plan["final"]:
        _eliminate(tournament, losers, rnd)
    rnd.plan = plan
    rnd.save(update_fields=["plan"])
    return False


def _eliminate(tournament: Tournament, losers: Iterable[int], rnd: Round) -> None:
    Entry.objects.filter(
        tournament=tournament, pk__in=list(losers), status=EntryStatus.ACTIVE
    ).update(status=EntryStatus.ELIMINATED, status_reason=f"out in round {rnd.number}")


# --- arena ---------------------------------------------------------------------------------------


def _arena_pass_locked(tournament: Tournament, now: datetime) -> str:
    _withdraw_no_shows(tournament)
    playing = Pairing.objects.filter(tournament=tournament, status=PairingStatus.PLAYING)
    if tournament.ends_at is not None and now >= tournament.ends_at:
        if playing.exists():
            return "ending"
        rnd = _current(tournament)
        if rnd is not None and rnd.status != RoundStatus.DONE:
            rnd.status = RoundStatus.DONE
            rnd.ended_at = now
            rnd.save(update_fields=["status", "ended_at"])
        _finish(tournament, now)
        return "finished"
    seated = _arena_pair(tournament, now)
    return f"paired {seated}"


def _arena_pair(tournament: Tournament, now: datetime) -> int:
    """One pairing pass: the waiting pool (active entries not at a table) by standing."""
    rnd = _current(tournament)
    if rnd is None:
        return 0
    busy: set[int] = set()
    for players in Pairing.objects.filter(
        tournament=tournament, status=PairingStatus.PLAYING
    ).values_list("players", flat=True):
        busy.update(players)
    entries = _entries_by_id(tournament)
    waiting_ids = [
        pk for pk, e in entries.items() if e.status == EntryStatus.ACTIVE and pk not in busy
    ]
    if len(waiting_ids) < tournament.seats_per_table:
        return 0
    scores = arena.arena_scores(records.arena_games(tournament))
    last: dict[int, frozenset[int]] = {}
    for pairing in Pairing.objects.filter(
        tournament=tournament, status=PairingStatus.DONE
    ).order_by("ended_at", "pk"):
        for p in pairing.players:
            last[p] = frozenset(q for q in pairing.players if q != p)
    pool = [
        arena.Waiting(
            player_id=pk,
            points=scores[pk].points if pk in scores else 0.0,
            rating=entries[pk].rating,
            last_opponents=last.get(pk, frozenset()),
        )
        for pk in waiting_ids
    ]
    tables = arena.pair_waiting(pool, table_size=tournament.seats_per_table)
    if not tables:
        return 0
    firsts = Counter(
        p[0]
        for p in Pairing.objects.filter(tournament=tournament).values_list("players", flat=True)
    )
    board = Pairing.objects.filter(round=rnd).count() + 1
    for table in tables:
        _table_start(tournament, rnd, board, _arena_seats(table, firsts), entries)
        board += 1
    return len(tables)


def _arena_seats(table: Sequence[int], firsts: Counter[int]) -> tuple[int, ...]:
    """Who moves first at an arena table: whoever had the first seat less often, then the better
    standing — the arena's light form of colour balance."""
    order = sorted(range(len(table)), key=lambda i: (firsts[table[i]], i))
    return tuple(table[i] for i in order)


@transaction.atomic
def arena_pass(*, tournament_id: int, now: datetime | None = None) -> str:
    """The arena's pairing pass (every few seconds, ``tasks.arena_pass``): skip a tournament
    another pass holds, pair the waiting pool, finish once the time is up and the tables ended."""
    found = (
        Tournament.objects.select_for_update(skip_locked=True)
        .filter(pk=tournament_id, format=Format.ARENA, status=TournamentStatus.RUNNING)
        .first()
    )
    if found is None:
        return "busy"
    return _arena_pass_locked(found, now or _now())


# --- the sweep ---------------------------------------------------------------------------------


def tournaments_sweep(*, now: datetime | None = None) -> dict[str, int]:
    """The safety net behind the ETA jobs (a beat job every few seconds): start tournaments whose
    start is overdue, advance those whose next round is due or whose round is over without having
    been closed (a lost job), record results the match hook could not record, and abort the
    games of cancelled tournaments still running.  Each item in its own transaction."""
    now = now or _now()
    done: Counter[str] = Counter()
    for tid in Tournament.objects.filter(
        status=TournamentStatus.SCHEDULED, starts_at__lte=now
    ).values_list("pk", flat=True):
        done[tournament_start(tournament_id=tid, now=now)] += 1
    for match in Match.objects.filter(
        tournament_pairing__status=PairingStatus.PLAYING,
        status__in=(MatchStatus.FINISHED, MatchStatus.ABORTED),
    ):
        with transaction.atomic():
            locked = Match.objects.select_for_update().get(pk=match.pk)
            if _record_match(locked) is not None:
                done["recorded"] += 1
    due = Tournament.objects.filter(status=TournamentStatus.RUNNING).exclude(format=Format.ARENA)
    due = due.filter(
        Q(next_round_at__lte=now)
        | Q(round_set__status=RoundStatus.PLAYING)
        & ~Q(round_set__pairings__status=PairingStatus.PLAYING)
    ).distinct()
    for tid in due.values_list("pk", flat=True):
        done[tournament_advance(tournament_id=tid, now=now)] += 1
    for tid in (
        Tournament.objects.filter(
            status=TournamentStatus.CANCELLED, pairings__match__status=MatchStatus.RUNNING
        )
        .distinct()
        .values_list("pk", flat=True)
    ):
        done["aborted"] += abort_running_matches(tournament_id=tid, reason="tournament cancelled")
    return dict(done)


def arenas_pass(*, now: datetime | None = None) -> int:
    """Run the pairing pass of every running arena; returns how many tables it started."""
    seated = 0
    for tid in Tournament.objects.filter(
        format=Format.ARENA, status=TournamentStatus.RUNNING
    ).values_list("pk", flat=True):
        result = arena_pass(tournament_id=tid, now=now)
        if result.startswith("paired "):
            seated += int(result.split()[1])
    return seated
