"""Reads of tournaments: lists, standings with tie-breaks, the crosstable, rounds and the notice
that takes a player to their next game.  Standings are computed from the stored results by the
pure functions of ``matchmaking/`` every time (``records.py`` reads the rows), so the page, the API
and the CSV export always agree with each other and with a recomputation from scratch."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q
from django.urls import reverse

from games.registry import all_games
from live import embargo
from live.models import MatchStatus, Seat
from matchmaking import arena, knockout, standings

from . import pairs, records
from .models import (
    Entry,
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


def embargoed_matches() -> Q:
    """Matches (a ``Q`` over ``live.Match``) whose deal is still live at another table: a table
    of a duplicate round until the round is done — every table, and every replay of an aborted
    one, has then finished — and a board of a pairs session until the session is over (a board
    is played in several rounds of a movement).  A finished or cancelled tournament releases
    all.  Registered with ``live.embargo`` (docs/tournaments.md, "Deal embargo")."""
    ended = [TournamentStatus.FINISHED, TournamentStatus.CANCELLED]
    return (
        Q(shared_deal__isnull=False)
        & ~Q(shared_deal__tournament__status__in=ended)
        & (
            Q(shared_deal__tournament__format=Format.PAIRS)
            | ~Q(shared_deal__round__status=RoundStatus.DONE)
        )
    )


def _published_rounds(tournament: Tournament) -> int | None:
    """Duplicate deals: the rounds whose results may be shown — those closed.  A result of the
    round in progress would tell the tables still playing how its deal went (``None``: every
    round paired so far, for the other formats)."""
    if not tournament.duplicate_deals:
        return None
    rnd = current_round(tournament)
    if rnd is None or rnd.status == RoundStatus.DONE:
        return None
    return rnd.number - 1


def pairs_session_hidden(tournament: Tournament) -> bool:
    """Pairs: the session's scores wait for its end — every board is played in several rounds,
    so any score so far would tell someone a board they have still to play."""
    return tournament.format == Format.PAIRS and tournament.status not in (
        TournamentStatus.FINISHED,
        TournamentStatus.CANCELLED,
    )


TIEBREAK_NAMES = {
    standings.Tiebreak.BUCHHOLZ_CUT1: "BH-C1",
    standings.Tiebreak.BUCHHOLZ: "BH",
    standings.Tiebreak.SONNEBORN_BERGER: "SB",
    standings.Tiebreak.DIRECT_ENCOUNTER: "DE",
    standings.Tiebreak.WINS: "WIN",
    standings.Tiebreak.PERFORMANCE: "PERF",
}


def game_title(slug: str) -> str:
    game = all_games().get(slug)
    return game.title if game else slug


def tournament_list(*, limit: int = 100) -> dict[str, list[Tournament]]:
    """Upcoming, running and recently ended tournaments (with entry counts)."""
    rows = Tournament.objects.annotate(
        players=Count("entries", filter=Q(entries__status=EntryStatus.ACTIVE))
    ).order_by("starts_at", "pk")
    return {
        "upcoming": list(rows.filter(status=TournamentStatus.SCHEDULED)[:limit]),
        "running": list(
            rows.filter(status__in=(TournamentStatus.RUNNING, TournamentStatus.PAUSED))[:limit]
        ),
        "ended": list(
            rows.filter(
                status__in=(TournamentStatus.FINISHED, TournamentStatus.CANCELLED)
            ).order_by("-ended_at", "-pk")[:limit]
        ),
    }


PAIRS_TIEBREAK_NAMES = ("MP", "X-IMP")
"""Pairs: a pair's matchpoints (the score is its percentage) and cross-IMPs, the tie-break."""


def tiebreak_names_of(tournament: Tournament) -> list[str]:
    """The short names of the standings' columns after the score."""
    if tournament.format == Format.PAIRS:
        return list(PAIRS_TIEBREAK_NAMES)
    return [TIEBREAK_NAMES[t] for t in tiebreaks_for(tournament)]


def tiebreaks_for(tournament: Tournament) -> tuple[standings.Tiebreak, ...]:
    if tournament.format in (Format.KNOCKOUT, Format.PAIRS):
        return ()
    if tournament.format == Format.ROUND_ROBIN:
        return standings.ROUND_ROBIN_TIEBREAKS
    if tournament.format == Format.ARENA:
        return standings.ARENA_TIEBREAKS
    return standings.SWISS_TIEBREAKS


@dataclass(frozen=True)
class Row:
    """One line of the standings as pages, the API and the CSV show it."""

    rank: int
    entry_id: int
    name: str
    is_ai: bool
    rating: int
    score: float
    tiebreaks: dict[str, float]
    status: str
    games: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "entry_id": self.entry_id,
            "name": self.name,
            "is_ai": self.is_ai,
            "rating": self.rating,
            "score": self.score,
            "tiebreaks": self.tiebreaks,
            "status": self.status,
            "games": self.games,
        }


