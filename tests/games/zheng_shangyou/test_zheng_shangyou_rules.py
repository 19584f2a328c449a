"""Zheng Shangyou rules, one test each: deck, lead, shapes, bombs, the duty to beat, settlement.

Mid-deal positions are built as snapshots (the platform's ``to_json`` format) with short hands so
each rule can be shown with exact cards.
"""

from __future__ import annotations

import pytest

from games.cards import parse, parse_many, show
from games.cards.groups import SHEDDING_ORDER
from games.cards.shedding import Pass, Play
from games.core import IllegalAction
from games.zheng_shangyou import GAME
from games.zheng_shangyou.combos import Combo, beats, classify
from games.zheng_shangyou.state import DECK, ZhengShangyouState


def combo(text: str, first_play: bool = False) -> Combo | None:
    return classify([SHEDDING_ORDER.strength(c) for c in parse_many(text)], first_play)


def kind(text: str, first_play: bool = False) -> str | None:
    c = combo(text, first_play)
    return None if c is None else c.kind


def strong(text: str) -> Combo:
    c = combo(text)
    assert c is not None
    return c


def position(
    hands: list[str],
    turn: int,
    table: tuple[int, str, bool] | None = None,
    played: tuple[bool, bool, bool] = (True, True, True),
    first_play: bool = False,
) -> ZhengShangyouState:
    """A mid-deal snapshot: ``table`` is (seat, cards, led) of the play to beat."""
    cards = [SHEDDING_ORDER.sort(parse_many(h)) for h in hands]
    table_data = None
    if table is not None:
        seat, text, led = table
        c = combo(text)
        assert c is not None
        table_data = {
            "seat": seat,
            "cards": SHEDDING_ORDER.sort(parse_many(text)),
            "kind": c.kind,
            "rank": c.rank,
            "length": c.length,
            "strengths": list(c.strengths),
            "led": led,
        }
    state = GAME.state_from_json(
        {
            "seed": 0,
            "phase": "play",
            "hands": cards,
            "turn": turn,
            "table": table_data,
            "passes": 0,
            "first_play": first_play,
            "bonus": [0, 0, 0],
            "log": [],
            "result": None,
            "played": [[parse("3H")] if p else [] for p in played],
        }
    )
    assert isinstance(state, ZhengShangyouState)
    return state


def play(state: ZhengShangyouState, seat: int, text: str) -> None:
    state.apply(seat, Play(tuple(parse_many(text))))


# ---- deck and deal ----------------------------------------------------------------------------


def test_deck_is_48_cards_without_jokers_ace_of_hearts_and_twos_but_the_two_of_spades() -> None:
    names = {show(c) for c in DECK}
    assert len(DECK) == 48
    assert "AH" not in names and "BJ" not in names and "RJ" not in names
    assert {"2S"} == {n for n in names if n.startswith("2")}
    assert {"AC", "AD", "AS"} <= names


def test_deal_16_each_and_no_kitty() -> None:
    state = GAME.new_state(3, {}, 3)
    data = state.to_json()
    assert [len(h) for h in data["hands"]] == [16, 16, 16]
    assert sorted(c for h in data["hands"] for c in h) == DECK


def test_holder_of_three_of_hearts_leads() -> None:
    for seed in range(10):
        state = GAME.new_state(3, {}, seed)
        seat = state.pending()[0].seat
        assert parse("3H") in state.to_json()["hands"][seat]


def test_first_play_must_include_three_of_hearts() -> None:
    state = GAME.new_state(3, {}, 1)
    seat = state.pending()[0].seat
    legal = state.legal_actions(seat)
    assert legal and all(isinstance(a, Play) and parse("3H") in a.cards for a in legal)
    other = next(c for c in state.to_json()["hands"][seat] if c != parse("3H"))
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, Play((other,)))
    assert err.value.code == "must_include_3h"
    assert state.to_json() == before


def test_deals_option_fixes_the_deal() -> None:
    order = [show(c) for c in DECK]
    deal = {"hands": [order[:16], order[16:32], order[32:]]}
    state = GAME.new_state(3, {"deals": [deal]}, 99)
    assert state.to_json()["hands"][0] == SHEDDING_ORDER.sort(DECK[:16])


# ---- shapes -------------------------------------------------------------------------------------


def test_single_pair_triple() -> None:
    assert kind("9C") == "single"
    assert kind("9C 9D") == "pair"
    assert kind("9C 9D 9H") == "triple"
    assert kind("9C 8D") is None


def test_straight_of_at_least_five_ace_high_only() -> None:
    assert kind("3C 4D 5H 6S 7C") == "straight"
    assert kind("10C JD QH KS AC") == "straight"
    assert kind("3C 4D 5H 6S") is None
    assert kind("AC 3D 4H 5S 6C") is None


