"""Faults that must never decide a match (issue: outages, lost jobs, simultaneous flags)."""

from __future__ import annotations

import pytest

from live import liveness, tasks
from live.models import EndReason, MatchStatus, Move, TimeIncident
from live.services import SeatSpec, action_submit, match_start, match_wake
from ratings.models import RatingChange
from support.live import engine_state, pending_seats

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def lost_ai_jobs(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int, int]]:
    """Every AI move job sent, none delivered (as when Redis lost them)."""
    sent: list[tuple[int, int, int]] = []

    def lose(*, args: list[int], queue: str) -> None:
        assert queue == "ai"
        sent.append((args[0], args[1], args[2]))

    monkeypatch.setattr(tasks.ai_move, "apply_async", lose)
    return sent


def test_an_ai_move_whose_job_was_lost_is_queued_again_after_the_resend_bound(
    make_user, wall, settings, lost_ai_jobs
) -> None:
    human = make_user()
    match = match_start(
        game_slug="spectacular_bid", seats=[SeatSpec(user_id=human.pk), SeatSpec(ai_level="random")]
    )
    assert 1 in pending_seats(match)
    first = (match.pk, match.seq, 1)
    assert lost_ai_jobs == [first]  # the job that Redis "loses"
    wall.advance(settings.AI_RESEND_S * 1000 - 1)
    assert match_wake(match_id=match.pk) == "early"
    wall.advance(1)
    assert match_wake(match_id=match.pk) == "ai_resent"
    assert lost_ai_jobs == [first, first]  # the same move again: idempotent by seq and seat
    match.refresh_from_db()
    assert match.wake_ms is not None and match.clock["ai_due_ms"] == match.wake_ms
    assert match_wake(match_id=match.pk) == "early"  # not again until the next bound
    assert tasks.ai_move.run(*first) == "moved"  # the job, delivered at last, moves once
    assert tasks.ai_move.run(*first) == "stale"
    match.refresh_from_db()
    assert match.moves.filter(command_id=f"ai-{first[1]}-1").count() == 1


def test_no_resend_is_planned_while_only_people_are_to_act(make_user, lost_ai_jobs) -> None:
    a, b = make_user(), make_user()
    match = match_start(
        game_slug="spectacular_bid", seats=[SeatSpec(user_id=a.pk), SeatSpec(user_id=b.pk)]
    )
    match.refresh_from_db()
    assert match.clock["ai_due_ms"] is None and not lost_ai_jobs


def test_two_clocks_running_out_in_the_same_millisecond_draw_instead_of_seat_0_losing(
    make_user, wall
) -> None:
    """One Poker's two card locks are one simultaneous decision: both clocks start together, so
    both fall together; neither ran out first, so the match is a draw (rated as one)."""
    a, b = make_user(), make_user()
    match = match_start(
        game_slug="one_poker",
        seats=[SeatSpec(user_id=a.pk), SeatSpec(user_id=b.pk)],
        rated=True,
    )
    match.refresh_from_db()
    assert sorted(pending_seats(match)) == [0, 1]
    assert match.clock["seats"][0]["since_ms"] == match.clock["seats"][1]["since_ms"]
    wall.advance(match.wake_ms - match.clock["seats"][0]["since_ms"])
    assert match_wake(match_id=match.pk) == "time_loss"
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED and match.end_reason == EndReason.TIME
    assert [r["placing"] for r in match.result] == [1, 1]
    (end,) = Move.objects.filter(match=match, kind="time_loss")
    assert end.seat is None and "same millisecond: a draw" in end.detail
    changes = {c.seat: c.after - c.before for c in RatingChange.objects.filter(match=match)}
    assert changes == {0: 0.0, 1: 0.0}  # equal ratings, a draw: nobody moves
    assert engine_state(match).is_over() is False  # the engine never saw a move: nothing forged


# --- outages: time the server could not serve is never charged --------------------------------


