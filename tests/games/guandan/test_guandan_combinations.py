"""Guandan's combinations, named after the rules they check (../shared/rules/french-54.md).

Worked examples mostly at level 7, so the level rank sits in the middle of the order: the hearts
7H and 7H' are the wildcards, the other 7s are natural level cards.
"""

from __future__ import annotations

import pytest

from games.cards import parse_many
from games.core import IllegalAction
from games.guandan.combos import Combo, beats, combo, read, strength
from games.guandan.moves import legal_plays

LEVEL = 7


def reading(cards: str, kind: str, rank: int, level: int = LEVEL) -> Combo:
    return read(parse_many(cards), kind, rank, level).combo


def readable(cards: str, kind: str, rank: int, level: int = LEVEL) -> bool:
    try:
        read(parse_many(cards), kind, rank, level)
    except IllegalAction:
        return False
    return True


def readings(cards: str, level: int = LEVEL) -> set[tuple[str, int]]:
    """Every reading the generator offers for exactly these cards."""
    held = parse_many(cards)
    return {
        (p.combo, p.rank) for p in legal_plays(held, level, None) if sorted(p.cards) == sorted(held)
    }


# ---- rank order --------------------------------------------------------------------------------


def test_singles_rank_red_joker_black_joker_level_rank_then_ace_down_to_two() -> None:
    order = [14, 13, 12, 11, 10, 9, 8, 6, 5, 4, 3, 2]
    strengths = [strength(r, LEVEL) for r in [16, 15, LEVEL, *order]]
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == len(strengths)
    assert beats(reading("7S", "single", 7), reading("AS", "single", 14))
    assert beats(reading("BJ", "single", 15), reading("7S", "single", 7))
    assert beats(reading("RJ'", "single", 16), reading("BJ", "single", 15))


def test_pairs_and_triples_rank_like_singles_with_joker_pairs_on_top() -> None:
    assert beats(reading("7S 7C", "pair", 7), reading("AS AC", "pair", 14))
    assert beats(reading("BJ BJ'", "pair", 15), reading("7S 7C", "pair", 7))
    assert beats(reading("RJ RJ'", "pair", 16), reading("BJ BJ'", "pair", 15))
    assert beats(reading("7S 7C 7D", "triple", 7), reading("AS AC AD", "triple", 14))
    assert not readable("BJ RJ", "pair", 16), "a black and a red joker are no pair"


def test_suits_have_no_order() -> None:
    assert not beats(reading("9S", "single", 9), reading("9C", "single", 9))
    assert not beats(reading("9C", "single", 9), reading("9S'", "single", 9))


# ---- wildcards ---------------------------------------------------------------------------------


def test_a_heart_level_card_played_alone_is_a_single_of_the_level_rank() -> None:
    assert reading("7H", "single", 7) == combo("single", 7, 1, LEVEL)
    assert not readable("7H", "single", 14), "alone it stands for nothing else"
    assert readings("7H") == {("single", 7)}


def test_a_heart_level_card_stands_for_any_non_joker_card_inside_a_combination() -> None:
    assert readable("KS 7H", "pair", 13)
    assert readable("3C 3D 7H", "triple", 3)
    assert readable("9S 10S JS QS 7H", "straight", 13)
    assert readable("9S 10S JS QS 7H", "straight_flush", 13)
    assert readable("4C 4D 7H 7H'", "bomb", 4)
    assert readable("QC QD QS 7H 5D", "full_house", 12)


def test_a_heart_level_card_never_stands_for_a_joker() -> None:
    assert not readable("BJ 7H", "pair", 15)
    assert not readable("RJ 7H", "pair", 16)
    assert not readable("QC QD QS BJ 7H", "full_house", 12)
    assert not readable("BJ BJ' RJ 7H", "joker_bomb", 16)


def test_heart_cards_of_other_ranks_are_ordinary_cards() -> None:
    assert not readable("KS 8H", "pair", 13)
    assert readable("8H 8H'", "pair", 8)


def test_the_other_level_cards_are_natural_cards_of_the_level_rank() -> None:
    assert not readable("KS 7S", "pair", 13)
    assert readable("7S 7H", "pair", 7)


def test_an_ambiguous_play_offers_every_reading() -> None:
    assert readings("3S 4D 5C 7H 7H'") == {("straight", 5), ("straight", 6), ("straight", 7)}
    assert readings("5S 5D 5C 7H 7H'") == {("bomb", 5), ("full_house", 5)}
    assert readings("5S 5D 9C 7H 7H'") == {("full_house", 5), ("full_house", 9)}
    assert readings("5S 5D 6C 6D 7H 7H'") == {("pair_run", 6), ("pair_run", 7), ("triple_run", 6)}
    pair_ranks = {r for kind, r in readings("7H 7H'") if kind == "pair"}
    assert pair_ranks == set(range(2, 15)), "two wildcards are a pair of any rank"


