"""Guandan's AI levels: they play legally from their own view; the greedy level plays as its
docstring says (smallest beating play, bombs kept, a winning partner left alone) and the expert
plans its hand and plays for the partnership (strength figures: tests/bench/guandan_bench.py)."""

from __future__ import annotations

import json
import random
from typing import Any

from games.cards import parse
from games.core import Bot
from games.guandan import GAME
from games.guandan.actions import Action, Pass, Play, Return
from games.guandan.bots import ExpertBot, GreedyBot, RandomBot
from games.guandan.state import GuandanState
from games.guandan.tribute import Payment
from support.sizes import examples


def choose(state: GuandanState, seat: int, bot: Any = None) -> Any:
    view = json.loads(json.dumps(state.view(seat)))
    return (bot or GreedyBot()).choose(view, state.legal_actions(seat), random.Random(0), 0)


def test_every_level_chooses_only_legal_actions_from_its_own_view() -> None:
    for level, make_bot in GAME.bots.items():
        for seed in range(examples(2, 10)):
            state = GAME.new_state(4, {}, seed)
            bots = [make_bot() for _ in range(4)]
            rng = random.Random(seed)
            for _ in range(examples(300, 1500)):
                if state.is_over():
                    break
                decision = rng.choice(list(state.pending()))
                legal = list(state.legal_actions(decision.seat))
                view = json.loads(json.dumps(state.view(decision.seat)))
                action = bots[decision.seat].choose(view, legal, rng, 0)
                assert action in legal, f"{level} chose {action!r}"
                state.apply(decision.seat, action)


def test_greedy_leads_the_smallest_combination_without_spending_a_wildcard(kit: Any) -> None:
    state = kit.position({0: "2H 4C 9D 9S KC", 1: "3D", 2: "3S", 3: "3C"}, turn=0)
    assert choose(state, 0) == Play((parse("4C"),), "single", 4)


def test_greedy_answers_with_the_smallest_combination_that_beats(kit: Any) -> None:
    state = kit.position({0: "5C 9D", 1: "6D QD KC KS AD", 2: "3S 4S", 3: "3C 4C"}, turn=0)
    kit.play(state, 0, "5C", "single", 5)
    assert choose(state, 1) == Play((parse("6D"),), "single", 6)


def test_greedy_does_not_overtake_a_winning_partner(kit: Any) -> None:
    state = kit.position({0: "5C 9D", 1: "3D 4D", 2: "6S QS", 3: "3C 4C"}, turn=0)
    kit.play(state, 0, "5C", "single", 5)
    kit.pass_(state, 1)
    assert choose(state, 2) == Pass()


def test_greedy_keeps_its_bombs_while_the_opponent_has_many_cards(kit: Any) -> None:
    opponent = "AC AD AS KC KD KS QC QD QS JC"
    state = kit.position({0: opponent, 1: "3D 3C 3S 3H 4D", 2: "5S", 3: "5C"}, turn=0)
    kit.play(state, 0, "AC", "single", 14)
    assert choose(state, 1) == Pass()


def test_greedy_bombs_an_opponent_about_to_go_out(kit: Any) -> None:
    state = kit.position({0: "AC KD", 1: "3D 3C 3S 3H 4D", 2: "5S", 3: "5C"}, turn=0)
    kit.play(state, 0, "AC", "single", 14)
    action = choose(state, 1)
    assert isinstance(action, Play) and action.combo == "bomb"


def test_greedy_goes_out_when_one_play_empties_its_hand_even_over_its_partner(kit: Any) -> None:
    state = kit.position({0: "5C 9D", 1: "3D 4D", 2: "AC", 3: "3C 4C"}, turn=0)
    kit.play(state, 0, "5C", "single", 5)
    kit.pass_(state, 1)
    assert choose(state, 2) == Play((parse("AC"),), "single", 14)


def test_greedy_returns_a_weak_card_it_holds_only_once() -> None:
    state = GuandanState.new(4, {}, 2)
    state.phase, state.level, state._legal = "return", 2, {}
    state.hands[0] = state._sort([parse(c) for c in "3C 3D 4S AS KS QS".split()])
    state.payments = [Payment(3, 0, parse("RJ"))]
    assert choose(state, 0) == Return(parse("4S"))


def test_greedy_partners_beat_random_partners_most_deals() -> None:
    won = 0
    deals = examples(12, 120)
    for seed in range(deals):
        state = GAME.new_state(4, {}, 10_000 + seed)
        rng = random.Random(seed)
        bots: list[Bot[Action]] = [GreedyBot(), RandomBot(), GreedyBot(), RandomBot()]
        while state.view(None)["phase"] != "deal_over" and not state.is_over():
            decision = state.pending()[0]
            view = state.view(decision.seat)
            action = bots[decision.seat].choose(view, state.legal_actions(decision.seat), rng, 0)
            state.apply(decision.seat, action)
        previous = state.view(None)["previous"]
        won += previous["winners"] == 0
    assert won >= 0.75 * deals, f"greedy won {won} of {deals} deals"