def running_rated_match(make_user):
    a, b = make_user(), make_user()
    match = match_start(
        game_slug="spectacular_bid",
        seats=[SeatSpec(user_id=a.pk), SeatSpec(user_id=b.pk)],
        rated=True,
        seed=3,
    )
    for seat, user in enumerate((a, b)):
        action_submit(
            match_id=match.pk, action={"kind": "ready"}, command_id=f"r{seat}", user_id=user.pk
        )
    match.refresh_from_db()
    assert any(sc["running"] for sc in match.clock["seats"])
    return match


def test_an_outage_longer_than_the_tolerance_aborts_every_running_clock_unrated(
    make_user, wall, settings
) -> None:
    match = running_rated_match(make_user)
    assert liveness.service_beat() == 0  # a web process is up
    wall.advance(settings.OUTAGE_TOLERANCE_S * 1000 + 1_000)  # every web process was down
    assert liveness.service_beat() == 1  # the first beat after it
    match.refresh_from_db()
    assert match.status == MatchStatus.ABORTED and match.end_reason == EndReason.OUTAGE
    assert "could not receive moves for 21 s (outage)" in match.abort_reason
    assert not RatingChange.objects.filter(match=match).exists()
    assert TimeIncident.objects.filter(kind="outage").count() == 1
    assert liveness.service_beat() == 0  # handled once


def test_a_hiccup_within_the_tolerance_is_charged_as_thinking_time(
    make_user, wall, settings
) -> None:
    match = running_rated_match(make_user)
    liveness.service_beat()
    wall.advance(settings.OUTAGE_TOLERANCE_S * 1000)
    assert liveness.service_beat() == 0
    match.refresh_from_db()
    assert match.status == MatchStatus.RUNNING
    assert not TimeIncident.objects.filter(kind="outage").exists()


def test_a_flag_that_fell_during_an_outage_aborts_unrated_even_before_any_web_process_beats(
    make_user, wall
) -> None:
    """The clock worker restarted first and runs the overdue job: no time loss, no rating."""
    match = running_rated_match(make_user)
    liveness.service_beat()
    wall.advance(200_000)  # longer than the whole bank
    assert match_wake(match_id=match.pk) == "outage"
    match.refresh_from_db()
    assert match.end_reason == EndReason.OUTAGE and match.status == MatchStatus.ABORTED
    assert not RatingChange.objects.filter(match=match).exists()


def test_a_sweeper_alive_while_every_web_process_is_dead_is_still_an_outage(
    make_user, wall, settings
) -> None:
    match = running_rated_match(make_user)
    liveness.service_beat()
    wall.advance(settings.OUTAGE_TOLERANCE_S * 1000 + 1)
    assert liveness.service_beat(serving=False) == 1
    match.refresh_from_db()
    assert match.end_reason == EndReason.OUTAGE
    wall.advance(1_000)
    assert liveness.service_beat(serving=False) == 0  # the same outage is not handled twice


def test_without_any_beating_process_nothing_is_taken_for_an_outage(make_user, wall) -> None:
    """In-process use (a management shell, these tests) has no web process beating."""
    match = running_rated_match(make_user)
    wall.advance(200_000)
    assert match_wake(match_id=match.pk) == "time_loss"


def test_a_dou_dizhu_peasant_resigning_after_the_bidding_loses_for_both_peasants(
    make_user,
) -> None:
    """The rating bug of the old fixed teams: the other peasant used to be scored a winner."""
    from live.services import match_resign

    users = [make_user() for _ in range(3)]
    match = match_start(
        game_slug="dou_dizhu", seats=[SeatSpec(user_id=u.pk) for u in users], rated=True
    )
    (bidder,) = pending_seats(match)
    action_submit(
        match_id=match.pk,
        action={"kind": "bid", "value": 3},
        command_id="bid",
        user_id=users[bidder].pk,
    )
    peasant = (bidder + 1) % 3
    match_resign(match_id=match.pk, command_id="gg", user_id=users[peasant].pk)
    match.refresh_from_db()
    placing = {r["seat"]: r["placing"] for r in match.result}
    assert placing == {bidder: 1, peasant: 2, (bidder + 2) % 3: 2}
    deltas = {c.seat: c.after - c.before for c in RatingChange.objects.filter(match=match)}
    assert deltas[bidder] > 0 and deltas[peasant] < 0 and deltas[(bidder + 2) % 3] < 0