def test_the_reading_says_what_each_wildcard_stands_for() -> None:
    cards = parse_many("3S 7H 4D 7H' 5C")
    assert read(cards, "straight", 7, LEVEL).wild_as == (6, 7)
    assert read(cards, "straight", 5, LEVEL).wild_as == (14, 2)
    full_house = parse_many("5S 5D 9C 7H 7H'")
    assert read(full_house, "full_house", 9, LEVEL).wild_as == (9, 9)
    assert read(full_house, "full_house", 5, LEVEL).wild_as == (5, 9)


def test_a_natural_straight_flush_may_also_be_played_as_a_straight() -> None:
    assert readings("3S 4S 5S 6S 8S") == set()
    assert readings("4S 5S 6S 7S 8S") == {("straight", 8), ("straight_flush", 8)}


# ---- shapes ------------------------------------------------------------------------------------


def test_full_house_is_a_triple_and_a_pair_compared_by_the_triple() -> None:
    assert beats(
        reading("9C 9D 9S 2C 2D", "full_house", 9), reading("8C 8D 8S AC AD", "full_house", 8)
    )
    assert not readable("9C 9D 9S 9H 2D", "full_house", 9)
    assert not readable("9C 9D 9S 2C 3D", "full_house", 9)


def test_full_house_may_use_two_identical_jokers_as_its_pair_never_a_mixed_pair() -> None:
    assert readable("9C 9D 9S BJ BJ'", "full_house", 9)
    assert readable("9C 9D 9S RJ RJ'", "full_house", 9)
    assert not readable("9C 9D 9S BJ RJ", "full_house", 9)


def test_no_triple_with_a_single_and_no_plane_with_wings() -> None:
    for cards in ("9C 9D 9S 2C", "9C 9D 9S 10C 10D 10S 2C 3C", "9C 9D 9S 10C 10D 10S 2C 2D 3C 3D"):
        assert readings(cards) == set(), cards


def test_a_straight_is_exactly_five_cards_ace_low_or_high_never_wrapping() -> None:
    assert readable("AS 2D 3C 4C 5H", "straight", 5)
    assert readable("10S JD QC KC AH", "straight", 14)
    assert not readable("QS KD AC 2C 3H", "straight", 3)
    assert not readable("JS QD KC AC 2H", "straight", 2)
    assert readings("3S 4D 5C 6S 8D 9C") == set(), "six cards are no straight"
    assert readings("3S 4D 5C 6S") == set(), "four cards are no straight"
    assert beats(reading("2S 3D 4C 5C 6H", "straight", 6), reading("AS 2D 3C 4C 5H", "straight", 5))


def test_sequences_use_natural_ranks_with_the_level_rank_in_its_place() -> None:
    assert readable("5S 6D 7C 8C 9S", "straight", 9), "the natural 7 sits between 6 and 8"
    assert not readable("JS QD KC AC 7C", "straight", 14)
    assert beats(
        reading("6S 7D 8C 9C 10S", "straight", 10), reading("5S 6D 7C 8C 9S", "straight", 9)
    )


def test_exactly_three_consecutive_pairs_ace_low_or_high() -> None:
    assert readable("AS AD 2C 2D 3C 3D", "pair_run", 3)
    assert readable("QS QD KC KD AC AD", "pair_run", 14)
    assert not readable("KS KD AC AD 2C 2D", "pair_run", 2)
    assert readings("3S 3D 4C 4D") == set(), "two pairs are no run"
    assert readings("3S 3D 4C 4D 5C 5D 6S 6D") == set(), "four pairs are no run"


def test_exactly_two_consecutive_triples_ace_low_or_high() -> None:
    assert readable("AS AD AC 2C 2D 2S", "triple_run", 2)
    assert readable("KS KD KC AC AD AS", "triple_run", 14)
    assert readings("3S 3D 3C 4C 4D 4S 5C 5D 5S") == set(), "three triples are no run"


def test_ordinary_answers_need_the_same_shape_and_a_higher_rank() -> None:
    pair = reading("9C 9D", "pair", 9)
    assert beats(reading("10C 10D", "pair", 10), pair)
    assert not beats(reading("9S 9H", "pair", 9), pair)
    assert not beats(reading("10C 10D 10S", "triple", 10), pair)
    assert not beats(reading("AC", "single", 14), pair)
    run = reading("3S 3D 4C 4D 5C 5D", "pair_run", 5)
    assert not beats(reading("3S 3D 3C 4C 4D 4S", "triple_run", 4), run)


