"""The challenge pages: the profile's "Challenge" button, the form (every game, the lobby's time
controls), the challenge's page for its two players only, the lobby's list with Accept / Decline,
and each refusal shown as a message in the reader's language."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import timezone

from challenges import services
from challenges.models import Challenge, ChallengeStatus
from live.models import Match

pytestmark = pytest.mark.django_db(transaction=True)


def logged_in(user, lang: str = "en") -> Client:  # type: ignore[no-untyped-def]
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    client.force_login(user)
    return client


def test_a_profile_offers_a_challenge_to_others_but_not_to_oneself_or_a_bot(make_user) -> None:
    anna, robo = make_user("anna"), make_user("robo")
    make_user("ben")
    robo.is_bot = True
    robo.save(update_fields=["is_bot"])
    assert (
        'data-testid="challenge-link"'
        not in logged_in(anna).get("/accounts/u/robo/").content.decode()
    )
    page = logged_in(anna).get("/accounts/u/ben/").content.decode()
    assert 'data-testid="challenge-link"' in page and "/challenges/new/ben/" in page
    own = logged_in(anna).get("/accounts/u/anna/").content.decode()
    assert 'data-testid="challenge-link"' not in own
    assert 'data-testid="challenge-link"' not in Client().get("/accounts/u/ben/").content.decode()


def test_the_form_lists_every_game_and_the_lobbys_time_controls(make_user) -> None:
    anna, _ben = make_user("anna"), make_user("ben")
    page = logged_in(anna).get("/challenges/new/ben/").content.decode()
    games = re.findall(r'<option value="([a-z_]+)" data-seat-counts', page)
    assert {"one_poker", "spectacular_bid", "bridge", "dou_dizhu", "holdem"} <= set(games)
    for choice in ("standard", "relaxed", "long", "untimed"):
        assert f'value="{choice}"' in page
    assert "with 2 computer players" in page  # bridge: two seats beyond the two players


def test_posting_the_form_makes_the_challenge_and_shows_its_page(make_user) -> None:
    anna, ben = make_user("anna"), make_user("ben")
    client = logged_in(anna)
    response = client.post(
        "/challenges/new/ben/", {"game": "one_poker", "time_control": "standard", "rated": "1"}
    )
    made = Challenge.objects.get(challenger=anna, challenged=ben)
    assert response["Location"] == f"/challenges/{made.pk}/"
    assert made.rated and made.status == ChallengeStatus.OPEN
    page = client.get(response["Location"]).content.decode()
    assert "You challenged ben" in page and 'data-testid="challenge-cancel"' in page


def test_a_refused_challenge_is_a_message_and_makes_nothing(make_user) -> None:
    anna = make_user("anna")
    response = logged_in(anna).post("/challenges/new/anna/", {"game": "one_poker"}, follow=True)
    assert "you cannot challenge yourself" in response.content.decode()
    assert not Challenge.objects.exists()


def test_refusals_read_in_german(make_user) -> None:
    anna = make_user("anna")
    response = logged_in(anna, "de").post(
        "/challenges/new/anna/", {"game": "one_poker"}, follow=True
    )
    assert "du kannst dich nicht selbst herausfordern" in response.content.decode()


def test_the_challenge_page_is_only_for_its_two_players(make_user) -> None:
    anna, ben, cleo = make_user("anna"), make_user("ben"), make_user("cleo")
    made = services.challenge_create(user_id=anna.pk, username="ben", game_slug="one_poker")
    page = logged_in(ben).get(f"/challenges/{made.pk}/").content.decode()
    assert "anna challenges you" in page and 'data-testid="challenge-accept"' in page
    assert logged_in(cleo).get(f"/challenges/{made.pk}/").status_code == 404


def test_the_lobby_lists_a_received_challenge_and_accepting_goes_to_the_match(make_user) -> None:
    anna, ben = make_user("anna"), make_user("ben")
    made = services.challenge_create(user_id=anna.pk, username="ben", game_slug="one_poker")
    client = logged_in(ben)
    lobby = client.get("/").content.decode()
    assert f'data-testid="challenge-received" data-challenge-id="{made.pk}"' in lobby
    panel = client.get("/challenges/open/").content.decode()
    assert f"/challenges/{made.pk}/accept/" in panel
    response = client.post(f"/challenges/{made.pk}/accept/")
    match = Match.objects.get()
    assert response["Location"] == f"/match/{match.pk}/"
    assert 'data-testid="challenge-received"' not in client.get("/").content.decode()


def test_declining_from_the_lobby_tells_the_challengers_page(make_user) -> None:
    anna, ben = make_user("anna"), make_user("ben")
    made = services.challenge_create(user_id=anna.pk, username="ben", game_slug="one_poker")
    logged_in(ben).post(f"/challenges/{made.pk}/decline/")
    page = logged_in(anna).get(f"/challenges/{made.pk}/").content.decode()
    assert 'data-status="declined"' in page and "declined" in page
    answer = logged_in(ben).post(f"/challenges/{made.pk}/accept/", follow=True)
    assert "the challenge has been declined" in answer.content.decode()
    assert not Match.objects.exists()


def test_the_challenge_pages_read_in_chinese(make_user) -> None:
    anna, _ben = make_user("anna"), make_user("ben")
    page = logged_in(anna, "zh-hans").get("/challenges/new/ben/").content.decode()
    assert "挑战 ben" in page and "发送挑战" in page and "Send the challenge" not in page


def test_the_pages_need_a_login(make_user) -> None:
    make_user("ben")
    for url in ("/challenges/new/ben/", "/challenges/open/", "/challenges/1/"):
        assert Client().get(url)["Location"].startswith("/accounts/login/")


def test_an_expired_challenge_reads_expired_and_offers_no_answer(make_user) -> None:
    anna, ben = make_user("anna"), make_user("ben")
    made = services.challenge_create(user_id=anna.pk, username="ben", game_slug="one_poker")
    Challenge.objects.filter(pk=made.pk).update(expires_at=timezone.now())
    page = logged_in(ben).get(f"/challenges/{made.pk}/").content.decode()
    assert 'data-status="expired"' in page and 'data-testid="challenge-accept"' not in page
    assert 'data-testid="challenge-received"' not in logged_in(ben).get("/").content.decode()
