"""Which games can analyse a finished match: those with a ``games/<slug>/analysis.py`` exposing
``analyse``.  Found by name, so a game adds analysis without a change here."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

Analyser = Callable[[Mapping[str, Any]], dict[str, Any]]


@cache
def analyser_for(slug: str) -> Analyser | None:
    """The game's ``analyse`` function, or None when the game has none (yet)."""
    name = f"games.{slug}.analysis"
    try:
        found = importlib.util.find_spec(name)
    except ModuleNotFoundError:  # no such game package
        return None
    if found is None:
        return None
    function = getattr(importlib.import_module(name), "analyse", None)
    return function if callable(function) else None
