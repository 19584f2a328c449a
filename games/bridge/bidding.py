"""The robots' bidding system: a small natural system in the spirit of Standard American, written
as tables of rules that a test (and a person) can read one by one.

Each situation of the auction (opening, responding to 1NT, responding to a suit, the opener's
rebid, overcalling, advancing partner's overcall or double, …) has a table of :class:`Rule` s in
priority order.  A rule names the call it makes *in the current auction* (``call``, which needs no
hand: "the cheapest bid in spades"), the hand it is for (``test``) and what the call shows
(``shows``: a range of high-card points and minimum suit lengths).  A robot makes the call of the
first rule whose test its hand passes; the same tables read backwards tell every robot what the
others' calls showed (:func:`explain`), for its own later calls and for the card play's sampling.
Where no table speaks (later rounds), :func:`place` aims at the contract the partnership's
combined strength and fit suggest (game at 25 points, small slam at 33, a grand slam at 37), and
competes or doubles on the same estimate.

The system card (also in docs/games/bridge.md and the rules help): 5-card majors, 1NT 15–17,
2NT 20–21, a strong artificial 2♣ (22+, 2♦ waiting answer), weak twos in ♦/♥/♠ (5–10, six cards),
three-level preempts (seven cards); over 1NT Stayman (2♣) and Jacoby transfers (2♦ → ♥, 2♥ → ♠);
single raises 6–9, limit raises 10–12, game raises 13–17; new suits forcing (1-level 6+,
2-level 11+); 1NT response 6–10; overcalls 8–16 with five cards (11+ at the two level), 1NT
overcall 15–18 with a stopper, takeout doubles 12+ with support for the unbid suits (or 17+),
penalty doubles of a no-trump opening with 16+.
Each robot bids from its own hand and the auction only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from math import comb
from typing import Final

from games.bridge import calls as auction
from games.bridge.calls import CLUBS, DIAMONDS, DOUBLE, HEARTS, NOTRUMP, PASS, SPADES, bid
from games.bridge.hands import Hand

MAJORS: Final = (SPADES, HEARTS)
MINORS: Final = (DIAMONDS, CLUBS)
SUITS: Final = (SPADES, HEARTS, DIAMONDS, CLUBS)
GAME_POINTS: Final = 25
MINOR_GAME_POINTS: Final = 28
NT_GAME_POINTS: Final = 24.4
"""Combined points for 3NT when no fit was found: a little under :data:`GAME_POINTS` (tuned on
seeds 70,000–70,199: more games reached, no more contracts failing)."""
SLAM_POINTS: Final = 33
GRAND_POINTS: Final = 37
PARTNER_RANGE_WEIGHT: Final = 0.7
"""How much :func:`partner_estimate` trusts partner's own range against what is left over."""
PASSED_PARTNER_CAP: Final = 9.0
"""The most high-card points :func:`place` credits a partner who has only passed."""
NT_TRICKS_PER_POINT: Final = 0.4
BALANCING_ALLOWANCE: Final = 3
"""High-card points an overcall or takeout double may lack in the pass-out seat."""
COMPETE_HCP: Final = 17
"""Combined high-card points to bid on over the opponents when the contract should make."""
LOTT_HCP: Final = 17
"""Combined high-card points to compete to the level of the total trumps (not at unfavourable
vulnerability)."""
REOPEN_HCP: Final = 13
"""The opener's strength to reopen with a double when short in their overcalled suit."""
FREE_REBID_HCP: Final = 22
"""Combined high-card points to bid on (at the two level) over their overcall of our auction."""
JUMP_RAISE_SLAM_ZONE: Final = 16
"""Points (with shortness) from which the responder looks past game after opener's jump raise."""
SACRIFICE_MARGIN: Final = 100
"""How much cheaper than their game a sacrifice must look."""
DOUBLE_PART_SHORT: Final = 2.0
"""Tricks short of their part-score contract the estimate must see to double it."""
DOUBLE_GAME_SHORT: Final = 1.0
"""Tricks short of their game (or slam) the estimate must see to double it."""


@dataclass(frozen=True, slots=True)
class Shows:
    """What a call tells the table: a range of high-card points and suit lengths."""

    hcp: tuple[int, int] = (0, 37)
    min_len: tuple[int, int, int, int] = (0, 0, 0, 0)
    max_len: tuple[int, int, int, int] = (13, 13, 13, 13)
    balanced: bool = False

    def merge(self, other: Shows) -> Shows:
        """Both pieces of information together (later calls narrow earlier ones)."""
        lo = max(self.hcp[0], other.hcp[0])
        hi = min(self.hcp[1], other.hcp[1])
        if lo > hi:  # the calls disagree: trust the later one
            lo, hi = other.hcp
        mins = tuple(max(a, b) for a, b in zip(self.min_len, other.min_len, strict=True))
        maxs = tuple(min(a, b) for a, b in zip(self.max_len, other.max_len, strict=True))
        return Shows(
            (lo, hi),
            (mins[0], mins[1], mins[2], mins[3]),
            (maxs[0], maxs[1], maxs[2], maxs[3]),
            self.balanced or other.balanced,
        )

    def either(self, other: Shows) -> Shows:
        """What one of two readings shows (their common ground)."""
        mins = tuple(min(a, b) for a, b in zip(self.min_len, other.min_len, strict=True))
        maxs = tuple(max(a, b) for a, b in zip(self.max_len, other.max_len, strict=True))
        return Shows(
            (min(self.hcp[0], other.hcp[0]), max(self.hcp[1], other.hcp[1])),
            (mins[0], mins[1], mins[2], mins[3]),
            (maxs[0], maxs[1], maxs[2], maxs[3]),
            self.balanced and other.balanced,
        )

    def fits(self, hand: Hand) -> bool:
        """Whether ``hand`` is a hand this information allows."""
        if not self.hcp[0] <= hand.hcp <= self.hcp[1]:
            return False
        return all(self.min_len[s] <= hand.lengths[s] <= self.max_len[s] for s in range(4)) and (
            not self.balanced or hand.balanced
        )


def length(suit: int, at_least: int, hcp: tuple[int, int] = (0, 37)) -> Shows:
    mins = [0, 0, 0, 0]
    mins[suit] = at_least
    return Shows(hcp, (mins[0], mins[1], mins[2], mins[3]))


NOTHING: Final = Shows()


# ---- the auction from one seat's side ------------------------------------------------------------


@dataclass(frozen=True)
class Ctx:
    """The auction as the seat to call sees it (no hand: that is the rules' ``test``)."""

    calls: tuple[int, ...]
    seat: int
    dealer: int = 0
    vulnerability: str = "none"
    """The deal's vulnerability (``"none"``, ``"ns"``, ``"ew"``, ``"both"``), public to all."""
    by_seat: tuple[tuple[int, ...], ...] = field(init=False)

    def __post_init__(self) -> None:
        seats: list[list[int]] = [[], [], [], []]
        for i, c in enumerate(self.calls):
            seats[(self.dealer + i) % 4].append(c)
        object.__setattr__(self, "by_seat", tuple(tuple(s) for s in seats))

    @property
    def partner(self) -> int:
        return (self.seat + 2) % 4

    def vulnerable(self, seat: int | None = None) -> bool:
        """Whether ``seat``'s side (default: the seat to call) is vulnerable."""
        side = (self.seat if seat is None else seat) % 2
        return self.vulnerability == "both" or self.vulnerability == ("ns", "ew")[side]

    @property
    def lho(self) -> int:
        return (self.seat + 1) % 4

    @property
    def rho(self) -> int:
        return (self.seat + 3) % 4

    def actions(self, seat: int) -> list[int]:
        """``seat``'s calls other than passes."""
        return [c for c in self.by_seat[seat] if c != PASS]

    def bids(self, seat: int) -> list[int]:
        return [c for c in self.by_seat[seat] if auction.is_bid(c)]

    @property
    def opener(self) -> int | None:
        for i, c in enumerate(self.calls):
            if auction.is_bid(c):
                return (self.dealer + i) % 4
        return None

    @property
    def opening(self) -> int | None:
        return next((c for c in self.calls if auction.is_bid(c)), None)

    @property
    def status(self) -> auction.Status:
        return auction.status(self.calls, self.dealer)

    @property
    def last_call_of_rho(self) -> int | None:
        mine = self.by_seat[self.rho]
        return mine[-1] if mine else None

    def cheapest(self, strain: int) -> int | None:
        """The cheapest legal bid in ``strain`` (None above 7)."""
        last = self.status.last_bid
        for level in range(1, 8):
            code = bid(level, strain)
            if last is None or code > last:
                return code
        return None

    def jump(self, strain: int, levels: int = 1) -> int | None:
        low = self.cheapest(strain)
        if low is None:
            return None
        level = auction.level_of(low) + levels
        return bid(level, strain) if level <= 7 else None

    def at(self, level: int, strain: int) -> int | None:
        """A bid of exactly ``level`` ``strain`` if it is still legal."""
        code = bid(level, strain)
        last = self.status.last_bid
        return code if last is None or code > last else None

    def legal(self, call: int) -> bool:
        return auction.why_illegal(self.calls, call, self.dealer) is None

    def their_strains(self) -> set[int]:
        return {auction.strain_of(c) for s in (self.lho, self.rho) for c in self.bids(s)}

    def our_strains(self) -> set[int]:
        return {auction.strain_of(c) for s in (self.seat, self.partner) for c in self.bids(s)}