# ---- bombs -------------------------------------------------------------------------------------


def test_bombs_beat_every_ordinary_combination() -> None:
    bomb = reading("2C 2D 2S 2C'", "bomb", 2)
    for table in (
        reading("RJ", "single", 16),
        reading("RJ RJ'", "pair", 16),
        reading("10S JD QC KC AH", "straight", 14),
        reading("KS KD KC AC AD AS", "triple_run", 14),
    ):
        assert beats(bomb, table)
        assert not beats(table, bomb)


def test_bombs_compare_size_before_rank() -> None:
    four_aces = reading("AC AD AS AC'", "bomb", 14)
    five_twos = reading("2C 2D 2S 2C' 2D'", "bomb", 2)
    assert beats(five_twos, four_aces)
    assert beats(reading("AC AD AS AC' AD'", "bomb", 14), five_twos)
    assert beats(reading("7C 7D 7S 7C'", "bomb", 7), four_aces), "the level rank is highest"
    assert not beats(reading("AC AD AS AS'", "bomb", 14), four_aces)


def test_a_straight_flush_beats_four_and_five_card_bombs_but_loses_to_six() -> None:
    flush = reading("AS 2S 3S 4S 5S", "straight_flush", 5)
    assert beats(flush, reading("AC AD AS AC' AD'", "bomb", 14))
    assert beats(flush, reading("7C 7D 7S 7C'", "bomb", 7))
    six = reading("2C 2D 2S 2C' 2D' 2S'", "bomb", 2)
    assert beats(six, reading("10S JS QS KS AS", "straight_flush", 14))
    assert not beats(flush, six)


def test_straight_flushes_compare_by_top_rank_and_beat_straights() -> None:
    low = reading("AS 2S 3S 4S 5S", "straight_flush", 5)
    high = reading("10D JD QD KD AD", "straight_flush", 14)
    assert beats(high, low) and not beats(low, high)
    assert beats(low, reading("10S JD QC KC AH", "straight", 14))


def test_four_jokers_are_the_highest_combination() -> None:
    jokers = reading("BJ BJ' RJ RJ'", "joker_bomb", 16)
    ten = reading("AC AD AS AC' AD' AS' 7H 7H' AH AH'", "bomb", 14)
    assert beats(jokers, ten) and not beats(ten, jokers)
    assert not readable("BJ BJ' RJ", "joker_bomb", 16)


def test_a_bomb_is_at_most_eight_natural_cards_and_both_wildcards() -> None:
    ten = parse_many("AC AD AS AC' AD' AS' AH AH' 7H 7H'")
    assert read(ten, "bomb", 14, LEVEL).combo.size == 10
    assert ("bomb", 14) in readings("AC AD AS AC' AD' AS' AH AH' 7H 7H'")


@pytest.mark.parametrize(
    ("cards", "kind", "rank"),
    [
        ("9C", "single", 8),
        ("9C 9D", "pair", 10),
        ("9C 9D 9S", "pair", 9),
        ("9C 9D 9S 9H", "triple", 9),
        ("3S 4S 5S 6S 7S", "straight", 8),
        ("9C 9D 9S", "bomb", 9),
        ("BJ BJ' RJ RJ'", "bomb", 16),
    ],
)
def test_a_play_read_as_something_it_is_not_is_refused(cards: str, kind: str, rank: int) -> None:
    assert not readable(cards, kind, rank)


# ---- following ---------------------------------------------------------------------------------


def test_followers_are_offered_only_plays_that_beat_and_bombs() -> None:
    hand = parse_many("3C 9D 10S 10D JC JD 4C 4D 4S 4C'")
    table = reading("9C 9S", "pair", 9)
    offered = {(p.combo, p.rank, len(p.cards)) for p in legal_plays(hand, LEVEL, table)}
    assert offered == {("pair", 10, 2), ("pair", 11, 2), ("bomb", 4, 4)}


def test_only_stronger_bombs_are_offered_against_a_bomb() -> None:
    hand = parse_many("3C 3D 3S 3C' 3D' 9C 9D 9S 9C' BJ BJ' RJ RJ'")
    table = reading("5C 5D 5S 5C' 5D'", "bomb", 5)
    offered = {(p.combo, p.rank, len(p.cards)) for p in legal_plays(hand, LEVEL, table)}
    assert offered == {("joker_bomb", 16, 4)}
