"""One test per Dou Dizhu combination and restriction (valid and invalid examples)."""

from __future__ import annotations

from games.cards import parse_many
from games.dou_dizhu.combos import Combo, beats
from games.dou_dizhu.state import combo_of


def kind(text: str) -> str | None:
    combo = combo_of(parse_many(text))
    return None if combo is None else combo.kind


def combo(text: str) -> Combo:
    c = combo_of(parse_many(text))
    assert c is not None, text
    return c


def test_single() -> None:
    assert kind("3H") == "single"
    assert kind("RJ") == "single"


def test_pair_needs_same_rank() -> None:
    assert kind("3H 3S") == "pair"
    assert kind("3H 4S") is None
    assert kind("BJ RJ") == "rocket"


def test_triple() -> None:
    assert kind("9C 9D 9H") == "triple"
    assert kind("9C 9D 8H") is None


def test_triple_with_single() -> None:
    assert kind("9C 9D 9H 3S") == "triple_single"
    assert kind("9C 9D 9H RJ") == "triple_single"
    assert kind("9C 9D 3H 3S") is None


def test_triple_with_pair() -> None:
    assert kind("9C 9D 9H 3S 3H") == "triple_pair"
    assert kind("9C 9D 9H 3S 4H") is None
    assert kind("9C 9D 9H BJ RJ") is None


def test_straight_of_at_least_five() -> None:
    assert kind("3H 4S 5C 6D 7H") == "straight"
    assert combo("10H JS QC KD AH").rank == 11
    assert kind("3H 4S 5C 6D") is None
    assert kind("3H 4S 5C 6D 8H") is None


def test_straight_may_not_contain_two_or_joker() -> None:
    assert kind("JH QS KC AD 2H") is None
    assert kind("10H JS QC KD AH 2C") is None
    assert kind("QS KC AD 2H BJ") is None


def test_pair_run_of_at_least_three_pairs() -> None:
    assert kind("3H 3S 4C 4D 5H 5C") == "pair_run"
    assert combo("3H 3S 4C 4D 5H 5C 6C 6D").length == 4
    assert kind("3H 3S 4C 4D") is None
    assert kind("KH KS AC AD 2H 2C") is None
    assert kind("3H 3S 4C 4D 6H 6C") is None


def test_plane_without_wings() -> None:
    assert kind("3H 3S 3C 4H 4S 4C") == "plane"
    assert combo("3H 3S 3C 4H 4S 4C 5H 5S 5C").length == 3
    assert kind("3H 3S 3C 5H 5S 5C") is None
    assert kind("AH AS AC 2H 2S 2C") is None


def test_plane_with_single_wings() -> None:
    assert kind("3H 3S 3C 4H 4S 4C 9D JD") == "plane_singles"
    assert kind("3H 3S 3C 4H 4S 4C 5H 5S 5C 8D 9D RJ") == "plane_singles"


def test_plane_single_wings_may_be_a_pair() -> None:
    assert kind("3H 3S 3C 4H 4S 4C 9D 9S") == "plane_singles"


def test_plane_single_wings_may_not_be_three_of_a_rank() -> None:
    assert kind("3H 3S 3C 4H 4S 4C 5H 5S 5C 9D 9S 9H") is None


def test_plane_single_wings_may_not_be_a_bomb() -> None:
    assert kind("3H 3S 3C 4H 4S 4C 5H 5S 5C 6H 6S 6C 9D 9S 9H 9C") is None


def test_plane_single_wings_may_not_be_both_jokers() -> None:
    assert kind("3H 3S 3C 4H 4S 4C BJ RJ") is None


def test_plane_single_wings_may_not_use_a_core_rank() -> None:
    assert kind("3H 3S 3C 4H 4S 4C 4D 9S") is None


def test_plane_with_pair_wings() -> None:
    assert kind("3H 3S 3C 4H 4S 4C 9D 9S JD JS") == "plane_pairs"
    assert kind("3H 3S 3C 4H 4S 4C 2D 2S JD JS") == "plane_pairs"


def test_plane_pair_wings_must_be_distinct_ranks() -> None:
    assert kind("3H 3S 3C 4H 4S 4C 9D 9S 9H 9C") is None


