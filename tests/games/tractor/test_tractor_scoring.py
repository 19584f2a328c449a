"""Scoring a deal (rules: "Points", "Levels"): the last trick's kitty multiplier, the level table
and who deals next, the next deal's level, and the match won beyond the Ace."""

from __future__ import annotations

from typing import Any

import pytest

from games.tractor.scoring import kitty_bonus, outcome, promote
from games.tractor.state import TractorState

SPADES = 3
KITTY = "KD 10D 5C 3C"  # 25 points


def last_trick(
    kit: Any, hands: dict[int, str], plays: list[str], *, before: tuple[int, int] = (0, 0),
    dealer: int = 0, levels: tuple[int, int] = (2, 2), kitty: str = KITTY, turn: int = 0,
) -> TractorState:  # fmt: skip
    """The deal's last trick, led by ``turn``, with ``before`` trick points already won."""
    state = kit.position(
        hands, trump=SPADES, level=levels[dealer % 2], dealer=dealer, levels=levels,
        kitty=kitty, turn=turn,
    )  # fmt: skip
    state.points = list(before)
    for n, cards in enumerate(plays):
        kit.play(state, (turn + n) % 4, cards)
    return state


@pytest.mark.parametrize(
    ("hands", "plays"),
    [
        ({0: "3H", 1: "AH", 2: "4H", 3: "6H"}, ["3H", "AH", "4H", "6H"]),
        (
            {0: "3H 3H'", 1: "AH AH'", 2: "4H 6H", 3: "7H 8H"},
            ["3H 3H'", "AH AH'", "4H 6H", "7H 8H"],
        ),
        (
            {0: "3H 3H' 4H 4H'", 1: "KH KH' AH AH'", 2: "6H 7H 8H 9H", 3: "6D 7D 8D 9D"},
            ["3H 3H' 4H 4H'", "KH KH' AH AH'", "6H 7H 8H 9H", "6D 7D 8D 9D"],
        ),
    ],
    ids=["single", "pair", "tractor"],
)
def test_attackers_taking_the_last_trick_add_the_kitty_times_twice_the_cards_each(
    kit: Any, hands: dict[int, str], plays: list[str]
) -> None:
    state = last_trick(kit, hands, plays, before=(0, 40))
    size = len(plays[0].split())
    assert state.previous is not None
    assert state.previous.kitty_points == 25
    assert state.previous.bonus == 25 * 2 * size
    assert state.previous.total == state.previous.points[1] + 25 * 2 * size
    assert state.view(3)["previous"]["bonus"] == 25 * 2 * size


def test_the_defenders_taking_the_last_trick_get_no_kitty_bonus(kit: Any) -> None:
    state = last_trick(
        kit, {0: "AH", 1: "3H", 2: "4H", 3: "6H"}, ["AH", "3H", "4H", "6H"], before=(60, 40)
    )
    assert state.previous is not None
    assert state.previous.bonus == 0 and state.previous.total == 40
    assert state.previous.points == (60, 40)


def test_the_kitty_bonus_is_the_kitty_points_times_twice_the_cards_each() -> None:
    assert kitty_bonus(25, 1) == 50
    assert kitty_bonus(25, 2) == 100
    assert kitty_bonus(25, 4) == 200
    assert kitty_bonus(0, 3) == 0


@pytest.mark.parametrize(
    ("total", "promoted", "promotion", "next_dealer"),
    [
        (0, "defenders", 3, "partner"),
        (5, "defenders", 2, "partner"),
        (35, "defenders", 2, "partner"),
        (40, "defenders", 1, "partner"),
        (75, "defenders", 1, "partner"),
        (80, "attackers", 0, "next"),
        (115, "attackers", 0, "next"),
        (120, "attackers", 1, "next"),
        (155, "attackers", 1, "next"),
        (160, "attackers", 2, "next"),
        (200, "attackers", 3, "next"),
        (240, "attackers", 4, "next"),
        (330, "attackers", 6, "next"),
    ],
)
def test_the_level_table_and_who_deals_next(
    total: int, promoted: str, promotion: int, next_dealer: str
) -> None:
    for dealer in range(4):
        result = outcome(dealer, total)
        defenders = dealer % 2
        assert result.promoted == (defenders if promoted == "defenders" else 1 - defenders)
        assert result.promotion == promotion
        expected = (dealer + 2) % 4 if next_dealer == "partner" else (dealer + 1) % 4
        assert result.next_dealer == expected


