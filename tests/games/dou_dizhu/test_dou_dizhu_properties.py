"""Properties over random deals: complete move generation, conservation, zero-sum, rejection
of every play outside the generated set, replay from the seed, views that hide other hands."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import deck, show
from games.cards.groups import SHEDDING_ORDER
from games.cards.shedding import Pass, Play
from games.dou_dizhu import GAME
from games.dou_dizhu.combos import Combo, beats, classify, counts_of, generate
from games.dou_dizhu.state import DouDizhuState
from support.shedding import (
    assert_rejected,
    assert_replays,
    assert_snapshot_round_trips,
    view_names,
)
from support.sizes import examples, scaled

DECK = deck()


def brute_force(counts: list[int], table: Combo | None) -> set[tuple[int, ...]]:
    """Every sub-multiset of the hand that forms a combination (beating ``table``)."""
    out = set()
    for take in itertools.product(*(range(n + 1) for n in counts)):
        strengths = tuple(s for s, n in enumerate(take) for _ in range(n))
        combo = classify(strengths)
        if combo is not None and (table is None or beats(combo, table)):
            out.add(strengths)
    return out


@settings(max_examples=scaled(150))
@given(
    st.lists(st.sampled_from(DECK), min_size=1, max_size=11, unique=True),
    st.lists(st.sampled_from(DECK), min_size=1, max_size=10, unique=True),
    st.integers(0, 999),
)
def test_generated_plays_are_exactly_the_legal_plays(
    hand: list[int], other: list[int], pick: int
) -> None:
    counts = SHEDDING_ORDER.counts(hand)
    tables = generate(SHEDDING_ORDER.counts(other), None)
    for table in (None, tables[pick % len(tables)]):
        generated = [c.strengths for c in generate(counts, table)]
        assert len(generated) == len(set(generated))
        assert set(generated) == brute_force(counts, table)


def test_generation_on_full_hands_lists_only_valid_distinct_plays() -> None:
    rng = random.Random(5)
    for _ in range(examples(4, 40)):
        cards = rng.sample(DECK, 20)
        counts = SHEDDING_ORDER.counts(cards)
        plays = generate(counts, None)
        assert len({p.strengths for p in plays}) == len(plays)
        for p in plays:
            assert classify(p.strengths) == p
            assert all(counts_of(p.strengths)[s] <= counts[s] for s in range(15))


def _hidden_names(state: DouDizhuState, seat: int | None) -> set[str]:
    data = state.to_json()
    hidden = set()
    for other, hand in enumerate(data["hands"]):
        if other != seat:
            hidden |= {show(c) for c in hand}
    if data["landlord"] is None:
        own = set() if seat is None else set(data["hands"][seat])
        hidden |= {show(c) for c in data["bottom"] if c not in own}
    else:
        hidden -= {show(c) for c in data["bottom"]}  # shown to everyone once taken
    return hidden


def _random_cards(rng: random.Random, hand: list[int]) -> tuple[int, ...]:
    size = rng.choice([1, 2, 3, 4, 5, 6, 8])
    return tuple(rng.sample(hand, min(size, len(hand))))


@settings(max_examples=scaled(25))
@given(st.integers(0, 10**9))
def test_random_deals_keep_every_invariant(seed: int) -> None:
    state = GAME.new_state(3, {}, seed)
    assert isinstance(state, DouDizhuState)
    rng = random.Random(seed)
    log = []
    while not state.is_over():
        seat = state.pending()[0].seat
        legal = state.legal_actions(seat)
        data = state.to_json()
        # conservation: hands + played (+ bottom while it lies apart) hold the 54 cards once
        cards = [c for h in data["hands"] for c in h] + [c for p in data["played"] for c in p]
        if data["landlord"] is None:
            cards += data["bottom"]
        assert sorted(cards) == DECK
        assert_snapshot_round_trips(GAME, state, data)
        for viewer in (None, 0, 1, 2):
            assert not (view_names(state.view(viewer)) & _hidden_names(state, viewer))
            assert state.hidden_from(viewer) == _hidden_names(state, viewer)
        for other in range(3):
            if other != seat:
                assert state.legal_actions(other) == []
        # a play outside the generated set is rejected and changes nothing
        if data["phase"] == "play":
            allowed = {
                tuple(sorted(SHEDDING_ORDER.strength(c) for c in a.cards))
                for a in legal
                if isinstance(a, Play)
            }
            attempt = _random_cards(rng, data["hands"][seat])
            key = tuple(sorted(SHEDDING_ORDER.strength(c) for c in attempt))
            if key in allowed:
                GAME.state_from_json(data).apply(seat, Play(attempt))
            else:
                assert_rejected(
                    GAME, data, seat, Play(attempt), f"accepted {attempt} outside the legal set"
                )
            table = state.table_combo()
            for action in legal:
                if isinstance(action, Play) and table is not None:
                    combo = classify([SHEDDING_ORDER.strength(c) for c in action.cards])
                    assert combo is not None and beats(combo, table)
            if table is None:
                assert Pass() not in legal
        action = rng.choice(legal)
        state.apply(seat, action)
        log.append((seat, GAME.encode_action(action)))
    view = state.view(None)
    assert sum(view["result"]["scores"]) == 0
    results = state.result()
    assert results is not None
    assert sum(r.score for r in results) == 0
    landlord = view["landlord"]
    assert results[landlord].weight == 2
    assert results[view["result"]["winner"]].placing == 1
    assert all(not state.hidden_from(viewer) for viewer in (None, 0, 1, 2))  # hands shown
    assert_replays(GAME, seed, log, state)


@settings(max_examples=scaled(15))
@given(st.integers(0, 10**9))
def test_every_offered_action_applies(seed: int) -> None:
    state = GAME.new_state(3, {}, seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.pending()[0].seat
        legal = state.legal_actions(seat)
        data = state.to_json()
        for action in rng.sample(legal, min(len(legal), 30)):
            trial = GAME.state_from_json(data)
            trial.apply(seat, action)
        state.apply(seat, rng.choice(legal))


def test_generation_is_complete_for_plane_and_four_heavy_hands() -> None:
    """Random hands rarely hold planes or four of a kind with kickers: build such hands."""
    rng = random.Random(11)
    for _ in range(examples(3, 25)):
        counts = [0] * 15
        start = rng.randrange(0, 9)
        for s in range(start, start + rng.choice([2, 3])):
            counts[s] = 3
        for s in rng.sample([s for s in range(13) if counts[s] == 0], 3):
            counts[s] = rng.choice([1, 2, 2, 4])
        counts[13], counts[14] = rng.choice([(0, 0), (1, 0), (1, 1)])
        generated = [c.strengths for c in generate(counts, None)]
        assert len(generated) == len(set(generated))
        assert set(generated) == brute_force(counts, None)
