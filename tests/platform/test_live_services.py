"""The live service (platform/live/services.py): one writer, clocks, endings, exactly-once."""

from __future__ import annotations

import pytest

from live import services, timebase
from live.clock import clock_slot
from live.errors import LiveError
from live.models import EndReason, MatchStatus, TimeIncident
from live.services import SeatSpec, action_submit, match_start, match_wake
from ratings.models import RatingChange
from support.live import engine_state, first_legal, pending_seats, snapshot

pytestmark = pytest.mark.django_db(transaction=True)


def human_match(make_user, rated: bool = False, seed: int = 7):
    a, b = make_user(), make_user()
    match = match_start(
        game_slug="spectacular_bid",
        seats=[SeatSpec(user_id=a.pk), SeatSpec(user_id=b.pk)],
        rated=rated,
        seed=seed,
    )
    return match, (a, b)


def both_ready(match, users) -> int:
    """Give Start for both seats; returns the seat whose clock now runs."""
    for seat, user in enumerate(users):
        action_submit(
            match_id=match.pk, action={"kind": "ready"}, command_id=f"r{seat}", user_id=user.pk
        )
    (seat,) = pending_seats(match)
    return seat


def test_seed_example_8s_decision_uses_no_bank(make_user, wall) -> None:
    match, users = human_match(make_user)
    seat = both_ready(match, users)
    wall.advance(8_000)
    action_submit(
        match_id=match.pk, action=first_legal(match, seat), command_id="m1", user_id=users[seat].pk
    )
    match.refresh_from_db()
    assert match.clock["seats"][seat]["bank_ms"] == 120_000


def test_seed_example_13s_decision_uses_3s_of_bank(make_user, wall) -> None:
    match, users = human_match(make_user)
    seat = both_ready(match, users)
    wall.advance(13_000)
    action_submit(
        match_id=match.pk, action=first_legal(match, seat), command_id="m1", user_id=users[seat].pk
    )
    match.refresh_from_db()
    assert match.clock["seats"][seat]["bank_ms"] == 117_000


def test_command_1ms_before_the_deadline_is_accepted(make_user, wall) -> None:
    match, users = human_match(make_user)
    seat = both_ready(match, users)
    wall.advance(130_000 - 1)
    applied = action_submit(
        match_id=match.pk, action=first_legal(match, seat), command_id="m1", user_id=users[seat].pk
    )
    match.refresh_from_db()
    assert match.status == MatchStatus.RUNNING and applied.seq == match.seq == 3
    assert match.clock["seats"][seat]["bank_ms"] == 1


def test_command_exactly_at_the_deadline_loses_on_time_and_the_board_is_unchanged(
    make_user, wall
) -> None:
    match, users = human_match(make_user)
    seat = both_ready(match, users)
    board_before = match.state
    wall.advance(130_000)
    action_submit(
        match_id=match.pk, action=first_legal(match, seat), command_id="m1", user_id=users[seat].pk
    )
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED and match.end_reason == EndReason.TIME
    assert match.state == board_before
    assert {r["seat"]: r["placing"] for r in match.result} == {seat: 2, 1 - seat: 1}
    assert match.moves.order_by("-seq").first().kind == "time_loss"


def test_disconnected_player_bank_still_runs(make_user, wall) -> None:
    from live.selectors import snapshots

    match, users = human_match(make_user)
    seat = both_ready(match, users)
    wall.advance(25_000)  # nobody connected, nobody acted
    (message,) = snapshots(match_id=match.pk, seats=(seat,))
    assert message["clock"]["seats"][seat] == {"delay_ms": 0, "bank_ms": 105_000}


def test_expiry_job_is_idempotent_early_stale_and_duplicated(make_user, wall) -> None:
    match, users = human_match(make_user, rated=True)
    seat = both_ready(match, users)
    match.refresh_from_db()
    seq = match.seq
    wall.advance(129_999)
    assert match_wake(match_id=match.pk, seq=seq) == "early"
    assert match_wake(match_id=match.pk, seq=seq - 1) == "stale"
    wall.advance(1)
    assert match_wake(match_id=match.pk, seq=seq) == "time_loss"
    assert match_wake(match_id=match.pk, seq=seq) == "over"
    assert match_wake(match_id=match.pk) == "over"
    match.refresh_from_db()
    assert match.end_reason == EndReason.TIME
    assert RatingChange.objects.filter(match=match).count() == 2
    deltas = {c.seat: c.after - c.before for c in RatingChange.objects.filter(match=match)}
    assert deltas[seat] == pytest.approx(-20.0) and deltas[1 - seat] == pytest.approx(20.0)


