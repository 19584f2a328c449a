"""Dou Dizhu ("fight the landlord"): three players, one deal, a landlord against two peasants."""

from __future__ import annotations

from games.cards.shedding import each_alone
from games.core import Game, TimeControl
from games.dou_dizhu.bots import ExpertBot, GreedyBot, PlannerBot, RandomBot
from games.dou_dizhu.state import DouDizhuState, decode_action, encode_action

GAME = Game(
    slug="dou_dizhu",
    title="Dou Dizhu",
    seat_counts=(3,),
    new_state=DouDizhuState.new,
    state_from_json=DouDizhuState,
    encode_action=encode_action,
    decode_action=decode_action,
    bots={"random": RandomBot, "greedy": GreedyBot, "planner": PlannerBot, "expert": ExpertBot},
    time_control=TimeControl(bank_ms=300_000, delay_ms=15_000),
    teams=each_alone,  # until the bidding settles the landlord every seat stands alone
    rating_mode="teams",
)
