"""Pairs (duplicate play for partnerships): the format's place behind the common interface.  The
format's own decisions (movements, boards, scoring) are in ``tournaments.pairs``; here they are
wired to the services: the start settles the pairs and fixes the movement, each round's tables
play their boards one after another, and the standings are the session's ranking."""

from __future__ import annotations

from datetime import datetime

from matchmaking.standings import ByeKind

from ... import pairs
from ...models import Entry, EntryStatus, Pairing, Round, Tournament
from ...standing_rows import PAIRS_TIEBREAK_NAMES, Row, make_row, pairs_session_hidden
from ..common import audit, entries_by_id, locked_pairings, rating_of
from ..tables import table_start
from .base import FormatRules, Plan


class Pairs(FormatRules):
    has_crosstable = False
    tiebreaks_chosen = False

    def min_players(self, tournament: Tournament) -> int:
        return pairs.MIN_PAIRS

    def prepare(self, tournament: Tournament, entries: list[Entry], now: datetime) -> None:
        for entry in entries:
            _settle_pair(tournament, entry)
            entry.save(update_fields=["rating", "partner"])
        field = len(entries)
        played = pairs.settings_for_field(
            tournament.movement, field, tournament.rounds, tournament.boards_per_round
        )
        kind = pairs.movement_kind(tournament.movement, field)
        if (played.movement, played.rounds) != (kind, tournament.rounds):
            # The field that came would have compared no board with the organiser's settings.
            audit(
                tournament,
                "movement_corrected",
                actor_id=None,
                reason=(
                    f"{field} pairs came: a {kind.title()} of {tournament.rounds or 'all'} "
                    f"round(s) would compare no board, so a {played.movement.title()} of "
                    f"{played.rounds or 'all'} round(s) is played"
                ),
                pairs=field,
                movement=[kind, played.movement],
                rounds=[tournament.rounds, played.rounds],
            )
        tournament.schedule = pairs.schedule_for(tournament, entries, played)
        tournament.rounds = tournament.schedule["rounds"]

    def plan_round(self, tournament: Tournament, number: int, entries: dict[int, Entry]) -> Plan:
        # The tables start board by board (continue_round); the pairs sitting out meet the
        # phantom pair.
        _, sitting_out = pairs.round_plan(tournament, number)
        return Plan(tables=[], byes=[(e, ByeKind.PAIRING.value, 0.0) for e in sitting_out])

    def round_opened(self, tournament: Tournament, rnd: Round) -> None:
        _continue(tournament, rnd, entries_by_id(tournament))

    def continue_round(self, tournament: Tournament, rnd: Round) -> None:
        _continue(tournament, rnd, entries_by_id(tournament))

    def tiebreak_names(self, tournament: Tournament) -> list[str]:
        return list(PAIRS_TIEBREAK_NAMES)

    def standings(self, tournament: Tournament) -> list[Row]:
        return _rows(tournament)


def _settle_pair(tournament: Tournament, entry: Entry) -> None:
    """Pairs at the start: a partner who never accepted is replaced by the robot partner; the
    pair's rating is the mean of its two players'."""
    if entry.partner_id and not entry.partner_accepted:
        audit(tournament, "partner_replaced", actor_id=None, entry=entry.pk)
        entry.partner = None
    user_id, level, _name = pairs.seat_holder(entry, 2)
    partner = rating_of(game_slug=tournament.game, user_id=user_id, ai_level=level)
    entry.rating = (entry.rating + partner) / 2


def _continue(tournament: Tournament, rnd: Round, entries: dict[int, Entry]) -> None:
    """Pairs: every table whose last board is done starts its next one, while both its pairs
    are still playing (a withdrawn pair's boards are not played: they score nothing)."""
    tables, _ = pairs.round_plan(tournament, rnd.number)
    by_table: dict[int, list[Pairing]] = {}
    for p in locked_pairings().filter(round=rnd):
        by_table.setdefault(p.board, []).append(p)
    for table in tables:
        board = pairs.next_board(table, by_table.get(table.number, []))
        if board is None or any(
            entries[e].status != EntryStatus.ACTIVE for e in (table.ns, table.ew)
        ):
            continue
        table_start(tournament, rnd, table.number, table.players, entries, deal_number=board)


def _rows(tournament: Tournament) -> list[Row]:
    """Pairs: the session's ranking — percentage, matchpoints, cross-IMPs (``pairs``)."""
    if tournament.schedule is None or pairs_session_hidden(tournament):
        return []  # not started (no pair numbers yet), or scores not published yet
    session, entry_of = pairs.session_of(tournament)
    entries = {
        e.pk: e
        for e in Entry.objects.filter(tournament=tournament).select_related("user", "partner")
    }
    return [
        make_row(
            entries[entry_of[r.pair]],
            r.place,
            r.percentage,
            dict(zip(PAIRS_TIEBREAK_NAMES, (r.matchpoints, r.cross_imps), strict=True)),
            r.boards,
        )
        for r in session.ranking
    ]
