"""Every 429 the API answers carries the one error shape (issue 28, item 10): ``code``, ``detail``
and ``Retry-After`` — the log-in lockout's answer lacked ``code``."""

from __future__ import annotations

import json

import pytest
from django.core.cache import cache
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_counters() -> None:
    cache.clear()  # the per-process rate counters of the in-process tests


def api_login(client: Client, username: str, password: str):  # type: ignore[no-untyped-def]
    body = json.dumps({"username": username, "password": password})
    return client.post("/api/v1/auth/login/", body, content_type="application/json")


def assert_shape(response, code: str) -> None:  # type: ignore[no-untyped-def]
    assert response.status_code == 429
    body = response.json()
    assert body["code"] == code and body["detail"]
    assert int(response["Retry-After"]) > 0


def test_the_log_in_lockout_answers_with_the_code_locked_out(make_user) -> None:
    user = make_user()
    client = Client(REMOTE_ADDR="203.0.113.31")
    for i in range(4):
        assert api_login(client, user.username, f"guess-{i}").status_code == 400
    assert_shape(api_login(client, user.username, "guess-4"), "locked_out")
    assert_shape(api_login(client, user.username, "pw-123456!"), "locked_out")


def test_the_log_in_rate_answers_with_the_code_throttled(settings) -> None:
    settings.LOGIN_RATE = "2/hour"
    client = Client(REMOTE_ADDR="203.0.113.32")
    assert [api_login(client, f"n{i}", "x").status_code for i in range(2)] == [400, 400]
    assert_shape(api_login(client, "n2", "x"), "throttled")


def test_the_read_rate_answers_with_the_code_throttled(settings) -> None:
    settings.API_LIST_RATE = "1/hour"
    client = Client(REMOTE_ADDR="203.0.113.33")
    assert client.get("/api/v1/games/").status_code == 200
    assert_shape(client.get("/api/v1/users/"), "throttled")


def test_the_admin_log_in_counts_against_the_same_log_in_rate(settings) -> None:
    """The third log-in path: an address spraying passwords at /admin/login/ meets LOGIN_RATE
    too (it met only the per-name lockout)."""
    settings.LOGIN_RATE = "2/hour"
    client = Client(REMOTE_ADDR="203.0.113.34")
    statuses = [
        client.post("/admin/login/", {"username": f"n{i}", "password": "x"}).status_code
        for i in range(3)
    ]
    assert statuses == [200, 200, 429]
    assert api_login(client, "n3", "x").status_code == 429  # one count for every path
