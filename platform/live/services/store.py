"""The match's storage: the locked read of a match row, the move log's appends and the hand-written
SQL that writes moves and matches, one row at a time or batched (:func:`_batched_writes`).

Everything here runs inside the caller's transaction; nothing here decides anything about the game
or the clock.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from django.db import connection

from games.core import Game, State
from games.registry import get_game

from .. import selectors, socket_access, timebase
from ..errors import LiveError
from ..models import Match, MatchStatus, Move, Seat, TimeIncident

# --- reading a match --------------------------------------------------------------------------


def _load(match: Match) -> tuple[Game, State]:
    game = get_game(match.game)
    return game, game.state_from_json(match.state)


def _seats_of(match: Match) -> list[Seat]:
    return selectors.match_seats(match)


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


# --- the locked read and the wake-up SQL ------------------------------------------------------


def _lock(match_id: int, *, command_id: str = "") -> Match:
    """The match row, locked, read in one query with what every command checks besides: the move
    (if any) that already carries ``command_id``, and the latest reference-clock step.

    Hand-written because it runs for every command: the ORM spent longer composing this query (two
    subqueries) than the database spent answering it.
    """
    access = socket_access.take_pending()
    token = access is not None and access[1] is not None
    key = (connection.vendor, access is not None, token)
    sql = _lock_sqls.get(key)
    if sql is None:
        extra = "" if access is None else ", " + socket_access.lock_columns(token=token)
        sql = _lock_sqls[key] = (
            _select_sql(extra)
            + "WHERE m.id = %s"
            + (" FOR UPDATE OF m" if connection.features.has_select_for_update else "")
        )
    params: list[Any] = [command_id, command_id]
    if access is not None:
        params += socket_access.lock_params(*access)
    found = _matches(sql, [*params, match_id])
    if not found:
        if access is not None:  # the access is refused first, as a check of its own would
            refusal = socket_access.access_refusal(user_id=access[0], token_id=access[1])
            if refusal is not None:
                raise LiveError(refusal, socket_access.describe(refusal))
        raise LiveError("no_match", f"there is no match {match_id}")
    match = found[0]
    if access is not None:
        refusal = socket_access.refusal_of(
            token=token,
            active=match.access_active,  # type: ignore[attr-defined]
            token_open=getattr(match, "access_token_open", None),
        )
        if refusal is not None:
            raise LiveError(refusal, socket_access.describe(refusal))
    if not command_id:
        match.retried_seq = match.retried_seat = None  # type: ignore[attr-defined]
    return match


_RowPlan = tuple[list[str], list[tuple[int, list[Any], Any]], list[tuple[str, int]]]
_row_plans: dict[tuple[str, tuple[str, ...]], _RowPlan] = {}


def _row_plan(columns: tuple[str, ...]) -> _RowPlan:
    """How a row of ``m.*`` plus extra columns becomes a :class:`Match`: the model's field names
    in the order of its constructor, the value converters of each field (what the ORM applies:
    JSON text → Python, and so on) and the extra columns, kept as attributes.  Built once per
    column list and database vendor: building it was most of what ``Match.objects.raw`` cost a
    command, more than reading the row."""
    key = (connection.vendor, columns)
    plan = _row_plans.get(key)
    if plan is None:
        at = {column: i for i, column in enumerate(columns)}
        names: list[str] = []
        converters: list[tuple[int, list[Any], Any]] = []
        for field in Match._meta.concrete_fields:  # from_db takes them in this order
            col = field.get_col(Match._meta.db_table)
            names.append(field.attname)
            found = connection.ops.get_db_converters(col) + col.get_db_converters(connection)
            converters.append((at[field.column], found, col))
        known = {f.column for f in Match._meta.concrete_fields}
        extras = [(column, i) for i, column in enumerate(columns) if column not in known]
        plan = _row_plans[key] = (names, converters, extras)
    return plan


def _matches(sql: str, params: Sequence[Any]) -> list[Match]:
    """The matches a ``SELECT m.*, …`` returns, extra columns kept as attributes (what
    ``Match.objects.raw`` does, without resolving the columns again on every call)."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        columns = tuple(d[0] for d in cursor.description)
        return [_match_from_row(columns, row) for row in cursor.fetchall()]


def _match_from_row(columns: tuple[str, ...], row: Sequence[Any]) -> Match:
    names, converters, extras = _row_plan(columns)
    values = []
    for i, found, col in converters:
        value = row[i]
        for convert in found:
            value = convert(value, col, connection)
        values.append(value)
    match = Match.from_db(connection.alias, names, values)
    for name, i in extras:
        setattr(match, name, row[i])
    return match


def _select_sql(extra: str = "") -> str:
    match, move, incident = (m._meta.db_table for m in (Match, Move, TimeIncident))
    retried = f"FROM {move} v WHERE v.match_id = m.id AND v.command_id = %s ORDER BY v.seq LIMIT 1"
    return (
        f"SELECT m.*, (SELECT t.at_ms FROM {incident} t WHERE t.kind = 'reference_step' "
        "AND t.at_ms IS NOT NULL ORDER BY t.at_ms DESC LIMIT 1) AS latest_step_ms, "
        f"(SELECT v.seq {retried}) AS retried_seq, (SELECT v.seat {retried}) AS retried_seat"
        f"{extra} FROM {match} m "
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


_lock_sqls: dict[tuple[str, bool, bool], str] = {}
"""The locking query per database vendor, with or without the socket's access check (and its
token's): :func:`_lock`."""
_INSERT_MOVE_SQL = _insert_move_sql()
_UPDATE_MATCH_SQL = _update_match_sql()
# A command's move row and match row in one statement (PostgreSQL runs a data-modifying WITH even
# when nothing reads it): one round trip less for every command.
_MOVE_AND_MATCH_SQL = f"WITH appended AS ({_INSERT_MOVE_SQL}) {_UPDATE_MATCH_SQL}"
_MOVE_ON_SQL = _move_on_sql()
_CLAIM_SQL = _claim_sql()


# --- the move log -----------------------------------------------------------------------------


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
