"""Which games can analyse a finished match: those with a ``games/<slug>/analysis.py`` exposing
``analyse``.  Found by name, so a game adds analysis without a change here.

The module may also expose ``offered(record) -> bool``, the game's own word on whether a match
has anything to analyse; without it, a match with at least one move by a person has (the moments
analysis of ``games.moments`` judges people's decisions)."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from functools import cache
from typing import Any

from games.core import AnalysisInput

Analyser = Callable[[AnalysisInput], dict[str, Any]]
Offered = Callable[[AnalysisInput], bool]


@cache
def _module(slug: str) -> Any:
    name = f"games.{slug}.analysis"
    try:
        found = importlib.util.find_spec(name)
    except ModuleNotFoundError:  # no such game package
        return None
    return None if found is None else importlib.import_module(name)


def analyser_for(slug: str) -> Analyser | None:
    """The game's ``analyse`` function, or None when the game has none (yet)."""
    function = getattr(_module(slug), "analyse", None)
    return function if callable(function) else None


def _a_person_moved(record: AnalysisInput) -> bool:
    return any(seat in record.people for seat, _action in record.moves)


def offered_for(slug: str) -> Offered:
    """The game's ``offered`` rule, else "a person made a move"."""
    function = getattr(_module(slug), "offered", None)
    return function if callable(function) else _a_person_moved
