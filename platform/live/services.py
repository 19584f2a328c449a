"""Every write to a live match goes through here (consumers, API views, admin and tasks call these).

The shape of each write: lock the match row (one writer per match) → check seat, turn, seq, command
id and the clock against the command's arrival time → apply the engine → append to the move log →
save snapshot and clock → on commit, publish each audience's view and schedule the follow-up jobs
(the clock's wake-up, AI moves).  A rejected command raises :class:`LiveError` and changes nothing.
"""

from __future__ import annotations

import dataclasses
import logging
import random
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from games.core import (
    Event,
    Game,
    IllegalAction,
    SeatResult,
    State,
    TimeControl,
)
from games.registry import get_game

from . import liveness, publish, selectors, timebase
from .clock import (
    SLOT_MS,
    clock_advance,
    clock_new,
    clock_slot,
    clock_stop_all,
    clock_watch_ai,
    first_flag,
    flagged_together,
    stall_bound,
    wake_at,
)
from .errors import LiveError
from .fairness import commitment_of, new_salt
from .models import EndReason, Match, MatchStatus, Move, MoveKind, Seat, TimeIncident

log = logging.getLogger(__name__)

MATCH_ENDED_HOOKS: list[Callable[[Match], None]] = []
"""Functions apps register in their ``AppConfig.ready`` to react to a match ending (tournaments):
each is called as ``hook(match)`` once per match, inside the transaction that ends it, with the row
locked and ``status``/``end_reason``/``result`` already set (the row's write may still be batched,
so a hook reads the match object, not the database).  A hook must not lock other match rows."""


@dataclass(frozen=True)
class SeatSpec:
    """Who takes a seat when a match starts: a user id or an AI level."""

    user_id: int | None = None
    ai_level: str = ""


@dataclass(frozen=True)
class Applied:
    """What became of a command: applied at ``seq``, or (``ended``) not applied because the match
    ended instead — a clock had run out, or time was unreliable."""

    seq: int
    duplicate: bool = False
    ended: str | None = None


def _stall_bound_ms() -> int:
    return int(settings.STALL_BOUND_S * 1000)


def _load(match: Match) -> tuple[Game, State]:
    game = get_game(match.game)
    return game, game.state_from_json(match.state)


def _result_json(result: Sequence[SeatResult]) -> list[dict[str, int]]:
    return [
        {"seat": r.seat, "placing": r.placing, "team": r.team, "score": r.score, "weight": r.weight}
        for r in result
    ]


# --- starting ---------------------------------------------------------------------------------


@transaction.atomic
def match_start(
    *,
    game_slug: str,
    seats: Sequence[SeatSpec],
    options: Mapping[str, Any] | None = None,
    rated: bool = False,
    created_by_id: int | None = None,
    seed: int | None = None,
    time_control: TimeControl | None = None,
    from_queue: bool = False,
) -> Match:
    """Create a running match; the first decisions' clocks start now.  ``time_control`` defaults
    to the game's own (tables may choose another)."""
    game = get_game(game_slug)
    if len(seats) not in game.seat_counts:
        raise LiveError("bad_seats", f"{game.title} is played by {game.seat_counts} players")
    for spec in seats:
        if spec.ai_level and spec.ai_level not in game.bots:
            raise LiveError("bad_level", f"unknown AI level {spec.ai_level!r}")
    seed = secrets.randbits(62) if seed is None else seed
    options = dict(options or {})
    state = game.new_state(len(seats), options, seed)
    now = timebase.stamp()
    clock = clock_advance(
        clock_new(seats=len(seats), control=time_control or game.time_control),
        acted=None,
        decisions=state.pending(),
        now_ms=now.ms,
    )
    ai_seats = {i for i, spec in enumerate(seats) if spec.ai_level}
    clock = _watch_ai(clock, state, ai_seats, now.ms)
    wake = wake_at(clock, stall_bound_ms=_stall_bound_ms())
    salt = new_salt()  # the commitment is fixed before anyone sees a card (live/fairness.py)
    match = Match.objects.create(
        game=game.slug,
        seat_count=len(seats),
        options=options,
        seed=seed,
        seed_salt=salt,
        seed_commitment=commitment_of(seed=seed, salt=salt),
        rated=rated,
        state=state.to_json(),
        clock=clock,
        wake_ms=wake,
        wake_job_ms=None if wake is None else clock_slot(wake),
        created_by_id=created_by_id,
        status=MatchStatus.RUNNING,
        from_queue=from_queue,
    )
    Seat.objects.bulk_create(
        Seat(match=match, seat=i, user_id=spec.user_id, ai_level=spec.ai_level)
        for i, spec in enumerate(seats)
    )
    _after_change(match, game, state, events=(), wake_job_ms=match.wake_job_ms)
    log.info("match started", extra={"match": match.pk, "game": game.slug, "rated": rated})
    return match