type CallFn = Callable[[Ctx], int | None]
type Test = Callable[[Hand, Ctx], bool]


@dataclass(frozen=True)
class Rule:
    """One line of a bidding table: the call, the hand for it, what it shows."""

    name: str
    call: CallFn
    test: Test
    shows: Shows


def fixed(level: int, strain: int) -> CallFn:
    return lambda ctx: ctx.at(level, strain)


def cheapest(strain: int) -> CallFn:
    return lambda ctx: ctx.cheapest(strain)


def jump(strain: int, levels: int = 1) -> CallFn:
    return lambda ctx: ctx.jump(strain, levels)


def unbid(strain: int, level: int | None = None) -> CallFn:
    """The cheapest bid in ``strain`` if nobody has bid it yet (a new suit), and if ``level`` is
    given only when that bid is at ``level``."""

    def call(ctx: Ctx) -> int | None:
        if strain in ctx.our_strains() | ctx.their_strains():
            return None
        code = ctx.cheapest(strain)
        if code is None or (level is not None and auction.level_of(code) != level):
            return None
        return code

    return call


def not_theirs(strain: int) -> CallFn:
    """The cheapest bid in ``strain`` if the opponents have not bid it."""
    return lambda ctx: None if strain in ctx.their_strains() else ctx.cheapest(strain)


def when(condition: Callable[[Ctx], bool], call: CallFn) -> CallFn:
    """``call``, only in auctions where ``condition`` holds (so the call is read back only
    there)."""
    return lambda ctx: call(ctx) if condition(ctx) else None


def passes(ctx: Ctx) -> int | None:
    return PASS


def doubles(ctx: Ctx) -> int | None:
    return DOUBLE if ctx.legal(DOUBLE) else None


def always(hand: Hand, ctx: Ctx) -> bool:
    return True


def opening_strength(hand: Hand) -> bool:
    """12+ points, or 10–11 with the rule of 20 (points + the two longest suits ≥ 20)."""
    two = sorted(hand.lengths, reverse=True)[:2]
    return hand.hcp >= 12 or (hand.hcp >= 10 and hand.hcp + sum(two) >= 20)


def partner_opening_strain(ctx: Ctx) -> int:
    opening = ctx.opening
    assert opening is not None
    return auction.strain_of(opening)


# ---- opening -----------------------------------------------------------------------------------


def _open_one_minor(suit: int) -> Test:
    def test(hand: Hand, ctx: Ctx) -> bool:
        if not opening_strength(hand) or max(hand.lengths[HEARTS], hand.lengths[SPADES]) >= 5:
            return False
        d, c = hand.lengths[DIAMONDS], hand.lengths[CLUBS]
        diamonds = d > c or (d == c and d >= 4)
        return diamonds if suit == DIAMONDS else not diamonds

    return test


def _weak_two(suit: int) -> Test:
    return lambda h, ctx: 5 <= h.hcp <= 10 and h.lengths[suit] == 6 and h.quality(suit) >= 2


def _preempt(suit: int) -> Test:
    return lambda h, ctx: 5 <= h.hcp <= 10 and h.lengths[suit] >= 7 and h.quality(suit) >= 2


OPENING: Final[tuple[Rule, ...]] = (
    Rule("2♣: 22+, strong and artificial", fixed(2, CLUBS), lambda h, c: h.hcp >= 22,
         Shows((22, 37))),
    Rule("2NT: 20–21 balanced", fixed(2, NOTRUMP), lambda h, c: h.balanced and 20 <= h.hcp <= 21,
         Shows((20, 21), balanced=True)),
    Rule("1NT: 15–17 balanced", fixed(1, NOTRUMP), lambda h, c: h.balanced and 15 <= h.hcp <= 17,
         Shows((15, 17), balanced=True)),
    Rule("1♠: 12–21, five or more spades (with five–five, spades)", fixed(1, SPADES),
         lambda h, c: opening_strength(h) and h.lengths[SPADES] >= max(5, h.lengths[HEARTS]),
         length(SPADES, 5, (10, 21))),
    Rule("1♥: 12–21, five or more hearts", fixed(1, HEARTS),
         lambda h, c: opening_strength(h) and h.lengths[HEARTS] >= 5,
         length(HEARTS, 5, (10, 21))),
    Rule("1♦: 12–21, no five-card major, diamonds longer (or four–four in the minors)",
         fixed(1, DIAMONDS), _open_one_minor(DIAMONDS), length(DIAMONDS, 3, (10, 21))),
    Rule("1♣: 12–21, no five-card major, clubs longer (or three–three in the minors)",
         fixed(1, CLUBS), _open_one_minor(CLUBS), length(CLUBS, 3, (10, 21))),
    *(Rule(f"2{'♦♥♠'[s - 1]}: weak two, 5–10 and a good six-card suit", fixed(2, s), _weak_two(s),
           length(s, 6, (5, 10))) for s in (SPADES, HEARTS, DIAMONDS)),
    *(Rule(f"3{'♣♦♥♠'[s]}: preempt, 5–10 and a good seven-card suit", fixed(3, s), _preempt(s),
           length(s, 7, (5, 10))) for s in SUITS),
    Rule("pass: fewer than 12 points", passes, always, Shows((0, 11))),
)  # fmt: skip


# ---- responding to 1NT (and after Stayman or a transfer) --------------------------------------


def _four_card_major(h: Hand, c: Ctx) -> bool:
    return h.hcp >= 8 and (h.lengths[HEARTS] == 4 or h.lengths[SPADES] == 4)


RESPOND_1NT: Final[tuple[Rule, ...]] = (
    Rule("2♥: Jacoby transfer, five or more spades", fixed(2, HEARTS),
         lambda h, c: h.lengths[SPADES] >= 5 and h.lengths[SPADES] >= h.lengths[HEARTS],
         length(SPADES, 5)),
    Rule("2♦: Jacoby transfer, five or more hearts", fixed(2, DIAMONDS),
         lambda h, c: h.lengths[HEARTS] >= 5, length(HEARTS, 5)),
    Rule("2♣: Stayman, 8+ with a four-card major", fixed(2, CLUBS), _four_card_major,
         Shows((8, 37))),
    Rule("6NT: 18+", fixed(6, NOTRUMP), lambda h, c: h.hcp >= 18, Shows((18, 37))),
    Rule("3NT: 10–17", fixed(3, NOTRUMP), lambda h, c: 10 <= h.hcp <= 17, Shows((10, 17))),
    Rule("2NT: 8–9, invitational", fixed(2, NOTRUMP), lambda h, c: 8 <= h.hcp <= 9,
         Shows((8, 9))),
    Rule("pass: 0–7", passes, always, Shows((0, 7))),
)  # fmt: skip

STAYMAN_ANSWER: Final[tuple[Rule, ...]] = (
    Rule("2♥: four hearts", fixed(2, HEARTS), lambda h, c: h.lengths[HEARTS] >= 4,
         length(HEARTS, 4)),
    Rule("2♠: four spades, not four hearts", fixed(2, SPADES), lambda h, c: h.lengths[SPADES] >= 4,
         Shows(min_len=(0, 0, 0, 4), max_len=(13, 13, 3, 13))),
    Rule("2♦: no four-card major", fixed(2, DIAMONDS), always,
         Shows(max_len=(13, 13, 3, 3))),
)  # fmt: skip

TRANSFER_ACCEPT: Final[tuple[Rule, ...]] = (
    Rule("2♥: accepts the transfer to hearts", fixed(2, HEARTS),
         lambda h, c: c.bids(c.partner)[-1:] == [bid(2, DIAMONDS)], NOTHING),
    Rule("2♠: accepts the transfer to spades", fixed(2, SPADES),
         lambda h, c: c.bids(c.partner)[-1:] == [bid(2, HEARTS)], NOTHING),
)  # fmt: skip


def _transferred(c: Ctx) -> int:
    """The major responder transferred to."""
    return HEARTS if bid(2, DIAMONDS) in c.bids(c.seat) else SPADES