def test_sequences_exclude_the_two() -> None:
    assert kind("JD QH KS AC 2S") is None
    assert kind("KS KC AC AD 2S 2S") is None


def test_run_of_at_least_two_consecutive_pairs() -> None:
    assert kind("3C 3D 4H 4S") == "pair_run"
    assert kind("3C 3D 4H 4S 5C 5D") == "pair_run"
    assert kind("3C 3D 5H 5S") is None


def test_no_triple_with_kickers_no_planes_no_four_with_kickers() -> None:
    assert kind("9C 9D 9H 3S") is None
    assert kind("9C 9D 9H 3S 3C") is None
    assert kind("3C 3D 3H 4C 4D 4H") is None
    assert kind("9C 9D 9H 9S 3C 4D") is None


def test_rank_order_two_above_ace_no_suit_order() -> None:
    assert beats(strong("2S"), strong("AC"))
    assert beats(strong("AC"), strong("KD"))
    assert not beats(strong("9H"), strong("9S"))


def test_answer_needs_same_shape_and_size_and_higher_rank() -> None:
    assert beats(strong("4C 5D 6H 7S 8C"), strong("3C 4D 5H 6S 7C"))
    assert not beats(strong("4C 5D 6H 7S 8C 9C"), strong("3C 4D 5H 6S 7C"))
    assert not beats(strong("5C 5D"), strong("4C"))


# ---- bombs --------------------------------------------------------------------------------------


def test_four_of_a_rank_is_a_bomb_beating_ordinary_shapes() -> None:
    assert kind("7C 7D 7H 7S") == "bomb"
    assert beats(strong("7C 7D 7H 7S"), strong("2S"))
    assert beats(strong("7C 7D 7H 7S"), strong("3C 4D 5H 6S 7C 8C 9C 10C JC QC KC AC"))


def test_bombs_compare_by_rank() -> None:
    assert beats(strong("8C 8D 8H 8S"), strong("7C 7D 7H 7S"))
    assert not beats(strong("7C 7D 7H 7S"), strong("8C 8D 8H 8S"))


def test_three_aces_are_a_bomb_above_every_four_card_bomb() -> None:
    assert kind("AC AD AS") == "ace_bomb"
    assert beats(strong("AC AD AS"), strong("KC KD KH KS"))
    assert not beats(strong("KC KD KH KS"), strong("AC AD AS"))


def test_four_threes_in_the_first_play_are_the_heavenly_bomb() -> None:
    heavenly = combo("3C 3D 3H 3S", first_play=True)
    assert heavenly is not None and heavenly.kind == "heavenly_bomb"
    assert not beats(strong("AC AD AS"), heavenly)
    state = position(
        ["3C 3D 3H 3S 9C", "AC AD AS 5C", "KC KD KH KS"],
        0,
        played=(False, False, False),
        first_play=True,
    )
    play(state, 0, "3C 3D 3H 3S")
    assert state.view(1)["table"]["kind"] == "heavenly_bomb"
    assert state.legal_actions(1) == [Pass()]
    state.apply(1, Pass())
    assert state.legal_actions(2) == [Pass()]
    state.apply(2, Pass())
    assert state.view(None)["bomb_bonus"] == [0, 0, 0]


def test_four_threes_later_are_the_lowest_bomb() -> None:
    assert kind("3C 3D 3H 3S") == "bomb"
    state = position(["9C 10D", "3C 3D 3H 3S 5D", "4C 4D 4H 4S 6D"], 1, table=(0, "9C", True))
    play(state, 1, "3C 3D 3H 3S")
    assert state.legal_actions(2) == [Play(tuple(parse_many("4C 4D 4H 4S")))]


# ---- turns and the duty to beat ---------------------------------------------------------------


def test_must_beat_whenever_any_answer_exists_a_bomb_included() -> None:
    state = position(["9C 10C", "4C 4D 4H 4S 5C", "6C 7C"], 1, table=(0, "9C", True))
    assert state.legal_actions(1) == [Play(tuple(parse_many("4C 4D 4H 4S")))]
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(1, Pass())
    assert err.value.code == "must_beat"
    assert state.to_json() == before


def test_pass_only_when_nothing_beats() -> None:
    state = position(["9C 10C", "5C 6C", "6D 7C"], 1, table=(0, "9C", True))
    assert state.legal_actions(1) == [Pass()]
    state.apply(1, Pass())


def test_leader_may_not_pass() -> None:
    state = position(["9C 10C", "5C", "6D"], 0)
    assert Pass() not in state.legal_actions(0)
    with pytest.raises(IllegalAction) as err:
        state.apply(0, Pass())
    assert err.value.code == "must_lead"


