"""Demo content (platform/demo): off unless switched on; then a fixed number of demo matches run,
one per game, started once even when two top-ups run at once; the demo players move one step at a
time; a demo tournament is kept scheduled; and nothing of it changes a rating."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from demo import services
from demo.models import DemoContent, DemoMatch
from demo.players import player_names
from live.models import Match, MatchStatus, Seat
from ratings.models import Rating
from tournaments.models import Entry, Tournament, TournamentStatus


@pytest.fixture
def demo_on(settings):  # type: ignore[no-untyped-def]
    settings.DEMO_CONTENT = True
    settings.DEMO_MATCHES = 3
    settings.DEMO_TOURNAMENT = False
    return settings


def _running_demo_games() -> list[str]:
    return sorted(
        DemoMatch.objects.filter(match__status=MatchStatus.RUNNING).values_list("game", flat=True)
    )


@pytest.mark.django_db
def test_demo_content_is_off_by_default(settings) -> None:  # type: ignore[no-untyped-def]
    assert settings.DEMO_CONTENT is False
    assert not any(key.startswith("demo-") for key in settings.CELERY_BEAT_SCHEDULE)
    assert services.demo_top_up() == services.TopUp()
    assert services.demo_play() == 0
    assert not Match.objects.exists()
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_top_up_keeps_n_unrated_matches_running_one_per_game(demo_on) -> None:  # type: ignore[no-untyped-def]
    first = services.demo_top_up()
    assert len(first.started) == 3
    games = _running_demo_games()
    assert len(set(games)) == 3
    for match in Match.objects.filter(pk__in=first.started):
        assert not match.rated
        names = {s.user.username for s in match.seats.select_related("user")}
        assert names <= set(player_names())
        assert not match.seats.exclude(ai_level="").exists()  # demo players, not live's AI seats
    assert services.demo_top_up().started == []  # idempotent: three run already

    ended = Match.objects.get(pk=first.started[0])
    Match.objects.filter(pk=ended.pk).update(status=MatchStatus.ABORTED)
    again = services.demo_top_up()
    assert len(again.started) == 1
    replacement = Match.objects.get(pk=again.started[0])
    assert replacement.game not in games  # a game not demoed yet comes before the one that ended
    assert len(set(_running_demo_games())) == 3


@pytest.mark.django_db(transaction=True)
def test_two_top_ups_at_once_start_each_match_once(demo_on, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # As after a first top-up: the row to lock and the demo accounts exist (making them would
    # serialise the two top-ups on their unique keys, lock or no lock).
    demo_on.DEMO_MATCHES = 0
    services.demo_top_up()
    assert DemoContent.objects.exists()
    demo_on.DEMO_MATCHES = 3
    start = threading.Barrier(2)
    errors: list[BaseException] = []
    # The first top-up holds still between reading what runs and starting what is missing, until
    # the second one has read too: which only happens if the lock lets the second one in (then
    # both start the same games and the counts below fail).  With the lock the second one waits
    # on it, and the first goes on after the bound.
    second_read = threading.Event()
    reads: list[int] = []
    games_to_start = services._games_to_start

    def held(running: set[str], wanted: int) -> list[object]:
        picked = games_to_start(running, wanted)
        reads.append(wanted)
        if len(reads) == 1:
            second_read.wait(timeout=3)
        else:
            second_read.set()
        return picked

    monkeypatch.setattr(services, "_games_to_start", held)

    def tick() -> None:
        try:
            start.wait()
            services.demo_top_up()
        except BaseException as exc:  # reported below, not lost in the thread
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=tick) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert reads == [3, 0]  # the second top-up saw the first one's matches
    assert DemoMatch.objects.count() == 3
    assert len(set(_running_demo_games())) == 3


@pytest.mark.django_db
def test_demo_players_move_one_step_per_match_and_change_no_rating(demo_on) -> None:  # type: ignore[no-untyped-def]
    demo_on.DEMO_MATCHES = 1
    demo_on.DEMO_TOURNAMENT_GAME = ""
    ratings_before = list(Rating.objects.values_list("pk", "rating", "games"))
    (match_id,) = services.demo_top_up().started
    seq = Match.objects.get(pk=match_id).seq
    assert services.demo_play() == 1
    assert Match.objects.get(pk=match_id).seq == seq + 1  # one move, not the whole match
    for _ in range(5000):
        if Match.objects.get(pk=match_id).status != MatchStatus.RUNNING:
            break
        services.demo_play()
    match = Match.objects.get(pk=match_id)
    assert match.status == MatchStatus.FINISHED
    assert match.result
    assert list(Rating.objects.values_list("pk", "rating", "games")) == ratings_before
    assert not Rating.objects.filter(user__username__in=player_names()).exists()


@pytest.mark.django_db
def test_a_demo_tournament_is_kept_scheduled_and_unrated(demo_on, operator) -> None:  # type: ignore[no-untyped-def]
    demo_on.DEMO_MATCHES = 0
    demo_on.DEMO_TOURNAMENT = True
    demo_on.OPERATOR_USERNAME = operator.username
    made = services.demo_top_up().tournament
    assert made is not None
    tournament = Tournament.objects.get(pk=made)
    assert tournament.status == TournamentStatus.SCHEDULED
    assert not tournament.rated
    seats = tournament.seats_per_table
    entrants = Entry.objects.filter(tournament=tournament).select_related("user")
    assert sorted(e.user.username for e in entrants) == sorted(player_names()[: 2 * seats])
    assert services.demo_top_up().tournament is None  # one at a time

    Tournament.objects.filter(pk=made).update(status=TournamentStatus.FINISHED)
    following = services.demo_top_up().tournament
    assert following is not None and following != made


@pytest.mark.django_db
def test_no_demo_tournament_without_an_operator_to_organise_it(demo_on) -> None:  # type: ignore[no-untyped-def]
    demo_on.DEMO_MATCHES = 0
    demo_on.DEMO_TOURNAMENT = True
    demo_on.OPERATOR_USERNAME = "nobody-here"
    assert services.demo_top_up().tournament is None
    assert not Tournament.objects.exists()
    assert not Seat.objects.exists()


def test_the_embedded_runner_turns_the_demo_on_unless_told_otherwise(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from config.embedded import process_env

    def env(environ: dict[str, str]) -> dict[str, str]:
        return process_env(environ, run_dir=tmp_path, port="8000", redis_port=6399)

    assert env({})["DEMO_CONTENT"] == "1"
    assert env({"DEMO_CONTENT": "0"})["DEMO_CONTENT"] == "0"
