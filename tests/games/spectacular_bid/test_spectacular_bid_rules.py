"""Spectacular Bid rules on fixed deals: one test per rule and per example of the German seed.

Deals are written out in full so each test shows which tiles make its point; a few settlement tests
set up the end of a round directly (hands, line, empty boneyard) because reaching it by play would
hide the point behind forty moves.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.core import GameError, IllegalAction, MalformedAction, RatingMode, SeatResult, State
from games.spectacular_bid import GAME
from games.spectacular_bid.actions import (
    ACCEPT,
    DRAW,
    READY,
    REVEAL,
    WAIVE,
    Bid,
    Place,
    Raise,
)
from games.spectacular_bid.line import END_IDS, Line
from games.spectacular_bid.state import SpectacularBidState, net_cost
from games.spectacular_bid.tiles import ALL_TILES, Tile, round_to_five, tile

T = tuple[int, int]


def deal(hand0: list[T], hand1: list[T], boneyard: list[T] | None = None) -> list[list[int]]:
    """One entry of the "deals" option: seat 0's 7, seat 1's 7, then the boneyard in drawing
    order (``boneyard`` first, the unnamed tiles after it)."""
    named = [tile(*t) for t in hand0 + hand1 + (boneyard or [])]
    assert len(hand0) == 7 and len(hand1) == 7 and len(set(named)) == len(named)
    rest = [t for t in ALL_TILES if t not in named]
    return [list(t) for t in named + rest]


# Seat 1 holds [6|6] and must open; seat 0 holds [6|3] (15 with the spinner) and [6|4].
SPINNER_DEAL = deal(
    [(6, 3), (6, 4), (5, 0), (4, 1), (3, 2), (2, 1), (1, 0)],
    [(6, 6), (4, 4), (5, 2), (3, 1), (2, 0), (5, 1), (6, 0)],
)
# No doubles in either hand: [6|4] (10 pips) is the best tile; seat 1 can build a later spinner.
NO_DOUBLE_DEAL = deal(
    [(6, 4), (4, 1), (5, 0), (3, 0), (2, 1), (6, 1), (5, 3)],
    [(4, 2), (6, 2), (5, 2), (3, 2), (1, 0), (2, 0), (6, 3)],
)
# Seat 0 holds no 6 and must draw: first [0|0] (no fit), then [6|5] (fits).
DRAW_DEAL = deal(
    [(5, 0), (4, 1), (3, 2), (2, 1), (1, 0), (4, 0), (3, 1)],
    [(6, 6), (4, 4), (5, 2), (3, 0), (2, 0), (5, 1), (4, 2)],
    [(0, 0), (6, 5)],
)


def started(deals: list[list[list[int]]], **options: Any) -> SpectacularBidState:
    state = GAME.new_state(2, {"deals": deals, **options}, 7)
    assert isinstance(state, SpectacularBidState)
    state.apply(0, READY)
    state.apply(1, READY)
    return state


def place(state: SpectacularBidState, seat: int, t: T, end: str) -> None:
    state.apply(seat, Place(t, end))


def after_domino(
    round_deal: list[list[int]], jockey: int, balances: tuple[int, int] = (150, 150)
) -> SpectacularBidState:
    """Round 2 dealt after ``jockey`` went out in round 1: the auction is about to start."""
    state = GAME.new_state(2, {"deals": [round_deal, round_deal]}, 7)
    assert isinstance(state, SpectacularBidState)
    state.phase, state.round_no, state.jockey = "settlement", 1, jockey
    state.balances = list(balances)
    state.apply(0, READY)
    state.apply(1, READY)
    return state


def end_of_round(
    hands: list[list[T]], origin: T, turn: int = 0, balances: tuple[int, int] = (150, 150)
) -> SpectacularBidState:
    """A round in play with an empty boneyard and only ``origin`` on the table."""
    state = started([SPINNER_DEAL])
    state.hands = [[tile(*t) for t in h] for h in hands]
    state.boneyard = []
    state.line = Line()
    state.line.place(tile(*origin), -1, -1)
    state.turn = turn
    state.balances = list(balances)
    return state


def frozen(state: SpectacularBidState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def rejected(state: SpectacularBidState, seat: int, action: object) -> IllegalAction:
    before = frozen(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, action)  # type: ignore[arg-type]
    assert frozen(state) == before
    return info.value


def ends(state: SpectacularBidState) -> dict[str, tuple[int, int]]:
    return {e["end"]: (e["pips"], e["counts"]) for e in state.view(0)["open_ends"]}


# ------------------------------------------------------------------ the seed's worked examples
def test_score_of_15_turns_150_150_into_165_135() -> None:
    state = started([SPINNER_DEAL])
    place(state, 1, (6, 6), "origin")
    place(state, 0, (6, 3), "W")
    assert state.view(0)["count"] == 15
    assert state.balances == [165, 135]


def test_20_point_score_against_5_left_transfers_5_and_ends_match() -> None:
    state = started([SPINNER_DEAL])
    state.balances = [5, 295]
    place(state, 1, (6, 6), "origin")
    place(state, 0, (6, 4), "W")
    place(state, 1, (4, 4), "W")
    assert state.view(None)["count"] == 20
    assert state.balances == [0, 300]
    assert state.is_over() and state.pending() == []
    assert state.result() == [SeatResult(0, 2, 0, 0), SeatResult(1, 1, 1, 300)]


def blocked_round(light: int, heavy: int) -> SpectacularBidState:
    """Seat 0 plays [5|1] at E (ends 6 and 1) keeping ``light`` pips; seat 1 holds ``heavy`` pips
    with no 6 or 1; the boneyard is empty, so both pass and the round is blocked."""
    keep0 = {4: [(2, 2)], 6: [(2, 2), (2, 0)]}[light]
    hand1 = {18: [(4, 4), (3, 3), (4, 0)], 17: [(4, 4), (3, 3), (3, 0)], 6: [(3, 3)]}[heavy]
    state = end_of_round([[(5, 1), *keep0], hand1], (6, 5))
    place(state, 0, (5, 1), "E")
    return state


def test_blocked_round_4_vs_18_wins_20() -> None:
    state = blocked_round(4, 18)
    kinds = [e["kind"] for e in state.view(None)["last_events"]]
    assert kinds == ["placed", "passed", "passed", "paid", "round_over"]
    summary = state.view(1)["round_summary"]
    assert summary["reason"] == "blocked" and summary["pips"] == [4, 18]
    assert summary["winner"] == 0 and summary["paid"] == 20
    assert state.balances == [170, 130]


def test_blocked_round_6_vs_6_pays_nothing() -> None:
    state = blocked_round(6, 6)
    summary = state.view(0)["round_summary"]
    assert summary["pips"] == [6, 6] and summary["winner"] is None and summary["paid"] == 0
    assert state.balances == [150, 150]


def test_blocked_opponent_17_rounds_to_15() -> None:
    state = blocked_round(4, 17)
    assert state.balances == [165, 135]
    assert [round_to_five(n) for n in (16, 17, 18, 19, 20)] == [15, 15, 20, 20, 20]


def test_jockey_accepted_bid_of_20_costs_5_and_opponent_receives_5() -> None:
    state = after_domino(NO_DOUBLE_DEAL, jockey=0)
    state.apply(1, Bid(15))
    state.apply(0, Raise(20))
    state.apply(1, ACCEPT)
    assert state.balances == [145, 155]
    assert state.view(0)["opener_rule"] == "any" and state.to_act() == [0]
    assert state.view(0)["auction"] is None


def bank_used(elapsed_ms: int) -> int:
    """The platform's clock rule with this game's time control: the delay first, then the bank."""
    return max(0, elapsed_ms - GAME.time_control.delay_ms)


def test_decision_after_8_s_uses_no_bank() -> None:
    assert bank_used(8_000) == 0


def test_decision_after_13_s_uses_3_s_of_bank() -> None:
    assert bank_used(13_000) == 3_000


# ------------------------------------------------------------------------------- the match
def test_game_is_registered_as_a_timed_duel() -> None:
    assert GAME.slug == "spectacular_bid" and GAME.title == "Spectacular Bid"
    assert GAME.seat_counts == (2,) and GAME.rating_mode == "duel"
    assert GAME.rating_mode is RatingMode.DUEL
    assert (GAME.time_control.bank_ms, GAME.time_control.delay_ms) == (120_000, 10_000)
    assert [r.team for r in GAME.new_state(2, {}, 1).forfeit(0)] == [0, 1]
    assert list(GAME.bots) == ["random", "greedy", "expert"]
    assert isinstance(GAME.new_state(2, {}, 1), State)
    with pytest.raises(GameError, match="2"):
        GAME.new_state(3, {}, 1)
    with pytest.raises(GameError, match="two seats"):
        SpectacularBidState.new(3, {}, 1)


def test_each_player_starts_with_150_points() -> None:
    state = GAME.new_state(2, {}, 1)
    assert state.view(None)["balances"] == [150, 150]


def test_match_needs_start_from_both_seats_with_clocks_standing() -> None:
    state = GAME.new_state(2, {}, 1)
    assert isinstance(state, SpectacularBidState)
    assert state.view(None)["phase"] == "start"
    assert [(d.seat, d.timed) for d in state.pending()] == [(0, False), (1, False)]
    state.apply(1, READY)
    assert [d.seat for d in state.pending()] == [0]
    assert rejected(state, 1, READY).code == "already_ready"
    assert rejected(state, 0, DRAW).code == "waiting_for_ready"
    state.apply(0, READY)
    assert state.view(None)["phase"] == "play"


def test_result_places_winner_first_with_final_balance_as_score() -> None:
    state = started([SPINNER_DEAL])
    state.balances = [285, 15]
    place(state, 1, (6, 6), "origin")
    place(state, 0, (6, 3), "W")
    assert state.result() == [SeatResult(0, 1, 0, 300), SeatResult(1, 2, 1, 0)]
    assert state.view(1)["result"] == {"winner": 0, "balances": [300, 0]}


# ---------------------------------------------------------------------- deal and opening
def test_full_double_six_set_dealt_seven_each_fourteen_in_boneyard() -> None:
    state = started([])
    assert len(state.hands[0]) == len(state.hands[1]) == 7 and len(state.boneyard) == 14
    assert sorted(state.hands[0] + state.hands[1] + state.boneyard) == sorted(ALL_TILES)
    assert (0, 0) in ALL_TILES and len(ALL_TILES) == 28


def test_full_set_reshuffled_before_every_round() -> None:
    a = GAME.new_state(2, {}, 3)
    assert isinstance(a, SpectacularBidState)
    deals = []
    for _ in range(3):
        a.phase, a.ready = "settlement", [False, False]
        a.apply(0, READY)
        a.apply(1, READY)
        deals.append(a.hands[0] + a.hands[1] + a.boneyard)
    assert len({tuple(d) for d in deals}) == 3


def test_highest_double_must_open_with_it() -> None:
    state = started([SPINNER_DEAL])
    assert state.to_act() == [1]
    assert state.legal_actions(1) == [Place((6, 6), "origin")]
    err = rejected(state, 1, Place((4, 4), "origin"))
    assert err.code == "must_open_with" and "[6|6]" in err.message


def test_without_doubles_highest_pip_total_opens() -> None:
    state = started([NO_DOUBLE_DEAL])
    assert state.to_act() == [0]
    assert state.legal_actions(0) == [Place((6, 4), "origin")]


def test_equal_pip_totals_higher_half_opens() -> None:
    state = started(
        [
            deal(
                [(5, 4), (5, 3), (4, 1), (3, 0), (2, 1), (1, 0), (2, 0)],
                [(6, 3), (6, 2), (4, 2), (3, 2), (5, 1), (6, 0), (3, 1)],
            )
        ]
    )
    assert state.to_act() == [1]
    assert state.legal_actions(1) == [Place((6, 3), "origin")]


def test_opening_must_go_to_origin() -> None:
    state = started([SPINNER_DEAL])
    assert rejected(state, 1, Place((6, 6), "W")).code == "must_open"


def test_hands_are_private_to_their_owner() -> None:
    state = started([SPINNER_DEAL])
    mine = state.view(0)
    assert mine["hand"] == [list(t) for t in state.hands[0]]
    assert "hand" not in state.view(None)
    text = json.dumps(state.view(1)) + json.dumps(state.view(None))
    for t in state.hands[0]:
        assert json.dumps(list(t)) not in json.dumps(state.view(1)["hand"])
    assert 'boneyard": [' not in text and "hands" not in text


# -------------------------------------------------------------------- placing and counting
def test_tile_must_join_an_end_showing_the_same_number() -> None:
    state = started([SPINNER_DEAL])
    place(state, 1, (6, 6), "origin")
    err = rejected(state, 0, Place((5, 0), "W"))
    assert err.code == "no_match" and "shows 6" in err.message
    assert rejected(state, 0, Place((6, 6), "W")).code == "not_in_hand"
    assert rejected(state, 0, Place((6, 3), "origin")).code == "origin_taken"


def test_opening_double_alone_counts_both_halves() -> None:
    state = started([SPINNER_DEAL])
    place(state, 1, (6, 6), "origin")
    assert ends(state) == {"W": (6, 6), "E": (6, 6)}
    assert state.view(0)["count"] == 12
    assert state.view(0)["line"]["spinner"] == {"tile": [6, 6], "arm": "origin", "index": 0}


def test_spinner_with_one_main_arm_empty_still_counts_both_halves() -> None:
    state = started([SPINNER_DEAL])
    place(state, 1, (6, 6), "origin")
    place(state, 0, (6, 3), "W")
    assert ends(state) == {"W": (3, 3), "E": (6, 12)}


def test_spinner_side_arms_open_only_after_both_main_arms() -> None:
    state = started([SPINNER_DEAL])
    place(state, 1, (6, 6), "origin")
    place(state, 0, (6, 3), "W")
    assert rejected(state, 1, Place((6, 0), "N")).code == "end_closed"
    place(state, 1, (6, 0), "E")
    assert ends(state) == {"W": (3, 3), "E": (0, 0), "N": (6, 0), "S": (6, 0)}


def test_unused_side_arms_count_zero_once_main_arms_are_occupied() -> None:
    state = started([SPINNER_DEAL])
    place(state, 1, (6, 6), "origin")
    place(state, 0, (6, 3), "W")
    place(state, 1, (6, 0), "E")
    assert state.view(0)["count"] == 3


def test_side_arm_with_tiles_counts_its_far_end() -> None:
    state = started([SPINNER_DEAL])
    for seat, t, end in [
        (1, (6, 6), "origin"),
        (0, (6, 3), "W"),
        (1, (6, 0), "E"),
        (0, (6, 4), "N"),
    ]:
        place(state, seat, t, end)
    assert ends(state)["N"] == (4, 4) and state.view(0)["count"] == 7
    assert state.view(0)["line"]["arms"]["N"] == [[6, 4]]


def test_later_double_at_an_end_counts_both_halves_and_never_branches() -> None:
    state = started([SPINNER_DEAL])
    for seat, t, end in [
        (1, (6, 6), "origin"),
        (0, (6, 3), "W"),
        (1, (6, 0), "E"),
        (0, (6, 4), "N"),
        (1, (4, 4), "N"),
    ]:
        place(state, seat, t, end)
    assert ends(state) == {"W": (3, 3), "E": (0, 0), "N": (4, 8), "S": (6, 0)}
    assert state.view(0)["line"]["spinner"]["tile"] == [6, 6]


def test_double_at_an_open_end_counts_both_halves() -> None:
    state = started([SPINNER_DEAL])
    place(state, 1, (6, 6), "origin")
    place(state, 0, (6, 4), "W")
    place(state, 1, (4, 4), "W")
    assert ends(state) == {"W": (4, 8), "E": (6, 12)}
    assert state.balances == [130, 170]


def test_non_double_opening_tile_counts_both_halves() -> None:
    state = after_domino(NO_DOUBLE_DEAL, jockey=0)
    state.apply(1, WAIVE)
    place(state, 0, (6, 4), "origin")
    assert ends(state) == {"W": (6, 6), "E": (4, 4)}
    assert state.balances == [160, 140]


def test_first_double_placed_later_becomes_the_spinner() -> None:
    hands = (
        [(6, 4), (4, 1), (5, 0), (3, 0), (2, 1), (6, 1), (5, 3)],
        [(4, 4), (4, 2), (6, 2), (5, 2), (3, 2), (1, 0), (2, 0)],
    )
    state = after_domino(deal(*hands), jockey=0)
    state.apply(1, WAIVE)
    place(state, 0, (6, 4), "origin")
    place(state, 1, (4, 4), "E")
    assert state.view(0)["line"]["spinner"] == {"tile": [4, 4], "arm": "E", "index": 0}
    assert ends(state) == {"W": (6, 6), "E": (4, 8)}
    place(state, 0, (4, 1), "E")
    assert ends(state) == {"W": (6, 6), "E": (1, 1), "N": (4, 0), "S": (4, 0)}
    place(state, 1, (4, 2), "N")
    assert state.view(0)["count"] == 9
    assert state.view(0)["line"]["arms"] == {"W": [], "E": [[4, 4], [4, 1]], "N": [[4, 2]], "S": []}


def test_count_that_is_no_multiple_of_five_pays_nothing() -> None:
    state = started([SPINNER_DEAL])
    place(state, 1, (6, 6), "origin")
    assert state.view(0)["count"] == 12 and state.balances == [150, 150]


def test_count_of_zero_pays_nothing() -> None:
    state = started(
        [
            deal(
                [(0, 0), (5, 4), (4, 1), (3, 2), (2, 1), (1, 0), (2, 0)],
                [(6, 3), (6, 2), (4, 2), (3, 1), (5, 1), (6, 0), (5, 0)],
            )
        ]
    )
    place(state, 0, (0, 0), "origin")
    assert state.view(1)["count"] == 0 and state.balances == [150, 150]
    assert [e["kind"] for e in state.view(1)["last_events"]] == ["placed"]


def test_turn_passes_to_opponent_after_a_double_or_a_score() -> None:
    state = started([SPINNER_DEAL])
    place(state, 1, (6, 6), "origin")
    assert state.to_act() == [0]
    place(state, 0, (6, 3), "W")
    assert state.to_act() == [1]


# ------------------------------------------------------------ drawing, passing, going out
def test_draw_only_when_no_tile_can_be_placed() -> None:
    state = started([SPINNER_DEAL])
    place(state, 1, (6, 6), "origin")
    err = rejected(state, 0, DRAW)
    assert err.code == "can_place"


def test_unplayable_draw_continues_the_same_turn() -> None:
    state = started([DRAW_DEAL])
    place(state, 1, (6, 6), "origin")
    assert state.legal_actions(0) == [DRAW]
    events = state.apply(0, DRAW)
    assert state.hands[0][-1] == (0, 0) and state.to_act() == [0]
    assert state.pending()[0].fresh is False
    assert state.legal_actions(0) == [DRAW]
    assert events[0].private == {0: {"tile": [0, 0]}} and "tile" not in events[0].data


def test_playable_drawn_tile_must_be_played_at_once() -> None:
    state = started([DRAW_DEAL])
    place(state, 1, (6, 6), "origin")
    state.apply(0, DRAW)
    state.apply(0, DRAW)
    assert state.legal_actions(0) == [
        Place((6, 5), "W"),
        Place((6, 5), "E"),
    ]
    assert rejected(state, 0, DRAW).code == "can_place"
    assert state.pending()[0].fresh is False
    place(state, 0, (6, 5), "E")
    assert state.pending()[0].fresh is True and state.to_act() == [1]


def test_pass_is_applied_automatically_when_neither_placing_nor_drawing_is_possible() -> None:
    state = end_of_round([[(5, 1), (1, 1)], [(4, 4), (3, 3)]], (6, 5))
    events = state.apply(0, Place((5, 1), "E"))
    assert [e.kind for e in events] == ["placed", "passed"]
    assert state.to_act() == [0] and state.legal_actions(1) == []
    assert state.view(0)["round_log"][-1] == {"kind": "passed", "seat": 1, "open": [1, 6]}


def test_going_out_ends_round_without_bonus_and_makes_the_jockey() -> None:
    state = end_of_round([[(5, 1)], [(4, 4), (3, 3)]], (6, 5))
    place(state, 0, (5, 1), "E")
    view = state.view(1)
    assert view["phase"] == "settlement" and view["jockey"] == 0
    assert view["round_summary"]["reason"] == "domino"
    assert state.balances == [150, 150]
    assert [d.timed for d in state.pending()] == [False, False]


def test_after_domino_round_next_opening_is_auctioned_non_jockey_first() -> None:
    state = end_of_round([[(5, 1)], [(4, 4), (3, 3)]], (6, 5))
    place(state, 0, (5, 1), "E")
    state.apply(0, READY)
    state.apply(1, READY)
    view = state.view(1)
    assert view["phase"] == "auction" and view["opener_rule"] == "auction"
    assert view["auction"]["speaker"] == 1 and view["auction"]["discount_seat"] == 0
    assert (
        view["auction"]["max_affordable"] == 150
        and state.view(0)["auction"]["max_affordable"] == 165
    )
    assert state.legal_actions(1)[:3] == [
        WAIVE,
        Bid(15),
        Bid(20),
    ]


def test_after_blocked_round_rank_opening_returns_without_jockey() -> None:
    state = end_of_round([[(5, 1), (2, 2)], [(4, 4), (3, 3), (4, 0)]], (6, 5))
    state.jockey = 1
    place(state, 0, (5, 1), "E")
    state.apply(0, READY)
    state.apply(1, READY)
    assert state.view(0)["jockey"] is None and state.view(0)["opener_rule"] == "rank"
    assert state.view(0)["phase"] == "play"


# -------------------------------------------------------------------------------- auction
def test_waiver_lets_the_jockey_open_free_with_any_tile() -> None:
    state = after_domino(NO_DOUBLE_DEAL, jockey=0)
    state.apply(1, WAIVE)
    assert state.balances == [150, 150] and state.to_act() == [0]
    assert state.pending()[0].fresh is True
    assert len(state.legal_actions(0)) == 7
    place(state, 0, (1, 4), "origin")
    assert state.view(0)["line"]["origin"] == [4, 1]


def test_jockey_cannot_waive_or_bid_first() -> None:
    state = after_domino(NO_DOUBLE_DEAL, jockey=0)
    assert rejected(state, 0, WAIVE).code == "not_your_turn"
    assert rejected(state, 1, ACCEPT).code == "no_bid"


def test_bid_below_minimum_of_15_rejected() -> None:
    state = after_domino(NO_DOUBLE_DEAL, jockey=0)
    err = rejected(state, 1, Bid(10))
    assert err.code == "below_minimum" and "15" in err.message


def test_bids_must_be_multiples_of_five() -> None:
    state = after_domino(NO_DOUBLE_DEAL, jockey=0)
    assert rejected(state, 1, Bid(17)).code == "not_multiple_of_five"


def test_raise_smaller_than_5_rejected() -> None:
    state = after_domino(NO_DOUBLE_DEAL, jockey=0)
    state.apply(1, Bid(15))
    err = rejected(state, 0, Raise(15))
    assert err.code == "raise_too_small" and "at least 5" in err.message
    assert rejected(state, 0, Bid(30)).code == "bid_stands"


def test_bid_above_what_the_balance_allows_rejected() -> None:
    state = after_domino(NO_DOUBLE_DEAL, jockey=0, balances=(200, 100))
    err = rejected(state, 1, Bid(105))
    assert err.code == "unaffordable" and "balance of 100" in err.message


def test_jockey_discount_lets_the_jockey_bid_15_above_the_balance() -> None:
    state = after_domino(NO_DOUBLE_DEAL, jockey=0, balances=(100, 200))
    state.apply(1, Bid(15))
    assert state.legal_actions(0)[-1] == Raise(115)
    assert rejected(state, 0, Raise(120)).code == "unaffordable"


def test_raise_puts_the_other_player_on_a_fresh_clock() -> None:
    state = after_domino(NO_DOUBLE_DEAL, jockey=0)
    state.apply(1, Bid(15))
    assert [(d.seat, d.fresh, d.timed) for d in state.pending()] == [(0, True, True)]
    state.apply(0, Raise(25))
    assert [(d.seat, d.fresh) for d in state.pending()] == [(1, True)]
    assert state.view(None)["auction"]["min_raise"] == 30


def test_accepted_bidder_pays_opponent_and_opens_with_any_tile() -> None:
    state = after_domino(NO_DOUBLE_DEAL, jockey=0)
    state.apply(1, Bid(15))
    state.apply(0, ACCEPT)
    assert state.balances == [165, 135]
    assert state.to_act() == [1] and len(state.legal_actions(1)) == 7


def test_jockey_discount_applies_only_to_the_jockeys_own_accepted_bid() -> None:
    assert net_cost(15, bidder=1, jockey=0) == 15
    assert net_cost(20, bidder=0, jockey=0) == 5
    assert net_cost(10, bidder=0, jockey=0) == 0
    assert net_cost(20, bidder=0, jockey=None) == 20


def test_bid_costing_the_whole_balance_is_allowed_and_loses_at_once() -> None:
    state = after_domino(NO_DOUBLE_DEAL, jockey=0, balances=(270, 30))
    state.apply(1, Bid(30))
    state.apply(0, ACCEPT)
    assert state.balances == [300, 0] and state.is_over()
    assert state.line.origin is None and state.view(0)["result"]["winner"] == 0


def test_who_cannot_pay_the_minimum_bid_must_waive() -> None:
    state = after_domino(NO_DOUBLE_DEAL, jockey=0, balances=(290, 10))
    assert state.legal_actions(1) == [WAIVE]


def test_who_cannot_afford_the_minimum_raise_must_accept() -> None:
    state = after_domino(NO_DOUBLE_DEAL, jockey=0, balances=(280, 20))
    state.apply(1, Bid(15))
    state.apply(0, Raise(20))
    assert state.legal_actions(1) == [ACCEPT]


def test_opening_right_creates_no_points() -> None:
    state = after_domino(NO_DOUBLE_DEAL, jockey=1)
    state.apply(0, Bid(40))
    state.apply(1, ACCEPT)
    assert sum(state.balances) == 300 and state.balances == [110, 190]


# ----------------------------------------------------------------- clock and hand-over
def test_bank_120_s_and_delay_10_s_per_fresh_decision() -> None:
    assert bank_used(10_000) == 0 and bank_used(130_000) == GAME.time_control.bank_ms


def test_drawing_within_the_turn_does_not_restart_the_delay() -> None:
    state = started([DRAW_DEAL])
    place(state, 1, (6, 6), "origin")
    assert state.pending()[0].fresh is True
    state.apply(0, DRAW)
    assert state.pending()[0].fresh is False


def test_hand_over_reveal_precedes_every_change_of_player_untimed() -> None:
    state = started([SPINNER_DEAL], hand_over=True)
    assert [(d.seat, d.timed) for d in state.pending()] == [(1, False)]
    assert state.legal_actions(1) == [REVEAL]
    assert rejected(state, 1, Place((6, 6), "origin")).code == "hand_over_pending"
    state.apply(1, REVEAL)
    assert [(d.seat, d.timed) for d in state.pending()] == [(1, True)]
    place(state, 1, (6, 6), "origin")
    assert [(d.seat, d.timed) for d in state.pending()] == [(0, False)]
    assert state.view(0)["hand_over"] == {"reveal_for": 0, "shown": 1}
    state.apply(0, REVEAL)
    assert rejected(state, 0, REVEAL).code == "no_hand_over"


# --------------------------------------------------------------------- bad input, codec
def test_acting_out_of_turn_rejected() -> None:
    state = started([SPINNER_DEAL])
    err = rejected(state, 0, Place((6, 3), "origin"))
    assert err.code == "not_your_turn" and "seat 1" in err.message


def test_auction_actions_outside_auction_rejected() -> None:
    state = started([SPINNER_DEAL])
    assert rejected(state, 1, Bid(15)).code == "no_auction"
    auction = after_domino(NO_DOUBLE_DEAL, jockey=0)
    assert rejected(auction, 1, DRAW).code == "auction_running"


def test_malformed_actions_rejected_without_change() -> None:
    state = started([SPINNER_DEAL])
    bad: Any
    for bad in [
        None,
        [],
        {"kind": "jump"},
        {"kind": "place", "tile": [7, 1], "end": "W"},
        {"kind": "place", "tile": [6, 6], "end": "X"},
        {"kind": "bid", "amount": "15"},
        {"kind": "bid", "amount": True},
        {"kind": "place", "tile": [6], "end": "W"},
    ]:
        err = rejected(state, 1, bad)
        assert isinstance(err, MalformedAction)
        with pytest.raises(MalformedAction):
            GAME.decode_action(bad)


def test_tiles_are_order_insensitive_on_input() -> None:
    decoded = GAME.decode_action({"kind": "place", "tile": [3, 6], "end": "W"})
    assert GAME.encode_action(decoded) == {
        "kind": "place",
        "tile": [6, 3],
        "end": "W",
    }
    state = started([SPINNER_DEAL])
    place(state, 1, (6, 6), "origin")
    place(state, 0, (3, 6), "W")
    assert state.view(0)["line"]["arms"]["W"] == [[6, 3]]


def test_fixed_deal_option_must_hold_the_full_set() -> None:
    with pytest.raises(GameError, match="28"):
        GAME.new_state(2, {"deals": [[[6, 6]]]}, 1)
    with pytest.raises(GameError, match="exactly once"):
        GAME.new_state(2, {"deals": [[[6, 6]] * 28]}, 1)


def test_snapshot_round_trips() -> None:
    state = started([DRAW_DEAL], hand_over=True)
    state.apply(1, REVEAL)
    place(state, 1, (6, 6), "origin")
    data = json.loads(json.dumps(state.to_json()))
    again = GAME.state_from_json(data)
    assert again.to_json() == state.to_json()
    assert again.view(0) == state.view(0)


def test_count_after_matches_placing() -> None:
    """The AI's fast count agrees with the engine's on every placement of a few played lines."""
    state = started([SPINNER_DEAL])
    for seat, t, end in [(1, (6, 6), "origin"), (0, (6, 3), "W"), (1, (6, 0), "E")]:
        line = state.line
        total = line.count()
        for e, p, c in line.ends():
            for cand in ALL_TILES:
                if p in cand and cand not in line.tiles():
                    trial: Line = line.copy()
                    trial.place(cand, e, p)
                    assert line.count_after(cand, e, p, c, total) == trial.count()
        place(state, seat, t, end)
    assert END_IDS["N"] == 2


def test_tile_helper_is_canonical() -> None:
    t: Tile = tile(2, 5)
    assert t == (5, 2)
