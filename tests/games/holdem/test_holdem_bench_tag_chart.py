"""The bench's tight-aggressive chart opponent (``tests/bench/holdem_tag_chart.py``, issue #32)
plays the chart its docstring describes: the figures in ``docs/games/holdem.md`` against it are
only worth what this opponent is."""

from __future__ import annotations

import random

from bench.holdem_tag_chart import (
    AIR,
    DEFEND_SMALL,
    MONSTER,
    OPEN_EARLY,
    OPEN_LATE,
    SECOND,
    STRONG,
    THREE_BET,
    TOP_WEAK,
    TagChartBot,
    chart,
    classify,
    combos,
)

from games.cards import parse_many
from games.holdem.state import HoldemState
from games.poker.betting import BetAction


def play(
    seats: int, hole: dict[str, list[str]], board: list[str], actions: list[tuple[int, str, int]]
) -> HoldemState:
    state = HoldemState.new(seats, {"deals": [{"hole": hole, "board": board}]}, 1)
    for seat, kind, to in actions:
        state.apply(seat, BetAction(kind, to))
    return state


def chart_choice(state: HoldemState, seat: int) -> BetAction:
    legal = state.legal_actions(seat)
    action = TagChartBot().choose(state.view(seat), legal, random.Random(0), 0)
    assert action.kind in {a.kind for a in legal}
    return action


def test_chart_ranges_have_the_documented_sizes() -> None:
    assert chart("77+, ATs+, KQo") == {"77", "88", "99", "TT", "JJ", "QQ", "KK", "AA"} | {
        "ATs",
        "AJs",
        "AQs",
        "AKs",
        "KQo",
    }
    share = {name: combos(r) / 1326 for name, r in (("early", OPEN_EARLY), ("late", OPEN_LATE))}
    assert 0.14 < share["early"] < 0.17 and 0.19 < share["late"] < 0.22
    assert 0.04 < combos(THREE_BET) / 1326 < 0.06
    assert 0.4 < combos(DEFEND_SMALL) / 1326 < 0.45


def test_chart_classifies_made_hands_and_draws() -> None:
    def klass(hole: str, board: str) -> tuple[str, int]:
        return classify(parse_many(hole), parse_many(board))

    assert klass("AS KD", "KH 7C 2D") == (STRONG, 0)
    assert klass("KS 9D", "KH 7C 2D") == (TOP_WEAK, 0)
    assert klass("7S 8S", "KH 7C 2D") == (SECOND, 0)
    assert klass("AS AD", "KH 7C 2D") == (STRONG, 0)
    assert klass("7S 7D", "KH 7C 2D") == (MONSTER, 0)
    assert klass("9S 8D", "10H 7C 2D") == (AIR, 8)  # open-ended straight draw
    assert klass("AS QD", "KH KC 5D 5C 5H") == (AIR, 0)  # the board plays


def test_chart_opens_by_position_and_folds_junk() -> None:
    # four seats: seat 3 acts first, seat 0 is the button
    state = play(4, {"3": ["AS", "JD"], "0": ["KC", "10D"]}, [], [])
    assert chart_choice(state, 3) == BetAction("raise", 60)
    state = play(4, {"3": ["KS", "10D"], "0": ["KC", "10H"]}, [], [])
    assert chart_choice(state, 3) == BetAction("fold")  # KTo: not an early open
    state.apply(3, BetAction("fold"))
    assert chart_choice(state, 0) == BetAction("raise", 60)  # but a button open
    state = play(4, {"3": ["7C", "2D"]}, [], [])
    assert chart_choice(state, 3) == BetAction("fold")


def test_chart_three_bets_and_defends_the_big_blind_by_the_raise_size() -> None:
    state = play(2, {"0": ["9C", "8D"], "1": ["QS", "QD"]}, [], [(0, "raise", 60)])
    assert chart_choice(state, 1) == BetAction("raise", 240)  # out of position: four times
    state = play(2, {"0": ["9C", "8D"], "1": ["KS", "7D"]}, [], [(0, "raise", 40)])
    assert chart_choice(state, 1) == BetAction("call")  # against a min-raise
    state = play(2, {"0": ["9C", "8D"], "1": ["KS", "7D"]}, [], [(0, "raise", 100)])
    assert chart_choice(state, 1) == BetAction("fold")  # not against five big blinds


def test_chart_calls_a_three_bet_with_a_strong_range_and_shoves_kings() -> None:
    three_bet = [(0, "raise", 60), (1, "raise", 240)]
    state = play(2, {"0": ["JS", "JD"], "1": ["9C", "8D"]}, [], three_bet)
    assert chart_choice(state, 0) == BetAction("call")
    state = play(2, {"0": ["KS", "KD"], "1": ["9C", "8D"]}, [], three_bet)
    assert chart_choice(state, 0) == BetAction("raise", 1000)
    state = play(2, {"0": ["AS", "5S"], "1": ["9C", "8D"]}, [], three_bet)
    assert chart_choice(state, 0) == BetAction("fold")


def test_chart_c_bets_two_thirds_of_the_pot_and_folds_air_to_a_bet() -> None:
    # the big blind (seat 1) calls the button's open and checks an ace-high rainbow flop
    opened = [(0, "raise", 60), (1, "call", 0), (1, "check", 0)]
    state = play(2, {"0": ["QS", "JD"], "1": ["9C", "8D"]}, ["AH", "7C", "2D"], opened)
    assert chart_choice(state, 0) == BetAction("bet", 80)  # air c-bet, two thirds of 120
    state = play(
        2,
        {"0": ["QS", "JD"], "1": ["9C", "8D"]},
        ["AH", "7C", "2D"],
        [(0, "raise", 60), (1, "call", 0), (1, "bet", 80)],
    )
    assert chart_choice(state, 0) == BetAction("fold")


def test_chart_raises_top_pair_good_kicker_and_calls_second_pair_by_pot_odds() -> None:
    facing_bet = [(0, "raise", 60), (1, "call", 0), (1, "bet", 80)]
    state = play(2, {"0": ["AS", "KD"], "1": ["9C", "8D"]}, ["KH", "7C", "2D"], facing_bet)
    assert chart_choice(state, 0).kind == "raise"
    state = play(2, {"0": ["7S", "8D"], "1": ["9C", "6D"]}, ["KH", "7C", "2D"], facing_bet)
    assert chart_choice(state, 0) == BetAction("call")  # 80 to win 200: 29 % < 30 %
    pot_bet = [(0, "raise", 60), (1, "call", 0), (1, "bet", 120)]
    state = play(2, {"0": ["7S", "8D"], "1": ["9C", "6D"]}, ["KH", "7C", "2D"], pot_bet)
    assert chart_choice(state, 0) == BetAction("fold")
