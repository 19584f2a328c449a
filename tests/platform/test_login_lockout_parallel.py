"""The lockout holds under parallel guesses (issue 28 follow-up): each log-in attempt reserves one
of the (user name, address) pair's ``LOGIN_FAILURE_LIMIT`` password checks before its password is
checked (``accounts.login_budget``, one step in Redis), so however many guesses arrive at once,
exactly the limit of passwords is checked; the rest get the lockout's answer.

Password checks are counted by the line the account backend logs for each one.  In-process:
threads through Django's test client, counting in the machine's Redis.  Real processes: a daphne
of this module's own (web only, embedded mode), its log read from its file.
"""

from __future__ import annotations

import json
import logging
import time
import urllib.error
import urllib.request
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

from support.parallel import fire
from support.stack import Stack, build_stack, unique

PASSWORD = "pw-123456!"  # tests/conftest.py's make_user
LIMIT = 5  # LOGIN_FAILURE_LIMIT's default
LOCKED = (429, "locked_out")
WRONG = (400, "wrong_credentials")
GERMAN_LOCKOUT = "Zu viele fehlgeschlagene Anmeldungen für diesen Benutzer von deiner Adresse"


def api_login(address: str, username: str, password: str):  # type: ignore[no-untyped-def]
    return Client(REMOTE_ADDR=address).post(
        "/api/v1/auth/login/",
        json.dumps({"username": username, "password": password}),
        content_type="application/json",
    )


def answer(response) -> tuple[int, str]:  # type: ignore[no-untyped-def]
    return response.status_code, response.json().get("code", "")


def guesses(address: str, username: str, count: int) -> list[Callable[[], tuple[int, str]]]:
    def guess(i: int) -> Callable[[], tuple[int, str]]:
        return lambda: answer(api_login(address, username, f"guess-{i}"))

    return [guess(i) for i in range(count)]


@pytest.fixture
def checks(caplog: pytest.LogCaptureFixture) -> Callable[[str], int]:
    """How many passwords the account backend checked for a user name (from every thread)."""
    caplog.set_level(logging.INFO, logger="accounts.backends")

    def count(username: str) -> int:
        return sum(
            1
            for record in caplog.records
            if record.name == "accounts.backends"
            and record.getMessage().startswith(f"checked the password for {username!r} ")
        )

    return count


# --- in-process: the test client's threads against the real Redis ---------------------------------


@pytest.mark.django_db(transaction=True)
def test_sixteen_parallel_guesses_at_one_user_name_check_exactly_the_failure_limit(
    real_redis, make_user, checks
) -> None:
    user = make_user()
    answers = fire(16, guesses("203.0.113.31", user.username, 16))
    assert checks(user.username) == LIMIT
    # The checked ones are wrong (the one that reaches the limit may already say so); the rest get
    # the lockout's answer without their password being looked at.
    assert set(answers) <= {WRONG, LOCKED}
    assert answers[LOCKED] >= 16 - LIMIT
    # The right password now is refused the same way, unchecked.
    assert answer(api_login("203.0.113.31", user.username, PASSWORD)) == LOCKED
    assert checks(user.username) == LIMIT


@pytest.mark.django_db(transaction=True)
def test_the_budget_is_per_user_name_and_address(real_redis, make_user, checks) -> None:
    user, other = make_user(), make_user()
    fire(16, guesses("203.0.113.32", user.username, 16))
    # The owner elsewhere, and another name from the same address, are not locked out.
    assert api_login("198.51.100.32", user.username, PASSWORD).status_code == 200
    assert api_login("203.0.113.32", other.username, PASSWORD).status_code == 200
    assert checks(user.username) == LIMIT + 1


@pytest.mark.django_db(transaction=True)
def test_a_right_password_after_a_parallel_lockout_is_refused_until_the_lockout_ends(
    real_redis, make_user, settings, checks
) -> None:
    settings.AXES_COOLOFF_TIME = timedelta(seconds=2)
    user = make_user()
    fire(16, guesses("203.0.113.33", user.username, 16))
    assert answer(api_login("203.0.113.33", user.username, PASSWORD)) == LOCKED
    time.sleep(1)
    # Each refused attempt restarts the wait (axes records it).
    assert answer(api_login("203.0.113.33", user.username, PASSWORD)) == LOCKED
    assert checks(user.username) == LIMIT
    time.sleep(2.2)
    right = api_login("203.0.113.33", user.username, PASSWORD)
    assert right.status_code == 200 and right.json()["username"] == user.username
    assert checks(user.username) == LIMIT + 1


