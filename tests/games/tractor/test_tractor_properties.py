"""Invariants over whole matches played at random and by the AI levels (issue #16): the 108
cards conserved, 200 points a deal (+ the kitty bonus) accounted for, levels never outside
2..A, every legal play accepted and every other play rejected with the state unchanged, no
seat's view holding another seat's cards."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.cards import deck
from games.cards.notation import CARDS, NAMES
from games.core import Bot, IllegalAction
from games.tractor.actions import Action, Bury, Continue, Declare, Pass, Play
from games.tractor.bots import LEVELS, RandomBot
from games.tractor.order import points
from games.tractor.state import TractorState
from support.contract import json_copy
from support.sizes import examples, pieces

DECK = sorted(deck(packs=2))
"""The two packs as a sorted list: two sorted lists are equal exactly when the multisets are (a
multiset compare by Counter, after every action, was a large part of the walk)."""
ACE = 14


def cards_in_play(state: TractorState) -> list[int]:
    """Every card in hands, kitty, the trick and the won tricks, sorted (each copy listed)."""
    held = [c for hand in state.hands for c in hand]
    held += state.kitty
    for _, play in state.trick:
        held += play
    held += [CARDS[n] for t in state.tricks for p in t["plays"] for n in p["cards"]]
    held.sort()
    return held


def check_invariants(state: TractorState, levels_before: list[int]) -> None:
    assert cards_in_play(state) == DECK, "the 108 cards are all in hands, kitty or tricks, once"
    assert all(2 <= level <= ACE for level in state.levels), "levels within 2..A"
    assert all(new >= old for new, old in zip(state.levels, levels_before, strict=True))
    if state.phase in ("bid", "bury", "play"):
        expected = 2 if state.deal_no == 0 else state.levels[state.dealer % 2]  # type: ignore[operator]
        assert state.level == expected, "the deal is played at the dealer team's level"
    if state.phase == "play":
        given = {s: len(p) for s, p in state.trick}
        sizes = {len(state.hands[s]) + given.get(s, 0) for s in range(4)}
        assert len(sizes) == 1, "everyone began the trick with as many cards"
        assert len(state.kitty) == 8
    won = [0, 0]
    for t in state.tricks:
        won[t["winner"] % 2] += t["points"]
    assert won == state.points, "the points of every trick went to its winners' team"
    if state.phase in ("deal_over", "over") and state.previous is not None:
        result = state.previous
        assert sum(result.points) + points(state.kitty) == 200, "200 points in every deal"
        assert result.total == result.points[result.attackers] + result.bonus
        last = state.tricks[-1]
        each = len(last["plays"][0]["cards"])
        if last["winner"] % 2 == result.attackers:
            assert result.bonus == result.kitty_points * 2 * each
        else:
            assert result.bonus == 0


def play_match(
    seed: int,
    players: list[Bot[Action]],
    *,
    max_deals: int = 60,
    accept_every: int = 0,
    views: bool = False,
) -> TractorState:
    state = TractorState.new(4, {}, seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_over() and state.deal_no < max_deals:
        decision = rng.choice(state.pending())
        legal = state.legal_actions(decision.seat)
        view = json_copy(state.view(decision.seat))
        action = players[decision.seat].choose(view, legal, rng, 0)
        assert action in legal
        if accept_every and step % accept_every == 0:
            check_acceptance(state, rng)
        if views:
            check_views(state)
        levels = list(state.levels)
        state.apply(decision.seat, action)
        check_invariants(state, levels)
        step += 1
    return state


@pytest.mark.parametrize("seeds", pieces(examples(4, 60), 6))
def test_random_matches_conserve_cards_account_points_and_keep_levels_in_2_to_ace(
    seeds: range,
) -> None:
    finished = 0
    for seed in seeds:
        state = play_match(seed, [RandomBot() for _ in range(4)])
        finished += state.is_over()
        if state.is_over():
            assert state.winners is not None and state.previous is not None
            assert state.previous.match_won and state.levels[state.winners] == ACE
    assert finished, "random matches do end"  # in every piece: seeds 0, 5 … 55 all ended by deal 38


@pytest.mark.parametrize("seeds", pieces(examples(2, 20), 4))
def test_ai_matches_keep_the_same_invariants(seeds: range) -> None:
    for seed in seeds:
        players: list[Bot[Action]] = [LEVELS[name]() for name in ("expert", "club") * 2]
        state = play_match(500 + seed, players, max_deals=examples(8, 60))
        assert state.deal_no >= 1


# ---- every legal play accepted, every other rejected -------------------------------------------


def candidates(state: TractorState, seat: int, rng: random.Random) -> list[Any]:
    """Actions of every kind, legal or not, for ``seat`` now."""
    out: list[Any] = [Pass(), Continue()]
    out += [Declare((c,)) for c in range(108)]
    out += [Declare((c, c + 54)) for c in range(54)]
    out += [Bury(c) for c in range(108)]
    out += [Play((c,)) for c in range(108)]
    hand = state.hands[seat]
    for _ in range(40):
        size = rng.randint(2, min(8, max(2, len(hand))))
        if len(hand) >= size:
            out.append(Play(tuple(rng.sample(hand, size))))
    out += [a for a in state.legal_actions(seat)]
    return out


def same_play(action: Any) -> Any:
    """A play or declaration is its set of cards: their order does not matter."""
    if isinstance(action, Play | Declare):
        return (type(action), frozenset(action.cards))
    return action


def check_acceptance(state: TractorState, rng: random.Random) -> None:
    before = json.dumps(state.to_json(), sort_keys=True)
    for decision in state.pending():
        seat = decision.seat
        offered = [same_play(a) for a in state.legal_actions(seat)]
        assert len(offered) == len(set(offered)), "each play is offered once"
        legal = set(offered)
        for action in candidates(state, seat, rng):
            if same_play(action) in legal:
                copy = TractorState.from_json(json.loads(before))
                copy.apply(seat, action)  # accepted
            else:
                try:
                    state.apply(seat, action)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"{action!r} is not offered but was accepted")
        assert json.dumps(state.to_json(), sort_keys=True) == before, "a rejection changed it"
    for seat in range(4):
        if seat not in {d.seat for d in state.pending()}:
            assert state.legal_actions(seat) == []


def test_every_legal_play_is_accepted_and_every_other_rejected_with_the_state_unchanged() -> None:
    for seed in range(examples(2, 12)):
        players: list[Bot[Action]] = [RandomBot(), LEVELS["club"](), RandomBot(), LEVELS["club"]()]
        play_match(900 + seed, players, max_deals=2, accept_every=7)


# ---- views -------------------------------------------------------------------------------------


def words(view: Any) -> set[str]:
    return set(json.dumps(view).split('"'))


def check_views(state: TractorState) -> None:
    """Worked out from the state, apart from ``hidden_from``: a seat's view holds no card of
    another hand or of the kitty, except cards shown to everyone (declarations, a turned-up
    kitty), the kitty for the dealer after taking it, and everything once the deal is over."""
    if state.phase in ("deal_over", "over"):
        return
    shown = {c for _, cards in state.bids if cards for c in cards}
    if state.turned:
        shown |= set(state.taken)
    for seat in [0, 1, 2, 3, None]:
        secret = {c for s in range(4) if s != seat for c in state.hands[s]}
        if seat is None or seat != state.dealer or state.phase == "bid":
            secret |= set(state.kitty)
        leaked = {NAMES[c] for c in secret - shown} & words(state.view(seat))
        assert not leaked, f"seat {seat} sees {sorted(leaked)}"


def test_no_view_ever_holds_another_seats_cards() -> None:
    for seed in range(examples(3, 30)):
        players: list[Bot[Action]] = [LEVELS["beginner"]() for _ in range(4)]
        play_match(1300 + seed, players, max_deals=2, views=True)
