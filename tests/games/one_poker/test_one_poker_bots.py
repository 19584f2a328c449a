"""One Poker AI levels: legal choices, reading the signals, and a measured bluffing rate."""

from __future__ import annotations

import random

from games.cards import face, parse
from games.one_poker import GAME
from games.one_poker.actions import Lock
from games.one_poker.bots import BLUFF_RATE, ExpertBot, value
from games.one_poker.state import OnePokerState
from games.poker.betting import BetAction


def test_every_level_plays_full_matches_with_legal_actions_only() -> None:
    for seed, level in enumerate(GAME.bots):
        state = GAME.new_state(2, {}, seed)
        bots = [GAME.bots[level](), GAME.bots["expert"]()]
        rng = random.Random(seed)
        while not state.is_over():
            seat = rng.choice(list(state.pending())).seat
            legal = list(state.legal_actions(seat))
            action = bots[seat].choose(state.view(seat), legal, rng, 50)
            assert action in legal
            state.apply(seat, action)


def test_card_values_put_ace_and_king_on_top_and_two_beats_only_the_ace() -> None:
    assert value(14) == value(13) == 11 / 13
    assert value(2) == value(3) == 1 / 13


def test_expert_locks_the_card_that_beats_what_the_signals_allow() -> None:
    # seat 0 holds an Ace and a 2; seat 1 shows two DOWN cards, so the Ace beats anything it has
    state = OnePokerState.new(2, {"deals": [["AH", "4S", "2D", "5C"]]}, 1)
    choice = ExpertBot().choose(state.view(0), state.legal_actions(0), random.Random(0), 200)
    assert choice == Lock(face(parse("AH")))
    # seat 1 holds a 4 and a 5 against one UP and one DOWN card: the 5 wins more often
    choice = ExpertBot().choose(state.view(1), state.legal_actions(1), random.Random(0), 200)
    assert choice == Lock(face(parse("5C")))


def test_expert_value_bets_a_sure_winner() -> None:
    state = OnePokerState.new(2, {"deals": [["AH", "4S", "2D", "5C"]]}, 1)
    state.apply(0, Lock(face(parse("AH"))))
    state.apply(1, Lock(face(parse("5C"))))
    choice = ExpertBot().choose(state.view(0), state.legal_actions(0), random.Random(0), 200)
    assert isinstance(choice, BetAction) and choice.kind == "bet"


def test_expert_bluffs_weak_locks_at_the_measured_rate() -> None:
    # seat 1 locked a 3 against two UP cards; checked to it, it bets only as a bluff
    state = OnePokerState.new(2, {"deals": [["AH", "3S", "KD", "4C"]]}, 1)
    state.apply(0, Lock(face(parse("AH"))))
    state.apply(1, Lock(face(parse("3S"))))
    state.apply(0, BetAction("check"))
    bot = ExpertBot()
    rng = random.Random(4)
    trials = 400
    bets = sum(
        1
        for _ in range(trials)
        if bot.choose(state.view(1), state.legal_actions(1), rng, 40).kind == "bet"
    )
    assert abs(bets / trials - BLUFF_RATE) < 0.07
