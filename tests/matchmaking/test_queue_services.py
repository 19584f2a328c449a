"""The queue's services (matchmaking/services.py): join, leave, grace, the pass, casual AI fill,
no-show cooldowns and the re-queue at the front."""

from __future__ import annotations

import itertools
from datetime import timedelta

import pytest

from live.models import EndReason, Match, MatchStatus
from live.services import SeatSpec, action_submit, match_start, match_wake
from matchmaking import selectors, services
from matchmaking.conf import reference_now
from matchmaking.errors import QueueError
from matchmaking.models import QueueCooldown, QueueEntry
from ratings.models import Rating

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def make_user(db: None):  # type: ignore[no-untyped-def]
    """Players without a password: hashing one costs a second per user and proves nothing here."""
    from accounts.models import User

    names = itertools.count()

    def make():  # type: ignore[no-untyped-def]
        return User.objects.create(username=f"queued{next(names)}")

    return make


GAME = "spectacular_bid"  # two seats, duel


def rated(user, rating: float, game: str = GAME) -> None:
    Rating.objects.create(game=game, user=user, rating=rating, games=30)


def seated(match) -> list[int | None]:
    return list(match.seats.order_by("seat").values_list("user_id", flat=True))


def test_join_snapshots_the_rating_and_a_new_player_starts_at_the_initial_rating(
    make_user, wall
) -> None:
    a, b = make_user(), make_user()
    rated(b, 1720.5)
    assert services.queue_join(user_id=a.pk, game_slug=GAME).rating == 1500.0
    assert services.queue_join(user_id=b.pk, game_slug=GAME).rating == 1720.5


def test_joining_again_keeps_one_entry_and_the_wait_another_game_starts_over(
    make_user, wall
) -> None:
    a = make_user()
    first = services.queue_join(user_id=a.pk, game_slug=GAME)
    wall.advance(10_000)
    again = services.queue_join(user_id=a.pk, game_slug=GAME)
    assert again.pk == first.pk and again.joined_at == first.joined_at
    assert again.last_seen == first.joined_at + timedelta(seconds=10)
    other = services.queue_join(user_id=a.pk, game_slug="one_poker", rated=False)
    assert QueueEntry.objects.filter(user=a).count() == 1
    assert (other.game, other.rated, other.joined_at) == ("one_poker", False, again.last_seen)


def test_an_unknown_game_is_rejected_and_nothing_is_stored(make_user) -> None:
    a = make_user()
    with pytest.raises(QueueError) as err:
        services.queue_join(user_id=a.pk, game_slug="chess")
    assert err.value.code == "bad_game"
    assert not QueueEntry.objects.exists()


def test_leave_removes_the_entry_once(make_user) -> None:
    a = make_user()
    services.queue_join(user_id=a.pk, game_slug=GAME)
    assert services.queue_leave(user_id=a.pk) is True
    assert services.queue_leave(user_id=a.pk) is False
    assert selectors.queue_status(user_id=a.pk) == {"type": "idle", "cooldown_s": 0}


def test_the_pass_seats_two_queued_players_in_a_rated_queue_match(make_user, wall) -> None:
    a, b = make_user(), make_user()
    services.queue_join(user_id=a.pk, game_slug=GAME)
    wall.advance(2_000)
    services.queue_join(user_id=b.pk, game_slug=GAME)
    report = services.queue_pass()
    (match_id,) = report.match_ids
    match = Match.objects.get(pk=match_id)
    assert (match.game, match.rated, match.from_queue, match.status) == (
        GAME,
        True,
        True,
        MatchStatus.RUNNING,
    )
    assert seated(match) == [a.pk, b.pk]  # the longer wait sits first
    assert not QueueEntry.objects.exists()
    assert services.queue_pass().match_ids == []


def test_far_apart_ratings_wait_until_the_window_has_widened(make_user, wall) -> None:
    a, b = make_user(), make_user()
    rated(a, 1500)
    rated(b, 1800)
    for user in (a, b):
        services.queue_join(user_id=user.pk, game_slug=GAME)
    assert services.queue_pass().match_ids == []
    # window = 100 + 5 per second: 300 points after 40 s (heartbeats keep both in the queue).
    for _ in range(3):
        wall.advance(13_000)
        for user in (a, b):
            assert services.queue_heartbeat(user_id=user.pk)
    assert services.queue_pass().match_ids == []  # 39 s: 295 < 300
    wall.advance(1_000)
    status = selectors.queue_status(user_id=a.pk)
    assert status["window"] == {"width": 300, "low": 1200, "high": 1800}
    assert len(services.queue_pass().match_ids) == 1


