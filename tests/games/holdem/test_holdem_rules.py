"""Texas Hold'em rules, each with a hand worked out by hand (fixed deals via the 'deals' option)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.cards import deck, show
from games.core import IllegalAction
from games.holdem import GAME
from games.holdem.state import HoldemState
from games.poker.betting import BetAction


def state(
    seats: int = 4, stacks: list[int] | None = None, deals: list[Any] | None = None, seed: int = 1
) -> HoldemState:
    options: dict[str, Any] = {"deals": deals or []}
    if stacks:
        options["stacks"] = stacks
    return HoldemState.new(seats, options, seed)


def act(st: HoldemState, seat: int, kind: str, to: int = 0) -> None:
    assert st.pending()[0].seat == seat, f"expected seat {seat}, pending {st.pending()}"
    st.apply(seat, BetAction(kind, to))


def test_game_declaration() -> None:
    assert GAME.slug == "holdem" and GAME.seat_counts == (4,) and GAME.rating_mode == "ffa"
    assert list(GAME.bots) == ["random", "greedy", "expert"]
    assert GAME.time_control.bank_ms == 300_000 and GAME.time_control.delay_ms == 15_000


def test_start_1000_each_blinds_10_20_button_at_seat_0() -> None:
    st = state()
    v = st.view(None)
    assert (v["button"], v["small_blind_seat"], v["big_blind_seat"]) == (0, 1, 2)
    assert v["stacks"] == [1000, 990, 980, 1000] and v["bets"] == [0, 10, 20, 0]
    assert v["to_act"] == [3]  # pre-flop action starts after the big blind


def test_burn_one_card_before_flop_turn_and_river() -> None:
    st = state(seed=7)
    cards = random.Random("7:0").sample(deck(1, jokers=False), 16)  # the top of a shuffled pack
    cards.reverse()
    holes: dict[int, list[int]] = {s: [] for s in range(4)}
    for _ in range(2):
        for s in (1, 2, 3, 0):
            holes[s].append(cards.pop())
    burns, board = [], []
    for count in (3, 1, 1):
        burns.append(cards.pop())
        board += [cards.pop() for _ in range(count)]
    assert st.hole == [holes[s] for s in range(4)]
    assert st.board_all == board and not set(burns) & set(board)


def test_big_blind_option_in_an_unraised_pot_and_post_flop_order() -> None:
    st = state()
    act(st, 3, "call")
    act(st, 0, "call")
    act(st, 1, "call")
    assert st.pending()[0].seat == 2
    legal = st.legal_actions(2)
    assert BetAction("check") in legal and any(a.kind == "raise" for a in legal)
    act(st, 2, "check")
    v = st.view(None)
    assert v["street"] == "flop" and len(v["board"]) == 3 and v["pot"] == 80
    assert v["to_act"] == [1]  # first player clockwise of the button


def test_big_blind_may_raise_its_option() -> None:
    st = state()
    for s in (3, 0, 1):
        act(st, s, "call")
    act(st, 2, "raise", 60)
    assert st.pending()[0].seat == 3 and st.view(3)["to_call"] == 40


def test_minimum_opening_bet_is_20_after_the_flop() -> None:
    st = state()
    for s in (3, 0, 1):
        act(st, s, "call")
    act(st, 2, "check")
    before = st.to_json()
    with pytest.raises(IllegalAction) as err:
        st.apply(1, BetAction("bet", 19))
    assert err.value.code == "amount_below_minimum" and st.to_json() == before
    assert st.view(1)["min_to"] == 20 and st.view(1)["max_to"] == 980


def test_short_all_in_facing_one_who_acted_and_one_who_has_not() -> None:
    st = state(stacks=[90, 1000, 1000, 1000])
    act(st, 3, "raise", 60)  # a full raise of 40
    act(st, 0, "raise", 90)  # all-in, 30 more: short
    v1 = st.view(1)
    assert v1["raise_kind"] == "raise" and v1["min_to"] == 130  # small blind has not acted
    act(st, 1, "call")
    assert st.view(2)["raise_kind"] == "raise"  # nor has the big blind
    act(st, 2, "call")
    assert st.legal_actions(3) == [BetAction("fold"), BetAction("call")]
    before = st.to_json()
    with pytest.raises(IllegalAction) as err:
        st.apply(3, BetAction("raise", 200))
    assert err.value.code == "raising_closed" and st.to_json() == before
    act(st, 3, "call")
    assert st.view(None)["street"] == "flop"


HAND_SIDE_POTS = {
    "hole": {"0": ["3H", "4D"], "1": ["9C", "9D"], "2": ["AH", "AD"], "3": ["QH", "QD"]},
    "board": ["2C", "7D", "9H", "JS", "KC"],
}


def test_three_way_all_in_with_two_side_pots() -> None:
    st = state(stacks=[1000, 100, 250, 400], deals=[HAND_SIDE_POTS])
    act(st, 3, "raise", 400)  # all-in
    act(st, 0, "call")
    act(st, 1, "call")  # all-in for 100
    act(st, 2, "call")  # all-in for 250
    last = st.last_hand
    assert last is not None and last.showdown is True
    pots = [(p.amount, p.eligible, p.winners) for p in last.pots]
    assert pots == [(400, (0, 1, 2, 3), (1,)), (450, (0, 2, 3), (2,)), (300, (0, 3), (3,))]
    assert last.stacks == (600, 400, 450, 300)
    assert last.pots[0].hand == "Trips"


def test_automatic_run_out_when_no_more_betting_is_possible() -> None:
    st = state(
        seats=2,
        deals=[
            {
                "hole": {"0": ["AS", "AD"], "1": ["KS", "KD"]},
                "board": ["2C", "7D", "9H", "JS", "3C"],
            }
        ],
    )
    act(st, 0, "raise", 1000)
    # nobody else can bet after an all-in that covers everyone: only call or fold
    assert st.legal_actions(1) == [BetAction("fold"), BetAction("call")]
    act(st, 1, "call")
    streets = [e for e in st.view(None)["last_events"] if e["kind"] == "street"]
    assert [e["street"] for e in streets] == ["flop", "turn", "river"]
    assert all(e["run_out"] for e in streets)
    assert st.is_over() and st.stacks == [2000, 0]


def test_odd_chip_goes_clockwise_from_the_buttons_left() -> None:
    royal = {"board": ["AS", "KS", "QS", "JS", "10S"]}
    st = state(deals=[royal])
    act(st, 3, "call")
    act(st, 0, "fold")
    act(st, 1, "call")
    act(st, 2, "check")
    act(st, 1, "bet", 21)  # flop
    act(st, 2, "call")
    act(st, 3, "call")
    act(st, 1, "check")  # turn
    act(st, 2, "bet", 20)
    act(st, 3, "call")
    act(st, 1, "fold")
    act(st, 2, "check")  # river
    act(st, 3, "check")
    last = st.last_hand
    assert last is not None
    assert last.pots[0].amount == 163 and last.pots[0].winners == (2, 3)
    assert last.pots[0].shares == {2: 82, 3: 81}  # seat 2 sits first after seat 1
    assert last.stacks == (1000, 959, 1021, 1020)


def test_last_unfolded_player_wins_without_showing() -> None:
    st = state()
    act(st, 3, "fold")
    act(st, 0, "fold")
    act(st, 1, "fold")
    last = st.last_hand
    assert last is not None and last.showdown is False and last.shown == {}
    assert last.stacks == (1000, 990, 1010, 1000)
    assert "hole" not in str(st.view(None)["last_events"][:3])


def test_heads_up_button_posts_small_blind_and_acts_first_pre_flop() -> None:
    st = state(seats=2)
    v = st.view(None)
    assert (v["button"], v["small_blind_seat"], v["big_blind_seat"]) == (0, 0, 1)
    assert v["to_act"] == [0]
    act(st, 0, "call")
    act(st, 1, "check")
    assert st.view(None)["to_act"] == [1]  # after the flop the big blind acts first


def test_heads_up_transition_moves_the_button_so_no_big_blind_twice() -> None:
    deals = [
        {
            "hole": {"0": ["2C", "7D"], "1": ["AS", "AD"], "2": ["KS", "QD"]},
            "board": ["3C", "8D", "9H", "JS", "4C"],
        }
    ]
    st = state(seats=3, stacks=[100, 1000, 1000], deals=deals)
    assert (st.button, st.sb, st.bb) == (0, 1, 2)
    act(st, 0, "raise", 100)
    act(st, 1, "call")
    act(st, 2, "fold")
    assert st.stacks[0] == 0 and st.hand_no == 1
    # normally the button would move to seat 1 and seat 2 would post the big blind again
    assert (st.button, st.sb, st.bb) == (2, 2, 1)
    assert st.pending()[0].seat == 2


def test_button_moves_to_the_next_remaining_player_and_eliminated_are_dealt_out() -> None:
    deals = [
        {"hole": {"1": ["2C", "7D"], "2": ["AS", "AD"]}, "board": ["3C", "8D", "9H", "JS", "4C"]}
    ]
    st = state(stacks=[1000, 10, 1000, 1000], deals=deals)
    act(st, 3, "fold")
    act(st, 0, "fold")
    # the small blind is all-in; nobody else can bet, so the board runs out
    assert st.hand_no == 1 and st.stacks[1] == 0
    assert (st.button, st.sb, st.bb) == (2, 3, 0)
    v = st.view(1)
    assert v["hole"] is None and v["eliminated"][1] and not v["in_hand"][1]
    assert v["last_hand"]["pots"][0]["amount"] == 20  # the unmatched 10 went back


def test_match_ends_with_one_player_and_placing_follows_elimination_order() -> None:
    deals = [
        {
            "hole": {"0": ["2C", "7D"], "1": ["AS", "AD"], "2": ["KS", "KD"]},
            "board": ["3C", "8D", "9H", "JS", "4C"],
        }
    ]
    st = state(seats=3, stacks=[100, 300, 200], deals=deals)
    act(st, 0, "raise", 100)
    act(st, 1, "raise", 300)
    act(st, 2, "call")
    assert st.is_over()
    res = {r.seat: r.placing for r in st.result() or []}
    assert res == {1: 1, 2: 2, 0: 3}  # both busted together: the bigger starting stack ranks higher
    assert st.view(None)["phase"] == "over" and st.pending() == []


def test_hands_tie_on_the_best_five_and_split() -> None:
    deals = [
        {"hole": {"0": ["2C", "3D"], "1": ["4H", "5S"]}, "board": ["AS", "AD", "KH", "KS", "QC"]}
    ]
    st = state(seats=2, deals=deals)
    act(st, 0, "call")
    act(st, 1, "check")
    for _ in range(3):
        act(st, 1, "check")
        act(st, 0, "check")
    last = st.last_hand
    assert last is not None and last.pots[0].winners == (0, 1)
    assert last.stacks == (1000, 1000)


def test_illegal_action_names_the_rule_and_leaves_state_unchanged() -> None:
    st = state()
    before = st.to_json()
    for seat, action in (
        (0, BetAction("call")),
        (3, BetAction("check")),
        (3, BetAction("raise", 30)),
        (3, BetAction("raise", 5000)),
    ):
        with pytest.raises(IllegalAction) as err:
            st.apply(seat, action)
        assert err.value.message
        assert st.to_json() == before


def test_spectators_and_opponents_do_not_see_hole_cards() -> None:
    st = state()
    mine = [show(c) for c in st.hole[0]]
    assert st.view(0)["hole"] == mine
    assert st.view(None)["hole"] is None
    start = st.view(1)["last_events"][0]
    assert start["kind"] == "hand_start" and start["hole"] == [show(c) for c in st.hole[1]]
    assert "hole" not in st.view(None)["last_events"][0]
