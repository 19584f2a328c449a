"""The expert's card play on DDS: the endplay adapter (:mod:`games.bridge.dds`) against our own
double-dummy solver, the expert taking a trick it can force, and the expert deciding from its
view alone (hidden cards never reach it)."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from games.bridge import dds
from games.bridge.actions import Play
from games.bridge.calls import NOTRUMP, PASS, bid
from games.bridge.deals import shuffled_deal
from games.bridge.declaration import GAME
from games.bridge.play import (
    DEAL_WORK,
    WORK_LIMIT,
    Seen,
    deals_for,
    sample_hands,
    sampled_card,
    within_work,
)
from games.bridge.solver import Solver, cards_of, distinct, mask_of, playable_mask, winner_index
from games.bridge.state import BridgeState
from games.cards import parse_many
from games.cards.notation import NAMES
from support.sizes import examples


def ending(seed: int) -> tuple[list[int], int, list[int], int]:
    """A random position with three or four tricks left, sometimes in the middle of a trick:
    (hands as masks without the trick's cards, leader, trick, trump)."""
    rng = random.Random(seed)
    hands = [mask_of(h) for h in shuffled_deal(seed, 0).hands]
    trump, leader, trick = rng.randrange(5), rng.randrange(4), []
    for _ in range(4 * (13 - rng.choice([3, 4])) + rng.randrange(4)):
        seat = (leader + len(trick)) % 4
        card = rng.choice(cards_of(playable_mask(hands[seat], trick)))
        hands[seat] &= ~(1 << card)
        trick.append(card)
        if len(trick) == 4:
            leader, trick = (leader + winner_index(trick, trump)) % 4, []
    return hands, leader, trick, trump


def solver_values(
    hands: Sequence[int], leader: int, trick: Sequence[int], trump: int
) -> dict[int, int]:
    """Our solver's tricks for the side to play after each legal card, current trick included."""
    seat = (leader + len(trick)) % 4
    solver = Solver(trump)
    out = {}
    for card in cards_of(playable_mask(hands[seat], trick)):
        hs = list(hands)
        hs[seat] &= ~(1 << card)
        after = [*trick, card]
        if len(after) == 4:
            w = (leader + winner_index(after, trump)) % 4
            out[card] = (w % 2 == seat % 2) + solver.tricks(hs, w, [], seat % 2)
        else:
            out[card] = solver.tricks(hs, leader, after, seat % 2)
    return out


def test_the_dds_adapter_gives_the_solvers_trick_values_on_endings_mid_trick_included() -> None:
    mid_trick = 0
    for seed in range(examples(40, 200)):
        hands, leader, trick, trump = ending(seed)
        mid_trick += bool(trick)
        assert dds.card_values(hands, leader, trick, trump) == solver_values(
            hands, leader, trick, trump
        ), seed
    assert mid_trick > 0


def test_the_dds_adapter_speaks_for_every_seat_and_strain() -> None:
    """Seats and strains are mapped both ways: in a two-card ending where only the trump wins,
    the seat to play takes the trick with its trump whatever seat and strain it is."""
    for strain in range(4):
        for seat in range(4):
            other = (strain + 1) % 4
            hands = [0, 0, 0, 0]
            hands[seat] = mask_of([13 * strain, 13 * other])  # the two of trumps, a low card
            for k in (1, 2, 3):  # the others hold only higher cards of another plain suit
                hands[(seat + k) % 4] = mask_of([13 * other + 9 + k, 13 * ((strain + 2) % 4) + k])
            values = dds.card_values(hands, seat, [], strain)
            assert values[13 * strain] == max(values.values()) >= 1, (strain, seat)


def seen_of(
    hands: dict[int, list[int]],
    hidden: list[int],
    counts: list[int],
    won: list[int],
    calls: list[int],
) -> Seen:
    """South to lead in no trump, South declaring, North the dummy (shown); the cards neither
    seen nor ``hidden`` count as played, spread evenly over the four seats."""
    held = {c for h in hands.values() for c in h} | set(hidden)
    gone = [c for c in range(52) if c not in held]
    played: list[list[int]] = [[], [], [], []]
    for i, card in enumerate(gone):
        played[i % 4].append(card)
    return Seen(
        me=0,
        hand_seat=0,
        hands=hands,
        counts=counts,
        played=played,
        voids=[set(), set(), set(), set()],
        trick=[],
        leader=0,
        trump=NOTRUMP,
        declarer=0,
        target=7,
        won=won,
        calls=calls,
        leads=[],
        opening=False,
    )


def test_the_expert_cashes_a_trick_it_can_take_by_force() -> None:
    """Three tricks left at no trump: South holds the last spade, the ace, and two low hearts;
    the defenders hold the top hearts.  Leading the ace takes a trick in every deal; leading a
    heart lets them run the suit and squeeze the ace out."""
    south = parse_many("AS 2H 3H")
    north = parse_many("2C 3C 4C")
    hidden = parse_many("KS QS JS AH KH QH")
    auction = [bid(1, NOTRUMP), PASS, PASS, PASS]
    seen = seen_of({0: south, 2: north}, hidden, [3, 3, 3, 3], [6, 4], auction)
    assert {c for c in range(52)} - set(south + north + hidden) == {
        c for p in seen.played for c in p
    }
    card = sampled_card(seen, south, random.Random(7), 8)
    assert NAMES[card] == "AS"


def replay(hands: list[list[int]], calls: str, cards: Sequence[int], kit: Any) -> BridgeState:
    state = BridgeState.new(4, {"deals": [{"hands": [[NAMES[c] for c in h] for h in hands]}]}, 1)
    kit.auction(state, calls)
    for card in cards:
        state.apply(state.pending()[0].seat, Play(card))
    return state


def first_real_choice(kit: Any) -> tuple[list[list[int]], list[int]]:
    """A deal where, after West's opening lead against South's 1NT, the declarer has more than
    one distinct card to choose from in the dummy: (the four hands, the lead)."""
    for seed in range(100):
        hands = [sorted(h) for h in shuffled_deal(seed, 0).hands]
        lead = hands[1][0]
        dummy = playable_mask(mask_of(hands[2]), [lead])
        remaining = mask_of([c for h in hands for c in h])
        if len(distinct(dummy, remaining)) > 1:
            return hands, [lead]
    raise AssertionError("no deal with a choice")


def test_the_expert_decides_from_its_view_alone_never_from_hidden_cards(
    kit: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two deals that differ only in the defenders' hidden cards give the declarer the same view
    and the same card; the view names no hidden card, and the deals the expert solves are its
    own samples, not the real hands."""
    hands, played = first_real_choice(kit)
    west, east = hands[1], hands[3]
    pool = [c for c in west + east if c not in played]
    random.Random(4).shuffle(pool)
    other = [list(h) for h in hands]
    other[1] = sorted(played + pool[:12])
    other[3] = sorted(pool[12:])
    assert other[1] != west

    solved: list[list[int]] = []

    def spy(hs: Sequence[int], leader: int, trick: Sequence[int], trump: int) -> dds.Solution:
        solved.append(list(hs))
        return original(hs, leader, trick, trump)

    original = dds.solve
    monkeypatch.setattr(dds, "solve", spy)
    choices, views = [], []
    for deal in (hands, other):
        state = replay(deal, "1NT p p p", played, kit)
        seat = state.pending()[0].seat
        assert seat == 0, "the declarer plays the dummy's card"
        view = json.loads(json.dumps(state.view(seat)))
        text = json.dumps(view)
        assert not any(f'"{NAMES[c]}"' in text for c in deal[1] + deal[3] if c not in played)
        bot = GAME.bots["expert"]()
        action = bot.choose(view, state.legal_actions(seat), random.Random(5), 0)
        assert action in state.legal_actions(seat)
        choices.append(action)
        views.append(view)
    assert views[0] == views[1]
    assert choices[0] == choices[1]
    per_decision = deals_for(GAME.bots["expert"]().DEFAULT_BUDGET, 13)
    assert len(solved) == 2 * per_decision
    assert any(hs[3] != mask_of(east) for hs in solved[:per_decision])
    for hs in solved:
        assert hs[0] == mask_of(hands[0]) and hs[2] == mask_of(hands[2])


def test_the_expert_solves_its_whole_budget_of_deals_late_and_fewer_early() -> None:
    assert [deals_for(64, t) for t in (13, 12, 11, 10, 4, 2)] == [8, 16, 32, 64, 64, 64]
    assert deals_for(1, 13) == 2


# ---- the work budget ---------------------------------------------------------------------------


def expert_decisions(seed: int, count: int, kit: Any) -> list[tuple[Seen, list[int]]]:
    """``count`` positions of a robot-bid deal (greedy play to reach them) where the side to play
    has a real choice: (what the seat to play sees, its legal cards)."""
    from games.bridge.play import read_view

    state = GAME.new_state(4, {}, seed)
    rng = random.Random(seed)
    greedy = GAME.bots["greedy"]()
    out: list[tuple[Seen, list[int]]] = []
    while not state.is_over() and len(out) < count:
        seat = state.pending()[0].seat
        legal = state.legal_actions(seat)
        view = json.loads(json.dumps(state.view(seat)))
        cards = [a.card for a in legal if isinstance(a, Play)]
        if view["phase"] == "play" and len(cards) > 1 and (view["tricks"] or view["trick"]):
            out.append((read_view(view), cards))
        state.apply(seat, greedy.choose(view, legal, rng, 0))
    return out


def test_the_expert_stops_sampling_when_the_next_deal_would_pass_its_work_limit(
    kit: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cap on a card decision is a count of work, not a clock: DDS's search nodes plus a
    fixed charge per sampled deal.  With every solve reporting 400,000 nodes a decision solves
    only as many deals as fit in the limit (the first always), whatever its deal budget."""
    calls = 0

    def dear(hs: Sequence[int], leader: int, trick: Sequence[int], trump: int) -> dds.Solution:
        nonlocal calls
        calls += 1
        real = original(hs, leader, trick, trump)
        return dds.Solution(real.values, 400_000)

    original = dds.solve
    monkeypatch.setattr(dds, "solve", dear)
    cost = 400_000 + DEAL_WORK
    fits = max(1, WORK_LIMIT // cost)
    positions = expert_decisions(3, 6, kit)
    assert positions
    for seen, legal in positions:
        calls = 0
        card = sampled_card(seen, legal, random.Random(1), 64)
        assert card in legal
        assert 1 <= calls <= fits
        assert calls * cost <= WORK_LIMIT or calls == 1
        assert calls == min(fits, deals_for(64, seen.counts[seen.hand_seat]))


def test_the_work_limit_admits_a_deal_only_while_the_dearest_one_so_far_still_fits() -> None:
    assert within_work(0, 0, 100)
    assert within_work(0, 0, 0), "the first deal is always solved"
    assert within_work(40, 40, 100)
    assert within_work(50, 50, 100)
    assert not within_work(60, 50, 100)
    assert not within_work(10, 95, 100)


def test_a_decisions_dds_work_does_not_depend_on_what_the_process_solved_before(
    kit: Any,
) -> None:
    """DDS keeps tables from one call for the next; :func:`dds.decision` clears them, so the nodes
    a decision's solves report (what the work limit counts) are the same after any history, and
    the expert's card is too."""
    positions = expert_decisions(5, 3, kit)
    assert positions
    seen, _ = positions[-1]
    rng = random.Random(9)
    samples = [sample_hands(seen, rng) for _ in range(6)]
    full = [mask_of(h) for h in shuffled_deal(11, 0).hands]

    def nodes(before: list[list[int]]) -> list[int]:
        for hands in before:  # what the process solved before the decision
            dds.solve(hands, seen.leader, seen.trick, seen.trump)
        with dds.decision():
            return [dds.solve(h, seen.leader, seen.trick, seen.trump).nodes for h in clean]

    clean = [h for h in samples if h is not None]
    first = nodes([])
    assert sum(first) > 0
    assert nodes([clean[0]]) == first, "the same deal solved just before"
    assert nodes([clean[-1], full]) == first
    assert nodes([full, clean[0]]) == first