def _row(entry: Entry, rank: int, score: float, tbs: dict[str, float], games: int = 0) -> Row:
    return Row(
        rank=rank,
        entry_id=entry.pk,
        name=entry.display_name,
        is_ai=not entry.user_id,
        rating=round(entry.rating),
        score=round(score, 4) + 0.0,
        tiebreaks={k: round(v, 4) + 0.0 for k, v in tbs.items()},
        status=entry.status,
        games=games,
    )


def standings_of(tournament: Tournament) -> list[Row]:
    """The standings now (provisional while a round is in progress: a game not yet ended counts
    as not scored).  Ranked per format: docs/tournaments.md, "Standings"."""
    if tournament.format == Format.ARENA:
        return _arena_rows(tournament)
    if tournament.format == Format.KNOCKOUT:
        return _knockout_rows(tournament)
    if tournament.format == Format.PAIRS:
        return _pairs_rows(tournament)
    data = records.records_of(tournament, rounds=_published_rounds(tournament))
    tbs = tiebreaks_for(tournament)
    ranked = standings.standings(
        data.entries,
        data.games,
        data.byes,
        rounds=data.rounds,
        tiebreaks=tbs,
        round_robin=tournament.format == Format.ROUND_ROBIN,
        ratings=data.ratings,
    )
    played = _games_played(data)
    return [
        _row(
            data.entries[s.player],
            s.rank,
            s.score,
            {TIEBREAK_NAMES[t]: v for t, v in zip(tbs, s.tiebreaks, strict=True)},
            played.get(s.player, 0),
        )
        for s in ranked
    ]


def _games_played(data: records.Records) -> dict[int, int]:
    out: dict[int, int] = {}
    for g in data.games:
        if g.played:
            for p in g.players:
                if p not in g.absent:
                    out[p] = out.get(p, 0) + 1
    return out


def _pairs_rows(tournament: Tournament) -> list[Row]:
    """Pairs: the session's ranking — percentage, matchpoints, cross-IMPs (``pairs``)."""
    if tournament.schedule is None or pairs_session_hidden(tournament):
        return []  # not started (no pair numbers yet), or scores not published yet
    session, entry_of = pairs.session_of(tournament)
    entries = {
        e.pk: e
        for e in Entry.objects.filter(tournament=tournament).select_related("user", "partner")
    }
    return [
        _row(
            entries[entry_of[r.pair]],
            r.place,
            r.percentage,
            dict(zip(PAIRS_TIEBREAK_NAMES, (r.matchpoints, r.cross_imps), strict=True)),
            r.boards,
        )
        for r in session.ranking
    ]


def _arena_rows(tournament: Tournament) -> list[Row]:
    entries = {e.pk: e for e in Entry.objects.filter(tournament=tournament).select_related("user")}
    games = records.arena_games(tournament)
    ranked = arena.arena_standings(entries, games, {k: e.rating for k, e in entries.items()})
    scores = arena.arena_scores(games)
    return [
        _row(
            entries[s.player],
            s.rank,
            s.score,
            {"PERF": s.tiebreaks[0]},
            scores[s.player].games if s.player in scores else 0,
        )
        for s in ranked
    ]


def _knockout_rows(tournament: Tournament) -> list[Row]:
    """Knockout: ranked by how far each player got (the winner, the final's loser, then by the
    round they went out in), then by their placing at the table they went out at (multi-seat),
    then by seed.  ``score`` is the number of rounds won."""
    entries = {e.pk: e for e in Entry.objects.filter(tournament=tournament).select_related("user")}
    seeds: list[int] = (tournament.schedule or {}).get("seeds") or sorted(
        entries, key=lambda p: (-entries[p].rating, p)
    )
    seed_rank = {p: i for i, p in enumerate(seeds)}
    reached: dict[int, int] = {p: 0 for p in entries}
    place_at_exit: dict[int, int] = {}
    for rnd in Round.objects.filter(tournament=tournament).order_by("number"):
        plan = rnd.plan or {}
        advanced = set(plan.get("advanced", []))
        for p in _round_players(plan):
            reached[p] = rnd.number if p in advanced else max(reached[p], rnd.number - 1)
        if plan.get("final") and "advanced" in plan:
            for i, p in enumerate(plan["advanced"]):
                place_at_exit[p] = i
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
        out.append(_row(entries[p], rank, float(reached[p]), {}))
    return out


def _round_players(plan: dict[str, Any]) -> list[int]:
    if "matches" in plan:
        return [p for m in plan["matches"] for p in m if p is not None]
    return [p for t in plan.get("tables", []) for p in t] + list(plan.get("byes", []))


@dataclass(frozen=True)
class CrossCell:
    round: int
    text: str
    kind: str
    points: float


