"""Log-in and sign-up under attack (issue 15, item 4): the lockout after wrong passwords on both
log-in paths (django-axes), the per-address attempt rates (DRF's throttle), and log-in CSRF on the
JSON log-in."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from django.core.cache import cache
from django.test import Client

pytestmark = pytest.mark.django_db

PASSWORD = "pw-123456!"  # tests/conftest.py's make_user
EVIL = "http://evil.example"


@pytest.fixture(autouse=True)
def _fresh_counters(settings) -> Iterator[None]:
    cache.clear()  # the per-address counters
    yield
    cache.clear()


def api_login(client: Client, username: str, password: str, **headers: str):  # type: ignore[no-untyped-def]
    return client.post(
        "/api/auth/login/",
        json.dumps({"username": username, "password": password}),
        content_type="application/json",
        headers=headers,
    )


def form_login(client: Client, username: str, password: str, **extra: str):  # type: ignore[no-untyped-def]
    return client.post("/accounts/login/", {"username": username, "password": password}, **extra)


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def test_forty_wrong_passwords_on_the_api_then_the_right_one_is_refused(make_user) -> None:
    user = make_user()
    client = Client()
    statuses = [api_login(client, user.username, f"guess-{i}").status_code for i in range(40)]
    # Four wrong passwords are answered as such; the fifth locks this user name for this address
    # (LOGIN_FAILURE_LIMIT), and the answer says so and when to come back.
    assert statuses[:4] == [400] * 4
    assert set(statuses[4:]) == {429}
    right = api_login(client, user.username, PASSWORD)
    assert right.status_code == 429
    assert int(right["Retry-After"]) > 0
    assert "Too many failed log-ins" in right.json()["detail"]
    assert not logged_in(client)


def test_the_lockout_holds_for_that_address_only_and_a_success_resets_the_count(
    make_user,
) -> None:
    user = make_user()
    attacker = Client(REMOTE_ADDR="203.0.113.9")
    for i in range(5):
        api_login(attacker, user.username, f"guess-{i}")
    assert api_login(attacker, user.username, PASSWORD).status_code == 429
    # The owner, elsewhere, is not locked out by someone guessing their password.
    owner = Client(REMOTE_ADDR="198.51.100.20")
    for i in range(4):
        assert api_login(owner, user.username, f"typo-{i}").status_code == 400
    assert api_login(owner, user.username, PASSWORD).status_code == 200
    assert logged_in(owner)
    # ... and their successful log-in cleared their own four failures.
    fresh = Client(REMOTE_ADDR="198.51.100.20")
    for i in range(4):
        assert api_login(fresh, user.username, f"typo-{i}").status_code == 400
    assert api_login(fresh, user.username, PASSWORD).status_code == 200


def test_the_log_in_page_locks_out_at_the_fifth_wrong_password(make_user) -> None:
    user = make_user()
    client = Client()
    for i in range(4):
        response = form_login(client, user.username, f"guess-{i}")
        assert response.status_code == 200  # the form again, with its error
    locked = form_login(client, user.username, "guess-4")
    assert locked.status_code == 429
    right = form_login(client, user.username, PASSWORD)
    assert right.status_code == 429
    assert "Too many failed log-ins" in right.content.decode()
    assert 'data-testid="login-form"' in right.content.decode()  # the page, not a bare error
    assert not logged_in(client)


def test_both_log_in_paths_count_towards_one_lockout(make_user) -> None:
    user = make_user()
    client = Client()
    for i in range(3):
        form_login(client, user.username, f"guess-{i}")
    assert api_login(client, user.username, "guess-api").status_code == 400
    assert api_login(client, user.username, "guess-api-2").status_code == 429  # the fifth
    assert api_login(client, user.username, PASSWORD).status_code == 429
    assert form_login(client, user.username, PASSWORD).status_code == 429


def test_one_address_trying_many_user_names_runs_into_the_log_in_rate(make_user, settings) -> None:
    settings.LOGIN_RATE = "6/hour"
    users = [make_user() for _ in range(8)]
    client = Client(REMOTE_ADDR="203.0.113.50")
    statuses = [
        (api_login if i % 2 else form_login)(client, u.username, "password1").status_code
        for i, u in enumerate(users)
    ]
    # Wrong passwords, each answered as such (the form page again, or 400), until the rate.
    assert statuses == [200, 400, 200, 400, 200, 400, 429, 429]
    # Another address is unaffected.
    assert (
        api_login(Client(REMOTE_ADDR="198.51.100.1"), users[0].username, PASSWORD).status_code
        == 200
    )


def test_sign_up_is_rate_limited_per_address(settings) -> None:
    settings.SIGNUP_RATE = "3/hour"
    client = Client(REMOTE_ADDR="203.0.113.77")
    statuses = []
    for i in range(5):
        response = client.post(
            "/accounts/signup/",
            {
                "username": f"newbie{i}",
                "password1": "a-long-pass-987",
                "password2": "a-long-pass-987",
            },
        )
        statuses.append(response.status_code)
        client.logout()
    assert statuses == [302, 302, 302, 429, 429]
    refused = response.content.decode()
    assert "Too many attempts from your address" in refused
    assert 'data-testid="signup-form"' in refused
    from accounts.models import User

    assert not User.objects.filter(username__in=["newbie3", "newbie4"]).exists()
    other = Client(REMOTE_ADDR="198.51.100.77")
    response = other.post(
        "/accounts/signup/",
        {"username": "elsewhere", "password1": "a-long-pass-987", "password2": "a-long-pass-987"},
    )
    assert response.status_code == 302


def test_a_signed_up_player_stays_logged_in() -> None:
    client = Client()
    response = client.post(
        "/accounts/signup/",
        {"username": "stayer", "password1": "a-long-pass-987", "password2": "a-long-pass-987"},
    )
    assert response.status_code == 302
    assert client.get("/").context["user"].username == "stayer"


# --- Log-in CSRF -------------------------------------------------------------------------------


def test_a_form_post_from_a_foreign_page_does_not_log_in(make_user) -> None:
    """What a hidden form on evil.example can send: form-encoded, no token, its own Origin."""
    user = make_user()
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        "/api/auth/login/",
        {"username": user.username, "password": PASSWORD},
        headers={"Origin": EVIL, "Sec-Fetch-Site": "cross-site"},
    )
    assert response.status_code in (403, 415)
    assert not logged_in(client)
    assert "sessionid" not in response.cookies


def test_a_form_post_without_origin_does_not_log_in_either(make_user) -> None:
    user = make_user()
    client = Client(enforce_csrf_checks=True)
    response = client.post("/api/auth/login/", {"username": user.username, "password": PASSWORD})
    assert response.status_code == 415
    assert not logged_in(client)


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": EVIL},
        {"Origin": "null"},
        {"Origin": "http://testserver.evil.example"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
    ],
)
def test_json_from_another_site_is_refused(make_user, headers) -> None:
    user = make_user()
    client = Client(enforce_csrf_checks=True)
    response = api_login(client, user.username, PASSWORD, **headers)
    assert response.status_code == 403
    assert not logged_in(client)


@pytest.mark.parametrize(
    "headers",
    [
        {},  # a program: no Origin, no Sec-Fetch-Site
        {"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"},
        {"Origin": "https://play.example.com"},  # listed in CSRF_TRUSTED_ORIGINS
    ],
)
def test_json_from_a_program_or_this_site_logs_in(make_user, settings, headers) -> None:
    settings.CSRF_TRUSTED_ORIGINS = ["https://play.example.com"]
    user = make_user()
    client = Client(enforce_csrf_checks=True)
    response = api_login(client, user.username, PASSWORD, **headers)
    assert response.status_code == 200, response.content
    assert response.json()["username"] == user.username
    assert logged_in(client)


def test_a_refused_attempt_never_reaches_the_password_check(
    make_user, settings, monkeypatch
) -> None:
    """Over the rate or locked out, the answer comes without checking the password at all."""
    from accounts.backends import AccountBackend

    settings.LOGIN_RATE = "2/hour"
    user = make_user()
    client = Client(REMOTE_ADDR="203.0.113.60")
    form_login(client, user.username, "guess-1")
    api_login(client, user.username, "guess-2")
    checked: list[str] = []
    original = AccountBackend.authenticate

    def counting(self, request, username=None, password=None, **kw):  # type: ignore[no-untyped-def]
        checked.append(password)
        return original(self, request, username=username, password=password, **kw)

    monkeypatch.setattr(AccountBackend, "authenticate", counting)
    assert form_login(client, user.username, PASSWORD).status_code == 429
    assert api_login(client, user.username, PASSWORD).status_code == 429
    assert checked == []
    settings.LOGIN_RATE = "100/hour"
    cache.clear()
    for i in range(3):
        form_login(client, user.username, f"guess-{i + 3}")  # five wrong in all: locked
    checked.clear()
    assert form_login(client, user.username, PASSWORD).status_code == 429
    assert api_login(client, user.username, PASSWORD).status_code == 429
    assert checked == []