# --- commands ---------------------------------------------------------------------------------


def _seats_of(match: Match) -> list[Seat]:
    return selectors.match_seats(match)


def _acting_seat(
    seats: Sequence[Seat], state: State, *, user_id: int | None, seat: int | None, ai: bool
) -> int:
    if ai:
        if seat is None or not any(s.seat == seat and s.ai_level for s in seats):
            raise LiveError("not_your_seat", "that seat is not played by the AI")
        return seat
    if user_id is None:
        raise LiveError("not_a_player", "spectators cannot act; log in and take a seat")
    mine = [s.seat for s in seats if s.user_id == user_id]
    if not mine:
        raise LiveError("not_a_player", "you do not play in this match")
    if seat is None:
        pending = [d.seat for d in state.pending() if d.seat in mine]
        if len(mine) == 1:
            return mine[0]
        if len(pending) == 1:
            return pending[0]
        raise LiveError("not_your_seat", "you hold several seats: say which seat acts")
    if seat not in mine:
        raise LiveError("not_your_seat", f"seat {seat} is not yours")
    return seat


def _already_applied(match: Match, seat: int, command_id: str) -> Applied | None:
    """A retried command (same seat, same command id) is acknowledged again, not applied again.

    :func:`_lock` already looked the id up in the same query as the lock; only an id that another
    seat of the match used too needs a query of its own.
    """
    if not command_id or match.retried_seq is None:  # type: ignore[attr-defined]
        return None
    if match.retried_seat == seat:  # type: ignore[attr-defined]
        return Applied(seq=match.retried_seq, duplicate=True)  # type: ignore[attr-defined]
    done = Move.objects.filter(match=match, seat=seat, command_id=command_id).values_list(
        "seq", flat=True
    )
    return Applied(seq=done[0], duplicate=True) if done else None


def _check_time(match: Match, stamp: timebase.Stamp) -> tuple[str, int | None, str] | None:
    """What the clock says about a command (or a wake-up) at ``stamp``.

    None while no clock runs or time is fine; ``("unreliable", None, why)`` when this node's time
    cannot be trusted or the reference stepped while a running decision was open;
    ``("flag", seat, "")`` for the seat whose time ran out; ``("outage", None, why)`` when it ran
    out while the platform was down (:mod:`live.liveness`).
    """
    flag = first_flag(match.clock)
    if flag is None:
        return None
    started = min(sc["since_ms"] for sc in match.clock["seats"] if sc["running"])
    latest_step = match.latest_step_ms  # type: ignore[attr-defined]  # read with the lock
    if latest_step is not None and latest_step >= started:
        step = (
            TimeIncident.objects.filter(kind="reference_step", at_ms__gte=started)
            .values_list("detail", flat=True)
            .first()
        )
        if step:
            return ("unreliable", None, step)
    if stamp.problem:
        return ("unreliable", None, stamp.problem)
    deadline, seat = flag
    if stamp.ms >= deadline:
        if (gap := liveness.outage_gap(stamp.ms)) is not None:
            return ("outage", None, liveness.outage_detail(*gap))
        return ("flag", seat, "")
    return None