def crosstable_of(tournament: Tournament) -> dict[str, Any]:
    """The crosstable (chess-results style): per player and round the opponents (by their
    standing number), the seat (w/b for two seats, the seat number otherwise) and the points."""
    if tournament.format in (Format.ARENA, Format.KNOCKOUT, Format.PAIRS):
        return {"rounds": 0, "rows": [], "tiebreaks": []}
    data = records.records_of(tournament, rounds=_published_rounds(tournament))
    tbs = tiebreaks_for(tournament)
    table = standings.crosstable(
        data.entries,
        data.games,
        data.byes,
        rounds=data.rounds,
        tiebreaks=tbs,
        round_robin=tournament.format == Format.ROUND_ROBIN,
        ratings=data.ratings,
    )
    number = {row.standing.player: i for i, row in enumerate(table.rows, start=1)}
    rows = []
    for i, row in enumerate(table.rows, start=1):
        cells = [_cell(e, number, tournament.seats_per_table) for e in row.entries]
        entry = data.entries[row.standing.player]
        rows.append(
            {
                "number": i,
                "rank": row.standing.rank,
                "entry_id": entry.pk,
                "name": entry.display_name,
                "rating": round(entry.rating),
                "score": round(row.standing.score, 4) + 0.0,
                "cells": cells,
                "tiebreaks": [round(v, 4) + 0.0 for v in row.standing.tiebreaks],
            }
        )
    return {"rounds": table.rounds, "rows": rows, "tiebreaks": [TIEBREAK_NAMES[t] for t in tbs]}


def points_text(points: float) -> str:
    whole = int(points)
    frac = points - whole
    if abs(frac) < 1e-9:
        return str(whole)
    if abs(frac - 0.5) < 1e-9:
        return f"{whole}½" if whole else "½"
    return f"{points:.2f}"


def _cell(entry: standings.CrossEntry, number: dict[int, int], seats: int) -> CrossCell:
    pts = points_text(entry.points)
    if entry.kind in ("played", "forfeit-win", "forfeit-loss"):
        opponents = ",".join(str(number[o]) for o in entry.opponents if o in number)
        if seats == 2 and entry.seat is not None:
            side = "w" if entry.seat == 0 else "b"
        else:
            side = f"s{(entry.seat or 0) + 1}"
        if entry.kind == "forfeit-win":
            pts = "+"
        elif entry.kind == "forfeit-loss":
            pts = "−"
        return CrossCell(entry.round, f"{opponents}{side} {pts}", entry.kind, entry.points)
    label = {"pairing-bye": "bye", "full-bye": "bye", "half-bye": "½bye", "zero-bye": "–"}
    text = label.get(entry.kind, entry.kind)
    if entry.kind == "pairing-bye":
        text = f"bye {pts}"
    return CrossCell(entry.round, text, entry.kind, entry.points)


def rounds_of(tournament: Tournament, *, viewer: Any = None) -> list[dict[str, Any]]:
    """Every round with its tables: players by name, the match (live or replayable), result —
    as ``viewer`` may see them (a deal still played elsewhere hides its tables' results)."""
    entries = _entries_by_id(tournament)
    out = []
    for rnd in Round.objects.filter(tournament=tournament).order_by("number"):
        out.append(round_detail(tournament, rnd, entries, viewer=viewer))
    return out


def round_detail(
    tournament: Tournament,
    rnd: Round,
    entries: dict[int, Entry] | None = None,
    *,
    viewer: Any = None,
) -> dict[str, Any]:
    """One round's tables.  A table whose deal another table still plays (``live.embargo``)
    shows no result, matchpoints or replay for ``viewer`` (anonymous: ``None``): "hidden until
    every table has played this board"."""
    if entries is None:
        entries = _entries_by_id(tournament)
    tables = []
    pairings = list(
        Pairing.objects.filter(round=rnd).select_related("match").order_by("board", "deal_number")
    )
    hidden = embargo.embargoed_ids(
        match_ids=[p.match_id for p in pairings if p.match_id], user=viewer
    )
    for p in pairings:
        embargoed = p.match_id in hidden
        scored = (
            p.status == PairingStatus.DONE
            and p.placings
            and p.deal_number is None
            and not embargoed
        )
        points = records.game_points(p) if scored else None  # pairs: the board's figure instead
        live = bool(p.match and p.match.status == MatchStatus.RUNNING)
        tables.append(
            {
                "id": p.pk,
                "board": p.board,
                "status": p.status,
                "players": [
                    {
                        "entry_id": e,
                        "name": entries[e].display_name,
                        "absent": e in p.absent,
                        "points": None if points is None else points_text(points[i]),
                        "matchpoints": None if not p.points or embargoed else round(p.points[i], 3),
                    }
                    for i, e in enumerate(p.players)
                ],
                "match_id": p.match_id,
                # A running match is watched live; an ended one opens its replay.
                "match_url": (
                    None
                    if not p.match_id or (embargoed and not live)
                    else reverse("live:match", args=[p.match_id])
                    if live
                    else reverse("live:replay", args=[p.match_id])
                ),
                "live": live,
                "embargoed": embargoed,
                "deal_number": p.deal_number,
                # Pairs: the score of the side of the first seat (North–South in Bridge).
                "side_score": p.scores[0] if p.deal_number and p.scores and not embargoed else None,
                "given_up_by": pairs.given_up_by(p) if p.deal_number and not embargoed else None,
                "compared": p.deal_number is None or pairs.compared(tournament, p.deal_number),
                "ko_match": p.ko_match,
                "ko_game": p.ko_game,
                "adjudicated": p.adjudicated,
                "replays": p.replays,
            }
        )
    byes = [
        {"entry_id": b.entry_id, "name": entries[b.entry_id].display_name, "points": b.points}
        for b in rnd.byes.all()
    ]
    return {
        "number": rnd.number,
        "status": rnd.status,
        "tables": tables,
        "byes": byes,
        "url": reverse("tournaments:round", args=[tournament.pk, rnd.number]),
    }


