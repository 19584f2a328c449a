"""The clock with real processes: ETA jobs on the clock queue, the sweeper, unreliable time.

Each test builds matches inside the stack's own database through a Django shell of the stack (setup
only); everything under test — Celery workers, the sweeper, Redis, the database — is real.
"""

from __future__ import annotations

import json
import time

import pytest

from support.stack import STACK_MODES

pytestmark = pytest.mark.system

MAKE_MATCHES = """
import json
from accounts.models import User
from games.core import TimeControl
from live import timebase
from live.services import SeatSpec, action_submit, match_start
a, _ = User.objects.get_or_create(username="clock-a")
b, _ = User.objects.get_or_create(username="clock-b")
# With span_ms every clock starts at the same instant t0 (the second "ready" is given t0 as its
# arrival), so a deadline is exactly where the span puts it however slowly a busy machine builds
# the matches; a fixed bank starts when the match is ready.
t0 = timebase.local_ms()
t0_ms = timebase.stamp(t0, fresh=True).ms
start = {start_ms} or t0_ms + {lead_ms}
out = []
for i in range({count}):
    # A fixed bank, or one that puts the deadline at start + an even share of span_ms.
    bank = {bank_ms} or start + ({span_ms} * i) // {count} - t0_ms
    m = match_start(game_slug="spectacular_bid", seats=[SeatSpec(user_id=a.pk),
                    SeatSpec(user_id=b.pk)], rated={rated}, seed=i,
                    time_control=TimeControl(bank_ms=bank, delay_ms=0))
    for seat, user in enumerate((a, b)):
        action_submit(match_id=m.pk, action={{"kind": "ready"}}, command_id=f"r{{seat}}",
                      user_id=user.pk, arrived_local_ms=t0 if {span_ms} else None)
    m.refresh_from_db()
    out.append([m.pk, m.seq, m.wake_ms, m.wake_job_ms])
print(json.dumps({{"start": start, "built": timebase.stamp(fresh=True).ms, "matches": out}}))
"""

OUTCOMES = """
import json
from live.models import Match
from ratings.models import RatingChange
rows = []
for m in Match.objects.filter(pk__in={ids}).order_by("pk"):
    ends = list(m.moves.filter(kind__in=["time_loss", "abort"]).values_list("kind",
                                                                               "committed_ms"))
    rows.append({{"id": m.pk, "status": m.status, "end_reason": m.end_reason,
                 "abort_reason": m.abort_reason, "seq": m.seq, "ends": ends,
                 "rating_changes": RatingChange.objects.filter(match=m).count()}})
print(json.dumps(rows))
"""


def make_matches(stack, count: int, bank_ms: int, rated: bool = False) -> list[list[int]]:
    """``count`` matches whose bank is ``bank_ms``, each ``[id, seq, wake_ms, wake_job_ms]``."""
    return _build(stack, count=count, bank_ms=bank_ms, rated=rated)["matches"]


def make_matches_due(
    stack, count: int, span_ms: int, *, start_ms: int = 0, lead_ms: int = 0
) -> dict:
    """``count`` matches whose deadlines fall evenly in ``span_ms`` from ``start_ms`` (reference
    time; 0: ``lead_ms`` from now): ``{"start": ..., "matches": [[id, seq, wake_ms,
    wake_job_ms], ...]}``."""
    return _build(stack, count=count, span_ms=span_ms, start_ms=start_ms, lead_ms=lead_ms)


def _build(stack, **spec: int) -> dict:  # type: ignore[no-untyped-def]
    return stack.django(_build_code(**spec))


def _build_code(
    *,
    count: int,
    bank_ms: int = 0,
    rated: bool = False,
    span_ms: int = 0,
    start_ms: int = 0,
    lead_ms: int = 0,
) -> str:
    """The shell code that builds the matches (and leaves them in ``out``)."""
    return MAKE_MATCHES.format(
        count=count,
        bank_ms=bank_ms,
        rated=rated,
        span_ms=span_ms,
        start_ms=start_ms,
        lead_ms=lead_ms,
    )


