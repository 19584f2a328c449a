"""Requests fired in parallel against the real Redis: the races the throttles and the lockout
must hold against (issue 28).  A pytest plugin (``real_redis``) and the ``fire`` helper."""

from __future__ import annotations

import os
import threading
from collections import Counter
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from support.stack import REDIS_PORT, reachable, redis_db, unique


def fire[T: Hashable](threads: int, calls: list[Callable[[], T]]) -> Counter[T]:
    """Run ``calls`` from ``threads`` threads, all released at once; what they returned."""
    start = threading.Barrier(threads)
    share = [calls[i::threads] for i in range(threads)]

    def run(mine: list[Callable[[], T]]) -> list[T]:
        start.wait()
        return [call() for call in mine]

    with ThreadPoolExecutor(threads) as pool:
        return Counter(s for results in pool.map(run, share) for s in results)


@pytest.fixture
def real_redis(settings: Any) -> None:
    """The throttles and the log-in budget count in the machine's Redis, under a namespace of
    this test's own (keys expire with their window; nothing is flushed)."""
    if not reachable(REDIS_PORT):
        if os.environ.get("CI") == "true":
            pytest.fail("Redis is not reachable on 127.0.0.1")
        pytest.skip("Redis is not reachable on 127.0.0.1")
    settings.REDIS_NAMESPACE = unique(f"gpt{os.getpid()}rates") + ":"
    settings.RATE_LIMITS_REDIS_URL = f"redis://127.0.0.1:{REDIS_PORT}/{redis_db()}"
