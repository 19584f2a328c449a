"""Every page renders for visitors and players, in English and German."""

from __future__ import annotations

import pytest
from django.test import Client

from live.services import SeatSpec, match_start

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("lang", ["en", "de"])
def test_public_pages_render(client: Client, make_user, lang) -> None:
    user = make_user("carla")
    match = match_start(
        game_slug="spectacular_bid", seats=[SeatSpec(user_id=user.pk), SeatSpec(ai_level="random")]
    )
    client.cookies["django_language"] = lang
    for url in [
        "/",
        "/tables/",
        "/leaderboards/",
        "/accounts/login/",
        "/accounts/signup/",
        f"/accounts/u/{user.username}/",
        f"/match/{match.pk}/",
        "/api/schema/",
        "/api/games/",
        "/api/tables/",
        f"/api/matches/{match.pk}/",
        f"/api/users/{user.username}/",
        "/healthz/live",
        "/healthz/ready",
    ]:
        response = client.get(url)
        assert response.status_code == 200, url


def test_german_interface_is_translated(client: Client) -> None:
    client.cookies["django_language"] = "de"
    assert "Anmelden" in client.get("/accounts/login/").content.decode()


def test_live_move_log_is_withheld_until_the_match_is_over(client: Client, make_user) -> None:
    user = make_user()
    match = match_start(
        game_slug="spectacular_bid", seats=[SeatSpec(user_id=user.pk), SeatSpec(ai_level="random")]
    )
    assert client.get(f"/api/matches/{match.pk}/moves/").status_code == 403
    body = client.get(f"/api/matches/{match.pk}/").json()
    assert "state" not in body and "seed" not in body


def test_lobby_rejects_an_unknown_level_with_a_message(client: Client, make_user) -> None:
    client.force_login(make_user())
    response = client.post(
        "/play-ai/", {"game": "spectacular_bid", "level": "godlike"}, follow=True
    )
    assert "unknown AI level" in response.content.decode()


def test_pass_and_play_holds_both_seats(client: Client, make_user) -> None:
    user = make_user()
    client.force_login(user)
    response = client.post(
        "/play-ai/", {"game": "spectacular_bid", "level": "random", "mode": "pass_and_play"}
    )
    match_id = int(response.url.strip("/").split("/")[-1])
    from live.models import Match

    match = Match.objects.get(pk=match_id)
    assert [s.user_id for s in match.seats.all()] == [user.pk, user.pk]
    assert match.options == {"hand_over": True}


def test_open_table_starts_when_the_second_player_joins(client: Client, make_user) -> None:
    from lobby.models import Table

    host, guest = make_user(), make_user()
    client.force_login(host)
    client.post("/tables/new/", {"game": "spectacular_bid", "seats": "2", "rated": "1"})
    table = Table.objects.get()
    assert table.status == "open" and table.rated
    client.force_login(guest)
    response = client.post(f"/tables/{table.pk}/join/")
    table.refresh_from_db()
    assert table.status == "started" and table.match.rated
    assert response.url == f"/match/{table.match_id}/"


def test_lobby_offers_only_games_with_a_board_featured_first() -> None:
    from django.contrib.staticfiles import finders

    from lobby.selectors import game_choices

    slugs = [g["slug"] for g in game_choices()]
    assert slugs[0] == "spectacular_bid"
    assert all(finders.find(f"boards/{slug}.js") for slug in slugs)


def test_a_game_that_is_not_offered_cannot_be_started(client: Client, make_user) -> None:
    from live.models import Match

    client.force_login(make_user())
    response = client.post("/play-ai/", {"game": "chess", "level": "random"}, follow=True)
    assert "no playable game" in response.content.decode()
    assert not Match.objects.exists()


def test_leaderboard_lists_established_players_only(client: Client, make_user) -> None:
    from ratings.models import Rating

    veteran, newcomer = make_user("veteran"), make_user("newcomer")
    Rating.objects.create(game="spectacular_bid", user=veteran, rating=1612.4, games=25)
    Rating.objects.create(game="spectacular_bid", user=newcomer, rating=1700.0, games=3)
    Rating.objects.create(game="spectacular_bid", ai_level="expert", rating=1801.0, games=40)
    body = client.get("/api/leaderboards/spectacular_bid/").json()
    assert body["players"] == [{"rank": 1, "username": "veteran", "rating": 1612, "games": 25}]
    assert body["ai_levels"] == [{"level": "expert", "rating": 1801, "games": 40}]
    assert client.get("/api/leaderboards/chess/").status_code == 404
    page = client.get("/leaderboards/?players=established").content.decode()
    assert "veteran" in page and "newcomer" not in page


def test_leaderboard_page_marks_provisional_players_and_filters_by_game(
    client: Client, make_user
) -> None:
    import re

    from ratings.models import Rating

    veteran, newcomer = make_user("veteran"), make_user("newcomer")
    Rating.objects.create(game="spectacular_bid", user=veteran, rating=1612.4, games=25)
    Rating.objects.create(game="spectacular_bid", user=newcomer, rating=1700.0, games=3)
    Rating.objects.create(game="one_poker", user=veteran, rating=1490.0, games=1)
    client.cookies["django_language"] = "de"
    page = client.get("/leaderboards/?game=spectacular_bid").content.decode()
    rows = re.findall(r'data-testid="leaderboard-row"( data-provisional="1")?>', page)
    assert rows == [' data-provisional="1"', ""]  # newcomer (1700, provisional) above veteran
    assert page.index("newcomer") < page.index("veteran") and "vorläufig" in page
    assert 'data-testid="leaderboard-one_poker"' not in page
