"""Group commit (platform/live/group_commit.py): many matches' commands in one transaction, each
match's in its order, a refused or failing command alone in its failure, and no answer before the
commit."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from django.db import connection, transaction

from live import group_commit
from live.errors import LiveError
from live.models import Match
from live.services import Applied, SeatSpec, action_submit, match_start
from support.live import engine_state, first_legal, snapshot

pytestmark = pytest.mark.django_db(transaction=True)


def two_people(make_user) -> tuple[Match, dict[int, int]]:
    a, b = make_user(), make_user()
    match = match_start(
        game_slug="spectacular_bid", seats=[SeatSpec(user_id=a.pk), SeatSpec(user_id=b.pk)]
    )
    return match, {0: a.pk, 1: b.pk}


def next_command(match: Match, users: dict[int, int], command_id: str) -> dict[str, Any]:
    """The first legal action of the first seat to act, as its player would send it (the
    opening auction's bids are sealed: both seats may be to act)."""
    seat = engine_state(match).pending()[0].seat
    return dict(
        match_id=match.pk,
        action=first_legal(match, seat),
        command_id=command_id,
        user_id=users[seat],
        seat=seat,
        seen_seq=match.seq,
    )


def test_commands_of_several_matches_commit_together_each_at_its_next_seq(make_user) -> None:
    matches = [two_people(make_user) for _ in range(3)]
    commands = [
        (action_submit, next_command(match, users, f"c{n}"))
        for n, (match, users) in enumerate(reversed(matches))  # out of id order on purpose
    ]
    outcomes = group_commit.apply_batch(commands)
    assert all(ok for ok, _ in outcomes)
    for (_, kwargs), (_, applied) in zip(commands, outcomes, strict=True):
        match = Match.objects.get(pk=kwargs["match_id"])
        assert applied == Applied(seq=match.seq)
        assert match.moves.filter(command_id=kwargs["command_id"], seq=match.seq).exists()


def test_a_refused_command_changes_nothing_and_the_rest_of_its_batch_is_applied(
    make_user,
) -> None:
    (refused_match, refused_users), (match, users) = two_people(make_user), two_people(make_user)
    before = snapshot(refused_match)
    bad = next_command(refused_match, refused_users, "bad") | {"action": {"no": "such action"}}
    good = next_command(match, users, "good")
    outcomes = group_commit.apply_batch([(action_submit, bad), (action_submit, good)])
    (bad_ok, error), (good_ok, applied) = outcomes
    assert not bad_ok and isinstance(error, LiveError)
    assert snapshot(refused_match) == before
    assert good_ok and applied.seq == Match.objects.get(pk=match.pk).seq


def test_one_matchs_commands_in_one_batch_apply_in_the_order_they_arrived(make_user) -> None:
    match, users = two_people(make_user)
    first = next_command(match, users, "first")
    group_commit.apply_batch([(action_submit, first)])
    match.refresh_from_db()
    second = next_command(match, users, "second")
    third = second | {"command_id": "third"}  # sent with the same seq: stale once second applied
    retry = dict(first)  # the first sent again: acknowledged again, not applied again
    outcomes = group_commit.apply_batch(
        [(action_submit, second), (action_submit, third), (action_submit, retry)]
    )
    (ok2, applied2), (ok3, error3), (ok_retry, applied_retry) = outcomes
    assert ok2 and applied2.seq == match.seq + 1
    assert not ok3 and error3.code == "stale_seq"
    assert ok_retry and applied_retry.duplicate and applied_retry.seq == match.seq
    logged = list(Match.objects.get(pk=match.pk).moves.values_list("command_id", flat=True))
    assert logged.count("first") == 1 and logged.count("second") == 1 and "third" not in logged


def test_a_command_that_fails_unexpectedly_fails_alone_and_the_others_are_applied_again(
    make_user,
) -> None:
    (match, users), (other, _) = two_people(make_user), two_people(make_user)
    crash_before = snapshot(other)

    @transaction.atomic
    def crashing(*, match_id: int) -> None:
        Match.objects.filter(pk=match_id).update(seq=999)  # a write, then a bug
        raise RuntimeError("a bug in a service")

    good = next_command(match, users, "good")
    outcomes = group_commit.apply_batch([(action_submit, good), (crashing, {"match_id": other.pk})])
    (good_ok, applied), (crash_ok, error) = outcomes
    assert good_ok and applied.seq == Match.objects.get(pk=match.pk).seq
    assert Match.objects.get(pk=match.pk).moves.filter(command_id="good").count() == 1
    assert not crash_ok and isinstance(error, RuntimeError)
    assert snapshot(other) == crash_before  # its write went with its transaction


def test_the_writer_answers_only_after_the_batch_committed(make_user) -> None:
    match, users = two_people(make_user)
    seen: list[bool] = []

    def after_commit_only(**kwargs: Any) -> Applied:
        applied = action_submit.__wrapped__(**kwargs)  # type: ignore[attr-defined]
        seen.append(connection.in_atomic_block)
        return applied

    command = next_command(match, users, "w1")

    async def send() -> Applied:
        return await group_commit.writer.run(transaction.atomic(after_commit_only), **command)

    applied = asyncio.run(send())
    assert seen == [True]  # applied inside the batch's transaction ...
    # ... and answered once it committed: another connection (this test's) already sees it.
    assert Match.objects.get(pk=match.pk).moves.filter(command_id="w1", seq=applied.seq).exists()


def test_many_concurrent_commands_through_the_writer_lose_and_duplicate_nothing(
    make_user, settings
) -> None:
    settings.LIVE_WRITER_LANES = 2
    games = [two_people(make_user) for _ in range(6)]

    async def play(match: Match, users: dict[int, int], moves: int) -> list[int]:
        seqs = []
        for n in range(moves):
            kwargs = await asyncio.to_thread(next_command, match, users, f"m{match.pk}-{n}")
            applied = await group_commit.writer.run(action_submit, **kwargs)
            seqs.append(applied.seq)
            await asyncio.to_thread(match.refresh_from_db)
        return seqs

    async def all_of_them() -> list[list[int]]:
        return await asyncio.gather(*(play(match, users, 4) for match, users in games))

    for (match, _), seqs in zip(games, asyncio.run(all_of_them()), strict=True):
        logged = list(match.moves.filter(command_id__startswith="m").order_by("seq"))
        assert [m.seq for m in logged] == seqs == sorted(seqs)
        assert [m.command_id for m in logged] == [f"m{match.pk}-{n}" for n in range(4)]
