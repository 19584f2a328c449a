"""Hold'em AI levels, each deciding from its own seat's view only.

* ``RandomBot`` — any legal action, the floor every benchmark starts from.
* ``TightAggressiveBot`` (``greedy``) — a rule bot: plays few starting hands, bets its made hands
  and gives up on the rest.  It is also the benchmark's "tight-aggressive" opponent.
* ``ExpertBot`` — Monte Carlo equity against ranges it infers from each opponent's actions this
  hand (``ranges.py``: a weight per two-card combo, narrowed by every bet, call and check, before
  the flop by the starting-hand chart, after it by the made hand on the board).  Heads-up it picks
  the action of highest expected value, assuming a bet folds the part of the opponent's range that
  is weak in absolute terms (less against a bigger bet) and measuring its equity against the part
  that calls; overbets only for value.  With more opponents: equity against pot odds, stacks,
  position and the number of opponents, sizing its bets by pot.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations

from games.cards import deck, parse, rank, suit
from games.core import JSON
from games.holdem.actions import HoldemAction
from games.holdem.ranges import (
    Sampler,
    board_strength,
    facing_open_raise,
    opponent_range,
    preflop_strength,
    showed_weakness,
)
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

    CONTINUE_BASE, CONTINUE_SLOPE = 0.4, 0.5
    """Against a bet or raise an opponent is assumed to continue with the strongest
    ``BASE + SLOPE * pot / (pot + bet)`` of all hands (the bet it faces, the pot before it):
    less against big bets, but far more than a pot-odds reading says against an overbet."""

    CONTINUE_BASE_CHECKED = 0.1
    """After the flop, against an opponent whose last action there was a check and who has
    called no bet there, the ``BASE`` is this instead (a continuing share of 43 % against a
    half-pot bet, 35 % against a pot-sized one): a player bets most hands worth betting, so what
    checks is mostly what folds to a bet (issue #32: the tag-chart bot checks everything below
    top pair and calls a bet only with second pair or a draw).  Once it has called a bet after
    the flop its checks are no such sign (a calling station checks and calls everything)."""

    CONTINUE_BASE_PREFLOP = 0.1
    """Before the flop the ``BASE`` is this instead: a raise folds most starting hands (a
    continuing share of 43 % against a min-raise, 35 % against a raise to three big blinds,
    27 % against five), since a player defends only the hands worth seeing a flop with."""

    OPEN_CONTINUE, OPEN_RERAISE_EQUITY = 0.5, 0.37
    """Heads-up against an open raise (the only raise before the flop), a re-raise is assumed to
    leave the opener at most the strongest ``OPEN_CONTINUE`` of the range it showed (by the
    samples' strength), not only the absolute share above: an opener raises more hands than it
    will play against a re-raise.  Only with an equity of at least ``OPEN_RERAISE_EQUITY``
    against the whole opening range, so the re-raises are hands that do well when called, and
    the rest of the big blind's defence calls or folds by pot odds as before (issue #32: the
    expert called opens in the big blind and folded the flop to the c-bet).  Tuned against the
    tag-chart bot, which folds about half its opens to a re-raise; an opener that never folds
    (the game's tight-aggressive bot opens 8 % and re-raises them all) makes it cost a little."""

    MAX_BET = 1.3
    """Heads-up bets and raises are at most this many pot-sized raises (an all-in only when it
    fits): an overbet risks much on the folding model being right and wins little more."""

    OVERBET_EQUITY = 0.65
    """...unless our equity against the hands that would call it is at least this: then the
    overbet is pure value."""

    STACK_OFF_PENALTY = 0.5
    """Heads-up after the flop with one pair or less, the expected value of a call or raise that
    puts in more than a quarter of our chips (stack and bet) is lowered by this share of the
    chips above that quarter."""

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
        if len(opponents) > 1 or len(view["stacks"]) > 2:
            opening = self._open(view, legal, hole)
            if opening is not None:
                return opening
        sims = budget if budget > 0 else self.default_budget
        strength = preflop_strength(PERCENTILE) if not board else board_strength(board)
        samplers = [Sampler.build(opponent_range(view, s, PERCENTILE), strength) for s in opponents]
        samples = self.simulate(hole, board, samplers, rng, sims)
        if len(opponents) == 1:
            one_pair = bool(board) and hand_name(hand_value(hole + board)) in ("High Card", "Pair")
            return self._heads_up(view, legal, samples, opponents[0], len(board), one_pair)
        equity = sum(r for _, r in samples) / max(1, len(samples))
        return self._decide(view, legal, rng, equity, len(opponents))

    @staticmethod
    def simulate(
        hole: list[int],
        board: list[int],
        samplers: Sequence[Sampler],
        rng: random.Random,
        sims: int,
    ) -> list[tuple[float, float]]:
        """``sims`` showdowns against hands drawn from the opponents' ranges: per showdown, the
        strength rank of the first opponent's hand in its range and our share of the pot."""
        seen = set(hole) | set(board)
        unseen = [c for c in range(52) if c not in seen]
        missing = 5 - len(board)
        mine = eval7_cards(hole + board)
        board_cards = eval7_cards(board)
        out: list[tuple[float, float]] = []
        for _ in range(sims):
            taken: set[int] = set()
            hands: list[list[object]] = []
            first_rank = 0.0
            for k, sampler in enumerate(samplers):
                i = sampler.draw(rng.random())
                for _ in range(20):
                    a, b = sampler.combos[i]
                    if a not in taken and b not in taken:
                        break
                    i = sampler.draw(rng.random())
                a, b = sampler.combos[i]
                taken.update((a, b))
                hands.append(eval7_cards((a, b)) + board_cards)
                if k == 0:
                    first_rank = sampler.ranks[i]
            extra: list[int] = []
            while len(extra) < missing:
                c = unseen[rng.randrange(len(unseen))]
                if c not in taken:
                    taken.add(c)
                    extra.append(c)
            extra_cards = eval7_cards(extra)
            ours = evaluate_eval7(mine + extra_cards)
            ties = 1
            share = 0.0
            for hand in hands:
                v = evaluate_eval7(hand + extra_cards)
                if v > ours:
                    break
                if v == ours:
                    ties += 1
            else:
                share = 1.0 / ties
            out.append((first_rank, share))
        return out

    def _heads_up(
        self,
        view: Mapping[str, JSON],
        legal: Sequence[BetAction],
        samples: Sequence[tuple[float, float]],
        opp: int,
        board_cards: int,
        one_pair: bool = False,
    ) -> BetAction:
        """The action of highest expected value against one opponent.

        A bet or raise is assumed to make the opponent fold the hands of its range outside the
        strongest share of all hands that the bet's size leaves it (:attr:`CONTINUE_BASE`); our
        equity against the part that continues is measured on the samples of that part alone.
        Equity that still has streets to come is discounted (more out of position), since the
        betting to come lets the opponent play better than a showdown would.  Bets above
        :attr:`MAX_BET` pot-sized raises are considered only for value (:attr:`OVERBET_EQUITY`).
        """
        me = int(view["seat"])
        pot = int(view["pot"])
        to_call = int(view["to_call"] or 0)
        bets = [int(b) for b in view["bets"]]
        stacks = [int(s) for s in view["stacks"]]
        n = len(stacks)
        first = (int(view["button"]) if board_cards else int(view["big_blind_seat"])) + 1
        in_position = (me - first) % n > (opp - first) % n
        realize = 1.0 if board_cards == 5 else 0.97 if in_position else 0.85
        equity = sum(r for _, r in samples) / max(1, len(samples))
        ranked = sorted(samples)
        my_total, opp_total = bets[me] + stacks[me], bets[opp] + stacks[opp]
        penalty = self.STACK_OFF_PENALTY if one_pair else 0.0
        if not board_cards:
            base = self.CONTINUE_BASE_PREFLOP
        elif showed_weakness(view, opp):
            base = self.CONTINUE_BASE_CHECKED
        else:
            base = self.CONTINUE_BASE
        opener_top = 1.0  # the rank above which the opener folds to a re-raise
        if (
            ranked
            and not board_cards
            and equity >= self.OPEN_RERAISE_EQUITY
            and facing_open_raise(view, opp)
        ):
            opener_top = ranked[min(len(ranked) - 1, int(self.OPEN_CONTINUE * len(ranked)))][0]
        best, best_ev = legal[0], -1e18
        for action in legal:
            if action.kind == "fold":
                ev = 0.0
            elif action.kind == "check":
                ev = equity * realize * pot
            elif action.kind == "call":
                paid = min(to_call, stacks[me])
                final = opp_total <= bets[me] + paid or paid == stacks[me]
                ev = equity * (1.0 if final else realize) * (pot + paid) - paid
                ev -= penalty * max(0.0, paid - 0.25 * my_total)
            else:
                total = min(action.to, opp_total)
                paid = total - bets[me]
                owed = total - bets[opp]
                before = pot + paid - owed
                top = base + self.CONTINUE_SLOPE * before / max(1, before + owed)
                top = min(top, opener_top)
                cont, eq_cont = _continuing(ranked, top, equity)
                big = paid > self.MAX_BET * (pot + 2 * to_call)
                if big and eq_cont < self.OVERBET_EQUITY:
                    continue
                final = total >= opp_total or action.to >= my_total
                r = 1.0 if final else realize
                ev = (1 - cont) * pot + cont * (eq_cont * r * (pot + paid + owed) - paid)
                ev -= cont * penalty * max(0.0, paid - 0.25 * my_total)
            if ev > best_ev + 1e-9:
                best, best_ev = action, ev
        return best

    OPEN_EARLY, OPEN_LATE = 0.3, 1.0
    """Multi-way, with no raise yet before the flop, the share of starting hands it opens: on
    the button or the seat before it ``OPEN_LATE`` (every hand: at the platform's four seats at
    most three players are left to act there, and players who defend only the hands worth a
    flop fold most of the time; issue #32, +8.2 ± 2.7 bb/100 against three tag-chart bots on
    2,000 tuning deals against 0.75), elsewhere ``OPEN_EARLY``."""

    def _open(
        self, view: Mapping[str, JSON], legal: Sequence[BetAction], hole: list[int]
    ) -> BetAction | None:
        """Before the flop with no raise yet, raise to three big blinds (plus one per limper)
        with the top ``OPEN_EARLY`` of starting hands, ``OPEN_LATE`` on the button and the seat
        before it: the blinds are worth taking."""
        big_blind = int(view["blinds"][1])
        if view["board"] or int(view["level"]) != big_blind:
            return None
        me, n = int(view["seat"]), len(view["stacks"])
        late = (me - int(view["button"])) % n in (0, n - 1)
        if PERCENTILE[(hole[0], hole[1])] >= (self.OPEN_LATE if late else self.OPEN_EARLY):
            return None
        limpers = sum(
            1
            for s in range(n)
            if s not in (me, view["big_blind_seat"]) and int(view["bets"][s]) == big_blind
        )
        return _sized(legal, big_blind * (3 + limpers))

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


def _continuing(
    ranked: Sequence[tuple[float, float]], top: float, equity: float
) -> tuple[float, float]:
    """The share of the samples whose opponent hand ranks in the strongest ``top`` of all
    hands, and our mean result against those (``ranked`` sorted by rank; ``equity`` when
    fewer than eight samples continue)."""
    count = 0
    result = 0.0
    for rank_, r in ranked:
        if rank_ >= top:
            break
        count += 1
        result += r
    if count < 8:
        return count / max(1, len(ranked)), equity
    return count / len(ranked), result / count


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
