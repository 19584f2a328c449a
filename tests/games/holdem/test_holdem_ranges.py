"""The expert's opponent ranges: narrowing by actions, sampling by weight, and the heads-up play
built on them."""

from __future__ import annotations

import random

from games.cards import parse, parse_many
from games.holdem.bots import PERCENTILE, ExpertBot
from games.holdem.ranges import (
    COMBOS,
    Narrowing,
    Sampler,
    board_strength,
    facing_open_raise,
    narrow,
    opponent_range,
    preflop_strength,
)
from games.holdem.state import HoldemState
from games.poker.betting import BetAction


def combo(text: str) -> tuple[int, int]:
    a, b = sorted(parse_many(text))
    return a, b


def test_narrow_keeps_the_strongest_share_and_discounts_the_rest() -> None:
    weights = {(i, i + 1): 1.0 for i in range(0, 20, 2)}  # ten combos, strength = first card
    out = narrow(weights, lambda c: float(c[0]), Narrowing(keep=0.3, rest=0.1))
    kept = sorted((c for c, w in out.items() if w == 1.0), reverse=True)
    assert kept == [(18, 19), (16, 17), (14, 15)]
    assert all(w == 0.1 for c, w in out.items() if c not in kept)


def test_narrow_cap_discounts_only_the_top() -> None:
    weights = {(i, i + 1): 1.0 for i in range(0, 20, 2)}
    out = narrow(weights, lambda c: float(c[0]), Narrowing(cap=0.2, capped=0.5))
    assert out[(18, 19)] == out[(16, 17)] == 0.5
    assert all(w == 1.0 for c, w in out.items() if c[0] < 16)


def test_range_leaves_out_the_viewers_own_and_the_board_cards() -> None:
    state = HoldemState.new(2, {"deals": [{"hole": {"0": ["AS", "AH"]}}]}, 1)
    weights = opponent_range(state.view(0), 1, PERCENTILE)
    dead = {parse("AS"), parse("AH")}
    assert len(weights) == len(COMBOS) - 101  # 1,326 less the combos holding either ace
    assert not any(a in dead or b in dead for a, b in weights)


def test_a_preflop_raise_narrows_to_strong_starting_hands() -> None:
    deals = [{"hole": {"0": ["2C", "3D"], "1": ["9S", "9H"]}}]
    state = HoldemState.new(2, {"deals": deals}, 1)
    state.apply(0, BetAction("raise", 60))  # the button raises
    weights = opponent_range(state.view(1), 0, PERCENTILE)
    assert weights[combo("KS KH")] == 1.0
    assert weights[combo("7C 2D")] < 0.1


def test_a_postflop_bet_narrows_to_hands_that_are_strong_on_the_board() -> None:
    deals = [
        {"hole": {"0": ["2C", "3D"], "1": ["9S", "9H"]}, "board": ["KS", "8D", "4C", "2H", "JD"]}
    ]
    state = HoldemState.new(2, {"deals": deals}, 1)
    state.apply(0, BetAction("call"))
    state.apply(1, BetAction("check"))
    state.apply(1, BetAction("bet", 40))  # the big blind acts first after the flop
    weights = opponent_range(state.view(0), 1, PERCENTILE)
    # a set of kings (discounted only by the big blind's preflop check) against nothing at all
    assert weights[combo("KH KD")] > 5 * weights[combo("7H 6H")]


def test_a_postflop_check_discounts_the_strongest_hands() -> None:
    deals = [
        {"hole": {"0": ["2C", "3D"], "1": ["9S", "9H"]}, "board": ["KS", "8D", "4C", "2H", "JD"]}
    ]
    state = HoldemState.new(2, {"deals": deals}, 1)
    state.apply(0, BetAction("call"))
    state.apply(1, BetAction("check"))
    state.apply(1, BetAction("check"))
    weights = opponent_range(state.view(0), 1, PERCENTILE)
    assert weights[combo("KH KD")] < weights[combo("QH 10H")]


def test_sampler_draws_by_weight_and_ranks_by_absolute_strength() -> None:
    board = parse_many("KS 8D 4C")
    weights = {c: 1.0 for c in COMBOS if not set(c) & set(board)}
    weights = {c: (1.0 if c == combo("KH KD") else 0.0) for c in weights}
    sampler = Sampler.build(weights, board_strength(board))
    assert sampler.combos == (combo("KH KD"),)
    assert sampler.ranks[0] < 0.01  # only the other sets of kings rank level with it
    assert sampler.draw(0.0) == sampler.draw(0.999) == 0


def test_sampler_ranks_follow_the_preflop_chart() -> None:
    weights = dict.fromkeys(COMBOS, 1.0)
    sampler = Sampler.build(weights, preflop_strength(PERCENTILE))
    rank = dict(zip(sampler.combos, sampler.ranks, strict=True))
    assert rank[combo("AS AH")] < 0.01 < 0.9 < rank[combo("7C 2D")]


def test_expert_decisions_are_deterministic_given_the_seed() -> None:
    for seed in range(4):
        state = HoldemState.new(2, {}, seed)
        view, legal = state.view(0), state.legal_actions(0)
        first = ExpertBot().choose(view, legal, random.Random(seed), 100)
        assert ExpertBot().choose(view, legal, random.Random(seed), 100) == first