AFTER_TRANSFER: Final[tuple[Rule, ...]] = (
    Rule("pass: 0–7, to play the major", passes, lambda h, c: h.hcp <= 7, Shows((0, 7))),
    Rule("2NT: 8–9 with five cards in the major, invitational", fixed(2, NOTRUMP),
         lambda h, c: 8 <= h.hcp <= 9 and h.lengths[_transferred(c)] == 5, Shows((8, 9))),
    Rule("3 of the major: 8–9 with six or more, invitational",
         lambda c: c.at(3, _transferred(c)),
         lambda h, c: 8 <= h.hcp <= 9 and h.lengths[_transferred(c)] >= 6, Shows((8, 9))),
    Rule("3NT: 10–15 with five cards in the major (opener chooses)", fixed(3, NOTRUMP),
         lambda h, c: 10 <= h.hcp <= 15 and h.lengths[_transferred(c)] == 5, Shows((10, 15))),
    Rule("4 of the major: 10–15 with six or more", lambda c: c.at(4, _transferred(c)),
         lambda h, c: 10 <= h.hcp <= 15 and h.lengths[_transferred(c)] >= 6, Shows((10, 15))),
)  # fmt: skip


def _stayman_fit(c: Ctx) -> int | None:
    """The major opener showed in answer to Stayman, when responder holds four of it."""
    answer = c.bids(c.partner)[-1]
    return auction.strain_of(answer) if answer in (bid(2, HEARTS), bid(2, SPADES)) else None


def _after_stayman(points: tuple[int, int], fit: bool) -> Test:
    def test(h: Hand, c: Ctx) -> bool:
        major = _stayman_fit(c)
        found = major is not None and h.lengths[major] >= 4
        score = h.points_with_fit() if found else h.hcp
        return found == fit and points[0] <= score <= points[1]

    return test


AFTER_STAYMAN: Final[tuple[Rule, ...]] = (
    Rule("4 of opener's major: 10–15 with four of it", lambda c: c.at(4, _stayman_fit(c) or 0),
         _after_stayman((10, 15), True), Shows((10, 15))),
    Rule("3 of opener's major: 8–9 with four of it, invitational",
         lambda c: c.at(3, _stayman_fit(c) or 0), _after_stayman((8, 9), True), Shows((8, 9))),
    Rule("3NT: 10–15, no fit", fixed(3, NOTRUMP), _after_stayman((10, 15), False),
         Shows((10, 15))),
    Rule("2NT: 8–9, no fit, invitational", fixed(2, NOTRUMP), _after_stayman((8, 9), False),
         Shows((8, 9))),
)  # fmt: skip


def _game_try_answer(points: tuple[int, int]) -> Test:
    return lambda h, c: points[0] <= h.points_with_fit() <= points[1]


AFTER_GAME_TRY: Final[tuple[Rule, ...]] = (
    Rule("4 of the major: accepts the game try with 8–9", lambda c: c.cheapest(_opened(c)),
         _game_try_answer((8, 37)), Shows((8, 9))),
    Rule("pass: declines the game try with 6–7", passes, always, Shows((2, 7))),
)  # fmt: skip


def _my_major(c: Ctx) -> int:
    """The major of this seat's first bid (the response partner raised)."""
    return auction.strain_of(c.bids(c.seat)[0])


def _jump_raise_answer(points: tuple[int, int]) -> Test:
    """This hand's points counting shortness (it has the fit partner raised) within ``points``."""
    return lambda h, c: points[0] <= h.points_with_fit() <= points[1]


AFTER_JUMP_RAISE: Final[tuple[Rule, ...]] = (
    Rule("4 of my major: accepts partner's invitational jump raise with 8+ counting shortness",
         lambda c: c.at(4, _my_major(c)), _jump_raise_answer((8, JUMP_RAISE_SLAM_ZONE - 1)),
         Shows((7, 16))),
    Rule("pass: declines partner's jump raise with 6–7", passes, _jump_raise_answer((0, 7)),
         Shows((4, 7))),
)  # fmt: skip
"""After 1 of a suit – 1♥/1♠ – 3 of that major (16–18 with four trumps): game with more than a
minimum; with slam values no rule speaks and :func:`place` goes on."""


def _unbid_stopped(h: Hand, c: Ctx) -> bool:
    """A stopper in each suit our side has not bid."""
    return all(h.stopper(s) for s in SUITS if s not in c.our_strains())


AFTER_JUMP_REBID: Final[tuple[Rule, ...]] = (
    Rule("4 of partner's major: accepts the jump rebid with 8+ and two or more of it",
         lambda c: c.at(4, _opened(c)) if _opened(c) in MAJORS else None,
         lambda h, c: 8 <= h.hcp <= 15 and h.lengths[_opened(c)] >= 2, Shows((8, 15))),
    Rule("3NT: accepts the jump rebid with 8+ and the unbid suits stopped", fixed(3, NOTRUMP),
         lambda h, c: 8 <= h.hcp <= 15 and _unbid_stopped(h, c), Shows((8, 15))),
    Rule("pass: declines the jump rebid with 6–7", passes, lambda h, c: h.hcp <= 7,
         Shows((4, 7))),
)  # fmt: skip
"""After 1 of a suit – one of a suit or 1NT – 3 of the opened suit (16–18 with six cards): game
with more than a minimum; other hands go on with :func:`place`."""


def _opened(c: Ctx) -> int:
    """The strain of the auction's opening bid."""
    opening = c.opening
    assert opening is not None
    return auction.strain_of(opening)


# ---- responding to one of a suit ---------------------------------------------------------------


def _support(h: Hand, c: Ctx, at_least: int = 3) -> bool:
    return h.lengths[partner_opening_strain(c)] >= at_least


def _raise(points: tuple[int, int], minimum: int = 3) -> Test:
    def test(h: Hand, c: Ctx) -> bool:
        strain = partner_opening_strain(c)
        need = minimum if strain in MAJORS else max(minimum, 5 if strain == CLUBS else 4)
        no_major = strain in MAJORS or max(h.lengths[HEARTS], h.lengths[SPADES]) < 4
        return (
            h.lengths[strain] >= need and no_major and points[0] <= h.points_with_fit() <= points[1]
        )

    return test


def _new_suit(level: int, min_hcp: int) -> Callable[[int], Test]:
    """A new suit at ``level``: the responder's longest suit that can be bid there (ties: the
    cheapest, "up the line"), four or more cards (five for 2♥ over 1♠)."""

    def per_suit(suit: int) -> Test:
        def test(h: Hand, c: Ctx) -> bool:
            if h.hcp < min_hcp or suit in c.our_strains() | c.their_strains():
                return False
            candidates = [
                s
                for s in (CLUBS, DIAMONDS, HEARTS, SPADES)
                if s not in c.our_strains() | c.their_strains()
                and h.lengths[s] >= (5 if level == 2 and s == HEARTS else 4)
                and (cb := c.cheapest(s)) is not None
                and auction.level_of(cb) == level
            ]
            if not candidates:
                return False
            # The longest; with two five-card suits the higher first, with four-card suits the
            # cheaper ("up the line").
            best = max(candidates, key=lambda s: (h.lengths[s], s if h.lengths[s] >= 5 else -s))
            return suit == best

        return test

    return per_suit


_one_level = _new_suit(1, 6)
_two_level = _new_suit(2, 11)


def _overcall_by_rho(c: Ctx) -> int | None:
    """RHO's suit overcall at the one or two level, right after partner's one-level suit
    opening (the bid to double), or None."""
    opening = c.opening
    if opening is None or c.opener != c.partner or auction.level_of(opening) != 1:
        return None
    if auction.strain_of(opening) == NOTRUMP or c.actions(c.seat):
        return None
    theirs = c.actions(c.rho)
    last = c.status.last_bid
    if theirs != [last] or last is None or c.actions(c.lho) or c.status.doubled:
        return None
    if auction.strain_of(last) == NOTRUMP or auction.level_of(last) > 2:
        return None
    return last


def _negative_spot(major: int) -> Callable[[Ctx], bool]:
    def spot(c: Ctx) -> bool:
        overcall = _overcall_by_rho(c)
        if overcall is None:
            return False
        bid_suits = {auction.strain_of(overcall), partner_opening_strain(c)}
        return major not in bid_suits

    return spot


def _negative(major: int) -> Test:
    """Four cards in an unbid major (both, when both are unbid) and 6+ (8+ when the overcall is at
    the two level), without five of it (a one-level suit bid then) or a raise."""

    def test(h: Hand, c: Ctx) -> bool:
        overcall = _overcall_by_rho(c)
        assert overcall is not None
        bid_suits = {auction.strain_of(overcall), partner_opening_strain(c)}
        unbid = [m for m in MAJORS if m not in bid_suits]
        need = 6 if auction.level_of(overcall) == 1 else 8
        one_level = (c.cheapest(major) or 99) < bid(2, CLUBS)
        return (
            h.hcp >= need
            and all(h.lengths[m] >= 4 for m in unbid)
            and not (one_level and h.lengths[major] >= 5)
        )

    return test