def test_defenders_holding_go_up_and_the_dealers_partner_deals_at_their_new_level(kit: Any) -> None:
    state = last_trick(
        kit, {0: "AH", 1: "3H", 2: "4H", 3: "6H"}, ["AH", "3H", "4H", "6H"],
        before=(100, 30), dealer=0, levels=(5, 9),
    )  # fmt: skip
    assert state.phase == "deal_over" and state.levels == [7, 9]
    kit.continue_all(state)
    assert state.dealer == 2 and state.level == 7 and state.turn == 2 and state.phase == "bid"


def test_attackers_taking_over_deal_next_from_the_old_dealers_next_seat(kit: Any) -> None:
    state = last_trick(
        kit, {1: "AH", 2: "3H", 3: "4H", 0: "6H"}, ["AH", "3H", "4H", "6H"],
        before=(20, 90), dealer=2, levels=(5, 9), turn=1, kitty="",
    )  # fmt: skip
    assert state.previous is not None and state.previous.total == 90
    assert state.levels == [5, 9], "80 to 115: no promotion"
    kit.continue_all(state)
    assert state.dealer == 3 and state.level == 9


def test_attackers_go_up_one_level_for_each_full_40_above_80(kit: Any) -> None:
    state = last_trick(
        kit, {1: "AH", 2: "3H", 3: "4H", 0: "6H"}, ["AH", "3H", "4H", "6H"],
        before=(0, 165), dealer=0, levels=(5, 9), turn=1, kitty="",
    )  # fmt: skip
    assert state.levels == [5, 11]
    kit.continue_all(state)
    assert state.dealer == 1 and state.level == 11


def test_a_team_reaching_the_ace_plays_on(kit: Any) -> None:
    state = last_trick(
        kit, {0: "AH", 1: "3H", 2: "4H", 3: "6H"}, ["AH", "3H", "4H", "6H"],
        before=(100, 10), dealer=0, levels=(12, 9),
    )  # fmt: skip
    assert state.levels == [14, 9] and state.phase == "deal_over" and not state.is_over()


def test_the_first_team_promoted_beyond_the_ace_wins_the_match(kit: Any) -> None:
    state = last_trick(
        kit, {0: "AH", 1: "3H", 2: "4H", 3: "6H"}, ["AH", "3H", "4H", "6H"],
        before=(100, 35), dealer=0, levels=(14, 9),
    )  # fmt: skip
    assert state.is_over() and state.winners == 0 and state.levels == [14, 9]
    assert state.pending() == [] and state.legal_actions(0) == []
    result = state.result()
    assert result is not None
    assert [(r.seat, r.placing, r.team, r.score) for r in result] == [
        (0, 1, 0, 14), (1, 2, 1, 9), (2, 1, 0, 14), (3, 2, 1, 9),
    ]  # fmt: skip


def test_attackers_can_win_the_match_beyond_the_ace_too(kit: Any) -> None:
    state = last_trick(
        kit, {1: "AH", 2: "3H", 3: "4H", 0: "6H"}, ["AH", "3H", "4H", "6H"],
        before=(0, 200), dealer=0, levels=(5, 12), turn=1, kitty="",
    )  # fmt: skip
    assert state.is_over() and state.winners == 1 and state.levels == [5, 14]


def test_levels_are_capped_at_the_ace() -> None:
    assert promote(12, 2) == (14, False)
    assert promote(13, 2) == (14, True)
    assert promote(14, 1) == (14, True)
    assert promote(14, 0) == (14, False)