@transaction.atomic
def action_submit(
    *,
    match_id: int,
    action: Any,
    command_id: str,
    user_id: int | None = None,
    seat: int | None = None,
    seen_seq: int | None = None,
    arrived_local_ms: float | None = None,
    ai: bool = False,
) -> Applied:
    """Apply one player's (or AI's) action.  Raises :class:`LiveError`; then nothing changed."""
    arrival = timebase.stamp(arrived_local_ms)
    match = _lock(match_id, command_id=command_id)
    game, state = _load(match)
    seats = _seats_of(match)
    acting = _acting_seat(seats, state, user_id=user_id, seat=seat, ai=ai)
    if (done := _already_applied(match, acting, command_id)) is not None:
        return done
    if match.status != MatchStatus.RUNNING:
        raise LiveError("match_over", "the match is over")
    if seen_seq is not None and seen_seq != match.seq:
        raise LiveError("stale_seq", f"the match has moved on to seq {match.seq}; resync")
    verdict = _check_time(match, arrival)
    if verdict is not None:
        kind, flagged, why = verdict
        if kind in ("unreliable", "outage"):
            _end_unreliable(match, game, state, seats, arrival, detail=why, outage=kind == "outage")
        else:
            assert flagged is not None
            _end_on_time(match, game, state, seats, flagged, arrival.ms)
        return Applied(seq=match.seq, ended=match.end_reason)
    if acting not in {d.seat for d in state.pending()}:
        raise LiveError("not_your_turn", "it is not your turn")
    try:
        decoded = game.decode_action(action)
        events = state.apply(acting, decoded)
    except IllegalAction as exc:
        raise LiveError("illegal_action", exc.message, rule=exc.code) from None
    committed = timebase.stamp()
    if first_flag(match.clock) and committed.ms - arrival.ms > settings.TIME_COMMIT_BOUND_MS:
        # Reload: the in-memory state already holds the action we are not going to keep.
        game, state = _load(match)
        _end_unreliable(
            match,
            game,
            state,
            seats,
            committed,
            detail=f"arrival to commit took {committed.ms - arrival.ms} ms "
            f"(bound {settings.TIME_COMMIT_BOUND_MS} ms)",
        )
        return Applied(seq=match.seq, ended=match.end_reason)
    with _batched_writes():  # the move row and the match row go out as one statement
        _append(
            match,
            MoveKind.ACTION,
            seat=acting,
            ms=arrival.ms,
            command_id=command_id,
            action=game.encode_action(decoded),
            committed_ms=committed.ms,
        )
        match.state = state.to_json()
        match.clock = _watch_ai(
            clock_advance(match.clock, acted=acting, decisions=state.pending(), now_ms=arrival.ms),
            state,
            {s.seat for s in seats if s.ai_level},
            arrival.ms,
        )
        job = None
        if state.is_over():
            result = state.result()
            assert result is not None
            _finish(match, game, seats, result, EndReason.NORMAL, arrival.ms)
        else:
            job = _plan_wake(match, now_ms=arrival.ms)
            _save_match(match)
    _after_change(match, game, state, seats=seats, events=events, wake_job_ms=job)
    return Applied(seq=match.seq)


@transaction.atomic
def match_resign(
    *,
    match_id: int,
    command_id: str,
    user_id: int | None,
    seat: int | None = None,
    arrived_local_ms: float | None = None,
) -> Applied:
    """End the match as a loss for the resigning seat's side (any game)."""
    arrival = timebase.stamp(arrived_local_ms)
    match = _lock(match_id, command_id=command_id)
    game, state = _load(match)
    seats = _seats_of(match)
    acting = _acting_seat(seats, state, user_id=user_id, seat=seat, ai=False)
    if (done := _already_applied(match, acting, command_id)) is not None:
        return done
    if match.status != MatchStatus.RUNNING:
        raise LiveError("match_over", "the match is over")
    _append(match, MoveKind.RESIGN, seat=acting, ms=arrival.ms, command_id=command_id)
    _finish(
        match,
        game,
        seats,
        state.forfeit(acting),
        EndReason.RESIGN,
        arrival.ms,
    )
    _after_change(match, game, state, seats=seats, events=(Event("resigned", {"seat": acting}),))
    return Applied(seq=match.seq)


@transaction.atomic
def match_abort(*, match_id: int, reason: str, by_user_id: int | None = None) -> bool:
    """An operator's abort: no result, no rating change.  False if the match had already ended."""
    match = _lock(match_id)
    if match.status != MatchStatus.RUNNING:
        return False
    game, state = _load(match)
    now = timebase.stamp().ms
    _append(match, MoveKind.ABORT, seat=None, ms=now, detail=f"by user {by_user_id}: {reason}")
    _abort(match, EndReason.ABORT, reason, now)
    _after_change(match, game, state, events=(Event("aborted", {"reason": reason}),))
    return True


@transaction.atomic
def match_wake(
    *,
    match_id: int,
    seq: int | None = None,
    now: timebase.Stamp | None = None,
) -> str:
    """The server acting by itself: a flag fell or a stall bound passed.

    Idempotent and safe when early, late, duplicated or stale: it re-reads the locked row and does
    only what the clock says now.  ``now`` lets a caller judge many matches by one fresh reading
    (a reading taken before the row was claimed is never later than the truth, so it cannot end a
    match early).  Returns what it did (for logs and tests).
    """
    match = _lock(match_id)
    if match.status != MatchStatus.RUNNING:
        return "over"
    if seq is not None and seq != match.seq:
        return "stale"
    return _wake_locked(match, now or timebase.stamp(fresh=True))


