"""Starting a table's live match: who sits where (AI seats for absentees and robot partners),
duplicate and pairs deals, and replaying aborted games.

A round's tables start together (:func:`tables_start`): one ``live.services.matches_start`` for
every match of the round, the pairings and shared-deal rows inserted in bulk, and each seated
person told "round N: your game" in one batch after the commit (``live.notifications``).  One
service call per table cost the round's start five or six queries and an after-commit send per
table (docs/tournaments.md, "Round turnover")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from games.core import Game, TimeControl
from live.models import Match
from live.notifications import match_notice, notify_each
from live.services import NewMatch, SeatSpec, matches_start

from .. import pairs
from ..models import (
    Entry,
    EntryStatus,
    Format,
    Pairing,
    PairingStatus,
    Round,
    SharedDeal,
    Tournament,
)
from .common import (
    DUPLICATE_DEALS,
    MAX_REPLAYS,
    audit,
    current_time,
    decide_by_forfeit,
    entries_by_id,
    first_move_ms,
    game_of,
    locked_pairings,
)


@dataclass(frozen=True)
class Table:
    """One table of a round to start: its number and its players (entry ids, seat order)."""

    board: int
    players: Sequence[int]
    ko_match: int | None = None
    ko_game: int | None = None
    deal_number: int | None = None


def table_start(
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
    """Create the table of ``players`` (entry ids, seat order) and start its live match."""
    table = Table(board, players, ko_match=ko_match, ko_game=ko_game, deal_number=deal_number)
    return tables_start(tournament, rnd, [table], entries)[0]


def tables_start(
    tournament: Tournament, rnd: Round, tables: Sequence[Table], entries: dict[int, Entry]
) -> list[Pairing]:
    """Create the round's ``tables`` and start their live matches together, in the caller's
    transaction (which holds the tournament lock); the seated people are told after it commits.

    A withdrawn player at a scheduled table (round robin, knockout follow-ups) is absent: at a
    two-seat table the other wins by forfeit without a match; at a larger one the weakest AI
    level keeps the empty seat playable and the absentee is scored last.
    """
    pairings: list[Pairing] = []
    playing: list[tuple[Pairing, Table]] = []
    for table in tables:
        absent = [p for p in table.players if entries[p].status != EntryStatus.ACTIVE]
        pairing = Pairing(
            tournament=tournament,
            round=rnd,
            board=table.board,
            players=list(table.players),
            absent=absent,
            ko_match=table.ko_match,
            ko_game=table.ko_game,
            deal_number=table.deal_number,
        )
        pairings.append(pairing)
        if len(table.players) - len(absent) <= 1:
            decide_by_forfeit(pairing)
        else:
            playing.append((pairing, table))
    specs = [
        _match_spec(
            tournament,
            rnd,
            [entries[p] for p in table.players],
            pairing.absent,
            deal_number=table.deal_number,
        )
        for pairing, table in playing
    ]
    matches = matches_start(new=specs, publish_views=False)  # the notices tell the players
    for (pairing, _), match in zip(playing, matches, strict=True):
        pairing.match = match
    Pairing.objects.bulk_create(pairings)
    _share_deals(tournament, rnd, [(p, t.deal_number) for p, t in playing], specs)
    _tell_players(tournament, rnd, list(zip(matches, specs, strict=True)))
    return pairings


def match_for(
    tournament: Tournament,
    rnd: Round,
    seated: Sequence[Entry],
    absent: Iterable[int],
    *,
    deal_number: int | None = None,
) -> Match:
    """One table's match (a replay): what :func:`tables_start` does for a round's tables."""
    spec = _match_spec(tournament, rnd, seated, absent, deal_number=deal_number)
    (match,) = matches_start(new=[spec])
    if spec.seed is not None:
        SharedDeal.objects.create(
            match=match, tournament=tournament, round=rnd, deal_number=deal_number
        )
    _tell_players(tournament, rnd, [(match, spec)])
    return match


def _match_spec(
    tournament: Tournament,
    rnd: Round,
    seated: Sequence[Entry],
    absent: Iterable[int],
    *,
    deal_number: int | None = None,
) -> NewMatch:
    game = game_of(tournament)
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
    return NewMatch(
        game_slug=game.slug,
        seats=seats,
        options=options,
        rated=tournament.rated and all(s.user_id for s in seats),
        created_by_id=tournament.organiser_id,
        seed=seed,
        time_control=TimeControl(bank_ms=tournament.bank_ms, delay_ms=tournament.delay_ms),
        # A tournament game starts itself, and a person who never moves loses it by forfeit
        # within the first-move time: the round goes on (docs/tournaments.md, "No-shows").
        auto_start=True,
        first_move_ms=first_move_ms(tournament.bank_ms, tournament.delay_ms),
    )


def _share_deals(
    tournament: Tournament,
    rnd: Round,
    started: Sequence[tuple[Pairing, int | None]],
    specs: Sequence[NewMatch],
) -> None:
    """Other tables play these deals too: each such match's record waits for them."""
    SharedDeal.objects.bulk_create(
        SharedDeal(match=p.match, tournament=tournament, round=rnd, deal_number=deal_number)
        for (p, deal_number), spec in zip(started, specs, strict=True)
        if spec.seed is not None
    )


