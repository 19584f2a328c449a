"""One Poker against the engine contract: the forced lock of two equal faces, the forfeit in every
phase, the settled deal on the state, the action codec and what each seat may not see."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.cards import face, parse
from games.core import DEALS_OPTION, IllegalAction, MalformedAction, RatingMode
from games.one_poker import GAME
from games.one_poker.actions import Lock
from games.one_poker.state import DealResult, OnePokerState
from games.poker.betting import BetAction
from support.contract import random_step
from support.sizes import examples


def state(stock: list[str], **options: Any) -> OnePokerState:
    return OnePokerState.new(2, {DEALS_OPTION: [stock], **options}, 3)


def lock(st: OnePokerState, seat: int, card: str) -> None:
    st.apply(seat, Lock(face(parse(card))))


# --- forced decisions ---------------------------------------------------------------------------


def test_two_cards_of_the_same_face_leave_one_lock_and_the_decision_says_so() -> None:
    st = state(["7H", "2S", "7H'", "9C"])
    d0, d1 = st.pending()
    assert d0.forced == Lock(face(parse("7H"))) and st.legal_actions(0) == [d0.forced]
    assert d1.forced is None and len(st.legal_actions(1)) == 2
    lock(st, 1, "9C")
    (d0,) = st.pending()
    assert d0.forced == Lock(face(parse("7H"))) and not d0.fresh


def test_equal_ranks_of_different_suits_are_two_choices() -> None:
    st = state(["7H", "2S", "7D", "9C"])
    assert all(d.forced is None for d in st.pending())


def test_a_forced_decision_is_exactly_a_decision_with_one_legal_action() -> None:
    for seed in range(examples(quick=5, thorough=60)):
        st = OnePokerState.new(2, {}, seed)
        rng = random.Random(seed)
        while not st.is_over():
            for d in st.pending():
                legal = st.legal_actions(d.seat)
                assert (d.forced is not None) == (len(legal) == 1)
                assert d.forced is None or d.forced in legal
                assert d.timed
            random_step(st, rng)


# --- forfeit ------------------------------------------------------------------------------------


def assert_loser_loses(st: OnePokerState) -> None:
    for loser in (0, 1):
        before = st.to_json()
        results = {r.seat: (r.placing, r.team) for r in st.forfeit(loser)}
        assert results == {loser: (2, loser), 1 - loser: (1, 1 - loser)}
        assert st.to_json() == before


def test_a_resigning_seat_loses_in_every_phase() -> None:
    st = state(["AH", "3S", "KD", "9C"])
    assert_loser_loses(st)  # both to lock
    lock(st, 0, "AH")
    assert_loser_loses(st)  # one locked
    lock(st, 1, "3S")
    assert st.phase == "betting"
    assert_loser_loses(st)  # betting
    st.apply(0, BetAction("bet", 3))
    assert_loser_loses(st)  # facing a bet
    st.apply(1, BetAction("fold"))
    assert st.phase == "lock" and st.deal_no == 1
    assert_loser_loses(st)  # the next deal


def test_the_game_rates_as_a_duel() -> None:
    assert GAME.rating_mode is RatingMode.DUEL


# --- the settled deal ---------------------------------------------------------------------------


def test_the_settled_deal_is_kept_on_the_state_while_the_next_deal_starts() -> None:
    st = state(["AH", "3S", "KD", "9C", "5H", "6H"])
    lock(st, 0, "AH")
    lock(st, 1, "3S")
    st.apply(0, BetAction("bet", 2))
    st.apply(1, BetAction("call"))
    last = st.last_deal
    assert isinstance(last, DealResult) and last.deal_no == 0 and st.deal_no == 1
    assert last.winner == 0 and last.pot == 6 and last.shares == (6, 0)
    assert last.stacks == (23, 17) and st.stacks == [22, 16]
    assert st.view(None)["last_deal"] == last.to_json()
    kinds = [e["kind"] for e in st.view(None)["last_events"]]
    assert kinds == ["action", "reveal", "deal"]


# --- the action codec ---------------------------------------------------------------------------


def test_the_codec_writes_todays_json() -> None:
    assert GAME.encode_action(Lock(face(parse("10S")))) == {"kind": "lock", "card": "10S"}
    assert GAME.encode_action(BetAction("bet", 3)) == {"kind": "bet", "to": 3}
    assert GAME.encode_action(BetAction("call")) == {"kind": "call"}
    assert GAME.decode_action({"kind": "lock", "card": "TS'"}) == Lock(face(parse("10S")))


@pytest.mark.parametrize(
    "raw",
    [
        None,
        0,
        "lock",
        [],
        {},
        {"kind": "lock"},
        {"kind": "lock", "card": 12},
        {"kind": "lock", "card": "ZZ"},
        {"kind": "lock", "card": "BJ"},
        {"kind": "lock", "card": "7H", "seat": 0},
        {"kind": "lock", "card": ["7H"]},
        {"kind": "lock", "card": "7H" * 1000},
        {"kind": "raise", "to": 10**30},
        {"kind": "bet", "to": True},
        {"kind": "check", "to": 0},
        {"kind": "peek"},
    ],
)
def test_decoding_refuses_everything_but_todays_json(raw: Any) -> None:
    with pytest.raises(MalformedAction):
        GAME.decode_action(raw)


@pytest.mark.parametrize(
    "action",
    [
        None,
        {"kind": "lock", "card": "AH"},
        Lock("AH"),
        Lock(True),
        Lock(-1),
        Lock(54 + 38),
        Lock(53),
        BetAction("raise", "3"),
        BetAction("check", 2),
        BetAction("shove"),
    ],
)
def test_apply_refuses_what_is_not_a_well_formed_one_poker_action(action: Any) -> None:
    st = state(["AH", "3S", "KD", "9C"])
    before = st.to_json()
    with pytest.raises(IllegalAction):
        st.apply(0, action)
    assert st.to_json() == before


# --- hidden cards -------------------------------------------------------------------------------


def test_hidden_are_the_stock_and_the_other_hand_less_faces_rightly_seen() -> None:
    st = state(["AH", "3S", "KD", "9C"])
    stock = {c for c in st.hidden_from(None) if c not in ("AH", "3S", "KD", "9C")}
    assert {"AH", "3S", "KD", "9C"} <= st.hidden_from(None)
    assert st.hidden_from(0) == stock | {"3S", "9C"}
    lock(st, 0, "AH")
    lock(st, 1, "3S")
    st.apply(0, BetAction("check"))
    st.apply(1, BetAction("check"))
    # both locked cards were shown and lie in the discards: the other copies are not "hidden"
    assert "AH" not in st.hidden_from(1) and "3S" not in st.hidden_from(None)
    assert "KD" in st.hidden_from(1) and "KD" not in st.hidden_from(0)