def _wake_locked(match: Match, now: timebase.Stamp) -> str:
    game, state = _load(match)
    seats = _seats_of(match)
    verdict = _check_time(match, now)
    if verdict is not None:
        kind, flagged, why = verdict
        if kind in ("unreliable", "outage"):
            _end_unreliable(match, game, state, seats, now, detail=why, outage=kind == "outage")
            return kind
        assert flagged is not None
        _end_on_time(match, game, state, seats, flagged, now.ms)
        return "time_loss"
    stall = match.clock.get("stall_since_ms")
    if stall is not None and now.ms >= stall + stall_bound(match.clock, _stall_bound_ms()):
        return _end_stall(match, game, state, seats, now.ms)
    ai_due = match.clock.get("ai_due_ms")
    if ai_due is not None and now.ms >= ai_due:
        return _resend_ai(match, state, seats, now.ms)
    return "early"


def _watch_ai(
    clock: dict[str, Any], state: State, ai_seats: set[int], now_ms: int
) -> dict[str, Any]:
    waiting = not state.is_over() and any(d.seat in ai_seats for d in state.pending())
    return clock_watch_ai(clock, waiting=waiting, now_ms=now_ms, resend_ms=_ai_resend_ms())


def _ai_resend_ms() -> int:
    return int(settings.AI_RESEND_S * 1000)


def _resend_ai(match: Match, state: State, seats: Sequence[Seat], now_ms: int) -> str:
    """An AI move is overdue (its job was lost, or its worker died): queue it again.  The move job
    is idempotent (it names the seq, and its command id is fixed per seq and seat), so a job that
    was only slow and runs after all changes nothing."""
    ai = {s.seat for s in seats if s.ai_level}
    overdue = [d.seat for d in state.pending() if d.seat in ai]
    log.warning("AI move overdue; queued again", extra={"match": match.pk, "seq": match.seq})
    match.clock = _watch_ai(match.clock, state, ai, now_ms)
    job = _plan_wake(match, now_ms=now_ms)
    _save_match(match)
    if job is not None:
        _schedule_on_commit(job)
    match_id, seq = match.pk, match.seq

    def queue() -> None:
        from . import tasks

        for seat in overdue:
            tasks.ai_move.apply_async(args=[match_id, seq, seat], queue="ai")

    transaction.on_commit(queue)
    return "ai_resent"


def clock_wake_due(*, batch: int = 100, now: timebase.Stamp | None = None) -> int:
    """Wake every overdue match; returns how many were woken.

    Matches are claimed a batch at a time (``FOR UPDATE SKIP LOCKED``, so clock workers and sweeper
    threads share a burst without waking a match twice), judged by one fresh reading of the time,
    and written back together: a thousand deadlines falling within seconds cost a few dozen
    transactions, not a thousand.
    """
    now = now or timebase.stamp(fresh=True)
    woken = 0
    while True:
        with transaction.atomic(), _batched_writes():
            matches = list(Match.objects.raw(_CLAIM_SQL, ["", "", now.ms, batch]))
            selectors.match_seats_prefetch(matches)
            for match in matches:
                match.retried_seq = match.retried_seat = None  # type: ignore[attr-defined]
                _wake_locked(match, now)
        woken += len(matches)
        if len(matches) < batch:
            return woken


_covered_until_ms = 0
"""This process's last clock tick woke everything due and moved every passed slot on up to here."""


def clock_tick(*, slot_ms: int) -> int:
    """The clock job of one time slot: wake whatever is due, then move every match whose pending
    slot has passed (its deadline moved later meanwhile) on to the slot of its deadline.

    A burst of deadlines has one job per slot (see ``tasks.schedule_wake``) and a match one
    pending slot (``wake_job_ms``), so most moves schedule nothing.  A job whose slot an
    earlier-finishing job of this process already covered returns at once: in a burst of deadlines
    the jobs of the slots a batch caught up with cost no query.  Returns how many matches it woke.
    """
    global _covered_until_ms
    if slot_ms <= _covered_until_ms:
        return 0
    now = timebase.stamp(fresh=True)
    woken = clock_wake_due(now=now)
    from . import tasks

    with connection.cursor() as cursor:
        cursor.execute(_MOVE_ON_SQL, [SLOT_MS, SLOT_MS, SLOT_MS, now.ms])
        slots = {slot for (slot,) in cursor.fetchall()}
    for slot in sorted(slots):
        tasks.schedule_wake(slot_ms=slot)
    if not now.problem:
        _covered_until_ms = max(_covered_until_ms, now.ms)
    return woken


