"""The rows of a standings table as pages, the API and the CSV show them, and the few rules about
what may be shown yet.  Each format builds its rows (``formats/``); the selectors hand them out."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from matchmaking import standings

from . import records
from .models import Entry, Format, Round, RoundStatus, Tournament, TournamentStatus

TIEBREAK_NAMES = {tb: tb.value for tb in standings.Tiebreak}
"""Column header of each tie-break: its FIDE acronym (the code the organiser's order stores)."""

WHOLE_TIEBREAKS = frozenset(
    {standings.Tiebreak.PERFORMANCE.value, standings.Tiebreak.AVERAGE_RATING_OF_OPPONENTS.value}
)
"""Rating-like tie-breaks, shown as whole rating points (1347.83 → 1348; half up)."""

PAIRS_TIEBREAK_NAMES = ("MP", "X-IMP")
"""Pairs: a pair's matchpoints (the score is its percentage) and cross-IMPs, the tie-break."""


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


def make_row(entry: Entry, rank: int, score: float, tbs: dict[str, float], games: int = 0) -> Row:
    return Row(
        rank=rank,
        entry_id=entry.pk,
        name=entry.display_name,
        is_ai=not entry.user_id,
        rating=round(entry.rating),
        score=round(score, 4) + 0.0,
        tiebreaks={k: shown_tiebreak(k, v) for k, v in tbs.items()},
        status=entry.status,
        games=games,
    )


def shown_tiebreak(name: str, value: float) -> float:
    if name in WHOLE_TIEBREAKS:
        return float(math.floor(value + 0.5))
    return round(value, 4) + 0.0


def games_played(data: records.Records) -> dict[int, int]:
    out: dict[int, int] = {}
    for g in data.games:
        if g.played:
            for p in g.players:
                if p not in g.absent:
                    out[p] = out.get(p, 0) + 1
    return out


def published_rounds(tournament: Tournament) -> int | None:
    """Duplicate deals: the rounds whose results may be shown — those closed.  A result of the
    round in progress would tell the tables still playing how its deal went (``None``: every
    round paired so far, for the other formats)."""
    if not tournament.duplicate_deals:
        return None
    rnd = Round.objects.filter(tournament=tournament, number=tournament.current_round).first()
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


def points_text(points: float) -> str:
    """1.5 → 1½, 2.0 → 2, 0.6667 → 0.67 — one figure on its own (see :func:`column_texts`)."""
    whole = int(points)
    frac = points - whole
    if abs(frac) < 1e-9:
        return str(whole)
    if abs(frac - 0.5) < 1e-9:
        return f"{whole}½" if whole else "½"
    return f"{points:.2f}"


def _halves(value: float) -> bool:
    return abs(value * 2 - round(value * 2)) < 1e-9


def column_texts(values: list[float | None]) -> list[str]:
    """One column's figures in one format: whole and half points (2, 1½) when every figure is
    one, else every figure with two decimals (2.25, 1.50, 2.00) — a column mixing "2.25" with
    "1½" reads as two kinds of score.  None (no figure) stays empty."""
    present = [v for v in values if v is not None]
    if all(_halves(v) for v in present):
        return ["" if v is None else points_text(v) for v in values]
    return ["" if v is None else f"{v:.2f}" for v in values]


@dataclass(frozen=True)
class ShownRow:
    """A standings row with its score and tie-breaks as the page shows them (per column)."""

    row: Row
    score: str
    tiebreaks: list[str]


def shown_rows(rows: list[Row], names: list[str]) -> list[ShownRow]:
    """The page's standings: each column formatted as one (:func:`column_texts`)."""
    scores = column_texts([r.score for r in rows])
    columns = [column_texts([r.tiebreaks.get(n) for r in rows]) for n in names]
    return [
        ShownRow(row, scores[i], [column[i] for column in columns]) for i, row in enumerate(rows)
    ]
