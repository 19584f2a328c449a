"""Claims, named after the rule (Laws 68–70, answered by the opponents as online): the declarer
claims n of the remaining tricks, play stops and both defenders answer at once, seeing the
declarer's hand; the claim stands only if both accept, one rejection lets play continue from the
same position.  Robot defenders accept only a claim with no guess in it, judged on what the
declarer knows — so the same claim gets the same answer wherever the unseen cards lie."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.bridge import GAME, dds
from games.bridge.actions import AcceptClaim, Claim, Play, RejectClaim, decode_action, encode_action
from games.bridge.bots import ExpertBot, GreedyBot, RandomBot, answer_claim
from games.bridge.claim_check import (
    DeclarerKnowledge,
    Verdict,
    claim_verdict,
    knowledge_from_view,
)
from games.bridge.solver import mask_of
from games.bridge.state import BridgeState
from games.cards import parse_many
from games.core import IllegalAction, MalformedAction, event_for
from support.sizes import examples

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
# 7NT by South: twelve top tricks and the spades A-J-3-2 opposite K-10-5-4 — a two-way guess for
# the queen (a finesse either way), which double-dummy play always gets right.
GUESS_SOUTH = "AS JS 3S 2S AH KH QH AD KD QD AC KC QC"
GUESS_NORTH = "KS 10S 5S 4S JH 3H 2H JD 3D 2D 4C 3C 2C"
QUEEN_WEST = {
    0: GUESS_SOUTH,
    2: GUESS_NORTH,
    1: "QS 9S 8S 10H 9H 8H 7H 10D 9D 8D JC 10C 9C",
    3: "7S 6S 6H 5H 4H 7D 6D 5D 4D 8C 7C 6C 5C",
}
QUEEN_EAST = {
    0: GUESS_SOUTH,
    2: GUESS_NORTH,
    1: "7S 6S 10H 9H 8H 7H 10D 9D 8D JC 10C 9C 8C",
    3: "QS 9S 8S 6H 5H 4H 7D 6D 5D 4D 7C 6C 5C",
}
# 6NT by South: eleven top tricks (the heart ace in the dummy is its entry) and A-Q-2 of spades
# opposite three small: the twelfth needs the finesse, which wins when East holds the king.
FINESSE_SOUTH = "AS QS 2S KH QH JH AD KD QD AC KC QC JC"
FINESSE_NORTH = "5S 4S 3S AH 3H 2H 4D 3D 2D 5C 4C 3C 2C"
KING_ONSIDE = {
    0: FINESSE_SOUTH,
    2: FINESSE_NORTH,
    3: "KS JS 10S 9S 10H 9H 8H JD 10D 9D 10C 9C 8C",
    1: "8S 7S 6S 7H 6H 5H 4H 8D 7D 6D 5D 7C 6C",
}
KING_OFFSIDE = {
    0: FINESSE_SOUTH,
    2: FINESSE_NORTH,
    3: "8S JS 10S 9S 10H 9H 8H JD 10D 9D 10C 9C 8C",
    1: "KS 7S 6S 7H 6H 5H 4H 8D 7D 6D 5D 7C 6C",
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


def double_dummy_tricks(state: BridgeState) -> int:
    """What the declarer's side takes from here with every hand known (endplay's DDS)."""
    assert state.contract is not None
    hands = [mask_of(h) for h in state.hands]
    values = dds.card_values(hands, state.leader, state.trick, state.contract.strain)
    return max(values.values())  # the declarer's side is to play in every position used here


def robot_answers(state: BridgeState, kit: Any) -> set[Any]:
    """The robots' answers at both defenders' seats (the weakest level West, the strongest East:
    every level answers by the same check), each from a JSON copy of its own view."""
    answers = set()
    for seat, bot in ((kit.WEST, RandomBot()), (kit.EAST, ExpertBot())):
        view = json.loads(json.dumps(state.view(seat)))
        answers.add(bot.choose(view, state.legal_actions(seat), random.Random(seat), 8))
    return answers


# ---- the procedure -------------------------------------------------------------------------------


def test_a_claim_stops_play_and_both_defenders_answer_at_once(kit: Any) -> None:
    state = grand_slam(kit)
    assert state.pending()[0].seat == kit.SOUTH  # the declarer, for the dummy
    events = state.apply(kit.SOUTH, Claim(13))
    assert kinds(events) == ["claim"]
    assert events[0].data == {"seat": kit.SOUTH, "tricks": 13, "remaining": 13}
    pending = state.pending()
    assert [d.seat for d in pending] == [kit.WEST, kit.EAST]
    assert all(d.fresh and d.timed and d.forced is None for d in pending)  # a real choice each
    for seat in (kit.WEST, kit.EAST):
        assert state.legal_actions(seat) == [AcceptClaim(), RejectClaim()]
    for seat in (kit.SOUTH, kit.NORTH):
        assert state.legal_actions(seat) == []
    view = state.view(None)
    assert view["to_act"] == [kit.WEST, kit.EAST]
    assert view["claim"] == {"seat": kit.SOUTH, "tricks": 13, "remaining": 13, "accepted": []}
    assert not state.is_over()


def test_a_claim_both_defenders_accept_ends_the_deal_and_scores_it(kit: Any) -> None:
    state = grand_slam(kit)
    state.apply(kit.SOUTH, Claim(13))
    first = state.apply(kit.EAST, AcceptClaim())
    assert kinds(first) == ["claim_answer"] and first[0].data == {"seat": kit.EAST, "accept": True}
    assert [d.seat for d in state.pending()] == [kit.WEST]  # the other still answers
    assert state.view(kit.SOUTH)["claim"]["accepted"] == [kit.EAST]
    events = state.apply(kit.WEST, AcceptClaim())
    assert kinds(events) == ["claim_accepted", "deal_over"]
    assert events[0].data == {"seat": kit.SOUTH, "tricks": 13, "remaining": 13}
    assert state.is_over() and state.pending() == []
    assert state.tricks_won() == [13, 0]
    result = state.view(kit.WEST)["result"]
    assert result["claimed"] == {"tricks": 13, "remaining": 13}
    # 7NT not vulnerable: 220 contract points + 300 game + 1000 grand slam.
    assert result["score"]["total"] == 1520 and result["scores"] == {"ns": 1520, "ew": -1520}
    assert [r.placing for r in state.result() or []] == [1, 2, 1, 2]


def test_an_accepted_claim_of_fewer_tricks_gives_the_rest_to_the_defenders(kit: Any) -> None:
    state = grand_slam(kit)
    kit.play(state, "6C 2C AC")  # South wins the first trick
    state.apply(kit.SOUTH, Claim(11))
    state.apply(kit.WEST, AcceptClaim())
    state.apply(kit.EAST, AcceptClaim())
    assert state.tricks_won() == [12, 1] and state.view(None)["tricks_won"] == [12, 1]
    assert state.outcome is not None and state.outcome.total == -50  # one down


def test_one_rejection_lets_play_continue_from_the_same_position(kit: Any) -> None:
    state = spades_game(kit)
    before = state.to_json()
    state.apply(kit.SOUTH, Claim(13))
    state.apply(kit.WEST, AcceptClaim())
    events = state.apply(kit.EAST, RejectClaim())
    assert kinds(events) == ["claim_rejected"]
    assert events[0].data == {"seat": kit.SOUTH, "tricks": 13, "remaining": 13, "by": kit.EAST}
    after = state.to_json()
    assert after.pop("refused_claims") == [[0, 13]]
    assert after.pop("declarer_shown") is True
    before.pop("refused_claims"), before.pop("declarer_shown")
    assert after == before  # same position, same cards: only the record of the claim grew
    assert [d.seat for d in state.pending()] == [kit.SOUTH] and state.view(None)["claim"] is None
    # Play goes on; the declarer may not claim again before the trick ends.
    assert Claim(13) not in state.legal_actions(kit.SOUTH)
    with pytest.raises(IllegalAction) as again:
        state.apply(kit.SOUTH, Claim(10))
    assert again.value.code == "claim_once_per_trick"
    kit.play(state, "7H 2H AH")
    assert Claim(12) in state.legal_actions(kit.SOUTH)


def test_a_single_rejection_is_enough(kit: Any) -> None:
    state = spades_game(kit)
    state.apply(kit.SOUTH, Claim(10))
    events = state.apply(kit.WEST, RejectClaim())
    assert kinds(events) == ["claim_rejected"] and events[0].data["by"] == kit.WEST
    assert state.pending()[0].seat == kit.SOUTH and not state.is_over()
    with pytest.raises(IllegalAction) as late:  # the claim is gone: nothing left to answer
        state.apply(kit.EAST, AcceptClaim())
    assert late.value.code == "no_claim"


def test_claiming_no_trick_concedes_the_rest_once_accepted(kit: Any) -> None:
    state = spades_game(kit)
    state.apply(kit.SOUTH, Claim(0))
    state.apply(kit.WEST, AcceptClaim())
    state.apply(kit.EAST, AcceptClaim())
    assert state.tricks_won() == [0, 13]


# ---- bad input and races: a clear error, nothing changed -------------------------------------


def refused(state: BridgeState, seat: int, action: Any) -> str:
    before = state.to_json()
    with pytest.raises(IllegalAction) as exc:
        state.apply(seat, action)
    assert state.to_json() == before
    return exc.value.code


def test_a_second_claim_while_one_is_pending_is_refused_and_changes_nothing(kit: Any) -> None:
    state = grand_slam(kit)
    state.apply(kit.SOUTH, Claim(13))
    assert refused(state, kit.SOUTH, Claim(13)) == "claim_pending"
    assert refused(state, kit.SOUTH, Claim(12)) == "claim_pending"


def test_a_card_played_while_a_claim_is_pending_is_refused_and_changes_nothing(kit: Any) -> None:
    state = grand_slam(kit)
    state.apply(kit.SOUTH, Claim(13))
    assert refused(state, kit.SOUTH, Play(parse_many("6C")[0])) == "claim_pending"  # for dummy
    assert refused(state, kit.EAST, Play(parse_many("2C")[0])) == "claim_pending"
    assert refused(state, kit.NORTH, Play(parse_many("6C")[0])) == "not_your_turn"
    assert refused(state, kit.NORTH, AcceptClaim()) == "not_your_turn"
    assert refused(state, kit.SOUTH, AcceptClaim()) == "not_your_turn"  # no self-acceptance
    state.apply(kit.WEST, AcceptClaim())
    assert refused(state, kit.WEST, RejectClaim()) == "claim_answered"
    assert refused(state, kit.WEST, AcceptClaim()) == "claim_answered"


def test_answers_without_a_pending_claim_are_refused(kit: Any) -> None:
    state: BridgeState = kit.state(SPADES_DEAL, "1S p")
    assert refused(state, state.pending()[0].seat, AcceptClaim()) == "no_claim"
    state = spades_game(kit)
    for seat in range(4):
        assert refused(state, seat, RejectClaim()) == "no_claim"


def test_only_the_declarer_may_claim(kit: Any) -> None:
    state: BridgeState = kit.state(SPADES_DEAL, "1S p 4S p p p")
    assert refused(state, kit.WEST, Claim(5)) == "declarer_claims_only"  # West is on lead
    assert Claim(13) not in state.legal_actions(kit.WEST)
    kit.play(state, "JH")
    assert refused(state, kit.NORTH, Claim(5)) == "not_your_turn"  # the dummy's seat never acts
    kit.play(state, "7H")
    assert refused(state, kit.EAST, Claim(5)) == "declarer_claims_only"


def test_claims_are_made_in_the_play_only_and_for_the_tricks_that_remain(kit: Any) -> None:
    state: BridgeState = kit.state(SPADES_DEAL, "1S p")
    assert refused(state, state.pending()[0].seat, Claim(5)) == "auction_running"
    state = spades_game(kit)
    kit.play(state, "7H 2H AH")
    assert refused(state, kit.SOUTH, Claim(13)) == "claim_too_many"


def test_the_declarer_is_offered_one_claim_of_all_remaining_tricks(kit: Any) -> None:
    state = spades_game(kit)
    claims = [a for a in state.legal_actions(kit.SOUTH) if isinstance(a, Claim)]
    assert claims == [Claim(13)]
    assert any(isinstance(a, Play) for a in state.legal_actions(kit.SOUTH))


# ---- who sees the claimer's hand -----------------------------------------------------------------


def test_the_claimers_hand_is_shown_to_the_defenders_and_to_nobody_else(kit: Any) -> None:
    state = spades_game(kit)
    south = state.view(kit.SOUTH)["hand"]
    assert all(state.view(s)["declarer_hand"] is None for s in (None, 0, 1, 2, 3))
    events = state.apply(kit.SOUTH, Claim(13))
    for seat in (kit.WEST, kit.EAST):
        assert state.view(seat)["declarer_hand"] == south
        assert set(south) <= set(json.dumps(state.view(seat)).replace('"', " ").split())
    for seat in (None, kit.NORTH):  # a spectator and the dummy's seat
        text = json.dumps(state.view(seat))
        assert state.view(seat)["declarer_hand"] is None
        assert not [c for c in south if f'"{c}"' in text]
        assert not [c for c in south if f'"{c}"' in json.dumps(event_for(events[0], seat))]
    # The defenders have seen it: it stays shown to them after a rejection (and only to them).
    state.apply(kit.WEST, RejectClaim())
    kit.play(state, "7H")
    assert state.view(kit.EAST)["declarer_hand"] == state.view(kit.SOUTH)["hand"]
    assert state.view(None)["declarer_hand"] is None and state.view(kit.NORTH)["hand"]
    assert state.view(kit.NORTH)["declarer_hand"] is None


def test_a_rejection_reveals_no_hidden_card(kit: Any) -> None:
    state = spades_game(kit)
    state.apply(kit.SOUTH, Claim(13))
    hidden = {seat: set(state.hidden_from(seat)) for seat in (None, 0, 1, 2, 3)}
    events = state.apply(kit.WEST, RejectClaim())
    for seat, cards in hidden.items():
        for event in events:
            text = json.dumps(event_for(event, seat))
            assert not [c for c in cards if f'"{c}"' in text]


# ---- the robots' answer: no guess ------------------------------------------------------------


@pytest.mark.parametrize("layout", [QUEEN_WEST, QUEEN_EAST], ids=["queen-west", "queen-east"])
def test_robots_refuse_a_grand_slam_claim_resting_on_a_two_way_guess_wherever_the_queen_is(
    kit: Any, layout: dict[int, str]
) -> None:
    state: BridgeState = kit.state(layout, "7NT p p p")
    kit.play(state, "10H")
    assert double_dummy_tricks(state) == 13  # the double-dummy judge accepted this claim
    state.apply(kit.SOUTH, Claim(13))
    assert robot_answers(state, kit) == {RejectClaim()}


def test_the_two_way_guess_is_judged_on_the_same_knowledge_wherever_the_queen_is(
    kit: Any,
) -> None:
    """The check's whole input is the same for both layouts, read from either defender's view or
    the declarer's own: a rejection cannot say where the queen is."""
    known = set()
    for layout in (QUEEN_WEST, QUEEN_EAST):
        state: BridgeState = kit.state(layout, "7NT p p p")
        kit.play(state, "10H")
        state.apply(kit.SOUTH, Claim(13))
        for seat in (kit.SOUTH, kit.WEST, kit.EAST):
            known.add(knowledge_from_view(json.loads(json.dumps(state.view(seat)))))
    assert len(known) == 1
    assert claim_verdict(known.pop(), 13) is not Verdict.SURE