def test_an_entry_not_seen_within_the_grace_is_removed(make_user, wall) -> None:
    gone, present = make_user(), make_user()
    services.queue_join(user_id=gone.pk, game_slug=GAME)
    services.queue_join(user_id=present.pk, game_slug="one_poker")
    wall.advance(10_000)
    services.queue_heartbeat(user_id=present.pk)
    wall.advance(5_001)  # 15.001 s since the first was seen, 5.001 s for the second
    report = services.queue_pass()
    assert report.removed_user_ids == [gone.pk]
    assert list(QueueEntry.objects.values_list("user_id", flat=True)) == [present.pk]


def test_status_shows_wait_window_and_place_in_the_queue(make_user, wall) -> None:
    a, b, c = make_user(), make_user(), make_user()
    rated(a, 1600)
    rated(b, 2100)
    for user in (a, b):
        services.queue_join(user_id=user.pk, game_slug=GAME)
        wall.advance(1_000)
    services.queue_join(user_id=c.pk, game_slug="one_poker")
    wall.advance(3_000)
    assert selectors.queue_status(user_id=b.pk) == {
        "type": "status",
        "game": GAME,
        "game_title": "Spectacular Bid",
        "rated": True,
        "rating": 2100,
        "waited_s": 4,
        "window": {"width": 120, "low": 1980, "high": 2220},
        "position": 2,
        "size": 2,
        "priority": False,
    }


def test_casual_players_are_completed_with_the_strongest_ai_after_the_fill_wait(
    make_user, wall
) -> None:
    a, far = make_user(), make_user()
    rated(far, 2400)
    services.queue_join(user_id=a.pk, game_slug=GAME, rated=False)
    services.queue_join(user_id=far.pk, game_slug="one_poker", rated=False)
    for _ in range(2):
        wall.advance(14_000)
        services.queue_heartbeat(user_id=a.pk)
        services.queue_heartbeat(user_id=far.pk)
    assert services.queue_pass().match_ids == []  # 28 s: still waiting for people
    assert selectors.queue_status(user_id=a.pk)["ai_fill_in_s"] == 2
    wall.advance(2_000)
    report = services.queue_pass()
    assert len(report.match_ids) == 2
    for user, game in ((a, GAME), (far, "one_poker")):
        match = Match.objects.get(pk__in=report.match_ids, game=game)
        assert match.rated is False and match.from_queue is True
        assert list(match.seats.order_by("seat").values_list("user_id", "ai_level")) == [
            (user.pk, ""),
            (None, "expert"),
        ]
    assert not QueueEntry.objects.exists()


def test_rated_players_are_never_completed_with_ai(make_user, wall) -> None:
    a = make_user()
    services.queue_join(user_id=a.pk, game_slug=GAME)
    for _ in range(6):
        wall.advance(14_000)
        services.queue_heartbeat(user_id=a.pk)
        assert services.queue_pass().match_ids == []
    assert QueueEntry.objects.filter(user=a).exists()


def queue_match(make_user, users=None):
    users = users or (make_user(), make_user())
    return match_start(
        game_slug=GAME,
        seats=[SeatSpec(user_id=u.pk) for u in users],
        rated=True,
        from_queue=True,
    ), users


def test_cooldown_grows_30_60_120_and_is_capped_at_600(make_user, wall) -> None:
    a = make_user()
    seconds = []
    for _ in range(7):
        match, _users = queue_match(make_user, (a, make_user()))
        services.queue_no_show(match_id=match.pk, no_show_user_ids=[a.pk], other_user_ids=[])
        row = QueueCooldown.objects.get(user=a)
        seconds.append((row.until - reference_now()).total_seconds())
        wall.advance(1_000)
    assert seconds == [30, 60, 120, 240, 480, 600, 600]
    # The same match reported twice counts once.
    services.queue_no_show(match_id=match.pk, no_show_user_ids=[a.pk], other_user_ids=[])
    assert QueueCooldown.objects.get(user=a).strikes == 7


def test_strikes_are_forgotten_after_a_day_without_a_no_show(make_user, wall) -> None:
    a = make_user()
    for _ in range(3):
        match, _users = queue_match(make_user, (a, make_user()))
        services.queue_no_show(match_id=match.pk, no_show_user_ids=[a.pk], other_user_ids=[])
    wall.advance(24 * 3600 * 1000 + 1)
    match, _users = queue_match(make_user, (a, make_user()))
    services.queue_no_show(match_id=match.pk, no_show_user_ids=[a.pk], other_user_ids=[])
    row = QueueCooldown.objects.get(user=a)
    assert row.strikes == 1 and (row.until - reference_now()).total_seconds() == 30


