"""The expert's hand plan (games/guandan/planning.py): what a hand still costs in leads."""

from __future__ import annotations

from games.cards import parse_many
from games.guandan.planning import BOMB_COST, Planner, counts_of


def cost(cards: str, level: int = 2) -> float:
    counts, wilds = counts_of(parse_many(cards), level)
    return Planner(level).cost(counts, wilds)


def test_a_straight_is_planned_as_one_combination_not_five_singles() -> None:
    assert cost("3C 4D 5S 6C 7D") < 1.0
    assert cost("3C 4D 5S 6C 8D") > 4.0


def test_an_ace_low_straight_and_pair_runs_are_found() -> None:
    assert cost("AC 2D 3S 4C 5D", level=9) <= 1.0 < 4.0 < cost("AC 2D 3S 4C 6D", level=9)
    assert cost("3C 3D 4S 4C 5D 5S") <= 1.0
    assert cost("7C 7D 7S 8C 8D 8S") <= 1.0


def test_a_wildcard_fills_the_gap_of_a_straight() -> None:
    assert cost("3C 4D 5S 7D 2H") < 1.0  # the 2H is the level-2 wildcard
    assert cost("3C 4D 5S 7D 2S") > 3.0  # a natural 2 is not


def test_a_triple_carries_a_pair_as_a_full_house() -> None:
    assert cost("9C 9D 9S 4C 4D") < cost("9C 9D 9S") + cost("4C 4D") - 0.5


def test_bombs_cost_less_than_nothing_and_high_cards_less_than_low_ones() -> None:
    assert cost("8C 8D 8S 8H") == BOMB_COST
    assert cost("BJ BJ' RJ RJ'") < BOMB_COST
    assert cost("RJ") < cost("AC") < cost("3C")
    assert cost("2C", level=2) < cost("AC", level=2), "the level rank ranks above the Ace"


def test_the_same_hand_costs_the_same_however_often_it_is_asked() -> None:
    planner = Planner(5)
    counts, wilds = counts_of(parse_many("3C 4D 5S 6C 7D 9S 9D KC 5H BJ"), 5)
    assert (
        planner.cost(counts, wilds)
        == planner.cost(counts, wilds)
        == cost("3C 4D 5S 6C 7D 9S 9D KC 5H BJ", level=5)
    )
