"""The tie-breaks an organiser can put in order (Swiss and round robin), their full names, and the
check of a chosen order.  The codes are the FIDE acronyms of ``matchmaking.standings.Tiebreak``;
the order is stored as a list of codes (``Tournament.tiebreak_order``) and ranks ties first by the
first code, then the next."""

from __future__ import annotations

import re
from collections.abc import Sequence

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from matchmaking import standings

KNOWN: tuple[str, ...] = tuple(t.value for t in standings.Tiebreak)
"""Every code an organiser may choose, in the order the form lists them."""

TITLES: dict[str, Promise] = {
    "BH-C1": _("Buchholz cut-1: the opponents' scores without the least significant round"),
    "BH": _("Buchholz: the opponents' scores"),
    "SB": _("Sonneborn-Berger: results times the opponents' scores"),
    "DE": _("Direct encounter: the games among the tied players"),
    "WIN": _("Wins"),
    "PERF": _("Performance: opponents' ratings ± 500 per win or loss"),
    "WON": _("Games won over the board (byes and forfeits do not count)"),
    "ARO": _("Average rating of the opponents played"),
    "PS": _("Progressive score: the running score added up after every round"),
    "KS": _("Koya: points against the opponents with at least half the maximum score"),
    "MP": _("Matchpoints"),
    "X-IMP": _("Cross-IMPs: the pair's IMPs against every other table"),
}
"""Full name of each column header (the standings' hover titles and legend)."""


def parse(text: str) -> list[str]:
    """``"sb, de  win"`` → ``["SB", "DE", "WIN"]``: codes separated by commas or spaces."""
    return [code.upper() for code in re.split(r"[\s,;]+", text) if code]


def problem(codes: Sequence[str]) -> tuple[str, str] | None:
    """What is wrong with an order: ``("unknown", code)``, ``("twice", code)``, or None."""
    seen: set[str] = set()
    for code in codes:
        if code not in KNOWN:
            return "unknown", code
        if code in seen:
            return "twice", code
        seen.add(code)
    return None


def refusal(codes: Sequence[str]) -> str | None:
    """The service's sentence for :func:`problem` (the forms show a translated one)."""
    wrong = problem(codes)
    if wrong is None:
        return None
    kind, code = wrong
    if kind == "unknown":
        return f"unknown tie-break {code!r} (known: {', '.join(KNOWN)})"
    return f"the tie-break {code!r} is listed twice"
