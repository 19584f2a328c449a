"""A flag falls once, after the deadline, never before, and never across an outage (issue 28.3).

The rule itself (``live.flagfall``) is walked over thousands of beat timelines with freezes of the
web process; the services are then checked with the fake wall clock: a flag due while the beat is
late waits, a hiccup is charged, an outage that grows past the tolerance aborts unrated.
"""

from __future__ import annotations

import random
from bisect import bisect_right

import pytest

from games.core import TimeControl
from live import liveness
from live.errors import LiveError
from live.flagfall import FlagVerdict, Ruling, flag_verdict
from live.models import EndReason, MatchStatus, Move, TimeIncident
from live.services import SeatSpec, action_submit, match_start, match_wake
from ratings.models import RatingChange
from support.live import pending_seats

BEAT, LATE, TOLERANCE, RETRY = 1_000, 3_000, 20_000, 250


class Timeline:
    """Beats every second from 0, except while the web process is frozen; a sweeper looks every
    second and records an outage once the beat is older than the tolerance (as live.liveness)."""

    def __init__(self, freezes: list[tuple[int, int]], until: int) -> None:
        self.freezes = freezes
        self.beats = [t for t in range(0, until, BEAT) if not any(a <= t < b for a, b in freezes)]

    def last_beat(self, now: int) -> int:
        return self.beats[bisect_right(self.beats, now) - 1]

    def latest_recorded_outage(self, now: int) -> tuple[int, int | None] | None:
        """The latest gap the sweeper has seen grow past the tolerance by ``now``, as (last beat
        before it, first beat after it — None while no beat came yet)."""
        latest = None
        for before, after in zip(self.beats, [*self.beats[1:], None], strict=True):
            seen_at = before + TOLERANCE + 1  # the first look after the gap passed the tolerance
            if seen_at <= now and (after is None or after - before > TOLERANCE):
                latest = (before, after if after is not None and after <= now else None)
        return latest

    def silent_spans(self, start: int, end: int, longer_than: int) -> list[tuple[int, int]]:
        """Gaps between beats longer than ``longer_than`` that overlap ``[start, end]``."""
        spans = []
        for before, after in zip(self.beats, [*self.beats[1:], end], strict=True):
            if after - before > longer_than and before < end and after > start:
                spans.append((before, after))
        return spans


def rule(timeline: Timeline, *, deadline: int, opened: int, now: int) -> FlagVerdict:
    return flag_verdict(
        deadline_ms=deadline,
        opened_ms=opened,
        now_ms=now,
        last_beat_ms=timeline.last_beat(now),
        latest_outage_ms=timeline.latest_recorded_outage(now),
        late_ms=LATE,
        tolerance_ms=TOLERANCE,
        retry_ms=RETRY,
    )


def test_the_rule_never_flags_early_nor_across_an_outage_and_always_decides() -> None:
    rng = random.Random(28)
    flagged = outages = waited = 0
    for _ in range(3_000):
        opened = rng.randrange(5_000, 30_000)
        deadline = opened + rng.choice([2_000, 6_000, 15_000, 60_000])
        freezes = []
        for _ in range(rng.randrange(0, 3)):
            start = rng.randrange(opened - 10_000, deadline + 5_000)
            freezes.append((start, start + rng.choice([500, 2_500, 5_000, 15_000, 21_000, 35_000])))
        if any(start <= opened < end for start, end in freezes):
            continue  # the decision opened with an acknowledged move: the web process was up
        timeline = Timeline(freezes, until=deadline + 200_000)
        # Before the deadline nothing falls, whatever the beat.
        assert rule(timeline, deadline=deadline, opened=opened, now=deadline - 1).ruling is (
            Ruling.EARLY
        )
        now = deadline + rng.randrange(0, 40)  # a clock job runs a few ms after the deadline
        verdict = rule(timeline, deadline=deadline, opened=opened, now=now)
        while verdict.ruling is Ruling.WAIT:
            waited += 1
            assert verdict.retry_ms == now + RETRY
            now = verdict.retry_ms
            verdict = rule(timeline, deadline=deadline, opened=opened, now=now)
            # It decides at the latest once the tolerance has passed since the last beat.
            assert now <= deadline + TOLERANCE + 2 * RETRY + 40
        outage_spans = timeline.silent_spans(opened, now, longer_than=TOLERANCE)
        if verdict.ruling is Ruling.FLAG:
            flagged += 1
            assert now >= deadline
            # Never across an outage the server could know of: only one that began after the last
            # beat — at most LATE ago, too recent to tell from a beat on time — may lie behind it.
            last = timeline.last_beat(now)
            assert now - last <= LATE
            assert all(start >= last for start, _ in outage_spans), (freezes, opened, now)
        else:
            assert verdict.ruling is Ruling.OUTAGE
            outages += 1
            # Only an outage the server saw (a recorded one, or a beat older than the tolerance).
            assert outage_spans or now - timeline.last_beat(now) > TOLERANCE
        if not timeline.silent_spans(opened - LATE, deadline + 40, longer_than=LATE - BEAT):
            # Nothing froze around the decision: the flag fell at the first look, on time.
            assert verdict.ruling is Ruling.FLAG and now < deadline + 40
    assert flagged and outages and waited  # every branch was walked


