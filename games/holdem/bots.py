"""Hold'em AI levels, each deciding from its own seat's view only.

* ``RandomBot`` — any legal action, the floor every benchmark starts from.
* ``TightAggressiveBot`` (``greedy``) — a rule bot: plays few starting hands, bets its made hands
  and gives up on the rest.  It is also the benchmark's "tight-aggressive" opponent.
* ``ExpertBot`` — Monte Carlo equity against ranges it infers from each opponent's actions this
  hand (unknown cards are sampled from the cards it cannot see), then weighs that equity against
  pot odds, the stacks behind, its position and the number of opponents, sizing its bets by pot.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations

from games.cards import deck, parse, rank, suit
from games.core import JSON
from games.holdem.actions import HoldemAction
from games.poker.betting import BetAction
from games.poker.evaluation import eval7_cards, evaluate_eval7, hand_name, hand_value


def preflop_score(a: int, b: int) -> float:
    """A Chen-like strength of two hole cards: pairs, high cards, suitedness, connectedness."""
    hi, lo = max(rank(a), rank(b)), min(rank(a), rank(b))
    if hi == lo:
        return 20.0 + 2.5 * hi
    score = hi * 1.5 + lo * 0.75
    if suit(a) == suit(b):
        score += 3
    gap = hi - lo - 1
    score -= (0, 1, 2.5, 4, 5)[min(gap, 4)]
    return score


def _percentiles() -> dict[tuple[int, int], float]:
    """For every two-card combo, the share of all 1,326 combos that score strictly better."""
    combos = list(combinations(deck(1, jokers=False), 2))
    scores = sorted(preflop_score(a, b) for a, b in combos)
    out: dict[tuple[int, int], float] = {}
    for a, b in combos:
        s = preflop_score(a, b)
        better = len(scores) - _count_at_most(scores, s)
        out[(a, b)] = out[(b, a)] = better / len(scores)
    return out


def _count_at_most(sorted_scores: list[float], s: float) -> int:
    lo, hi = 0, len(sorted_scores)
    while lo < hi:
        mid = (lo + hi) // 2
        if sorted_scores[mid] <= s:
            lo = mid + 1
        else:
            hi = mid
    return lo


PERCENTILE = _percentiles()
"""0.0 for the best starting hands (aces), near 1.0 for the worst."""


def _pick(legal: Sequence[BetAction], kind: str) -> BetAction | None:
    return next((a for a in legal if a.kind == kind), None)


def _sized(legal: Sequence[BetAction], target: int) -> BetAction | None:
    """The offered bet or raise whose total is nearest ``target``."""
    sized = [a for a in legal if a.kind in ("bet", "raise")]
    if not sized:
        return None
    return min(sized, key=lambda a: abs(a.to - target))


def _passive(legal: Sequence[BetAction]) -> BetAction:
    """Check when free, else fold."""
    return _pick(legal, "check") or _pick(legal, "fold") or legal[0]


class RandomBot:
    def choose(
        self,
        view: Mapping[str, JSON],
        legal: Sequence[HoldemAction],
        rng: random.Random,
        budget: int,
    ) -> HoldemAction:
        return rng.choice(list(legal))


def _own(view: Mapping[str, JSON]) -> tuple[list[int], list[int]]:
    return [parse(c) for c in view["hole"]], [parse(c) for c in view["board"]]


class TightAggressiveBot:
    """Raises good starting hands, bets made hands of two pair or better, folds the rest to bets."""

    def choose(
        self,
        view: Mapping[str, JSON],
        legal: Sequence[HoldemAction],
        rng: random.Random,
        budget: int,
    ) -> HoldemAction:
        hole, board = _own(view)
        pot = int(view["pot"])
        to_call = int(view["to_call"] or 0)
        if not board:
            pct = PERCENTILE[(hole[0], hole[1])]
            strength = 2 if pct < 0.08 else 1 if pct < 0.25 else 0
        else:
            made = hand_name(hand_value(hole + board))
            on_board = hand_name(hand_value(board)) if len(board) >= 5 else "High Card"
            strength = 0
            if made not in ("High Card", "Pair") and made != on_board:
                strength = 2
            elif made == "Pair" and on_board == "High Card":
                top = max(rank(c) for c in board)
                strength = 1 if any(rank(c) >= top for c in hole) else 0
        if strength == 2:
            act = _sized(legal, int(view["level"]) + pot)
            if act is not None:
                return act
            return _pick(legal, "call") or _pick(legal, "check") or legal[0]
        if strength == 1 and to_call * 3 <= pot + to_call * 2 + 40:
            return _pick(legal, "call") or _pick(legal, "check") or legal[0]
        return _passive(legal)


class ExpertBot:
    """Equity by simulation against inferred ranges, then pot odds, stacks and position."""

    DEFAULT_BUDGET = 300
    """Equity simulations per decision when the caller passes no positive budget."""

    def __init__(self, default_budget: int = DEFAULT_BUDGET) -> None:
        self.default_budget = default_budget

    def choose(
        self,
        view: Mapping[str, JSON],
        legal: Sequence[HoldemAction],
        rng: random.Random,
        budget: int,
    ) -> HoldemAction:
        me = int(view["seat"])
        hole, board = _own(view)
        opponents = [
            s
            for s in range(len(view["stacks"]))
            if s != me and view["in_hand"][s] and not view["folded"][s]
        ]
        opening = self._open(view, legal, hole)
        if opening is not None:
            return opening
        sims = budget if budget > 0 else self.default_budget
        equity = self.equity(hole, board, self._ranges(view, opponents), rng, sims)
        return self._decide(view, legal, rng, equity, len(opponents))

    @staticmethod
    def _open(
        view: Mapping[str, JSON], legal: Sequence[BetAction], hole: list[int]
    ) -> BetAction | None:
        """Before the flop with no raise yet, raise to three big blinds (plus one per limper)
        with the top 30% of starting hands, 45% near the button: the blinds are worth taking."""
        big_blind = int(view["blinds"][1])
        if view["board"] or int(view["level"]) != big_blind:
            return None
        me, n = int(view["seat"]), len(view["stacks"])
        late = (me - int(view["button"])) % n in (0, n - 1)
        if PERCENTILE[(hole[0], hole[1])] >= (0.45 if late else 0.3):
            return None
        limpers = sum(
            1
            for s in range(n)
            if s not in (me, view["big_blind_seat"]) and int(view["bets"][s]) == big_blind
        )
        return _sized(legal, big_blind * (3 + limpers))

    @staticmethod
    def _ranges(view: Mapping[str, JSON], opponents: list[int]) -> list[float]:
        """Per opponent, the share of starting hands it plausibly holds given its actions.

        A preflop raise means a strong range, a call a medium one; a blind that only checked may
        hold anything.  Post-flop bets and raises narrow the range further.
        """
        widths = dict.fromkeys(opponents, 1.0)
        street = "preflop"
        for entry in view["hand_log"]:
            if entry["kind"] == "street":
                street = entry["street"]
            if entry["kind"] != "action" or entry["seat"] not in widths:
                continue
            s = entry["seat"]
            if entry["action"] in ("bet", "raise"):
                widths[s] = min(widths[s], 0.2 if street == "preflop" else widths[s] * 0.6)
            elif entry["action"] == "call" and street == "preflop":
                widths[s] = min(widths[s], 0.55)
        return [widths[s] for s in opponents]

    @staticmethod
    def equity(
        hole: list[int], board: list[int], ranges: list[float], rng: random.Random, sims: int
    ) -> float:
        """Our expected share of the pot at showdown, by sampling the unseen cards."""
        seen = set(hole) | set(board)
        unseen = [c for c in range(52) if c not in seen]
        missing = 5 - len(board)
        mine = eval7_cards(hole + board)
        won = 0.0
        for _ in range(sims):
            rest = unseen[:]
            rng.shuffle(rest)
            opp_hands: list[list[int]] = []
            for width in ranges:
                hand = _draw_in_range(rest, width, rng)
                opp_hands.append(hand)
            extra = [rest.pop() for _ in range(missing)]
            extra_cards = eval7_cards(extra)
            ours = evaluate_eval7(mine + extra_cards)
            ties = 1
            for hand in opp_hands:
                v = evaluate_eval7(eval7_cards(hand + board) + extra_cards)
                if v > ours:
                    break
                if v == ours:
                    ties += 1
            else:
                won += 1.0 / ties
        return won / max(1, sims)

    def _decide(
        self,
        view: Mapping[str, JSON],
        legal: Sequence[BetAction],
        rng: random.Random,
        equity: float,
        opponents: int,
    ) -> BetAction:
        me = int(view["seat"])
        pot = int(view["pot"])
        to_call = int(view["to_call"] or 0)
        stack = int(view["stacks"][me])
        level = int(view["level"])
        button = int(view["button"])
        late = (me - button) % len(view["stacks"]) in (0, len(view["stacks"]) - 1)
        fair = 1.0 / (opponents + 1)
        edge = equity - fair + (0.04 if late else 0.0)
        commit = to_call / max(1, stack + to_call)
        can_raise = any(a.kind in ("bet", "raise") for a in legal)
        if can_raise and edge > 0.22 and equity > 0.55:
            # value: bigger with more equity; shove when the stack is small against the pot
            frac = 1.0 if equity > 0.75 else 0.66
            target = level + to_call + int(frac * (pot + to_call))
            if stack <= pot * 1.2 or equity > 0.85:
                target = level + stack + to_call
            act = _sized(legal, target)
            if act is not None:
                return act
        if to_call == 0:
            if can_raise and late and opponents == 1 and rng.random() < 0.18 + max(0.0, edge):
                act = _sized(legal, level + pot // 2)
                if act is not None:
                    return act
            return _pick(legal, "check") or legal[0]
        pot_odds = to_call / (pot + to_call)
        margin = 0.03 + 0.12 * commit
        if equity >= pot_odds + margin:
            return _pick(legal, "call") or legal[0]
        return _passive(legal)


def _draw_in_range(rest: list[int], width: float, rng: random.Random) -> list[int]:
    """Pop two cards that fall in the top ``width`` of starting hands (a few tries, then any)."""
    if width >= 1.0:
        return [rest.pop(), rest.pop()]
    for _ in range(12):
        i, j = rng.randrange(len(rest)), rng.randrange(len(rest) - 1)
        if j >= i:
            j += 1
        if PERCENTILE[(rest[i], rest[j])] <= width:
            a, b = rest[i], rest[j]
            for k in sorted((i, j), reverse=True):
                rest.pop(k)
            return [a, b]
    return [rest.pop(), rest.pop()]