@pytest.mark.parametrize(
    ("layout", "double_dummy"), [(KING_ONSIDE, 12), (KING_OFFSIDE, 11)], ids=["onside", "offside"]
)
def test_robots_refuse_a_slam_claim_that_needs_a_finesse_whether_it_works_or_not(
    kit: Any, layout: dict[int, str], double_dummy: int
) -> None:
    state: BridgeState = kit.state(layout, "6NT p p p")
    kit.play(state, "7H")
    assert double_dummy_tricks(state) == double_dummy  # the old judge: accepted onside only
    state.apply(kit.SOUTH, Claim(12))
    assert robot_answers(state, kit) == {RejectClaim()}


@pytest.mark.parametrize("layout", [KING_ONSIDE, KING_OFFSIDE], ids=["onside", "offside"])
def test_robots_accept_a_claim_of_top_winners_only(kit: Any, layout: dict[int, str]) -> None:
    state: BridgeState = kit.state(layout, "6NT p p p")
    kit.play(state, "7H")
    state.apply(kit.SOUTH, Claim(11))  # eleven top tricks: no finesse needed
    assert robot_answers(state, kit) == {AcceptClaim()}


def test_robots_accept_a_grand_slam_claim_of_thirteen_top_tricks(kit: Any) -> None:
    state = grand_slam(kit)
    state.apply(kit.SOUTH, Claim(13))
    for seat in (kit.WEST, kit.EAST):  # every level, both seats
        view, legal = state.view(seat), state.legal_actions(seat)
        for bot in (RandomBot(), GreedyBot(), ExpertBot()):
            assert bot.choose(view, legal, random.Random(seat), 8) == AcceptClaim()
    for seat in (kit.WEST, kit.EAST):
        state.apply(seat, answer_claim(state.view(seat)))
    assert state.is_over() and state.tricks_won() == [13, 0]


