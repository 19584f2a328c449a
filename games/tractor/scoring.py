"""Counting a deal: the attackers' points with the kitty bonus, the level table, who deals next.

The attackers (the team that did not deal) collect the 5s, 10s and Kings of the tricks they win
(200 points in the two packs).  If they win the last trick they add the points buried in the kitty
times twice the number of cards each player gave to that trick.  Then:

=============  ===================================  ===========================
attackers      levels                               next dealer
=============  ===================================  ===========================
0              defenders +3                         the dealer's partner
5 – 35         defenders +2                         the dealer's partner
40 – 75        defenders +1                         the dealer's partner
80 – 115       attackers take over, no promotion    the old dealer's next player
120 and more   attackers +1 per full 40 above 80    the old dealer's next player
=============  ===================================  ===========================

A team promoted beyond the Ace wins the match.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.tractor.order import ACE

SEATS: Final = 4
TAKE_OVER: Final = 80
STEP: Final = 40


def team(seat: int) -> int:
    return seat % 2


def partner(seat: int) -> int:
    return (seat + 2) % SEATS


def kitty_bonus(kitty_points: int, cards_each: int) -> int:
    """The kitty's points × (2 × the cards each player gave to the last trick)."""
    return kitty_points * 2 * cards_each


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a deal's attacker total means: which team goes up how far, and who deals next."""

    promoted: int
    """The team that goes up (the defenders when they held, else the attackers)."""
    promotion: int
    """Levels gained (0: the attackers took over without promotion)."""
    next_dealer: int


def outcome(dealer: int, attacker_total: int) -> Outcome:
    defenders, attackers = team(dealer), 1 - team(dealer)
    if attacker_total < TAKE_OVER:
        promotion = 3 if attacker_total == 0 else 2 if attacker_total < STEP else 1
        return Outcome(defenders, promotion, partner(dealer))
    promotion = (attacker_total - TAKE_OVER) // STEP
    return Outcome(attackers, promotion, (dealer + 1) % SEATS)


def promote(level: int, promotion: int) -> tuple[int, bool]:
    """The level after ``promotion`` (capped at Ace) and whether it went beyond the Ace."""
    raised = level + promotion
    return min(raised, ACE), raised > ACE
