"""The match clock as pure functions over its JSON form (stored on the match row).

Each seat has a bank for the whole match and a delay that is spent first at every fresh decision.
A running seat's figures are those at ``since_ms``; what it has left at ``now`` follows from the
elapsed time, so nothing ticks on the server: the row only changes when somebody acts.

JSON form: ``{"bank_ms": B, "delay_ms": D, "seats": [{"bank_ms", "delay_ms", "running",
"since_ms"}], "stall_since_ms": int | None}``; a clock made from a :class:`ChosenControl` also has
``"control": name`` and, when untimed, ``"untimed": true`` and ``"idle_bound_ms"``.  A clock with a
first-move bound (:func:`clock_first_move`) has ``"first_move_ms"`` at the top and on every seat
that has still to make its first move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.core import Decision, TimeControl

ClockJSON = dict[str, Any]

UNTIMED_IDLE_BOUND_MS = 24 * 60 * 60 * 1000
"""An untimed match's stall bound: a seat that has not acted for this long forfeits (abandoned)."""


@dataclass(frozen=True, slots=True)
class ChosenControl(TimeControl):
    """A time control other than the game's standard (unrated lobby play, ``lobby.time_controls``):
    ``name`` is kept on the clock so pages can say which it is.  ``untimed``: no seat's clock ever
    runs (bank and delay are ignored); every open decision counts towards the stall bound instead,
    which is :data:`UNTIMED_IDLE_BOUND_MS` and ends in a forfeit: an abandoned match still ends."""

    name: str = ""
    untimed: bool = False


def clock_control(clock: ClockJSON) -> TimeControl | None:
    """The time control a clock was made from (a rematch keeps it); None when unknown."""
    if clock.get("bank_ms") is None or clock.get("delay_ms") is None:
        return None
    bank, delay = int(clock["bank_ms"]), int(clock["delay_ms"])
    if clock.get("control") or clock.get("untimed"):
        return ChosenControl(
            bank_ms=bank,
            delay_ms=delay,
            name=str(clock.get("control") or ""),
            untimed=bool(clock.get("untimed")),
        )
    return TimeControl(bank_ms=bank, delay_ms=delay)


def stall_bound(clock: ClockJSON, default_ms: int) -> int:
    """The clock's stall bound: the platform's (``STALL_BOUND_S``), or an untimed match's own."""
    return int(clock.get("idle_bound_ms") or default_ms)


def clock_new(*, seats: int, control: TimeControl) -> ClockJSON:
    out = _clock_new(seats=seats, control=control)
    if isinstance(control, ChosenControl):
        if control.name:
            out["control"] = control.name
        if control.untimed:
            out["untimed"] = True
            out["idle_bound_ms"] = UNTIMED_IDLE_BOUND_MS
    return out


def _clock_new(*, seats: int, control: TimeControl) -> ClockJSON:
    return {
        "bank_ms": control.bank_ms,
        "delay_ms": control.delay_ms,
        "seats": [
            {
                "bank_ms": control.bank_ms,
                "delay_ms": control.delay_ms,
                "running": False,
                "since_ms": None,
            }
            for _ in range(seats)
        ],
        "stall_since_ms": None,
    }


def clock_first_move(clock: ClockJSON, *, bound_ms: int, seats: Sequence[int]) -> ClockJSON:
    """The clock with a first-move bound on ``seats``: until a seat has acted once, its running
    decision also falls ``bound_ms`` after it opened, whatever its bank says.  Whoever creates the
    match chooses it (a tournament table: a no-show loses the game instead of holding the round for
    a whole bank, docs/tournaments.md); the flag falls as any other, through the same outage checks.
    """
    out: ClockJSON = {**clock, "first_move_ms": bound_ms}
    out["seats"] = [dict(sc) for sc in clock["seats"]]
    for seat in seats:
        out["seats"][seat]["first_move_ms"] = bound_ms
    return out


def first_move_missed(clock: ClockJSON, seat: int) -> bool:
    """Whether ``seat``'s flag is its first-move bound: it has not acted yet and the bound falls no
    later than its bank would."""
    sc = clock["seats"][seat]
    bound = sc.get("first_move_ms")
    if bound is None or not sc["running"]:
        return False
    return bool(bound <= sc["delay_ms"] + sc["bank_ms"])


def remaining(seat_clock: dict[str, Any], now_ms: int) -> tuple[int, int]:
    """(delay, bank) left for one seat at ``now_ms``; the bank may be negative once flagged."""
    delay, bank = seat_clock["delay_ms"], seat_clock["bank_ms"]
    if not seat_clock["running"]:
        return delay, bank
    elapsed = max(0, now_ms - seat_clock["since_ms"])
    return max(0, delay - elapsed), bank - max(0, elapsed - delay)


def seat_deadline(seat_clock: dict[str, Any]) -> int | None:
    if not seat_clock["running"]:
        return None
    deadline = int(seat_clock["since_ms"] + seat_clock["delay_ms"] + seat_clock["bank_ms"])
    first = seat_clock.get("first_move_ms")  # not acted yet: clock_first_move
    if first is not None:
        deadline = min(deadline, int(seat_clock["since_ms"] + first))
    return deadline


def first_flag(clock: ClockJSON) -> tuple[int, int] | None:
    """(deadline, seat) of the running seat whose time runs out first, or None."""
    deadlines = [
        (d, s) for s, sc in enumerate(clock["seats"]) if (d := seat_deadline(sc)) is not None
    ]
    return min(deadlines) if deadlines else None


