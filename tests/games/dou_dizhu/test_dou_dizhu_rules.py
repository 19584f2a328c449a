"""Dou Dizhu rules played out on fixed deals: bidding, the landlord and bottom cards, turns,
answers, settlement worked by hand (spring, reverse spring, several bombs), views and the codec."""

from __future__ import annotations

import pytest

from games.cards import deck, parse, parse_many, show
from games.cards.groups import SHEDDING_ORDER
from games.cards.shedding import Pass, Play
from games.core import IllegalAction, MalformedAction
from games.dou_dizhu import GAME
from games.dou_dizhu.state import Bid, DouDizhuState, deal_for
from support.dou_dizhu import fixed_deal


def new(
    hands: dict[int, str] | None = None, bottom: str = "", first: int = 0, seed: int = 1
) -> DouDizhuState:
    """Deal 0 fixed: ``hands`` and ``bottom`` if given (else the seed's cards), ``first`` bids
    first; later deals come from ``seed``."""
    if hands is None:
        deal = {**deal_for(3, seed, 0), "first_bidder": first}
    else:
        deal = fixed_deal(hands, bottom, first)
    state = GAME.new_state(3, {"deals": [deal]}, seed)
    assert isinstance(state, DouDizhuState)
    return state


def play(state: DouDizhuState, seat: int, text: str) -> None:
    state.apply(seat, Play(tuple(parse_many(text))))


def passes(state: DouDizhuState, *seats: int) -> None:
    for seat in seats:
        state.apply(seat, Pass())


def test_deal_17_each_and_3_bottom_cards() -> None:
    state = new()
    assert state.view(0)["hand_counts"] == [17, 17, 17]
    hidden = state.to_json()
    assert len(hidden["bottom"]) == 3
    cards = sorted(c for h in hidden["hands"] for c in h) + hidden["bottom"]
    assert sorted(cards) == deck()


def test_first_bidder_is_random_from_the_seed() -> None:
    firsts = {GAME.new_state(3, {}, seed).pending()[0].seat for seed in range(30)}
    assert firsts == {0, 1, 2}
    assert GAME.new_state(3, {}, 7).to_json() == GAME.new_state(3, {}, 7).to_json()


def test_bid_must_exceed_the_current_bid() -> None:
    state = new(first=0)
    state.apply(0, Bid(2))
    assert state.legal_actions(1) == [Pass(), Bid(3)]
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(1, Bid(2))
    assert err.value.code == "bid_too_low"
    assert state.to_json() == before


def test_bid_of_three_ends_the_bidding() -> None:
    state = new(first=1)
    state.apply(1, Bid(3))
    view = state.view(None)
    assert view["phase"] == "play" and view["landlord"] == 1 and view["bid"] == 3
    assert view["to_act"] == [1]


def test_two_consecutive_passes_after_a_bid_end_the_bidding() -> None:
    state = new(first=0)
    state.apply(0, Bid(1))
    state.apply(1, Pass())
    state.apply(2, Pass())
    assert state.view(None)["landlord"] == 0 and state.view(None)["bid"] == 1


def test_player_who_passed_may_bid_again() -> None:
    state = new(first=0)
    state.apply(0, Pass())
    state.apply(1, Bid(1))
    state.apply(2, Pass())
    assert Bid(2) in state.legal_actions(0)
    state.apply(0, Bid(2))
    state.apply(1, Pass())
    state.apply(2, Pass())
    assert state.view(None)["landlord"] == 0 and state.view(None)["bid"] == 2


def test_all_three_pass_redeals_with_a_new_random_first_bidder() -> None:
    seen = set()
    for seed in range(12):
        state = new(first=0, seed=seed)
        old_hands = state.to_json()["hands"]
        state.apply(0, Pass())
        state.apply(1, Pass())
        events = state.apply(2, Pass())
        assert [e.kind for e in events] == ["pass", "redeal", "deal"]
        assert "hand" not in events[-1].data and set(events[-1].private) == {0, 1, 2}
        view = state.view(None)
        assert view["phase"] == "bidding" and view["deal_no"] == 1
        assert view["bidding"]["history"] == []
        assert state.to_json()["hands"] != old_hands
        seen.add(view["to_act"][0])
    assert seen == {0, 1, 2}


