"""How big the property tests run: quick on a developer's machine, thorough in CI.

Two hypothesis profiles are registered in ``tests/conftest.py``: ``quick`` (the default, so that
``make test-fast`` stays fast) and ``thorough`` (chosen when ``CI`` is set, as ``.ci/run`` does, or
with ``HYPOTHESIS_PROFILE=thorough``).  Tests that loop over seeds themselves size their loops with
:func:`examples`, so one switch scales everything.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE", "thorough" if os.environ.get("CI") else "quick")
"""The profile in force: ``"quick"`` or ``"thorough"``."""


def examples(quick: int, thorough: int) -> int:
    """``quick`` under the quick profile, ``thorough`` under the thorough one."""
    return thorough if THOROUGH == "thorough" else quick


def scaled(thorough: int) -> int:
    """A count sized for CI, cut to a tenth (at least one) for the quick profile.

    Use with ``@settings(max_examples=scaled(400))`` for a test whose CI size is 400 examples.
    """
    return examples(max(1, thorough // 10), thorough)


def pieces(count: int, parts: int) -> list[Any]:
    """``range(count)`` dealt round-robin into at most ``parts`` non-empty pieces, as pytest
    parameters with ids ``part1of3`` … (just ``all`` when there is one piece).

    For a test that loops over seeds for minutes: parametrised by its piece, it holds one
    pytest-xdist worker for a fraction of the time, so the workers can share the load, and the
    pieces together still cover exactly ``range(count)``.  Round-robin keeps every piece a mix of
    early and late seeds.
    """
    n = max(1, min(parts, count))
    if n == 1:
        return [pytest.param(range(count), id="all")]
    return [pytest.param(range(i, count, n), id=f"part{i + 1}of{n}") for i in range(n)]
