"""One Poker rules, with the stock fixed through the 'deals' option (top of the stock first)."""

from __future__ import annotations

from typing import Any

import pytest

from games.cards import face, is_joker, parse
from games.core import IllegalAction
from games.one_poker import GAME
from games.one_poker.actions import Lock, card_name
from games.one_poker.state import OnePokerState
from games.poker.betting import BetAction


def state(stock: list[str] | None = None, **options: Any) -> OnePokerState:
    deals = {"deals": [stock]} if stock else {}
    return OnePokerState.new(2, {**deals, **options}, 3)


def lock(st: OnePokerState, seat: int, card: str) -> None:
    st.apply(seat, Lock(face(parse(card))))


def bet(st: OnePokerState, seat: int, kind: str, to: int = 0) -> None:
    assert st.pending()[0].seat == seat
    st.apply(seat, BetAction(kind, to))


def test_game_declaration() -> None:
    assert GAME.slug == "one_poker" and GAME.seat_counts == (2,) and GAME.rating_mode == "duel"
    assert list(GAME.bots) == ["random", "greedy", "expert"]
    assert GAME.time_control.bank_ms == 120_000 and GAME.time_control.delay_ms == 10_000


def test_two_packs_without_jokers_20_chips_and_a_1_chip_ante() -> None:
    st = state()
    cards = st.stock + st.hands[0] + st.hands[1]
    assert len(cards) == 104 and len(set(cards)) == 104 and not any(is_joker(c) for c in cards)
    v = st.view(None)
    assert v["stacks"] == [19, 19] and v["pot"] == 2 and v["antes"] == [1, 1]
    assert [len(h) for h in st.hands] == [2, 2]


def test_signals_show_only_the_counts_of_up_and_down() -> None:
    st = state(["8H", "2S", "KD", "9C"])
    v = st.view(None)
    assert v["signals"] == [{"up": 2, "down": 0}, {"up": 1, "down": 1}]
    assert v["hand"] is None
    assert st.view(0)["hand"] == ["8H", "KD"]


def test_locks_are_simultaneous_and_hidden_until_the_reveal() -> None:
    st = state(["8H", "2S", "KD", "9C"])
    assert [d.seat for d in st.pending()] == [0, 1]
    assert all(d.fresh and d.timed for d in st.pending())
    lock(st, 1, "9C")  # either seat may lock first
    assert [(d.seat, d.fresh) for d in st.pending()] == [(0, False)]  # its decision continues
    v0 = st.view(0)
    assert v0["locked"] == [False, True] and "9C" not in str(v0)
    assert st.view(1)["my_lock"] == "9C"
    assert st.view(None)["signals"][1] == {"up": 1, "down": 1}  # lock group stays hidden


def test_a_locked_card_cannot_be_changed_and_must_be_held() -> None:
    st = state(["8H", "2S", "KD", "9C"])
    before = st.to_json()
    with pytest.raises(IllegalAction) as err:
        lock(st, 0, "9C")
    assert err.value.code == "card_not_held" and "9C" not in err.value.message
    assert st.to_json() == before
    lock(st, 0, "8H")
    with pytest.raises(IllegalAction) as err:
        lock(st, 0, "KD")
    assert err.value.code == "already_locked"


def test_betting_starts_only_after_both_locked() -> None:
    st = state(["8H", "2S", "KD", "9C"])
    lock(st, 0, "8H")
    with pytest.raises(IllegalAction) as err:
        st.apply(0, BetAction("bet", 1))
    assert err.value.code == "lock_first"
    lock(st, 1, "2S")
    assert st.view(None)["phase"] == "betting" and st.pending()[0].seat == 0


def test_two_beats_ace() -> None:
    st = state(["AH", "2S", "KD", "9C"])
    lock(st, 0, "AH")
    lock(st, 1, "2S")
    bet(st, 0, "check")
    bet(st, 1, "check")
    assert st.last_deal is not None and st.last_deal.winner == 1
    assert st.stacks == [18, 20]  # after paying the next ante


def test_higher_rank_wins_and_suits_never_matter() -> None:
    st = state(["QH", "QS", "KD", "9C"])
    lock(st, 0, "KD")
    lock(st, 1, "QS")
    bet(st, 0, "bet", 3)
    bet(st, 1, "call")
    assert st.last_deal is not None and st.last_deal.winner == 0 and st.last_deal.pot == 8


def test_equal_ranks_split_the_pot() -> None:
    st = state(["QH", "QS'", "KD", "9C"])
    lock(st, 0, "QH")
    lock(st, 1, "QS")
    bet(st, 0, "bet", 4)
    bet(st, 1, "call")
    assert st.last_deal is not None and st.last_deal.winner is None
    assert st.last_deal.shares == (5, 5)


def test_both_locked_cards_are_shown_after_a_fold() -> None:
    st = state(["AH", "3S", "KD", "9C"])
    lock(st, 0, "AH")
    lock(st, 1, "3S")
    bet(st, 0, "bet", 5)
    bet(st, 1, "fold")
    last = st.last_deal
    assert last is not None
    assert [card_name(c) for c in last.locked] == ["AH", "3S"] and last.folded == (False, True)
    assert last.winner == 0 and st.view(None)["last_events"][-2]["kind"] == "reveal"


