"""The shared shedding helpers: rank orders, grouping by rank, run finding, the play codec."""

from __future__ import annotations

import pytest

from games.cards import parse, parse_many
from games.cards.groups import SHEDDING_ORDER, RankOrder, runs, take
from games.cards.shedding import Pass, Play, decode_shedding, encode_shedding
from games.core import MalformedAction


def test_shedding_order_puts_two_above_ace_and_jokers_on_top() -> None:
    order = [SHEDDING_ORDER.strength(parse(t)) for t in ("3H", "10S", "AH", "2C", "BJ", "RJ")]
    assert order == [0, 7, 11, 12, 13, 14]
    assert SHEDDING_ORDER.name(12) == "2" and SHEDDING_ORDER.name(13) == "BJ"


def test_rank_not_in_order_has_strength_minus_one() -> None:
    low_ace = RankOrder.of([14, 2, 3])
    assert low_ace.strength(parse("AH")) == 0
    assert low_ace.strength(parse("9H")) == -1


def test_counts_and_groups_by_strength() -> None:
    cards = parse_many("3S 3H AC 2D RJ 3C")
    counts = SHEDDING_ORDER.counts(cards)
    assert counts[0] == 3 and counts[11] == 1 and counts[12] == 1 and counts[14] == 1
    groups = SHEDDING_ORDER.groups(cards)
    assert groups[0] == parse_many("3C 3H 3S")


def test_sort_by_strength_then_suit() -> None:
    assert SHEDDING_ORDER.sort(parse_many("2D 3S RJ 3C AH")) == parse_many("3C 3S AH 2D RJ")


def test_second_pack_cards_group_with_their_rank() -> None:
    counts = SHEDDING_ORDER.counts(parse_many("7H 7H' 7S"))
    assert counts[4] == 3


def test_runs_list_every_sub_run() -> None:
    counts = [1, 1, 1, 1, 1, 1, 0, 2, 2, 2, 0, 0, 1, 0, 0]
    assert runs(counts, 1, 5, 12) == [(0, 5), (0, 6), (1, 5)]
    assert runs(counts, 2, 3, 12) == [(7, 3)]
    assert runs(counts, 2, 2, 12) == [(7, 2), (7, 3), (8, 2)]


def test_runs_stop_at_the_limit() -> None:
    counts = [0] * 8 + [1, 1, 1, 1, 1, 0, 0]
    assert runs(counts, 1, 5, 12) == []
    assert runs(counts, 1, 5, 13) == [(8, 5)]


def test_take_maps_strengths_to_concrete_cards() -> None:
    groups = SHEDDING_ORDER.groups(parse_many("3C 3H 4S"))
    assert take(groups, [0, 0, 1]) == tuple(parse_many("3C 3H 4S"))


def test_shedding_codec() -> None:
    assert encode_shedding(Pass()) == {"kind": "pass"}
    play = Play(tuple(parse_many("10H 10S")))
    assert encode_shedding(play) == {"kind": "play", "cards": ["10H", "10S"]}
    assert decode_shedding({"kind": "play", "cards": ["TH", "10S"]}) == play
    for raw in (
        {"kind": "pass", "x": 1},
        {"kind": "play"},
        {"kind": "play", "cards": "3H"},
        {"kind": "play", "cards": [3]},
        "pass",
    ):
        with pytest.raises(MalformedAction):
            decode_shedding(raw)


def test_notation_tables_agree_with_show_and_parse() -> None:
    from games.cards import show
    from games.cards.notation import CARDS, NAMES, card, names

    assert len(NAMES) == 108 and NAMES[parse("10H")] == "10H" and NAMES[parse("7H'")] == "7H'"
    assert all(CARDS[show(c)] == c for c in range(108))
    assert card("TH") == parse("10H") and card("A♠") == parse("AS")
    assert names(parse_many("3H RJ")) == ["3H", "RJ"]