def ending(south: str, north: str, pool: str, *, leader: int, trump: int = 4) -> DeclarerKnowledge:
    """A two- or three-card ending as the declarer (South) knows it, nothing shown out of."""
    n = len(south.split())
    return DeclarerKnowledge(
        declarer=0,
        trump=trump,
        declarer_hand=mask_of(parse_many(south)),
        dummy_hand=mask_of(parse_many(north)),
        pool=mask_of(parse_many(pool)),
        counts=(n, n, n, n),
        voids=(0, 0, 0, 0),
        leader=leader,
        trick=(),
    )


def test_a_finesse_is_a_guess_and_the_top_trick_is_not() -> None:
    # North leads towards South's A-Q; the king is somewhere among the defenders' four cards.
    known = ending("AS QS", "3S 2S", "KS 4S 2H 3H", leader=2)
    assert claim_verdict(known, 1) is Verdict.SURE
    assert claim_verdict(known, 2) is Verdict.NOT_SURE


def test_a_winner_needing_an_entry_is_sure_when_the_entry_is_there() -> None:
    # South leads: the heart to North's ace, then North's two spade winners (the pool's spades
    # are lower); the check finds the line the shortcut alone does not count.
    known = ending("2H 2D 3D", "AH AS KS", "3H 4H 2S 3S 4D 5D", leader=0)
    assert claim_verdict(known, 3) is Verdict.SURE
    assert claim_verdict(known, 4) is Verdict.NOT_SURE  # more tricks than remain