def test_keep_the_other_card_and_draw_one() -> None:
    st = state(["AH", "3S", "KD", "9C", "5H", "6H"])
    lock(st, 0, "AH")
    lock(st, 1, "3S")
    bet(st, 0, "check")
    bet(st, 1, "check")
    # seat 0 won, so it acts first and draws first
    assert st.first == 0
    assert st.view(0)["hand"] == ["KD", "5H"] and st.view(1)["hand"] == ["9C", "6H"]
    assert st.view(None)["discards"] == ["AH", "3S"]


def test_first_player_seat_0_then_previous_winner_then_alternating_after_a_tie() -> None:
    st = state(["4H", "9S", "KD", "9C", "KS", "2D"])
    assert st.first == 0 and st.pending()[0].seat == 0
    lock(st, 0, "4H")
    lock(st, 1, "9S")
    bet(st, 0, "check")
    bet(st, 1, "check")
    assert st.first == 1  # seat 1 won, and draws first: KS to seat 1, 2D to seat 0
    assert st.view(0)["hand"] == ["KD", "2D"] and st.view(1)["hand"] == ["9C", "KS"]
    lock(st, 0, "KD")
    lock(st, 1, "KS")
    bet(st, 1, "check")
    bet(st, 0, "check")
    assert st.last_deal is not None and st.last_deal.winner is None
    assert st.first == 0  # a tie: the first player alternates


def test_stock_reshuffles_discards_when_fewer_than_two_cards_remain() -> None:
    st = state(["AH", "3S", "KD", "9C"])
    data = st.to_json()
    data["discards"] = data["stock"][:-1]
    data["stock"] = data["stock"][-1:]
    st = OnePokerState.from_json(data)
    lock(st, 0, "AH")
    lock(st, 1, "3S")
    bet(st, 0, "check")
    bet(st, 1, "check")
    kinds = [e["kind"] for e in st.view(None)["last_events"]]
    assert "reshuffle" in kinds
    held = set(st.hands[0] + st.hands[1])
    assert len(st.stock) == 104 - 4 and not held & set(st.stock) and st.discards == []


def test_facing_an_all_in_only_call_or_fold() -> None:
    st = state(["AH", "3S", "KD", "9C"], stacks=[20, 8])
    lock(st, 0, "AH")
    lock(st, 1, "3S")
    bet(st, 0, "check")
    bet(st, 1, "bet", 7)  # all-in
    assert st.legal_actions(0) == [BetAction("fold"), BetAction("call")]


def test_short_all_in_does_not_reopen_raising() -> None:
    st = state(["AH", "3S", "KD", "9C"], stacks=[20, 9])
    lock(st, 0, "AH")
    lock(st, 1, "3S")
    bet(st, 0, "bet", 5)
    bet(st, 1, "raise", 8)  # all-in, 3 more than 5: short
    assert st.view(0)["raise_kind"] is None
    with pytest.raises(IllegalAction) as err:
        st.apply(0, BetAction("raise", 13))
    assert err.value.code == "raising_closed"


def test_minimum_bet_one_and_raise_by_the_last_full_bet() -> None:
    st = state(["AH", "3S", "KD", "9C"])
    lock(st, 0, "AH")
    lock(st, 1, "3S")
    assert st.view(0)["min_to"] == 1 and st.view(0)["max_to"] == 19
    bet(st, 0, "bet", 3)
    assert st.view(1)["min_to"] == 6


def test_uncovered_call_commits_the_rest_and_excess_is_refunded() -> None:
    st = state(["AH", "3S", "KD", "9C"], stacks=[30, 10])
    lock(st, 0, "AH")
    lock(st, 1, "3S")
    bet(st, 0, "bet", 25)
    bet(st, 1, "call")  # only 9 left
    last = st.last_deal
    assert last is not None and last.pot == 20 and last.winner == 0
    assert st.is_over() and st.stacks == [40, 0]


def test_a_player_without_chips_loses_the_match() -> None:
    st = state(["AH", "3S", "KD", "9C"], stacks=[20, 1])
    lock(st, 0, "AH")
    lock(st, 1, "3S")  # all-in on the ante: no betting, straight to the reveal
    assert st.is_over()
    res = {r.seat: r.placing for r in st.result() or []}
    assert res == {0: 1, 1: 2} and st.view(1)["phase"] == "over" and st.pending() == []


def test_first_option_lets_rated_play_pick_the_first_player() -> None:
    st = state(["AH", "3S", "KD", "9C"], first=1)
    assert st.view(0)["hand"] == ["3S", "9C"]  # the first player draws first
    lock(st, 0, "3S")
    lock(st, 1, "AH")
    assert st.pending()[0].seat == 1


def test_restart_is_a_new_match_with_20_each() -> None:
    st = GAME.new_state(2, {}, 99)
    assert [st.view(None)["stacks"][s] + st.view(None)["antes"][s] for s in (0, 1)] == [20, 20]
