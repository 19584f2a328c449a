"""The account page's bot account and API tokens (issue #31, item 5): the same services as the
API, a token's secret shown once and nowhere else (not on the next page, not in a log line, not in
an error), revocation only of one's own tokens and only behind a confirm box, CSRF on every
write."""

from __future__ import annotations

import logging
import re

import pytest
from django.test import Client

from accounts.models import ApiToken
from accounts.services import BOT_TOKEN_LIMIT, bot_upgrade, token_create
from live.services import SeatSpec, match_start

pytestmark = pytest.mark.django_db

PAGE = "/accounts/account/"


def signed_in(user) -> Client:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    return client


def bot(make_user, name: str):  # type: ignore[no-untyped-def]
    user = make_user(name)
    bot_upgrade(user_id=user.pk)
    user.refresh_from_db()
    return user


def secret_on(page: str) -> str:
    found = re.search(r'data-testid="new-token-secret">(gpt_[^<]+)<', page)
    assert found is not None
    return found.group(1)


def test_revoking_someone_elses_token_is_refused_and_changes_nothing(make_user) -> None:
    anna, bob = bot(make_user, "anna"), bot(make_user, "bob")
    token, secret = token_create(user_id=bob.pk, name="bob's server")
    response = signed_in(anna).post(
        PAGE, {"action": "revoke", "token_id": str(token.pk)}, follow=True
    )
    assert "No such open token of yours." in response.content.decode()
    token.refresh_from_db()
    assert token.revoked_at is None
    assert Client(HTTP_AUTHORIZATION=f"Bearer {secret}").get("/api/v1/account/bot/").json() == {
        "username": "bob",
        "is_bot": True,
    }


@pytest.mark.parametrize("token_id", ["", "abc", "-1", "999999"])
def test_revoking_a_token_that_is_not_there_is_refused_politely(make_user, token_id) -> None:
    anna = bot(make_user, "anna")
    token, _secret = token_create(user_id=anna.pk, name="kept")
    response = signed_in(anna).post(PAGE, {"action": "revoke", "token_id": token_id}, follow=True)
    assert response.status_code == 200
    assert "No such open token of yours." in response.content.decode()
    token.refresh_from_db()
    assert token.revoked_at is None


def test_revoking_ones_own_token_from_the_page_stops_it(make_user) -> None:
    anna = bot(make_user, "anna")
    token, secret = token_create(user_id=anna.pk, name="old laptop")
    response = signed_in(anna).post(
        PAGE, {"action": "revoke", "token_id": str(token.pk)}, follow=True
    )
    assert "The token was revoked." in response.content.decode()
    assert (
        Client(HTTP_AUTHORIZATION=f"Bearer {secret}").get("/api/v1/account/bot/").status_code == 401
    )


def test_a_new_tokens_secret_is_shown_once_and_never_in_logs_or_errors(make_user, caplog) -> None:
    anna = bot(make_user, "anna")
    session = signed_in(anna)
    caplog.set_level(logging.DEBUG)
    created = session.post(PAGE, {"action": "create", "name": "server 2"})
    assert created.status_code == 200
    secret = secret_on(created.content.decode())
    assert "no-store" in created["Cache-Control"]  # not kept by a cache or back/forward
    api_made = session.post("/api/v1/tokens/", {"name": "api"}, "application/json").json()["token"]
    # Errors after it: a name missing, the limit reached, an unknown action.
    assert session.post(PAGE, {"action": "create", "name": ""}).status_code == 400
    open_now = ApiToken.objects.filter(user=anna, revoked_at__isnull=True).count()
    for n in range(BOT_TOKEN_LIMIT - open_now):
        token_create(user_id=anna.pk, name=f"t{n}")
    refused = session.post(PAGE, {"action": "create", "name": "one too many"})
    assert f"At most {BOT_TOKEN_LIMIT} open tokens" in refused.content.decode()
    unknown = session.post(PAGE, {"action": "nonsense"}, follow=True)
    later = session.get(PAGE).content.decode()
    prefix = ApiToken.objects.get(user=anna, name="server 2").prefix
    assert f"{prefix}…" in later and secret.startswith(prefix)
    for text in (
        later,
        refused.content.decode(),
        unknown.content.decode(),
        session.get("/api/v1/tokens/").content.decode(),
        caplog.text,
    ):
        assert secret not in text and api_made not in text
        assert secret[len(prefix) :] not in text


def test_the_page_refuses_a_write_without_its_csrf_token(make_user) -> None:
    anna = bot(make_user, "anna")
    token, _secret = token_create(user_id=anna.pk, name="kept")
    forged = Client(enforce_csrf_checks=True)
    forged.force_login(anna)
    assert forged.post(PAGE, {"action": "create", "name": "forged"}).status_code == 403
    assert forged.post(PAGE, {"action": "revoke", "token_id": str(token.pk)}).status_code == 403
    assert forged.post(PAGE, {"action": "revoke_all"}).status_code == 403
    assert list(ApiToken.objects.values_list("name", "revoked_at")) == [("kept", None)]


def test_every_revoke_button_sits_behind_a_confirm_box(make_user) -> None:
    anna = bot(make_user, "anna")
    for name in ("a", "b"):
        token_create(user_id=anna.pk, name=name)
    page = signed_in(anna).get(PAGE).content.decode()
    boxes = re.findall(r'<details class="confirm-box".*?</details>', page, re.S)
    buttons = re.findall(r'data-testid="(token-revoke|tokens-revoke-all)"', page)
    assert len(buttons) == 3
    assert sum(b.count('data-testid="token-revoke"') for b in boxes) == 2
    assert sum(b.count('data-testid="tokens-revoke-all"') for b in boxes) == 1
    assert page.count("<summary") == len(boxes)  # each box opens by keyboard (summary)


def test_a_person_becomes_a_bot_account_from_the_page_only_before_any_match(make_user) -> None:
    fresh, player = make_user("fresh"), make_user("player")
    match_start(
        game_slug="one_poker", seats=[SeatSpec(user_id=player.pk), SeatSpec(ai_level="random")]
    )
    page = signed_in(fresh).get(PAGE).content.decode()
    assert 'data-testid="become-bot-confirm"' in page and 'data-testid="token-form"' not in page
    signed_in(fresh).post(PAGE, {"action": "become_bot"})
    fresh.refresh_from_db()
    assert fresh.is_bot
    refused = signed_in(player).post(PAGE, {"action": "become_bot"}, follow=True)
    assert "Only an account that has not played any match can become a bot." in (
        refused.content.decode()
    )
    player.refresh_from_db()
    assert not player.is_bot


def test_the_page_speaks_german(make_user) -> None:
    anna = bot(make_user, "anna")
    session = signed_in(anna)
    created = session.post(
        PAGE, {"action": "create", "name": "x"}, HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    for words in ("Token kopieren", "Widerrufen…", "Das offene Token widerrufen…", "Bot-Konto"):
        assert words in created


def test_the_new_token_box_names_the_header_to_send_it_in(make_user) -> None:
    anna = bot(make_user, "anna")
    page = signed_in(anna).post(PAGE, {"action": "create", "name": "x"}).content.decode()
    assert "<code>Authorization: Bearer &lt;token&gt;</code>" in page