def clock_sweep(*, threads: int = 1) -> int:
    """Wake every overdue match (the last line behind the clock jobs); returns how many it woke.

    Several threads keep a burst of simultaneous deadlines within the sweep period; they share the
    work through the claims of :func:`clock_wake_due`.
    """

    now = timebase.stamp(fresh=True)

    def drain() -> int:
        try:
            return clock_wake_due(batch=25, now=now)
        finally:
            if threads > 1:
                connection.close()

    if threads <= 1:
        return drain()
    with ThreadPoolExecutor(max_workers=threads) as pool:
        return sum(pool.map(lambda _: drain(), range(threads)))


# --- batched writes ---------------------------------------------------------------------------


@dataclass
class _Writes:
    moves: list[Move] = field(default_factory=list)
    matches: dict[int, Match] = field(default_factory=dict)


_writes: ContextVar[_Writes | None] = ContextVar("live_batched_writes", default=None)
_MATCH_WRITABLE = [
    "status",
    "seq",
    "state",
    "clock",
    "wake_ms",
    "wake_job_ms",
    "result",
    "end_reason",
    "abort_reason",
    "ended_at",
]


@contextmanager
def _batched_writes() -> Iterator[None]:
    """Inside, move-log rows and match rows are collected and written together on leaving."""
    writes = _Writes()
    token = _writes.set(writes)
    try:
        yield
    finally:
        _writes.reset(token)
    if len(writes.moves) == 1 and len(writes.matches) == 1 and connection.vendor == "postgresql":
        (match,) = writes.matches.values()
        _execute_rows(_MOVE_AND_MATCH_SQL, [_move_row(writes.moves[0]) + _match_row(match)])
        return
    if writes.moves:
        _insert_moves(writes.moves)
    if writes.matches:
        _update_matches(list(writes.matches.values()))


# Every command and every ending writes a move and a match row.  Both statements are written out
# here, sent with ``executemany`` for a batch of rows: composing them through the ORM cost more
# than the database took to run them (and ``bulk_update``'s CASE expressions far more still).
# The values still go through each field's own conversion (``get_db_prep_save``).


def _execute_rows(sql: str, rows: list[list[Any]]) -> None:
    """One row with ``execute``: psycopg's ``executemany`` enters pipeline mode, whose bookkeeping
    cost more than the single statement of a command."""
    with connection.cursor() as cursor:
        if len(rows) == 1:
            cursor.execute(sql, rows[0])
        else:
            cursor.executemany(sql, rows)


_MOVE_FIELDS = [f for f in Move._meta.concrete_fields if not f.primary_key]
_MATCH_FIELDS = [Match._meta.get_field(name) for name in _MATCH_WRITABLE]


def _insert_move_sql() -> str:
    quote = connection.ops.quote_name
    return (
        f"INSERT INTO {quote(Move._meta.db_table)} "
        f"({', '.join(quote(f.column) for f in _MOVE_FIELDS)}) "
        f"VALUES ({', '.join(['%s'] * len(_MOVE_FIELDS))})"
    )


def _update_match_sql() -> str:
    quote = connection.ops.quote_name
    return (
        f"UPDATE {quote(Match._meta.db_table)} SET "
        + ", ".join(f"{quote(f.column)} = %s" for f in _MATCH_FIELDS)
        + f" WHERE {quote(Match._meta.pk.column)} = %s"
    )


def _move_row(move: Move) -> list[Any]:
    return [f.get_db_prep_save(f.pre_save(move, True), connection) for f in _MOVE_FIELDS]


def _match_row(match: Match) -> list[Any]:
    return [f.get_db_prep_save(getattr(match, f.attname), connection) for f in _MATCH_FIELDS] + [
        match.pk
    ]


def _insert_moves(moves: list[Move]) -> None:
    _execute_rows(_INSERT_MOVE_SQL, [_move_row(m) for m in moves])


def _update_matches(matches: list[Match]) -> None:
    _execute_rows(_UPDATE_MATCH_SQL, [_match_row(m) for m in matches])


def _save_match(match: Match) -> None:
    """Write the match's changeable fields now, or with the batch (:func:`_batched_writes`)."""
    writes = _writes.get()
    if writes is None:
        _update_matches([match])
    else:
        writes.matches[match.pk] = match


def _add_move(move: Move) -> None:
    """Append to the move log now, or with the batch."""
    writes = _writes.get()
    if writes is None:
        _insert_moves([move])
    else:
        writes.moves.append(move)


# --- endings ----------------------------------------------------------------------------------


