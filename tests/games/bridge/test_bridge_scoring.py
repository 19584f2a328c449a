"""The score of a deal, named after the rules ("Scoring" in the Bridge section), and checked against
an independent implementation — endplay's duplicate scoring (a test dependency) — on every
contract, double status, vulnerability and number of tricks."""

from __future__ import annotations

from typing import Any

import pytest

from games.bridge.calls import CLUBS, DIAMONDS, HEARTS, NOTRUMP, SPADES
from games.bridge.scoring import contract_points, score


def items(level: int, strain: int, doubled: int, vul: bool, tricks: int) -> dict[str, int]:
    return {i.name: i.points for i in score(level, strain, doubled, vul, tricks).items}


def total(level: int, strain: int, doubled: int, vul: bool, tricks: int) -> int:
    return score(level, strain, doubled, vul, tricks).total


def test_contract_tricks_score_20_in_minors_30_in_majors_and_40_then_30_in_notrump() -> None:
    assert contract_points(3, CLUBS, 0) == contract_points(3, DIAMONDS, 0) == 60
    assert contract_points(3, HEARTS, 0) == contract_points(3, SPADES, 0) == 90
    assert contract_points(1, NOTRUMP, 0) == 40
    assert contract_points(3, NOTRUMP, 0) == 100


def test_contract_points_are_doubled_when_doubled_and_quadrupled_when_redoubled() -> None:
    assert contract_points(2, HEARTS, 1) == 120
    assert contract_points(1, CLUBS, 2) == 80
    assert contract_points(1, NOTRUMP, 2) == 160


def test_a_game_bonus_of_300_or_500_when_contract_points_reach_100_else_a_part_score_50() -> None:
    assert items(4, SPADES, 0, False, 10) == {"contract": 120, "game": 300}
    assert items(4, SPADES, 0, True, 10) == {"contract": 120, "game": 500}
    assert items(3, NOTRUMP, 0, False, 9)["game"] == 300
    assert items(5, CLUBS, 0, True, 11)["game"] == 500
    assert items(4, CLUBS, 0, True, 10) == {"contract": 80, "part_score": 50}
    assert items(2, HEARTS, 1, False, 8)["game"] == 300, "doubled into game"
    assert "game" not in items(1, CLUBS, 2, False, 7), "redoubled 1♣ is 80: a part-score"


def test_overtricks_never_turn_a_part_score_into_a_game() -> None:
    assert items(2, SPADES, 0, False, 10) == {"contract": 60, "part_score": 50, "overtricks": 60}
    assert total(2, SPADES, 0, False, 10) == 170


def test_a_small_slam_bid_and_made_earns_500_or_750_and_a_grand_slam_1000_or_1500() -> None:
    assert items(6, HEARTS, 0, False, 12)["small_slam"] == 500
    assert items(6, HEARTS, 0, True, 12)["small_slam"] == 750
    assert items(7, NOTRUMP, 0, False, 13)["grand_slam"] == 1000
    assert items(7, NOTRUMP, 0, True, 13)["grand_slam"] == 1500
    assert total(6, NOTRUMP, 0, False, 12) == 990
    assert total(7, SPADES, 0, True, 13) == 2210


def test_twelve_or_thirteen_tricks_without_a_slam_bid_earn_no_slam_bonus() -> None:
    assert set(items(4, SPADES, 0, False, 13)) == {"contract", "game", "overtricks"}


def test_making_a_doubled_contract_adds_50_and_a_redoubled_one_100() -> None:
    assert items(2, SPADES, 1, False, 8)["doubled_made"] == 50
    assert items(2, SPADES, 2, False, 8)["redoubled_made"] == 100
    assert total(1, NOTRUMP, 1, False, 7) == 180
    assert total(1, NOTRUMP, 2, True, 7) == 760


def test_undoubled_overtricks_score_20_in_minors_and_30_otherwise() -> None:
    assert items(1, CLUBS, 0, False, 9)["overtricks"] == 40
    assert items(1, DIAMONDS, 0, True, 9)["overtricks"] == 40
    assert items(1, HEARTS, 0, False, 9)["overtricks"] == 60
    assert items(1, NOTRUMP, 0, False, 9)["overtricks"] == 60


def test_doubled_overtricks_score_100_or_200_each_and_redoubled_twice_that() -> None:
    assert items(1, CLUBS, 1, False, 9)["overtricks"] == 200
    assert items(1, CLUBS, 1, True, 9)["overtricks"] == 400
    assert items(1, CLUBS, 2, False, 9)["overtricks"] == 400
    assert items(1, CLUBS, 2, True, 9)["overtricks"] == 800


def test_undoubled_undertricks_cost_50_or_100_each() -> None:
    assert total(4, SPADES, 0, False, 7) == -150
    assert total(4, SPADES, 0, True, 7) == -300
    assert items(4, SPADES, 0, True, 7) == {"undertricks": -300}


def test_doubled_undertricks_not_vulnerable_cost_100_200_200_then_300_each() -> None:
    assert [-total(7, NOTRUMP, 1, False, 13 - n) for n in range(1, 8)] == [
        100,
        300,
        500,
        800,
        1100,
        1400,
        1700,
    ]


def test_doubled_undertricks_vulnerable_cost_200_then_300_each() -> None:
    assert [-total(7, NOTRUMP, 1, True, 13 - n) for n in range(1, 6)] == [200, 500, 800, 1100, 1400]


