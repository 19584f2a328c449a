"""The analysis of a finished Bridge deal (games/bridge/analysis.py): the double-dummy table, par
and the cards that cost a trick."""

from __future__ import annotations

import random
from typing import Any

import pytest
from endplay.dds import calc_dd_table
from endplay.types import Deal, Denom, Player

from games.bridge import analysis, dds
from games.bridge.actions import Play
from games.bridge.state import BridgeState

# Each seat holds one whole suit: South spades, West hearts, North diamonds, East clubs.
SUITS = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"


def one_suit_each(kit: Any, calls: str) -> BridgeState:
    hands = {
        kit.SOUTH: SUITS,
        kit.WEST: SUITS.replace("S", "H"),
        kit.NORTH: SUITS.replace("S", "D"),
        kit.EAST: SUITS.replace("S", "C"),
    }
    return kit.state(hands, calls)


def finish_at_random(state: BridgeState, rng: random.Random) -> None:
    while not state.is_over():
        seat = state.pending()[0].seat
        plays = [a for a in state.legal_actions(seat) if isinstance(a, Play)]
        state.apply(seat, rng.choice(plays))


def test_the_table_of_one_suit_each_is_the_hand_checked_one(kit: Any) -> None:
    # In no trump the declarer's left-hand opponent leads its suit and runs all 13; with a
    # suit trumps, its holder's side ruffs the lead and draws the rest.
    state = one_suit_each(kit, "p p p p")
    table, _raw = analysis.dd_table(state.deal)
    assert table == {
        "NT": [0, 0, 0, 0],
        "S": [13, 0, 13, 0],
        "H": [0, 13, 0, 13],
        "D": [13, 0, 13, 0],
        "C": [0, 13, 0, 13],
    }


def test_par_of_one_suit_each_is_the_grand_slam_in_spades_for_north_south(kit: Any) -> None:
    # Both sides make a grand slam in their major; spades outrank hearts, and 7NT doubled by
    # East-West would go down 13: par is 7S by North or South, +1510 not vulnerable.
    result = analysis.analyse_deal(one_suit_each(kit, "p p p p").to_json())
    par = result["par"]
    assert par["score"] == 1510
    assert {(c["level"], c["strain"], c["declarer"], c["doubled"]) for c in par["contracts"]} == {
        (7, "S", 0, 0),
        (7, "S", 2, 0),
    }


@pytest.mark.parametrize("seed", [3, 11])
def test_the_table_agrees_with_endplay_asked_directly(seed: int) -> None:
    state = BridgeState.new(4, {}, seed)
    pbn = "S:" + " ".join(
        ".".join(
            "".join(
                "23456789TJQKA"[c % 13]
                for c in sorted(state.deal[seat], reverse=True)
                if c // 13 == suit
            )
            for suit in (3, 2, 1, 0)
        )
        for seat in range(4)
    )
    direct = calc_dd_table(Deal(pbn))
    table, _raw = analysis.dd_table(state.deal)
    players = {0: Player.south, 1: Player.west, 2: Player.north, 3: Player.east}
    denoms = {
        "C": Denom.clubs,
        "D": Denom.diamonds,
        "H": Denom.hearts,
        "S": Denom.spades,
        "NT": Denom.nt,
    }
    for strain, row in table.items():
        assert row == [direct[denoms[strain], players[s]] for s in range(4)]


def test_a_passed_out_deal_has_a_table_and_par_but_no_cards(kit: Any) -> None:
    result = analysis.analyse_deal(one_suit_each(kit, "p p p p").to_json())
    assert result["cards"] == [] and result["version"] == analysis.VERSION


def test_a_deal_in_play_is_refused(kit: Any) -> None:
    state = one_suit_each(kit, "7S p p p")
    with pytest.raises(ValueError, match="not over"):
        analysis.analyse_deal(state.to_json())


@pytest.mark.parametrize("seed", [5, 8])
def test_the_costs_account_for_every_trick_between_double_dummy_and_the_table(
    kit: Any, seed: int
) -> None:
    """Perfect play keeps the declarer's double-dummy tricks; each card that costs its side ``c``
    moves them by ``c`` — so the tricks taken are the table's figure, less the declarer's side's
    costs, plus the defenders'. Holds for any play, here a random one."""
    state = BridgeState.new(4, {}, seed)
    kit.auction(state, "1NT p p p")
    finish_at_random(state, random.Random(seed))
    result = analysis.analyse_deal(state.to_json())
    cards = result["cards"]
    assert len(cards) == 52 and [c["index"] for c in cards] == list(range(52))
    declarer = state.contract.declarer  # type: ignore[union-attr]
    ours = sum(c["cost"] for c in cards if c["seat"] % 2 == declarer % 2)
    theirs = sum(c["cost"] for c in cards if c["seat"] % 2 != declarer % 2)
    assert ours + theirs > 0  # random play errs
    taken = state.tricks_won()[declarer]
    assert taken == result["table"]["NT"][declarer] - ours + theirs


def test_a_double_dummy_line_has_no_flags_and_one_thrown_trick_is_flagged(kit: Any) -> None:
    state = BridgeState.new(4, {}, 4)
    kit.auction(state, "1NT p p p")
    thrown: int | None = None
    while not state.is_over():
        seat = state.pending()[0].seat
        hands = [sum(1 << c for c in h) for h in state.hands]
        values = dds.card_values(hands, state.leader, state.trick, 4)
        best = max(values.values())
        worse = [c for c, v in values.items() if v < best]
        played = len(state.tricks) * 4 + len(state.trick)
        if thrown is None and worse and played >= 4:
            thrown, card = played, worse[0]
            cost = best - values[card]
        else:
            card = next(c for c, v in values.items() if v == best)
        state.apply(seat, Play(card))
    assert thrown is not None
    cards = analysis.analyse_deal(state.to_json())["cards"]
    flagged = [(c["index"], c["cost"]) for c in cards if c["cost"]]
    assert flagged == [(thrown, cost)]
