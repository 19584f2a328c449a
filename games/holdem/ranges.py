"""Opponent ranges for the Hold'em expert: a weight per two-card combo, narrowed by actions.

A range starts as every combo the viewer cannot rule out (its own hole cards and the board are
dead) at weight 1.  Each action an opponent takes this hand reweighs it: a combo that fits the
action keeps its weight, one that does not is multiplied by a small factor (never zero, so a
bluff or a slow play stays possible).  "Fits" is by strength: before the flop by the starting-hand
chart (:data:`games.holdem.bots.PERCENTILE`), after it by the made hand on the board as it was
when the opponent acted.  A bet keeps the strongest share of the range, a call drops the weakest
share, a check discounts the strongest hands (they would usually have bet).

Everything here is pure and deterministic; only the viewer's own view is read.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from games.cards import parse
from games.core import JSON
from games.poker.evaluation import eval7_cards, evaluate_eval7

Combo = tuple[int, int]
COMBOS: tuple[Combo, ...] = tuple(combinations(range(52), 2))
"""All 1,326 two-card combos of one pack, lower card first."""


@dataclass(frozen=True, slots=True)
class Narrowing:
    """Keep the ``keep`` share of the range (by weight) that is strongest at full weight and
    multiply the rest by ``rest``; then multiply the strongest ``cap`` share by ``capped``.
    With ``absolute`` the shares are of all live combos counted alike (the strongest ``keep``
    of all hands, whatever the range was before), not of the range's weight."""

    keep: float = 1.0
    rest: float = 1.0
    cap: float = 0.0
    capped: float = 1.0
    absolute: bool = False


# What an action says about the hand.  Shares are of the range as it stood before the action,
# except before the flop, where a raise keeps the strongest share of all starting hands: an open
# the top 20 %, a re-raise (the second raise of the round) the top 8 %, any later raise the top
# 4 %.
PREFLOP_OPEN = Narrowing(keep=0.2, rest=0.04, absolute=True)
PREFLOP_RERAISE = Narrowing(keep=0.08, rest=0.02, absolute=True)
PREFLOP_FOUR_BET = Narrowing(keep=0.04, rest=0.02, absolute=True)
PREFLOP_CALL_RAISE = Narrowing(keep=0.55, rest=0.06, cap=0.06, capped=0.4)
PREFLOP_LIMP = Narrowing(keep=0.75, rest=0.15, cap=0.1, capped=0.4)
PREFLOP_CHECK = Narrowing(cap=0.1, capped=0.4)
POSTFLOP_CALL = Narrowing(keep=0.7, rest=0.15, cap=0.08, capped=0.6)
POSTFLOP_CHECK = Narrowing(cap=0.3, capped=0.35)
"""A check after the flop weighs the strongest 30 % of the range at 0.35: players bet most of
their strong hands (issue #32: a tight-aggressive player checks top pair or better only to trap)."""

BET_KEEP, BET_KEEP_PER_POT, BET_REST = 0.3, 0.15, 0.04
"""After the flop a bet keeps the strongest ``BET_KEEP - BET_KEEP_PER_POT * size`` of the range
(``size`` the bet over the pot: a half-pot bet 22.5 %, a pot-sized one 15 %; never below
``MIN_KEEP``), the rest of the range at ``BET_REST``."""
RAISE_KEEP, RAISE_KEEP_PER_POT, RAISE_REST = 0.2, 0.08, 0.03
"""A raise keeps the strongest ``RAISE_KEEP - RAISE_KEEP_PER_POT * size`` (``size`` the raise
over the pot after a call: a pot-sized raise 12 %) ..."""
RERAISE_SHARE = 0.5
"""... and a re-raise (after two bets or raises on the street) half of that."""
MIN_KEEP = 0.05
"""No bet or raise after the flop keeps less than this share (sizes count up to twice the pot)."""
CBET = Narrowing(keep=0.6, rest=0.25)
"""The first bet on the flop by the player who made the last raise before it (a continuation
bet) says little: that player bets most flops whatever it holds, so it keeps the strongest 60 %
of the range and the rest at a quarter."""


def facing_open_raise(view: Mapping[str, JSON], seat: int) -> bool:
    """Whether it is before the flop and ``seat``'s raise is the only one so far (an open
    raise, or a raise over limpers): the range it shows is then its whole opening range."""
    raisers: list[int] = []
    for entry in view["hand_log"]:
        if entry["kind"] == "street":
            return False
        if entry["kind"] == "action" and entry["action"] in ("bet", "raise"):
            raisers.append(int(entry["seat"]))
    return raisers == [seat]


def showed_weakness(view: Mapping[str, JSON], seat: int) -> bool:
    """Whether ``seat``'s last action after the flop was a check and it has called no bet
    there: a player who holds something worth a bet usually bets it, and one who calls has
    shown it will call."""
    checked = False
    flop = False
    for entry in view["hand_log"]:
        if entry["kind"] == "street":
            flop = True
        elif flop and entry["kind"] == "action" and int(entry["seat"]) == seat:
            if entry["action"] == "call":
                return False
            checked = entry["action"] == "check"
    return checked