def test_redoubled_undertricks_cost_twice_the_doubled_figures() -> None:
    for vul in (False, True):
        for down in range(1, 14):
            assert total(7, CLUBS, 2, vul, 13 - down) == 2 * total(7, CLUBS, 1, vul, 13 - down)


def test_a_defeated_contract_scores_no_trick_points_or_bonuses() -> None:
    outcome = score(6, SPADES, 1, True, 11)
    assert not outcome.made and outcome.difference == -1
    assert [(i.name, i.count, i.points) for i in outcome.items] == [("undertricks", 1, -200)]


def test_the_breakdown_adds_up_to_the_total() -> None:
    for level in range(1, 8):
        for strain in range(5):
            for doubled in range(3):
                for vul in (False, True):
                    for tricks in range(14):
                        outcome = score(level, strain, doubled, vul, tricks)
                        assert sum(i.points for i in outcome.items) == outcome.total
                        assert outcome.made == (tricks >= 6 + level)


@pytest.mark.parametrize(
    "bad",
    [
        (0, 0, 0, False, 7),
        (8, 0, 0, False, 7),
        (1, 5, 0, False, 7),
        (1, 0, 3, False, 7),
        (1, 0, 0, False, 14),
    ],
)
def test_impossible_contracts_are_refused(bad: tuple[int, int, int, bool, int]) -> None:
    with pytest.raises(ValueError):
        score(*bad)


# ---- against an independent implementation ----------------------------------------------------


def test_every_contract_result_and_vulnerability_scores_as_endplay_scores_it() -> None:
    """All 7 levels × 5 strains × 3 double statuses × 4 vulnerabilities × 2 declaring sides ×
    14 trick counts (11,760 deals) against endplay's ``Contract.score``."""
    from endplay import types  # a test dependency (pyproject.toml, the "dev" extra)

    denom = {
        CLUBS: types.Denom.clubs,
        DIAMONDS: types.Denom.diamonds,
        HEARTS: types.Denom.hearts,
        SPADES: types.Denom.spades,
        NOTRUMP: types.Denom.nt,
    }
    penalty = [types.Penalty.passed, types.Penalty.doubled, types.Penalty.redoubled]
    vuls = {"none": types.Vul.none, "ns": types.Vul.ns, "ew": types.Vul.ew, "both": types.Vul.both}
    declarers = {
        0: types.Player.south,
        1: types.Player.west,
        2: types.Player.north,
        3: types.Player.east,
    }
    from games.bridge.deals import vulnerable

    compared = 0
    for level in range(1, 8):
        for strain in range(5):
            for doubled in range(3):
                for vul_name, vul in vuls.items():
                    for seat, player in declarers.items():
                        for tricks in range(14):
                            theirs = types.Contract(
                                level=level,
                                denom=denom[strain],
                                declarer=player,
                                penalty=penalty[doubled],
                                result=tricks - 6 - level,
                            ).score(vul)
                            ours = total(level, strain, doubled, vulnerable(vul_name, seat), tricks)
                            assert ours == theirs, (level, strain, doubled, vul_name, seat, tricks)
                            compared += 1
    assert compared == 7 * 5 * 3 * 4 * 4 * 14


# ---- the score of a played deal ----------------------------------------------------------------


def test_north_south_and_east_west_show_equal_and_opposite_scores(kit: Any) -> None:
    for vulnerability, expected in (("none", 420), ("ns", 620), ("ew", 420), ("both", 620)):
        state = kit.state({0: "AS KS QS JS 10S 9S 8S 7S 6S 5S AH KH QH"}, "4S p p p", vulnerability)
        while not state.is_over():
            seat = state.pending()[0].seat
            state.apply(seat, state.legal_actions(seat)[0])
        won = state.tricks_won()[0]
        result = state.view(None)["result"]
        assert result["score"]["total"] == total(4, SPADES, 0, vulnerability in ("ns", "both"), won)
        assert result["scores"] == {"ns": result["score"]["total"], "ew": -result["score"]["total"]}
        if won == 10:
            assert result["score"]["total"] == expected
        placings = {r.seat: (r.placing, r.score) for r in state.result() or []}
        ns, ew = result["scores"]["ns"], result["scores"]["ew"]
        assert placings[0] == placings[2] == (1 if ns >= ew else 2, ns)
        assert placings[1] == placings[3] == (1 if ew >= ns else 2, ew)


def test_the_breakdown_is_shown_to_everyone_at_the_end(kit: Any) -> None:
    state = kit.state({0: "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"}, "7S x xx p p p", "ns")
    events = []
    while not state.is_over():
        seat = state.pending()[0].seat
        events += state.apply(seat, state.legal_actions(seat)[0])
    over = [e.data for e in events if e.kind == "deal_over"][0]
    assert over["score"] == {
        "made": True,
        "tricks": 13,
        "difference": 0,
        "items": [
            {"item": "contract", "count": 7, "points": 840},
            {"item": "game", "count": 0, "points": 500},
            {"item": "grand_slam", "count": 0, "points": 1500},
            {"item": "redoubled_made", "count": 0, "points": 100},
        ],
        "total": 2940,
    }
    assert over["vulnerable"] is True
    for seat in (None, 0, 1, 2, 3):
        assert state.view(seat)["result"]["score"] == over["score"]