def test_the_freeze_of_the_issue_waits_past_the_deadline_and_ends_as_an_outage() -> None:
    """A 6 s clock, the web process frozen for 35 s one second into it."""
    timeline = Timeline([(1_500, 36_500)], until=100_000)
    ruled = [rule(timeline, deadline=7_000, opened=1_000, now=t).ruling for t in (7_000, 21_000)]
    assert ruled == [Ruling.WAIT, Ruling.WAIT]  # the tolerance has not yet passed the last beat
    assert rule(timeline, deadline=7_000, opened=1_000, now=21_001).ruling is Ruling.OUTAGE
    # After the freeze the recorded outage still stands in the way.
    assert rule(timeline, deadline=7_000, opened=1_000, now=40_000).ruling is Ruling.OUTAGE


def test_without_any_beat_the_flag_falls_at_the_deadline() -> None:
    verdict = flag_verdict(
        deadline_ms=6_000,
        opened_ms=0,
        now_ms=6_000,
        last_beat_ms=None,
        latest_outage_ms=None,
        late_ms=LATE,
        tolerance_ms=TOLERANCE,
        retry_ms=RETRY,
    )
    assert verdict == FlagVerdict(Ruling.FLAG)


# --- the services under the match's row lock -----------------------------------------------------

on_the_database = pytest.mark.django_db(transaction=True)


@pytest.fixture
def six_seconds(make_user, wall):  # type: ignore[no-untyped-def]
    """A rated match on a 6 s clock (no delay), running; a web process has just beaten.
    Returns (match, users): the deadline is ``match.wake_ms``, 6 s from now."""
    a, b = make_user(), make_user()
    match = match_start(
        game_slug="spectacular_bid",
        seats=[SeatSpec(user_id=a.pk), SeatSpec(user_id=b.pk)],
        rated=True,
        seed=3,
        time_control=TimeControl(bank_ms=6_000, delay_ms=0),
    )
    for seat, user in enumerate((a, b)):
        action_submit(
            match_id=match.pk, action={"kind": "ready"}, command_id=f"r{seat}", user_id=user.pk
        )
    match.refresh_from_db()
    assert match.wake_ms == int(wall.now) + 6_000
    assert liveness.service_beat() == 0
    return match, (a, b)


def last_beat_then_frozen(wall, *, before_deadline_ms: int, match) -> int:  # type: ignore[no-untyped-def]
    """The web process beats for the last time ``before_deadline_ms`` before the deadline (and is
    frozen from then on); the wall is moved to the deadline.  Returns the last beat's time."""
    wall.advance(match.wake_ms - before_deadline_ms - int(wall.now))
    liveness.service_beat()
    last = int(wall.now)
    wall.advance(before_deadline_ms)
    return last


@on_the_database
def test_a_flag_due_while_the_beat_is_late_waits_and_changes_nothing_but_its_wake(
    six_seconds, wall
) -> None:
    match, _ = six_seconds
    deadline, seq = match.wake_ms, match.seq
    last_beat_then_frozen(wall, before_deadline_ms=5_000, match=match)
    assert match_wake(match_id=match.pk) == "wait"  # before the fix: a rated time loss
    match.refresh_from_db()
    assert (match.status, match.seq) == (MatchStatus.RUNNING, seq)
    assert match.wake_ms == deadline + liveness.retry_ms() == deadline + 250
    assert not Move.objects.filter(match=match, kind__in=["time_loss", "abort"]).exists()


@on_the_database
def test_a_hiccup_shorter_than_the_tolerance_is_charged_and_the_flag_falls_once_after_it(
    six_seconds, wall
) -> None:
    match, _ = six_seconds
    deadline = match.wake_ms
    last_beat_then_frozen(wall, before_deadline_ms=5_000, match=match)
    assert match_wake(match_id=match.pk) == "wait"
    wall.advance(1_000)
    liveness.service_beat()  # the web process is back after 6 s: a hiccup, not an outage
    assert match_wake(match_id=match.pk) == "time_loss"
    assert match_wake(match_id=match.pk) == "over"
    match.refresh_from_db()
    assert match.end_reason == EndReason.TIME
    (end,) = Move.objects.filter(match=match, kind="time_loss")
    assert end.arrived_ms == deadline + 1_000  # after the deadline, never before
    assert RatingChange.objects.filter(match=match).count() == 2


