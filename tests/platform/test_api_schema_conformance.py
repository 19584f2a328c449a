"""Every answer of /api/v1/ is what its OpenAPI schema says — checked with the same validator the
external bot uses (tests/system/test_external_bot.py), on running and finished matches, people,
bots, tokens and errors."""

from __future__ import annotations

import pytest
from django.test import Client
from system.test_external_bot import OpenAPI

from live.services import SeatSpec, action_submit, match_resign, match_start
from ratings.models import Rating
from support.live import first_legal

pytestmark = pytest.mark.django_db(transaction=True)


def test_every_answer_matches_the_schema(make_user) -> None:
    from accounts.services import bot_upgrade, token_create

    api = OpenAPI(Client().get("/api/v1/schema/?format=json").json())
    ann, bob, robo = make_user("ann"), make_user("bob"), make_user("robo")
    bot_upgrade(user_id=robo.pk)
    _token, secret = token_create(user_id=robo.pk, name="t")
    Rating.objects.create(game="spectacular_bid", user=ann, rating=1510, games=40)
    finished = match_start(
        game_slug="spectacular_bid", seats=[SeatSpec(user_id=ann.pk), SeatSpec(user_id=bob.pk)]
    )
    action_submit(
        match_id=finished.pk, action=first_legal(finished, 0), command_id="a", user_id=ann.pk
    )
    match_resign(match_id=finished.pk, command_id="r", user_id=bob.pk)
    running = match_start(
        game_slug="spectacular_bid", seats=[SeatSpec(user_id=ann.pk), SeatSpec(ai_level="random")]
    )
    person = Client()
    person.force_login(ann)
    bot = Client(HTTP_AUTHORIZATION=f"Bearer {secret}")
    calls = [
        (Client(), "root", {}, ""),
        (Client(), "games_list", {}, ""),
        (Client(), "games_retrieve", {"slug": "spectacular_bid"}, ""),
        (Client(), "matches_list", {}, "?limit=5"),
        (Client(), "matches_retrieve", {"id": running.pk}, ""),
        (Client(), "matches_retrieve", {"id": finished.pk}, ""),
        (Client(), "matches_moves_list", {"id": finished.pk}, ""),
        (Client(), "matches_record_retrieve", {"id": finished.pk}, ""),
        (Client(), "matches_record_retrieve", {"id": running.pk}, ""),
        (Client(), "matches_retrieve", {"id": 999999}, ""),
        (Client(), "users_list", {}, ""),
        (Client(), "users_retrieve", {"username": "ann"}, ""),
        (Client(), "users_retrieve", {"username": "robo"}, ""),
        (Client(), "leaderboards_list", {}, ""),
        (Client(), "leaderboards_retrieve", {"game": "spectacular_bid"}, ""),
        (Client(), "tables_list", {}, ""),
        (person, "queue_retrieve", {}, ""),
        (Client(), "queue_retrieve", {}, ""),
        (bot, "account_bot_retrieve", {}, ""),
        (bot, "tokens_list", {}, ""),
    ]
    for client, operation, params, query in calls:
        method, path, _ = api.operations[operation]
        assert method == "GET", operation
        response = client.get(path.format(**params) + query)
        body = response.json()
        api.check(operation, response.status_code, body)
    created = bot.post("/api/v1/tokens/", {"name": "second"}, "application/json")
    api.check("tokens_create", created.status_code, created.json())
    refused = person.post("/api/v1/tokens/", {"name": "x"}, "application/json")
    api.check("tokens_create", refused.status_code, refused.json())