# ---- the expert --------------------------------------------------------------------------------


def test_expert_lets_its_partners_play_stand(kit: Any) -> None:
    state = kit.position({0: "5C 9D", 1: "3D 4D", 2: "6S QS KS", 3: "3C 4C"}, turn=0)
    kit.play(state, 0, "5C", "single", 5)
    kit.pass_(state, 1)
    assert choose(state, 2, ExpertBot()) == Pass()


def test_expert_goes_out_when_one_play_empties_its_hand(kit: Any) -> None:
    state = kit.position({0: "5C 9D", 1: "3D 4D", 2: "AC", 3: "3C 4C"}, turn=0)
    kit.play(state, 0, "5C", "single", 5)
    kit.pass_(state, 1)
    assert choose(state, 2, ExpertBot()) == Play((parse("AC"),), "single", 14)


def test_expert_leads_a_whole_straight_rather_than_its_cards_one_by_one(kit: Any) -> None:
    state = kit.position({0: "3C 4D 5S 6C 7D 9S KD", 1: "3D 8D", 2: "2S 9C", 3: "2C 9H"}, turn=0)
    action = choose(state, 0, ExpertBot())
    assert isinstance(action, Play) and action.combo == "straight" and action.rank == 7


def test_expert_spends_a_wildcard_to_complete_a_straight(kit: Any) -> None:
    state = kit.position({0: "3C 4D 5S 6C 2H KD", 1: "3D 8D 9D", 2: "2S 9C 10C", 3: "2C 9H"})
    action = choose(state, 0, ExpertBot())
    assert isinstance(action, Play) and action.combo == "straight"
    assert parse("2H") in action.cards


def test_expert_does_not_lead_a_single_to_an_opponent_holding_one_card(kit: Any) -> None:
    state = kit.position({0: "3C 9D 9S KD", 1: "8D", 2: "2S 9C 10C", 3: "2C 9H 10H"}, turn=0)
    action = choose(state, 0, ExpertBot())
    assert isinstance(action, Play) and action.combo != "single"


def test_expert_leads_low_to_a_partner_about_to_go_out(kit: Any) -> None:
    hands = {0: "3C 9D 9S KD QD", 1: "8D 8C 10S JS QS", 2: "5S", 3: "2C 9H 10H JH QH"}
    state = kit.position(hands, turn=0)
    assert choose(state, 0, ExpertBot()) == Play((parse("3C"),), "single", 3)


def test_expert_bombs_an_opponent_about_to_go_out(kit: Any) -> None:
    state = kit.position({0: "AC KD", 1: "3D 3C 3S 3H 4D 6C 7C", 2: "5S 6S", 3: "5C 8C"}, turn=0)
    kit.play(state, 0, "AC", "single", 14)
    action = choose(state, 1, ExpertBot())
    assert isinstance(action, Play) and action.combo == "bomb"


def test_expert_keeps_its_bomb_while_the_opponent_has_many_cards(kit: Any) -> None:
    opponent = "AC AD AS KC KD KS QC QD QS JC"
    state = kit.position({0: opponent, 1: "3D 3C 3S 3H 4D 6C 8D", 2: "5S", 3: "5C"}, turn=0)
    kit.play(state, 0, "AC", "single", 14)
    assert choose(state, 1, ExpertBot()) == Pass()


def test_expert_returns_the_card_its_plan_misses_least() -> None:
    state = GuandanState.new(4, {}, 2)
    state.phase, state.level, state._legal = "return", 2, {}
    # 3 4 5 6 7 is a straight; the lone 9 is what it can spare.
    state.hands[0] = state._sort([parse(c) for c in "3C 4D 5S 6C 7D 9S AS AH".split()])
    state.payments = [Payment(3, 0, parse("RJ"))]
    assert choose(state, 0, ExpertBot()) == Return(parse("9S"))


def test_expert_partners_beat_greedy_partners_most_deals() -> None:
    won = 0
    deals = examples(12, 80)
    for seed in range(deals):
        state = GAME.new_state(4, {}, 20_000 + seed)
        rng = random.Random(seed)
        expert = seed % 2
        bots: list[Bot[Action]] = [ExpertBot(), GreedyBot(), ExpertBot(), GreedyBot()]
        if expert:
            bots = bots[1:] + bots[:1]
        while state.view(None)["phase"] != "deal_over" and not state.is_over():
            decision = state.pending()[0]
            view = state.view(decision.seat)
            action = bots[decision.seat].choose(view, state.legal_actions(decision.seat), rng, 0)
            state.apply(decision.seat, action)
        won += state.view(None)["previous"]["winners"] == expert
    assert won >= 0.6 * deals, f"expert won {won} of {deals} deals"