def test_a_cooling_down_player_cannot_join_until_the_cooldown_ends(make_user, wall) -> None:
    match, (a, b) = queue_match(make_user)
    services.queue_no_show(match_id=match.pk, no_show_user_ids=[a.pk], other_user_ids=[])
    match.status = MatchStatus.ABORTED
    match.save(update_fields=["status"])
    wall.advance(29_500)
    with pytest.raises(QueueError) as err:
        services.queue_join(user_id=a.pk, game_slug=GAME)
    assert (err.value.code, err.value.extra) == ("cooldown", {"cooldown_s": 1})
    assert selectors.queue_status(user_id=a.pk) == {"type": "idle", "cooldown_s": 1}
    wall.advance(500)
    assert services.queue_join(user_id=a.pk, game_slug=GAME).user_id == a.pk


def test_a_player_in_a_running_queue_match_cannot_queue_again(make_user) -> None:
    _match, (a, _b) = queue_match(make_user)
    with pytest.raises(QueueError) as err:
        services.queue_join(user_id=a.pk, game_slug="one_poker")
    assert err.value.code == "in_match"


def test_a_no_show_aborts_the_match_cools_down_and_requeues_the_other_at_the_front(
    make_user, wall
) -> None:
    a, b = make_user(), make_user()
    rated(b, 1600)
    for user in (a, b):
        services.queue_join(user_id=user.pk, game_slug=GAME)
    (match_id,) = services.queue_pass().match_ids
    # b gives Start, a never does: after the stall bound the match is aborted, unrated.
    action_submit(match_id=match_id, action={"kind": "ready"}, command_id="r", user_id=b.pk)
    wall.advance(120_001)
    assert match_wake(match_id=match_id) == "no_start"
    match = Match.objects.get(pk=match_id)
    assert (match.status, match.end_reason) == (MatchStatus.ABORTED, EndReason.NO_START)
    assert not match.rating_changes.exists()
    assert QueueCooldown.objects.get(user=a).strikes == 1
    requeued = QueueEntry.objects.get(user=b)
    assert (requeued.game, requeued.rated, requeued.priority) == (GAME, True, True)
    assert not QueueEntry.objects.filter(user=a).exists()

    # Two others queue as b is put back, all wait 20 s.  Without b's priority the pass would seat
    # the closest pair (c and d, 10 points apart) and leave b waiting; at the front, b plays d.
    c, d = make_user(), make_user()
    rated(c, 1500)
    rated(d, 1510)
    for user in (c, d):
        services.queue_join(user_id=user.pk, game_slug=GAME)
    wall.advance(20_000)
    for present in (b, c, d):
        services.queue_heartbeat(user_id=present.pk)
    assert [selectors.queue_status(user_id=u.pk)["waited_s"] for u in (b, c, d)] == [20, 20, 20]
    assert selectors.queue_status(user_id=b.pk)["position"] == 1
    (second,) = services.queue_pass().match_ids
    assert seated(Match.objects.get(pk=second)) == [b.pk, d.pk]
    assert list(QueueEntry.objects.values_list("user_id", flat=True)) == [c.pk]


def test_a_requeued_player_gets_the_longer_grace_to_come_back(make_user, wall) -> None:
    match, (a, b) = queue_match(make_user)
    services.queue_no_show(match_id=match.pk, no_show_user_ids=[a.pk], other_user_ids=[b.pk])
    wall.advance(59_000)
    assert services.queue_pass().removed_user_ids == []
    wall.advance(1_001)
    assert services.queue_pass().removed_user_ids == [b.pk]


def test_four_seat_partnership_games_get_balanced_teams(make_user, wall, monkeypatch) -> None:
    """Partnership games (rating_mode teams, four seats) seat 0 + 2 against 1 + 3, balanced."""
    from dataclasses import replace

    from games import registry
    from games.core import RatingMode

    holdem = registry.get_game("holdem")
    as_teams = replace(holdem, rating_mode=RatingMode.TEAMS)
    games = {**registry.all_games(), "holdem": as_teams}
    monkeypatch.setattr(registry, "all_games", lambda: games)
    monkeypatch.setattr("live.catalogue.playable_games", lambda: games)
    users = [make_user() for _ in range(4)]
    for user, rating in zip(users, (1400, 1450, 1500, 1550), strict=True):
        rated(user, rating, "holdem")
        services.queue_join(user_id=user.pk, game_slug="holdem")
        wall.advance(1_000)
    wall.advance(30_000)
    for user in users:
        services.queue_heartbeat(user_id=user.pk)
    (match_id,) = services.queue_pass().match_ids
    order = seated(Match.objects.get(pk=match_id))
    ratings = {u.pk: r for u, r in zip(users, (1400, 1450, 1500, 1550), strict=True)}
    team_a = ratings[order[0]] + ratings[order[2]]
    team_b = ratings[order[1]] + ratings[order[3]]
    assert team_a == team_b == 2950
