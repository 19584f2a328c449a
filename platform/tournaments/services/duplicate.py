"""Duplicate deals: every table of a round played the same deals, so each seat is scored against
the same seat at the other tables (matchpoints)."""

from __future__ import annotations

import math

from ..models import (
    Pairing,
    PairingStatus,
    Round,
)


def score_duplicate(rnd: Round) -> None:
    """Duplicate deals: every table of the round played the same deals, seat for seat, so each
    seat is compared with the same seat at every other table (matchpoints: 1 for each table
    beaten, ½ for each tie, divided by the number of other tables).  A seat's figure is the game's
    own score, then its placing; an absentee is beaten by everyone."""
    tables = [
        p
        for p in Pairing.objects.filter(round=rnd, status=PairingStatus.DONE)
        if p.placings is not None and not p.adjudicated
    ]
    by_size: dict[int, list[Pairing]] = {}
    for p in tables:
        by_size.setdefault(len(p.players), []).append(p)
    for group in by_size.values():
        if len(group) < 2:
            continue
        for p in group:
            points = []
            for seat, entry in enumerate(p.players):
                mine = duplicate_value(p, seat, entry)
                won = 0.0
                for q in group:
                    if q.pk == p.pk:
                        continue
                    theirs = duplicate_value(q, seat, q.players[seat])
                    won += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
                points.append(round(won / (len(group) - 1), 9))
            p.points = points
            p.save(update_fields=["points"])


def duplicate_value(p: Pairing, seat: int, entry: int) -> tuple[float, float]:
    if entry in p.absent:
        return (-math.inf, -math.inf)
    score = float((p.scores or [0] * len(p.players))[seat])
    return (score, -float(p.placings[seat]))  # type: ignore[index]