def checked_to_the_river(hole: dict[str, list[str]], board: list[str]) -> HoldemState:
    """Heads-up, the button limps, then both check every street down to the river."""
    state = HoldemState.new(2, {"deals": [{"hole": hole, "board": board}]}, 1)
    for seat, action in [(0, "call"), (1, "check")] + [(1, "check"), (0, "check")] * 2:
        state.apply(seat, BetAction(action))
    state.apply(1, BetAction("check"))
    return state


def test_heads_up_expert_folds_a_missed_hand_to_a_river_raise() -> None:
    state = checked_to_the_river(
        {"0": ["7C", "3D"], "1": ["9S", "9H"]}, ["QS", "8D", "4C", "2H", "JD"]
    )
    state.apply(0, BetAction("bet", 20))
    state.apply(1, BetAction("raise", 140))
    choice = ExpertBot().choose(state.view(0), state.legal_actions(0), random.Random(2), 300)
    assert choice == BetAction("fold")  # seven high against a check-raise


def test_heads_up_expert_value_bets_the_nuts_on_the_river() -> None:
    state = checked_to_the_river(
        {"0": ["AS", "KS"], "1": ["9C", "9H"]}, ["QS", "JS", "10S", "2H", "3D"]
    )
    choice = ExpertBot().choose(state.view(0), state.legal_actions(0), random.Random(2), 300)
    assert choice.kind == "bet"


def raised_to(actions: list[tuple[int, str, int]]) -> HoldemState:
    """Heads-up (seat 0 the button) with the given actions applied from the start of the hand."""
    deals = [{"hole": {"0": ["2C", "3D"], "1": ["9S", "9H"]}, "board": ["KS", "8D", "4C"]}]
    state = HoldemState.new(2, {"deals": deals}, 1)
    for seat, kind, to in actions:
        state.apply(seat, BetAction(kind, to))
    return state


def test_a_preflop_reraise_keeps_only_the_top_of_all_starting_hands() -> None:
    opened = opponent_range(raised_to([(0, "raise", 60)]).view(1), 0, PERCENTILE)
    three_bet = opponent_range(
        raised_to([(0, "raise", 60), (1, "raise", 180)]).view(0), 1, PERCENTILE
    )
    # ace-jack offsuit is a fair open but not a hand that re-raises an open
    assert opened[combo("AH JD")] == 1.0
    assert three_bet[combo("AH JD")] < 0.1
    assert three_bet[combo("QS QH")] == 1.0


def test_a_bigger_postflop_bet_keeps_a_stronger_range() -> None:
    def after_bet(to: int) -> dict[tuple[int, int], float]:
        state = raised_to([(0, "raise", 60), (1, "call", 0), (1, "bet", to)])
        return opponent_range(state.view(0), 1, PERCENTILE)

    small, pot_sized = after_bet(40), after_bet(120)
    # top pair with a weak kicker: kept by a third of the pot, not by a pot-sized bet
    assert small[combo("KH 6H")] == 1.0
    assert pot_sized[combo("KH 6H")] < 0.1
    assert pot_sized[combo("KD 8C")] == small[combo("KD 8C")] == 1.0  # two pair: by any bet
    assert pot_sized[combo("8S 8H")] == small[combo("8S 8H")]  # a set too


def test_a_reraise_after_the_flop_keeps_less_than_a_raise() -> None:
    raised = raised_to([(0, "raise", 60), (1, "call", 0), (1, "bet", 60), (0, "raise", 240)])
    reraised = raised_to(
        [(0, "raise", 60), (1, "call", 0), (1, "bet", 60), (0, "raise", 240), (1, "raise", 600)]
    )
    once = opponent_range(raised.view(1), 0, PERCENTILE)
    twice = opponent_range(reraised.view(0), 1, PERCENTILE)
    kept_once = sum(1 for w in once.values() if w == 1.0)
    kept_twice = sum(1 for w in twice.values() if w == 1.0)
    assert kept_twice < kept_once


def test_a_flop_c_bet_by_the_preflop_raiser_keeps_most_of_its_range() -> None:
    # the big blind raises the button's limp and bets the flop: a c-bet, which players make with
    # most hands; the same bet after calling a raise keeps only hands strong on the board
    c_bet = raised_to([(0, "call", 0), (1, "raise", 60), (0, "call", 0), (1, "bet", 80)])
    lead = raised_to([(0, "raise", 60), (1, "call", 0), (1, "bet", 80)])
    after_c_bet = opponent_range(c_bet.view(0), 1, PERCENTILE)
    after_lead = opponent_range(lead.view(0), 1, PERCENTILE)
    # ace high against top pair, as a share of its weight before the bet
    assert after_lead[combo("AH QD")] < 0.1 * after_lead[combo("KH QD")]
    assert after_c_bet[combo("AH QD")] >= 0.25 * after_c_bet[combo("KH QD")]


