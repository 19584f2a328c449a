"""Rated results of a shared deal wait for the deal embargo (issue 28 follow-up; docs/ratings.md
"Shared deals", docs/tournaments.md "Deal embargo").

A rated table of a duplicate round must not move anybody's rating, its history, the leaderboard
or the match's rating changes while another table still plays the same deal: they would tell that
table how the deal went.  The change is applied when the round closes, once, with the figures an
immediate application would have given.  Built as the embargo was found: a real Swiss of Bridge
with duplicate deals through the services — here eight people, so both tables are rated.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.core import SeatResult
from games.registry import get_game
from live import results
from live import services as live_services
from live.models import Match, MatchStatus
from ratings import selectors as rating_selectors
from ratings.elo import Participant, rating_changes
from ratings.models import DeferredRating, Rating, RatingChange
from ratings.services import elo_settings, ratings_release
from tournaments import services
from tournaments.models import Pairing, PairingStatus, Round, RoundStatus

from .conftest import running, start
from .test_pairs import bridge_pairs

pytestmark = pytest.mark.django_db(transaction=True)  # after-commit jobs run, as in production


def _people(make_user: Any) -> list[Any]:
    return [make_user(f"duplicate{i}") for i in range(8)]


def _resign(pairing: Pairing, tag: str) -> Match:
    """A person at the table resigns: the match ends, rated, with the game's forfeit result."""
    match = Match.objects.get(pk=pairing.match_id)
    loser = match.seats.order_by("seat").first()
    live_services.match_resign(match_id=match.pk, command_id=f"resign-{tag}", user_id=loser.user_id)
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED and match.rated
    return match


def _rating_visible(people: list[Any], match: Match) -> dict[str, Any]:
    """Everything a reader could learn a rating change from."""
    seat_user = match.seats.order_by("seat").first().user
    client = Client()
    client.force_login(seat_user)
    return {
        "ratings": list(Rating.objects.filter(game="bridge").values_list("user_id", "rating")),
        "changes": list(RatingChange.objects.values_list("match_id", "seat", "after")),
        "history": [rating_selectors.profile_ratings(user=u) for u in people],
        "leaderboard": rating_selectors.leaderboard(game="bridge", provisional=True),
        "leaderboard page": _listed(people),
        "match rating changes": results.rating_changes(match),
        "the seat's result screen": client.get(f"/match/{match.pk}/after/").json()[
            "rating_changes"
        ],
    }


def _listed(people: list[Any]) -> list[str]:
    """Who of ``people`` the leaderboard page lists (provisional players included)."""
    page = Client().get("/leaderboards/?game=bridge").content.decode()
    return [u.username for u in people if f">{u.username}<" in page]


def _immediate_figures(matches: list[Match]) -> list[tuple[int, int, float, float]]:
    """(match, seat, before, after) as applying each match at its end, in that order, would give:
    the pure Elo over the ratings and game counts as they stood."""
    cfg = elo_settings()
    game = get_game("bridge")
    standing: dict[int, tuple[float, int]] = {}
    out = []
    for match in matches:
        seats = list(match.seats.order_by("seat"))
        by_seat = {r["seat"]: SeatResult(**r) for r in match.result}
        now = [standing.get(s.user_id, (cfg.initial_rating, 0)) for s in seats]
        deltas = rating_changes(
            [Participant(r, g, by_seat[s.seat]) for s, (r, g) in zip(seats, now, strict=True)],
            game.rating_mode,
            cfg,
        )
        for s, (r, g), d in zip(seats, now, deltas, strict=True):
            out.append((match.pk, s.seat, r, r + d))
            standing[s.user_id] = (r + d, g + 1)
    return out


def _stored_figures() -> list[tuple[int, int, float, float]]:
    return list(
        RatingChange.objects.order_by("id").values_list("match_id", "seat", "before", "after")
    )


