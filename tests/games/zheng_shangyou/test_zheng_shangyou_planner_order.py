"""The planner's order among plays its plan rates alike (issue #32: planner > greedy)."""

from __future__ import annotations

from games.cards import parse_many
from games.cards.shedding import Play
from games.zheng_shangyou.bots import PlannerBot

from .test_zheng_shangyou_bots import choose, position


def test_planner_leads_its_long_straight_before_a_low_single() -> None:
    # 4-9 straight, 7, JJ, Q: leading the straight or the spare 7 both leave three plays.  The
    # planner used to lead the 7 (lowest first) and was never given the lead back; the straight
    # sheds six cards and is rarely answered.
    state = position(
        ["3C 3D 10C KS AC", "4C 5D 6H 7C 7H 8S 9S JC JD QC", "5C 6C 8C 9C 10D KD"], 1, None
    )
    assert choose(PlannerBot(), state, 1) == Play(tuple(parse_many("4C 5D 6H 7C 8S 9S")))


def test_planner_breaks_a_pair_rather_than_spend_its_single_ace() -> None:
    # Answering the 8 with the Ace leaves one play (the 9s), with a 9 two; but only the 2♠
    # beats the Ace as a single, so it is worth keeping to win the lead back: the 9 goes.
    state = position(["8C 10C JC QC", "9C 9D AS", "5C 6C 7C KD"], 1, (0, "8C"))
    assert choose(PlannerBot(), state, 1) == Play(tuple(parse_many("9C")))
