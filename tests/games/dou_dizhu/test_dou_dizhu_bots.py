"""The Dou Dizhu AI levels: always legal, complete deals, and the expert's planning habits."""

from __future__ import annotations

import random

from games.cards import deck, parse_many
from games.cards.groups import SHEDDING_ORDER
from games.cards.shedding import Pass, Play
from games.dou_dizhu import GAME
from games.dou_dizhu.bots import ExpertBot, GreedyBot, PlannerBot
from games.dou_dizhu.state import Bid, DouDizhuState
from support.dou_dizhu import fixed_deal
from support.sizes import examples


def fixed(hands: dict[int, str], bottom: str, first: int = 0) -> DouDizhuState:
    state = GAME.new_state(3, {"deals": [fixed_deal(hands, bottom, first)]}, 0)
    assert isinstance(state, DouDizhuState)
    return state


def test_every_level_plays_complete_legal_deals() -> None:
    for level, make in GAME.bots.items():
        for seed in range(examples(1, 4)):
            state = GAME.new_state(3, {}, seed)
            bots = [make() for _ in range(3)]
            rng = random.Random(seed)
            while not state.is_over():
                seat = state.pending()[0].seat
                legal = state.legal_actions(seat)
                action = bots[seat].choose(state.view(seat), legal, rng, 16)
                assert action in legal, level
                state.apply(seat, action)


def test_greedy_plays_the_smallest_answer() -> None:
    state = fixed({0: "3H", 1: "5S 9D 9S KD"}, bottom="4C 4D 4H")
    state.apply(0, Bid(3))
    state.apply(0, Play(tuple(parse_many("3H"))))
    legal = state.legal_actions(1)
    action = GreedyBot().choose(state.view(1), legal, random.Random(0), 1)
    singles = [a for a in legal if isinstance(a, Play) and len(a.cards) == 1]
    assert action == min(singles, key=lambda a: SHEDDING_ORDER.strength(a.cards[0]))


def test_expert_goes_out_when_one_play_empties_its_hand() -> None:
    # 20 cards forming one plane of five triples with five single wings.
    hand = "3H 3S 3C 4H 4S 4C 5H 5S 5C 6H 6S 6C 7H 7S 7C 8H 9H"
    state = fixed({0: hand}, bottom="10H JH QH")
    state.apply(0, Bid(3))
    action = ExpertBot().choose(state.view(0), state.legal_actions(0), random.Random(0), 100)
    assert isinstance(action, Play) and len(action.cards) == 20
    state.apply(0, action)
    assert state.view(None)["result"]["spring"]


def test_planner_peasant_lets_partner_play_stand_after_landlord_passed() -> None:
    # Landlord 0 leads 3H, peasant 1 passes, peasant 2 plays QS, the landlord passes.
    state = fixed({0: "3H 4D", 1: "9D 10C", 2: "QS KS AS"}, bottom="4C 5D 5H", first=0)
    state.apply(0, Bid(3))
    state.apply(0, Play(tuple(parse_many("3H"))))
    state.apply(1, Pass())
    state.apply(2, Play(tuple(parse_many("QS"))))
    state.apply(0, Pass())
    # Peasant 1 faces its partner's QS, which the landlord let stand: it passes.
    action = PlannerBot().choose(state.view(1), state.legal_actions(1), random.Random(0), 0)
    assert action == Pass()


def test_expert_bids_three_with_a_strong_hand_and_passes_a_weak_one() -> None:
    strong = fixed({0: "BJ RJ 2H 2S 2C 2D AH AS"}, bottom="3C 3D 3H")
    action = ExpertBot().choose(strong.view(0), strong.legal_actions(0), random.Random(0), 1)
    assert action == Bid(3)
    weak = fixed({0: "3H 4S 5C 6D 8H 9S 10C JD QH 3S 4C 5D 6H 8S 9C 10D 7H"}, bottom="BJ RJ 2H")
    action = ExpertBot().choose(weak.view(0), weak.legal_actions(0), random.Random(0), 1)
    assert action == Pass()


def test_sampled_worlds_agree_with_the_view() -> None:
    from games.dou_dizhu.search import sample_world

    for seed in range(examples(2, 6)):
        state = GAME.new_state(3, {}, seed)
        rng = random.Random(seed)
        while not state.is_over() and (
            state.view(None)["phase"] == "bidding" or min(state.view(None)["hand_counts"]) > 8
        ):
            seat = state.pending()[0].seat
            state.apply(
                seat, GreedyBot().choose(state.view(seat), state.legal_actions(seat), rng, 0)
            )
        if state.is_over():
            continue
        seat = state.pending()[0].seat
        view = state.view(seat)
        truth = state.to_json()
        world = sample_world(view, rng).to_json()
        assert world["hands"][seat] == truth["hands"][seat]
        assert [len(h) for h in world["hands"]] == view["hand_counts"]
        everything = [c for h in world["hands"] for c in h] + [
            c for p in world["played"] for c in p
        ]
        assert sorted(everything) == deck()
        landlord = view["landlord"]
        played = {c for p in truth["played"] for c in p}
        for c in truth["bottom"]:
            if c not in played:
                assert c in world["hands"][landlord]
        assert world["table"] == truth["table"] and world["turn"] == seat