def matches_due_with_margin(stack, count: int, span_ms: int, *, margin_ms: int) -> dict:
    """Like :func:`make_matches_due`, with at least ``margin_ms`` left before the first deadline
    once every match is built: a busy machine builds slower, so the lead grows until it does.
    (A test whose deadlines pass while it is still setting up tests nothing it means to.)"""
    lead_ms = margin_ms + 5_000
    while True:
        built = make_matches_due(stack, count=count, span_ms=span_ms, lead_ms=lead_ms)
        if built["start"] - built["built"] >= margin_ms:
            return built
        assert lead_ms < 240_000, "the machine cannot build the matches in four minutes"
        lead_ms *= 2


def outcomes(stack, ids: list[int]) -> list[dict]:
    return stack.django(OUTCOMES.format(ids=json.dumps(ids)))


def wait_until_over(stack, ids: list[int], timeout: float) -> list[dict]:
    deadline = time.monotonic() + timeout
    while True:
        rows = outcomes(stack, ids)
        if all(r["status"] != "running" for r in rows) or time.monotonic() > deadline:
            return rows
        time.sleep(0.5)


@pytest.mark.parametrize("mode", STACK_MODES)
def test_killed_clock_worker_every_match_still_ends_within_the_sweep_period(
    make_stack, mode
) -> None:
    stack = make_stack(mode)
    # Every deadline still ahead when the worker dies (however slowly a busy machine builds the
    # matches): each match's only job is one the dead worker held.
    matches = matches_due_with_margin(stack, count=50, span_ms=1000, margin_ms=2000)["matches"]
    stack.kill("worker-clock")  # kill -9 with 50 ETA jobs pending in it
    rows = wait_until_over(stack, [m[0] for m in matches], timeout=90)
    wake = {m[0]: m[2] for m in matches}
    for row in rows:
        assert row["end_reason"] == "time", row
        assert len(row["ends"]) == 1, row  # exactly one end event
        lateness = row["ends"][0][1] - wake[row["id"]]
        assert 0 <= lateness <= 1000 + 1000, (row, lateness)  # sweep period 1 s, + 1 s margin


@pytest.mark.parametrize("mode", STACK_MODES)
def test_slots_a_killed_worker_held_still_get_jobs_for_new_deadlines(make_stack, mode) -> None:
    """A worker holds its ETA jobs until they are due and takes them along when it dies; the
    deadlines of later matches falling into the same slots must still get jobs of their own (no
    sweeper here: only jobs can end these matches)."""
    # A stall bound far beyond any lead: a busy machine doubles the lead until the matches are
    # built in time, and once it passed the bound (120 s) every match's pending job was the one of
    # its ready-phase stall bound — one slot for all, not the slots of the deadlines.
    stack = make_stack(
        mode,
        workers=False,
        sweeper=False,
        extra_env={"CLOCK_SLOT_CLAIM_MS": "1000", "STALL_BOUND_S": "3600"},
    )
    began = time.monotonic()
    stack.start_worker("worker-clock", "clock")
    stack.wait_ready(("clock",))
    # The lost deadlines must still be ahead once the worker was killed, a new one started and
    # the later matches built: the margin grows with how long this machine takes to start one.
    restart_ms = int((time.monotonic() - began) * 1000)
    margin_ms = max(15_000, 2 * restart_ms + 6_000)
    lost = matches_due_with_margin(stack, count=90, span_ms=600, margin_ms=margin_ms)
    stack.kill("worker-clock")  # kill -9: every slot job of those 90 matches goes with it
    stack.start_worker("worker-clock", "clock")
    stack.wait_ready(("clock",))
    time.sleep(1.2)  # the lost jobs' slot claims (CLOCK_SLOT_CLAIM_MS) have run out
    later = make_matches_due(stack, count=6, span_ms=400, start_ms=lost["start"] + 100)
    # The case under test: deadlines still ahead, in slots whose jobs died with the worker.
    assert later["built"] < later["start"], (
        f"the later matches were built {later['built'] - later['start']} ms after their first "
        f"deadline (margin {margin_ms} ms, a worker start took {restart_ms} ms)"
    )
    lost_slots = {m[3] for m in lost["matches"]}
    assert {m[3] for m in later["matches"]} <= lost_slots
    # Only a job can end them (no sweeper): that they end at all is the property; how late a
    # starved worker runs its job is the machine's, not the platform's (90 s bound only a hang).
    rows = wait_until_over(stack, [m[0] for m in later["matches"]], timeout=90)
    wake = {m[0]: m[2] for m in later["matches"]}
    for row in rows:
        assert row["end_reason"] == "time" and len(row["ends"]) == 1, row
        assert row["ends"][0][1] >= wake[row["id"]], row  # never before the deadline