RESPOND_SUIT: Final[tuple[Rule, ...]] = (
    Rule("4 of partner's major: 13–17 with three or more trumps",
         lambda c: c.at(4, partner_opening_strain(c)),
         lambda h, c: partner_opening_strain(c) in MAJORS and _raise((13, 17))(h, c),
         Shows((9, 17))),
    Rule("3 of partner's suit: limit raise, 10–12 with support",
         lambda c: c.jump(partner_opening_strain(c)), _raise((10, 12)), Shows((7, 12))),
    Rule("2 of partner's major: 6–9 with three or more trumps",
         lambda c: c.cheapest(partner_opening_strain(c)),
         lambda h, c: partner_opening_strain(c) in MAJORS and _raise((6, 9))(h, c),
         Shows((2, 9))),
    *(Rule(f"double: negative, 6+ (8+ over a two-level overcall) with four {'♥♠'[m - 2]}",
           when(_negative_spot(m), doubles), _negative(m), length(m, 4, (6, 37)))
      for m in MAJORS),
    *(Rule(f"1{'♣♦♥♠'[s]}: a new suit at the one level, 6+ and four or more cards, forcing",
           unbid(s, 1), _one_level(s), length(s, 4, (6, 37))) for s in SUITS),
    *(Rule(f"2{'♣♦♥♠'[s]}: a new suit at the two level, 11+ and four or more cards, forcing",
           unbid(s, 2), _two_level(s), length(s, 4, (11, 37))) for s in SUITS),
    Rule("2 of partner's minor: 6–9 with support", lambda c: c.cheapest(partner_opening_strain(c)),
         lambda h, c: partner_opening_strain(c) in MINORS and _raise((6, 9))(h, c),
         Shows((2, 9))),
    Rule("3NT: 16–17 balanced", fixed(3, NOTRUMP), lambda h, c: h.balanced and 16 <= h.hcp <= 17,
         Shows((16, 17), balanced=True)),
    Rule("2NT: 13–15 balanced", fixed(2, NOTRUMP), lambda h, c: h.balanced and 13 <= h.hcp <= 15,
         Shows((13, 15), balanced=True)),
    Rule("1NT: 6–10, nothing else fits", fixed(1, NOTRUMP), lambda h, c: 6 <= h.hcp <= 10,
         Shows((6, 10))),
    Rule("pass: 0–5", passes, lambda h, c: h.hcp <= 5, Shows((0, 5))),
)  # fmt: skip

RESPOND_2C: Final[tuple[Rule, ...]] = (
    Rule("2♦: waiting, artificial", fixed(2, DIAMONDS), always, NOTHING),
)

RESPOND_PREEMPT: Final[tuple[Rule, ...]] = (
    Rule("4 of partner's major: 16+ with two or more trumps",
         lambda c: c.at(4, partner_opening_strain(c)),
         lambda h, c: partner_opening_strain(c) in MAJORS and h.hcp >= 16 and _support(h, c, 2),
         Shows((16, 37))),
    Rule("3NT: 17+ with stoppers", fixed(3, NOTRUMP),
         lambda h, c: h.hcp >= 17 and sum(h.stopper(s) for s in SUITS) >= 3, Shows((17, 37))),
    Rule("pass: otherwise", passes, always, Shows((0, 15))),
)  # fmt: skip


# ---- the opener's rebid ------------------------------------------------------------------------


def _partners_suit(c: Ctx) -> int | None:
    bids = c.bids(c.partner)
    if not bids:
        return None
    strain = auction.strain_of(bids[-1])
    return None if strain == NOTRUMP else strain


def _my_suit(c: Ctx) -> int:
    return auction.strain_of(c.bids(c.seat)[0])


def _raise_partner(points: tuple[int, int], three: bool = False) -> Test:
    """Four of partner's major (``three``: three of it will do with a singleton or void and no
    six-card suit of one's own)."""

    def test(h: Hand, c: Ctx) -> bool:
        suit = _partners_suit(c)
        short = min(h.lengths) <= 1 and h.lengths[_my_suit(c)] <= 5
        need = 3 if three and short else 4
        return (
            suit is not None
            and suit in MAJORS
            and suit != _my_suit(c)
            and h.lengths[suit] >= need
            and points[0] <= h.points_with_fit() <= points[1]
        )

    return test


def _partner_raise_level(levels: int) -> CallFn:
    def call(c: Ctx) -> int | None:
        suit = _partners_suit(c)
        return None if suit is None else c.jump(suit, levels) if levels else c.cheapest(suit)

    return call


def _reverse(c: Ctx, suit: int) -> bool:
    """Whether bidding ``suit`` now is a reverse: the cheapest bid in it is at the two level and
    it ranks above the opener's suit."""
    code = c.cheapest(suit)
    return code is not None and auction.level_of(code) == 2 and suit > _my_suit(c)


def _reversing(suit: int, reverse: bool) -> Callable[[Ctx], bool]:
    return lambda c: _reverse(c, suit) == reverse


def _reverse_test(suit: int) -> Test:
    def test(h: Hand, c: Ctx) -> bool:
        mine = _my_suit(c)
        return (
            17 <= h.hcp <= 21
            and h.lengths[suit] >= 4
            and h.lengths[mine] > h.lengths[suit]
            and suit not in c.our_strains() | c.their_strains()
            and max(h.lengths[s] for s in SUITS if s not in (suit, mine)) <= 3
        )

    return test


def _rebid_new_suit(suit: int) -> Test:
    def test(h: Hand, c: Ctx) -> bool:
        mine = _my_suit(c)
        if suit == mine or suit in c.our_strains() | c.their_strains() or h.lengths[suit] < 4:
            return False
        code = c.cheapest(suit)
        if code is None or h.hcp > 18:
            return False
        # No reverse: at the two level only a suit ranking below the opened one.
        level = auction.level_of(code)
        return level == 1 or (level == 2 and suit < mine and h.hcp <= 18)

    return test


def _raised_level(c: Ctx) -> int:
    """The level to which partner raised the opener's suit (0: partner bid something else)."""
    bids = c.bids(c.partner)
    if not bids or auction.strain_of(bids[-1]) != _my_suit(c):
        return 0
    return auction.level_of(bids[-1])


def _after_raise(levels: tuple[int, ...], points: tuple[int, int], major: bool = True) -> Test:
    """Partner raised the opener's suit (a major, or a minor) to one of ``levels``; the opener
    counts ``points`` with the fit (high-card points and shortness)."""

    def test(h: Hand, c: Ctx) -> bool:
        return (
            _raised_level(c) in levels
            and (_my_suit(c) in MAJORS) == major
            and points[0] <= h.points_with_fit() <= points[1]
        )

    return test


def _not_raised(c: Ctx) -> bool:
    return _raised_level(c) == 0


def _new_suit_answer(c: Ctx) -> bool:
    """Partner answered the opening in a suit of its own."""
    suit = _partners_suit(c)
    return suit is not None and suit != _my_suit(c)


def _minor_raised_to_3nt(h: Hand, c: Ctx) -> bool:
    """After a raise of the opened minor: 3NT with the strength for game and every other suit
    stopped (single raise 18+, limit raise 15+, points as the hand's high cards)."""
    level = _raised_level(c)
    if _my_suit(c) not in MINORS or level not in (2, 3):
        return False
    need = 18 if level == 2 else 15
    others = [s for s in SUITS if s != _my_suit(c)]
    return h.hcp >= need and sum(h.stopper(s) for s in others) >= 2


OPENER_REBID: Final[tuple[Rule, ...]] = (
    Rule("4 of my major after a single raise: 19+ counting shortness",
         lambda c: c.at(4, _my_suit(c)), _after_raise((2,), (19, 37)), Shows((15, 21))),
    Rule("3 of my major after a single raise: game invitation, 16–18 counting shortness",
         lambda c: c.at(3, _my_suit(c)), _after_raise((2,), (16, 18)), Shows((12, 18))),
    Rule("4 of my major after a limit raise: accepts with 14+ counting shortness",
         lambda c: c.at(4, _my_suit(c)), _after_raise((3,), (14, 37)), Shows((11, 21))),
    Rule("3NT after a raise of my minor: game values, the other suits stopped", fixed(3, NOTRUMP),
         _minor_raised_to_3nt, Shows((15, 21))),
    Rule("pass: partner raised my suit, no game", passes, lambda h, c: _raised_level(c) > 0
         and not (_raised_level(c) >= 4 and h.points_with_fit() >= 20), Shows((10, 18))),
    Rule("4 of partner's major: 19+ with four trumps",
         when(_new_suit_answer, _partner_raise_level(2)), _raise_partner((19, 37), three=True),
         Shows((15, 21))),
    Rule("3 of partner's major: 16–18 with four trumps",
         when(_new_suit_answer, _partner_raise_level(1)), _raise_partner((16, 18), three=True),
         Shows((13, 18))),
    Rule("2 of partner's major: 12–15 with four trumps",
         when(_new_suit_answer, _partner_raise_level(0)), _raise_partner((10, 15), three=True),
         Shows((10, 15))),
    Rule("1NT: 12–14 balanced", fixed(1, NOTRUMP), lambda h, c: h.balanced and h.hcp <= 14,
         Shows((11, 14), balanced=True)),
    Rule("2NT: 18–19 balanced", fixed(2, NOTRUMP), lambda h, c: h.balanced and 18 <= h.hcp <= 19,
         Shows((18, 19), balanced=True)),
    Rule("3 of my suit: 16–18 with six or more", when(_not_raised, lambda c: c.jump(_my_suit(c))),
         lambda h, c: h.lengths[_my_suit(c)] >= 6 and 16 <= h.length_points() <= 18,
         Shows((12, 18))),
    *(Rule(f"{'♣♦♥♠'[s]}: reverse, a higher-ranking second suit at the two level, 17+",
           when(_reversing(s, True), unbid(s)), _reverse_test(s), length(s, 4, (17, 21)))
      for s in SUITS),
    *(Rule(f"{'♣♦♥♠'[s]}: a second suit, four or more cards, no reverse",
           when(_reversing(s, False), unbid(s)), _rebid_new_suit(s), length(s, 4, (10, 18)))
      for s in SUITS),
    Rule("pass: a balanced minimum over partner's 1NT", passes,
         lambda h, c: h.balanced and h.hcp <= 14 and c.bids(c.partner)[-1:] == [bid(1, NOTRUMP)],
         Shows((10, 14), balanced=True)),
    Rule("2 of my suit: six or more, or nothing else fits",
         when(_not_raised, lambda c: c.cheapest(_my_suit(c))),
         lambda h, c: h.length_points() <= 17 and auction.level_of(c.cheapest(_my_suit(c)) or 99)
         <= 2, Shows((10, 16))),
)  # fmt: skip


