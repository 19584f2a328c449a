"""Bridge AI players, weakest first: ``random``, ``greedy`` and ``expert``.  Each reads only its
own seat's view (its hand, the dummy once shown, the auction and the cards played) and the legal
list it is handed.

Robots never claim (:class:`~games.bridge.actions.Claim` is offered to the declarer, but a robot
plays its cards out: a claim decided on sampled hands could be rejected, and one decided on the
real hands would use cards the robot cannot see).  Every level answers a claim the same way, by
:mod:`games.bridge.claim_check`: it accepts only a claim the declarer can make without any guess,
judged on what the declarer knows (read from the robot's view, which shows the declarer's hand
while a claim is pending) — never on the robot's own cards.

* ``random`` — any legal call or card.
* ``greedy`` — bids the natural system of :mod:`games.bridge.bidding` and plays like a sound club
  player (:func:`games.bridge.play.club_card`: opening leads by the usual rules, second hand low,
  third hand high, win cheaply, ruff, draw trumps, cash winners).
* ``expert`` — the same bidding; plays by sampling: the unseen cards are dealt many times in
  agreement with the auction and the play so far, each deal is solved double-dummy by endplay's
  DDS (:mod:`games.bridge.dds`), and the card that does best on average is chosen
  (:func:`games.bridge.play.sampled_card`).  ``budget`` is the number of deals sampled per
  decision once ten tricks or fewer are left, fewer in the first three tricks where a solve
  costs more (:func:`games.bridge.play.deals_for`; default :data:`EXPERT_BUDGET`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Final

from games.bridge.actions import AcceptClaim, Action, Claim, Pass, Play, RejectClaim, call_action
from games.bridge.bidding import choose_call
from games.bridge.claim_check import Verdict, claim_verdict, knowledge_from_view
from games.bridge.play import call_of, club_card, read_view, sampled_card
from games.cards.notation import CARDS
from games.core import JSON

EXPERT_BUDGET: Final = 64
"""Sampled deals per decision (8, 16 and 32 in the first three tricks): a decision's p95 stays
well under a second of one core (``tests/bench/bridge_bench.py``)."""


def answer_claim(view: Mapping[str, JSON]) -> Action:
    """A robot defender's answer to the pending claim in ``view``: accept it only when the check
    finds no guess in it (from the declarer's knowledge alone, so the answer is the same whoever
    holds the unseen cards)."""
    claim = view["claim"]
    known = knowledge_from_view(view)
    sure = claim_verdict(known, int(claim["tricks"])) is Verdict.SURE
    return AcceptClaim() if sure else RejectClaim()


def _answering(legal: Sequence[Action]) -> bool:
    return any(isinstance(a, AcceptClaim | RejectClaim) for a in legal)


class RandomBot:
    """Picks uniformly among the legal calls and cards (never a claim); answers claims by the
    check."""

    def choose(
        self, view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random, budget: int
    ) -> Action:
        if _answering(legal):
            return answer_claim(view)
        return rng.choice([a for a in legal if not isinstance(a, Claim)])


def _bid(view: Mapping[str, JSON], legal: Sequence[Action]) -> Action:
    """The system's call (a pass if the system ever named an illegal one)."""
    cards = [CARDS[name] for name in view["hand"]]
    calls = [call_of(entry) for entry in view["auction"]]
    vulnerability = str(view.get("vulnerability") or "none")
    action = call_action(choose_call(cards, calls, int(view["dealer"]), vulnerability))
    return action if action in legal else Pass()


class GreedyBot:
    """The bidding system and a club player's card play."""

    def choose(
        self, view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random, budget: int
    ) -> Action:
        if _answering(legal):
            return answer_claim(view)
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "auction":
            return _bid(view, legal)
        cards = [a.card for a in legal if isinstance(a, Play)]
        if len(cards) == 1:
            return Play(cards[0])
        return Play(club_card(read_view(view), cards))


class ExpertBot:
    """The bidding system and card play by sampled deals."""

    DEFAULT_BUDGET = EXPERT_BUDGET
    """Sampled deals per decision when the caller passes no positive budget."""

    def choose(
        self, view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random, budget: int
    ) -> Action:
        if _answering(legal):
            return answer_claim(view)
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "auction":
            return _bid(view, legal)
        cards = [a.card for a in legal if isinstance(a, Play)]
        if len(cards) == 1:
            return Play(cards[0])
        work = budget if budget > 0 else self.DEFAULT_BUDGET
        return Play(sampled_card(read_view(view), cards, rng, work))
