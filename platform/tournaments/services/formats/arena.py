"""Arena: for a fixed time, every player who is not at a table waits in a pool that a pass every
few seconds pairs by standing (``matchmaking.arena``); one round holds every game, and the
standings count points with streak bonuses, then performance."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import datetime, timedelta

from matchmaking import arena, standings

from ... import records
from ...models import Entry, EntryStatus, Pairing, PairingStatus, Round, RoundStatus, Tournament
from ...standing_rows import Row, make_row
from ..closing import finish, withdraw_no_shows
from ..common import current_round_of, entries_by_id
from ..tables import Table, tables_start
from .base import FormatRules


class Arena(FormatRules):
    paired_in_rounds = False
    has_crosstable = False
    tiebreaks_chosen = False
    default_tiebreaks = standings.ARENA_TIEBREAKS

    def prepare(self, tournament: Tournament, entries: list[Entry], now: datetime) -> None:
        tournament.ends_at = now + timedelta(minutes=tournament.arena_minutes or 0)

    def open_pool(self, tournament: Tournament, now: datetime) -> None:
        """The start: one round for the whole event, and the first pass."""
        Round.objects.create(tournament=tournament, number=1, deal_seed=tournament.seed)
        tournament.current_round = 1
        tournament.save(update_fields=["current_round"])
        pair_pool(tournament, now)

    def pool_pass(self, tournament: Tournament, now: datetime) -> str:
        return pass_locked(tournament, now)

    def standings(self, tournament: Tournament) -> list[Row]:
        return _rows(tournament)


def pass_locked(tournament: Tournament, now: datetime) -> str:
    withdraw_no_shows(tournament)
    playing = Pairing.objects.filter(tournament=tournament, status=PairingStatus.PLAYING)
    if tournament.ends_at is not None and now >= tournament.ends_at:
        if playing.exists():
            return "ending"
        rnd = current_round_of(tournament)
        if rnd is not None and rnd.status != RoundStatus.DONE:
            rnd.status = RoundStatus.DONE
            rnd.ended_at = now
            rnd.save(update_fields=["status", "ended_at"])
        finish(tournament, now)
        return "finished"
    seated = pair_pool(tournament, now)
    return f"paired {seated}"


def pair_pool(tournament: Tournament, now: datetime) -> int:
    """One pairing pass: the waiting pool (active entries not at a table) by standing."""
    rnd = current_round_of(tournament)
    if rnd is None:
        return 0
    rows = records.arena_rows(tournament)  # one read of the tables for the whole pass
    busy = {p for players, status, _, _ in rows if status == PairingStatus.PLAYING for p in players}
    entries = entries_by_id(tournament)
    waiting_ids = [
        pk for pk, e in entries.items() if e.status == EntryStatus.ACTIVE and pk not in busy
    ]
    if len(waiting_ids) < tournament.seats_per_table:
        return 0
    scores = arena.arena_scores(records.arena_games(tournament, rows))
    last: dict[int, frozenset[int]] = {}
    for players, status, _, _ in rows:  # in the order they ended: the latest opponents win
        if status == PairingStatus.DONE:
            for p in players:
                last[p] = frozenset(q for q in players if q != p)
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
    firsts = Counter(players[0] for players, _, _, _ in rows)
    board = len(rows) + 1  # the arena's one round holds every table
    # One bulk start for the pass's tables, as a Swiss round's (one ``table_start`` each cost a
    # 2,000-player arena's pass a few queries and an after-commit send per table).
    tables_start(
        tournament,
        rnd,
        [Table(board + i, _seats(table, firsts)) for i, table in enumerate(tables)],
        entries,
    )
    return len(tables)


def _seats(table: Sequence[int], firsts: Counter[int]) -> tuple[int, ...]:
    """Who moves first at an arena table: whoever had the first seat less often, then the better
    standing — the arena's light form of colour balance."""
    order = sorted(range(len(table)), key=lambda i: (firsts[table[i]], i))
    return tuple(table[i] for i in order)


def _rows(tournament: Tournament) -> list[Row]:
    entries = {e.pk: e for e in Entry.objects.filter(tournament=tournament).select_related("user")}
    games = records.arena_games(tournament)
    ranked = arena.arena_standings(entries, games, {k: e.rating for k, e in entries.items()})
    scores = arena.arena_scores(games)
    return [
        make_row(
            entries[s.player],
            s.rank,
            s.score,
            {"PERF": s.tiebreaks[0]},
            scores[s.player].games if s.player in scores else 0,
        )
        for s in ranked
    ]
