"""Starting a table's live match: who sits where (AI seats for absentees and robot partners),
duplicate and pairs deals, and replaying aborted games."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from games.core import Game, TimeControl
from live.models import Match
from live.services import SeatSpec, match_start

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
        decide_by_forfeit(pairing)
        pairing.save()
        return pairing
    pairing.match = match_for(
        tournament, rnd, [entries[p] for p in players], absent, deal_number=deal_number
    )
    pairing.save()
    return pairing


def match_for(
    tournament: Tournament,
    rnd: Round,
    seated: Sequence[Entry],
    absent: Iterable[int],
    *,
    deal_number: int | None = None,
) -> Match:
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
    match = match_start(
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
    if seed is not None:  # other tables play this deal too: its record waits for them
        SharedDeal.objects.create(
            match=match, tournament=tournament, round=rnd, deal_number=deal_number
        )
    return match


def _seat_spec(tournament: Tournament, entry: Entry, seat: int) -> SeatSpec:
    if tournament.format == Format.PAIRS:
        user_id, level = pairs.seat_holder(entry, seat)
        return SeatSpec(user_id=user_id) if user_id else SeatSpec(ai_level=level)
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
    entries = entries_by_id(tournament)
    for pairing in locked_pairings().filter(round=rnd, status=PairingStatus.REPLAY):
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