def flagged_together(clock: ClockJSON) -> list[int]:
    """Every running seat whose time runs out at the first flag's millisecond (usually one)."""
    flag = first_flag(clock)
    if flag is None:
        return []
    return [s for s, sc in enumerate(clock["seats"]) if seat_deadline(sc) == flag[0]]


def _charge(seat_clock: dict[str, Any], now_ms: int) -> None:
    delay, bank = remaining(seat_clock, now_ms)
    seat_clock.update(delay_ms=delay, bank_ms=max(0, bank), since_ms=now_ms)


def clock_advance(
    clock: ClockJSON, *, acted: int | None, decisions: Sequence[Decision], now_ms: int
) -> ClockJSON:
    """The clock after ``acted`` (None: nobody, e.g. at the start) acted at ``now_ms``.

    The acting seat is charged for its thinking time.  A seat that has a *fresh* decision now gets a
    full delay; a continuation (a draw inside a turn) keeps the delay it had left; a seat whose
    decision was already running and did not act (the other side of a simultaneous decision) is left
    untouched.  Seats without a timed decision stand still.  When only untimed decisions remain (a
    Start/Continue step) the stall bound starts counting; on an untimed clock every decision is
    treated so (no seat runs, the stall bound restarts whenever someone acts).
    """
    out: ClockJSON = {**clock, "seats": [dict(sc) for sc in clock["seats"]]}
    timed = {} if out.get("untimed") else {d.seat: d for d in decisions if d.timed}
    for seat, sc in enumerate(out["seats"]):
        decision = timed.get(seat)
        was_running = sc["running"]
        if seat == acted:
            sc.pop("first_move_ms", None)  # it has moved: only its bank counts from now on
        if seat == acted or decision is None:
            if was_running:
                _charge(sc, now_ms)
            if decision is None:
                sc["running"] = False
                continue
        elif was_running:
            continue  # the same decision is still running
        if decision.fresh:
            sc["delay_ms"] = out["delay_ms"]
        sc["running"] = True
        sc["since_ms"] = now_ms
    untimed_only = bool(decisions) and not timed
    if untimed_only:
        if out.get("stall_since_ms") is None or acted is not None:
            out["stall_since_ms"] = now_ms
    else:
        out["stall_since_ms"] = None
    return out


def clock_stop_all(clock: ClockJSON, *, now_ms: int) -> ClockJSON:
    """Every seat charged and stopped (the match ended)."""
    out: ClockJSON = {**clock, "seats": [dict(sc) for sc in clock["seats"]]}
    for sc in out["seats"]:
        if sc["running"]:
            _charge(sc, now_ms)
            sc["running"] = False
    out["stall_since_ms"] = None
    return out


def clock_watch_ai(clock: ClockJSON, *, waiting: bool, now_ms: int, resend_ms: int) -> ClockJSON:
    """Note when an AI seat's move is overdue: ``resend_ms`` after this change, if an AI seat is
    to act (``waiting``).

    An AI move is a Celery job; a job lost with Redis or a killed worker would leave the AI seat
    silent until its flag falls.  The wake-up at ``ai_due_ms`` (the same jobs and sweeper as the
    flags, so after a restart too) queues the move again; the move job is idempotent.
    """
    return {**clock, "ai_due_ms": now_ms + resend_ms if waiting else None}


def wake_at(clock: ClockJSON, *, stall_bound_ms: int) -> int | None:
    """When the server must act by itself: the first flag, else the end of the stall bound — or
    earlier, when an AI move is overdue (:func:`clock_watch_ai`)."""
    flag = first_flag(clock)
    due = None
    if flag is not None:
        due = flag[0]
    elif clock.get("stall_since_ms") is not None:
        due = int(clock["stall_since_ms"] + stall_bound(clock, stall_bound_ms))
    ai_due = clock.get("ai_due_ms")
    if ai_due is not None and (due is None or ai_due < due):
        return int(ai_due)
    return due


SLOT_MS = 20
"""Clock jobs run at the end of 20 ms slots: one job serves every deadline inside its slot."""


def clock_slot(wake_ms: int) -> int:
    """The end of the slot holding ``wake_ms`` (never before it), when its clock job runs."""
    return -(-wake_ms // SLOT_MS) * SLOT_MS


def clock_public(clock: ClockJSON, *, now_ms: int, stall_bound_ms: int) -> dict[str, Any]:
    """The clock as clients see it (docs/protocol.md)."""
    seats = []
    active = []
    for seat, sc in enumerate(clock["seats"]):
        delay, bank = remaining(sc, now_ms)
        seats.append({"delay_ms": delay, "bank_ms": max(0, bank)})
        if sc["running"] and sc.get("first_move_ms") is not None:
            seats[-1]["first_move_deadline_ms"] = sc["since_ms"] + sc["first_move_ms"]
        if sc["running"]:
            active.append(seat)
    flag = first_flag(clock)
    stall = clock.get("stall_since_ms")
    out: dict[str, Any] = {
        "running": bool(active),
        "server_ms": now_ms,
        "active": active,
        "deadline_ms": flag[0] if flag else None,
        "stall_deadline_ms": None if stall is None else stall + stall_bound(clock, stall_bound_ms),
        "seats": seats,
    }
    if clock.get("control"):
        out["control"] = clock["control"]
    if clock.get("untimed"):
        # No clock: nothing counts down on the page (the day-long idle bound is documented).
        out.update(untimed=True, stall_deadline_ms=None)
    return out
