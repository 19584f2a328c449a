"""Dou Dizhu ("fight the landlord"): three players, one deal, a landlord against two peasants."""

from __future__ import annotations

from collections.abc import Mapping

from games.core import JSON, Game, TimeControl
from games.dou_dizhu.bots import ExpertBot, GreedyBot, PlannerBot, RandomBot
from games.dou_dizhu.state import DouDizhuState, decode_action, encode_action


def _new_state(seats: int, options: Mapping[str, JSON], seed: int) -> DouDizhuState:
    return DouDizhuState.new(seats, options, seed)


def _from_json(data: Mapping[str, JSON]) -> DouDizhuState:
    return DouDizhuState(data)


def _teams(seats: int) -> list[int]:
    """Before the bidding settles the landlord every seat stands alone (used for forfeits)."""
    return list(range(seats))


GAME = Game(
    slug="dou_dizhu",
    title="Dou Dizhu",
    seat_counts=(3,),
    new_state=_new_state,
    state_from_json=_from_json,
    encode_action=encode_action,
    decode_action=decode_action,
    bots={"random": RandomBot, "greedy": GreedyBot, "planner": PlannerBot, "expert": ExpertBot},
    time_control=TimeControl(bank_ms=300_000, delay_ms=15_000),
    teams=_teams,
    rating_mode="teams",
)
