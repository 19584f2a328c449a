"""Hold'em against the engine contract: the settled hand on the state, decisions that are never
forced, the forfeit in every phase, the action codec and what each seat may not see."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from games.cards import parse_many
from games.core import DEALS_OPTION, IllegalAction, MalformedAction, RatingMode, SeatResult
from games.holdem import GAME
from games.holdem.hand_result import HandResult
from games.holdem.state import HoldemState
from games.one_poker.actions import Lock
from games.poker.betting import BetAction
from support.sizes import examples

SHOWDOWN = {
    "hole": {"0": ["AS", "AD"], "1": ["KS", "KD"], "2": ["KC", "QD"], "3": ["8C", "3D"]},
    "board": ["2C", "7D", "9H", "JS", "4C"],
}


def act(st: HoldemState, seat: int, kind: str, to: int = 0) -> None:
    assert st.pending()[0].seat == seat
    st.apply(seat, BetAction(kind, to))


def to_the_river(st: HoldemState) -> None:
    act(st, 3, "fold")
    act(st, 0, "call")
    act(st, 1, "fold")
    act(st, 2, "check")
    for _ in range(3):
        act(st, 2, "check")
        act(st, 0, "check")


# --- a hand is settled on the state before the next one is dealt --------------------------------


def test_the_settled_hand_is_kept_on_the_state_while_the_next_hand_starts() -> None:
    st = HoldemState.new(4, {DEALS_OPTION: [SHOWDOWN]}, 1)
    to_the_river(st)
    last = st.last_hand
    assert isinstance(last, HandResult) and last.hand_no == 0 and st.hand_no == 1
    assert last.showdown and last.shown == {
        0: tuple(parse_many("AS AD")),
        2: tuple(parse_many("KC QD")),
    }
    assert last.pots[0].winners == (0,) and last.pots[0].amount == 50
    assert last.stacks == (1030, 990, 980, 1000)
    assert st.view(None)["last_hand"] == last.to_json()


def test_settling_comes_before_any_event_of_the_next_hand() -> None:
    st = HoldemState.new(4, {DEALS_OPTION: [SHOWDOWN]}, 1)
    to_the_river(st)
    kinds = [e["kind"] for e in st.view(None)["last_events"]]
    assert kinds == ["action", "showdown", "hand_end", "hand_start"]
    hand_end = st.view(None)["last_events"][2]
    assert hand_end["stacks"] == list(st.last_hand.stacks if st.last_hand else ())


def test_the_result_of_a_match_ending_hand_is_on_the_state_and_no_hand_follows() -> None:
    deals = [
        {"hole": {"0": ["AS", "AD"], "1": ["KS", "KD"]}, "board": ["2C", "7D", "9H", "JS", "3C"]}
    ]
    st = HoldemState.new(2, {DEALS_OPTION: deals}, 1)
    act(st, 0, "raise", 1000)
    act(st, 1, "call")
    assert st.is_over() and st.last_hand is not None and st.last_hand.eliminated == (1,)
    assert st.hand_no == 0 and st.pending() == []


def test_a_hand_result_survives_a_snapshot() -> None:
    st = HoldemState.new(4, {DEALS_OPTION: [SHOWDOWN]}, 1)
    to_the_river(st)
    again = HoldemState.from_json(json.loads(json.dumps(st.to_json())))
    assert again.last_hand == st.last_hand


# --- forced decisions ---------------------------------------------------------------------------


def test_every_betting_decision_is_a_timed_real_choice_never_forced() -> None:
    """The rules have no Start or Continue step, and a seat to bet can always fold or check and
    call or raise, so nothing is ever forced."""
    for seed in range(examples(quick=3, thorough=30)):
        st = HoldemState.new(4, {"stacks": [40, 100, 300, 1000]}, seed)
        rng = random.Random(seed)
        while not st.is_over():
            (decision,) = st.pending()
            assert decision.forced is None and decision.timed and decision.fresh
            legal = st.legal_actions(decision.seat)
            assert len(legal) >= 2
            st.apply(decision.seat, rng.choice(list(legal)))


# --- forfeit ------------------------------------------------------------------------------------


def placings(results: Sequence[SeatResult]) -> dict[int, int]:
    return {r.seat: r.placing for r in results}


def assert_loser_last_others_first(st: HoldemState) -> None:
    for loser in range(st.n):
        before = st.to_json()
        results = list(st.forfeit(loser))
        assert placings(results) == {s: 2 if s == loser else 1 for s in range(st.n)}
        assert [r.team for r in results] == list(range(st.n))  # every seat its own team
        assert st.to_json() == before


@pytest.mark.parametrize("street", ["preflop", "flop", "turn", "river"])
def test_a_resigning_seat_places_last_and_all_others_share_first_on_every_street(
    street: str,
) -> None:
    st = HoldemState.new(4, {DEALS_OPTION: [SHOWDOWN]}, 1)
    for seat, kind in ((3, "call"), (0, "call"), (1, "call"), (2, "check")):
        if st.view(None)["street"] != street:
            act(st, seat, kind)
    while st.view(None)["street"] != street:
        for seat in (1, 2, 3, 0):
            act(st, seat, "check")
    assert_loser_last_others_first(st)


def test_a_resignation_after_an_elimination_still_ranks_only_the_loser_last() -> None:
    deals = [
        {"hole": {"1": ["2C", "7D"], "2": ["AS", "AD"]}, "board": ["3C", "8D", "9H", "JS", "4C"]}
    ]
    st = HoldemState.new(4, {"stacks": [1000, 10, 1000, 1000], DEALS_OPTION: deals}, 1)
    act(st, 3, "fold")
    act(st, 0, "fold")
    assert st.view(None)["eliminated"] == [False, True, False, False]
    assert_loser_last_others_first(st)


def test_the_game_rates_as_a_free_for_all() -> None:
    assert GAME.rating_mode is RatingMode.FFA


# --- the action codec ---------------------------------------------------------------------------


def test_the_codec_writes_todays_json() -> None:
    assert GAME.encode_action(BetAction("fold")) == {"kind": "fold"}
    assert GAME.encode_action(BetAction("check")) == {"kind": "check"}
    assert GAME.encode_action(BetAction("raise", 60)) == {"kind": "raise", "to": 60}
    assert GAME.decode_action({"kind": "bet", "to": 20}) == BetAction("bet", 20)


@pytest.mark.parametrize(
    "raw",
    [
        None,
        3,
        "call",
        [],
        {},
        [{"kind": "call"}],
        {"kind": None},
        {"kind": "shove"},
        {"kind": ["call"]},
        {"kind": "call", "to": 20},
        {"kind": "fold", "extra": 1},
        {"kind": "raise"},
        {"kind": "raise", "to": "60"},
        {"kind": "raise", "to": True},
        {"kind": "raise", "to": 60.0},
        {"kind": "raise", "to": 10**30},
        {"kind": "raise", "to": -5},
        {"kind": "raise", "to": [[[[60]]]]},
        {"kind": "lock", "card": "AS"},
    ],
)
def test_decoding_refuses_everything_but_todays_json(raw: Any) -> None:
    with pytest.raises(MalformedAction):
        GAME.decode_action(raw)


@pytest.mark.parametrize(
    "action",
    [
        None,
        {"kind": "call"},
        "call",
        Lock(12),
        BetAction("shove"),
        BetAction("raise", "60"),
        BetAction("raise", True),
        BetAction("call", 5),
        BetAction("fold", 1),
    ],
)
def test_apply_refuses_what_is_not_a_well_formed_holdem_action(action: Any) -> None:
    st = HoldemState.new(4, {}, 1)
    before = st.to_json()
    with pytest.raises(IllegalAction):
        st.apply(3, action)
    assert st.to_json() == before


# --- hidden cards -------------------------------------------------------------------------------


def test_hidden_are_the_other_holes_and_the_board_not_yet_dealt() -> None:
    st = HoldemState.new(4, {DEALS_OPTION: [SHOWDOWN]}, 1)
    board = {"2C", "7D", "9H", "JS", "4C"}
    assert st.hidden_from(0) == {"KS", "KD", "KC", "QD", "8C", "3D"} | board
    assert st.hidden_from(None) == {"AS", "AD", "KS", "KD", "KC", "QD", "8C", "3D"} | board
    for seat in (3, 0, 1):
        act(st, seat, "call")
    act(st, 2, "check")
    assert "2C" not in st.hidden_from(None) and "JS" in st.hidden_from(None)


def test_a_card_shown_in_the_last_hand_is_not_counted_as_hidden_in_the_next() -> None:
    second = {"hole": {"0": ["2C", "3C"], "1": ["AS", "4H"]}, "board": ["5S", "6S", "QH"]}
    st = HoldemState.new(4, {DEALS_OPTION: [SHOWDOWN, second]}, 1)
    to_the_river(st)
    assert st.hand_no == 1 and st.last_hand is not None
    hidden = st.hidden_from(2)
    assert "AS" not in hidden and "2C" not in hidden  # shown at the last showdown / on its board
    assert "4H" in hidden and "QH" in hidden
