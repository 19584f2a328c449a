"""Every error of the API has one JSON shape: {"code", "detail"} (+ "fields" for invalid
input), whatever raised it — a missing resource, bad input, a service's refusal, a bad token,
throttling."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_missing_resource() -> None:
    response = Client().get("/api/v1/matches/999999/")
    assert response.status_code == 404
    assert response.json() == {"code": "not_found", "detail": "Not found."}


def test_invalid_input_names_its_fields(make_user) -> None:
    client = Client()
    client.force_login(make_user())
    response = client.post("/api/v1/play-ai/", {"game": "spectacular_bid"}, "application/json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid" and body["fields"] == {"level": ["This field is required."]}


def test_a_bad_filter_value_is_invalid_input() -> None:
    body = Client().get("/api/v1/matches/?status=sleeping").json()
    assert body["code"] == "invalid" and "status" in body["fields"]


def test_not_logged_in() -> None:
    response = Client().get("/api/v1/queue/")
    assert response.status_code in (401, 403)
    assert response.json()["code"] == "not_authenticated"


def test_a_wrong_token_is_refused_not_ignored() -> None:
    response = Client(HTTP_AUTHORIZATION="Bearer gpt_nonsense").get("/api/v1/games/")
    assert response.status_code == 401
    assert response.json() == {
        "code": "authentication_failed",
        "detail": "invalid or revoked token",
    }
    assert response["WWW-Authenticate"] == "Bearer"


def test_a_refusing_service_answers_in_the_same_shape(make_user) -> None:
    client = Client()
    client.force_login(make_user())
    response = client.post("/api/v1/tokens/", {"name": "bot"}, "application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "not_a_bot"


def test_wrong_password_at_log_in(make_user) -> None:
    make_user("dora")
    response = Client().post(
        "/api/v1/auth/login/", {"username": "dora", "password": "nope"}, "application/json"
    )
    assert response.status_code == 400
    assert response.json() == {"code": "wrong_credentials", "detail": "wrong username or password"}


def test_lists_are_throttled(settings) -> None:
    settings.API_LIST_RATE = "3/minute"
    cache.clear()
    client = Client(REMOTE_ADDR="198.51.100.7")
    codes = [client.get("/api/v1/games/").status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    response = client.get("/api/v1/users/")
    assert response.json()["code"] == "throttled" and int(response["Retry-After"]) > 0
    cache.clear()
