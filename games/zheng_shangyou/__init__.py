"""Zheng Shangyou ("struggle upwards"): three players each for themselves, one deal of 48 cards."""

from __future__ import annotations

from games.cards.shedding import each_alone
from games.core import Game, TimeControl
from games.zheng_shangyou.bots import ExpertBot, GreedyBot, PlannerBot, RandomBot
from games.zheng_shangyou.state import ZhengShangyouState, decode_action, encode_action

GAME = Game(
    slug="zheng_shangyou",
    title="Zheng Shangyou",
    seat_counts=(3,),
    new_state=ZhengShangyouState.new,
    state_from_json=ZhengShangyouState,
    encode_action=encode_action,
    decode_action=decode_action,
    bots={"random": RandomBot, "greedy": GreedyBot, "planner": PlannerBot, "expert": ExpertBot},
    time_control=TimeControl(bank_ms=300_000, delay_ms=15_000),
    teams=each_alone,
    rating_mode="ffa",
)