def _negative_major(c: Ctx) -> int:
    """The major partner's negative double promised (the unbid one; spades if both were)."""
    bid_suits = {auction.strain_of(x) for x in c.bids(c.lho) + c.bids(c.seat)}
    return next(m for m in MAJORS if m not in bid_suits)


def _holds(suit: int, cards: int, points: int) -> Test:
    """``cards`` or more in ``suit`` and ``points`` or more counting shortness."""
    return lambda h, c: h.lengths[suit] >= cards and h.points_with_fit() >= points


def _showed_major(major: int) -> Callable[[Ctx], bool]:
    return lambda c: _negative_major(c) == major


AFTER_NEGATIVE_DOUBLE: Final[tuple[Rule, ...]] = (
    *(Rule(f"jump in {'♥♠'[m - 2]}, the major partner showed: four of it, 16+",
           when(_showed_major(m), jump(m)),
           _holds(m, 4, 16),
           length(m, 4, (15, 21))) for m in MAJORS),
    *(Rule(f"{'♥♠'[m - 2]}, the major partner showed: four of it",
           when(_showed_major(m), cheapest(m)), _holds(m, 4, 0),
           length(m, 4, (11, 15))) for m in MAJORS),
    Rule("no trump: balanced with their suit stopped", lambda c: c.cheapest(NOTRUMP),
         lambda h, c: h.balanced and _stoppers(h, c) and h.hcp <= 17, Shows((11, 17))),
    Rule("my suit again", lambda c: c.cheapest(_my_suit(c)), always, NOTHING),
)  # fmt: skip


# ---- competing: overcalls, doubles and advances ------------------------------------------------


def balancing(c: Ctx) -> int:
    """:data:`BALANCING_ALLOWANCE` in the pass-out seat (their bid, then two passes: a pass
    here ends the auction), else 0: partner is marked with some values ("borrow a king")."""
    status = c.status
    if status.last_bidder == c.lho and status.passes == 2 and status.last_bid is not None:
        return BALANCING_ALLOWANCE if auction.level_of(status.last_bid) <= 2 else 0
    return 0


def _balancing(c: Ctx) -> bool:
    return balancing(c) > 0


def _not_balancing(c: Ctx) -> bool:
    return balancing(c) == 0


def _overcall(suit: int) -> Test:
    def test(h: Hand, c: Ctx) -> bool:
        code = c.cheapest(suit)
        if code is None or suit in c.their_strains() or h.lengths[suit] < 5:
            return False
        if h.quality(suit) < 2 and h.lengths[suit] < 6:
            return False
        level = auction.level_of(code)
        need = (8 if level == 1 else 11 if level == 2 else 14) - balancing(c)
        if not need <= h.hcp <= 16:
            return False
        candidates = [s for s in SUITS if s not in c.their_strains() and h.lengths[s] >= 5]
        return suit == max(candidates, key=lambda s: (h.lengths[s], s))

    return test


def _takeout(h: Hand, c: Ctx) -> bool:
    theirs = c.their_strains() - {NOTRUMP}
    if not theirs or not c.legal(DOUBLE) or c.status.last_bidder not in (c.lho, c.rho):
        return False
    if h.hcp >= 17:
        return True
    unbid = [s for s in SUITS if s not in theirs]
    return (
        h.hcp >= 12 - balancing(c)
        and all(h.lengths[s] <= 2 for s in theirs)
        and all(h.lengths[s] >= 3 for s in unbid)
    )


def _notrump_overcall(h: Hand, c: Ctx) -> bool:
    theirs = c.their_strains() - {NOTRUMP}
    return h.balanced and 15 <= h.hcp <= 18 and bool(theirs) and all(h.stopper(s) for s in theirs)


OVERCALL: Final[tuple[Rule, ...]] = (
    Rule("1NT: 15–18 balanced with a stopper in their suit", fixed(1, NOTRUMP), _notrump_overcall,
         Shows((15, 18), balanced=True)),
    *(Rule(f"{'♣♦♥♠'[s]}: overcall, five or more cards, 8–16 (11+ at the two level)",
           when(_not_balancing, not_theirs(s)), _overcall(s), length(s, 5, (8, 16)))
      for s in SUITS),
    *(Rule(f"{'♣♦♥♠'[s]}: balancing overcall in the pass-out seat, five or more cards, 5–16",
           when(_balancing, not_theirs(s)), _overcall(s), length(s, 5, (5, 16)))
      for s in SUITS),
    Rule("double: takeout, 12+ short in their suit with the others, or 17+",
         when(_not_balancing, doubles), _takeout, Shows((12, 37))),
    Rule("double: balancing takeout, 9+ short in their suit with the others",
         when(_balancing, doubles), _takeout, Shows((9, 37))),
    Rule("double: penalty over their no trump, 16+", doubles,
         lambda h, c: h.hcp >= 16 and c.status.last_bid is not None
         and auction.strain_of(c.status.last_bid) == NOTRUMP, Shows((16, 37))),
    Rule("pass", passes, always, Shows((0, 16))),
)  # fmt: skip


def _partner_doubled(c: Ctx) -> bool:
    """Partner's last call is a takeout double (of a suit bid: a double of no trump is for
    penalty, and is left in).  Once partner has passed since, the double is no longer to be
    answered."""
    if c.by_seat[c.partner][-1:] != (DOUBLE,):
        return False
    doubled = _doubled_bid(c)
    return doubled is not None and auction.strain_of(doubled) != NOTRUMP


def _doubled_bid(c: Ctx) -> int | None:
    """The bid partner's last double was made over."""
    last: int | None = None
    found: int | None = None
    for i, call in enumerate(c.calls):
        if auction.is_bid(call):
            last = call
        elif call == DOUBLE and (c.dealer + i) % 4 == c.partner:
            found = last
    return found


def _rho_bid_since(c: Ctx) -> bool:
    """Whether RHO, the last to call, did something other than pass (after partner's action)."""
    return bool(c.calls) and c.calls[-1] != PASS


def _advance_double_suit(suit: int, levels: int) -> Test:
    def test(h: Hand, c: Ctx) -> bool:
        if not _partner_doubled(c) or suit in c.their_strains():
            return False
        strong = h.hcp >= 10
        if (levels == 1) != strong:
            return False
        code = c.cheapest(suit)
        level = auction.level_of(code) if code is not None else 8
        if levels == 1 and level > 2:
            return False  # no jump to game or beyond
        if _rho_bid_since(c):
            # RHO bid over the double: no longer forced to speak, a free bid shows values and a
            # real suit.
            if level >= 4 or h.hcp < (6 if level <= 2 else 9):
                return False
            if h.lengths[suit] < 5 and not (h.lengths[suit] >= 4 and h.hcp >= 9):
                return False
        unbid = [s for s in SUITS if s not in c.their_strains()]
        if not unbid:
            return False
        best = max(unbid, key=lambda s: (h.lengths[s], s in MAJORS, s))
        return suit == best

    return test


def _partner_overcall_suit(c: Ctx) -> int | None:
    bids = c.bids(c.partner)
    if not bids or auction.strain_of(bids[-1]) == NOTRUMP:
        return None
    return auction.strain_of(bids[-1])


def _advance_raise(points: tuple[int, int]) -> Test:
    def test(h: Hand, c: Ctx) -> bool:
        suit = _partner_overcall_suit(c)
        return (
            suit is not None
            and h.lengths[suit] >= 3
            and points[0] <= h.points_with_fit() <= points[1]
        )

    return test


