"""The auction, named after the rules ("Bridge" in ../shared/rules/french-54.md): South calls first,
bids 1–7 in ♣ < ♦ < ♥ < ♠ < NT, doubles and redoubles, passes, the end of the auction and the
declarer."""

from __future__ import annotations

from typing import Any

import pytest

from games.bridge import calls as auction
from games.bridge.actions import Bid, Double, Pass, Redouble
from games.bridge.calls import CLUBS, DIAMONDS, HEARTS, NOTRUMP, SPADES
from games.core import IllegalAction


def refused(state: Any, text: str, kit: Any) -> str:
    before = state.to_json()
    seat = state.pending()[0].seat
    with pytest.raises(IllegalAction) as error:
        state.apply(seat, kit.call(text))
    assert state.to_json() == before
    return str(error.value.code)


def test_south_the_fixed_dealer_calls_first_and_calls_go_clockwise(kit: Any) -> None:
    state = kit.state()
    seen = []
    for text in "1C 1D 1H 1S 1NT".split():
        seen.append(state.pending()[0].seat)
        kit.auction(state, text)
    assert seen == [kit.SOUTH, kit.WEST, kit.NORTH, kit.EAST, kit.SOUTH]
    assert state.view(None)["dealer"] == kit.SOUTH


def test_bids_run_from_one_to_seven_in_clubs_diamonds_hearts_spades_notrump_at_each_level() -> None:
    bids = [c for c in auction.legal_calls([]) if auction.is_bid(c)]
    assert len(bids) == 35
    order = [(auction.level_of(c), auction.strain_of(c)) for c in bids]
    assert order == [
        (lv, s) for lv in range(1, 8) for s in (CLUBS, DIAMONDS, HEARTS, SPADES, NOTRUMP)
    ]
    assert auction.bid(1, NOTRUMP) < auction.bid(2, CLUBS)
    assert auction.bid(7, NOTRUMP) == max(bids)


def test_each_new_bid_must_exceed_the_last_bid(kit: Any) -> None:
    state = kit.state(calls="1H")
    assert refused(state, "1D", kit) == "bid_too_low"
    assert refused(state, "1H", kit) == "bid_too_low"
    legal = state.legal_actions(state.pending()[0].seat)
    assert Bid(1, SPADES) in legal and Bid(1, DIAMONDS) not in legal and Bid(1, HEARTS) not in legal
    kit.auction(state, "1S p 2C")
    assert refused(state, "1NT", kit) == "bid_too_low"


def test_only_an_opponent_of_the_last_bidder_may_double(kit: Any) -> None:
    state = kit.state(calls="1H")  # South bid: West (an opponent) may double
    assert Double() in state.legal_actions(kit.WEST)
    kit.auction(state, "p")
    assert Double() not in state.legal_actions(kit.NORTH)
    assert refused(state, "x", kit) == "double_own_side"  # North, South's partner
    kit.auction(state, "p")
    assert Double() in state.legal_actions(kit.EAST)
    kit.auction(state, "x")


def test_a_double_needs_a_bid_and_an_undoubled_one(kit: Any) -> None:
    state = kit.state()
    assert refused(state, "x", kit) == "nothing_to_double"
    kit.auction(state, "1C x")
    assert refused(state, "x", kit) == "already_doubled"  # North
    kit.auction(state, "p")
    assert refused(state, "x", kit) == "already_doubled"  # East, an opponent, but doubled already


def test_only_the_bidding_side_may_redouble_a_double(kit: Any) -> None:
    state = kit.state(calls="1C")
    assert refused(state, "xx", kit) == "nothing_to_redouble"  # West: nothing doubled
    kit.auction(state, "x")
    assert Redouble() in state.legal_actions(kit.NORTH)
    kit.auction(state, "p")
    assert Redouble() not in state.legal_actions(kit.EAST)
    assert refused(state, "xx", kit) == "redouble_other_side"
    kit.auction(state, "p xx")  # South, the bidder, redoubles
    assert refused(state, "xx", kit) == "nothing_to_redouble"  # not twice
    assert refused(state, "x", kit) == "already_doubled"


