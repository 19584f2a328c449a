"""The expert's search: play-outs on counts, worlds that agree with what the events show."""

from __future__ import annotations

import random

from games.cards import parse_many
from games.cards.shedding import Play
from games.zheng_shangyou import GAME
from games.zheng_shangyou.bots import ExpertBot, PlannerBot, hand_counts
from games.zheng_shangyou.combos import generate
from games.zheng_shangyou.planning import IN_DECK
from games.zheng_shangyou.search import (
    Position,
    _breaks,
    _evidence,
    _unlike,
    can_answer,
    outcome,
    sample_hands,
    table_of,
    unseen_counts,
)
from games.zheng_shangyou.state import ZhengShangyouState
from support.sizes import examples

from .test_zheng_shangyou_bots import position


def counts_of(state: ZhengShangyouState, seat: int) -> list[int]:
    return hand_counts(state.view(seat))


def test_a_play_out_on_counts_ends_as_the_engine_does_with_the_planner() -> None:
    planner = PlannerBot()
    for seed in range(examples(4, 20)):
        state = GAME.new_state(3, {}, seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_over():
            seat = state.pending()[0].seat
            view = state.view(seat)
            if step % 7 == 3 and not view["first_play"]:
                table = view["table"]
                counted = Position(
                    [counts_of(state, s) for s in range(3)],
                    table_of(view),
                    -1 if table is None else table["seat"],
                    bool(table is not None and table["led"]),
                    view["passes"],
                    seat,
                    list(view["has_played"]),
                    list(view["bomb_bonus"]),
                )
                winner = counted.finish()
                scores = counted.scores(winner)
                rest = ZhengShangyouState.from_json(state.to_json())
                while not rest.is_over():
                    s = rest.pending()[0].seat
                    rest.apply(s, planner.choose(rest.view(s), rest.legal_actions(s), rng, 0))
                result = rest.view(None)["result"]
                assert (winner, scores) == (result["winner"], list(result["scores"]))
            state.apply(seat, planner.choose(view, state.legal_actions(seat), rng, 0))
            step += 1


def test_what_the_events_show_never_contradicts_the_true_hands() -> None:
    planner = PlannerBot()
    seen = 0
    for seed in range(examples(4, 20)):
        state = GAME.new_state(3, {}, seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.pending()[0].seat
            view = state.view(seat)
            hands = [counts_of(state, s) for s in range(3)]
            passed, plays = _evidence(view)
            seen += len(plays)
            assert all(not _breaks(hands[s], passed[s]) for s in range(3))
            assert _unlike(hands, plays, len(plays)) == 0
            state.apply(seat, planner.choose(view, state.legal_actions(seat), rng, 0))
    assert seen > 0


def test_a_player_who_passed_on_a_single_9_holds_no_higher_single_in_sampled_worlds() -> None:
    state = position(["9C 4D 6D", "3C 4C 5H", "JD QD KD AS"], 0, None)
    state.apply(0, Play(tuple(parse_many("9C"))))
    state.apply(1, state.legal_actions(1)[0])  # nothing beats the 9: a pass
    state.apply(2, Play(tuple(parse_many("JD"))))
    state.apply(0, state.legal_actions(0)[0])  # nothing beats the J either
    state.apply(1, state.legal_actions(1)[0])
    view = state.view(2)  # seat 2 leads again; seat 1 passed on the 9 and on the J
    mine = hand_counts(view)
    sizes = [int(n) for n in view["hand_counts"]]
    rng = random.Random(7)
    agreeing = 0
    for _ in range(50):
        hands = sample_hands(unseen_counts(view, mine), mine, 2, sizes, _evidence(view), rng)
        assert [sum(h) for h in hands] == sizes and hands[2] == mine
        agreeing += not any(hands[1][s] for s in range(7, 13))
    assert agreeing >= 45


def test_the_expert_is_deterministic_given_its_random_generator() -> None:
    state = GAME.new_state(3, {}, 11)
    planner = PlannerBot()
    rng = random.Random(0)
    for _ in range(12):
        seat = state.pending()[0].seat
        state.apply(seat, planner.choose(state.view(seat), state.legal_actions(seat), rng, 0))
    seat = state.pending()[0].seat
    view, legal = state.view(seat), state.legal_actions(seat)
    picks = {ExpertBot().choose(view, legal, random.Random(5), 0) for _ in range(3)}
    assert len(picks) == 1 and picks <= set(legal)


def test_a_play_out_is_worth_its_placing_against_each_opponent_then_a_little_score() -> None:
    assert outcome([30, -10, -20], 0, 0) > 2.0  # went out: placed above both
    assert 0.9 < outcome([40, -15, -25], 0, 1) < 1.0  # above the other loser, a small loss
    assert outcome([40, -25, -15], 0, 1) < 0.5  # below the other loser as well
    assert outcome([40, -20, -20], 0, 1) > outcome([40, -25, -15], 0, 1)


def test_can_answer_agrees_with_move_generation() -> None:
    rng = random.Random(3)
    deck = [s for s in range(13) for _ in range(IN_DECK[s])]
    for _ in range(examples(300, 3000)):
        rng.shuffle(deck)
        hand = [0] * 13
        for s in deck[: rng.randint(1, 16)]:
            hand[s] += 1
        other = [0] * 13
        for s in deck[20 : 20 + rng.randint(1, 16)]:
            other[s] += 1
        for table in generate(other, None):
            assert can_answer(hand, table) == bool(generate(hand, table)), (hand, table)