def _partner_suit_call(levels: int) -> CallFn:
    """A raise of partner's overcall (``levels`` 1: a jump), at the three level at most."""

    def call(c: Ctx) -> int | None:
        suit = _partner_overcall_suit(c)
        if suit is None:
            return None
        code = c.jump(suit, levels) if levels else c.cheapest(suit)
        return code if code is not None and auction.level_of(code) <= 3 else None

    return call


def _stoppers(h: Hand, c: Ctx) -> bool:
    return all(h.stopper(s) for s in c.their_strains() - {NOTRUMP})


ADVANCE: Final[tuple[Rule, ...]] = (
    *(Rule(f"{'♣♦♥♠'[s]}: jump answer to the takeout double, 10+",
           when(_partner_doubled, jump(s)),
           _advance_double_suit(s, 1), length(s, 4, (10, 37))) for s in SUITS),
    Rule("1NT: answer to the takeout double, 6–9 balanced with a stopper", fixed(1, NOTRUMP),
         lambda h, c: _partner_doubled(c) and 6 <= h.hcp <= 9 and h.balanced and _stoppers(h, c),
         Shows((6, 9))),
    *(Rule(f"{'♣♦♥♠'[s]}: answer to the takeout double, the longest unbid suit",
           when(_partner_doubled, not_theirs(s)),
           _advance_double_suit(s, 0), length(s, 3, (0, 9))) for s in SUITS),
    Rule("game in partner's major: 13+ with support", lambda c: (
        c.at(4, s) if (s := _partner_overcall_suit(c)) in MAJORS else None),
         _advance_raise((13, 37)), Shows((9, 37))),
    Rule("jump raise of partner's suit: 11–12 with support", _partner_suit_call(1),
         _advance_raise((11, 12)), Shows((7, 12))),
    Rule("raise of partner's suit: 8–10 with support", _partner_suit_call(0),
         _advance_raise((8, 10)), Shows((4, 10))),
    Rule("3NT: 13+ with a stopper", fixed(3, NOTRUMP),
         lambda h, c: h.hcp >= 13 and _stoppers(h, c) and _partner_overcall_suit(c) is not None,
         Shows((13, 37))),
)  # fmt: skip


def _aces_answer(count: tuple[int, ...]) -> Test:
    return lambda h, c: aces(h) in count


BLACKWOOD_ANSWER: Final[tuple[Rule, ...]] = (
    Rule("5♣: no ace or four", fixed(5, CLUBS), _aces_answer((0, 4)), NOTHING),
    Rule("5♦: one ace", fixed(5, DIAMONDS), _aces_answer((1,)), NOTHING),
    Rule("5♥: two aces", fixed(5, HEARTS), _aces_answer((2,)), NOTHING),
    Rule("5♠: three aces", fixed(5, SPADES), _aces_answer((3,)), NOTHING),
)  # fmt: skip


def _asked_for_aces(ctx: Ctx) -> bool:
    """Partner's last call is 4NT, right before this one (no interference), with our side having
    bid a suit: Blackwood."""
    blackwood = bid(4, NOTRUMP)
    return (
        ctx.actions(ctx.partner)[-1:] == [blackwood]
        and ctx.status.last_bid == blackwood
        and ctx.status.doubled == 0
        and any(s != NOTRUMP for s in ctx.our_strains())
        and ctx.bids(ctx.partner).count(blackwood) == 1
        and blackwood not in ctx.bids(ctx.seat)
    )


# ---- the situations ----------------------------------------------------------------------------


def situation(ctx: Ctx) -> str:
    """Which table speaks for the seat to call (``"place"``: none, see :func:`place`)."""
    opener = ctx.opener
    opening = ctx.opening
    if opener is None or opening is None:
        return "opening"
    mine, partners = ctx.actions(ctx.seat), ctx.actions(ctx.partner)
    level, strain = auction.level_of(opening), auction.strain_of(opening)
    rho_quiet = not ctx.actions(ctx.rho) and not ctx.actions(ctx.lho)  # both opponents passed
    if _asked_for_aces(ctx):
        return "blackwood_answer"
    if (
        opener == ctx.partner
        and strain in MAJORS
        and level == 1
        and mine == [bid(2, strain)]
        and partners == [opening, bid(3, strain)]
        and rho_quiet
    ):
        return "after_game_try"
    if (
        opener == ctx.partner
        and level == 1
        and strain != NOTRUMP
        and len(mine) == 1
        and auction.level_of(mine[0]) == 1
        and len(partners) == 2
        and partners[0] == opening
        and rho_quiet
    ):
        answered = auction.strain_of(mine[0])
        if answered in MAJORS and partners[1] == bid(3, answered):
            return "after_jump_raise"
        if partners[1] == bid(3, strain):
            return "after_jump_rebid"
    if opener == ctx.partner and not mine and len(partners) == 1:
        if not rho_quiet and level == 1 and strain != NOTRUMP:
            return "respond_suit"
        if not rho_quiet:
            return "place"
        if (level, strain) == (1, NOTRUMP):
            return "respond_1nt"
        if (level, strain) == (2, CLUBS):
            return "respond_2c"
        if level == 1:
            return "respond_suit"
        if level in (2, 3) and strain != NOTRUMP:
            return "respond_preempt"
        return "place"
    if (
        opener == ctx.seat
        and len(mine) == 1
        and partners == [DOUBLE]
        and ctx.status.last_bidder == ctx.lho
        and ctx.status.doubled == 1
        and len(ctx.actions(ctx.lho)) == 1
        and auction.level_of(opening) == 1
        and strain != NOTRUMP
    ):
        return "after_negative_double"
    if opener == ctx.seat and len(mine) == 1 and partners and rho_quiet:
        my_open, answer = mine[0], partners[-1]
        if my_open == bid(1, NOTRUMP) and answer == bid(2, CLUBS) and len(partners) == 1:
            return "stayman_answer"
        if my_open == bid(1, NOTRUMP) and answer in (bid(2, DIAMONDS), bid(2, HEARTS)):
            return "transfer_accept" if len(partners) == 1 else "place"
        if level == 1 and strain != NOTRUMP and len(partners) == 1:
            return "opener_rebid"
        return "place"
    if (
        opener == ctx.partner
        and mine == [bid(2, CLUBS)]
        and opening == bid(1, NOTRUMP)
        and len(partners) == 2
        and rho_quiet
    ):
        return "after_stayman"
    if (
        opener == ctx.partner
        and len(mine) == 1
        and opening == bid(1, NOTRUMP)
        and mine[0] in (bid(2, DIAMONDS), bid(2, HEARTS))
        and len(partners) == 2
        and rho_quiet
    ):
        return "after_transfer"
    if opener in (ctx.lho, ctx.rho):
        last = ctx.status.last_bid
        if last is not None and auction.level_of(last) >= 4:
            return "place"  # over their game: sacrifice, double for penalty or pass (place)
        if not mine and not partners:
            return "overcall"
        if not mine and partners and len(partners) == 1:
            return "advance"
    return "place"


TABLES: Final[dict[str, tuple[Rule, ...]]] = {
    "opening": OPENING,
    "respond_1nt": RESPOND_1NT,
    "respond_suit": RESPOND_SUIT,
    "respond_2c": RESPOND_2C,
    "respond_preempt": RESPOND_PREEMPT,
    "stayman_answer": STAYMAN_ANSWER,
    "transfer_accept": TRANSFER_ACCEPT,
    "after_transfer": AFTER_TRANSFER,
    "after_stayman": AFTER_STAYMAN,
    "blackwood_answer": BLACKWOOD_ANSWER,
    "after_game_try": AFTER_GAME_TRY,
    "after_jump_raise": AFTER_JUMP_RAISE,
    "after_jump_rebid": AFTER_JUMP_REBID,
    "after_negative_double": AFTER_NEGATIVE_DOUBLE,
    "opener_rebid": OPENER_REBID,
    "overcall": OVERCALL,
    "advance": ADVANCE,
}


def rule_for(hand: Hand, ctx: Ctx) -> Rule | None:
    """The first rule of the situation's table that applies to ``hand`` with a legal call."""
    for rule in TABLES.get(situation(ctx), ()):
        call = rule.call(ctx)
        if call is not None and ctx.legal(call) and rule.test(hand, ctx):
            return rule
    return None


def choose_call(
    cards: Sequence[int], calls: Sequence[int], dealer: int = 0, vulnerability: str = "none"
) -> int:
    """The robot's call with ``cards`` after ``calls``."""
    ctx = Ctx(tuple(calls), auction.to_call(calls, dealer), dealer, vulnerability)
    hand = Hand.of(cards)
    rule = rule_for(hand, ctx)
    if rule is not None:
        call = rule.call(ctx)
        assert call is not None
        return call
    call = place(hand, ctx)
    if call == PASS and forced(ctx):
        return keep_going(hand, ctx)
    return call