def _lock(match_id: int, *, command_id: str = "") -> Match:
    """The match row, locked, read in one query with what every command checks besides: the move
    (if any) that already carries ``command_id``, and the latest reference-clock step.

    Hand-written because it runs for every command: the ORM spent longer composing this query (two
    subqueries) than the database spent answering it.
    """
    sql = _LOCK_SQL + (" FOR UPDATE OF m" if connection.features.has_select_for_update else "")
    found = list(Match.objects.raw(sql, [command_id, command_id, match_id]))
    if not found:
        raise LiveError("no_match", f"there is no match {match_id}")
    match = found[0]
    if not command_id:
        match.retried_seq = match.retried_seat = None  # type: ignore[attr-defined]
    return match


def _select_sql() -> str:
    match, move, incident = (m._meta.db_table for m in (Match, Move, TimeIncident))
    retried = f"FROM {move} v WHERE v.match_id = m.id AND v.command_id = %s ORDER BY v.seq LIMIT 1"
    return (
        f"SELECT m.*, (SELECT t.at_ms FROM {incident} t WHERE t.kind = 'reference_step' "
        "AND t.at_ms IS NOT NULL ORDER BY t.at_ms DESC LIMIT 1) AS latest_step_ms, "
        f"(SELECT v.seq {retried}) AS retried_seq, (SELECT v.seat {retried}) AS retried_seat "
        f"FROM {match} m "
    )


def _claim_sql() -> str:
    sql = (
        _select_sql() + f"WHERE m.status = '{MatchStatus.RUNNING.value}' AND m.wake_ms <= %s "
        "ORDER BY m.wake_ms LIMIT %s"
    )
    return sql + (
        " FOR UPDATE OF m SKIP LOCKED" if connection.features.has_select_for_update else ""
    )


def _move_on_sql() -> str:
    """Every running match whose pending clock job has passed gets the slot of its deadline
    (``clock_slot`` in SQL), in one statement that returns the new slots.  Rows locked by a wake in
    progress are skipped, not waited for: that wake sets them anew."""
    table = connection.ops.quote_name(Match._meta.db_table)
    pick = (
        f"SELECT id FROM {table} WHERE status = '{MatchStatus.RUNNING.value}' "
        "AND wake_job_ms <= %s AND wake_ms IS NOT NULL"
    )
    if connection.features.has_select_for_update_skip_locked:
        pick += " FOR UPDATE SKIP LOCKED"
    return (
        f"UPDATE {table} SET wake_job_ms = ((wake_ms + %s - 1) / %s) * %s "
        f"WHERE id IN ({pick}) RETURNING wake_job_ms"
    )


_LOCK_SQL = _select_sql() + "WHERE m.id = %s"
_INSERT_MOVE_SQL = _insert_move_sql()
_UPDATE_MATCH_SQL = _update_match_sql()
# A command's move row and match row in one statement (PostgreSQL runs a data-modifying WITH even
# when nothing reads it): one round trip less for every command.
_MOVE_AND_MATCH_SQL = f"WITH appended AS ({_INSERT_MOVE_SQL}) {_UPDATE_MATCH_SQL}"
_MOVE_ON_SQL = _move_on_sql()
_CLAIM_SQL = _claim_sql()


def _plan_wake(match: Match, *, now_ms: int) -> int | None:
    """Set ``wake_ms`` from the clock; return the time of a clock job to schedule, if one is needed.

    One clock job per match is pending at a time, due at or before ``wake_ms`` (it moves itself on
    when it finds nothing due), so most moves, which push the deadline later, schedule nothing.  A
    job is needed when there is none, when the new deadline comes before it, or when its time has
    passed without it running (lost with its worker; the sweeper covers the gap meanwhile).
    """
    match.wake_ms = wake_at(match.clock, stall_bound_ms=_stall_bound_ms())
    pending = match.wake_job_ms
    if match.wake_ms is None:
        return None
    slot = clock_slot(match.wake_ms)
    if pending is None or pending > slot or pending <= now_ms:
        match.wake_job_ms = slot
        return slot
    return None


def _schedule_on_commit(slot_ms: int) -> None:
    from . import tasks

    transaction.on_commit(lambda: tasks.schedule_wake(slot_ms=slot_ms))


def _append(
    match: Match,
    kind: str,
    *,
    seat: int | None,
    ms: int,
    command_id: str = "",
    detail: str = "",
    action: Any = None,
    committed_ms: int | None = None,
) -> None:
    """The match's next move-log row: arrived at ``ms``, committed at ``committed_ms`` (default:
    the reference time now)."""
    match.seq += 1
    _add_move(
        Move(
            match=match,
            seq=match.seq,
            seat=seat,
            kind=kind,
            action=action,
            command_id=command_id,
            arrived_ms=ms,
            committed_ms=timebase.stamp().ms if committed_ms is None else committed_ms,
            detail=detail,
        )
    )


