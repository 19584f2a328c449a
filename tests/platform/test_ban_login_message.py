"""A suspended account's log-in (issue #31, item 5): with the right password it says the account
is suspended and until when (or until further notice); with a wrong password, or for a name that
does not exist, it says exactly what any failed log-in says — a ban is never told to someone
without the password."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client
from django.utils import timezone

from operations.services import sanction_lift, user_ban

pytestmark = pytest.mark.django_db

GENERIC = "Please enter a correct username and password"


def log_in(username: str, password: str, language: str = "en") -> str:
    client = Client()
    client.cookies["django_language"] = language
    response = client.post("/accounts/login/", {"username": username, "password": password})
    assert response.status_code == 200  # the page again, not a redirect: nobody logged in
    assert "_auth_user_id" not in client.session
    return response.content.decode()


def test_the_right_password_of_a_banned_account_says_until_further_notice(
    make_user, operator
) -> None:
    cheat = make_user()  # a fresh name: the log-in budget per name lives in Redis
    user_ban(user_id=cheat.pk, reason="engine use", actor=operator)
    page = log_in(cheat.username, "pw-123456!")
    assert "This account is suspended until further notice." in page and GENERIC not in page
    assert "engine use" not in page  # the operators' reason is theirs


def test_a_ban_with_an_end_says_when_it_ends_in_the_readers_language(make_user, operator) -> None:
    cheat = make_user()  # a fresh name: the log-in budget per name lives in Redis
    ends = (timezone.now() + timedelta(days=3)).replace(hour=18, minute=30, second=0)
    user_ban(user_id=cheat.pk, reason="abuse", actor=operator, expires_at=ends)
    page = log_in(cheat.username, "pw-123456!")
    assert "This account is suspended until" in page and "UTC" in page
    assert str(ends.year) in page and "6:30" in page
    german = log_in(cheat.username, "pw-123456!", "de")
    assert "Dieses Konto ist gesperrt bis" in german and f"{ends.day}." in german


def test_the_longest_of_several_bans_decides_and_one_without_end_wins(make_user, operator) -> None:
    cheat = make_user()  # a fresh name: the log-in budget per name lives in Redis
    short = user_ban(
        user_id=cheat.pk,
        reason="a",
        actor=operator,
        expires_at=timezone.now() + timedelta(days=1),
    )
    user_ban(
        user_id=cheat.pk,
        reason="b",
        actor=operator,
        expires_at=datetime(2099, 1, 2, 3, 4, tzinfo=UTC),
    )
    assert "2099" in log_in(cheat.username, "pw-123456!")
    user_ban(user_id=cheat.pk, reason="c", actor=operator)
    assert "until further notice" in log_in(cheat.username, "pw-123456!")
    sanction_lift(sanction_id=short.pk, reason="appeal", actor=operator)
    assert "until further notice" in log_in(cheat.username, "pw-123456!")


def test_a_wrong_password_or_an_unknown_name_reveals_no_ban(make_user, operator) -> None:
    cheat = make_user()  # a fresh name: the log-in budget per name lives in Redis
    user_ban(user_id=cheat.pk, reason="engine use", actor=operator)
    wrong = log_in(cheat.username, "not-the-password")
    nobody = log_in(f"nobody-{cheat.username}", "not-the-password")
    for page in (wrong, nobody):
        assert GENERIC in page and "suspended" not in page


def test_the_json_log_in_says_suspended_only_after_the_right_password(make_user, operator) -> None:
    cheat = make_user()  # a fresh name: the log-in budget per name lives in Redis
    user_ban(user_id=cheat.pk, reason="engine use", actor=operator)

    def api(password: str):  # type: ignore[no-untyped-def]
        return Client().post(
            "/api/auth/login/",
            {"username": cheat.username, "password": password},
            "application/json",
        )

    right, wrong = api("pw-123456!"), api("nope")
    assert right.status_code == 403 and right.json()["code"] == "account_suspended"
    assert "until further notice" in right.json()["detail"]
    assert wrong.status_code == 400 and wrong.json()["code"] == "wrong_credentials"


def test_a_lifted_ban_logs_in_again(make_user, operator) -> None:
    cheat = make_user()  # a fresh name: the log-in budget per name lives in Redis
    ban = user_ban(user_id=cheat.pk, reason="mistake", actor=operator)
    sanction_lift(sanction_id=ban.pk, reason="mistake", actor=operator)
    client = Client()
    response = client.post(
        "/accounts/login/", {"username": cheat.username, "password": "pw-123456!"}
    )
    assert response.status_code == 302 and client.session["_auth_user_id"] == str(cheat.pk)
