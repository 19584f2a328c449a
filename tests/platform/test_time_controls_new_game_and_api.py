"""The chosen time control beyond the lobby's form (issue #18 item 9): the result screen's "New
game" against the computer starts the next match with the same clock, and the API's play-ai
endpoint takes the same choices with the same refusals (docs/players.md, "Time controls")."""

from __future__ import annotations

import pytest
from django.test import Client
from system.test_external_bot import OpenAPI

from games.registry import get_game
from live.models import Match
from live.services import match_resign
from lobby import services as lobby_services
from lobby import time_controls

pytestmark = pytest.mark.django_db

GAME = "spectacular_bid"  # two seats


def logged_in(user) -> Client:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    return client


def standard_bank() -> int:
    return get_game(GAME).time_control.bank_ms


def finished_against_the_computer(user, choice: str) -> Match:  # type: ignore[no-untyped-def]
    match = lobby_services.ai_match_start(
        user_id=user.pk, game_slug=GAME, level="random", time_control=choice
    )
    match_resign(match_id=match.pk, command_id="resign-1", user_id=user.pk)
    return match


@pytest.mark.parametrize("choice", ["relaxed", "long", "untimed"])
def test_new_game_after_a_chosen_clock_starts_with_the_same_clock(make_user, choice: str) -> None:
    user = make_user()
    client = logged_in(user)
    finished = finished_against_the_computer(user, choice)
    action = client.get(f"/match/{finished.pk}/after/").json()["new_game"]
    assert action == {
        "kind": "play_ai",
        "url": "/play-ai/",
        "game": GAME,
        "level": "random",
        "time_control": choice,
    }
    # What the result screen's form posts: its hidden fields, filled from that action.
    response = client.post(
        action["url"],
        {
            "game": action["game"],
            "level": action["level"],
            "mode": "ai",
            "time_control": action["time_control"],
        },
    )
    new = Match.objects.exclude(pk=finished.pk).get()
    assert response.status_code == 302 and response["Location"] == f"/match/{new.pk}/"
    assert time_controls.choice_of_clock(new.clock) == choice
    assert new.clock.get("control") == choice and not new.rated
    if choice != "untimed":
        factor = time_controls.MULTIPLIERS[choice]
        assert new.clock["bank_ms"] == standard_bank() * factor


def test_new_game_after_the_standard_clock_names_no_other_clock(make_user) -> None:
    user = make_user()
    finished = finished_against_the_computer(user, "")
    action = logged_in(user).get(f"/match/{finished.pk}/after/").json()["new_game"]
    assert action["kind"] == "play_ai" and "time_control" not in action


def test_the_result_screens_new_game_form_posts_a_time_control(make_user) -> None:
    user = make_user()
    finished = finished_against_the_computer(user, "untimed")
    page = logged_in(user).get(f"/match/{finished.pk}/").content.decode()
    form = page.split('data-role="new-game-form"', 1)[1].split("</form>", 1)[0]
    assert 'name="time_control"' in form


@pytest.mark.parametrize(
    ("choice", "factor"), [(None, 1), ("", 1), ("standard", 1), ("relaxed", 3), ("long", 10)]
)
def test_the_api_starts_a_match_against_the_ai_with_the_chosen_clock(
    make_user, choice: str | None, factor: int
) -> None:
    api = OpenAPI(Client().get("/api/v1/schema/?format=json").json())
    client = logged_in(make_user())
    body = {"game": GAME, "level": "random"}
    if choice is not None:
        body["time_control"] = choice
    response = client.post("/api/v1/play-ai/", body, "application/json")
    assert response.status_code == 201, response.json()
    api.check("play_ai_create", 201, response.json())
    match = Match.objects.get(pk=response.json()["match_id"])
    assert match.clock["bank_ms"] == standard_bank() * factor and not match.rated
    expected = choice if factor != 1 else "standard"
    assert time_controls.choice_of_clock(match.clock) == expected


def test_the_api_starts_an_untimed_pass_and_play_match(make_user) -> None:
    client = logged_in(make_user())
    response = client.post(
        "/api/v1/play-ai/",
        {"game": GAME, "level": "random", "pass_and_play": True, "time_control": "untimed"},
        "application/json",
    )
    assert response.status_code == 201
    match = Match.objects.get(pk=response.json()["match_id"])
    assert match.clock["untimed"] is True and match.options.get("hand_over") is True


@pytest.mark.parametrize("choice", ["blitz", "Relaxed", "3x"])
def test_the_api_refuses_an_unknown_time_control_and_creates_nothing(
    make_user, choice: str
) -> None:
    api = OpenAPI(Client().get("/api/v1/schema/?format=json").json())
    client = logged_in(make_user())
    response = client.post(
        "/api/v1/play-ai/",
        {"game": GAME, "level": "random", "time_control": choice},
        "application/json",
    )
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "bad_time_control" and choice in body["detail"]
    assert set(body) == {"code", "detail"}
    api.check("play_ai_create", 400, body)
    assert not Match.objects.exists()


def test_the_api_refusal_is_in_the_requests_language(make_user) -> None:
    client = logged_in(make_user())
    response = client.post(
        "/api/v1/play-ai/",
        {"game": GAME, "level": "random", "time_control": "blitz"},
        "application/json",
        HTTP_ACCEPT_LANGUAGE="de",
    )
    assert response.status_code == 400
    assert response.json() == {
        "code": "bad_time_control",
        "detail": "unbekannte Bedenkzeit 'blitz'",
    }
    assert not Match.objects.exists()


def test_the_schema_documents_the_time_control_choices() -> None:
    api = OpenAPI(Client().get("/api/v1/schema/?format=json").json())
    assert "time_control" in api.request_fields("play_ai_create")
    _, _, operation = api.operations["play_ai_create"]
    body = api.resolve(operation["requestBody"]["content"]["application/json"]["schema"])
    assert "time_control" not in body.get("required", [])
    field = body["properties"]["time_control"]
    enum = api.resolve(field["allOf"][0] if "allOf" in field else field)["enum"]
    assert enum == ["standard", "relaxed", "long", "untimed"]
    assert "bad_time_control" in field["description"]