@on_the_database
def test_a_flag_that_waited_through_a_freeze_past_the_tolerance_is_aborted_unrated(
    six_seconds, wall, settings
) -> None:
    """The issue's case: a 6 s clock, the only web process frozen for 35 s from 1 s into it."""
    match, _ = six_seconds
    frozen_at = last_beat_then_frozen(wall, before_deadline_ms=5_000, match=match)
    assert match_wake(match_id=match.pk) == "wait"
    tolerance = settings.OUTAGE_TOLERANCE_S * 1000
    wall.advance(frozen_at + tolerance + 1 - int(wall.now))
    assert liveness.service_beat(serving=False) == 1  # the sweeper sees the outage
    wall.advance(frozen_at + 35_000 - int(wall.now))
    assert liveness.service_beat() == 0  # the web process is back: nothing left to abort
    match.refresh_from_db()
    assert match.status == MatchStatus.ABORTED and match.end_reason == EndReason.OUTAGE
    assert match.abort_reason.endswith("(outage)")
    assert not RatingChange.objects.filter(match=match).exists()
    assert not Move.objects.filter(match=match, kind="time_loss").exists()
    (abort,) = Move.objects.filter(match=match, kind="abort")
    assert abort.detail.startswith("unreliable time: ")
    (outage,) = TimeIncident.objects.filter(kind="outage")
    assert outage.at_ms == frozen_at
    assert outage.detail == "the server could not receive moves for 35 s (outage)"


@on_the_database
def test_a_look_that_does_not_beat_keeps_an_outage_in_sight_of_every_flag(
    six_seconds, wall, settings
) -> None:
    """The sweeper records an outage but does not move the beat on: every flag judged after that
    look, while no web process is back, still sees the outage."""
    match, _ = six_seconds
    began = int(wall.now)
    wall.advance(settings.OUTAGE_TOLERANCE_S * 1000 + 1)
    assert liveness.service_beat(serving=False) == 1
    wall.advance(2_000)
    assert liveness.service_beat(serving=False) == 0  # recorded once
    assert liveness.beat_seen(int(wall.now)).last_ms == began
    assert TimeIncident.objects.filter(kind="outage").count() == 1


def recorded_outage(start_ms: int, end_ms: int) -> None:
    """An outage as the platform records it (live.liveness): its start, and its end once a web
    process beat again."""
    detail = liveness.outage_detail(start_ms, end_ms)
    TimeIncident.objects.create(node="web-1", kind="outage", detail=detail, at_ms=start_ms)
    TimeIncident.objects.create(node="web-1", kind="outage_over", detail=detail, at_ms=end_ms)


@on_the_database
def test_a_flag_whose_decision_a_recorded_outage_overlaps_is_never_a_time_loss(
    six_seconds, wall
) -> None:
    """A recorded outage that reaches into the decision stands in the way even once the beat is
    fresh again (a match the outage's own abort did not reach)."""
    match, _ = six_seconds
    opened = min(sc["since_ms"] for sc in match.clock["seats"] if sc["running"])
    recorded_outage(opened - 400, opened + 2_000)
    last_beat_then_frozen(wall, before_deadline_ms=0, match=match)  # the beat is fresh
    assert match_wake(match_id=match.pk) == "outage"
    match.refresh_from_db()
    assert match.abort_reason == "the server could not receive moves for 2 s (outage)"
    assert not RatingChange.objects.filter(match=match).exists()


@on_the_database
def test_an_outage_that_ended_before_the_decision_opened_does_not_stop_the_flag(
    six_seconds, wall
) -> None:
    match, _ = six_seconds
    opened = min(sc["since_ms"] for sc in match.clock["seats"] if sc["running"])
    recorded_outage(opened - 60_000, opened - 30_000)
    last_beat_then_frozen(wall, before_deadline_ms=0, match=match)
    assert match_wake(match_id=match.pk) == "time_loss"
    assert RatingChange.objects.filter(match=match).count() == 2


@on_the_database
def test_a_command_after_the_deadline_while_the_beat_is_late_is_refused_and_changes_nothing(
    six_seconds, wall
) -> None:
    match, users = six_seconds
    seq, wake = match.seq, match.wake_ms
    last_beat_then_frozen(wall, before_deadline_ms=5_000, match=match)
    (seat,) = pending_seats(match)
    with pytest.raises(LiveError) as refused:
        action_submit(
            match_id=match.pk, action={"kind": "pass"}, command_id="late", user_id=users[seat].pk
        )
    assert refused.value.code == "match_over"
    assert "confirming it could receive moves" in refused.value.message
    match.refresh_from_db()
    assert (match.status, match.seq, match.wake_ms) == (MatchStatus.RUNNING, seq, wake)
    assert Move.objects.filter(match=match).count() == seq


@on_the_database
def test_without_any_beating_process_a_due_flag_falls_at_once(make_user, wall) -> None:
    """In-process use (a management shell) has no web process beating: nothing to wait for."""
    a, b = make_user(), make_user()
    match = match_start(
        game_slug="spectacular_bid",
        seats=[SeatSpec(user_id=a.pk), SeatSpec(user_id=b.pk)],
        time_control=TimeControl(bank_ms=6_000, delay_ms=0),
    )
    for seat, user in enumerate((a, b)):
        action_submit(
            match_id=match.pk, action={"kind": "ready"}, command_id=f"r{seat}", user_id=user.pk
        )
    match.refresh_from_db()
    wall.advance(match.wake_ms - int(wall.now))
    assert match_wake(match_id=match.pk) == "time_loss"