def test_landlord_takes_the_shown_bottom_cards_and_leads() -> None:
    state = new({0: "3H 3S 3C 3D"}, bottom="BJ RJ 2S", first=2)
    assert state.view(2)["bottom"] is None
    state.apply(2, Pass())
    state.apply(0, Bid(3))
    for seat in (None, 0, 1, 2):
        assert state.view(seat)["bottom"] == ["2S", "BJ", "RJ"]
    assert state.view(0)["hand_counts"] == [20, 17, 17]
    assert {"2S", "BJ", "RJ"} <= set(state.view(0)["hand"])
    assert state.pending()[0].seat == 0


def test_hand_in_view_is_sorted_by_rank() -> None:
    state = new({0: "2H 3S AC BJ 3D 10H"}, bottom="4C 4D 4H")
    hand = state.view(0)["hand"]
    strengths = [SHEDDING_ORDER.strength(parse(t)) for t in hand]
    assert strengths == sorted(strengths)
    assert hand[-2:] == ["2H", "BJ"]


def test_leader_must_play_and_may_not_pass() -> None:
    state = new(first=0)
    state.apply(0, Bid(3))
    assert Pass() not in state.legal_actions(0)
    with pytest.raises(IllegalAction) as err:
        state.apply(0, Pass())
    assert err.value.code == "must_lead"


def test_two_passes_return_the_lead_to_the_last_player() -> None:
    state = new({0: "3H 4H 5H"}, bottom="6C 6D 6H")
    state.apply(0, Bid(3))
    play(state, 0, "3H")
    state.apply(1, Pass())
    state.apply(2, Pass())
    view = state.view(0)
    assert view["table"] is None and view["to_act"] == [0]
    assert Pass() not in state.legal_actions(0)


def test_followers_may_pass_and_answer_with_same_type_higher() -> None:
    state = new({0: "3H 4H 5H", 1: "9S 9H KD"}, bottom="6C 6D 6H")
    state.apply(0, Bid(3))
    play(state, 0, "3H")
    assert Pass() in state.legal_actions(1)
    with pytest.raises(IllegalAction) as err:
        play(state, 1, "9S 9H")
    assert err.value.code == "does_not_beat"
    assert "same type and size" in err.value.message
    play(state, 1, "KD")
    assert state.view(2)["table"]["seat"] == 1


def test_equal_rank_does_not_beat() -> None:
    state = new({0: "9C", 1: "9S"}, bottom="6C 6D 6H")
    state.apply(0, Bid(3))
    play(state, 0, "9C")
    with pytest.raises(IllegalAction) as err:
        play(state, 1, "9S")
    assert "higher" in err.value.message


def test_cards_not_in_hand_are_rejected() -> None:
    state = new({1: "9S"}, bottom="6C 6D 6H")
    state.apply(0, Bid(3))
    with pytest.raises(IllegalAction) as err:
        play(state, 0, "9S")
    assert err.value.code == "not_in_hand"
    assert "9S" in err.value.message


def test_no_combination_is_rejected_with_reason() -> None:
    state = new({0: "3H 4H"}, bottom="6C 6D 6H")
    state.apply(0, Bid(3))
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        play(state, 0, "3H 4H")
    assert err.value.code == "no_combination"
    assert state.to_json() == before


def test_not_your_turn() -> None:
    state = new(first=0)
    with pytest.raises(IllegalAction) as err:
        state.apply(1, Bid(1))
    assert err.value.code == "not_your_turn"
    assert state.legal_actions(1) == []


def test_cards_cannot_be_played_during_bidding() -> None:
    state = new({0: "3H"}, bottom="6C 6D 6H")
    with pytest.raises(IllegalAction):
        play(state, 0, "3H")