def test_a_move_pushing_the_deadline_later_keeps_the_pending_clock_job(make_user, wall) -> None:
    match, users = human_match(make_user)
    seat = both_ready(match, users)
    match.refresh_from_db()
    job = match.wake_job_ms
    assert job <= match.wake_ms  # scheduled for the Start's stall bound, before the deadline
    wall.advance(1_000)
    action_submit(
        match_id=match.pk, action=first_legal(match, seat), command_id="m1", user_id=users[seat].pk
    )
    match.refresh_from_db()
    assert match.wake_ms > job and match.wake_job_ms == job


def test_the_slot_job_moves_its_matches_on_and_running_it_again_does_nothing(
    make_user, wall
) -> None:
    match, users = human_match(make_user)
    seat = both_ready(match, users)
    match.refresh_from_db()
    job = match.wake_job_ms
    action_submit(
        match_id=match.pk, action=first_legal(match, seat), command_id="m1", user_id=users[seat].pk
    )
    wall.advance(job - timebase.stamp().ms)  # the job's time: the deadline has moved later
    assert services.clock_tick(slot_ms=job) == 0
    match.refresh_from_db()
    assert match.wake_job_ms == clock_slot(match.wake_ms) > job
    before = snapshot(match)
    assert services.clock_tick(slot_ms=job) == 0  # a duplicate of the old job
    assert snapshot(match) == before


def test_a_deadline_earlier_than_the_pending_job_gets_a_job_of_its_own(make_user, wall) -> None:
    match, users = human_match(make_user)
    seat = both_ready(match, users)
    match.refresh_from_db()
    type(match).objects.filter(pk=match.pk).update(wake_job_ms=match.wake_ms + 10**9)
    action_submit(
        match_id=match.pk, action=first_legal(match, seat), command_id="m1", user_id=users[seat].pk
    )
    match.refresh_from_db()
    assert match.wake_job_ms == clock_slot(match.wake_ms)


def test_a_slot_job_ends_every_match_due_in_one_batch_and_each_once(make_user, wall) -> None:
    matches = []
    for n in range(5):
        match, users = human_match(make_user, rated=True, seed=n)
        both_ready(match, users)
        matches.append(match)
    wall.advance(200_000)
    assert services.clock_tick(slot_ms=timebase.stamp().ms) == 5
    assert services.clock_tick(slot_ms=timebase.stamp().ms) == 0
    for match in matches:
        match.refresh_from_db()
        assert match.end_reason == EndReason.TIME and match.wake_ms is None
        assert list(match.moves.filter(kind="time_loss").values_list("seq", flat=True)) == [
            match.seq
        ]
        assert RatingChange.objects.filter(match=match).count() == 2


def test_sweeper_ends_overdue_matches_only(make_user, wall) -> None:
    overdue, users = human_match(make_user)
    both_ready(overdue, users)
    wall.advance(200_000)
    fresh, users2 = human_match(make_user)
    both_ready(fresh, users2)
    assert services.clock_sweep() == 1
    overdue.refresh_from_db()
    fresh.refresh_from_db()
    assert overdue.end_reason == EndReason.TIME and fresh.status == MatchStatus.RUNNING


def test_stall_bound_continues_a_start_nobody_gives(make_user, wall, settings) -> None:
    match, _ = human_match(make_user)
    wall.advance(settings.STALL_BOUND_S * 1000 - 1)
    assert match_wake(match_id=match.pk) == "early"
    wall.advance(1)
    assert match_wake(match_id=match.pk) == "stall_continue"
    assert engine_state(match).view(None)["phase"] != "start"