def _tell_players(
    tournament: Tournament, rnd: Round, started: Sequence[tuple[Match, NewMatch]]
) -> None:
    """Each seated person: "round N: your game", with the link to it — after the commit, in one
    batch (``notify_each``), so nobody hears of a game that does not exist."""
    notices = []
    for match, spec in started:
        for seat in spec.seats:
            if seat.user_id is None:
                continue
            notice = match_notice(
                match.pk,
                match.game,
                "tournament_round",
                round=rnd.number,
                tournament_id=tournament.pk,
                tournament=tournament.name,
            )
            notices.append((seat.user_id, notice))
    notify_each(notices)


def _seat_spec(tournament: Tournament, entry: Entry, seat: int) -> SeatSpec:
    if tournament.format == Format.PAIRS:
        user_id, level, name = pairs.seat_holder(entry, seat)
        return SeatSpec(user_id=user_id) if user_id else SeatSpec(ai_level=level, ai_name=name)
    if entry.user_id:
        return SeatSpec(user_id=entry.user_id)
    return SeatSpec(ai_level=entry.ai_level, ai_name=entry.ai_name)  # one name everywhere


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


def start_replays(tournament: Tournament, rnd: Round) -> None:
    """Tables whose game was aborted (unreliable time, an outage, an operator) are played again
    with the same seats; after :data:`MAX_REPLAYS` they are scored as a shared result."""
    replays = list(locked_pairings().filter(round=rnd, status=PairingStatus.REPLAY))
    if not replays:  # the usual case, after every ended game: no need to read the whole field
        return
    entries = entries_by_id(tournament)
    for pairing in replays:
        if pairing.match_id is not None:
            pairing.earlier_matches = [*pairing.earlier_matches, pairing.match_id]
        if pairing.replays >= MAX_REPLAYS:
            pairing.match = None
            pairing.placings = [
                len(pairing.players) if p in pairing.absent else 1 for p in pairing.players
            ]
            pairing.status = PairingStatus.DONE
            pairing.ended_at = current_time()
            pairing.save()
            audit(tournament, "replays_exhausted", actor_id=None, pairing=pairing.pk)
            continue
        pairing.replays += 1
        present = [p for p in pairing.players if p not in pairing.absent]
        if len(present) <= 1:
            pairing.match = None
            decide_by_forfeit(pairing)
            pairing.save()
            continue
        pairing.match = match_for(
            tournament,
            rnd,
            [entries[p] for p in pairing.players],
            pairing.absent,
            deal_number=pairing.deal_number,
        )
        pairing.status = PairingStatus.PLAYING
        pairing.save()
        audit(tournament, "replayed", actor_id=None, pairing=pairing.pk, match=pairing.match_id)