def _finish(
    match: Match,
    game: Game,
    seats: Sequence[Seat],
    result: Sequence[SeatResult],
    reason: str,
    now_ms: int,
) -> None:
    from ratings.services import ratings_apply_match

    match.status = MatchStatus.FINISHED
    match.end_reason = reason
    match.result = _result_json(result)
    match.clock = clock_stop_all(match.clock, now_ms=now_ms)
    match.wake_ms = None
    match.ended_at = timezone.now()
    _save_match(match)
    if match.rated:
        ratings_apply_match(match=match, game=game, seats=seats, result=result)
    for hook in MATCH_ENDED_HOOKS:
        hook(match)
    log.info("match finished", extra={"match": match.pk, "reason": reason})


def _abort(match: Match, reason: str, detail: str, now_ms: int) -> None:
    match.status = MatchStatus.ABORTED
    match.end_reason = reason
    match.abort_reason = detail
    match.clock = clock_stop_all(match.clock, now_ms=now_ms)
    match.wake_ms = None
    match.ended_at = timezone.now()
    _save_match(match)
    for hook in MATCH_ENDED_HOOKS:
        hook(match)
    log.warning("match aborted", extra={"match": match.pk, "reason": reason, "detail": detail})


def _no_show(match: Match, seats: Sequence[Seat], seat: int, now_ms: int) -> bool:
    """A queue-made match whose ``seat`` never acted is aborted (unrated), not lost: the matchmaker
    cools the no-show down and puts the others back at the front of the queue."""
    if not match.from_queue or match.moves.filter(seat=seat, kind=MoveKind.ACTION).exists():
        return False
    from matchmaking.services import queue_no_show

    no_show = [s.user_id for s in seats if s.seat == seat and s.user_id]
    others = [s.user_id for s in seats if s.seat != seat and s.user_id]
    _append(match, MoveKind.ABORT, seat=seat, ms=now_ms, detail="first decision not made")
    _abort(match, EndReason.NO_START, f"seat {seat} did not make its first decision", now_ms)
    queue_no_show(match_id=match.pk, no_show_user_ids=no_show, other_user_ids=others)
    return True


def _end_on_time(
    match: Match, game: Game, state: State, seats: Sequence[Seat], flagged: int, now_ms: int
) -> None:
    if _no_show(match, seats, flagged, now_ms):
        _after_change(
            match, game, state, seats=seats, events=(Event("aborted", {"reason": "no_start"}),)
        )
        return
    together = flagged_together(match.clock)
    if len(together) > 1:
        # Two clocks ran out in the same millisecond (a simultaneous decision: One Poker's locks).
        # Neither ran out first, so neither loses: the match is a draw (docs/architecture.md).
        detail = f"the clocks of seats {together} ran out in the same millisecond: a draw"
        _append(match, MoveKind.TIME_LOSS, seat=None, ms=now_ms, detail=detail)
        result = [dataclasses.replace(r, placing=1) for r in state.forfeit(flagged)]
        _finish(match, game, seats, result, EndReason.TIME, now_ms)
        event = Event("time_draw", {"seats": together})
    else:
        _append(match, MoveKind.TIME_LOSS, seat=flagged, ms=now_ms, detail="the clock ran out")
        _finish(match, game, seats, state.forfeit(flagged), EndReason.TIME, now_ms)
        event = Event("time_loss", {"seat": flagged})
    _after_change(match, game, state, seats=seats, events=(event,))


def _end_unreliable(
    match: Match,
    game: Game,
    state: State,
    seats: Sequence[Seat],
    stamp: timebase.Stamp,
    *,
    detail: str,
    outage: bool = False,
) -> None:
    """Abort unrated: this node's time cannot be trusted, or (``outage``) the clock ran while the
    platform could not receive moves."""
    TimeIncident.objects.create(match=match, node=timebase.NODE, kind="abort", detail=detail)
    _append(match, MoveKind.ABORT, seat=None, ms=stamp.ms, detail=f"unreliable time: {detail}")
    _abort(match, EndReason.OUTAGE if outage else EndReason.UNRELIABLE_TIME, detail, stamp.ms)
    _after_change(match, game, state, seats=seats, events=(Event("aborted", {"reason": detail}),))


