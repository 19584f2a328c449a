"""Side pots, odd chips and the hand evaluator's agreement with the Hold'em rules."""

from __future__ import annotations

from games.cards import parse_many
from games.poker.evaluation import best_five, hand_name, hand_value
from games.poker.pots import Pot, build_pots, split_pot


def test_side_pots_per_all_in_level_with_folded_chips_kept() -> None:
    # seat 3 folded after putting in 50; seats 0 and 1 all-in for 100 and 250
    pots = build_pots([100, 250, 400, 50], [True, True, True, False])
    assert pots == [Pot(350, (0, 1, 2)), Pot(300, (1, 2)), Pot(150, (2,))]


def test_odd_chips_go_clockwise_from_the_buttons_left() -> None:
    assert split_pot(101, [0, 3], first_seat=2, seats=4) == {3: 51, 0: 50}
    assert split_pot(143, [1, 2, 3], first_seat=1, seats=4) == {1: 48, 2: 48, 3: 47}


def value(text: str) -> int:
    return hand_value(parse_many(text))


def test_hand_ranking_order() -> None:
    order = [
        "AS KS QS JS 10S",
        "9C 9D 9H 9S 2C",
        "3C 3D 3H 2S 2C",
        "2H 5H 7H 9H JH",
        "6C 7D 8H 9S 10C",
        "4C 4D 4H KS 2C",
        "4C 4D KH KS 2C",
        "4C 4D KH QS 2C",
        "AC 3D 5H 7S 9C",
    ]
    values = [value(h) for h in order]
    assert values == sorted(values, reverse=True)
    assert hand_name(values[0]) == "Straight Flush"


def test_the_wheel_is_the_lowest_straight() -> None:
    wheel = value("AS 2D 3C 4H 5S 9D KC")
    assert hand_name(wheel) == "Straight"
    assert wheel < value("2D 3C 4H 5S 6H 9D KC")
    assert wheel > value("AS AD AC 4H 8S 9D KC")


def test_sixth_and_seventh_cards_never_break_ties() -> None:
    assert value("AH AD KC QS JH 9D 8C") == value("AS AC KD QH JS 3D 2C")
    assert value("AH AD KC QS JH 9D 8C") > value("AH AD KC QS 10H 9D 8C")  # fifth card counts


def test_suits_are_equal() -> None:
    assert value("AH KH QD JS 9C") == value("AS KS QC JD 9H")


def test_best_five_shows_the_cards_that_make_the_hand() -> None:
    cards = parse_many("AS 2D 3C 4H 5S 9D KC")
    assert sorted(best_five(cards)) == sorted(parse_many("AS 2D 3C 4H 5S"))