def test_a_postflop_check_weighs_the_strongest_third_of_the_range_down() -> None:
    state = raised_to([(0, "raise", 60), (1, "call", 0), (1, "check", 0)])
    checked = opponent_range(state.view(0), 1, PERCENTILE)
    called = opponent_range(raised_to([(0, "raise", 60), (1, "call", 0)]).view(0), 1, PERCENTILE)
    # top pair good kicker: a hand a player bets, so a check leaves a third of its weight
    assert checked[combo("KH QD")] <= 0.35 * called[combo("KH QD")]
    assert checked[combo("7H 6H")] == called[combo("7H 6H")]  # nothing: as likely as before


def test_heads_up_expert_raises_weak_button_hands_rather_than_limping() -> None:
    # a raise folds most starting hands before the flop (CONTINUE_BASE_PREFLOP), so the button
    # steals the blinds with hands it used to limp
    for hole in (["9C", "3D"], ["8C", "6D"], ["10C", "4H"]):
        state = HoldemState.new(2, {"deals": [{"hole": {"0": hole}}]}, 1)
        for seed in range(4):
            choice = ExpertBot().choose(
                state.view(0), state.legal_actions(0), random.Random(seed), 300
            )
            assert choice.kind == "raise", (hole, seed, choice)


def test_facing_open_raise_only_for_the_only_raise_before_the_flop() -> None:
    state = HoldemState.new(2, {}, 1)
    assert not facing_open_raise(state.view(1), 0)  # the blinds are no raise
    state.apply(0, BetAction("raise", 50))
    assert facing_open_raise(state.view(1), 0)
    assert not facing_open_raise(state.view(1), 1)
    state.apply(1, BetAction("raise", 150))
    assert not facing_open_raise(state.view(0), 1)  # a re-raise shows a narrower range
    state.apply(0, BetAction("call"))
    assert not facing_open_raise(state.view(1), 0)  # after the flop


def facing_button_open(hole: list[str]) -> HoldemState:
    """Heads-up, the button (seat 0) opens to two and a half big blinds; seat 1 holds ``hole``."""
    state = HoldemState.new(2, {"deals": [{"hole": {"1": hole}}]}, 1)
    state.apply(0, BetAction("raise", 50))
    return state


def test_heads_up_big_blind_reraises_playable_hands_against_an_open_raise() -> None:
    # an opener folds much of its opening range to a re-raise (OPEN_CONTINUE), so the big
    # blind re-raises hands it used to call and then fold to the c-bet
    for hole in (["KC", "10D"], ["QC", "JD"], ["JC", "10C"]):
        state = facing_button_open(hole)
        for seed in range(4):
            choice = ExpertBot().choose(
                state.view(1), state.legal_actions(1), random.Random(seed), 300
            )
            assert choice.kind == "raise", (hole, seed, choice)


def test_heads_up_big_blind_does_not_reraise_weak_hands_against_an_open_raise() -> None:
    # below OPEN_RERAISE_EQUITY no fold of the opener is assumed beyond the absolute share
    for hole in (["7C", "2D"], ["9C", "6D"]):
        state = facing_button_open(hole)
        for seed in range(4):
            choice = ExpertBot().choose(
                state.view(1), state.legal_actions(1), random.Random(seed), 300
            )
            assert choice.kind in ("fold", "call"), (hole, seed, choice)


def opened_and_called(hole: list[str], actions: list[tuple[int, str, int]]) -> HoldemState:
    """Heads-up: the button (seat 0, holding ``hole``) raises, the big blind calls, then
    ``actions``; the board K♠ 10♦ 3♣ 8♦ 5♦."""
    deals = [{"hole": {"0": hole, "1": ["9S", "8H"]}, "board": ["KS", "10D", "3C", "8D", "5D"]}]
    state = HoldemState.new(2, {"deals": deals}, 1)
    for seat, kind, to in [(0, "raise", 60), (1, "call", 0), *actions]:
        state.apply(seat, BetAction(kind, to))
    return state


def test_heads_up_expert_bets_the_flop_with_nothing_when_the_big_blind_checks_to_it() -> None:
    # a check after the flop shows weakness (CONTINUE_BASE_CHECKED): the hands that would bet
    # are mostly gone, so a bet folds much of what is left
    for hole in (["QH", "5C"], ["7C", "2D"]):
        state = opened_and_called(hole, [(1, "check", 0)])
        for seed in range(4):
            choice = ExpertBot().choose(
                state.view(0), state.legal_actions(0), random.Random(seed), 300
            )
            assert choice.kind == "bet", (hole, seed, choice)


def test_a_check_after_calling_a_bet_after_the_flop_is_no_sign_of_weakness() -> None:
    # the big blind called the flop bet, so its check on the turn is no reason to bluff again
    for hole in (["QH", "5C"], ["7C", "2D"], ["AH", "6C"]):
        state = opened_and_called(hole, [(1, "check", 0), (0, "bet", 60), (1, "call", 0)])
        state.apply(1, BetAction("check"))
        for seed in range(4):
            choice = ExpertBot().choose(
                state.view(0), state.legal_actions(0), random.Random(seed), 300
            )
            assert choice.kind == "check", (hole, seed, choice)
