"""A tight-aggressive chart bot for ``holdem_bench.py`` ("tag-chart"): a reference opponent,
stronger than the game's own ``TightAggressiveBot`` (which bets only two pair or better after
the flop), in the shape issue #32 describes (a TAG chart bot that bets top pair).

Not a bench of its own (``run_all.sh`` runs only ``*_bench.py``) and not an AI level of the
game: it lives with the bench.  It decides from its own seat's view only, like every bot.

Before the flop, by hand class (``AKs``, ``AKo``, ``77``) and position:

* first in (or behind limpers) it raises :data:`OPEN_EARLY` (about 15 % of hands) from the
  first seat to act at four seats, :data:`OPEN_LATE` (about 20 %) from the button and the small
  blind, to three big blinds (2.5 heads-up) plus one per limper; it never limps;
* facing one raise it 3-bets :data:`THREE_BET` (about 5 %) to three times the raise (four times
  out of position), calls :data:`COLD_CALL` behind the raiser when the raise is at most four big
  blinds, and in the big blind defends by the raise's size: :data:`DEFEND_SMALL` (about 43 %)
  against up to 2.5 big blinds, :data:`DEFEND_MEDIUM` (about 26 %) up to 3.5,
  :data:`DEFEND_LARGE` (about 12 %) up to 5, only 88-99 (with the 3-bets) above that;
  against a limp the big blind raises :data:`OPEN_EARLY` and checks the rest;
* facing a 3-bet it goes all in with :data:`FOUR_BET` (QQ+, AK) and, as the opener, calls
  :data:`CALL_THREE_BET` when the call costs at most a third of its chips; facing a 4-bet or
  more it gets its chips in with QQ+ and AK only.

After the flop, by its made hand and draws (:func:`classify`):

* the nuts-like hands (two pair with both hole cards, sets, trips with a hole card, straights,
  flushes, full houses) bet and raise every time;
* top pair with a kicker of ten or better and overpairs value-bet every street, raise a first
  bet on the flop and the turn, and call a raise when it costs at most 40 % of the pot after the
  call;
* top pair with a weaker kicker bets the flop and the turn, checks the river, calls a bet up to
  the pot's size;
* second pair and draws call when their equity beats the pot odds (second pair counts 30 %, 25 %
  on the river; a draw its outs: 3.5 % each on the flop, 2.2 % on the turn; two overcards 3 outs
  each); strong draws (8 outs or more) bet the flop and the turn;
* as the preflop raiser it c-bets every flop against one opponent except monotone or tightly
  connected ones (three ranks within four) — against more opponents only with a pair or a draw;
* everything else checks, and folds to a bet.

Bets and raises are two thirds of the pot (a raise: two thirds of the pot after the call, on top
of the call); when that would put in 60 % of its chips or more it goes all in.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

from games.cards import parse, rank, suit
from games.core import JSON
from games.holdem.actions import HoldemAction
from games.poker.betting import BetAction
from games.poker.evaluation import hand_name, hand_value

RANK_CHARS = "23456789TJQKA"


def hand_class(a: int, b: int) -> str:
    """``AKs``, ``AKo`` or ``77``: the higher rank first."""
    hi, lo = max(rank(a), rank(b)), min(rank(a), rank(b))
    text = RANK_CHARS[hi - 2] + RANK_CHARS[lo - 2]
    if hi == lo:
        return text
    return text + ("s" if suit(a) == suit(b) else "o")


def chart(text: str) -> frozenset[str]:
    """The hand classes of a range written the usual way: ``77+`` (sevens up to aces), ``ATs+``
    (ace-ten suited up to ace-king suited), ``T9s``, ``KQo``, separated by commas."""
    out: set[str] = set()
    for item in text.replace(",", " ").split():
        plus = item.endswith("+")
        body = item.rstrip("+")
        hi, lo = RANK_CHARS.index(body[0]) + 2, RANK_CHARS.index(body[1]) + 2
        if hi == lo:
            for r in range(hi, 15) if plus else (hi,):
                out.add(RANK_CHARS[r - 2] * 2)
            continue
        for k in range(lo, hi) if plus else (lo,):
            out.add(RANK_CHARS[hi - 2] + RANK_CHARS[k - 2] + body[2])
    return frozenset(out)


def combos(classes: frozenset[str]) -> int:
    """How many of the 1,326 two-card combos the classes hold."""
    return sum(6 if len(c) == 2 else 4 if c[2] == "s" else 12 for c in classes)


OPEN_EARLY = chart("55+, A2s+, KTs+, QTs+, JTs, ATo+, KJo+")
OPEN_LATE = chart("22+, A2s+, K9s+, Q9s+, J9s+, T9s, 98s, ATo+, KTo+, QJo")
THREE_BET = chart("TT+, AJs+, KQs, AQo+")
FOUR_BET = chart("QQ+, AKs, AKo")
CALL_THREE_BET = chart("66+, ATs+, KJs+, QJs, JTs, AJo+, KQo")
COLD_CALL = chart("55+, ATs+, KTs+, QTs+, JTs, T9s, AQo+, KQo")
DEFEND_SMALL = chart(
    "22+, A2s+, A2o+, K2s+, K7o+, Q5s+, Q9o+, J7s+, J9o+, T7s+, T9o, 96s+, 98o, 86s+, 75s+, "
    "64s+, 54s"
)
DEFEND_MEDIUM = chart(
    "22+, A2s+, A7o+, K8s+, KTo+, Q9s+, QTo+, J9s+, JTo, T8s+, 97s+, 87s, 76s, 65s"
)
DEFEND_LARGE = chart("55+, A9s+, KTs+, QTs+, JTs, AJo+, KQo")
DEFEND_HUGE = chart("88+, AJs+, KQs, AQo+")

MONSTER, STRONG, TOP_WEAK = "monster", "strong", "top-weak"
SECOND, WEAK, AIR = "second", "weak", "air"
"""Made-hand classes after the flop, strongest first (:func:`classify`)."""


def classify(hole: Sequence[int], board: Sequence[int]) -> tuple[str, int]:
    """The made-hand class of ``hole`` on ``board`` (three to five cards) and its outs (0 on the
    river).  STRONG is top pair with a ten or better kicker, or an overpair; SECOND a pair of
    the second board rank or a pocket pair between the two highest board ranks; WEAK any other
    pair that uses a hole card; AIR no pair of our own (a pair on the board is not ours)."""
    value = hand_value([*hole, *board])
    category = hand_name(value)
    hole_ranks = [rank(c) for c in hole]
    board_ranks = [rank(c) for c in board]
    on_board = Counter(board_ranks)
    distinct = sorted(set(board_ranks), reverse=True)
    outs = _outs(hole, board)
    if category in ("Straight", "Flush", "Full House", "Quads", "Straight Flush"):
        if len(board) == 5 and hand_value(board) == value:
            return AIR, 0
        if category == "Flush" and _weak_flush(hole, board):
            return STRONG, outs
        return MONSTER, outs
    high, low = max(hole_ranks), min(hole_ranks)
    if high == low:
        if on_board[high] >= 1:
            return MONSTER, outs
        if high > distinct[0]:
            return STRONG, outs
        if len(distinct) > 1 and high > distinct[1]:
            return SECOND, outs
        return WEAK, outs
    paired = [r for r in hole_ranks if on_board[r] >= 1]
    if len(paired) == 2 or any(on_board[r] >= 2 for r in paired):
        return MONSTER, outs
    if not paired:
        overcards = sum(1 for r in hole_ranks if r > distinct[0])
        return AIR, outs + (3 * overcards if len(board) < 5 else 0)
    pair = paired[0]
    kicker = low if pair == high else high
    if pair == distinct[0]:
        return (STRONG if kicker >= 10 else TOP_WEAK), outs
    if len(distinct) > 1 and pair == distinct[1]:
        return SECOND, outs
    return WEAK, outs


def _weak_flush(hole: Sequence[int], board: Sequence[int]) -> bool:
    """A flush on a board of four or more of its suit whose best hole card of it is below a
    jack."""
    counts = Counter(suit(c) for c in board)
    flush_suit, count = counts.most_common(1)[0]
    mine = [rank(c) for c in hole if suit(c) == flush_suit]
    return count >= 4 and bool(mine) and max(mine) < 11


def _outs(hole: Sequence[int], board: Sequence[int]) -> int:
    """Cards that complete a flush or a straight using a hole card (none on the river)."""
    if len(board) >= 5:
        return 0
    cards = [*hole, *board]
    outs = 0
    suits = Counter(suit(c) for c in cards)
    flush_suit, count = suits.most_common(1)[0]
    if count == 4 and any(suit(c) == flush_suit for c in hole):
        outs += 9
    ranks = {rank(c) for c in cards}
    hole_ranks = {rank(c) for c in hole}
    if _straight_using(ranks, hole_ranks) is None:
        completing = [
            x for x in range(2, 15) if x not in ranks and _straight_using(ranks | {x}, hole_ranks)
        ]
        outs += 4 * len(completing) - (1 if outs else 0) * len(completing)
    return outs


def _straight_using(ranks: set[int], hole_ranks: set[int]) -> int | None:
    """The top of the highest straight in ``ranks`` that uses a hole rank, or None."""
    low_ace = ranks | ({1} if 14 in ranks else set())
    hole = hole_ranks | ({1} if 14 in hole_ranks else set())
    for top in range(14, 4, -1):
        window = set(range(top - 4, top + 1))
        if window <= low_ace and window & hole:
            return top
    return None


def _connected_or_monotone(flop: Sequence[int]) -> bool:
    """A flop of one suit, or three distinct ranks within four (e.g. 9-8-7, J-T-8)."""
    if len({suit(c) for c in flop}) == 1:
        return True
    ranks = sorted({rank(c) for c in flop})
    return len(ranks) == 3 and ranks[-1] - ranks[0] <= 3


class TagChartBot:
    """The tight-aggressive chart opponent (module docstring)."""

    def choose(
        self,
        view: Mapping[str, JSON],
        legal: Sequence[HoldemAction],
        rng: random.Random,
        budget: int,
    ) -> HoldemAction:
        hole = [parse(c) for c in view["hole"]]
        board = [parse(c) for c in view["board"]]
        if not board:
            return self._preflop(view, legal, hole)
        return self._postflop(view, legal, hole, board)

    # -- before the flop -------------------------------------------------------------------

    def _preflop(
        self, view: Mapping[str, JSON], legal: Sequence[BetAction], hole: list[int]
    ) -> BetAction:
        me = int(view["seat"])
        n = sum(1 for dealt in view["in_hand"] if dealt)
        big_blind = int(view["blinds"][1])
        level = int(view["level"])
        to_call = int(view["to_call"] or 0)
        my_total = int(view["stacks"][me]) + int(view["bets"][me])
        hand = hand_class(hole[0], hole[1])
        actions = [e for e in view["hand_log"] if e["kind"] == "action"]
        raisers = [int(e["seat"]) for e in actions if e["action"] == "raise"]
        big = me == int(view["big_blind_seat"])
        button = me == int(view["button"])
        if not raisers:
            limpers = sum(1 for e in actions if e["action"] == "call")
            late = button or me == int(view["small_blind_seat"])
            opening = OPEN_LATE if late and not big else OPEN_EARLY
            if hand in opening:
                size = 2.5 if n == 2 else 3.0
                act = _raise(view, int(big_blind * (size + limpers)))
                if act is not None:
                    return act
            return _passive(legal)
        if len(raisers) == 1:
            if hand in THREE_BET:
                out_of_position = big or me == int(view["small_blind_seat"])
                target = level * (4 if out_of_position else 3)
                if target > 0.35 * my_total:
                    target = my_total
                act = _raise(view, target)
                if act is not None:
                    return act
                return _call(legal)
            if big:
                if level <= 2.5 * big_blind:
                    defend = DEFEND_SMALL
                elif level <= 3.5 * big_blind:
                    defend = DEFEND_MEDIUM
                elif level <= 5 * big_blind:
                    defend = DEFEND_LARGE
                else:
                    defend = DEFEND_HUGE
                return _call(legal) if hand in defend else _passive(legal)
            if hand in COLD_CALL and level <= 4 * big_blind:
                return _call(legal)
            return _passive(legal)
        if hand in FOUR_BET:
            return _raise(view, my_total) or _call(legal)
        opened = raisers[0] == me
        if len(raisers) == 2 and opened and hand in CALL_THREE_BET and to_call * 3 <= my_total:
            return _call(legal)
        return _passive(legal)

    # -- after the flop --------------------------------------------------------------------

    def _postflop(
        self,
        view: Mapping[str, JSON],
        legal: Sequence[BetAction],
        hole: list[int],
        board: list[int],
    ) -> BetAction:
        me = int(view["seat"])
        pot = int(view["pot"])
        to_call = int(view["to_call"] or 0)
        level = int(view["level"])
        river = len(board) == 5
        klass, outs = classify(hole, board)
        log = view["hand_log"]
        street_at = max((i for i, e in enumerate(log) if e["kind"] == "street"), default=0)
        first_street = next(i for i, e in enumerate(log) if e["kind"] == "street")
        preflop_raisers = [
            int(e["seat"])
            for e in log[:first_street]
            if e["kind"] == "action" and e["action"] == "raise"
        ]
        aggressor = preflop_raisers[-1] if preflop_raisers else None
        street = [e for e in log[street_at:] if e["kind"] == "action"]
        mine = sum(1 for e in street if int(e["seat"]) == me and e["action"] in ("bet", "raise"))
        opponents = sum(
            1
            for s, dealt in enumerate(view["in_hand"])
            if s != me and dealt and not view["folded"][s]
        )

        if to_call == 0:
            bet = klass in (MONSTER, STRONG)
            bet = bet or (klass == TOP_WEAK and not river)
            bet = bet or (outs >= 8 and not river)
            if len(board) == 3 and aggressor == me:
                if opponents == 1:
                    bet = bet or not _connected_or_monotone(board)
                bet = bet or klass in (SECOND, WEAK) or outs >= 4
            if bet:
                act = _raise(view, _two_thirds(view, level, pot, 0))
                if act is not None:
                    return act
            return _passive(legal)

        odds = to_call / (pot + to_call)
        if klass == MONSTER:
            return _raise(view, _two_thirds(view, level, pot, to_call)) or _call(legal)
        if klass == STRONG:
            if mine == 0 and not river and _raises_by_others(street, me) == 1:
                act = _raise(view, _two_thirds(view, level, pot, to_call))
                if act is not None:
                    return act
            if mine == 0 or odds <= 0.4:
                return _call(legal)
            return _passive(legal)
        if klass == TOP_WEAK:
            limit = 1 / 3 if mine == 0 else 0.3
            return _call(legal) if odds <= limit + 1e-9 else _passive(legal)
        per_out = 0.0 if river else 0.035 if len(board) == 3 else 0.022
        equity = outs * per_out
        if klass == SECOND:
            equity += 0.25 if river else 0.3
        elif klass == WEAK:
            equity += 0.1 if river else 0.15
        return _call(legal) if equity >= odds else _passive(legal)


def _raises_by_others(street: Sequence[Mapping[str, JSON]], me: int) -> int:
    return sum(1 for e in street if int(e["seat"]) != me and e["action"] in ("bet", "raise"))


def _two_thirds(view: Mapping[str, JSON], level: int, pot: int, to_call: int) -> int:
    """A bet of two thirds of the pot, or a raise of two thirds of the pot after the call; all
    in when that would put in 60 % of our chips or more."""
    me = int(view["seat"])
    my_total = int(view["stacks"][me]) + int(view["bets"][me])
    target = level + (2 * (pot + to_call)) // 3
    return my_total if target >= 0.6 * my_total else target


def _raise(view: Mapping[str, JSON], to: int) -> BetAction | None:
    """A bet or raise to ``to`` (kept between the view's limits), None when none is allowed."""
    kind = view["raise_kind"]
    if kind is None:
        return None
    lo, hi = int(view["min_to"]), int(view["max_to"])
    return BetAction(kind, max(lo, min(hi, to)))


def _call(legal: Sequence[BetAction]) -> BetAction:
    return next((a for a in legal if a.kind in ("call", "check")), legal[0])


def _passive(legal: Sequence[BetAction]) -> BetAction:
    """Check when free, else fold."""
    return next((a for a in legal if a.kind == "check"), None) or next(
        (a for a in legal if a.kind == "fold"), legal[0]
    )
