"""Entries: registering (and a Swiss's late join), pairs' partners, AI players added by the
organiser, and withdrawing — whose game in progress is then forfeited."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from accounts.models import User
from live.errors import LiveError
from live.services import match_abort, match_lock

from ..ai_entrants import entrant_names
from ..errors import TournamentError
from ..models import (
    Entry,
    EntryPolicy,
    EntryStatus,
    Format,
    Pairing,
    PairingStatus,
    Round,
    RoundStatus,
    Tournament,
    TournamentStatus,
    played_by,
)
from .common import (
    audit,
    current_time,
    decide_by_forfeit,
    enqueue_on_commit,
    game_of,
    lock_tournament,
    locked_pairings,
    rating_of,
    require_organiser_of,
)
from .formats import rules_for


def late_join_open(tournament: Tournament) -> bool:
    """Swiss takes new players until half the rounds have been played (lichess's rule)."""
    if not rules_for(tournament).late_join or tournament.status != TournamentStatus.RUNNING:
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
    now = now or current_time()
    tournament = lock_tournament(tournament_id)
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
        **_robot_partner(tournament),
    )
    _lapse_requests(tournament, user_id)
    return entry


def _robot_partner(tournament: Tournament) -> dict[str, str]:
    """Pairs: the robot partner's level (the game's strongest) and name, who sits in for a
    partner until they accept; other formats: none."""
    if tournament.format != Format.PAIRS:
        return {}
    (name,) = _free_ai_names(tournament, 1)
    return {"partner_ai_level": list(game_of(tournament).bots)[-1], "partner_ai_name": name}


def _free_ai_names(tournament: Tournament, count: int) -> list[str]:
    """``count`` AI names no entrant or robot partner of the event has (the caller holds the
    tournament's lock)."""
    taken = Entry.objects.filter(tournament=tournament).values_list("ai_name", "partner_ai_name")
    return entrant_names([name for row in taken for name in row if name], count)


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
        audit(tournament, "partner_request_lapsed", actor_id=None, entry=entry.pk)


def _invited(tournament: Tournament, user_id: int) -> bool:
    return (
        tournament.entry_policy != EntryPolicy.INVITED
        or tournament.invited.filter(pk=user_id).exists()
    )


def _check_partner(tournament: Tournament, user_id: int, partner_name: str) -> int | None:
    """The named partner's user id (None: a robot partner), or why they cannot be."""
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
    tournament = lock_tournament(tournament_id)
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
    audit(
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
    tournament = lock_tournament(tournament_id)
    require_organiser_of(tournament, by_user_id)
    if tournament.status != TournamentStatus.SCHEDULED and not late_join_open(tournament):
        raise TournamentError("closed", "AI players can be added until the start")
    game = game_of(tournament)
    if level not in game.bots:
        raise TournamentError("bad_level", f"unknown AI level {level!r} ({', '.join(game.bots)})")
    if not 1 <= count <= 1000:
        raise TournamentError("bad_count", "add 1 to 1000 AI players at a time")
    if _active_count(tournament) + count > tournament.max_players:
        raise TournamentError("full", f"the tournament is full ({tournament.max_players} players)")
    rating = rating_of(game_slug=tournament.game, ai_level=level)
    joined = tournament.current_round + 1 if tournament.status == TournamentStatus.RUNNING else 1
    pairs = tournament.format == Format.PAIRS
    names = _free_ai_names(tournament, 2 * count if pairs else count)
    entries = [
        Entry.objects.create(
            tournament=tournament,
            ai_level=level,
            ai_name=names[i],
            partner_ai_level=level if pairs else "",
            partner_ai_name=names[count + i] if pairs else "",
            rating=rating,
            joined_round=joined,
        )
        for i in range(count)
    ]
    audit(tournament, "ai_added", actor_id=by_user_id, level=level, count=count)
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
    tournament = lock_tournament(tournament_id)
    if entry_id is None:
        entry = Entry.objects.filter(played_by(by_user_id), tournament=tournament).first()
        if entry is None:
            raise TournamentError("not_registered", "you are not registered")
    else:
        entry = Entry.objects.filter(tournament=tournament, pk=entry_id).first()
        if entry is None:
            raise TournamentError("no_entry", f"there is no entry {entry_id}")
        if by_user_id not in (entry.user_id, entry.partner_id):
            require_organiser_of(tournament, by_user_id)
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
            audit(tournament, "entry_removed", actor_id=by_user_id, reason=reason, entry=entry_id)
        return None
    _forfeit_running_game(tournament, entry, reason="withdrew from the tournament")
    entry.status = EntryStatus.WITHDRAWN
    entry.status_reason = reason or ("withdrew" if acting_for_self else "withdrawn by organiser")
    entry.save(update_fields=["status", "status_reason"])
    audit(
        tournament,
        "withdrawn",
        actor_id=by_user_id,
        reason=reason,
        entry=entry.pk,
        by_player=acting_for_self,
    )
    enqueue_on_commit("advance", tournament.pk)
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
            match_lock(match_id=match_id)
        pairing = locked_pairings().get(pk=found.pk)
        if pairing.status not in (PairingStatus.PLAYING, PairingStatus.REPLAY):
            continue
        if entry.pk not in pairing.absent:
            pairing.absent = [*pairing.absent, entry.pk]
        present = {p for p in pairing.players if p not in pairing.absent}
        if len(present) <= 1 or pairing.status == PairingStatus.REPLAY:
            # Nobody left to play against (a duel), or a replay not yet started: decided now.
            decide_by_forfeit(pairing)
            pairing.save()
            if match_id is not None:
                try:
                    match_abort(match_id=match_id, reason=f"a player {reason}")
                except LiveError:
                    pass
        else:
            pairing.save(update_fields=["absent"])
