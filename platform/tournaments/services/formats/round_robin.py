"""Round robin: everyone meets everyone (two seats: Berger tables, optionally twice; larger
tables: a balanced schedule), fixed at the start; ranked by score, then the direct encounter."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from matchmaking import roundrobin, standings
from matchmaking.standings import ByeKind

from ...errors import TournamentError
from ...models import Entry, Tournament
from .base import FormatRules, Plan
from .swiss import SIT_OUT_POINTS_MULTI

ROUND_ROBIN_BYE_POINTS = 0.0
"""Two-seat round robin: everyone has the same byes, so a bye scores nothing (FIDE)."""


def _schedule(tournament: Tournament, entries: list[Entry]) -> list[dict[str, Any]]:
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


class RoundRobin(FormatRules):
    default_tiebreaks = standings.ROUND_ROBIN_TIEBREAKS
    round_robin = True

    def prepare(self, tournament: Tournament, entries: list[Entry], now: datetime) -> None:
        tournament.schedule = _schedule(tournament, entries)
        tournament.rounds = len(tournament.schedule)

    def plan_round(self, tournament: Tournament, number: int, entries: dict[int, Entry]) -> Plan:
        schedule = tournament.schedule or []
        if number > len(schedule):
            raise TournamentError("over", "every round has been played")
        this = schedule[number - 1]
        two = tournament.seats_per_table == 2
        points = ROUND_ROBIN_BYE_POINTS if two else SIT_OUT_POINTS_MULTI
        byes = [(p, ByeKind.PAIRING.value, points) for p in this["byes"] if p in entries]
        return Plan(tables=[tuple(t) for t in this["tables"]], byes=byes)
