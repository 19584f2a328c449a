"""An outage never decides a game on time, tried with a real freeze of a real web process.

The web process (daphne) is stopped with SIGSTOP while a rated game's clock runs and let go with
SIGCONT after the deadline and the outage tolerance have both passed: nobody could move in that
time, so the game must be aborted unrated, never flagged — even though the deadline came long
before the outage could be told from a hiccup.  A control game on the same stack, without a
freeze, is flagged as usual.
"""

from __future__ import annotations

import os
import signal
import time

import pytest
from system.test_clock_system import make_matches, wait_until_over

pytestmark = [pytest.mark.system, pytest.mark.postgres]

BANK_MS = 6_000
TOLERANCE_S = 10  # well above a busy machine's late beats (see test_clock_system's outage test)


def test_a_flag_never_falls_across_a_frozen_web_process_and_falls_normally_without_one(
    make_stack,
) -> None:
    stack = make_stack("postgres", extra_env={"OUTAGE_TOLERANCE_S": str(TOLERANCE_S)})

    # The control: the same clock, nothing frozen — a time loss, rated.
    (control,) = make_matches(stack, count=1, bank_ms=BANK_MS, rated=True)
    (row,) = wait_until_over(stack, [control[0]], timeout=60)
    assert row["status"] == "finished" and row["end_reason"] == "time", row
    assert [kind for kind, _ in row["ends"]] == ["time_loss"], row
    assert row["ends"][0][1] >= control[2], row  # never before the deadline
    assert row["rating_changes"] == 2, row

    (match,) = make_matches(stack, count=1, bank_ms=BANK_MS, rated=True)
    web = stack.procs["web"]
    os.killpg(web.pid, signal.SIGSTOP)  # daphne, with its heartbeat thread, stands still
    frozen_ms = time.time() * 1000
    try:
        # The case under test: the deadline falls inside the freeze, before the tolerance passed.
        assert frozen_ms < match[2] < frozen_ms + TOLERANCE_S * 1000, (frozen_ms, match)
        # Frozen until the deadline and the tolerance have both passed, with a margin.
        thaw_at = max(frozen_ms / 1000 + TOLERANCE_S, match[2] / 1000) + 4
        time.sleep(max(0.0, thaw_at - time.time()))
    finally:
        os.killpg(web.pid, signal.SIGCONT)
    (row,) = wait_until_over(stack, [match[0]], timeout=60)
    assert row["status"] == "aborted" and row["end_reason"] == "outage", row
    assert "(outage)" in row["abort_reason"], row
    assert [kind for kind, _ in row["ends"]] == ["abort"], row  # no time loss, ever
    assert row["rating_changes"] == 0, row