def test_view_hides_other_hands_and_bottom_before_the_landlord() -> None:
    state = new()
    hidden = state.to_json()
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        text = repr(view)
        for other in range(3):
            if other == seat:
                continue
            for card in hidden["hands"][other]:
                assert repr(show(card)) not in text
        for card in hidden["bottom"]:
            if seat is None or card not in hidden["hands"][seat]:
                assert repr(show(card)) not in text
    assert state.view(None)["hand"] is None


def test_codec_round_trip_and_malformed_actions() -> None:
    for action in (Bid(2), Pass(), Play(tuple(parse_many("3H 3S")))):
        assert GAME.decode_action(GAME.encode_action(action)) == action
    assert GAME.encode_action(Play(tuple(parse_many("10H")))) == {"kind": "play", "cards": ["10H"]}
    for raw in (
        {"kind": "bid"},
        {"kind": "bid", "value": "2"},
        {"kind": "play", "cards": []},
        {"kind": "play", "cards": ["XX"]},
        {"kind": "play", "cards": ["3H", "3H"]},
        {"kind": "fold"},
        [1],
        None,
    ):
        with pytest.raises(MalformedAction):
            GAME.decode_action(raw)


def test_state_round_trips_through_json() -> None:
    state = new(first=0)
    state.apply(0, Bid(1))
    copy = GAME.state_from_json(state.to_json())
    assert copy.to_json() == state.to_json()
    copy.apply(1, Pass())
    assert copy.to_json() != state.to_json()


def test_game_declaration() -> None:
    assert GAME.slug == "dou_dizhu" and GAME.seat_counts == (3,)
    assert GAME.rating_mode == "teams"
    bidding = new(first=0)
    assert [r.team for r in bidding.forfeit(1)] == [0, 1, 2]
    assert list(GAME.bots) == ["random", "greedy", "planner", "expert"]
    assert [r.placing for r in bidding.forfeit(1)] == [1, 2, 1]


# ---- settlement worked by hand ---------------------------------------------------------------

SPRING_HAND = "3H 4H 5H 6H 7H 8H 8S 9H 9S 10H 10S JH JS JC QH QS QC"


def test_spring_doubles_landlord_wins_before_any_peasant_plays() -> None:
    # Landlord bids 3 and goes out in four plays; both peasants pass throughout.
    # bid 3 x multiplier (1, doubled for the spring) = 6 a peasant, 12 for the landlord.
    state = new({0: SPRING_HAND}, bottom="KH KS AH", first=0)
    state.apply(0, Bid(3))
    for text in ("3H 4H 5H 6H 7H", "8H 8S 9H 9S 10H 10S", "JH JS JC QH QS QC KH KS"):
        play(state, 0, text)
        passes(state, 1, 2)
    play(state, 0, "AH")
    res = state.view(1)["result"]
    assert res["spring"] and not res["reverse_spring"]
    assert res["multiplier"] == 2 and res["unit"] == 6
    assert res["scores"] == [12, -6, -6]
    results = state.result()
    assert results is not None
    assert [(r.placing, r.team, r.weight, r.score) for r in results] == [
        (1, 0, 2, 12),
        (2, 1, 1, -6),
        (2, 1, 1, -6),
    ]


def test_no_spring_once_a_peasant_has_played() -> None:
    # Peasant 1 answers once (AS over KH); the landlord still goes out: 3 x 1 = 3 a peasant.
    hand = "KH BJ 3H 4H 5H 6H 7H 8H 8S 9H 9S 10H 10S JH JS JC QH"
    state = new({0: hand, 1: "AS"}, bottom="QS QC AH", first=0)
    state.apply(0, Bid(3))
    play(state, 0, "KH")
    play(state, 1, "AS")
    passes(state, 2)
    play(state, 0, "BJ")
    passes(state, 1, 2)
    for text in ("3H 4H 5H 6H 7H", "8H 8S 9H 9S 10H 10S", "JH JS JC QH QS QC"):
        play(state, 0, text)
        passes(state, 1, 2)
    play(state, 0, "AH")
    res = state.view(None)["result"]
    assert not res["spring"] and res["multiplier"] == 1
    assert res["scores"] == [6, -3, -3]


