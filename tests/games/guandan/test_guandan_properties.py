"""Invariants over whole matches played at random and by the greedy level (issue #16: cards
conserved, levels never outside 2..A, every match ends with a team at Ace winning its deal)."""

from __future__ import annotations

import random

import pytest

from games.cards import deck
from games.core import Bot
from games.guandan.actions import Action
from games.guandan.bots import GreedyBot, RandomBot
from games.guandan.combos import ACE
from games.guandan.state import GuandanState
from games.guandan.tribute import partner
from support.sizes import examples, pieces

DECK = sorted(deck(packs=2))
"""Sorted: two sorted lists are equal exactly when the multisets are (cheaper than Counters,
compared after every action)."""


def check_invariants(state: GuandanState) -> None:
    held = [c for hand in state.hands for c in hand]
    for cards in state.played:
        held += cards
    held.sort()
    assert held == DECK, "the 108 cards are all in hands or played, each once"
    assert all(2 <= level <= ACE for level in state.levels)
    expected = 2 if state.level_team is None else state.levels[state.level_team]
    assert state.level == expected or state.phase in ("deal_over", "over")
    assert len(set(state.places)) == len(state.places)
    assert all(not state.hands[s] for s in state.places[:3]), "the fourth place may hold cards"
    if state.phase == "play":
        assert state.turn is not None and state.turn not in state.places


def play_match(seed: int, players: list[Bot[Action]]) -> GuandanState:
    state = GuandanState.new(4, {}, seed)
    rng = random.Random(seed)
    while not state.is_over():
        decision = rng.choice(state.pending())
        bot = players[decision.seat]
        legal = state.legal_actions(decision.seat)
        action = bot.choose(state.view(decision.seat), legal, rng, 0)
        levels = list(state.levels)
        state.apply(decision.seat, action)
        check_invariants(state)
        assert all(new >= old for new, old in zip(state.levels, levels, strict=True))
    return state


@pytest.mark.parametrize("seeds", pieces(examples(5, 100), 4))
def test_random_matches_conserve_the_cards_and_keep_levels_between_2_and_ace(seeds: range) -> None:
    for seed in seeds:
        state = play_match(seed, [RandomBot()] * 4)
        assert state.winners is not None
        assert state.levels[state.winners] == ACE


@pytest.mark.parametrize("seeds", pieces(examples(5, 100), 4))
def test_every_match_is_won_by_a_team_at_ace_finishing_first_with_its_partner_not_last(
    seeds: range,
) -> None:
    for seed in seeds:
        state = play_match(100 + seed, [GreedyBot(), RandomBot(), GreedyBot(), RandomBot()])
        last = state.previous
        assert last is not None and last.match_won and last.level == ACE
        first = last.places[0]
        assert last.winners == state.winners == first % 2
        assert last.places.index(partner(first)) < 3, "the partner is not last"