def test_a_rated_shared_deal_moves_no_rating_until_the_round_closes_then_once_as_if_at_its_end(
    make_user: Any, duplicate_swiss: Any
) -> None:
    people = _people(make_user)
    t = duplicate_swiss(people)
    first, second = running(t)
    assert first.match.seed == second.match.seed  # the same deal at both tables
    untouched = _rating_visible(people, first.match)
    first_match = _resign(first, "first")
    # The other table still plays the deal: nothing anywhere says how the first one went.
    assert Match.objects.get(pk=second.match_id).status == MatchStatus.RUNNING
    assert _rating_visible(people, first_match) == untouched
    assert untouched["changes"] == [] and untouched["match rating changes"] == []
    assert DeferredRating.objects.filter(match=first_match).count() == 1
    # The second table ends: the round closes and both changes are applied, in the order the
    # matches ended, with the figures an immediate application would have given.
    second_match = _resign(second, "second")
    assert Round.objects.get(tournament=t, number=1).status == RoundStatus.DONE
    assert _stored_figures() == _immediate_figures([first_match, second_match])
    assert len(_stored_figures()) == 8 and not DeferredRating.objects.exists()
    for user in people:
        (row,) = Rating.objects.filter(game="bridge", user=user)
        assert row.games == 1
        assert row.rating == RatingChange.objects.get(rating=row).after
    assert [c["seat"] for c in results.rating_changes(first_match)] == [0, 1, 2, 3]
    assert _listed(people) == [u.username for u in people]


def test_a_release_run_twice_applies_each_deferred_rating_change_once(
    make_user: Any, duplicate_swiss: Any
) -> None:
    """One round only: closing it releases, and finishing the event releases again in the same
    transaction; later releases and advances change nothing either."""
    people = _people(make_user)
    t = duplicate_swiss(people, rounds=1)
    first, second = running(t)
    matches = [_resign(first, "once-a"), _resign(second, "once-b")]
    t.refresh_from_db()
    assert t.status == "finished"
    applied = _stored_figures()
    assert applied == _immediate_figures(matches)
    ratings = list(Rating.objects.order_by("pk").values_list("rating", "games"))
    assert ratings_release() == 0
    assert ratings_release() == 0
    services.tournament_advance(tournament_id=t.pk)
    assert _stored_figures() == applied
    assert list(Rating.objects.order_by("pk").values_list("rating", "games")) == ratings


def test_an_aborted_game_of_a_shared_deal_is_never_rated_and_its_replay_waits_for_the_round(
    make_user: Any, duplicate_swiss: Any
) -> None:
    people = _people(make_user)
    t = duplicate_swiss(people)
    first, second = running(t)
    live_services.match_abort(match_id=first.match_id, reason="operator test")
    aborted = Match.objects.get(pk=first.match_id)
    assert aborted.status == MatchStatus.ABORTED and aborted.rated
    services.tournament_advance(tournament_id=t.pk)
    first.refresh_from_db()
    assert first.status == PairingStatus.PLAYING and first.earlier_matches == [aborted.pk]
    assert not DeferredRating.objects.filter(match=aborted).exists()
    second_match = _resign(second, "abort-b")
    # The replay still plays the deal: the finished table waits.
    assert not RatingChange.objects.exists()
    assert list(DeferredRating.objects.values_list("match_id", flat=True)) == [second_match.pk]
    replay = _resign(first, "abort-replay")
    assert Round.objects.get(tournament=t, number=1).status == RoundStatus.DONE
    assert not RatingChange.objects.filter(match=aborted).exists()
    assert _stored_figures() == _immediate_figures([second_match, replay])


def test_a_pairs_session_rates_its_boards_when_it_ends_in_the_order_the_boards_ended(
    make_user: Any, make_tournament: Any
) -> None:
    """Every board of a pairs session is played at several tables in different rounds, so each
    person's boards all wait for the session's end; released together, each is rated from the
    ratings the boards before it left — as if each had been applied when it ended."""
    people = _people(make_user)
    t = bridge_pairs(make_tournament)
    for a, b in zip(people[::2], people[1::2], strict=True):
        services.entry_register(tournament_id=t.pk, user_id=a.pk, partner_name=b.username)
        services.entry_partner_answer(tournament_id=t.pk, user_id=b.pk, accept=True)
    assert start(t) == "started"
    ended: list[Match] = []
    for _ in range(100):
        t.refresh_from_db()
        if t.status != "running":
            break
        tables = running(t)
        if not tables:
            services.tournament_advance(tournament_id=t.pk)
            continue
        for p in tables:
            ended.append(_resign(p, f"board-{p.pk}-{p.match_id}"))
            t.refresh_from_db()
            if t.status == "running":
                assert not RatingChange.objects.exists()
                assert not Rating.objects.filter(game="bridge").exists()
    assert t.status == "finished"
    assert max(Rating.objects.filter(game="bridge").values_list("games", flat=True)) >= 2
    assert _stored_figures() == _immediate_figures(ended)
    assert not DeferredRating.objects.exists()
