"""Swiss: every round pairs players of similar score who have not met (two seats: the FIDE Dutch
system of ``matchmaking.swiss``; larger tables: ``matchmaking.multiseat``), for a fixed number of
rounds."""

from __future__ import annotations

from matchmaking import multiseat, standings, swiss
from matchmaking.standings import ByeKind

from ... import records
from ...models import Entry, Tournament
from .base import FormatRules, Plan

PAIRING_BYE_POINTS_DUEL = 1.0
"""Swiss, two seats: a pairing-allocated bye scores a full point (FIDE C.04.1, lichess)."""

SIT_OUT_POINTS_MULTI = 0.5
"""Multi-seat Swiss and round robin: a player left over scores ½ (a table's mean placement
points)."""


class Swiss(FormatRules):
    late_join = True
    default_tiebreaks = standings.SWISS_TIEBREAKS

    def plan_round(self, tournament: Tournament, number: int, entries: dict[int, Entry]) -> Plan:
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
            return Plan(tables=[(b.white, b.black) for b in paired.boards], byes=byes)
        seats = tournament.seats_per_table
        mplayers = multiseat.players_from_results(results, ratings, entrants=sorted(entries))
        seated = multiseat.pair_multiseat_round(mplayers, min_seats=seats, max_seats=seats)
        return Plan(
            tables=list(seated.tables),
            byes=[(p, ByeKind.PAIRING.value, SIT_OUT_POINTS_MULTI) for p in seated.byes],
        )