def test_reverse_spring_peasant_goes_out_after_landlord_played_once() -> None:
    # Landlord (bid 1) leads 3H and never plays again; peasant 1 goes out.
    # 1 x 2 (reverse spring) = 2 a peasant, the landlord loses 4.
    peasant = "4C 5C 6C 7C 8C 9C 10C 10D JC JD QC QD KC KD KS AC AD"
    state = new({0: "3H", 1: peasant}, bottom="BJ 3C 3D", first=0)
    state.apply(0, Bid(1))
    passes(state, 1, 2)
    play(state, 0, "3H")
    play(state, 1, "4C")
    passes(state, 2, 0)
    for text in ("5C 6C 7C 8C 9C", "10C 10D JC JD QC QD"):
        play(state, 1, text)
        passes(state, 2, 0)
    play(state, 1, "KC KD KS AC AD")
    res = state.view(2)["result"]
    assert res["reverse_spring"] and not res["spring"]
    assert res["winning_side"] == "peasants" and res["winner"] == 1
    assert res["scores"] == [-4, 2, 2]
    results = state.result()
    assert results is not None
    assert [r.placing for r in results] == [2, 1, 1]


def test_each_bomb_and_the_rocket_double_the_multiplier() -> None:
    # Bid 2; bombs 3333 and 6666 and the rocket: multiplier 2^3 = 8, unit 16.
    hand = "3H 3S 3C 3D BJ RJ 7H 8H 9H 10H JH QH KH AH 2H 2S 4H"
    state = new({0: hand, 1: "6H 6S 6C 6D"}, bottom="4S 4C 5H", first=0)
    state.apply(0, Bid(2))
    passes(state, 1, 2)
    play(state, 0, "3H 3S 3C 3D")
    assert state.view(None)["multiplier"] == 2
    play(state, 1, "6H 6S 6C 6D")
    passes(state, 2)
    play(state, 0, "BJ RJ")
    passes(state, 1, 2)
    for text in ("7H 8H 9H 10H JH QH KH AH", "2H 2S"):
        play(state, 0, text)
        passes(state, 1, 2)
    play(state, 0, "4H 4S 4C 5H")
    res = state.view(0)["result"]
    assert (res["bombs"], res["rockets"], res["multiplier"], res["unit"]) == (2, 1, 8, 16)
    assert res["scores"] == [32, -16, -16]
    assert sum(res["scores"]) == 0


def test_nothing_beats_the_rocket_on_the_table() -> None:
    state = new({0: "BJ RJ 3H", 1: "2H 2S 2C 2D"}, bottom="4S 4C 5H", first=0)
    state.apply(0, Bid(1))
    passes(state, 1, 2)
    play(state, 0, "BJ RJ")
    assert state.legal_actions(1) == [Pass()]
    with pytest.raises(IllegalAction) as err:
        play(state, 1, "2H 2S 2C 2D")
    assert "rocket" in err.value.message


def test_a_card_named_twice_is_rejected() -> None:
    state = new({0: "3H"}, bottom="6C 6D 6H")
    state.apply(0, Bid(3))
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(0, Play(tuple(parse_many("3H 3H"))))
    assert err.value.code == "repeated_card"
    assert state.to_json() == before


def test_no_combination_message_names_the_broken_restriction() -> None:
    state = new({0: "3H 3S 3C 4H 4S 4C BJ RJ"}, bottom="6C 6D 6H")
    state.apply(0, Bid(3))
    with pytest.raises(IllegalAction) as err:
        play(state, 0, "3H 3S 3C 4H 4S 4C BJ RJ")
    assert "both jokers" in err.value.message
    with pytest.raises(IllegalAction) as err:
        play(state, 0, "3H 3S 4H 4S")
    assert "at least three consecutive pairs" in err.value.message
