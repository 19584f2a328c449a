"""Duplicate scoring: the same deal played at several tables, each table's score compared with the
others'.  The rules of the platform's Bridge score one deal on its own (raw points, "Bridge" in
../shared/rules/french-54.md); this module is the comparison on top of those raw scores, for
anything that puts several tables' results on one board side by side (a team match, a pairs
event, a replay of a robots' deal).

Every figure starts from a table's **North–South score**, :func:`table_score` (a finished
:class:`~games.bridge.state.BridgeState`) or :func:`ns_score` (a contract, the vulnerability and
the declarer's tricks), both through the engine's own :func:`games.bridge.scoring.score`; East–West
scores are their negation.  Then:

* **IMPs** (:func:`imps`): a score difference converted on the WBF scale of the Laws of Duplicate
  Bridge (2017, Law 78B): 0–10 → 0, 20–40 → 1, 50–80 → 2, … 3500–3990 → 23, 4000 and more → 24
  (:data:`IMP_SCALE` lists the lowest difference of each step).  A negative difference gives the
  negative figure, so ``imps(-d) == -imps(d)``.  A difference that is not a multiple of 10 (only an
  averaged datum makes one) takes the step of the band it has reached: 15 → 0, 45 → 1.
  :func:`team_imps` is the team match's comparison of the two tables.
* **Matchpoints** (:func:`matchpoints`): Law 78A, two points for each score on the board beaten,
  one for each equal score (the PBN ``MP1`` convention; halve them for the ``1 / 0.5`` count).
  They sum to ``N·(N−1)`` over ``N`` scores; :func:`percentages` divides by the top,
  ``2·(N−1)``.  East–West's matchpoints are ``matchpoints`` of the negated scores (the top minus
  North–South's).
* **Cross-IMPs** (:func:`cross_imps`): each score IMPed against every other score, summed
  (:func:`cross_imp_totals`, PBN ``Cross``) and divided by the number of comparisons ``N − 1``
  (PBN ``Cross2``).
* **Butler** (:func:`butler_imps`): each score IMPed against a datum (:func:`butler_datum`), the
  average of the scores without the single highest and the single lowest (PBN ``Butler-2``; with
  fewer than three scores all are averaged), rounded to the nearest 10 (halves away from zero).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Final

from games.bridge.calls import Contract
from games.bridge.deals import vulnerable
from games.bridge.scoring import score
from games.bridge.state import BridgeState

IMP_SCALE: Final = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip
"""The lowest score difference worth 1, 2, … 24 IMPs (WBF scale, Law 78B)."""
MAX_IMPS: Final = len(IMP_SCALE)
DATUM_ROUNDING: Final = 10


# ---- a table's score ---------------------------------------------------------------------------


def ns_score(contract: Contract | None, vulnerability: str, tricks: int) -> int:
    """North–South's score when ``contract`` (None: passed out) made ``tricks`` for its declarer,
    ``vulnerability`` being ``"none"``, ``"ns"``, ``"ew"`` or ``"both"``."""
    if contract is None:
        return 0
    vul = vulnerable(vulnerability, contract.declarer)
    total = score(contract.level, contract.strain, contract.doubled, vul, tricks).total
    return total if contract.declarer % 2 == 0 else -total


def table_score(state: BridgeState) -> int:
    """North–South's score at a table whose deal is over (``ValueError`` before the end)."""
    if not state.is_over():
        raise ValueError("the deal is not over yet")
    contract = state.contract
    tricks = 0 if contract is None else state.tricks_won()[contract.declarer % 2]
    return ns_score(contract, state.vulnerability, tricks)


def board_scores(states: Iterable[BridgeState]) -> list[int]:
    """North–South's scores at tables that played the same board (the same four hands and the
    same vulnerability, else ``ValueError``)."""
    tables = list(states)
    if tables and any(
        (t.deal, t.vulnerability) != (tables[0].deal, tables[0].vulnerability) for t in tables
    ):
        raise ValueError("the tables did not play the same board")
    return [table_score(t) for t in tables]


# ---- IMPs --------------------------------------------------------------------------------------


def imps(difference: int) -> int:
    """The IMPs a score difference is worth (negative for a negative difference)."""
    won = bisect_right(IMP_SCALE, abs(difference))
    return won if difference >= 0 else -won


def team_imps(ns_here: int, ns_there: int) -> int:
    """IMPs to the team sitting North–South at the first table (so East–West at the other), from
    both tables' North–South scores; the other team gets the opposite."""
    return imps(ns_here - ns_there)


# ---- matchpoints -------------------------------------------------------------------------------


def _check(scores: Sequence[int]) -> None:
    if not scores:
        raise ValueError("no scores to compare")


def matchpoints(scores: Sequence[int]) -> list[int]:
    """Each score's matchpoints among ``scores`` (one board): 2 for each other score it beats, 1 for
    each other score equal to it."""
    _check(scores)
    return [sum(2 if s > o else 1 if s == o else 0 for o in scores) - 1 for s in scores]


def percentages(scores: Sequence[int]) -> list[float]:
    """Each score's matchpoints as a percentage of the top, ``2·(N−1)``; a lone score gets 50."""
    _check(scores)
    top = 2 * (len(scores) - 1)
    if top == 0:
        return [50.0]
    return [100 * mp / top for mp in matchpoints(scores)]


# ---- IMPs against the field --------------------------------------------------------------------


def cross_imp_totals(scores: Sequence[int]) -> list[int]:
    """Each score IMPed against every other score on the board, summed."""
    _check(scores)
    return [sum(imps(s - o) for j, o in enumerate(scores) if j != i) for i, s in enumerate(scores)]


def cross_imps(scores: Sequence[int]) -> list[float]:
    """:func:`cross_imp_totals` divided by the number of comparisons (0 for a lone score)."""
    comparisons = len(scores) - 1
    totals = cross_imp_totals(scores)
    return [t / comparisons if comparisons else 0.0 for t in totals]


def butler_datum(scores: Sequence[int]) -> int:
    """The datum: the average without one highest and one lowest score (all of them when there are
    fewer than three), rounded to the nearest 10, halves away from zero."""
    _check(scores)
    kept = sorted(scores)[1:-1] if len(scores) >= 3 else list(scores)
    average = Fraction(sum(kept), len(kept) * DATUM_ROUNDING)
    steps = int(abs(average) + Fraction(1, 2))
    return DATUM_ROUNDING * (steps if average >= 0 else -steps)


def butler_imps(scores: Sequence[int]) -> list[int]:
    """Each score IMPed against :func:`butler_datum`."""
    datum = butler_datum(scores)
    return [imps(s - datum) for s in scores]
