"""Zheng Shangyou ("struggle upwards"): three players each for themselves, one deal of 48 cards."""

from __future__ import annotations

from collections.abc import Mapping

from games.core import JSON, Game, TimeControl
from games.zheng_shangyou.bots import ExpertBot, GreedyBot, PlannerBot, RandomBot
from games.zheng_shangyou.state import ZhengShangyouState, decode_action, encode_action


def _new_state(seats: int, options: Mapping[str, JSON], seed: int) -> ZhengShangyouState:
    return ZhengShangyouState.new(seats, options, seed)


def _from_json(data: Mapping[str, JSON]) -> ZhengShangyouState:
    return ZhengShangyouState(data)


def _teams(seats: int) -> list[int]:
    return list(range(seats))


GAME = Game(
    slug="zheng_shangyou",
    title="Zheng Shangyou",
    seat_counts=(3,),
    new_state=_new_state,
    state_from_json=_from_json,
    encode_action=encode_action,
    decode_action=decode_action,
    bots={"random": RandomBot, "greedy": GreedyBot, "planner": PlannerBot, "expert": ExpertBot},
    time_control=TimeControl(bank_ms=300_000, delay_ms=15_000),
    teams=_teams,
    rating_mode="ffa",
)