def test_a_side_suit_winner_is_not_sure_while_a_defender_may_ruff_it() -> None:
    # Spades are trumps; the pool still holds one: the ace of hearts may be ruffed.
    known = ending("AH 2C", "3C 4C", "2S 3H 5C 6C", leader=0, trump=3)
    assert claim_verdict(known, 1) is Verdict.NOT_SURE
    drawn = ending("AH 2C", "3C 4C", "4H 3H 5C 6C", leader=0, trump=3)
    assert claim_verdict(drawn, 1) is Verdict.SURE


def test_robots_never_claim(kit: Any) -> None:
    state = spades_game(kit)
    view, legal = state.view(kit.SOUTH), state.legal_actions(kit.SOUTH)
    for bot in (RandomBot(), GreedyBot(), ExpertBot()):
        for seed in range(5):
            assert isinstance(bot.choose(view, legal, random.Random(seed), 8), Play)


# ---- the record ------------------------------------------------------------------------------


def test_claims_and_answers_round_trip_through_json(kit: Any) -> None:
    for n in range(14):
        raw = encode_action(Claim(n))
        assert raw == {"kind": "claim", "tricks": n}
        assert decode_action(json.loads(json.dumps(raw))) == Claim(n)
        assert GAME.decode_action(GAME.encode_action(Claim(n))) == Claim(n)
    assert encode_action(AcceptClaim()) == {"kind": "accept_claim"}
    assert encode_action(RejectClaim()) == {"kind": "reject_claim"}
    for answer in (AcceptClaim(), RejectClaim()):
        assert decode_action(json.loads(json.dumps(encode_action(answer)))) == answer
    for bad in (
        {"kind": "claim"},
        {"kind": "claim", "tricks": 14},
        {"kind": "claim", "tricks": -1},
        {"kind": "claim", "tricks": "3"},
        {"kind": "claim", "tricks": True},
        {"kind": "claim", "tricks": 3, "card": "AS"},
        {"kind": "accept_claim", "tricks": 3},
        {"kind": "reject_claim", "accept": False},
        {"kind": "accept"},
    ):
        with pytest.raises(MalformedAction):
            decode_action(bad)