@pytest.mark.parametrize("mode", STACK_MODES)
def test_slot_jobs_alone_end_every_match_on_time_once(make_stack, mode) -> None:
    stack = make_stack(mode, workers=False, sweeper=False)
    stack.start_worker("worker-clock", "clock")
    stack.wait_ready(("clock",))
    matches = make_matches(stack, count=20, bank_ms=3000)
    rows = wait_until_over(stack, [m[0] for m in matches], timeout=90)
    wake = {m[0]: m[2] for m in matches}
    for row in rows:
        assert row["end_reason"] == "time" and len(row["ends"]) == 1, row
        assert row["ends"][0][1] >= wake[row["id"]], row  # never before the deadline


@pytest.mark.parametrize("mode", STACK_MODES)
def test_same_job_three_times_at_once_ends_the_match_once_and_a_stale_job_changes_nothing(
    make_stack, mode
) -> None:
    stack = make_stack(mode, workers=False, sweeper=False)
    stack.start_worker("worker-clock", "clock", concurrency=3)
    stack.wait_ready(("clock",))
    # One shell builds both matches and queues the jobs, so that they are queued well before the
    # flagged match's deadline however slow the machine: three copies of one job due at that
    # deadline (run at once by the three pool processes) and a stale job, at once.
    made = stack.django(
        _build_code(count=1, bank_ms=3000, rated=True)
        + "flagged = out[0]\n"
        + _build_code(count=1, bank_ms=600_000)
        + (
            "still = out[0]\n"
            "from datetime import UTC, datetime; from live.tasks import clock_tick\n"
            "eta = datetime.fromtimestamp(flagged[2] / 1000, tz=UTC)\n"
            "for _ in range(3):\n"
            "    clock_tick.apply_async(args=[flagged[2]], eta=eta, queue='clock')\n"
            "clock_tick.apply_async(args=[0], queue='clock')\n"
            "print(json.dumps({'flagged': flagged, 'still': still,\n"
            "                  'queued': timebase.stamp(fresh=True).ms}))"
        )
    )
    flagged, still = made["flagged"], made["still"]
    assert made["queued"] < flagged[2], "the jobs were queued after the deadline they are for"
    (row,) = wait_until_over(stack, [flagged[0]], timeout=90)
    assert row["end_reason"] == "time" and len(row["ends"]) == 1
    assert row["rating_changes"] == 2  # applied exactly once, for both players
    # The stale job ran long before (at once, queued last): the other match is as it was.
    (other,) = outcomes(stack, [still[0]])
    assert other["status"] == "running" and other["seq"] == still[1], other


@pytest.mark.parametrize("mode", STACK_MODES)
def test_node_clock_5s_off_leads_to_unrated_aborts_not_time_losses(make_stack, mode) -> None:
    stack = make_stack(mode, workers=False, sweeper=False)
    stack.start_worker("worker-clock", "clock", extra_env={"TIME_INJECT_SKEW_MS": "5000"})
    stack.wait_ready(("clock",))
    matches = make_matches(stack, count=3, bank_ms=6000, rated=True)
    rows = wait_until_over(stack, [m[0] for m in matches], timeout=30)
    for row in rows:
        assert row["status"] == "aborted" and row["end_reason"] == "unreliable_time", row
        assert "offset" in row["abort_reason"]
        assert row["rating_changes"] == 0
        assert [kind for kind, _ in row["ends"]] == ["abort"]


