"""Reads of tournaments: lists, standings with tie-breaks, the crosstable, rounds and the notice
that takes a player to their next game.  Standings are computed from the stored results by the
pure functions of ``matchmaking/`` every time (``records.py`` reads the rows), so the page, the API
and the CSV export always agree with each other and with a recomputation from scratch.  Each
format ranks its own way (``formats/``); the rows' shape is ``standing_rows.Row``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q
from django.urls import reverse

from live import catalogue, embargo
from live.models import MatchStatus, Seat
from matchmaking import standings

from . import pairs, records

# Re-exported (pages, the API and the templates read them from here): the knockout bracket and
# the standings rows' names and rules, which live with the formats.
from .bracket import knockout_bracket as knockout_bracket
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
from .services.formats import rules_for
from .standing_rows import PAIRS_TIEBREAK_NAMES as PAIRS_TIEBREAK_NAMES
from .standing_rows import (
    TIEBREAK_NAMES,
    Row,
    column_texts,
    published_rounds,
    shown_tiebreak,
)
from .standing_rows import pairs_session_hidden as pairs_session_hidden
from .standing_rows import points_text as points_text
from .standing_rows import shown_rows as shown_rows

# The event as a FIDE TRF file (trf_exchange.py: which events have one, and the file).
from .trf_exchange import trf_event_of as trf_event_of
from .trf_exchange import trf_filename as trf_filename
from .trf_exchange import trf_refusal as trf_refusal
from .trf_exchange import trf_text_of as trf_text_of


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


def tiebreak_names_of(tournament: Tournament) -> list[str]:
    """The short names of the standings' columns after the score."""
    return rules_for(tournament).tiebreak_names(tournament)


def tiebreaks_for(tournament: Tournament) -> tuple[standings.Tiebreak, ...]:
    return rules_for(tournament).tiebreaks(tournament)


def standings_of(tournament: Tournament) -> list[Row]:
    """The standings now (provisional while a round is in progress: a game not yet ended counts
    as not scored).  Ranked per format: docs/tournaments.md, "Standings"."""
    return rules_for(tournament).standings(tournament)


def tournament_exists(tournament_id: int) -> bool:
    """Registered with chat (its tournament rooms), which must not import this app."""
    return Tournament.objects.filter(pk=tournament_id).exists()


def game_title(slug: str) -> str:
    """The game's name in the active language (:func:`live.catalogue.game_title`)."""
    return catalogue.game_title(slug)


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


@dataclass(frozen=True)
class CrossCell:
    round: int
    text: str
    kind: str
    points: float


def crosstable_of(tournament: Tournament) -> dict[str, Any]:
    """The crosstable (chess-results style): per player and round the opponents (by their
    standing number), the seat (w/b for two seats, the seat number otherwise) and the points."""
    rules = rules_for(tournament)
    if not rules.has_crosstable:
        return {"rounds": 0, "rows": [], "tiebreaks": []}
    data = records.records_of(tournament, rounds=published_rounds(tournament))
    tbs = rules.tiebreaks(tournament)
    table = standings.crosstable(
        data.entries,
        data.games,
        data.byes,
        rounds=data.rounds,
        tiebreaks=tbs,
        round_robin=rules.round_robin,
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
                "tiebreaks": [
                    shown_tiebreak(TIEBREAK_NAMES[t], v)
                    for t, v in zip(tbs, row.standing.tiebreaks, strict=True)
                ],
            }
        )
    # One format per column (standing_rows.column_texts), as in the standings.
    score_texts = column_texts([r["score"] for r in rows])
    tiebreak_columns = [column_texts([r["tiebreaks"][i] for r in rows]) for i in range(len(tbs))]
    for i, r in enumerate(rows):
        r["score_text"] = score_texts[i]
        r["tiebreak_texts"] = [column[i] for column in tiebreak_columns]
    return {"rounds": table.rounds, "rows": rows, "tiebreaks": [TIEBREAK_NAMES[t] for t in tbs]}


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


def tournament_of_match(match_id: int) -> int | None:
    """The tournament a match was played in (as one of its pairings), or None."""
    return Pairing.objects.filter(match_id=match_id).values_list("tournament_id", flat=True).first()
