"""Dou Dizhu's declaration, exposed as ``games.dou_dizhu.GAME`` (the registry finds it there)."""

from __future__ import annotations

from games.core import Game, RatingMode, TimeControl
from games.dou_dizhu.bots import ExpertBot, GreedyBot, PlannerBot, RandomBot
from games.dou_dizhu.state import Action, DouDizhuState, deal_for, decode_action, encode_action

GAME: Game[Action] = Game(
    slug="dou_dizhu",
    title="Dou Dizhu",
    titles={"zh": "斗地主"},
    seat_counts=(3,),
    state=DouDizhuState,
    encode_action=encode_action,
    decode_action=decode_action,
    bots={"random": RandomBot, "greedy": GreedyBot, "planner": PlannerBot, "expert": ExpertBot},
    time_control=TimeControl(bank_ms=300_000, delay_ms=15_000),
    rating_mode=RatingMode.TEAMS,  # the landlord (weight 2) against the two peasants
    deal_for=deal_for,
    typical_minutes=5,
)