def test_a_pending_claim_survives_the_snapshot(kit: Any) -> None:
    state = grand_slam(kit)
    state.apply(kit.SOUTH, Claim(12))
    state.apply(kit.EAST, AcceptClaim())
    restored = BridgeState.from_json(json.loads(json.dumps(state.to_json())))
    assert restored.to_json() == state.to_json()
    assert [d.seat for d in restored.pending()] == [kit.WEST]
    for seat in (None, 0, 1, 2, 3):
        assert restored.view(seat) == state.view(seat)
    restored.apply(kit.WEST, AcceptClaim())
    assert restored.is_over() and restored.tricks_won() == [12, 1]


def test_a_snapshot_from_before_claims_went_to_the_defenders_still_loads(kit: Any) -> None:
    state = spades_game(kit)
    data = state.to_json()
    for key in ("claimed", "refused_claims", "claim", "accepted", "declarer_shown"):
        del data[key]
    restored = BridgeState.from_json(data)
    assert restored.to_json() == state.to_json()
    assert restored.claim is None and not restored.declarer_shown
    assert [d.seat for d in restored.pending()] == [kit.SOUTH]


def test_robot_defenders_play_on_with_the_declarers_hand_they_were_shown(kit: Any) -> None:
    """After a rejected claim the robots defend knowing the declarer's cards (every level picks a
    legal card from its own view, which now shows them)."""
    state = spades_game(kit)
    state.apply(kit.SOUTH, Claim(13))
    state.apply(kit.WEST, RejectClaim())
    kit.play(state, "7H")  # the dummy's card: East, a defender, is to play
    view = json.loads(json.dumps(state.view(kit.EAST)))
    assert view["declarer_hand"] == state.view(kit.SOUTH)["hand"]
    legal = state.legal_actions(kit.EAST)
    for bot in (RandomBot(), GreedyBot(), ExpertBot()):
        assert bot.choose(view, legal, random.Random(1), 8) in legal


