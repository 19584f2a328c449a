"""Claims, named after the rule: the declarer claims n of the remaining tricks; the engine (which
knows every hand) accepts when double-dummy play agrees the declarer's side takes at least n
against best defence — the play ends and the deal is scored — and otherwise refuses, the refusal
staying in the record while play continues from the same position."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.bridge import GAME
from games.bridge import state as state_module
from games.bridge.actions import Claim, Play, decode_action, encode_action
from games.bridge.bots import ExpertBot, GreedyBot, RandomBot
from games.bridge.deals import DECK
from games.bridge.solver import Solver, mask_of
from games.bridge.state import BridgeState
from games.core import IllegalAction, MalformedAction, event_for

# South holds the top of every suit: thirteen sure tricks in no trump.
TOP_DEAL = {
    0: "AS KS QS JS AH KH QH JH AD KD QD JD AC",
    1: "10S 9S 8S 10H 9H 8H 10D 9D 8D KC QC JC 10C",
    2: "7S 6S 5S 7H 6H 5H 7D 6D 5D 9C 8C 7C 6C",
    3: "4S 3S 2S 4H 3H 2H 4D 3D 2D 5C 4C 3C 2C",
}
# South declares 4S; West holds the top diamonds, so the defence has tricks to take.
SPADES_DEAL = {
    0: "AS KS QS JS 10S AH KH QH 2D 3D 4D 5D 6D",
    1: "9S 8S 7S JH 10H 9H 8H AD KD QD JD 2C 3C",
    2: "6S 5S 4S 7H 6H 5H 4H 10D 9D 8D 7D 4C 5C",
    3: "3S 2S 3H 2H AC KC QC JC 10C 9C 8C 7C 6C",
}


def grand_slam(kit: Any) -> BridgeState:
    """7NT by South after West's opening lead of the king of clubs (North, dummy, to play)."""
    state: BridgeState = kit.state(TOP_DEAL, "7NT p p p")
    kit.play(state, "KC")
    return state


def spades_game(kit: Any) -> BridgeState:
    state: BridgeState = kit.state(SPADES_DEAL, "1S p 4S p p p")
    kit.play(state, "JH")
    return state


def kinds(events: Any) -> list[str]:
    return [e.kind for e in events]


def test_a_claim_that_double_dummy_play_confirms_ends_the_deal_and_scores_it(kit: Any) -> None:
    state = grand_slam(kit)
    assert state.pending()[0].seat == kit.SOUTH  # the declarer, for the dummy
    events = state.apply(kit.SOUTH, Claim(13))
    assert kinds(events) == ["claim_accepted", "deal_over"]
    assert events[0].data == {"seat": kit.SOUTH, "tricks": 13, "remaining": 13}
    assert state.is_over() and state.pending() == []
    assert state.tricks_won() == [13, 0]
    result = state.view(kit.WEST)["result"]
    assert result["claimed"] == {"tricks": 13, "remaining": 13}
    # 7NT not vulnerable: 220 contract points + 300 game + 1000 grand slam.
    assert result["score"]["total"] == 1520 and result["scores"] == {"ns": 1520, "ew": -1520}
    assert [r.placing for r in state.result() or []] == [1, 2, 1, 2]


def test_a_claim_of_fewer_tricks_than_available_gives_the_rest_to_the_defenders(kit: Any) -> None:
    state = grand_slam(kit)
    events = state.apply(kit.SOUTH, Claim(12))
    assert kinds(events) == ["claim_accepted", "deal_over"]
    assert state.tricks_won() == [12, 1]
    assert state.outcome is not None and state.outcome.total == -50  # one down


def test_a_claim_mid_deal_counts_the_tricks_already_played(kit: Any) -> None:
    state = grand_slam(kit)
    kit.play(state, "6C 2C AC")  # South wins the first trick
    assert state.tricks_won() == [1, 0]
    state.apply(kit.SOUTH, Claim(12))
    assert state.tricks_won() == [13, 0] and state.view(None)["tricks_won"] == [13, 0]


def test_a_claim_that_is_not_safe_is_refused_and_play_continues_unchanged(kit: Any) -> None:
    state = spades_game(kit)
    before = state.to_json()
    events = state.apply(kit.SOUTH, Claim(13))
    assert kinds(events) == ["claim_refused"]
    assert events[0].data == {
        "seat": kit.SOUTH,
        "tricks": 13,
        "remaining": 13,
        "reason": "not_safe",
    }
    after = state.to_json()
    assert after.pop("refused_claims") == [[0, 13]]
    before.pop("refused_claims")
    assert after == before  # the position is the same: only the record of the claim grew
    assert not state.is_over() and state.pending()[0].seat == kit.SOUTH
    # Play goes on; the same claim may not be repeated before the trick ends.
    assert Claim(13) not in state.legal_actions(kit.SOUTH)
    with pytest.raises(IllegalAction) as refused:
        state.apply(kit.SOUTH, Claim(10))
    assert refused.value.code == "claim_once_per_trick"
    kit.play(state, "7H 2H AH")
    assert Claim(12) in state.legal_actions(kit.SOUTH)


