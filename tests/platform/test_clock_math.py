"""The match clock's arithmetic (platform/live/clock.py): delay first, then bank, never refilled."""

from __future__ import annotations

from games.core import Decision, TimeControl
from live.clock import clock_advance, clock_new, clock_public, first_flag, remaining, wake_at

TC = TimeControl(bank_ms=120_000, delay_ms=10_000)


def started(now: int = 0) -> dict:
    return clock_advance(
        clock_new(seats=2, control=TC), acted=None, decisions=[Decision(0)], now_ms=now
    )


def test_seed_example_deciding_after_8s_uses_no_bank() -> None:
    clock = clock_advance(started(), acted=0, decisions=[Decision(1)], now_ms=8_000)
    assert clock["seats"][0] == {
        "bank_ms": 120_000,
        "delay_ms": 2_000,
        "running": False,
        "since_ms": 8_000,
    }


def test_seed_example_deciding_after_13s_uses_3s_of_bank() -> None:
    clock = clock_advance(started(), acted=0, decisions=[Decision(1)], now_ms=13_000)
    assert clock["seats"][0]["bank_ms"] == 117_000


def test_next_real_decision_gets_a_fresh_delay_but_no_fresh_bank() -> None:
    clock = clock_advance(started(), acted=0, decisions=[Decision(1)], now_ms=13_000)
    clock = clock_advance(clock, acted=1, decisions=[Decision(0)], now_ms=14_000)
    assert clock["seats"][0]["delay_ms"] == 10_000
    assert clock["seats"][0]["bank_ms"] == 117_000
    assert first_flag(clock) == (14_000 + 10_000 + 117_000, 0)


def test_a_draw_inside_a_turn_does_not_restart_the_delay() -> None:
    clock = clock_advance(started(), acted=0, decisions=[Decision(0, fresh=False)], now_ms=4_000)
    assert clock["seats"][0]["delay_ms"] == 6_000 and clock["seats"][0]["running"]
    clock = clock_advance(clock, acted=0, decisions=[Decision(0, fresh=False)], now_ms=9_000)
    assert remaining(clock["seats"][0], 12_000) == (0, 118_000)


def test_untimed_decisions_stop_every_clock_and_start_the_stall_bound() -> None:
    clock = clock_advance(
        started(),
        acted=0,
        decisions=[Decision(0, timed=False), Decision(1, timed=False)],
        now_ms=5_000,
    )
    assert first_flag(clock) is None
    assert clock["stall_since_ms"] == 5_000
    assert wake_at(clock, stall_bound_ms=60_000) == 65_000


def test_the_other_side_of_a_simultaneous_decision_keeps_running() -> None:
    clock = clock_advance(
        clock_new(seats=2, control=TC), acted=None, decisions=[Decision(0), Decision(1)], now_ms=0
    )
    clock = clock_advance(clock, acted=0, decisions=[Decision(1)], now_ms=3_000)
    assert clock["seats"][1]["since_ms"] == 0 and clock["seats"][1]["running"]
    assert not clock["seats"][0]["running"]


def test_public_clock_reports_remaining_delay_and_bank_separately() -> None:
    shown = clock_public(started(), now_ms=12_500, stall_bound_ms=1)
    assert shown["seats"][0] == {"delay_ms": 0, "bank_ms": 117_500}
    assert shown["active"] == [0] and shown["running"] is True
    assert shown["deadline_ms"] == 130_000
