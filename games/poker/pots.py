"""Main and side pots from each seat's contribution, and how a pot is split among tied winners.

A pot is built per distinct contribution level of the seats still in the hand: an all-in seat
competes only for the chips its own contribution covers; folded chips stay in the pots up to
what they reach, but folded seats are never eligible.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.core import JSON


@dataclass(frozen=True, slots=True)
class Pot:
    amount: int
    eligible: tuple[int, ...]

    def to_json(self) -> dict[str, JSON]:
        return {"amount": self.amount, "eligible": list(self.eligible)}


def build_pots(contrib: Sequence[int], live: Sequence[bool]) -> list[Pot]:
    """The main pot first, then each side pot; chips above the last live level join the last pot."""
    levels = sorted({contrib[s] for s in range(len(contrib)) if live[s] and contrib[s] > 0})
    pots: list[Pot] = []
    below = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, below) for c in contrib)
        eligible = tuple(s for s in range(len(contrib)) if live[s] and contrib[s] >= level)
        pots.append(Pot(amount, eligible))
        below = level
    rest = sum(c - min(c, below) for c in contrib)
    if rest:
        if pots:
            pots[-1] = Pot(pots[-1].amount + rest, pots[-1].eligible)
        else:
            pots.append(Pot(rest, ()))
    return pots


def split_pot(amount: int, winners: Sequence[int], first_seat: int, seats: int) -> dict[int, int]:
    """Equal shares; the odd chips go one each to winners clockwise from ``first_seat``."""
    share, odd = divmod(amount, len(winners))
    out = dict.fromkeys(winners, share)
    ordered = sorted(winners, key=lambda s: (s - first_seat) % seats)
    for s in ordered[:odd]:
        out[s] += 1
    return out