def test_a_claim_the_solver_cannot_settle_in_its_bound_is_refused(
    kit: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(state_module, "CLAIM_SEARCH_LIMIT", 1)
    state = grand_slam(kit)
    events = state.apply(kit.SOUTH, Claim(13))
    assert kinds(events) == ["claim_refused"] and events[0].data["reason"] == "not_shown_safe"
    assert not state.is_over()


def test_claiming_no_trick_concedes_the_rest(kit: Any) -> None:
    state = spades_game(kit)
    events = state.apply(kit.SOUTH, Claim(0))
    assert kinds(events) == ["claim_accepted", "deal_over"]
    assert state.tricks_won() == [0, 13]


def test_only_the_declarer_may_claim(kit: Any) -> None:
    state: BridgeState = kit.state(SPADES_DEAL, "1S p 4S p p p")
    with pytest.raises(IllegalAction) as defender:  # West, a defender, is on lead
        state.apply(kit.WEST, Claim(5))
    assert defender.value.code == "declarer_claims_only"
    assert Claim(13) not in state.legal_actions(kit.WEST)
    kit.play(state, "JH")
    with pytest.raises(IllegalAction) as dummy:  # the dummy's seat never acts
        state.apply(kit.NORTH, Claim(5))
    assert dummy.value.code == "not_your_turn"
    kit.play(state, "7H")
    with pytest.raises(IllegalAction) as east:
        state.apply(kit.EAST, Claim(5))
    assert east.value.code == "declarer_claims_only"
    assert not state.refused_claims and not state.is_over()


def test_claims_are_made_in_the_play_only_and_for_the_tricks_that_remain(kit: Any) -> None:
    state: BridgeState = kit.state(SPADES_DEAL, "1S p")
    with pytest.raises(IllegalAction) as early:
        state.apply(state.pending()[0].seat, Claim(5))
    assert early.value.code == "auction_running"
    state = spades_game(kit)
    kit.play(state, "7H 2H AH")
    with pytest.raises(IllegalAction) as many:
        state.apply(kit.SOUTH, Claim(13))
    assert many.value.code == "claim_too_many"


def test_the_declarer_is_offered_one_claim_of_all_remaining_tricks(kit: Any) -> None:
    state = spades_game(kit)
    claims = [a for a in state.legal_actions(kit.SOUTH) if isinstance(a, Claim)]
    assert claims == [Claim(13)]
    assert any(isinstance(a, Play) for a in state.legal_actions(kit.SOUTH))


def test_a_refusal_reveals_no_hidden_card(kit: Any) -> None:
    state = spades_game(kit)
    hidden = {seat: set(state.hidden_from(seat)) for seat in (None, 0, 1, 2, 3)}
    events = state.apply(kit.SOUTH, Claim(13))
    for seat, cards in hidden.items():
        for event in events:
            text = json.dumps(event_for(event, seat))
            assert not [c for c in cards if f'"{c}"' in text]
    for bad in (Claim(11), Claim(20)):
        try:
            state.apply(kit.SOUTH, bad)
        except IllegalAction as exc:
            assert not [c for c in hidden[kit.SOUTH] if c in exc.message.split()]


def test_claims_round_trip_through_json_and_the_snapshot(kit: Any) -> None:
    for n in range(14):
        raw = encode_action(Claim(n))
        assert raw == {"kind": "claim", "tricks": n}
        assert decode_action(json.loads(json.dumps(raw))) == Claim(n)
        assert GAME.decode_action(GAME.encode_action(Claim(n))) == Claim(n)
    for bad in (
        {"kind": "claim"},
        {"kind": "claim", "tricks": 14},
        {"kind": "claim", "tricks": -1},
        {"kind": "claim", "tricks": "3"},
        {"kind": "claim", "tricks": True},
        {"kind": "claim", "tricks": 3, "card": "AS"},
    ):
        with pytest.raises(MalformedAction):
            decode_action(bad)
    state = spades_game(kit)
    state.apply(kit.SOUTH, Claim(13))
    assert BridgeState.from_json(json.loads(json.dumps(state.to_json()))).to_json() == (
        state.to_json()
    )
    state = grand_slam(kit)
    state.apply(kit.SOUTH, Claim(13))
    restored = BridgeState.from_json(json.loads(json.dumps(state.to_json())))
    assert restored.view(None) == state.view(None) and restored.is_over()


def test_a_snapshot_from_before_claims_existed_still_loads(kit: Any) -> None:
    state = spades_game(kit)
    data = state.to_json()
    del data["claimed"], data["refused_claims"]
    assert BridgeState.from_json(data).to_json() == state.to_json()


def test_robots_never_claim(kit: Any) -> None:
    state = spades_game(kit)
    view, legal = state.view(kit.SOUTH), state.legal_actions(kit.SOUTH)
    for bot in (RandomBot(), GreedyBot(), ExpertBot()):
        for seed in range(5):
            assert isinstance(bot.choose(view, legal, random.Random(seed), 8), Play)


def test_the_claim_check_agrees_with_the_exact_trick_count() -> None:
    """``Solver.at_least`` (the null-window question a claim asks) against the full solve, for
    every side and every number of tricks, on random endings of three to five tricks."""
    rng = random.Random(7)
    for case in range(60):
        left = 3 + case % 3
        cards = list(DECK)
        rng.shuffle(cards)
        hands = [mask_of(cards[i * left : (i + 1) * left]) for i in range(4)]
        trump, leader = case % 5, case % 4
        ns = Solver(trump).tricks(hands, leader, [], 0)
        for side in (0, 1):
            mine = ns if side == 0 else left - ns
            for n in range(left + 2):
                assert Solver(trump).at_least(hands, leader, [], side, n) == (mine >= n)
