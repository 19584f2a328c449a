"""The score of one deal, item by item ("Bridge", Scoring, in ../shared/rules/french-54.md).

A made contract scores its contract trick points (♣♦ 20, ♥♠ 30, NT 40 for the first and 30 for
each further bid trick; ×2 doubled, ×4 redoubled), a game bonus (300 not vulnerable, 500
vulnerable) when those points reach 100 or else a part-score bonus of 50, a slam bonus for a
slam bid and made (level 6: 500 / 750, level 7: 1000 / 1500), 50 for making a doubled contract
or 100 for a redoubled one, and its overtricks (undoubled 20 in ♣♦ and 30 otherwise; doubled
100 / 200 each; redoubled twice that).  Overtricks never turn a part-score into a game and
twelve tricks in a contract below six earn no slam bonus.

A defeated contract scores only undertricks for the defenders: undoubled 50 / 100 each; doubled
not vulnerable 100, 200, 200 then 300 each; doubled vulnerable 200 then 300 each; redoubled twice
the doubled figures.

:func:`score` returns the breakdown (every item with its points) and the total from the
declarer's side; North–South and East–West show equal and opposite scores.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.bridge.calls import CLUBS, DIAMONDS, NOTRUMP
from games.core import JSON

GAME_POINTS: Final = 100
PART_SCORE_BONUS: Final = 50
GAME_BONUS: Final = (300, 500)
"""Indexed by vulnerability (0 not vulnerable, 1 vulnerable), as are the tables below."""
SMALL_SLAM_BONUS: Final = (500, 750)
GRAND_SLAM_BONUS: Final = (1000, 1500)
INSULT_BONUS: Final = (0, 50, 100)
"""For making a contract, by its double status (undoubled, doubled, redoubled)."""
UNDOUBLED_UNDERTRICK: Final = (50, 100)
DOUBLED_OVERTRICK: Final = (100, 200)


@dataclass(frozen=True, slots=True)
class Item:
    """One line of the breakdown: what it is, how many tricks it counts (0 for a bonus), points."""

    name: str
    count: int
    points: int

    def to_json(self) -> dict[str, JSON]:
        return {"item": self.name, "count": self.count, "points": self.points}


@dataclass(frozen=True, slots=True)
class Score:
    """The breakdown of one deal's score; ``total`` is the declarer's side's score."""

    made: bool
    tricks: int
    """Tricks the declarer took."""
    difference: int
    """Tricks over the target (≥ 0 when made) or under it (< 0)."""
    items: tuple[Item, ...]
    total: int

    def to_json(self) -> dict[str, JSON]:
        return {
            "made": self.made,
            "tricks": self.tricks,
            "difference": self.difference,
            "items": [i.to_json() for i in self.items],
            "total": self.total,
        }


def trick_value(strain: int, nth: int) -> int:
    """Undoubled points of the ``nth`` (1-based) bid trick over six in ``strain``."""
    if strain in (CLUBS, DIAMONDS):
        return 20
    if strain == NOTRUMP and nth == 1:
        return 40
    return 30


def contract_points(level: int, strain: int, doubled: int) -> int:
    """Contract trick points of a made contract (the figure the game bonus looks at)."""
    base = sum(trick_value(strain, n) for n in range(1, level + 1))
    return base * (1, 2, 4)[doubled]


def undertrick_points(down: int, doubled: int, vulnerable: bool) -> int:
    """What the defenders score for ``down`` undertricks (a positive number)."""
    v = int(vulnerable)
    if doubled == 0:
        return down * UNDOUBLED_UNDERTRICK[v]
    total = 0
    for n in range(1, down + 1):
        if vulnerable:
            each = 200 if n == 1 else 300
        else:
            each = 100 if n == 1 else 200 if n <= 3 else 300
        total += each
    return total * doubled


def overtrick_value(strain: int, doubled: int, vulnerable: bool) -> int:
    """Points for each overtrick."""
    if doubled == 0:
        return 20 if strain in (CLUBS, DIAMONDS) else 30
    return DOUBLED_OVERTRICK[int(vulnerable)] * doubled


def score(level: int, strain: int, doubled: int, vulnerable: bool, tricks: int) -> Score:
    """The score of ``level`` ``strain`` (doubled 0/1/2) when the declarer took ``tricks``."""
    if not 1 <= level <= 7 or not 0 <= strain <= 4 or doubled not in (0, 1, 2):
        raise ValueError("no such contract")
    if not 0 <= tricks <= 13:
        raise ValueError("a deal has 13 tricks")
    v = int(vulnerable)
    difference = tricks - (6 + level)
    if difference < 0:
        points = undertrick_points(-difference, doubled, vulnerable)
        down = (Item("undertricks", -difference, -points),)
        return Score(False, tricks, difference, down, -points)
    made = contract_points(level, strain, doubled)
    found = [Item("contract", level, made)]
    if made >= GAME_POINTS:
        found.append(Item("game", 0, GAME_BONUS[v]))
    else:
        found.append(Item("part_score", 0, PART_SCORE_BONUS))
    if level == 6:
        found.append(Item("small_slam", 0, SMALL_SLAM_BONUS[v]))
    elif level == 7:
        found.append(Item("grand_slam", 0, GRAND_SLAM_BONUS[v]))
    if doubled:
        found.append(Item("doubled_made" if doubled == 1 else "redoubled_made", 0,
                          INSULT_BONUS[doubled]))  # fmt: skip
    if difference:
        each = overtrick_value(strain, doubled, vulnerable)
        found.append(Item("overtricks", difference, difference * each))
    items = tuple(found)
    return Score(True, tricks, difference, items, sum(i.points for i in items))