def test_plane_pair_wings_may_not_use_a_core_rank() -> None:
    assert kind("3H 3S 3C 4H 4S 4C 5D 5S 4D 3D") is None


def test_plane_wings_count_must_match_core() -> None:
    assert kind("3H 3S 3C 4H 4S 4C 9D") is None
    assert kind("3H 3S 3C 4H 4S 4C 9D 9S JD") is None


def test_four_with_two_singles() -> None:
    assert kind("7H 7S 7C 7D 3H 9S") == "four_two_singles"
    assert kind("7H 7S 7C 7D 3H 3S") == "four_two_singles"
    assert kind("7H 7S 7C 7D 3H BJ") == "four_two_singles"


def test_four_with_two_singles_may_not_be_both_jokers() -> None:
    assert kind("7H 7S 7C 7D BJ RJ") is None


def test_four_with_two_pairs() -> None:
    assert kind("7H 7S 7C 7D 3H 3S 9H 9S") == "four_two_pairs"


def test_four_with_two_pairs_needs_distinct_pairs() -> None:
    assert kind("7H 7S 7C 7D 3H 3S 3C 3D") is None


def test_four_with_one_card_is_nothing() -> None:
    assert kind("7H 7S 7C 7D 3H") is None


def test_four_with_kickers_is_not_a_bomb() -> None:
    four = combo("7H 7S 7C 7D 3H 9S")
    assert not four.is_bomb
    assert not beats(four, combo("3S"))
    assert beats(combo("3H 3S 3C 3D"), four)


def test_bomb() -> None:
    assert kind("7H 7S 7C 7D") == "bomb"
    assert kind("2H 2S 2C 2D") == "bomb"


def test_rocket() -> None:
    assert kind("BJ RJ") == "rocket"


def test_rank_order_jokers_two_ace() -> None:
    order = ["3H", "4H", "10H", "JH", "QH", "KH", "AH", "2H", "BJ", "RJ"]
    for low, high in zip(order, order[1:], strict=False):
        assert beats(combo(high), combo(low))
        assert not beats(combo(low), combo(high))


def test_suits_never_matter() -> None:
    assert not beats(combo("9S"), combo("9H"))
    assert not beats(combo("9H"), combo("9S"))


def test_response_must_have_same_type_and_size() -> None:
    assert not beats(combo("5H 5S"), combo("4H"))
    assert not beats(combo("4H 5S 6C 7D 8H 9H"), combo("3H 4S 5C 6D 7H"))
    assert beats(combo("4H 5S 6C 7D 8H"), combo("3H 4S 5C 6D 7H"))
    assert not beats(combo("9H 9S 9C 4D 4H"), combo("8H 8S 8C 3D"))


def test_kickers_never_decide() -> None:
    assert beats(combo("5H 5S 5C 3D"), combo("4H 4S 4C AD"))
    assert not beats(combo("4H 4S 4C AD"), combo("5H 5S 5C 3D"))
    assert not beats(combo("5H 5S 5C 6D"), combo("5D 5S 5C 3D"))


def test_runs_and_planes_compare_highest_core_rank() -> None:
    low = combo("3H 3S 3C 4H 4S 4C AD 2D")
    high = combo("4D 4S 4C 5H 5S 5C 6D 7D")
    assert beats(high, low)
    assert not beats(combo("4D 4S 4C 5H 5S 5C 6D 6C 7D 7C"), low)


def test_bomb_beats_every_ordinary_combination() -> None:
    bomb = combo("3H 3S 3C 3D")
    for text in (
        "2H",
        "AH AS",
        "4H 5S 6C 7D 8H 9H 10H JH QH KH AH",
        "4H 4S 4C 5H 5S 5C 6D 6C 7D 7C",
    ):
        assert beats(bomb, combo(text))


def test_bombs_compare_by_rank() -> None:
    assert beats(combo("4H 4S 4C 4D"), combo("3H 3S 3C 3D"))
    assert not beats(combo("3H 3S 3C 3D"), combo("4H 4S 4C 4D"))


def test_rocket_beats_everything() -> None:
    assert beats(combo("BJ RJ"), combo("2H 2S 2C 2D"))
    assert not beats(combo("2H 2S 2C 2D"), combo("BJ RJ"))
