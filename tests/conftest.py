"""Shared fixtures: users and the operator, an injectable clock, a clean time base and the default
language for every test."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from support.sizes import THOROUGH

# The fixtures of real processes, for every folder: stacks (shared per test process, or a test's
# own) and Chromium.  As plugins, not imports: a fixture imported into a conftest or a module is a
# fixture of that place, with a session cache of its own (a shared stack per importer).
pytest_plugins = ["support.stack", "support.browser", "support.parallel"]

# Quick by default (``make test-fast``); thorough in CI (see tests/support/sizes.py).
settings.register_profile("quick", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "thorough", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile(THOROUGH)

_names = itertools.count()


def _weight(item: pytest.Item) -> int:
    """System tests first, then browser tests, then the in-process rest."""
    if item.get_closest_marker("system"):
        return 0
    if item.get_closest_marker("browser"):
        return 1
    return 2


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Longest first: the system and browser tests (tens of seconds each, mostly waiting on real
    processes) start at once on every worker and the thousands of in-process tests fill the gaps
    and the end, so no worker idles at the end behind one long test (``make test`` hands tests
    out with ``--dist load`` in this order).  Stable: the same order on every worker."""
    items.sort(key=_weight)


@pytest.fixture(autouse=True)
def _fresh_timebase() -> Iterator[None]:
    """Every test starts with no time measurement (as a freshly started process would)."""
    try:
        from live import liveness, timebase
    except Exception:  # games-only test runs without Django apps
        yield
        return
    timebase.forget()
    liveness.forget()
    yield
    timebase.forget()
    liveness.forget()


@pytest.fixture(autouse=True)
def _language_reset() -> Iterator[None]:
    """Every test ends in the default language: a request in German leaves German active in its
    thread (Django's LocaleMiddleware does not switch back), and later tests must not inherit it."""
    yield
    try:
        from django.utils import translation

        translation.deactivate()
    except Exception:  # games-only test runs without Django settings
        pass


class FakeWall:
    """A wall clock (and a monotonic clock that agrees with it) the test moves by hand."""

    def __init__(self, start_ms: float = 1_800_000_000_000.0) -> None:
        self.now = start_ms
        self.mono = 1000.0

    def __call__(self) -> float:
        return self.now

    def monotonic(self) -> float:
        return self.mono

    def advance(self, ms: float) -> None:
        self.now += ms
        self.mono += ms / 1000


@pytest.fixture
def wall(monkeypatch: pytest.MonkeyPatch) -> FakeWall:
    from live import timebase
    from live.services import wakeups

    fake = FakeWall()
    monkeypatch.setattr(wakeups, "_covered_until_ms", 0)  # a tick's memo of the fake time
    monkeypatch.setattr(timebase, "wall_ms", fake)
    monkeypatch.setattr(timebase, "monotonic_s", fake.monotonic)
    return fake


@pytest.fixture
def make_user(db: None):  # type: ignore[no-untyped-def]
    from accounts.models import User

    def make(name: str | None = None):  # type: ignore[no-untyped-def]
        return User.objects.create_user(
            username=name or f"player{next(_names)}", password="pw-123456!"
        )

    return make


@pytest.fixture
def operator(db: None):  # type: ignore[no-untyped-def]
    """The operator account as ``manage.py ensure_operator`` makes it (staff and superuser), named
    ``op`` with the password ``op-pass-123``."""
    from accounts.services import operator_ensure

    user, _ = operator_ensure(username="op", password="op-pass-123")
    return user
