"""The legal-move generator against a brute-force reading of the rules, written apart from the
engine.

"Every legal play accepted, every other rejected": for small hands every subset of cards is
tried as a lead, and every complete follow the rules allow must be reachable card by card
through :func:`games.tractor.tricks.follow_cards` — in any order of its cards — and nothing else.
"""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import PACK_SIZE, deck, rank, suit
from games.tractor.order import order
from games.tractor.tricks import classify, follow_cards, is_legal_follow, leads
from support.sizes import scaled

ALL = deck(packs=2)


def reference_strength(card: int, trump: int | None, level: int) -> tuple[str, int]:
    """(effective suit, strength) straight from the rules text."""
    r, s = rank(card), suit(card)
    plain = [x for x in range(2, 15) if x != level]
    if s is None or r == level or s == trump:
        if trump is None:  # no-trump: the level cards (all equal) and the jokers
            ladder = ["level", "BJ", "RJ"]
        else:
            ladder = [f"{trump}:{x}" for x in plain] + ["level", f"{trump}:level", "BJ", "RJ"]
        if r == 16:
            return ("T", ladder.index("RJ"))
        if r == 15:
            return ("T", ladder.index("BJ"))
        if r == level:
            name = f"{trump}:level" if s == trump else "level"
            return ("T", ladder.index(name))
        return ("T", ladder.index(f"{trump}:{r}"))
    return (str(s), plain.index(r))


def reference_lead(cards: tuple[int, ...], trump: int | None, level: int) -> bool:
    keys = [reference_strength(c, trump, level) for c in cards]
    if len({k[0] for k in keys}) != 1:
        return False
    if len(cards) == 1:
        return True
    faces: dict[int, int] = {}
    for c in cards:
        faces[c % PACK_SIZE] = faces.get(c % PACK_SIZE, 0) + 1
    if any(n != 2 for n in faces.values()):
        return False
    strengths = sorted(reference_strength(f, trump, level)[1] for f in faces)
    return strengths == list(range(strengths[0], strengths[0] + len(strengths)))


def reference_follow(
    hand: list[int], cards: tuple[int, ...], lead: tuple[int, ...], trump: int | None, level: int
) -> bool:
    led_suit = reference_strength(lead[0], trump, level)[0]
    pairs_led = len(lead) // 2 if len(lead) > 1 else 0
    suited = [c for c in hand if reference_strength(c, trump, level)[0] == led_suit]
    mine = [c for c in cards if c in suited]
    if len(suited) < len(lead):
        return set(suited) <= set(cards)
    if len(mine) != len(cards):
        return False
    held_pairs = {c % PACK_SIZE for c in suited if (c + PACK_SIZE) % (2 * PACK_SIZE) in suited}
    given_pairs = {c % PACK_SIZE for c in cards if (c + PACK_SIZE) % (2 * PACK_SIZE) in cards}
    return len(given_pairs) >= min(pairs_led, len(held_pairs))


@st.composite
def small_hands(draw: st.DrawFn) -> tuple[list[int], int | None, int]:
    """Up to 9 cards from a few neighbouring ranks of two suits, the level cards and the jokers
    (so that many subsets form pairs and tractors)."""
    level = draw(st.integers(2, 14))
    trump = draw(st.sampled_from([None, 0, 1, 2, 3]))
    low = draw(st.integers(2, 11))
    ranks = set(range(low, low + draw(st.integers(2, 4))))
    suits = set(draw(st.lists(st.integers(0, 3), min_size=1, max_size=2)))
    pool = [c for c in ALL if (rank(c) in ranks and suit(c) in suits) or rank(c) >= 15]
    pool += [c for c in ALL if rank(c) == level]
    hand = draw(st.lists(st.sampled_from(sorted(set(pool))), min_size=1, max_size=9, unique=True))
    return hand, trump, level


@settings(max_examples=scaled(400))
@given(small_hands())
def test_a_leader_is_offered_exactly_the_singles_pairs_and_tractors_of_the_hand(
    case: tuple[list[int], int | None, int],
) -> None:
    hand, trump, level = case
    o = order(trump, level)
    offered = [tuple(sorted(p)) for p in leads(hand, o)]
    assert len(offered) == len(set(offered)), "each lead is offered once"
    expected = {
        cards
        for size in range(1, len(hand) + 1)
        for cards in combinations(sorted(hand), size)
        if reference_lead(cards, trump, level)
    }
    assert set(offered) == expected
    for cards in expected:
        assert classify(cards, o) is not None


def reachable(
    hand: list[int], chosen: list[int], lead: tuple[int, ...], o: object
) -> set[tuple[int, ...]]:
    """Every complete follow reachable card by card from ``chosen``."""
    from games.tractor.order import Order

    assert isinstance(o, Order)
    shape = classify(lead, o)
    assert shape is not None
    if len(chosen) == shape.size:
        return {tuple(sorted(chosen))}
    out: set[tuple[int, ...]] = set()
    for c in follow_cards(hand, chosen, shape, o):
        if not chosen or c > max(chosen):  # each set once: grow in increasing order
            out |= reachable(hand, [*chosen, c], lead, o)
    return out


@settings(max_examples=scaled(400))
@given(small_hands(), small_hands(), st.data())
def test_a_follower_can_give_exactly_the_follows_the_rules_allow_in_any_order(
    case: tuple[list[int], int | None, int],
    other: tuple[list[int], int | None, int],
    data: st.DataObject,
) -> None:
    leader, trump, level = case
    o = order(trump, level)
    lead = data.draw(st.sampled_from(sorted(tuple(sorted(p)) for p in leads(leader, o))))
    pool = [c for c in other[0] if c not in lead] + [c for c in leader if c not in lead]
    hand = sorted(set(pool))[:9]
    if len(hand) < len(lead):
        return
    shape = classify(lead, o)
    assert shape is not None
    expected = {
        cards
        for cards in combinations(hand, len(lead))
        if reference_follow(hand, cards, lead, trump, level)
    }
    assert expected, "some follow is always legal"
    assert reachable(hand, [], lead, o) == expected
    for cards in expected:
        assert is_legal_follow(hand, cards, shape, o)
        for ordering in (cards, tuple(reversed(cards))):
            chosen: list[int] = []
            for c in ordering:
                assert c in follow_cards(hand, chosen, shape, o)
                chosen.append(c)
    for cards in combinations(hand, len(lead)):
        assert is_legal_follow(hand, cards, shape, o) == (cards in expected)
