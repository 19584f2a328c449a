"""Throttles hold under parallel requests (issue 28, item 7): every throttle and the log-in limit
is one atomic step in Redis (``config.rate_counter``), so exactly the limit gets through however
many requests arrive at once.

Against a real daphne and Redis (a stack of this module's own, web only): the review's 12 threads
reading the API 1,300 times against a limit of 1,200 per minute, and 16 threads trying passwords
against the per-address log-in limit.  The in-process tests fire threads through Django's
test client at the real Redis, with small limits.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.test import Client

from support.parallel import fire
from support.stack import Stack, build_stack, unique

# --- in-process: the test client's threads against the real Redis ---------------------------------


@pytest.mark.django_db(transaction=True)
def test_parallel_log_in_attempts_from_one_address_get_exactly_the_log_in_rate(
    real_redis, settings
) -> None:
    settings.LOGIN_RATE = "30/hour"
    address = "203.0.113.77"

    def attempt(i: int) -> Callable[[], int]:
        def call() -> int:
            body = json.dumps({"username": f"nobody-{i}", "password": "guess"})
            client = Client(REMOTE_ADDR=address)
            return client.post("/api/v1/auth/login/", body, "application/json").status_code

        return call

    statuses = fire(16, [attempt(i) for i in range(48)])
    assert statuses == Counter({400: 30, 429: 18})


@pytest.mark.django_db(transaction=True)
def test_parallel_api_reads_of_one_account_get_exactly_the_list_rate(
    real_redis, settings, make_user
) -> None:
    settings.API_LIST_RATE = "40/hour"
    owner = Client()
    owner.force_login(make_user())
    session = owner.cookies["sessionid"].value

    def read() -> int:
        client = Client()
        client.cookies.load({"sessionid": session})
        return client.get("/api/v1/").status_code

    statuses = fire(12, [read] * 60)
    assert statuses == Counter({200: 40, 429: 20})


def test_without_redis_the_counters_let_requests_through(settings, caplog) -> None:
    """Redis away (restarting): the request is let through with a warning; the lockout, in the
    database, still counts wrong passwords."""
    from config.rate_counter import Rate, hit

    settings.RATE_LIMITS_REDIS_URL = "redis://127.0.0.1:1/0"
    assert [hit("login:192.0.2.1", Rate.parse("1/hour")) for _ in range(3)] == [None] * 3
    assert "rate counters unavailable" in caplog.text


def test_a_refused_request_is_told_when_the_oldest_one_leaves_the_window(real_redis) -> None:
    from config.rate_counter import Rate, hit

    rate = Rate.parse("2/minute")
    assert hit("list:user:1", rate) is None and hit("list:user:1", rate) is None
    wait = hit("list:user:1", rate)
    assert wait is not None and 59 < wait <= 60
    assert hit("list:user:2", rate) is None  # each account counts for itself


# --- real processes: daphne on PostgreSQL + Redis -------------------------------------------------


@pytest.fixture(scope="module")
def web_stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    """A daphne of this module's own (no workers): a log-in rate of 20/hour rather than the
    shared stacks' 100,000 (and fewer than production's 60: every admitted attempt costs a
    production password hash, ~1 s of CPU on a loaded machine), and its 127.0.0.1 is nobody
    else's.  The
    embedded mode (SQLite, a Redis server of its own): the throttles count in Redis either way,
    and a hundred parallel requests cannot run into other test runs' use of the machine's
    PostgreSQL connections (``too many clients`` there answered some of them 500)."""
    run_dir = Path(tmp_path_factory.mktemp("throttles")) / "stack"
    stack = build_stack(
        run_dir,
        "embedded",
        workers=False,
        sweeper=False,
        extra_env={"LOGIN_RATE": "20/hour", "API_LIST_RATE": "1200/minute"},
    )
    yield stack
    stack.stop()


def http_status(request: urllib.request.Request) -> int:
    try:
        with urllib.request.urlopen(request, timeout=300) as response:
            return int(response.status)
    except urllib.error.HTTPError as refused:
        text = refused.read()
        assert refused.code in (400, 429), (refused.code, text[-2000:])
        body = json.loads(text)
        if refused.code == 429:  # every 429 of the API names its code
            assert body["code"] in ("throttled", "locked_out") and body["detail"]
            assert int(refused.headers["Retry-After"]) > 0
        return int(refused.code)


@pytest.mark.system
def test_twelve_threads_reading_the_api_get_exactly_the_1200_a_minute(web_stack) -> None:
    # A bot account's token: logging in would spend one of the address's log-in attempts,
    # which the test below counts.
    secret = web_stack.django(
        "import json\n"
        "from accounts.models import User\n"
        "from accounts import services\n"
        f"u = User.objects.create_user(username={unique('reader')!r}, password='pw-reader-123')\n"
        "services.bot_upgrade(user_id=u.pk)\n"
        "print(json.dumps(services.token_create(user_id=u.pk, name='reader')[1]))"
    )

    def read() -> int:
        request = urllib.request.Request(
            f"{web_stack.base_url}/api/v1/", headers={"Authorization": f"Bearer {secret}"}
        )
        return http_status(request)

    statuses = fire(12, [read] * 1300)
    assert statuses == Counter({200: 1200, 429: 100})


@pytest.mark.system
def test_sixteen_threads_trying_passwords_get_exactly_the_log_in_rate(web_stack) -> None:
    name = unique("sprayed")

    def attempt(i: int) -> Callable[[], int]:
        def call() -> int:
            # One password per user name (the lockout counts per name and address; this limit
            # is the one that stops an address from spraying one password over many names).
            body = {"username": f"{name}-{i}", "password": "Summer2026!"}
            request = urllib.request.Request(
                f"{web_stack.base_url}/api/v1/auth/login/",
                data=json.dumps(body).encode(),
                headers={"Content-Type": "application/json"},
                method="POST",
            )
            return http_status(request)

        return call

    statuses = fire(16, [attempt(i) for i in range(48)])
    assert statuses == Counter({400: 20, 429: 28})
