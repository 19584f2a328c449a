"""The AI levels: legal choices only, greedy's immediate score, the expert's inferences from its own
view (sampled worlds never contradict what the view shows) and the auction rule both share."""

from __future__ import annotations

import random
from typing import Any

from games.spectacular_bid import GAME
from games.spectacular_bid.actions import ACCEPT, DRAW, READY, WAIVE, Action, Bid, Place, Raise
from games.spectacular_bid.bots import auction_choice
from games.spectacular_bid.state import SpectacularBidState
from games.spectacular_bid.tiles import ALL_TILES, tile
from games.spectacular_bid.worlds import opponent_slots, sample_world, unseen_tiles


def fixed(
    hand0: list[tuple[int, int]], hand1: list[tuple[int, int]], boneyard: list[tuple[int, int]]
) -> list[list[int]]:
    named = hand0 + hand1 + boneyard
    return [list(t) for t in named + [t for t in ALL_TILES if t not in named]]


DRAW_DEAL = fixed(
    [(5, 0), (4, 1), (3, 2), (2, 1), (1, 0), (4, 0), (3, 1)],
    [(6, 6), (4, 4), (5, 2), (3, 0), (2, 0), (5, 1), (4, 2)],
    [(0, 0), (6, 5)],
)


def started(deal: list[list[int]]) -> SpectacularBidState:
    state = GAME.new_state(2, {"deals": [deal]}, 5)
    assert isinstance(state, SpectacularBidState)
    state.apply(0, READY)
    state.apply(1, READY)
    return state


def test_every_level_only_chooses_legal_actions() -> None:
    rng = random.Random(3)
    for level in GAME.bots:
        for seed in range(2):
            state = GAME.new_state(2, {"hand_over": seed == 1}, seed)
            bots = [GAME.bots[level](), GAME.bots["random"]()]
            for _ in range(400):
                if state.is_over():
                    break
                seat = state.pending()[0].seat
                legal = state.legal_actions(seat)
                action = bots[seat].choose(state.view(seat), legal, rng, 24)
                assert action in legal
                state.apply(seat, action)


def test_greedy_takes_the_best_immediate_score() -> None:
    state = started(
        fixed(
            [(6, 3), (6, 4), (5, 0), (4, 1), (3, 2), (2, 1), (1, 0)],
            [(6, 6), (4, 4), (5, 2), (3, 1), (2, 0), (5, 1), (6, 0)],
            [],
        )
    )
    state.apply(1, Place((6, 6), "origin"))
    bot = GAME.bots["greedy"]()
    choice = bot.choose(state.view(0), state.legal_actions(0), random.Random(1), 0)
    assert isinstance(choice, Place) and choice.tile == (6, 3)


def test_expert_infers_numbers_the_opponent_could_not_play() -> None:
    state = started(DRAW_DEAL)
    state.apply(1, Place((6, 6), "origin"))
    state.apply(0, DRAW)
    state.apply(0, DRAW)
    state.apply(0, Place((6, 5), "W"))
    view = state.view(1)
    unseen = unseen_tiles(view)
    assert set(unseen) == set(state.hands[0]) | set(state.boneyard)
    slots = opponent_slots(view)
    assert len(slots) == 8 and all(tile(6, 0) in s for s in slots)
    rng = random.Random(2)
    for _ in range(50):
        hand, boneyard = sample_world(unseen, slots, rng)
        assert len(hand) == 8 and len(boneyard) == 12
        assert not any(6 in t for t in hand)
        assert set(hand) | set(boneyard) == set(unseen)


def test_expert_knows_nobody_held_a_tile_above_the_rank_opening() -> None:
    state = started(DRAW_DEAL)
    state.apply(1, Place((6, 6), "origin"))
    state2 = started(
        fixed(
            [(5, 0), (4, 1), (3, 2), (2, 1), (1, 0), (4, 0), (3, 3)],
            [(5, 5), (4, 4), (5, 2), (3, 0), (2, 0), (5, 1), (4, 2)],
            [],
        )
    )
    state2.apply(1, Place((5, 5), "origin"))
    slots = opponent_slots(state2.view(0))
    assert all(tile(6, 6) in s for s in slots)
    assert not any(tile(6, 6) in s for s in opponent_slots(state.view(0)))


def test_auction_rule_bids_only_when_opening_is_worth_the_price() -> None:
    view: dict[str, Any] = {"seat": 1, "jockey": 0, "auction": {"bid": None}}
    legal: list[Action] = [WAIVE, Bid(15), Bid(20)]
    assert auction_choice(view, legal, 10) == WAIVE
    assert auction_choice(view, legal, 16) == Bid(15)
    jockey_view: dict[str, Any] = {
        "seat": 0,
        "jockey": 0,
        "auction": {"bid": {"seat": 1, "amount": 15}},
    }
    raises: list[Action] = [ACCEPT, Raise(20)]
    assert auction_choice(jockey_view, raises, 19) == ACCEPT
    assert auction_choice(jockey_view, raises, 21) == Raise(20)


def test_expert_is_reproducible_for_a_given_rng() -> None:
    state = started(DRAW_DEAL)
    state.apply(1, Place((6, 6), "origin"))
    state.apply(0, DRAW)
    state.apply(0, DRAW)
    state.apply(0, Place((6, 5), "W"))
    view, legal = state.view(1), state.legal_actions(1)
    assert len(legal) > 1
    bot = GAME.bots["expert"]()
    picks = {str(bot.choose(view, legal, random.Random(9), 60)) for _ in range(3)}
    assert len(picks) == 1
