"""The trump order with the level cards (rules: "Trump order"), and the points of the cards."""

from __future__ import annotations

from games.cards import deck, parse, parse_many, show_many
from games.tractor.order import TRUMP, order, points

SPADES, HEARTS = 3, 2


def strongest_first(cards: str, trump: int | None, level: int) -> list[str]:
    o = order(trump, level)
    return sorted(cards.split(), key=lambda n: (o.eff[parse(n)], o.idx[parse(n)]), reverse=True)


def test_trumps_run_red_joker_black_joker_trump_level_card_other_level_cards_then_trump_suit() -> (
    None
):
    o = order(SPADES, 5)
    ranked = ["RJ", "BJ", "5S", "5H", "AS", "KS", "6S", "4S", "2S"]
    assert all(o.eff[parse(n)] == TRUMP for n in ranked)
    strengths = [o.idx[parse(n)] for n in ranked]
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == len(strengths)


def test_the_other_level_cards_are_equal_to_each_other() -> None:
    o = order(SPADES, 5)
    assert o.idx[parse("5H")] == o.idx[parse("5D")] == o.idx[parse("5C")] == o.idx[parse("5C'")]
    assert o.idx[parse("5S")] > o.idx[parse("5H")] > o.idx[parse("AS")]


def test_plain_suits_rank_ace_to_two_without_the_level_rank() -> None:
    o = order(SPADES, 5)
    hearts = [parse(n) for n in "2H 3H 4H 6H 7H 8H 9H 10H JH QH KH AH".split()]
    assert [o.idx[c] for c in hearts] == list(range(12))
    assert all(o.eff[c] == HEARTS for c in hearts)
    assert o.eff[parse("5H")] == TRUMP, "a level card belongs to trump, not to its suit"


def test_no_trump_keeps_the_jokers_and_the_level_cards_as_the_only_trumps() -> None:
    o = order(None, 9)
    trumps = {n for n in "RJ BJ 9S 9H 9D 9C AS 2H".split() if o.eff[parse(n)] == TRUMP}
    assert trumps == {"RJ", "BJ", "9S", "9H", "9D", "9C"}
    assert o.idx[parse("RJ")] > o.idx[parse("BJ")] > o.idx[parse("9S")] == o.idx[parse("9H")]
    assert strongest_first("AS 9S 10S 8S", None, 9) == ["9S", "AS", "10S", "8S"]


def test_at_level_ace_the_king_tops_the_plain_suits() -> None:
    assert strongest_first("KD AD QD", SPADES, 14) == ["AD", "KD", "QD"]
    o = order(SPADES, 14)
    assert o.eff[parse("AD")] == TRUMP and o.eff[parse("KD")] == 1


def test_hands_are_sorted_with_the_trumps_grouped_last() -> None:
    o = order(HEARTS, 7)
    hand = parse_many("RJ 7C 3H AC 7H KS 2D BJ 4S 7S")
    assert show_many(o.sort(hand)) == "AC 2D 4S KS 3H 7C 7S 7H BJ RJ"


def test_fives_count_5_tens_and_kings_10_two_hundred_in_the_two_packs() -> None:
    assert points(parse_many("5H 10S KD 5C' AS QH")) == 30
    assert points(deck(packs=2)) == 200


def test_a_card_table_exists_for_every_trump_and_level() -> None:
    for trump in (None, 0, 1, 2, 3):
        for level in range(2, 15):
            o = order(trump, level)
            assert len(o.eff) == len(o.idx) == 108
            assert sum(1 for c in range(54) if o.eff[c] == TRUMP) == (6 if trump is None else 18)
