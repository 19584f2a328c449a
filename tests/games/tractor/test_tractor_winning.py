"""Who takes a trick (rules: "Only a matching shape and size can win …"; "Equal strength: the
earlier card wins"; "The trick winner leads next"), and the points it carries."""

from __future__ import annotations

from typing import Any

from games.tractor.state import TractorState

SPADES = 3


def trick(kit: Any, hands: dict[int, str], plays: list[str], **kwargs: Any) -> TractorState:
    """Play one trick led by seat 0 with ``plays`` for seats 0..3 in turn."""
    state = kit.position(hands, **kwargs)
    for seat, cards in enumerate(plays):
        kit.play(state, seat, cards)
    return state


def winner(state: TractorState) -> Any:
    return state.tricks[-1]["winner"]


def test_two_unequal_high_cards_do_not_beat_a_pair(kit: Any) -> None:
    hands = {0: "9H 9H' 3C", 1: "AH KH 4C", 2: "3D 4D 6C", 3: "6D 7D 7C"}
    state = trick(kit, hands, ["9H 9H'", "AH KH", "3D 4D", "6D 7D"], level=5)
    assert winner(state) == 0


def test_a_higher_pair_of_the_suit_beats_a_pair(kit: Any) -> None:
    hands = {0: "9H 9H' 3C", 1: "JH JH' 4C", 2: "KH KH' 6C", 3: "6D 7D 7C"}
    state = trick(kit, hands, ["9H 9H'", "JH JH'", "KH KH'", "6D 7D"], level=5)
    assert winner(state) == 2


def test_separate_pairs_do_not_beat_a_tractor(kit: Any) -> None:
    hands = {0: "9H 9H' 10H 10H'", 1: "AH AH' QH QH'", 2: "3D 4D 6D 7D", 3: "8D 9D 10D JD"}
    state = trick(kit, hands, ["9H 9H' 10H 10H'", "QH QH' AH AH'", "3D 4D 6D 7D", "8D 9D 10D JD"])
    assert winner(state) == 0


def test_a_higher_tractor_of_the_suit_beats_a_tractor(kit: Any) -> None:
    hands = {0: "9H 9H' 10H 10H'", 1: "KH KH' AH AH'", 2: "3D 4D 6D 7D", 3: "8D 9D 10D JD"}
    state = trick(kit, hands, ["9H 9H' 10H 10H'", "KH KH' AH AH'", "3D 4D 6D 7D", "8D 9D 10D JD"])
    assert winner(state) == 1


def test_when_void_a_matching_all_trump_shape_wins(kit: Any) -> None:
    hands = {0: "9H 9H'", 1: "3S 3S'", 2: "4S 6S", 3: "8D 9D"}
    state = trick(kit, hands, ["9H 9H'", "3S 3S'", "4S 6S", "8D 9D"], trump=SPADES, level=5)
    assert winner(state) == 1


def test_an_all_trump_play_of_another_shape_does_not_win(kit: Any) -> None:
    hands = {0: "9H 9H'", 1: "3S 4S", 2: "BJ RJ", 3: "8D 9D"}
    state = trick(kit, hands, ["9H 9H'", "3S 4S", "BJ RJ", "8D 9D"], trump=SPADES, level=5)
    assert winner(state) == 0


def test_a_play_mixing_trump_with_the_led_suit_never_wins(kit: Any) -> None:
    hands = {0: "9H 9H'", 1: "AH BJ", 2: "3C 4C", 3: "8D 9D"}
    state = trick(kit, hands, ["9H 9H'", "AH BJ", "3C 4C", "8D 9D"], trump=SPADES, level=5)
    assert winner(state) == 0


def test_a_trump_beats_a_plain_single_and_a_higher_trump_overtrumps(kit: Any) -> None:
    hands = {0: "AH", 1: "3S", 2: "5D", 3: "2H"}
    state = trick(kit, hands, ["AH", "3S", "5D", "2H"], trump=SPADES, level=5)
    assert winner(state) == 2, "the off-suit level 5 tops the trump 3"


def test_a_higher_card_of_another_plain_suit_never_wins(kit: Any) -> None:
    hands = {0: "3H", 1: "AC", 2: "AD", 3: "4H"}
    state = trick(kit, hands, ["3H", "AC", "AD", "4H"], trump=SPADES, level=5)
    assert winner(state) == 3


def test_between_equal_cards_the_earlier_one_wins(kit: Any) -> None:
    hands = {0: "5H", 1: "5D", 2: "5C", 3: "4S"}
    state = trick(kit, hands, ["5H", "5D", "5C", "4S"], trump=SPADES, level=5)
    assert winner(state) == 0, "the off-suit level cards are equal"
    hands = {0: "3H", 1: "AH", 2: "AH'", 3: "4H"}
    state = trick(kit, hands, ["3H", "AH", "AH'", "4H"], trump=SPADES, level=5)
    assert winner(state) == 1, "two identical cards: the first played"


def test_the_trump_level_card_beats_the_other_level_cards_and_the_jokers_beat_it(kit: Any) -> None:
    hands = {0: "5H", 1: "5S", 2: "BJ", 3: "5S'"}
    state = trick(kit, hands, ["5H", "5S", "BJ", "5S'"], trump=SPADES, level=5)
    assert winner(state) == 2


def test_the_trick_winner_leads_next_and_their_team_takes_the_points(kit: Any) -> None:
    hands = {0: "KH 3C", 1: "10H 3D", 2: "5H 4D", 3: "AH 6D"}
    state = trick(kit, hands, ["KH", "10H", "5H", "AH"], trump=SPADES, level=2)
    assert winner(state) == 3 and state.turn == state.leader == 3
    assert state.points == [0, 25]
    assert state.view(0)["tricks"][-1] == {
        "leader": 0,
        "plays": [
            {"seat": 0, "cards": ["KH"]},
            {"seat": 1, "cards": ["10H"]},
            {"seat": 2, "cards": ["5H"]},
            {"seat": 3, "cards": ["AH"]},
        ],
        "winner": 3,
        "points": 25,
    }


def test_the_view_shows_who_is_winning_the_trick_so_far(kit: Any) -> None:
    state = kit.position({0: "9H 3C", 1: "JH 3D", 2: "3H 4D", 3: "AH 6D"}, level=5)
    kit.play(state, 0, "9H")
    assert state.view(None)["winning"] == 0
    kit.play(state, 1, "JH")
    assert state.view(None)["winning"] == 1
    assert state.view(None)["lead"] == {"kind": "single", "pairs": 0, "size": 1, "suit": "H"}
