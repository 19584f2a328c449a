"""Tournament formats, one module each behind one small interface (:class:`base.FormatRules`):
the services and selectors ask :func:`rules_for` and never branch on the format themselves."""

from __future__ import annotations

from ...models import Format, Tournament
from .arena import Arena
from .base import FormatRules, Plan
from .knockout import Knockout
from .pairs import Pairs
from .round_robin import RoundRobin
from .swiss import Swiss

FORMATS: dict[str, FormatRules] = {
    Format.SWISS: Swiss(),
    Format.ROUND_ROBIN: RoundRobin(),
    Format.KNOCKOUT: Knockout(),
    Format.ARENA: Arena(),
    Format.PAIRS: Pairs(),
}


def rules_for(tournament: Tournament) -> FormatRules:
    return FORMATS[tournament.format]


__all__ = ["FORMATS", "FormatRules", "Plan", "rules_for"]
