"""The legal-move generator against the rules' own test, :func:`games.guandan.combos.read`.

"Every reading of every legal play is offered": for small hands every subset of cards is tried
with every kind and rank; each reading the rules allow must be offered — as a play with the same
reading, the same natural ranks, as many wildcards and (for a straight flush) the same suit, since
copies and suits are otherwise interchangeable — and nothing else may be.  Whole hands from real
deals check that every offered play reads as named and beats the table.
"""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import PACK_SIZE, deck, make
from games.core import IllegalAction
from games.guandan.combos import (
    KINDS,
    RANK_OF_FACE,
    SUIT_OF_FACE,
    Combo,
    beats,
    is_wild,
    read,
)
from games.guandan.deals import shuffled_deal
from games.guandan.moves import legal_plays
from support.sizes import examples, scaled

ALL = deck(packs=2)
KINDS_BY_SIZE = {
    1: ("single",),
    2: ("pair",),
    3: ("triple",),
    4: ("bomb", "joker_bomb"),
    5: ("full_house", "straight", "straight_flush", "bomb"),
    6: ("pair_run", "triple_run", "bomb"),
}
Key = tuple[str, int, tuple[int, ...], int, int]


def key(cards: tuple[int, ...], kind: str, rank: int, level: int) -> Key:
    """What makes two plays different: reading, natural ranks, wildcards spent, flush suit."""
    naturals = [c for c in cards if not is_wild(c, level)]
    ranks = tuple(sorted(RANK_OF_FACE[c % PACK_SIZE] for c in naturals))
    suit = SUIT_OF_FACE[naturals[0] % PACK_SIZE] if kind == "straight_flush" else -1
    return (kind, rank, ranks, len(cards) - len(naturals), suit)


def every_reading(hand: list[int], level: int) -> dict[Key, Combo]:
    """Brute force: every subset of ``hand`` read every way the rules allow."""
    found: dict[Key, Combo] = {}
    for size in range(1, len(hand) + 1):
        for cards in combinations(hand, size):
            for kind in KINDS_BY_SIZE.get(size, ("bomb",)):
                for rank in range(2, 17):
                    try:
                        combo = read(cards, kind, rank, level).combo
                    except IllegalAction:
                        continue
                    found[key(cards, kind, rank, level)] = combo
    return found


@st.composite
def small_hands(draw: st.DrawFn) -> tuple[list[int], int]:
    """Up to 9 cards from a few neighbouring ranks, the wildcards and the jokers (so that many
    subsets form combinations)."""
    level = draw(st.integers(2, 14))
    low = draw(st.integers(1, 11))
    ranks = {14 if r == 1 else r for r in range(low, low + draw(st.integers(2, 4)))}
    pool = [c for c in ALL if RANK_OF_FACE[c % PACK_SIZE] in ranks or c % PACK_SIZE >= 52]
    pool += [make(level, 2, 0), make(level, 2, 1)]
    hand = draw(st.lists(st.sampled_from(sorted(set(pool))), min_size=1, max_size=9, unique=True))
    return hand, level


@settings(max_examples=scaled(300))
@given(small_hands())
def test_a_leader_is_offered_every_reading_of_every_play_and_nothing_else(
    case: tuple[list[int], int],
) -> None:
    hand, level = case
    expected = every_reading(hand, level)
    plays = legal_plays(hand, level, None)
    offered = [key(p.cards, p.combo, p.rank, level) for p in plays]
    assert len(offered) == len(set(offered)), "each play is offered once"
    assert set(offered) == set(expected)


@settings(max_examples=scaled(300))
@given(small_hands(), st.data())
def test_a_follower_is_offered_exactly_the_plays_that_beat_the_table(
    case: tuple[list[int], int], data: st.DataObject
) -> None:
    hand, level = case
    expected = every_reading(hand, level)
    table = data.draw(st.sampled_from(sorted(expected.values())))
    offered = {key(p.cards, p.combo, p.rank, level) for p in legal_plays(hand, level, table)}
    assert offered == {k for k, c in expected.items() if beats(c, table)}


def test_every_offered_play_of_a_dealt_hand_reads_as_named_and_beats_the_table() -> None:
    rng = random.Random(16)
    for n in range(examples(40, 400)):
        deal = shuffled_deal(n, 0)
        level = rng.randint(2, 14)
        hand = list(deal.hands[0])[: rng.randint(5, 27)]
        table = None
        if n % 2:
            lead = rng.choice(legal_plays(deal.hands[1], level, None))
            table = read(lead.cards, lead.combo, lead.rank, level).combo
        for play in legal_plays(hand, level, table):
            assert set(play.cards) <= set(hand)
            combo = read(play.cards, play.combo, play.rank, level).combo
            assert table is None or beats(combo, table)
            assert play.combo in KINDS