def test_after_both_opponents_pass_the_last_player_leads() -> None:
    state = position(["KC 10C", "5C 6C", "6D 7C"], 0)
    play(state, 0, "KC")
    state.apply(1, Pass())
    state.apply(2, Pass())
    view = state.view(0)
    assert view["table"] is None and view["to_act"] == [0]


def test_answer_that_does_not_beat_is_rejected_with_reason() -> None:
    state = position(["9C 10C", "8C 8D JC", "6D 7C"], 1, table=(0, "9C", True))
    with pytest.raises(IllegalAction) as err:
        play(state, 1, "8C 8D")
    assert "same shape and size" in err.value.message


# ---- settlement worked by hand ------------------------------------------------------------------


def test_settlement_card_points_doubled_if_never_played_two_of_spades_and_bombs() -> None:
    # Seat 0 goes out.  Seat 1 never played: 5 cards x 2 = 10, +10 for the 2S, +10 for the bomb
    # 7777 = 30.  Seat 2 played: 3 cards = 3, +10 for the three Aces (a bomb) = 13.  Winner 43.
    state = position(["3C", "2S 7C 7D 7H 7S", "AC AD AS"], 0, played=(True, False, True))
    play(state, 0, "3C")
    res = state.view(1)["result"]
    assert [p["total"] for p in res["penalties"]] == [0, 30, 13]
    assert res["penalties"][1] == {
        "seat": 1,
        "cards_left": 5,
        "never_played": True,
        "card_points": 10,
        "spade_two": 10,
        "bombs_in_hand": 1,
        "bomb_points": 10,
        "total": 30,
    }
    assert res["scores"] == [43, -30, -13]
    results = state.result()
    assert results is not None
    assert [(r.placing, r.score) for r in results] == [(1, 43), (3, -30), (2, -13)]


def test_bomb_standing_in_its_trick_earns_20() -> None:
    # Seat 1 must bomb 9C; nobody beats it: +20 (10 from each).  Then it leads 5C and goes out:
    # seats 0 and 2 pay 2 card points each.
    state = position(["9C 10C JC", "4C 4D 4H 4S 5C", "6C 7C"], 1, table=(0, "9C", True))
    play(state, 1, "4C 4D 4H 4S")
    state.apply(2, Pass())
    state.apply(0, Pass())
    assert state.view(None)["bomb_bonus"] == [-10, 20, -10]
    play(state, 1, "5C")
    res = state.view(None)["result"]
    assert res["settlement"] == [-3, 5, -2]
    assert res["scores"] == [-13, 25, -12]


def test_bomb_beaten_in_its_trick_earns_nothing_the_last_bomb_does() -> None:
    state = position(["9C 10C", "4C 4D 4H 4S 5C", "AC AD AS 6C"], 1, table=(0, "9C", True))
    play(state, 1, "4C 4D 4H 4S")
    assert state.legal_actions(2) == [Play(tuple(parse_many("AC AD AS")))]
    play(state, 2, "AC AD AS")
    state.apply(0, Pass())
    state.apply(1, Pass())
    assert state.view(None)["bomb_bonus"] == [-10, -10, 20]


def test_led_bomb_earns_nothing() -> None:
    state = position(["8C 8D 8H 8S 3C", "5C 6C", "6D 7C"], 0)
    play(state, 0, "8C 8D 8H 8S")
    state.apply(1, Pass())
    state.apply(2, Pass())
    assert state.view(None)["bomb_bonus"] == [0, 0, 0]


def test_answering_bomb_that_finishes_the_hand_is_paid_at_once() -> None:
    state = position(["9C 10C", "4C 4D 4H 4S", "6C 7C 8C"], 1, table=(0, "9C", True))
    play(state, 1, "4C 4D 4H 4S")
    res = state.view(None)["result"]
    assert res["bomb_bonus"] == [-10, 20, -10]
    assert res["settlement"] == [-2, 5, -3]
    assert res["scores"] == [-12, 25, -13]
    assert sum(res["scores"]) == 0


def test_game_declaration_and_forfeit() -> None:
    state = GAME.new_state(3, {}, 3)
    assert GAME.slug == "zheng_shangyou" and GAME.seat_counts == (3,)
    assert GAME.rating_mode == "ffa" and [r.team for r in state.forfeit(2)] == [0, 1, 2]
    assert list(GAME.bots) == ["random", "greedy", "planner", "expert"]
    assert [r.placing for r in state.forfeit(2)] == [1, 1, 2]


def test_codec_round_trip() -> None:
    for action in (Pass(), Play(tuple(parse_many("3H 3S")))):
        assert GAME.decode_action(GAME.encode_action(action)) == action


def test_a_card_named_twice_is_rejected() -> None:
    state = position(["9C 10C", "5C", "6D"], 0)
    with pytest.raises(IllegalAction) as err:
        play(state, 0, "9C 9C")
    assert err.value.code == "repeated_card"
