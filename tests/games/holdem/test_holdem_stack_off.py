"""Issue #32: the expert stacked off with one pair against aggression.  Heads-up positions of the
issue's shape (top pair with a weak kicker facing a bet after a 3-bet, a raise, a re-raise or an
all-in from a range that those actions make strong); the expert must fold or call, never put the
rest of its chips in.  Each is asked with several random generators, since its equity is sampled.
The same ranges must still let a set get its chips in."""

from __future__ import annotations

import random

from games.holdem.bots import ExpertBot
from games.holdem.state import HoldemState
from games.poker.betting import BetAction

SEEDS = range(4)


def heads_up(
    hole: dict[str, list[str]], board: list[str], actions: list[tuple[int, str, int]]
) -> HoldemState:
    """Seat 0 is the button (first to act before the flop, last after it)."""
    state = HoldemState.new(2, {"deals": [{"hole": hole, "board": board}]}, 1)
    for seat, kind, to in actions:
        state.apply(seat, BetAction(kind, to))
    return state


def choices(state: HoldemState, seat: int) -> set[BetAction]:
    legal = state.legal_actions(seat)
    return {ExpertBot().choose(state.view(seat), legal, random.Random(s), 300) for s in SEEDS}


def all_in(state: HoldemState, seat: int) -> BetAction:
    return max((a for a in state.legal_actions(seat) if a.kind == "raise"), key=lambda a: a.to)


def test_expert_folds_top_pair_weak_kicker_to_a_flop_bet_after_calling_a_3bet() -> None:
    # deal 1310's shape: A9 opens, calls a 3-bet, the 3-bettor bets the ace-high flop
    state = heads_up(
        {"0": ["AH", "9D"], "1": ["AC", "KS"]},
        ["3H", "8S", "AD", "2C", "7D"],
        [(0, "raise", 60), (1, "raise", 180), (0, "call", 0), (1, "bet", 240)],
    )
    picked = choices(state, 0)
    assert all_in(state, 0) not in picked
    assert picked <= {BetAction("fold"), BetAction("call")}


def test_expert_does_not_shove_top_pair_weak_kicker_over_a_small_flop_bet() -> None:
    # deal 1429's shape: K8 in the big blind calls an open, checks, faces a third of the pot
    state = heads_up(
        {"0": ["KH", "QS"], "1": ["KS", "8C"]},
        ["2D", "JS", "KC", "5H", "9C"],
        [(0, "raise", 60), (1, "call", 0), (1, "check", 0), (0, "bet", 40)],
    )
    assert all_in(state, 1) not in choices(state, 1)


def test_expert_folds_top_pair_weak_kicker_to_a_flop_raise() -> None:
    state = heads_up(
        {"0": ["KH", "QS"], "1": ["KS", "8C"]},
        ["2D", "JS", "KC", "5H", "9C"],
        [(0, "raise", 60), (1, "call", 0), (1, "bet", 80), (0, "raise", 280)],
    )
    assert choices(state, 1) == {BetAction("fold")}


def test_expert_does_not_reraise_all_in_with_top_pair_over_a_turn_raise() -> None:
    # deal 98's shape: J8 bets the turn of a jack-high board and is raised
    state = heads_up(
        {"0": ["QC", "JD"], "1": ["JS", "8H"]},
        ["JC", "7D", "3S", "2H", "4C"],
        [
            (0, "call", 0),
            (1, "check", 0),
            (1, "bet", 20),
            (0, "call", 0),
            (1, "bet", 60),
            (0, "raise", 240),
        ],
    )
    assert choices(state, 1) <= {BetAction("fold"), BetAction("call")}


def test_expert_folds_top_pair_to_a_turn_all_in() -> None:
    state = heads_up(
        {"0": ["QC", "JD"], "1": ["JS", "8H"]},
        ["JC", "7D", "3S", "2H", "4C"],
        [
            (0, "raise", 60),
            (1, "call", 0),
            (1, "check", 0),
            (0, "bet", 60),
            (1, "call", 0),
            (1, "check", 0),
            (0, "bet", 880),
        ],
    )
    assert choices(state, 1) == {BetAction("fold")}


def test_expert_still_raises_a_set_over_a_flop_bet() -> None:
    state = heads_up(
        {"0": ["AH", "9D"], "1": ["8C", "8D"]},
        ["3H", "8S", "AD", "2C", "7D"],
        [(0, "raise", 60), (1, "call", 0), (1, "check", 0), (0, "bet", 80)],
    )
    assert {a.kind for a in choices(state, 1)} == {"raise"}