def matches_abort_for_outage(*, start_ms: int, end_ms: int, detail: str) -> int:
    """Abort, unrated, every running match whose clock (or stall bound) ran through the outage
    from ``start_ms`` to ``end_ms``; returns how many (an untimed match only waits: its day-long
    idle bound is not worth ending a game over).  Called by :func:`live.liveness.service_beat`
    inside its transaction; rows are locked in id order like every batch here."""
    stamp = timebase.Stamp(ms=end_ms)
    aborted = 0
    running = Match.objects.select_for_update().filter(
        status=MatchStatus.RUNNING, wake_ms__isnull=False
    )
    for match in running.order_by("pk"):
        clock = match.clock
        stall = clock.get("stall_since_ms")
        ran = any(sc["running"] and sc["since_ms"] < end_ms for sc in clock["seats"])
        if ran or (stall is not None and stall < end_ms and not clock.get("untimed")):
            game, state = _load(match)
            _end_unreliable(match, game, state, _seats_of(match), stamp, detail=detail, outage=True)
            aborted += 1
    return aborted


def _end_stall(match: Match, game: Game, state: State, seats: Sequence[Seat], now_ms: int) -> str:
    """After the stall bound the match goes on by itself where the engine declared the step forced
    (Start, Continue, a reveal: :attr:`games.core.Decision.forced`); otherwise the stalling seat
    forfeits.  On an untimed clock (``live.clock.ChosenControl``) the bound is a day without a move
    and the idle seat always forfeits: the match was abandoned."""
    for decision in state.pending():
        if _no_show(match, seats, decision.seat, now_ms):
            _after_change(
                match, game, state, seats=seats, events=(Event("aborted", {"reason": "no_start"}),)
            )
            return "no_start"
        if decision.forced is None or match.clock.get("untimed"):
            _append(match, MoveKind.STALL, seat=decision.seat, ms=now_ms, detail="forfeit")
            _finish(match, game, seats, state.forfeit(decision.seat), EndReason.STALL, now_ms)
            _after_change(
                match, game, state, seats=seats, events=(Event("stalled", {"seat": decision.seat}),)
            )
            return "stall_forfeit"
    events: list[Event] = []
    acted = None
    for decision in list(state.pending()):
        if decision.timed or decision.forced is None:
            continue
        events.extend(state.apply(decision.seat, decision.forced))
        _append(
            match,
            MoveKind.STALL,
            seat=decision.seat,
            ms=now_ms,
            detail="applied after the stall bound",
            action=game.encode_action(decision.forced),
            committed_ms=now_ms,
        )
        acted = decision.seat
    match.state = state.to_json()
    match.clock = _watch_ai(
        clock_advance(match.clock, acted=acted, decisions=state.pending(), now_ms=now_ms),
        state,
        {s.seat for s in seats if s.ai_level},
        now_ms,
    )
    if state.is_over():
        result = state.result()
        assert result is not None
        _finish(match, game, seats, result, EndReason.NORMAL, now_ms)
    else:
        job = _plan_wake(match, now_ms=now_ms)
        _save_match(match)
        if job is not None:
            _schedule_on_commit(job)
    _after_change(match, game, state, seats=seats, events=events)
    return "stall_continue"


# --- after commit -----------------------------------------------------------------------------


def _after_change(
    match: Match,
    game: Game,
    state: State,
    *,
    events: Sequence[Event],
    seats: Sequence[Seat] | None = None,
    wake_job_ms: int | None = None,
) -> None:
    """Publish and schedule once the transaction has committed (never inside it): the views, the
    clock job ``wake_job_ms`` if one is due to be scheduled, the AI seats' move jobs."""
    from . import tasks

    seats = _seats_of(match) if seats is None else seats
    match_id, seq = match.pk, match.seq
    ai_seats: list[int] = []
    if match.status == MatchStatus.RUNNING:
        ai = {s.seat for s in seats if s.ai_level}
        ai_seats = [d.seat for d in state.pending() if d.seat in ai]

    def send() -> None:
        publish.match_changed(match=match, game=game, state=state, seats=seats, events=events)
        if wake_job_ms is not None:
            tasks.schedule_wake(slot_ms=wake_job_ms)
        for seat in ai_seats:
            tasks.ai_move.apply_async(args=[match_id, seq, seat], queue="ai")

    transaction.on_commit(send)


def ai_choose(*, match: Match, seat: int) -> Any:
    """The AI's action for ``seat``: computed from that seat's own view only."""
    game, state = _load(match)
    level = match.seats.get(seat=seat).ai_level
    bot = game.bots[level]()
    view = state.view(seat)
    legal = state.legal_actions(seat)
    rng = random.Random(f"{match.seed}:{match.seq}:{seat}")
    budget = settings.AI_BUDGET or 0
    return game.encode_action(bot.choose(view, legal, rng, budget))