def _entries_by_id(tournament: Tournament) -> dict[int, Entry]:
    rows = Entry.objects.filter(tournament=tournament).select_related("user", "partner")
    return {e.pk: e for e in rows}


def entries_of(tournament: Tournament) -> list[Entry]:
    return list(
        Entry.objects.filter(tournament=tournament)
        .select_related("user", "partner")
        .order_by("-rating", "pk")
    )


def entry_of_user(tournament: Tournament, user_id: int | None) -> Entry | None:
    """The user's entry — in a pairs tournament also the pair they accepted to partner."""
    if user_id is None:
        return None
    return Entry.objects.filter(played_by(user_id), tournament=tournament).first()


def partner_invitation(tournament: Tournament, user_id: int | None) -> Entry | None:
    """Pairs: the entry that named the user as partner and waits for their answer."""
    if user_id is None or tournament.format != Format.PAIRS:
        return None
    return (
        Entry.objects.filter(tournament=tournament, partner_id=user_id, partner_accepted=False)
        .select_related("user")
        .first()
    )


def next_game(*, user_id: int) -> dict[str, Any] | None:
    """The user's running tournament game, if any: what the notice shows on every page."""
    seat = (
        Seat.objects.filter(
            user_id=user_id,
            match__status=MatchStatus.RUNNING,
            match__tournament_pairing__isnull=False,
        )
        .select_related("match__tournament_pairing__tournament", "match__tournament_pairing__round")
        .order_by("-match_id")
        .first()
    )
    if seat is None:
        return None
    pairing = seat.match.tournament_pairing
    return {
        "match_id": seat.match_id,
        "url": reverse("live:match", args=[seat.match_id]),
        "tournament_id": pairing.tournament_id,
        "tournament": pairing.tournament.name,
        "round": pairing.round.number,
    }


def in_active_tournament(*, user_id: int) -> bool:
    """Whether the notice needs to poll for this user at all (one indexed query per page)."""
    return Entry.objects.filter(
        played_by(user_id),
        status=EntryStatus.ACTIVE,
        tournament__status__in=(
            TournamentStatus.SCHEDULED,
            TournamentStatus.RUNNING,
            TournamentStatus.PAUSED,
        ),
    ).exists()


def current_round(tournament: Tournament) -> Round | None:
    return Round.objects.filter(tournament=tournament, number=tournament.current_round).first()


def round_in_progress(tournament: Tournament) -> bool:
    rnd = current_round(tournament)
    return rnd is not None and rnd.status == RoundStatus.PLAYING


def knockout_bracket(tournament: Tournament) -> list[dict[str, Any]]:
    """Two-seat knockout rounds: each match with its game scores and the winner once decided."""
    if tournament.format != Format.KNOCKOUT or tournament.seats_per_table != 2:
        return []
    entries = {e.pk: e for e in Entry.objects.filter(tournament=tournament).select_related("user")}
    rules = knockout.MatchRules(games=tournament.knockout_games)
    from .services import knockout_match_states

    out = []
    for rnd in Round.objects.filter(tournament=tournament).order_by("number"):
        states = knockout_match_states(rnd, rules)
        matches = []
        for (higher, lower), state in zip((rnd.plan or {}).get("matches", []), states, strict=True):
            score = (points_text(state.higher_points), points_text(state.lower_points))
            matches.append(
                {
                    "higher": entries[higher].display_name,
                    "lower": entries[lower].display_name if lower is not None else None,
                    "score": "–".join(score),
                    "winner": entries[state.winner].display_name if state.winner else None,
                }
            )
        out.append({"number": rnd.number, "matches": matches})
    return out