def forced(ctx: Ctx) -> bool:
    """Whether a pass is out of the question: partner, answering this seat's opening, has just
    bid a new suit below game (forcing) and the opponents have not bid since."""
    if ctx.opener != ctx.seat or ctx.status.last_bidder != ctx.partner:
        return False
    last = ctx.status.last_bid
    assert last is not None
    strain = auction.strain_of(last)
    earlier = {auction.strain_of(c) for c in ctx.bids(ctx.seat) + ctx.bids(ctx.partner)[:-1]}
    return (
        strain != NOTRUMP
        and strain not in earlier
        and _contract_value(auction.level_of(last), strain) == 1
        and ctx.status.doubled == 0
    )


def keep_going(hand: Hand, ctx: Ctx) -> int:
    """The cheapest sensible call over partner's forcing bid: a raise with four of partner's suit
    (three of a major), no trump when balanced, else the longest suit."""
    last = ctx.status.last_bid
    assert last is not None
    theirs = auction.strain_of(last)
    if hand.lengths[theirs] >= (3 if theirs in MAJORS else 4):
        call = ctx.cheapest(theirs)
    elif hand.balanced:
        call = ctx.cheapest(NOTRUMP)
    else:
        call = ctx.cheapest(hand.longest())
    return call if call is not None else PASS


# ---- reading the others' calls -----------------------------------------------------------------


def explain(calls: Sequence[int], index: int, dealer: int = 0) -> Shows:
    """What call ``index`` of the auction showed, by the system's tables (later rounds: a bid
    suit shows four cards, a pass after partner's forcing bid nothing)."""
    prefix = tuple(calls[:index])
    call = calls[index]
    ctx = Ctx(prefix, auction.to_call(prefix, dealer), dealer)
    found: Shows | None = None
    for rule in TABLES.get(situation(ctx), ()):
        if rule.call(ctx) == call:
            found = rule.shows if found is None else found.either(rule.shows)
    if found is not None:
        return found
    if auction.is_bid(call) and auction.strain_of(call) != NOTRUMP:
        return length(auction.strain_of(call), 4)
    return NOTHING


def shown(calls: Sequence[int], seat: int, dealer: int = 0) -> Shows:
    """Everything ``seat``'s calls showed, together."""
    out = NOTHING
    partner_suits: dict[int, int] = {}
    """Suits partner bid before, with the level of partner's first bid in each."""
    own_suits: dict[int, int] = {}
    """Suits the seat bid before, with its first bid in each."""
    for i, call in enumerate(calls):
        who = (dealer + i) % 4
        if who == (seat + 2) % 4 and auction.is_bid(call):
            partner_suits.setdefault(auction.strain_of(call), auction.level_of(call))
        if who != seat:
            continue
        out = out.merge(explain(calls, i, dealer))
        strain = auction.strain_of(call) if auction.is_bid(call) else NOTRUMP
        if strain != NOTRUMP and strain in own_suits and strain not in partner_suits:
            # Bidding one's own suit again shows a longer one: six.
            out = out.merge(length(strain, 6))
        if strain != NOTRUMP and strain not in own_suits:
            own_suits[strain] = call
        if strain != NOTRUMP and strain in partner_suits and i >= 2:
            # A bid in partner's suit supports it: three cards for a major partner opened (five
            # cards), four otherwise.
            support = 3 if strain in MAJORS and partner_suits[strain] == 1 else 4
            out = out.merge(length(strain, support))
    return out


# ---- placing the contract ----------------------------------------------------------------------


@cache
def _hcp_weights() -> tuple[float, ...]:
    """How many 13-card hands hold each number of high-card points (0..37)."""
    counts = [0] * 38
    for a in range(5):
        for k in range(5):
            for q in range(5):
                for j in range(5):
                    rest = 13 - a - k - q - j
                    if rest < 0:
                        continue
                    ways = comb(4, a) * comb(4, k) * comb(4, q) * comb(4, j) * comb(36, rest)
                    counts[4 * a + 3 * k + 2 * q + j] += ways
    total = sum(counts)
    return tuple(c / total for c in counts)


def expected_hcp(lo: int, hi: int) -> float:
    """The average high-card points of a random hand within ``lo``..``hi``."""
    weights = _hcp_weights()
    lo, hi = max(0, lo), min(37, hi)
    mass = sum(weights[lo : hi + 1])
    if mass <= 0:
        return float(lo)
    return sum(p * w for p, w in zip(range(lo, hi + 1), weights[lo : hi + 1], strict=True)) / mass


def _contract_value(level: int, strain: int) -> int:
    """A rough order of ambition: part-score 1, game 2, small slam 3, grand slam 4."""
    if level == 7:
        return 4
    if level == 6:
        return 3
    if (strain == NOTRUMP and level >= 3) or (strain in MAJORS and level >= 4) or level >= 5:
        return 2
    return 1


def partner_estimate(hand: Hand, ctx: Ctx, partner: Shows) -> float:
    """Partner's likely high-card points: the average of the range partner's calls showed and
    of what the opponents' calls leave over (40 less this hand and their averages), kept within
    partner's range.  A silent partner's range is what its passes showed."""
    lo, hi = partner.hcp
    opponents = sum(expected_hcp(*shown(ctx.calls, s, ctx.dealer).hcp) for s in (ctx.lho, ctx.rho))
    left_over = 40 - hand.hcp - opponents
    weight = PARTNER_RANGE_WEIGHT
    estimate = weight * expected_hcp(lo, hi) + (1 - weight) * left_over
    if not ctx.actions(ctx.partner):
        estimate = min(estimate, PASSED_PARTNER_CAP)
    return float(min(max(estimate, lo), hi))


def side_tricks(hcp: float, trumps: int, notrump: bool) -> float:
    """The tricks a side with ``hcp`` high-card points between its hands is likely to take: eight
    with half the deck (20) and an eight-card fit, one more for each further trump and each three
    points (law of total tricks and the point count's rule of thumb); at no trump seven at 20 and
    :data:`NT_TRICKS_PER_POINT` a point (nine at 25, twelve at 33)."""
    if notrump:
        return 7 + (hcp - 20) * NT_TRICKS_PER_POINT
    return 8 + (hcp - 20) / 3 + (trumps - 8)


def _penalty(down: float, vulnerable: bool) -> float:
    """What a doubled contract ``down`` tricks short costs (fractions interpolated)."""
    steps = (0, 200, 500, 800, 1100, 1400) if vulnerable else (0, 100, 300, 500, 800, 1100)
    down = max(0.0, min(down, 5.0))
    whole = int(down)
    part = down - whole
    nxt = steps[min(whole + 1, 5)]
    return steps[whole] + part * (nxt - steps[whole])


def _game_score(level: int, strain: int, vulnerable: bool) -> int:
    """The score of a contract bid and made exactly (undoubled), for weighing a sacrifice."""
    per = 20 if strain in MINORS else 30
    points = per * level + (10 if strain == NOTRUMP else 0)
    bonus = (500 if vulnerable else 300) if points >= 100 else 50
    if level == 6:
        bonus += 750 if vulnerable else 500
    if level == 7:
        bonus += 1500 if vulnerable else 1000
    return points + bonus


