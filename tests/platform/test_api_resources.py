"""The resources of /api/v1/: games, matches (public while running, everything once over),
users, leaderboards and the queue — paginated and filtered lists (docs/api.md)."""

from __future__ import annotations

import pytest
from django.test import Client

from games.registry import get_game
from live.services import match_resign
from ratings.models import Rating
from support.live import duel, engine_state, first_legal

pytestmark = pytest.mark.django_db(transaction=True)


def start_both(match, a, b) -> None:
    from live.services import action_submit

    for seat, user in ((0, a), (1, b)):
        action_submit(
            match_id=match.pk,
            action=first_legal(match, seat),
            command_id=f"s{seat}",
            user_id=user.pk,
            seat=seat,
        )


def test_games_carry_seats_levels_time_control_and_a_rules_summary() -> None:
    client = Client()
    games = client.get("/api/v1/games/").json()
    bid = next(g for g in games if g["slug"] == "spectacular_bid")
    assert bid["title"] == "Spectacular Bid" and bid["seat_counts"] == [2]
    assert [lv["level"] for lv in bid["levels"]] == list(get_game("spectacular_bid").bots)
    assert bid["rules_summary"].startswith("This is the automated digital edition")
    german = client.get("/api/v1/games/spectacular_bid/", HTTP_ACCEPT_LANGUAGE="de").json()
    assert german["rules_language"] == "de" and german["rules_summary"] != bid["rules_summary"]
    four = client.get("/api/v1/games/?seats=4").json()
    assert four and all(4 in g["seat_counts"] for g in four)
    assert client.get("/api/v1/games/chess/").status_code == 404


def test_the_unversioned_games_list_is_the_lobbys_games_with_four_fields() -> None:
    """/api/games/ (before /api/v1/) answers as it did when the lobby served it: the lobby's games
    in its order, each with slug, title, seat counts and AI level keys only."""
    from lobby.selectors import game_choices

    fields = ("slug", "title", "seat_counts", "bot_levels")
    expected = [{k: g[k] for k in fields} for g in game_choices()]
    assert Client().get("/api/games/").json() == expected
    assert [g["slug"] for g in expected] == [
        g["slug"] for g in Client().get("/api/v1/games/").json()
    ]


def test_a_running_match_shows_the_public_view_only(make_user) -> None:
    a, b = make_user("ann"), make_user("bob")
    match = duel(a, b, seed=5)
    start_both(match, a, b)
    body = Client().get(f"/api/v1/matches/{match.pk}/").json()
    assert body["public_view"] == engine_state(match).view(None)
    assert body["public_view"] != engine_state(match).view(0)  # no hand in it
    assert body["clock"]["running"] is True
    assert [s["name"] for s in body["seats"]] == ["ann", "bob"]
    assert body["seats"][0]["user"].endswith("/api/v1/users/ann/")
    assert "state" not in body and "seed" not in body
    assert Client().get(f"/api/v1/matches/{match.pk}/moves/").status_code == 403
    assert Client().get(f"/api/v1/matches/{match.pk}/record/").status_code == 403


def test_a_finished_match_reveals_its_move_log_and_every_deal(make_user) -> None:
    a, b = make_user(), make_user()
    match = duel(a, b, seed=5)
    start_both(match, a, b)
    hands = [engine_state(match).view(s)["hand"] for s in (0, 1)]
    match_resign(match_id=match.pk, command_id="r", user_id=b.pk)
    record = Client().get(f"/api/v1/matches/{match.pk}/record/").json()
    assert record["replayed"] is True and record["seed"] == "5"
    assert [m["kind"] for m in record["moves"]] == ["action", "action", "resign"]
    dealt = {int(seat): extra for e in record["events"] for seat, extra in e["private"].items()}
    # Every seat's cards, hidden during play, are in the record now.
    revealed = [record["start_views"][str(s)].get("hand") or dealt[s].get("hand") for s in (0, 1)]
    assert revealed == hands


def test_matches_are_paginated_and_filtered(make_user) -> None:
    a, b, c = make_user("ann"), make_user("bob"), make_user("cat")
    first, second = duel(a, b, seed=5), duel(b, c, rated=True, seed=5)
    match_resign(match_id=first.pk, command_id="r", user_id=a.pk)
    client = Client()
    page = client.get("/api/v1/matches/?limit=1").json()
    assert page["count"] == 2 and len(page["results"]) == 1 and page["next"]
    assert [m["id"] for m in client.get("/api/v1/matches/?player=ann").json()["results"]] == [
        first.pk
    ]
    running = client.get("/api/v1/matches/?status=running").json()["results"]
    assert [m["id"] for m in running] == [second.pk]
    rated = client.get("/api/v1/matches/?rated=true").json()["results"]
    assert [m["id"] for m in rated] == [second.pk]


def test_users_profiles_and_recent_matches(make_user) -> None:
    a, b = make_user("ann"), make_user("bob")
    bot = make_user("robo")
    bot.is_bot = True
    bot.save()
    match = duel(a, b, seed=5)
    match_resign(match_id=match.pk, command_id="r", user_id=b.pk)
    client = Client()
    listed = client.get("/api/v1/users/?q=o").json()
    assert [u["username"] for u in listed["results"]] == ["bob", "robo"]
    bots = client.get("/api/v1/users/?is_bot=true").json()["results"]
    assert [u["username"] for u in bots] == ["robo"]
    profile = client.get("/api/v1/users/ann/").json()
    assert profile["is_bot"] is False
    recent = profile["recent_matches"][0]
    assert (recent["id"], recent["placing"], recent["end_reason"]) == (match.pk, 1, "resign")
    assert client.get("/api/v1/users/robo/").json()["is_bot"] is True


def test_leaderboards_page_and_mark_bots(make_user) -> None:
    people = [make_user(f"p{i}") for i in range(3)]
    bot = make_user("robo")
    bot.is_bot = True
    bot.save()
    for i, user in enumerate([*people, bot]):
        Rating.objects.create(game="spectacular_bid", user=user, rating=1500 + i * 10, games=30)
    client = Client()
    index = client.get("/api/v1/leaderboards/").json()
    assert any(row["game"] == "spectacular_bid" for row in index)
    board = client.get("/api/v1/leaderboards/spectacular_bid/?limit=2").json()
    assert board["count"] == 4 and board["next"]
    assert [(r["rank"], r["username"], r["is_bot"]) for r in board["players"]] == [
        (1, "robo", True),
        (2, "p2", False),
    ]
    second = client.get("/api/v1/leaderboards/spectacular_bid/?limit=2&offset=2").json()
    assert [r["rank"] for r in second["players"]] == [3, 4]
    people_only = client.get("/api/v1/leaderboards/spectacular_bid/?bots=false").json()
    assert [r["username"] for r in people_only["players"]] == ["p2", "p1", "p0"]


def test_the_ranked_queue_under_version_1(make_user) -> None:
    client = Client()
    client.force_login(make_user())
    assert client.get("/api/v1/queue/").json() == {"type": "idle", "cooldown_s": 0}
    joined = client.post("/api/v1/queue/", {"game": "spectacular_bid"}, "application/json")
    assert joined.json()["type"] == "status"
