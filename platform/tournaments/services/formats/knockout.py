"""Knockout: losers leave.  Two seats: seeded bracket matches of ``knockout_games`` games each
(``matchmaking.knockout``), the next game started as soon as the last one ended, ties decided by
the match rules.  Larger tables: heats whose best placed players advance, until a final table.

Everything about the format is here: pairing a round, continuing a match and the standings (by how
far each player got); the bracket the page draws is read in ``tournaments.bracket``."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from matchmaking import knockout
from matchmaking.standings import ByeKind

from ... import records
from ...models import (
    Entry,
    EntryStatus,
    Pairing,
    PairingStatus,
    Round,
    Tournament,
    TournamentStatus,
)
from ...standing_rows import Row, make_row
from ..common import entries_by_id
from ..tables import table_start
from .base import FormatRules, Plan


class Knockout(FormatRules):
    has_crosstable = False
    tiebreaks_chosen = False

    def prepare(self, tournament: Tournament, entries: list[Entry], now: datetime) -> None:
        tournament.schedule = {"seeds": knockout.seed_order({e.pk: e.rating for e in entries})}

    def plan_round(self, tournament: Tournament, number: int, entries: dict[int, Entry]) -> Plan:
        return _plan(tournament, number)

    def continue_round(self, tournament: Tournament, rnd: Round) -> None:
        # A game decided at once (a withdrawn player's forfeit) may decide its match, or call
        # for the next game: go on until nothing changes.
        while _continue(tournament, rnd):
            pass

    def finished(self, tournament: Tournament, rnd: Round) -> bool:
        return bool((rnd.plan or {}).get("final"))

    def standings(self, tournament: Tournament) -> list[Row]:
        return _rows(tournament)


def _plan(tournament: Tournament, number: int) -> Plan:
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
        return Plan(tables=tables, byes=byes, plan=plan, ko_matches=indices)
    seats = tournament.seats_per_table
    heat = knockout.heat(field, min_seats=seats, max_seats=seats)
    advance = max(1, seats // 2) if heat.final else knockout.heat_advance(heat, seats)
    plan = {
        "tables": [list(t) for t in heat.tables],
        "byes": list(heat.byes),
        "final": heat.final,
        "advance": advance,
    }
    return Plan(
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


def _continue(tournament: Tournament, rnd: Round) -> bool:
    """Start the next game of every two-seat match still undecided; record who advances once
    every match (or heat table) is decided.  True when a game it started was decided at once."""
    plan = dict(rnd.plan or {})
    entries = entries_by_id(tournament)
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
            started = table_start(
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


def _rows(tournament: Tournament) -> list[Row]:
    """Knockout: ranked by how far each player got (the winner, the final's loser, then by the
    round they went out in), then by their placing at the table they went out at (multi-seat),
    then by seed.  ``score`` is the number of rounds won: a round passed (a bye included), and the
    final for its winner only."""
    entries = {e.pk: e for e in Entry.objects.filter(tournament=tournament).select_related("user")}
    seeds: list[int] = (tournament.schedule or {}).get("seeds") or sorted(
        entries, key=lambda p: (-entries[p].rating, p)
    )
    seed_rank = {p: i for i, p in enumerate(seeds)}
    reached: dict[int, int] = {p: 0 for p in entries}
    place_at_exit: dict[int, int] = {}
    won: dict[int, int] = {}
    for rnd in Round.objects.filter(tournament=tournament).order_by("number"):
        plan = rnd.plan or {}
        advanced = set(plan.get("advanced", []))
        for p in _round_players(plan):
            reached[p] = rnd.number if p in advanced else max(reached[p], rnd.number - 1)
        if plan.get("final") and "advanced" in plan:
            for i, p in enumerate(plan["advanced"]):
                place_at_exit[p] = i
            # Finalists won the rounds before the final; its winner won that one too.
            won = {p: rnd.number - 1 for p in _round_players(plan)}
            won[plan["advanced"][0]] = rnd.number
            if tournament.seats_per_table == 2:
                (winner,) = plan["advanced"]
                reached[winner] = rnd.number + 1
                place_at_exit[winner] = 0
        for pairing in Pairing.objects.filter(round=rnd, status=PairingStatus.DONE):
            for p, placing in zip(pairing.players, pairing.placings or [], strict=False):
                if p not in advanced:
                    place_at_exit.setdefault(p, placing)
    order = sorted(
        entries,
        key=lambda p: (-reached[p], place_at_exit.get(p, 99), seed_rank.get(p, len(seeds)), p),
    )
    out = []
    previous = None
    rank = 0
    for position, p in enumerate(order, start=1):
        key = (reached[p], place_at_exit.get(p, 99))
        if key != previous or tournament.status != TournamentStatus.FINISHED:
            rank = position
            previous = key
        out.append(make_row(entries[p], rank, float(won.get(p, reached[p])), {}))
    return out


def _round_players(plan: dict[str, Any]) -> list[int]:
    if "matches" in plan:
        return [p for m in plan["matches"] for p in m if p is not None]
    return [p for t in plan.get("tables", []) for p in t] + list(plan.get("byes", []))
