"""The auction's rules: calls as small ints, which calls are legal, the contract and its declarer.

A call is an ``int``: :data:`PASS` (0), :data:`DOUBLE` (1), :data:`REDOUBLE` (2), or a bid
``3 + 5 * (level - 1) + strain`` (3 for 1♣ up to 37 for 7NT), so that a higher bid is a larger
number.  Strains rank ♣ (0) < ♦ (1) < ♥ (2) < ♠ (3) < NT (4), the suits numbered as in
:mod:`games.cards`.  Calls go clockwise from the dealer: call ``i`` is made by seat
``(dealer + i) % 4``.

The rules ("Bridge" in ../shared/rules/french-54.md):

* a bid must exceed the last bid;
* only an opponent of the last bidder may double, and only an undoubled bid; the bidding side may
  redouble a double; a new bid cancels any double or redouble, passes keep them;
* four passes with no bid pass the deal out; after a bid, three consecutive passes end the auction
  (a double or redouble resets the count of consecutive passes);
* the declarer is the first player of the side that made the final bid to name its strain.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

PASS: Final = 0
DOUBLE: Final = 1
REDOUBLE: Final = 2
FIRST_BID: Final = 3
LAST_BID: Final = 3 + 5 * 6 + 4

CLUBS, DIAMONDS, HEARTS, SPADES, NOTRUMP = 0, 1, 2, 3, 4
STRAINS: Final = ("C", "D", "H", "S", "NT")
"""Strain letters as the actions' JSON writes them (index = strain number)."""
STRAIN_SYMBOLS: Final = ("♣", "♦", "♥", "♠", "NT")
SEATS: Final = 4


def bid(level: int, strain: int) -> int:
    """The call of bidding ``level`` (1..7) in ``strain`` (0..4)."""
    if not 1 <= level <= 7 or not 0 <= strain <= 4:
        raise ValueError(f"no bid of level {level} in strain {strain}")
    return FIRST_BID + 5 * (level - 1) + strain


def is_bid(call: int) -> bool:
    return FIRST_BID <= call <= LAST_BID


def level_of(call: int) -> int:
    return (call - FIRST_BID) // 5 + 1


def strain_of(call: int) -> int:
    return (call - FIRST_BID) % 5


def side(seat: int) -> int:
    """0 for North–South (seats 0 and 2), 1 for East–West (seats 1 and 3)."""
    return seat % 2


def describe(call: int) -> str:
    """A call for messages: ``"pass"``, ``"double"``, ``"redouble"``, ``"4♠"``, ``"3NT"``.

    Suits are written with symbols, never as card names, so a message cannot look like a card.
    """
    if call == PASS:
        return "pass"
    if call == DOUBLE:
        return "double"
    if call == REDOUBLE:
        return "redouble"
    return f"{level_of(call)}{STRAIN_SYMBOLS[strain_of(call)]}"


@dataclass(frozen=True, slots=True)
class Contract:
    """The final contract: ``doubled`` is 0 (undoubled), 1 (doubled) or 2 (redoubled)."""

    level: int
    strain: int
    doubled: int
    declarer: int

    @property
    def dummy(self) -> int:
        return (self.declarer + 2) % SEATS

    @property
    def target(self) -> int:
        """Tricks the declarer needs: six plus the level."""
        return 6 + self.level


@dataclass(frozen=True, slots=True)
class Status:
    """Where an auction stands after some calls."""

    last_bid: int | None
    """The highest bid so far (None: no bid yet)."""
    last_bidder: int | None
    doubled: int
    """0, 1 (doubled) or 2 (redoubled): the status of the last bid."""
    passes: int
    """Consecutive passes at the end of the calls."""
    over: bool
    passed_out: bool


def status(calls: Sequence[int], dealer: int = 0) -> Status:
    """The state of an auction whose calls (from the dealer on) are ``calls``."""
    last_bid: int | None = None
    last_bidder: int | None = None
    doubled = passes = 0
    for i, call in enumerate(calls):
        if call == PASS:
            passes += 1
            continue
        passes = 0
        if call == DOUBLE:
            doubled = 1
        elif call == REDOUBLE:
            doubled = 2
        else:
            last_bid, last_bidder, doubled = call, (dealer + i) % SEATS, 0
    passed_out = last_bid is None and passes >= 4
    over = passed_out or (last_bid is not None and passes >= 3)
    return Status(last_bid, last_bidder, doubled, passes, over, passed_out)


def to_call(calls: Sequence[int], dealer: int = 0) -> int:
    """The seat whose call it is."""
    return (dealer + len(calls)) % SEATS


def why_illegal(calls: Sequence[int], call: int, dealer: int = 0) -> tuple[str, str] | None:
    """None if ``call`` is legal next, else the rule it breaks as ``(code, sentence)``."""
    now = status(calls, dealer)
    if now.over:
        return ("auction_over", "the auction is over")
    seat = to_call(calls, dealer)
    if call == PASS:
        return None
    if call == DOUBLE:
        if now.last_bid is None or now.last_bidder is None:
            return ("nothing_to_double", "there is no bid to double")
        if now.doubled:
            return ("already_doubled", "only an undoubled bid may be doubled")
        if side(now.last_bidder) == side(seat):
            return ("double_own_side", "only an opponent of the last bidder may double")
        return None
    if call == REDOUBLE:
        if now.doubled != 1 or now.last_bidder is None:
            return ("nothing_to_redouble", "only a doubled bid may be redoubled")
        if side(now.last_bidder) != side(seat):
            return ("redouble_other_side", "only the side that made the doubled bid may redouble")
        return None
    if not is_bid(call):
        return ("no_such_call", "a bid is a level from 1 to 7 in ♣, ♦, ♥, ♠ or NT")
    if now.last_bid is not None and call <= now.last_bid:
        return (
            "bid_too_low",
            f"a bid must exceed the last bid ({describe(now.last_bid)})",
        )
    return None


def legal_calls(calls: Sequence[int], dealer: int = 0) -> list[int]:
    """Every call the seat to call may make now (empty once the auction is over)."""
    now = status(calls, dealer)
    if now.over:
        return []
    seat = to_call(calls, dealer)
    out = [PASS]
    if now.last_bid is not None and now.last_bidder is not None:
        if now.doubled == 0 and side(now.last_bidder) != side(seat):
            out.append(DOUBLE)
        if now.doubled == 1 and side(now.last_bidder) == side(seat):
            out.append(REDOUBLE)
    lowest = FIRST_BID if now.last_bid is None else now.last_bid + 1
    out.extend(range(lowest, LAST_BID + 1))
    return out


def final_contract(calls: Sequence[int], dealer: int = 0) -> Contract | None:
    """The contract of a finished auction (None when it was passed out or is not over)."""
    now = status(calls, dealer)
    if not now.over or now.last_bid is None or now.last_bidder is None:
        return None
    strain = strain_of(now.last_bid)
    winners = side(now.last_bidder)
    declarer = next(
        (dealer + i) % SEATS
        for i, call in enumerate(calls)
        if is_bid(call) and strain_of(call) == strain and side((dealer + i) % SEATS) == winners
    )
    return Contract(level_of(now.last_bid), strain, now.doubled, declarer)
