"""Real Chromium for browser tests (Playwright driving Debian's Chromium): the ``browser`` fixture
and the sign-up every test starts with, shared by tests/browser and the apps' own browser tests.

One Chromium (and one Playwright driver) serves every browser test of a test process, and each
test gets a :class:`BrowserLease`: the pages and contexts it opens are new incognito contexts
(cookies, storage and cache of their own, exactly what a browser of the test's own would give),
closed when the test ends.  Starting Chromium and the driver costs ~1.5 s of CPU, once a test it
was a tenth of the browser tier's CPU.

Playwright's sync API marks its event loop as running in this thread between calls (and needs it
so marked when its loop resumes), so while it is marked nothing else in the thread can run an
event loop: not pytest-asyncio's fixtures, ``async_to_sync`` or ``asyncio.run``.  A browser test
marks it at set-up and clears it at tear-down, as starting and stopping a Playwright of its own
did.  Tests are handed out system and browser tests first (tests/conftest.py), and the first other
test of a process stops the shared Chromium (:func:`pytest_runtest_setup`): nothing of it stays up
while the in-process tests run; a browser test after that starts a new one.

Closing is where Chromium can hang: a page or context closed while one of its pages commits a
navigation (our pages navigate by themselves: the tournament notice takes a player to the next
game) may be acknowledged and never closed, and Playwright then waits for ever (seen once on a
loaded machine; playwright#41900).  So tests do not close contexts themselves: the lease closes
them (:meth:`BrowserLease.close`, and every one left at the end), each page first taken to
``about:blank`` so that no navigation of ours is in flight, and all of it under a watchdog that
kills this Chromium after :data:`CLOSE_BOUND_S` — a test then fails or goes on with a new
Chromium, never hangs the run."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

PASSWORD = "a-long-pass-phrase-42"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CLOSE_BOUND_S = 60
"""How long closing pages, contexts or the browser may take before the watchdog kills Chromium."""
MARK = f"--gp-test-chromium={os.getpid()}-{uuid.uuid4().hex[:8]}"
"""A switch Chromium ignores, on this test process's Chromium's command line: how the watchdog
finds it."""
ARGS = [
    MARK,
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def _kill_chromium() -> None:
    """SIGKILL this test process's Chromium (its browser process; the others die with it)."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if MARK.encode() in cmdline:
            with contextlib.suppress(ProcessLookupError):
                os.kill(int(entry.name), signal.SIGKILL)


@contextlib.contextmanager
def _bounded() -> Iterator[None]:
    """Kill Chromium if the block has not finished within :data:`CLOSE_BOUND_S` (Playwright's
    close calls take no timeout); a call waiting on it then fails instead of waiting for ever."""
    watchdog = threading.Timer(CLOSE_BOUND_S, _kill_chromium)
    watchdog.daemon = True
    watchdog.start()
    try:
        yield
    finally:
        watchdog.cancel()


def _close_context(context: Any) -> None:
    """Close ``context`` without racing a navigation (see the module's docstring)."""
    with _bounded():
        for page in list(context.pages):
            with contextlib.suppress(Exception):  # a page mid-crash, a dead Chromium
                page.goto("about:blank", timeout=10_000)
        with contextlib.suppress(Exception):  # already closed, or Chromium gone (killed)
            context.close()


class _SharedChromium:
    """This test process's Playwright driver and Chromium, started on first use."""

    def __init__(self) -> None:
        self._manager: Any = None
        self._browser: Any = None

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        return self._manager._loop  # type: ignore[no-any-return]

    def get(self) -> Any:
        if self._browser is not None and not self._browser.is_connected():
            self.stop()  # Chromium died under an earlier test: the next one gets a new one
        if self._browser is None:
            from playwright.sync_api import sync_playwright

            self._manager = sync_playwright()
            playwright = self._manager.start()
            try:
                self._browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=ARGS
                )
            except BaseException:
                self.stop()
                raise
        return self._browser

    def stop(self) -> None:
        browser, manager = self._browser, self._manager
        self._browser = self._manager = None
        if manager is None:
            return
        asyncio.events._set_running_loop(manager._loop)  # as Playwright leaves it between calls
        try:
            with _bounded():
                if browser is not None and browser.is_connected():
                    with contextlib.suppress(Exception):  # killed by the watchdog
                        browser.close()
                manager.__exit__()
        finally:
            asyncio.events._set_running_loop(None)


_chromium = _SharedChromium()


class BrowserLease:
    """What a test sees as ``browser``: Playwright's ``new_page`` and ``new_context`` on the shared
    Chromium, each in a context of its own that :meth:`release` closes; :meth:`close` closes one
    before that (a spectator leaving)."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser
        self._contexts: list[Any] = []

    def new_context(self, **options: Any) -> Any:
        context = self._browser.new_context(**options)
        self._contexts.append(context)
        return context

    def new_page(self, **options: Any) -> Any:
        return self.new_context(**options).new_page()

    def close(self, context: Any) -> None:
        if context in self._contexts:
            self._contexts.remove(context)
        _close_context(context)

    def release(self) -> None:
        contexts, self._contexts = self._contexts, []
        for context in contexts:
            _close_context(context)


@pytest.fixture
def browser() -> Iterator[BrowserLease]:
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI") == "true":
            pytest.fail("Chromium is not installed (apt-get install chromium)")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    lease = BrowserLease(_chromium.get())
    asyncio.events._set_running_loop(_chromium.loop)
    try:
        yield lease
        lease.release()
    finally:
        asyncio.events._set_running_loop(None)


def pytest_runtest_setup(item: pytest.Item) -> None:
    """The first test of a process that is not a browser test stops the shared Chromium (see the
    module's docstring)."""
    if not item.get_closest_marker("browser"):
        _chromium.stop()


def pytest_sessionfinish() -> None:
    _chromium.stop()


def sign_up(page, base_url: str, name: str) -> None:
    page.goto(f"{base_url}/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.get_by_test_id("signup-submit").click()
    page.wait_for_url(f"{base_url}/", timeout=60_000)  # a bound on a busy machine, not a pause
