"""Properties over random deals: complete move generation, the duty to beat, conservation,
zero-sum settlement, rejection of every play outside the generated set, replay, hidden hands."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import show
from games.cards.groups import SHEDDING_ORDER
from games.cards.shedding import Pass, Play
from games.zheng_shangyou import GAME
from games.zheng_shangyou.bots import ExpertBot, GreedyBot
from games.zheng_shangyou.combos import Combo, beats, classify, generate
from games.zheng_shangyou.state import DECK, THREE_OF_HEARTS, ZhengShangyouState
from support.shedding import (
    assert_rejected,
    assert_replays,
    assert_snapshot_round_trips,
    view_names,
)
from support.sizes import examples, scaled


def brute_force(counts: list[int], table: Combo | None, first_play: bool) -> set[tuple[int, ...]]:
    out = set()
    for take in itertools.product(*(range(n + 1) for n in counts)):
        strengths = tuple(s for s, n in enumerate(take) for _ in range(n))
        if first_play and (not strengths or strengths[0] != 0):
            continue
        combo = classify(strengths, first_play)
        if combo is not None and (table is None or beats(combo, table)):
            out.add(strengths)
    return out


@settings(max_examples=scaled(150))
@given(
    st.lists(st.sampled_from(DECK), min_size=1, max_size=12, unique=True),
    st.lists(st.sampled_from(DECK), min_size=1, max_size=10, unique=True),
    st.integers(0, 999),
    st.booleans(),
)
def test_generated_plays_are_exactly_the_legal_plays(
    hand: list[int], other: list[int], pick: int, first: bool
) -> None:
    counts = SHEDDING_ORDER.counts(hand)
    tables = generate(SHEDDING_ORDER.counts(other), None)
    assert set(c.strengths for c in generate(counts, None, first)) == brute_force(
        counts, None, first
    )
    table = tables[pick % len(tables)]
    generated = [c.strengths for c in generate(counts, table)]
    assert len(generated) == len(set(generated))
    assert set(generated) == brute_force(counts, table, False)


@settings(max_examples=scaled(30))
@given(st.integers(0, 10**9), st.sampled_from(["random", "greedy", "expert"]))
def test_random_deals_keep_every_invariant(seed: int, level: str) -> None:
    state = GAME.new_state(3, {}, seed)
    assert isinstance(state, ZhengShangyouState)
    bot = GAME.bots[level]()
    rng = random.Random(seed)
    log = []
    while not state.is_over():
        seat = state.pending()[0].seat
        legal = state.legal_actions(seat)
        data = state.to_json()
        cards = [c for h in data["hands"] for c in h] + [c for p in data["played"] for c in p]
        assert sorted(cards) == DECK
        assert_snapshot_round_trips(GAME, state, data)
        for viewer in (None, 0, 1, 2):
            hidden = {show(c) for o, h in enumerate(data["hands"]) if o != viewer for c in h}
            assert not (view_names(state.view(viewer)) & hidden)
            assert state.hidden_from(viewer) == hidden
        table = state.table_combo()
        plays = [a for a in legal if isinstance(a, Play)]
        # duty to beat: a pass is offered exactly when no play is
        assert (Pass() in legal) == (not plays and table is not None)
        for action in plays:
            combo = classify([SHEDDING_ORDER.strength(c) for c in action.cards], data["first_play"])
            assert combo is not None and (table is None or beats(combo, table))
        allowed = {tuple(sorted(SHEDDING_ORDER.strength(c) for c in a.cards)) for a in plays}
        hand = data["hands"][seat]
        attempt = tuple(rng.sample(hand, min(len(hand), rng.choice([1, 2, 3, 4, 5, 6]))))
        key = tuple(sorted(SHEDDING_ORDER.strength(c) for c in attempt))
        if key in allowed and (not data["first_play"] or THREE_OF_HEARTS in attempt):
            GAME.state_from_json(data).apply(seat, Play(attempt))
        else:
            assert_rejected(
                GAME, data, seat, Play(attempt), f"accepted {attempt} outside the legal set"
            )
        if plays:
            assert_rejected(
                GAME, data, seat, Pass(), "a pass was accepted although a play beats the table"
            )
        action = bot.choose(state.view(seat), legal, rng, 50)
        assert action in legal
        state.apply(seat, action)
        log.append((seat, GAME.encode_action(action)))
    res = state.view(None)["result"]
    assert sum(res["scores"]) == 0 and sum(res["bomb_bonus"]) == 0
    results = state.result()
    assert results is not None and results[res["winner"]].placing == 1
    assert_replays(GAME, seed, log, state)


def test_every_level_plays_complete_deals() -> None:
    for make in (GreedyBot, ExpertBot):
        for seed in range(examples(1, 5)):
            state = GAME.new_state(3, {}, seed)
            rng = random.Random(seed)
            bot = make()
            while not state.is_over():
                seat = state.pending()[0].seat
                legal = state.legal_actions(seat)
                action = bot.choose(state.view(seat), legal, rng, 10)
                assert action in legal
                state.apply(seat, action)
