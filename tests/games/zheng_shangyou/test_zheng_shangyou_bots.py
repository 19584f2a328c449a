"""The Zheng Shangyou AI levels: the greedy answer, the planner's habits, the expert's search."""

from __future__ import annotations

import random

from games.cards import parse, parse_many
from games.cards.groups import SHEDDING_ORDER
from games.cards.shedding import Play
from games.zheng_shangyou import GAME
from games.zheng_shangyou.bots import ExpertBot, GreedyBot, PlannerBot
from games.zheng_shangyou.combos import classify
from games.zheng_shangyou.state import ZhengShangyouState


def position(hands: list[str], turn: int, table: tuple[int, str] | None) -> ZhengShangyouState:
    table_data = None
    if table is not None:
        cards = SHEDDING_ORDER.sort(parse_many(table[1]))
        c = classify([SHEDDING_ORDER.strength(x) for x in cards])
        assert c is not None
        table_data = {
            "seat": table[0],
            "cards": cards,
            "kind": c.kind,
            "rank": c.rank,
            "length": c.length,
            "strengths": list(c.strengths),
            "led": True,
        }
    state = GAME.state_from_json(
        {
            "seed": 0,
            "phase": "play",
            "hands": [SHEDDING_ORDER.sort(parse_many(h)) for h in hands],
            "turn": turn,
            "table": table_data,
            "passes": 0,
            "first_play": False,
            "bonus": [0, 0, 0],
            "log": [],
            "result": None,
            "played": [[parse("3H")]] * 3,
        }
    )
    assert isinstance(state, ZhengShangyouState)
    return state


def choose(bot: object, state: ZhengShangyouState, seat: int) -> object:
    assert isinstance(bot, GreedyBot | PlannerBot)
    return bot.choose(state.view(seat), state.legal_actions(seat), random.Random(0), 10)


def test_greedy_answers_with_the_smallest_play() -> None:
    state = position(["9C 10C", "JD QD 2S", "6D 7C"], 1, (0, "9C"))
    assert choose(GreedyBot(), state, 1) == Play(tuple(parse_many("JD")))


def test_expert_goes_out_when_it_can() -> None:
    state = position(["9C 10C", "3C 4D 5H 6S 7C", "6D 7D"], 1, None)
    assert choose(ExpertBot(), state, 1) == Play(tuple(parse_many("3C 4D 5H 6S 7C")))


def test_planner_keeps_its_straight_together() -> None:
    # Answering 5C with the 6 would break 4-5-6-7-8; the lone KD costs nothing to the plan.
    state = position(["5C 10C", "4D 5H 6S 7C 8C KD", "6D 7D"], 1, (0, "5C"))
    assert choose(PlannerBot(), state, 1) == Play(tuple(parse_many("KD")))


def test_planner_leads_its_highest_single_when_an_opponent_holds_one_card() -> None:
    state = position(["9C", "4D 8H QS", "6D 7D 8D"], 1, None)
    assert choose(PlannerBot(), state, 1) == Play(tuple(parse_many("QS")))


def test_expert_stays_legal_when_it_searches() -> None:
    state = position(["5C 10C", "4D 5H 6S 7C 8C KD", "6D 7D"], 1, (0, "5C"))
    action = choose(ExpertBot(), state, 1)
    assert action in state.legal_actions(1)
