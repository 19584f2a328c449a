"""Properties of whole deals under hypothesis (sized by tests/support/sizes.py): auctions agree with
a plain re-statement of the rules, every card is played once, players follow suit when they can,
tricks go to the right player and the two sides' scores are equal and opposite."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.bridge import calls as auction
from games.bridge.actions import Claim, Play, call_code
from games.bridge.deals import vulnerable
from games.bridge.scoring import score
from games.bridge.state import BridgeState
from games.cards.notation import CARDS, NAMES
from support.sizes import examples, scaled

SIDE = {0: 0, 1: 1, 2: 0, 3: 1}


def naive_auction(calls: list[str]) -> tuple[bool, bool, tuple[int, int, int, int] | None]:
    """The rules re-stated over call texts: (over, passed out, (level, strain, doubled,
    declarer))."""
    bids = [(i % 4, c) for i, c in enumerate(calls) if c not in ("p", "x", "xx")]
    trailing = 0
    for c in reversed(calls):
        if c != "p":
            break
        trailing += 1
    if not bids:
        return (trailing >= 4, trailing >= 4, None)
    if trailing < 3:
        return (False, False, None)
    last_i = max(i for i, c in enumerate(calls) if c not in ("p", "x", "xx"))
    last_seat, last = last_i % 4, calls[last_i]
    after = [c for c in calls[last_i + 1 :] if c != "p"]
    doubled = {(): 0, ("x",): 1, ("x", "xx"): 2}[tuple(after)]
    level, strain = int(last[0]), "CDHSN".index(last[1])
    declarer = next(s for s, c in bids if c[1] == last[1] and SIDE[s] == SIDE[last_seat])
    return (True, False, (level, strain, doubled, declarer))


def text(code: int) -> str:
    if code == auction.PASS:
        return "p"
    if code == auction.DOUBLE:
        return "x"
    if code == auction.REDOUBLE:
        return "xx"
    return f"{auction.level_of(code)}{'CDHSN'[auction.strain_of(code)]}"


@settings(max_examples=scaled(600))
@given(st.data())
def test_every_auction_follows_the_rules_restated(data: st.DataObject) -> None:
    """At every step the legal calls are exactly those ``why_illegal`` accepts; the end, the
    contract, its double status and the declarer agree with a plain re-statement of the rules."""
    calls: list[int] = []
    pass_weight = data.draw(st.integers(1, 30))
    while True:
        legal = auction.legal_calls(calls)
        every = range(auction.LAST_BID + 1)
        assert legal == [c for c in every if auction.why_illegal(calls, c) is None]
        over, passed_out, contract = naive_auction([text(c) for c in calls])
        now = auction.status(calls)
        assert (now.over, now.passed_out) == (over, passed_out)
        if over:
            assert legal == []
            found = auction.final_contract(calls)
            if contract is None:
                assert found is None
            else:
                assert found is not None
                assert (found.level, found.strain, found.doubled, found.declarer) == contract
            return
        weights = [pass_weight if c == auction.PASS else 1 for c in legal]
        index = data.draw(st.integers(0, sum(weights) - 1))
        for call, w in zip(legal, weights, strict=True):
            if index < w:
                calls.append(call)
                break
            index -= w


def lowest_bids_first(state: BridgeState, rng: random.Random) -> None:
    """A random but short auction: mostly passes, low bids, some doubles."""
    while state.phase == "auction":
        seat = state.pending()[0].seat
        legal = state.legal_actions(seat)
        roll = rng.random()
        codes = [call_code(a) for a in legal if not isinstance(a, Play)]
        if roll < 0.55 or len(codes) == 1:
            state.apply(seat, legal[0])  # pass
        elif roll < 0.65 and (auction.DOUBLE in codes or auction.REDOUBLE in codes):
            state.apply(seat, legal[1])
        else:
            bids = [a for a, c in zip(legal, codes, strict=True) if auction.is_bid(c)] or legal
            state.apply(seat, bids[min(len(bids) - 1, int(rng.expovariate(0.5)))])


@settings(max_examples=scaled(300))
@given(seed=st.integers(0, 2**31), vulnerability=st.sampled_from(["none", "ns", "ew", "both"]))
def test_a_whole_deal_plays_every_card_once_follows_suit_and_scores_both_sides(
    seed: int, vulnerability: str
) -> None:
    state = BridgeState.new(4, {"vulnerability": vulnerability}, seed)
    rng = random.Random(seed)
    dealt = [set(h) for h in state.deal]
    lowest_bids_first(state, rng)
    if state.contract is None:
        assert state.is_over() and [r.placing for r in state.result() or []] == [1, 1, 1, 1]
        return
    trump = state.contract.strain
    held = [set(h) for h in dealt]
    while not state.is_over():
        seat = state.pending()[0].seat
        hand = state.hand_to_play
        assert seat == (state.contract.declarer if hand == state.contract.dummy else hand)
        card = rng.choice([a for a in state.legal_actions(seat) if isinstance(a, Play)])
        trick_before = list(state.trick)
        if trick_before:
            led = trick_before[0] // 13
            if any(c // 13 == led for c in held[hand]):
                assert card.card // 13 == led, "must follow suit"
        held[hand].discard(card.card)
        state.apply(seat, card)
    assert all(not h for h in held)
    played = [c for t in state.tricks for c in t.cards]
    assert sorted(played) == list(range(52))
    for t in state.tricks:
        led = t.cards[0] // 13
        trumps = [c for c in t.cards if c // 13 == trump] if trump < 4 else []
        best = max(trumps) if trumps else max(c for c in t.cards if c // 13 == led)
        assert t.winner == (t.leader + t.cards.index(best)) % 4
    for before, after in zip(state.tricks, state.tricks[1:], strict=False):
        assert after.leader == before.winner
    won = state.tricks_won()[state.contract.declarer % 2]
    c = state.contract
    expected = score(c.level, c.strain, c.doubled, vulnerable(vulnerability, c.declarer), won)
    ns, ew = state.side_scores()
    assert ns == -ew
    assert (ns if c.declarer % 2 == 0 else ew) == expected.total
    result = {r.seat: r for r in state.result() or []}
    assert result[0].score == result[2].score == ns and result[1].score == result[3].score == ew
    assert (result[0].placing == 1) == (ns >= ew) and (result[1].placing == 1) == (ew >= ns)


@settings(max_examples=scaled(200))
@given(seed=st.integers(0, 2**31))
def test_nobody_sees_a_hidden_hand_and_everyone_sees_the_dummy_after_the_lead(seed: int) -> None:
    """Random play with claims (accepted and rejected): each seat's view holds the cards of its
    own hand, of the dummy after the opening lead, and of the declarer's hand only for a defender
    once the declarer has claimed — never for the dummy's seat or a spectator."""
    state = BridgeState.new(4, {}, seed)
    rng = random.Random(seed)
    lowest_bids_first(state, rng)
    claimed = False
    while not state.is_over():
        c = state.contract
        assert c is not None
        defenders = {(c.declarer + 1) % 4, (c.declarer + 3) % 4}
        for seat in (None, 0, 1, 2, 3):
            view = state.view(seat)
            text_ = json.dumps(view)
            entitled = {seat} if seat is not None else set()
            if state.dummy_shown:
                entitled.add(c.dummy)
            if claimed and seat in defenders:
                entitled.add(c.declarer)
            for other in range(4):
                shown = [f'"{NAMES[card]}"' in text_ for card in state.hands[other]]
                assert all(shown) if other in entitled else not any(shown), (seat, other)
            if state.dummy_shown:
                assert view["dummy_hand"] is not None
            assert (view["declarer_hand"] is not None) == (claimed and seat in defenders)
        seat = rng.choice([d.seat for d in state.pending()])
        action = rng.choice(state.legal_actions(seat))
        claimed = claimed or isinstance(action, Claim)
        state.apply(seat, action)


def test_card_names_in_views_are_the_cards_of_the_deal() -> None:
    for seed in range(examples(5, 50)):
        state = BridgeState.new(4, {}, seed)
        assert {CARDS[n] for s in range(4) for n in state.view(s)["hand"]} == set(range(52))
