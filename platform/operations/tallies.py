"""The running totals behind the metrics that come from the move log, kept in the database.

The move log is append-only and every move row says what the metrics need (kind, seat, arrival and
commit time; with its match: the game; with the move before it: when an AI's decision became
due).  So nothing on the move path is instrumented: a scrape first reads the moves added since
the last one (by id, a batch at a time) into :class:`MetricTally` rows, then reports the tallies.
Every web process may be scraped: the catching-up is serialised by a row lock on the cursor
(``SKIP LOCKED``: a second scraper meanwhile reports the tallies as they stand), and the figures
are the platform's, the same from every process.

Ids are handed out before commit, so a move with a lower id can become visible after a higher
one.  Moves committed less than ``METRICS_SETTLE_S`` ago are therefore left for the next scrape;
a transaction that took longer than that between stamping its commit time and committing would
be missed (the live service aborts a command whose arrival-to-commit passed
``TIME_COMMIT_BOUND_MS``, 2 s by default).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.db import IntegrityError, connection, transaction

from live import timebase
from live.models import Match, Move, Seat

from .models import MetricCursor, MetricTally

MOVE_BUCKETS_S = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
AI_BUCKETS_S = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0)
CURSOR = "moves"

# Series names (the endpoint adds the platform_ prefix and the _total / _bucket suffixes).
MOVES = "moves"
FLAGS = "flags"
MOVE_COMMIT = "move_commit_seconds"
AI_DECISION = "ai_decision_seconds"


def label_key(**labels: str) -> str:
    return ",".join(f"{k}={v}" for k, v in labels.items())


def parse_labels(key: str) -> dict[str, str]:
    return dict(part.split("=", 1) for part in key.split(",")) if key else {}


def _sql() -> str:
    move, match, seat = (m._meta.db_table for m in (Move, Match, Seat))
    return (
        "SELECT v.id, v.kind, v.seat, v.command_id, v.arrived_ms, v.committed_ms, m.game, "
        "p.committed_ms, s.ai_level "
        f"FROM {move} v JOIN {match} m ON m.id = v.match_id "
        f"LEFT JOIN {move} p ON p.match_id = v.match_id AND p.seq = v.seq - 1 "
        f"LEFT JOIN {seat} s ON s.match_id = v.match_id AND s.seat = v.seat "
        "WHERE v.id > %s ORDER BY v.id LIMIT %s"
    )


def _observe(
    deltas: dict[tuple[str, str], float],
    name: str,
    buckets: Iterable[float],
    value: float,
    **lb: str,
) -> None:
    for le in buckets:
        if value <= le:
            deltas[(f"{name}_bucket", label_key(**lb, le=f"{le:g}"))] += 1
    deltas[(f"{name}_bucket", label_key(**lb, le="+Inf"))] += 1
    deltas[(f"{name}_count", label_key(**lb))] += 1
    deltas[(f"{name}_sum", label_key(**lb))] += value


def _count_row(deltas: dict[tuple[str, str], float], row: tuple[Any, ...]) -> None:
    _id, kind, seat, command_id, arrived, committed, game, prev_committed, ai_level = row
    deltas[(MOVES, label_key(game=game, kind=kind))] += 1
    if kind == "time_loss":
        deltas[(FLAGS, label_key(game=game, outcome="loss" if seat is not None else "draw"))] += 1
    if kind != "action":
        return
    if ai_level and command_id.startswith("ai-"):
        if prev_committed is not None:
            wait = max(0, arrived - prev_committed) / 1000
            _observe(deltas, AI_DECISION, AI_BUCKETS_S, wait, game=game, level=ai_level)
    else:
        _observe(deltas, MOVE_COMMIT, MOVE_BUCKETS_S, max(0, committed - arrived) / 1000, game=game)


def _cursor() -> MetricCursor | None:
    """The cursor row, locked; None when another process is catching up right now."""
    if not MetricCursor.objects.filter(name=CURSOR).exists():
        try:
            with transaction.atomic():
                MetricCursor.objects.create(name=CURSOR, last_id=0)
        except IntegrityError:
            pass
    return MetricCursor.objects.select_for_update(skip_locked=True).filter(name=CURSOR).first()


@transaction.atomic
def tallies_catch_up(*, batch: int = 20_000, now_ms: int | None = None) -> int:
    """Add the moves since the last call to the tallies (at most ``batch``); returns how many."""
    cursor = _cursor()
    if cursor is None:
        return 0
    now_ms = timebase.stamp().ms if now_ms is None else now_ms
    settled = now_ms - int(settings.METRICS_SETTLE_S * 1000)
    with connection.cursor() as db:
        db.execute(_sql(), [cursor.last_id, batch])
        rows = db.fetchall()
    deltas: dict[tuple[str, str], float] = defaultdict(float)
    last = cursor.last_id
    for row in rows:
        if row[5] > settled:
            break  # this one and everything after it: next time
        _count_row(deltas, row)
        last = row[0]
    if last == cursor.last_id:
        return 0
    _add(deltas)
    counted = sum(1 for row in rows if row[0] <= last)
    cursor.last_id = last
    cursor.save(update_fields=["last_id", "updated_at"])
    return counted


def _add(deltas: dict[tuple[str, str], float]) -> None:
    names = {name for name, _ in deltas}
    existing = {(t.name, t.labels): t for t in MetricTally.objects.filter(name__in=names)}
    changed, new = [], []
    for (name, labels), delta in deltas.items():
        row = existing.get((name, labels))
        if row is None:
            new.append(MetricTally(name=name, labels=labels, value=delta))
        else:
            row.value += delta
            changed.append(row)
    MetricTally.objects.bulk_create(new)
    MetricTally.objects.bulk_update(changed, ["value"], batch_size=500)


def tallies() -> dict[str, dict[str, float]]:
    """Every tally: series name → label key → value."""
    out: dict[str, dict[str, float]] = defaultdict(dict)
    for name, labels, value in MetricTally.objects.values_list("name", "labels", "value"):
        out[name][labels] = value
    return out