def _over_their_bid(
    hand: Hand,
    ctx: Ctx,
    partner: Shows,
    partner_hcp: float,
    trump: int | None,
    goal_value: int,
    goal_level: int,
    strain: int,
    stopped: bool,
) -> int:
    """The opponents hold the contract: bid our game, compete for the part-score (law of total
    tricks), sacrifice over their game when it is cheaper, double them when they go down, or
    pass."""
    status = ctx.status
    assert status.last_bid is not None
    their_level = auction.level_of(status.last_bid)
    their_strain = auction.strain_of(status.last_bid)
    partner_len = partner.min_len
    combined = hand.hcp + partner_hcp
    total_trumps = (hand.lengths[trump] + partner_len[trump]) if trump is not None else 0
    if goal_value >= 2 and (trump is not None or stopped):
        target = ctx.at(goal_level, strain)
        if target is not None and ctx.legal(target):
            return target

    their_shows = [shown(ctx.calls, s, ctx.dealer) for s in (ctx.lho, ctx.rho)]
    if their_strain == NOTRUMP:
        their_trumps = 0
    else:
        shown_fit = sum(sh.min_len[their_strain] for sh in their_shows)
        room = 13 - hand.lengths[their_strain] - partner_len[their_strain]
        their_trumps = min(room, max(shown_fit, 8 if shown_fit >= 5 else 7))
    # Their strength: what our side leaves over, and what their calls showed, on average.
    their_hcp = (40 - combined + sum(expected_hcp(*sh.hcp) for sh in their_shows)) / 2
    their_tricks = side_tricks(their_hcp, their_trumps, their_strain == NOTRUMP)
    their_target = their_level + 6
    they_make = their_tricks >= their_target - 0.5
    we_vul, they_vul = ctx.vulnerable(), ctx.vulnerable(ctx.lho)

    if trump is not None:
        compete = ctx.cheapest(trump)
        if compete is not None:
            level = auction.level_of(compete)
            ours = side_tricks(combined, total_trumps, False)
            down = level + 6 - ours
            if down <= 0.5 and combined >= COMPETE_HCP:
                return compete
            lott = level <= total_trumps - 6 and combined >= LOTT_HCP
            if lott and (not we_vul or they_vul) and down <= 1.5:
                return compete
            if they_make and their_level >= 3 and level <= total_trumps - 5:
                cost = _penalty(down, we_vul)
                gain = _game_score(their_level, their_strain, they_vul)
                if (
                    _contract_value(their_level, their_strain) >= 2
                    and cost + SACRIFICE_MARGIN < gain
                ):
                    return compete

    if ctx.legal(DOUBLE) and status.doubled == 0 and their_level >= 2:
        short = their_target - their_tricks
        game = _contract_value(their_level, their_strain) >= 2
        holding = their_strain == NOTRUMP or hand.lengths[their_strain] >= 3
        if holding and short >= (DOUBLE_GAME_SHORT if game else DOUBLE_PART_SHORT):
            return DOUBLE

    if their_strain == NOTRUMP:
        return PASS
    takeout_by_partner = (
        status.doubled == 1
        and ctx.actions(ctx.partner)[-1:] == [DOUBLE]
        and their_level <= 2
        and not ctx.bids(ctx.seat)
    )
    if takeout_by_partner and ctx.calls[-1] == PASS:
        # Partner doubled their suit for takeout: pass it for penalty with length in their suit,
        # else bid the longest other suit (no trump with their suit stopped).
        if hand.lengths[their_strain] >= 4 and hand.hcp >= 6:
            return PASS
        return _cheapest_escape(hand, ctx, their_strain) or PASS
    our_side_opened = ctx.opener in (ctx.seat, ctx.partner)
    pass_out_seat = status.passes == 2 and status.last_bidder == ctx.lho
    if (
        ctx.opener == ctx.seat
        and pass_out_seat
        and not ctx.actions(ctx.partner)
        and their_level <= 2
        and hand.lengths[their_strain] <= 1
        and hand.hcp >= REOPEN_HCP
        and ctx.legal(DOUBLE)
    ):
        return DOUBLE  # reopening: partner may be sitting over them with a penalty pass
    if our_side_opened and ctx.actions(ctx.partner) and combined >= FREE_REBID_HCP:
        free = _free_rebid(hand, ctx, their_strain)
        if free is not None:
            return free
    return PASS


def _cheapest_escape(hand: Hand, ctx: Ctx, their_strain: int) -> int | None:
    """The cheapest bid in the longest suit other than theirs, or in no trump when their suit is
    stopped and the hand balanced."""
    if hand.balanced and hand.stopper(their_strain):
        return ctx.cheapest(NOTRUMP)
    suit = max((s for s in SUITS if s != their_strain), key=lambda s: (hand.lengths[s], s))
    return ctx.cheapest(suit)


def _free_rebid(hand: Hand, ctx: Ctx, their_strain: int) -> int | None:
    """With the values to compete after they overcall our side's auction: raise partner's last
    suit (three of a major, four of a minor), no trump with their suit stopped, or our own six-card
    suit — at the two level at most."""
    options: list[int | None] = []
    partner_bids = [b for b in ctx.bids(ctx.partner) if auction.strain_of(b) != NOTRUMP]
    if partner_bids:
        suit = auction.strain_of(partner_bids[-1])
        if hand.lengths[suit] >= (3 if suit in MAJORS else 4):
            options.append(ctx.cheapest(suit))
    if hand.balanced and hand.stopper(their_strain):
        options.append(ctx.cheapest(NOTRUMP))
    long = hand.longest()
    if hand.lengths[long] >= 6 and long != their_strain:
        options.append(ctx.cheapest(long))
    for code in options:
        if code is not None and auction.level_of(code) <= 2:
            return code
    return None


def aces(hand: Hand) -> int:
    return sum(1 for s in range(4) if hand.has(s, 12))


def _after_aces(hand: Hand, ctx: Ctx, goal_value: int, strain: int) -> int:
    """Partner answered our 4NT: a slam when at most one ace is missing (a grand slam when none
    is and the points are there), else the cheapest bid in the trump suit."""
    answer = ctx.status.last_bid
    assert answer is not None
    shown_aces = {CLUBS: 0, DIAMONDS: 1, HEARTS: 2, SPADES: 3}.get(auction.strain_of(answer), 0)
    mine = aces(hand)
    if auction.strain_of(answer) == CLUBS and mine == 0:
        shown_aces = 4
    missing = 4 - mine - shown_aces
    if missing >= 2:
        sign_off = ctx.cheapest(strain)
        return sign_off if sign_off is not None and auction.level_of(sign_off) <= 5 else PASS
    level = 7 if missing == 0 and goal_value >= 4 else 6
    return ctx.at(level, strain) or PASS


def place(hand: Hand, ctx: Ctx) -> int:
    """The call that aims at the partnership's best contract, competes, doubles or passes."""
    partner = shown(ctx.calls, ctx.partner, ctx.dealer)
    partner_silent = not ctx.actions(ctx.partner)
    partner_hcp = partner_estimate(hand, ctx, partner)
    partner_len = partner.min_len
    fits = [s for s in SUITS if hand.lengths[s] + partner_len[s] >= 8]
    major_fit = [s for s in fits if s in MAJORS]
    trump = max(fits, key=lambda s: (s in MAJORS, hand.lengths[s] + partner_len[s]), default=None)
    # With a fit, shortness counts, and each trump beyond eight; without one, length (a long suit
    # sets up tricks).
    if trump is not None:
        extra = max(0, hand.lengths[trump] + partner_len[trump] - 8)
        points = hand.points_with_fit() + extra + partner_hcp
    else:
        points = hand.length_points() + partner_hcp
    status = ctx.status
    ours = status.last_bidder in (ctx.seat, ctx.partner)
    theirs = status.last_bidder in (ctx.lho, ctx.rho)
    their_strains = ctx.their_strains() - {NOTRUMP}
    stopped = all(hand.stopper(s) or partner_len[s] >= 4 for s in their_strains)

    if points >= GRAND_POINTS and not partner_silent:
        goal_value = 4
    elif points >= SLAM_POINTS and not partner_silent:
        goal_value = 3
    elif points >= GAME_POINTS:
        goal_value = 2
    else:
        goal_value = 1

    own_major = [m for m in MAJORS if hand.lengths[m] >= 6 and partner.max_len[m] >= 2]
    if major_fit:
        strain = major_fit[0]
    elif own_major:
        strain = own_major[0]
    elif (hand.balanced or partner.balanced or trump is None) and stopped and points >= 22:
        strain = NOTRUMP
    elif trump is not None:
        strain = trump
    elif max(hand.lengths) >= 6:
        strain = hand.longest()
    else:
        strain = NOTRUMP
    if goal_value == 1 and strain == NOTRUMP and points >= NT_GAME_POINTS:
        goal_value = 2
    if goal_value == 2 and strain in MINORS and points < MINOR_GAME_POINTS:
        if stopped:
            strain = NOTRUMP
        else:
            goal_value = 1
    goal_level = {
        4: 7,
        3: 6,
        2: 3 if strain == NOTRUMP else 4 if strain in MAJORS else 5,
        1: 0,
    }[goal_value]

    if status.last_bid is not None:
        current_level = auction.level_of(status.last_bid)
        current_strain = auction.strain_of(status.last_bid)
        current_value = _contract_value(current_level, current_strain)
    else:
        current_level, current_strain, current_value = 0, NOTRUMP, 0

    blackwood = bid(4, NOTRUMP)
    if ours and blackwood in ctx.bids(ctx.partner):
        return PASS  # partner asked for aces and placed the contract: partner is the captain
    if ours and ctx.bids(ctx.seat)[-1:] == [blackwood] and status.last_bidder == ctx.partner:
        return _after_aces(hand, ctx, goal_value, strain)
    if (
        ours
        and goal_value >= 3
        and strain != NOTRUMP
        and blackwood not in ctx.bids(ctx.seat)
        and current_level <= 4
        and ctx.legal(blackwood)
    ):
        return blackwood  # a slam in view: ask for aces first

    if ours:
        # Our side holds the contract: raise the ambition only when it falls short, or give
        # preference to a better trump suit at the same level.
        if current_value >= goal_value:
            preference = ctx.cheapest(strain)
            if (
                strain != current_strain
                and strain == trump
                and current_strain != NOTRUMP
                and hand.lengths[current_strain] + partner_len[current_strain] < 7
                and preference is not None
                and auction.level_of(preference) == current_level
            ):
                return preference
            return PASS
        target = ctx.at(goal_level, strain)
        if target is None:
            low = ctx.cheapest(strain)
            if low is not None and _contract_value(auction.level_of(low), strain) == goal_value:
                target = low
        return target if target is not None and ctx.legal(target) else PASS

    if theirs:
        return _over_their_bid(hand, ctx, partner, partner_hcp, trump, goal_value, goal_level,
                               strain, stopped)  # fmt: skip

    # Nobody has bid yet: the opening table always answers, so this is not reached in play.
    return PASS