def other_layouts(state: BridgeState, rng: random.Random, count: int) -> list[list[int]]:
    """Up to ``count`` deals of the defenders' unseen cards other than the real one, each in
    agreement with what the declarer has seen (the defenders' card counts and the suits each has
    shown out of): the four hands as masks."""
    assert state.contract is not None
    known = knowledge_from_view(state.view(state.contract.declarer))
    lho, rho = state.defenders()
    pool = [c for c in range(52) if known.pool >> c & 1]
    out = []
    for _ in range(20 * count):
        rng.shuffle(pool)
        hands: dict[int, list[int]] = {lho: [], rho: []}
        for card in pool:
            open_ = [
                s
                for s in (lho, rho)
                if not known.voids[s] >> (card // 13) & 1 and len(hands[s]) < known.counts[s]
            ]
            if not open_:
                break
            hands[rng.choice(open_)].append(card)
        else:
            layout = [mask_of(h) for h in state.hands]
            layout[lho], layout[rho] = mask_of(hands[lho]), mask_of(hands[rho])
            out.append(layout)
            if len(out) == count:
                break
    return out


def test_a_claim_the_check_calls_sure_is_made_in_every_layout_the_declarer_cannot_rule_out() -> (
    None
):
    """Soundness: whatever the check accepts, double-dummy play (endplay's DDS, every hand known,
    the best defence) gives the declarer's side at least that many tricks in the real layout and
    in other deals of the unseen cards that agree with what the declarer has seen — over random
    positions of the robots' deals, claims of every number of tricks."""
    checked = accepted = 0
    for seed in range(examples(quick=12, thorough=80)):
        rng = random.Random(seed)
        state = BridgeState.new(4, {}, seed)
        bot = GreedyBot()
        while state.phase == "auction":
            seat = state.pending()[0].seat
            state.apply(seat, bot.choose(state.view(seat), state.legal_actions(seat), rng, 0))
        if state.contract is None:
            continue
        stop = rng.randrange(28, 48)
        while not state.is_over():
            seat = state.pending()[0].seat
            legal = state.legal_actions(seat)
            played = len(state.tricks) * 4 + len(state.trick)
            if played >= stop and Claim(state.tricks_left) in legal:
                break
            state.apply(seat, bot.choose(state.view(seat), legal, rng, 0))
        if state.is_over():
            continue
        trump = state.contract.strain
        layouts = [[mask_of(h) for h in state.hands], *other_layouts(state, rng, 3)]
        worst = min(
            max(dds.card_values(hands, state.leader, state.trick, trump).values())
            for hands in layouts
        )
        known = knowledge_from_view(state.view(state.contract.declarer))
        for n in range(state.tricks_left + 1):
            checked += 1
            if claim_verdict(known, n, limit=3_000) is Verdict.SURE:
                accepted += 1
                assert n <= worst, (seed, n, worst)
    assert checked and accepted  # the property was exercised
