"""Hold'em AI levels: legal choices from their own view, and the expert's equity estimate."""

from __future__ import annotations

import random

from games.cards import parse_many
from games.holdem import GAME
from games.holdem.bots import PERCENTILE, ExpertBot
from games.holdem.state import HoldemState
from games.poker.betting import BetAction


def test_every_level_plays_a_full_match_with_legal_actions_only() -> None:
    for seed, level in enumerate(GAME.bots):
        state = GAME.new_state(4, {}, seed)
        bots = [GAME.bots[level]() for _ in range(4)]
        rng = random.Random(seed)
        for _ in range(20_000):
            if state.is_over():
                break
            seat = state.pending()[0].seat
            legal = list(state.legal_actions(seat))
            action = bots[seat].choose(state.view(seat), legal, rng, 30)
            assert action in legal
            state.apply(seat, action)
        assert state.is_over()


def test_mixed_levels_finish_a_match() -> None:
    state = GAME.new_state(4, {}, 5)
    bots = [GAME.bots[name]() for name in ("random", "greedy", "expert", "greedy")]
    rng = random.Random(5)
    while not state.is_over():
        seat = state.pending()[0].seat
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat), rng, 30))
    assert sorted(r.placing for r in state.result() or [])[0] == 1


def test_expert_equity_matches_known_match_ups() -> None:
    rng = random.Random(1)
    aces = ExpertBot.equity(parse_many("AS AH"), [], [1.0], rng, 3000)
    assert 0.8 < aces < 0.9  # pocket aces win about 85% heads-up
    nuts = ExpertBot.equity(parse_many("AS KS"), parse_many("QS JS 10S"), [1.0, 1.0], rng, 200)
    assert nuts == 1.0


def test_starting_hand_order() -> None:
    a = parse_many("AS AH")
    junk = parse_many("7C 2D")
    assert PERCENTILE[(a[0], a[1])] < 0.01 < 0.9 < PERCENTILE[(junk[0], junk[1])]


def test_expert_shoves_the_nuts_and_folds_junk_to_an_all_in() -> None:
    deals = [{"hole": {"0": ["AS", "AD"], "1": ["7C", "2D"], "2": ["KS", "KD"]}}]
    state = HoldemState.new(4, {"deals": deals}, 3)
    bot = ExpertBot()
    rng = random.Random(0)
    state.apply(3, BetAction("raise", 1000))
    choice = bot.choose(state.view(0), state.legal_actions(0), rng, 400)
    assert choice == BetAction("call")  # aces call the shove
    state.apply(0, BetAction("call"))
    choice = bot.choose(state.view(1), state.legal_actions(1), rng, 400)
    assert choice == BetAction("fold")  # 7-2 does not
