"""API tokens are created and revoked from a signed-in session only, and all of an account's
tokens are revoked in one action (issue 28, item 5): with token A as Bearer, ``POST
/api/v1/tokens/`` had created token B, which kept working after A was revoked."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from accounts.models import ApiToken

pytestmark = pytest.mark.django_db


def bot_session(make_user, name: str = "robo") -> tuple[object, Client]:  # type: ignore[no-untyped-def]
    user = make_user(name)
    client = Client()
    client.force_login(user)
    assert client.post("/api/v1/account/bot/").status_code == 200
    return user, client


def new_token(session: Client, name: str = "server") -> dict:  # type: ignore[type-arg]
    created = session.post("/api/v1/tokens/", {"name": name}, "application/json")
    assert created.status_code == 201
    return created.json()


def test_a_token_cannot_create_a_token(make_user) -> None:
    user, session = bot_session(make_user)
    token = new_token(session)["token"]
    bot = Client(HTTP_AUTHORIZATION=f"Bearer {token}")
    refused = bot.post("/api/v1/tokens/", {"name": "minted"}, "application/json")
    assert refused.status_code == 403
    assert refused.json() == {
        "code": "session_required",
        "detail": "API tokens are created and revoked from a signed-in session, not with a token",
    }
    assert ApiToken.objects.filter(user=user).count() == 1


def test_a_token_cannot_revoke_tokens(make_user) -> None:
    user, session = bot_session(make_user)
    first, second = new_token(session, "a"), new_token(session, "b")
    bot = Client(HTTP_AUTHORIZATION=f"Bearer {first['token']}")
    one = bot.delete(f"/api/v1/tokens/{second['id']}/")
    every = bot.post("/api/v1/tokens/revoke-all/")
    for refused in (one, every):
        assert refused.status_code == 403 and refused.json()["code"] == "session_required"
    assert ApiToken.objects.filter(user=user, revoked_at__isnull=True).count() == 2
    # The token still reads (the list shows no secret) and plays.
    assert bot.get("/api/v1/tokens/").json()["count"] == 2


def test_revoking_all_tokens_is_one_action_and_each_stops_working(make_user) -> None:
    user, session = bot_session(make_user)
    secrets = [new_token(session, f"t{i}")["token"] for i in range(3)]
    other_user, other_session = bot_session(make_user, "another")
    kept = new_token(other_session)["token"]
    answer = session.post("/api/v1/tokens/revoke-all/")
    assert answer.status_code == 200 and answer.json() == {"revoked": 3}
    for secret in secrets:
        assert Client(HTTP_AUTHORIZATION=f"Bearer {secret}").get("/api/v1/").status_code == 401
    assert Client(HTTP_AUTHORIZATION=f"Bearer {kept}").get("/api/v1/").status_code == 200
    assert session.post("/api/v1/tokens/revoke-all/").json() == {"revoked": 0}


def test_the_account_page_creates_a_token_once_and_revokes_all_with_one_button(
    make_user,
) -> None:
    user, session = bot_session(make_user)
    page = session.post("/accounts/account/", {"action": "create", "name": "laptop"})
    assert page.status_code == 200
    secret = re.search(r'data-testid="new-token-secret">(gpt_[^<]+)<', page.content.decode())
    assert secret is not None
    bearer = Client(HTTP_AUTHORIZATION=f"Bearer {secret.group(1)}")
    assert bearer.get("/api/v1/account/bot/").status_code == 200
    new_token(session, "api-made")
    listing = session.get("/accounts/account/").content.decode()
    assert secret.group(1) not in listing  # shown once
    assert 'data-testid="tokens-revoke-all"' in listing
    done = session.post("/accounts/account/", {"action": "revoke_all"}, follow=True)
    assert "2 tokens were revoked." in done.content.decode()
    assert not ApiToken.objects.filter(user=user, revoked_at__isnull=True).exists()
    assert bearer.get("/api/v1/account/bot/").status_code == 401


def test_the_account_page_speaks_german(make_user) -> None:
    _user, session = bot_session(make_user)
    new_token(session)
    page = session.get("/accounts/account/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Dein Konto" in page and "Das offene Token widerrufen…" in page


def test_the_account_page_needs_a_signed_in_person(make_user) -> None:
    assert Client().get("/accounts/account/").status_code == 302  # to the log-in page
    _user, session = bot_session(make_user)
    token = new_token(session)["token"]
    # A token is no session: the page does not know its bearer.
    page = Client(HTTP_AUTHORIZATION=f"Bearer {token}").post(
        "/accounts/account/", {"action": "create", "name": "minted"}
    )
    assert page.status_code == 302 and ApiToken.objects.count() == 1
