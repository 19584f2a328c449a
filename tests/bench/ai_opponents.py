"""Opponents nobody here wrote, for ``ai_strength_bench.py``: rlcard's Dou Dizhu rule agent
(``doudizhu-rule-v1``) seen through our engine, and the simple Hold'em opponents.

Not a bench of its own (``run_all.sh`` runs only ``*_bench.py``).  rlcard comes from the
bench-only extra (``pip install -e .[bench]``); when it is missing :func:`rlcard_rule_agent`
returns None and the bench says so.  rlcard is used only as an opponent: its agent receives the
same information our bots get (its own hand, the public trace, the legal plays) translated into
the raw observation it expects, and its answer is translated back into one of our legal actions.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.cards.groups import SHEDDING_ORDER
from games.cards.notation import card
from games.cards.shedding import Pass, Play
from games.core import JSON

RL_RANKS = "3456789TJQKA2BR"
"""rlcard's rank letters, weakest first: our Dou Dizhu strengths 0..14 in the same order."""


def _letters(strengths: Sequence[int]) -> str:
    return "".join(RL_RANKS[s] for s in sorted(strengths))


def _play_letters(names: Sequence[str]) -> str:
    return _letters([SHEDDING_ORDER.strength(card(t)) for t in names])


def rlcard_rule_agent() -> Any | None:
    """rlcard's ``DouDizhuRuleAgentV1`` class, or None when rlcard is not installed."""
    try:
        from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1
    except ImportError:
        return None
    return DouDizhuRuleAgentV1


class RlcardDouDizhu:
    """rlcard's ``doudizhu-rule-v1`` agent behind our bot interface (play phase only).

    It keeps the public trace itself from the view's event log, so one instance must see every
    decision of its seat in one deal, in order; it never bids (the bench fixes the landlord, as
    rlcard's own game does).
    """

    def __init__(self) -> None:
        agent_class = rlcard_rule_agent()
        if agent_class is None:
            raise RuntimeError("rlcard is not installed: pip install -e .[bench]")
        self.agent = agent_class()
        self.trace: list[tuple[int, str]] = []
        self.seen = 0

    def observe(self, seat: int, action: Pass | Play) -> None:
        """Every play and pass of the deal, in order (the bench reports each move)."""
        if isinstance(action, Pass):
            self.trace.append((seat, "pass"))
        else:
            self.trace.append((seat, _letters([SHEDDING_ORDER.strength(c) for c in action.cards])))

    def choose(
        self, view: Mapping[str, JSON], legal: Sequence[Any], rng: random.Random, budget: int
    ) -> Any:
        by_letters: dict[str, Any] = {}
        for action in legal:
            key = (
                "pass"
                if isinstance(action, Pass)
                else _letters([SHEDDING_ORDER.strength(c) for c in action.cards])
            )
            by_letters.setdefault(key, action)
        state = {
            "raw_obs": {
                "trace": list(self.trace),
                "current_hand": _play_letters(view["hand"]),
                "actions": list(by_letters),
                "landlord": view["landlord"],
                "self": view["seat"],
            }
        }
        try:
            answer = self.agent.step(state)
        except KeyError:
            # A table play rlcard's tables do not list: its own fallback, a random legal play.
            answer = rng.choice(list(by_letters))
        if answer not in by_letters:
            answer = _letters(sorted(RL_RANKS.index(ch) for ch in str(answer)))
        return by_letters.get(answer, legal[0])
