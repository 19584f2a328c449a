"""Dou Dizhu AI players, weakest first: random, greedy (smallest play), planner, expert.

Every bot reads only its own seat's view and the legal list it is handed.  The planner plans its
hand with :func:`games.dou_dizhu.planning.turns` (fewest plays to go out), leads control plays
when they win the deal, keeps bombs and the rocket for a moment when they win the deal or stop an
opponent about to go out, leaves its partner's plays alone as a peasant, and bids from the
strength of its high cards and plan.  The expert is the planner plus search near the end of the
deal: an exact solver over the worlds its view allows once the hands are small
(:mod:`games.dou_dizhu.endgame`), play-outs over sampled worlds before that
(:mod:`games.dou_dizhu.search`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from games.cards.bots import RandomBot as RandomBot
from games.cards.bots import smallest_key, without
from games.cards.groups import SHEDDING_ORDER
from games.cards.notation import card
from games.cards.search import planner_policy, worth_searching
from games.cards.shedding import Pass, Play
from games.core import JSON
from games.dou_dizhu.combos import BLACK, RED, SEQ_LIMIT, TWO, Combo, classify, counts_of
from games.dou_dizhu.endgame import solve_worlds
from games.dou_dizhu.planning import turns
from games.dou_dizhu.search import best_by_playouts
from games.dou_dizhu.state import Action, Bid


def _combo(action: Action) -> Combo | None:
    if not isinstance(action, Play):
        return None
    return classify([SHEDDING_ORDER.strength(c) for c in action.cards])


def _smallest_key(action: Action) -> tuple[int, int, int]:
    combo = _combo(action)
    assert combo is not None
    return smallest_key(combo)


class GreedyBot:
    """Always plays the smallest legal play (a bomb only when nothing else beats); bids 1 first."""

    def choose(
        self, view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random, budget: int
    ) -> Action:
        bids = [a for a in legal if isinstance(a, Bid)]
        if view["phase"] == "bidding":
            return min(bids, key=lambda b: b.value) if view["bidding"]["high_bid"] == 0 else Pass()
        plays = [a for a in legal if isinstance(a, Play)]
        return min(plays, key=_smallest_key) if plays else Pass()


class PlannerBot:
    """Plans its hand, saves control cards, cooperates as a peasant, bids from hand strength."""

    SLACK = 1

    def choose(
        self, view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random, budget: int
    ) -> Action:
        hand = [SHEDDING_ORDER.strength(card(t)) for t in view["hand"]]
        counts = counts_of(hand)
        if view["phase"] == "bidding":
            return self._bid(view, counts, legal)
        plays = [(a, c) for a in legal if (c := _combo(a)) is not None]
        for action, combo in plays:
            if len(combo.strengths) == len(hand):
                return action
        if view["table"] is None:
            return self._lead(view, counts, plays)
        return self._follow(view, counts, plays)

    def ranked(
        self, view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random, size: int
    ) -> list[Action]:
        """The planner's choice first, then up to ``size - 1`` other distinct actions: passing
        (when allowed), then the play of each shape that leaves the hand fewest turns (bombs
        last), best shapes first."""
        first = PlannerBot.choose(self, view, legal, rng, 0)
        return [first, *[a for a in self.alternatives(view, legal) if a != first]][:size]

    @staticmethod
    def alternatives(view: Mapping[str, JSON], legal: Sequence[Action]) -> list[Action]:
        """Every legal action in the planner's order of preference, one play per shape first:
        pass, then per (kind, length) the play leaving fewest turns (then lowest), then the
        rest by the same key; bombs and the rocket after every ordinary play."""
        counts = counts_of([SHEDDING_ORDER.strength(card(t)) for t in view["hand"]])
        keyed = []
        for action in legal:
            combo = _combo(action)
            if combo is None:
                continue
            left = turns(tuple(without(counts, combo.strengths)))
            keyed.append(((combo.is_bomb, left, combo.rank, -len(combo.strengths)), combo, action))
        keyed.sort(key=lambda x: x[0])
        seen: set[tuple[str, int]] = set()
        heads: list[Action] = []
        tails: list[Action] = []
        for _, combo, action in keyed:
            shape = (combo.kind, combo.length)
            (tails if shape in seen else heads).append(action)
            seen.add(shape)
        passes: list[Action] = [a for a in legal if isinstance(a, Pass)]
        return [*passes, *heads, *tails]

    # ---- bidding ------------------------------------------------------------------------------
    def _bid(self, view: Mapping[str, JSON], counts: list[int], legal: Sequence[Action]) -> Action:
        strength = 2.0 * counts[TWO] + 3.0 * counts[RED] + 2.5 * counts[BLACK]
        strength += 0.5 * counts[TWO - 1]
        strength += 4.0 * sum(1 for s in range(TWO + 1) if counts[s] == 4)
        strength -= 1.0 * max(0, turns(tuple(counts)) - 6)
        wanted = 3 if strength >= 6 else 2 if strength >= 4 else 1 if strength >= 2 else 0
        bids = [a for a in legal if isinstance(a, Bid) and a.value <= wanted]
        return max(bids, key=lambda b: b.value) if bids else Pass()

    # ---- roles --------------------------------------------------------------------------------
    @staticmethod
    def _opponents(view: Mapping[str, JSON]) -> list[int]:
        me, landlord = view["seat"], view["landlord"]
        if me == landlord:
            return [s for s in range(3) if s != me]
        return [landlord]

    @staticmethod
    def _danger(view: Mapping[str, JSON], opponents: list[int]) -> int:
        """The fewest cards any opponent holds (few cards: they may go out soon)."""
        return min(int(view["hand_counts"][s]) for s in opponents)

    @staticmethod
    def _outstanding(view: Mapping[str, JSON], counts: list[int]) -> list[int]:
        """Per strength, how many cards neither we hold nor anyone has played."""
        full = [4] * 13 + [1, 1]
        for seat_cards in view["played"]:
            for t in seat_cards:
                full[SHEDDING_ORDER.strength(card(t))] -= 1
        return [full[s] - counts[s] for s in range(15)]

    # ---- leading ------------------------------------------------------------------------------
    def _lead(
        self, view: Mapping[str, JSON], counts: list[int], plays: list[tuple[Action, Combo]]
    ) -> Action:
        me = view["seat"]
        opponents = self._opponents(view)
        danger = self._danger(view, opponents)
        partner = None if me == view["landlord"] else 3 - me - view["landlord"]
        if partner is not None and view["hand_counts"][partner] == 1 and (me + 1) % 3 == partner:
            singles = [(a, c) for a, c in plays if c.kind == "single"]
            if singles:
                return min(singles, key=lambda ac: ac[1].rank)[0]
        outstanding = self._outstanding(view, counts)
        most = max(int(view["hand_counts"][s]) for s in opponents)
        best: Action | None = None
        best_key: tuple[float, ...] = ()
        for action, combo in plays:
            left = turns(tuple(without(counts, combo.strengths)))
            if left <= 1 and _safe(combo, outstanding, most):
                return action  # a control play now, the rest of the hand next
            if combo.is_bomb:
                continue
            key = (
                left + self._lead_risk(combo, danger, counts),
                combo.rank,
                -len(combo.strengths),
                sum(combo.strengths),
            )
            if best is None or key < best_key:
                best, best_key = action, key
        if best is None:
            return min(plays, key=lambda ac: ac[1].rank)[0]
        return best

    @staticmethod
    def _lead_risk(combo: Combo, danger: int, counts: list[int]) -> float:
        """Extra cost of leading ``combo`` when an opponent is close to going out."""
        size = len(combo.strengths)
        if danger <= 2 and size == danger and combo.kind in ("single", "pair"):
            highest = max(s for s in range(15) if counts[s] >= size)
            return 0.0 if combo.rank == highest else 3.0
        return 0.0

    @staticmethod
    def _table_strength(table: Mapping[str, JSON]) -> int:
        return SHEDDING_ORDER.strength(card(table["cards"][-1]))

    # ---- following ----------------------------------------------------------------------------
    def _follow(
        self, view: Mapping[str, JSON], counts: list[int], plays: list[tuple[Action, Combo]]
    ) -> Action:
        me = view["seat"]
        table = view["table"]
        owner = table["seat"]
        opponents = self._opponents(view)
        if not plays:
            return Pass()
        danger = self._danger(view, opponents)
        base = turns(tuple(counts))
        ordinary = [(a, c) for a, c in plays if not c.is_bomb]
        bombs = [(a, c) for a, c in plays if c.is_bomb]
        partner_table = owner not in opponents
        if partner_table:
            # The landlord already let the partner's play stand, or it is strong enough: pass.
            if (me + 1) % 3 == owner:
                return Pass()
            if table["kind"] not in ("single", "pair") or self._table_strength(table) >= 10:
                return Pass()
        scored = []
        for action, combo in ordinary:
            scored.append((turns(tuple(without(counts, combo.strengths))), combo.rank, action))
        scored.sort(key=lambda x: (x[0], x[1]))
        urgent = view["hand_counts"][owner] <= 4 or danger <= 2
        if scored:
            t, rank, action = scored[0]
            spends_control = rank >= TWO and base > 3
            slack = 0 if partner_table else self.SLACK
            if t <= base + slack and (not spends_control or urgent or t <= 1):
                return action
            if urgent and not partner_table:
                return max(scored, key=lambda x: (x[1], -x[0]))[2]
        if bombs and not partner_table:
            action, combo = min(bombs, key=lambda ac: ac[1].rank)
            if urgent or turns(tuple(without(counts, combo.strengths))) <= 1:
                return action
        return Pass()


def _safe(combo: Combo, outstanding: Sequence[int], most: int) -> bool:
    """Whether no card still outside our hand can beat ``combo`` (a control play).

    ``most`` is the largest hand an opponent holds: an answer of the same shape needs as many
    cards as ``combo`` has, a bomb four and the rocket two, so a long play against short hands
    is safe even when the cards to beat it are still out.
    """
    if combo.kind == "rocket":
        return True
    rocket_out = outstanding[BLACK] and outstanding[RED] and most >= 2
    bomb_above = most >= 4 and any(
        outstanding[s] == 4 for s in range(TWO + 1) if combo.kind != "bomb" or s > combo.rank
    )
    if rocket_out or bomb_above:
        return False
    if combo.is_bomb or most < len(combo.strengths):
        return True
    width = {"single": 1, "pair": 2, "triple": 3, "triple_single": 3, "triple_pair": 3}.get(
        combo.kind
    )
    if width is not None:
        return not any(outstanding[s] >= width for s in range(combo.rank + 1, 15))
    chain = {"straight": 1, "pair_run": 2, "plane": 3, "plane_singles": 3, "plane_pairs": 3}.get(
        combo.kind
    )
    if chain is None:
        return True  # four with two: only a higher four, a bomb, could beat it
    length = combo.length
    return not any(
        all(outstanding[s] >= chain for s in range(top - length + 1, top + 1))
        for top in range(combo.rank + 1, SEQ_LIMIT)
    )


class ExpertBot(PlannerBot):
    """The planner, plus search near the end of the deal.

    ``budget`` (``DEFAULT_BUDGET`` when 0 or less) sets the work per decision.  Once the hands
    hold at most ``SOLVE_CARDS`` cards together, every legal action is solved exactly in up to
    ``budget`` worlds consistent with the view (:mod:`games.dou_dizhu.endgame`), within
    ``NODES_PER_BUDGET * budget`` search nodes (at most ``MAX_NODES``); the action winning the
    most worlds is played (the planner's choice among equals).  A world the solver cannot finish
    within its share of the nodes counts at even odds
    (:func:`games.dou_dizhu.endgame.solve_worlds`).  Earlier, or when it finishes none (and once
    someone holds at most ``ENDGAME`` cards: every decision), ``budget`` play-outs (capped) are
    split over ``CANDIDATES`` actions: the planner's choice, passing, and the best play of each
    shape.
    """

    DEFAULT_BUDGET = 64
    """The work per decision the live platform's budget 0 stands for (what the bench measures)."""
    CANDIDATES = 6
    ENDGAME = 20
    """No hand holds more than 20 cards: the play-outs run at every decision of the play.  From 12
    cards on only, as before, the expert scored 58.4 % against the planner on 1,200 paired tuning
    matches; at every decision 62.1 % (decision p95 ~245 ms)."""
    KEEP_PLANNER_BY = 1.0
    """Play-outs move away from the planner's choice only when another candidate wins more than
    one world more (some ten worlds a candidate): 63.8 % against the planner on the 1,200 paired
    tuning matches where the plain maximum scored 62.1 % (a margin of 2: 62.5 %)."""
    MAX_PLAYOUTS = 64
    """Play-out cap per decision whatever the budget (a play-out takes a few ms on one core)."""
    SOLVE_CARDS = 24
    NODES_PER_BUDGET = 2_000
    MAX_NODES = 256_000
    """Solver node cap per decision whatever the budget (some 400,000 nodes take a CPU second)."""
    MAX_WORLDS = 64

    def choose(
        self, view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random, budget: int
    ) -> Action:
        budget = budget if budget > 0 else self.DEFAULT_BUDGET
        planner_choice = super().choose(view, legal, rng, budget)
        if view["phase"] != "play" or len(legal) < 2:
            return planner_choice
        if sum(view["hand_counts"]) <= self.SOLVE_CARDS:
            solved = self._solve(view, legal, rng, budget, planner_choice)
            if solved is not None:
                return solved
        if not worth_searching(view, legal, budget, self.CANDIDATES, self.ENDGAME):
            return planner_choice
        others = [a for a in self.alternatives(view, legal) if a != planner_choice]
        candidates = [planner_choice, *others][: self.CANDIDATES]
        worlds = max(2, min(budget, self.MAX_PLAYOUTS) // len(candidates))
        return best_by_playouts(
            view, candidates, planner_policy(PlannerBot()), rng, worlds, self.KEEP_PLANNER_BY
        )

    def _solve(
        self,
        view: Mapping[str, JSON],
        legal: Sequence[Action],
        rng: random.Random,
        budget: int,
        planner_choice: Action,
    ) -> Action | None:
        """The action that wins the most worlds with best play, or None when the node budget
        finished no world."""
        order = [
            planner_choice,
            *[a for a in self.alternatives(view, legal) if a != planner_choice],
        ]
        plays = [_combo(a) for a in order]
        shares = solve_worlds(
            view,
            plays,
            rng,
            min(budget, self.MAX_WORLDS),
            min(self.NODES_PER_BUDGET * budget, self.MAX_NODES),
        )
        if shares is None:
            return None
        best = max(range(len(order)), key=lambda i: (shares[i], -i))
        return order[best]