def test_passes_keep_the_double_status(kit: Any) -> None:
    state = kit.state(calls="1S x p p p")
    assert state.contract is not None and state.contract.doubled == 1
    state = kit.state(calls="1S x xx p p p")
    assert state.contract is not None and state.contract.doubled == 2


def test_a_new_bid_cancels_a_double_or_a_redouble(kit: Any) -> None:
    state = kit.state(calls="1S x 2S p p p")
    assert state.contract is not None and state.contract.doubled == 0
    state = kit.state(calls="1S x xx 2C p p p")
    assert state.contract is not None and state.contract.doubled == 0
    assert (state.contract.level, state.contract.strain) == (2, CLUBS)


def test_a_double_or_redouble_resets_the_count_of_consecutive_passes(kit: Any) -> None:
    state = kit.state(calls="1S p p x p p")
    assert state.phase == "auction", "two passes after the double: not over yet"
    kit.auction(state, "xx p p")
    assert state.phase == "auction"
    kit.auction(state, "p")
    assert state.phase == "play"


def test_four_passes_with_no_bid_pass_the_deal_out_with_zero_for_both_sides(kit: Any) -> None:
    state = kit.state(calls="p p p")
    assert state.phase == "auction"
    events = kit.auction(state, "p")
    assert state.is_over() and state.contract is None
    assert [e.kind for e in events] == ["call", "passed_out", "deal_over"]
    result = state.result()
    assert result is not None
    assert [(r.placing, r.score) for r in result] == [(1, 0)] * 4
    assert state.view(0)["result"]["scores"] == {"ns": 0, "ew": 0}


def test_three_passes_after_a_bid_double_or_redouble_end_the_auction(kit: Any) -> None:
    for calls in ("p p p 1C", "1C", "1C x", "1C x xx"):
        state = kit.state(calls=calls + " p p")
        assert state.phase == "auction", calls
        kit.auction(state, "p")
        assert state.phase == "play", calls
        assert state.legal_actions(state.pending()[0].seat)[0].__class__.__name__ == "Play"


def test_the_declarer_is_the_first_of_the_winning_side_to_name_the_final_strain(kit: Any) -> None:
    # North named hearts first; South bid the final 4H.
    state = kit.state(calls="1C p 1H p 4H p p p")
    assert state.contract is not None and state.contract.declarer == kit.NORTH
    assert state.contract.dummy == kit.SOUTH
    # East's 1S does not count: the winning side is North-South, and South named spades first.
    state = kit.state(calls="1S p 2C 2S 3S p p p")
    assert state.contract is not None and state.contract.declarer == kit.SOUTH
    # The side that bid last wins, even when the other side named the strain first.
    state = kit.state(calls="1H 2H p p p")
    assert state.contract is not None and state.contract.declarer == kit.WEST


def test_the_target_is_six_plus_the_level(kit: Any) -> None:
    state = kit.state(calls="4S p p p")
    assert state.contract is not None and state.contract.target == 10
    assert state.view(None)["contract"] == {
        "level": 4,
        "strain": "S",
        "doubled": 0,
        "declarer": 0,
        "dummy": 2,
        "target": 10,
    }


def test_after_the_auction_only_cards_may_be_played_and_in_the_auction_only_calls(kit: Any) -> None:
    state = kit.state(calls="1NT p p p")
    assert refused(state, "p", kit) == "auction_over"
    state = kit.state()
    from games.bridge.actions import Play

    before = state.to_json()
    with pytest.raises(IllegalAction) as error:
        state.apply(kit.SOUTH, Play(0))
    assert error.value.code == "auction_running" and state.to_json() == before


def test_every_call_made_is_public_in_the_views_and_events(kit: Any) -> None:
    state = kit.state()
    events = kit.auction(state, "1NT x xx")
    assert [e.data for e in events] == [
        {"seat": 0, "call": "bid", "level": 1, "strain": "NT"},
        {"seat": 1, "call": "double"},
        {"seat": 2, "call": "redouble"},
    ]
    for seat in (None, 0, 1, 2, 3):
        assert state.view(seat)["auction"] == [e.data for e in events]


def test_pass_is_always_legal_during_the_auction(kit: Any) -> None:
    state = kit.state(calls="7NT x xx")
    assert state.legal_actions(kit.EAST) == [Pass()]