@pytest.mark.django_db(transaction=True)
def test_a_right_password_gives_the_budget_back(real_redis, make_user, checks) -> None:
    user = make_user()
    for _ in range(2):
        assert [
            answer(api_login("203.0.113.34", user.username, f"typo-{i}")) for i in range(LIMIT - 1)
        ] == [WRONG] * (LIMIT - 1)
        assert api_login("203.0.113.34", user.username, PASSWORD).status_code == 200
    # After a success, a parallel burst again gets exactly the limit of checks.
    fire(16, guesses("203.0.113.34", user.username, 16))
    assert checks(user.username) == 2 * LIMIT + LIMIT


@pytest.mark.django_db(transaction=True)
def test_lifting_a_lockout_in_the_database_lifts_it_once_no_check_is_in_flight(
    real_redis, make_user, monkeypatch, checks
) -> None:
    from accounts import login_budget

    # Shorter than production's minute, but longer than the sixteen guesses can take to arrive on
    # a machine three times oversubscribed: with 1 s, guesses that came over a second after the
    # fifth reservation found fewer than five failures recorded yet and were checked (seen once).
    monkeypatch.setattr(login_budget, "IN_FLIGHT_S", 5)
    user = make_user()
    fire(16, guesses("203.0.113.35", user.username, 16))
    call_command("axes_reset", verbosity=0)  # what an operator runs
    time.sleep(5.2)
    assert api_login("203.0.113.35", user.username, PASSWORD).status_code == 200
    assert checks(user.username) == LIMIT + 1


@pytest.mark.django_db(transaction=True)
def test_the_log_in_page_refuses_parallel_guesses_with_its_lockout_message_in_german(
    real_redis, make_user, checks
) -> None:
    user = make_user()

    def guess(i: int) -> Callable[[], tuple[int, bool]]:
        def call() -> tuple[int, bool]:
            response = Client(REMOTE_ADDR="203.0.113.36").post(
                "/accounts/login/",
                {"username": user.username, "password": f"guess-{i}"},
                headers={"Accept-Language": "de"},
            )
            return response.status_code, GERMAN_LOCKOUT in response.content.decode()

        return call

    answers = fire(12, [guess(i) for i in range(12)])
    assert checks(user.username) == LIMIT
    # The form again for the checked ones (the page that reaches the limit may be the lockout);
    # the rest: the lockout page, in German.
    assert set(answers) <= {(200, False), (429, True)}
    assert answers[(429, True)] >= 12 - LIMIT


# --- real processes: daphne and its Redis -------------------------------------------------------


@pytest.fixture(scope="module")
def web_stack(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    """A daphne of this module's own (no workers), embedded mode (SQLite, a Redis server of its
    own): its log holds only this module's log-ins.  Production password hashing: each check
    costs real CPU, as an attacker's guesses would."""
    run_dir = Path(tmp_path_factory.mktemp("lockout")) / "stack"
    stack = build_stack(run_dir, "embedded", workers=False, sweeper=False)
    yield stack
    stack.stop()


def http_answer(stack: Stack, username: str, password: str) -> tuple[int, str]:
    request = urllib.request.Request(
        f"{stack.base_url}/api/v1/auth/login/",
        data=json.dumps({"username": username, "password": password}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=300) as response:
            return int(response.status), ""
    except urllib.error.HTTPError as refused:
        body = json.loads(refused.read())
        if refused.code == 429:
            assert int(refused.headers["Retry-After"]) > 0 and body["detail"]
        return int(refused.code), str(body["code"])


@pytest.mark.system
def test_sixteen_parallel_guesses_on_a_real_daphne_check_exactly_the_failure_limit(
    web_stack,
) -> None:
    name = unique("guessed")
    web_stack.django(
        "from accounts.models import User\n"
        f"User.objects.create_user(username={name!r}, password={PASSWORD!r})\n"
        "print('null')"
    )
    answers = fire(16, [lambda i=i: http_answer(web_stack, name, f"guess-{i}") for i in range(16)])
    assert set(answers) <= {WRONG, LOCKED} and answers[LOCKED] >= 16 - LIMIT
    assert http_answer(web_stack, name, PASSWORD) == LOCKED

    log = (web_stack.run_dir / "web.log").read_text()
    checked = Counter(
        line.rsplit(": ", 1)[-1]
        for line in log.splitlines()
        if f"checked the password for {name!r} from " in line
    )
    assert checked == Counter({"wrong": LIMIT})