def test_reference_clock_stepping_backwards_leads_to_an_unrated_abort_with_its_reason(
    make_stack, tmp_path
) -> None:
    shift = tmp_path / "reference-shift-ms"
    shift.write_text("0")
    stack = make_stack("embedded", extra_env={"TIME_REFERENCE": f"file:{shift}"})
    # The step must fall inside the running decisions: after a reading some process of the
    # platform took once the clocks had started, before the first deadline.  The web process's
    # beat takes a reading and then writes a beat stamped a little later (a busy machine may hold
    # it in between): a beat stamped after the clocks started, then the next one, whose reading
    # was taken after the first was written.
    made = stack.django(
        _build_code(count=2, bank_ms=10_000, rated=True)
        + (
            "import time\n"
            "from live.models import ServiceBeat\n"
            "after = timebase.stamp(fresh=True).ms\n"
            "beat = ServiceBeat.objects.filter(name='platform')\n"
            "for _ in range(2):\n"
            "    while (last := beat.values_list('last_ms', flat=True).first() or 0) <= after:\n"
            "        time.sleep(0.05)\n"
            "    after = last\n"
            "print(json.dumps(out))"
        )
    )
    stepped_at = time.time() * 1000  # the reference is this machine's clock until the step
    shift.write_text("-10000")  # the reference steps back ten seconds
    assert stepped_at < min(m[2] for m in made), "a deadline passed before the step: no test"
    rows = wait_until_over(stack, [m[0] for m in made], timeout=90)
    for row in rows:
        assert row["end_reason"] == "unreliable_time", row
        assert "reference clock" in row["abort_reason"]
        assert row["rating_changes"] == 0


@pytest.mark.parametrize("mode", STACK_MODES)
def test_an_outage_longer_than_a_bank_leaves_no_rated_result_and_no_time_loss(
    make_stack, mode
) -> None:
    """Every process of the platform stops for longer than the bank, then starts again (the clock
    worker first, as may happen): the match whose clock ran through it is aborted as an outage,
    unrated — not lost on time."""
    # The tolerance is well above the pauses of a busy machine: with 3 s, a web process whose
    # beat came 4 s late on a loaded machine was an outage already, and the match was aborted
    # while it was being made.
    tolerance_s = 10
    stack = make_stack(mode, extra_env={"OUTAGE_TOLERANCE_S": str(tolerance_s)})
    (match,) = make_matches(stack, count=1, bank_ms=10_000, rated=True)
    for name in ("web", "sweeper", "worker-clock", "worker-ai"):
        stack.kill(name)
    # Down for longer than the outage tolerance, and until the bank ran out (the reference is
    # this machine's clock, or its PostgreSQL server's), with a margin.
    down_until = max(time.time() + tolerance_s, match[2] / 1000) + 3
    time.sleep(max(0.0, down_until - time.time()))
    stack.start_worker("worker-clock", "clock")
    stack.start_worker("worker-ai", "ai")
    stack.start_web()
    stack.start_sweeper()
    (row,) = wait_until_over(stack, [match[0]], timeout=60)
    assert row["status"] == "aborted" and row["end_reason"] == "outage", row
    assert "(outage)" in row["abort_reason"], row
    assert row["rating_changes"] == 0 and [k for k, _ in row["ends"]] == ["abort"], row


AI_MATCH = """
import json
from accounts.models import User
from live.services import SeatSpec, match_start
human, _ = User.objects.get_or_create(username="ai-opponent")
m = match_start(game_slug="spectacular_bid", seats=[SeatSpec(user_id=human.pk),
                SeatSpec(ai_level="random")], seed=11)
print(json.dumps(m.pk))
"""

AI_MOVES = """
import json
from live.models import Move
print(json.dumps(Move.objects.filter(match_id={match_id}, seat=1, kind="action").count()))
"""


@pytest.mark.parametrize("mode", STACK_MODES)
def test_an_ai_move_whose_job_redis_lost_is_queued_again_and_made(make_stack, mode) -> None:
    stack = make_stack(mode, extra_env={"AI_RESEND_S": "2"})
    stack.kill("worker-ai")  # nobody takes the AI's job off the queue …
    match_id = stack.django(AI_MATCH)
    stack.redis_forget()  # … and Redis loses it
    stack.start_worker("worker-ai", "ai")
    deadline = time.monotonic() + 60
    while stack.django(AI_MOVES.format(match_id=match_id)) == 0:
        assert time.monotonic() < deadline, "the AI never moved: its lost job was not sent again"
        time.sleep(0.5)
