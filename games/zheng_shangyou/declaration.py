"""Zheng Shangyou's declaration, exposed as ``games.zheng_shangyou.GAME``
(the registry finds it there)."""

from __future__ import annotations

from games.core import Game, RatingMode, TimeControl
from games.zheng_shangyou.bots import ExpertBot, GreedyBot, PlannerBot, RandomBot
from games.zheng_shangyou.state import (
    Action,
    ZhengShangyouState,
    deal_for,
    decode_action,
    encode_action,
)

GAME: Game[Action] = Game(
    slug="zheng_shangyou",
    title="Zheng Shangyou",
    titles={"zh": "争上游"},
    seat_counts=(3,),
    state=ZhengShangyouState,
    encode_action=encode_action,
    decode_action=decode_action,
    bots={"random": RandomBot, "greedy": GreedyBot, "planner": PlannerBot, "expert": ExpertBot},
    time_control=TimeControl(bank_ms=300_000, delay_ms=15_000),
    rating_mode=RatingMode.FFA,
    deal_for=deal_for,
    typical_minutes=5,
)