def test_node_clock_5s_off_aborts_unrated_instead_of_a_time_loss(make_user, wall, settings) -> None:
    match, users = human_match(make_user, rated=True)
    seat = both_ready(match, users)
    settings.TIME_INJECT_SKEW_MS = 5000.0
    timebase.forget()  # this node (re)measures its offset
    wall.advance(200_000)
    assert match_wake(match_id=match.pk) == "unreliable"
    match.refresh_from_db()
    assert match.status == MatchStatus.ABORTED and match.end_reason == EndReason.UNRELIABLE_TIME
    assert "offset" in match.abort_reason
    assert not RatingChange.objects.filter(match=match).exists()
    assert TimeIncident.objects.filter(match=match).count() == 1
    assert match.moves.filter(seat=seat, kind="time_loss").count() == 0


def test_reference_clock_stepping_backwards_aborts_with_its_reason(
    make_user, wall, tmp_path, settings
) -> None:
    shift = tmp_path / "shift"
    shift.write_text("0")
    settings.TIME_REFERENCE = f"file:{shift}"
    match, users = human_match(make_user)
    seat = both_ready(match, users)
    shift.write_text("-10000")
    timebase.measure()
    action_submit(
        match_id=match.pk, action=first_legal(match, seat), command_id="m", user_id=users[seat].pk
    )
    match.refresh_from_db()
    assert match.end_reason == EndReason.UNRELIABLE_TIME
    assert "went backwards" in match.abort_reason


def test_rejected_commands_change_nothing(make_user) -> None:
    match, users = human_match(make_user)
    seat = both_ready(match, users)
    other = 1 - seat
    before = snapshot(match)
    cases = [
        dict(action=first_legal(match, seat), user_id=users[other].pk),  # out of turn
        dict(action={"kind": "fly"}, user_id=users[seat].pk),  # unknown action
        dict(action=first_legal(match, seat), user_id=None),  # spectator
        dict(action=first_legal(match, seat), user_id=users[seat].pk, seen_seq=0),  # stale
    ]
    codes = []
    for i, case in enumerate(cases):
        try:
            action_submit(match_id=match.pk, command_id=f"bad{i}", **case)
        except LiveError as exc:
            codes.append(exc.code)
        assert snapshot(match) == before
    assert codes[0] == "not_your_turn"
    assert codes[1] == "illegal_action"
    assert codes[2] == "not_a_player"
    assert codes[3] == "stale_seq"


def test_a_retried_command_id_is_applied_once(make_user) -> None:
    match, users = human_match(make_user)
    seat = both_ready(match, users)
    action = first_legal(match, seat)
    first = action_submit(
        match_id=match.pk, action=action, command_id="same", user_id=users[seat].pk
    )
    again = action_submit(
        match_id=match.pk, action=action, command_id="same", user_id=users[seat].pk
    )
    assert again.duplicate and again.seq == first.seq
    assert match.moves.filter(command_id="same").count() == 1


def test_resign_ends_the_match_as_a_loss(make_user) -> None:
    match, users = human_match(make_user)
    services.match_resign(match_id=match.pk, command_id="r", user_id=users[1].pk)
    match.refresh_from_db()
    assert match.end_reason == EndReason.RESIGN
    assert {r["seat"]: r["placing"] for r in match.result} == {0: 1, 1: 2}


def test_operator_abort_is_recorded_and_unrated(make_user) -> None:
    match, _ = human_match(make_user, rated=True)
    assert services.match_abort(match_id=match.pk, reason="server maintenance") is True
    assert services.match_abort(match_id=match.pk, reason="again") is False
    match.refresh_from_db()
    assert match.status == MatchStatus.ABORTED and match.abort_reason == "server maintenance"
    assert not RatingChange.objects.filter(match=match).exists()


def test_ai_answers_through_the_same_service(make_user) -> None:
    from lobby.services import ai_match_start

    user = make_user()
    match = ai_match_start(user_id=user.pk, game_slug="spectacular_bid", level="random")
    action_submit(match_id=match.pk, action={"kind": "ready"}, command_id="go", user_id=user.pk)
    match.refresh_from_db()
    ai_moves = match.moves.filter(command_id__startswith="ai-")
    assert ai_moves.exists()  # the AI gave its Start (and played if it opened)
    assert all(m.seat == 1 for m in ai_moves)