def narrow(
    weights: Mapping[Combo, float], strength: Callable[[Combo], float], how: Narrowing
) -> dict[Combo, float]:
    """``weights`` reweighed by ``how``, ``strength`` ordering the combos (larger is stronger)."""
    order = sorted(weights, key=strength, reverse=True)
    total = float(len(weights)) if how.absolute else sum(weights.values())
    if total <= 0:
        return dict(weights)
    out: dict[Combo, float] = {}
    above = 0.0
    for combo in order:
        w = weights[combo]
        share = above / total  # the weight (or count) strictly stronger than this combo
        factor = 1.0 if share < how.keep else how.rest
        if share < how.cap:
            factor *= how.capped
        out[combo] = w * factor
        above += 1.0 if how.absolute else w
    return out


def preflop_strength(chart: Mapping[Combo, float]) -> Callable[[Combo], float]:
    """Strength by the starting-hand chart (0.0 best, so negated)."""
    return lambda combo: -chart[combo]


def board_strength(board: Sequence[int]) -> Callable[[Combo], float]:
    """Strength by the best hand the combo makes with ``board`` (three to five cards)."""
    cards = eval7_cards(board)
    table: dict[Combo, float] = {}

    def value(combo: Combo) -> float:
        v = table.get(combo)
        if v is None:
            v = table[combo] = float(evaluate_eval7(eval7_cards(combo) + cards))
        return v

    return value


def opponent_range(
    view: Mapping[str, JSON], seat: int, chart: Mapping[Combo, float]
) -> dict[Combo, float]:
    """``seat``'s range as the viewer can infer it from this hand's log (its own view only)."""
    dead = {parse(c) for c in view["hole"]} | {parse(c) for c in view["board"]}
    weights = {c: 1.0 for c in COMBOS if c[0] not in dead and c[1] not in dead}
    board: list[int] = []
    raises = 0  # bets and raises so far on this street, by anyone
    earlier = 0  # chips in the pot from the streets before this one
    street: dict[int, int] = {}  # each seat's total on this street
    aggressor: int | None = None  # the last raiser before the flop
    for entry in view["hand_log"]:
        kind = entry["kind"]
        if kind == "blinds":
            for key in ("small_blind", "big_blind"):
                blind_seat, amount = entry[key]
                street[int(blind_seat)] = int(amount)
            continue
        if kind == "uncalled_returned":
            back_seat = int(entry["seat"])
            street[back_seat] = street.get(back_seat, 0) - int(entry["amount"])
            continue
        if kind == "street":
            board += [parse(c) for c in entry["cards"]]
            raises = 0
            earlier += sum(street.values())
            street = {}
            continue
        if kind != "action":
            continue
        action = entry["action"]
        actor = int(entry["seat"])
        to = int(entry["to"])
        if actor == seat:
            pot = earlier + sum(street.values())
            level = max(street.values(), default=0)
            owed = max(0, level - street.get(actor, 0))
            size = (to - level) / max(1, pot + owed)
            if action == "bet" and len(board) == 3 and raises == 0 and aggressor == seat:
                how: Narrowing | None = CBET
            else:
                how = _narrowing(action, raises, size, preflop=not board)
            if how is not None:
                strength = preflop_strength(chart) if not board else board_strength(board)
                weights = narrow(weights, strength, how)
        street[actor] = to
        if action in ("bet", "raise"):
            raises += 1
        if action == "raise" and not board:
            aggressor = actor
    return weights


def _narrowing(action: str, raises: int, size: float, preflop: bool) -> Narrowing | None:
    """What ``action`` says, ``raises`` bets and raises before it on this street (the blinds
    not counted), ``size`` the chips it adds above a call over the pot after that call."""
    if preflop:
        if action == "raise":
            return (PREFLOP_OPEN, PREFLOP_RERAISE)[raises] if raises < 2 else PREFLOP_FOUR_BET
        if action == "call":
            return PREFLOP_LIMP if raises == 0 else PREFLOP_CALL_RAISE
        if action == "check":
            return PREFLOP_CHECK
        return None
    size = min(2.0, max(0.0, size))
    if action == "bet":
        return Narrowing(keep=max(MIN_KEEP, BET_KEEP - BET_KEEP_PER_POT * size), rest=BET_REST)
    if action == "raise":
        keep = RAISE_KEEP - RAISE_KEEP_PER_POT * size
        if raises >= 2:
            keep *= RERAISE_SHARE
        return Narrowing(keep=max(MIN_KEEP, keep), rest=RAISE_REST)
    if action == "call":
        return POSTFLOP_CALL
    if action == "check":
        return POSTFLOP_CHECK
    return None


@dataclass(frozen=True, slots=True)
class Sampler:
    """Draws combos in proportion to their weight, each with its absolute strength rank: the
    share of all live combos (whatever their weight) that are stronger, 0.0 for the strongest.
    An opponent who continues against a bet with "the top q of all hands" then continues with
    every hand of a strong range and with only part of a weak one."""

    combos: tuple[Combo, ...]
    cumulative: tuple[float, ...]
    ranks: tuple[float, ...]

    @classmethod
    def build(cls, weights: Mapping[Combo, float], strength: Callable[[Combo], float]) -> Sampler:
        combos = sorted(weights, key=strength, reverse=True)
        live = [c for c in combos if weights[c] > 0]
        position = {c: i / len(combos) for i, c in enumerate(combos)}
        cumulative: list[float] = []
        run = 0.0
        for c in live:
            run += weights[c]
            cumulative.append(run)
        return cls(tuple(live), tuple(cumulative), tuple(position[c] for c in live))

    def draw(self, u: float) -> int:
        """The index of the combo at ``u`` (uniform in [0, 1)) of the total weight."""
        i = bisect_right(self.cumulative, u * self.cumulative[-1])
        return min(i, len(self.combos) - 1)
