"""Tractor's AI levels: they play legally from their own view, and they play as partners (never
overtake a partner's winning trick without reason, feed points to a winning partner, give the
opponents nothing), and the expert counts cards."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.cards import parse, parse_many
from games.cards.notation import NAMES
from games.core import DEALS_OPTION
from games.tractor.actions import Bury, Declare, Pass, Play
from games.tractor.bots import LEVELS, BeginnerBot, ClubBot, ExpertBot
from games.tractor.declaration import GAME
from games.tractor.order import TRUMP
from games.tractor.state import TractorState
from support.sizes import examples

SPADES = 3
PARTNER_AWARE = [ClubBot, ExpertBot]


def choose(state: TractorState, seat: int, bot: Any) -> Any:
    view = json.loads(json.dumps(state.view(seat)))
    return bot.choose(view, state.legal_actions(seat), random.Random(0), 0)


def follow(state: TractorState, seat: int, bot: Any) -> list[str]:
    """The whole follow ``bot`` gives, card by card."""
    given = []
    while state.turn == seat and state.trick:
        action = choose(state, seat, bot)
        given += [NAMES[c] for c in action.cards]
        state.apply(seat, action)
    return given


def test_the_levels_are_named_for_people_weakest_first() -> None:
    assert list(LEVELS) == ["beginner", "club", "expert"]
    assert GAME.bots == LEVELS


def test_every_level_chooses_only_legal_actions_from_its_own_view() -> None:
    for level, make_bot in GAME.bots.items():
        for seed in range(examples(2, 10)):
            state = GAME.new_state(4, {}, seed)
            bots = [make_bot() for _ in range(4)]
            rng = random.Random(seed)
            for _ in range(examples(400, 3000)):
                if state.is_over():
                    break
                decision = rng.choice(list(state.pending()))
                legal = list(state.legal_actions(decision.seat))
                view = json.loads(json.dumps(state.view(decision.seat)))
                action = bots[decision.seat].choose(view, legal, rng, 0)
                assert action in legal, f"{level} chose {action!r}"
                state.apply(decision.seat, action)


@pytest.mark.parametrize("bot", PARTNER_AWARE)
def test_the_last_player_feeds_points_to_a_winning_partner_and_does_not_overtake(
    kit: Any, bot: Any
) -> None:
    state = kit.position({0: "3H 3C", 1: "QH 4C", 2: "9H 6C", 3: "AH 10H 4H 7C"}, level=5)
    state.hands[3] = sorted(parse_many("AH 10H"))
    state.hands[0], state.hands[1], state.hands[2] = [parse("3H")], [parse("QH")], [parse("9H")]
    state.turn = state.leader = 0
    kit.play(state, 0, "3H")
    kit.play(state, 1, "QH")
    kit.play(state, 2, "9H")
    # seat 1 (the partner of seat 3) wins with the queen: seat 3 gives the ten, keeps the ace
    assert follow(state, 3, bot()) == ["10H"]


@pytest.mark.parametrize("bot", PARTNER_AWARE)
def test_a_player_gives_the_opponents_no_points_when_it_cannot_win(kit: Any, bot: Any) -> None:
    state = kit.position({0: "AH", 1: "3H", 2: "9H", 3: "10H 4H"}, level=5)
    kit.play(state, 0, "AH")
    kit.play(state, 1, "3H")
    kit.play(state, 2, "9H")
    assert follow(state, 3, bot()) == ["4H"]


@pytest.mark.parametrize("bot", PARTNER_AWARE)
def test_the_last_player_wins_a_trick_with_points_as_cheaply_as_it_can(kit: Any, bot: Any) -> None:
    state = kit.position({0: "KH", 1: "3H", 2: "9H", 3: "AH 4H"}, level=5)
    kit.play(state, 0, "KH")
    kit.play(state, 1, "3H")
    kit.play(state, 2, "9H")
    assert follow(state, 3, bot()) == ["AH"]


@pytest.mark.parametrize("bot", PARTNER_AWARE)
def test_a_void_player_ruffs_a_trick_with_points_with_its_lowest_trump(kit: Any, bot: Any) -> None:
    state = kit.position({0: "10H", 1: "3H", 2: "9H", 3: "3S BJ 4C"}, level=5, trump=SPADES)
    kit.play(state, 0, "10H")
    kit.play(state, 1, "3H")
    kit.play(state, 2, "9H")
    assert follow(state, 3, bot()) == ["3S"]


@pytest.mark.parametrize("bot", PARTNER_AWARE)
def test_a_pair_is_followed_with_a_pair_and_points_kept_from_the_opponents(
    kit: Any, bot: Any
) -> None:
    state = kit.position(
        {0: "AH AH'", 1: "3C 4C", 2: "6D 7D", 3: "4H 4H' KH KH' 9C 9D"}, level=5, trump=SPADES
    )
    kit.play(state, 0, "AH AH'")
    kit.play(state, 1, "3C 4C")
    kit.play(state, 2, "6D 7D")
    assert sorted(follow(state, 3, bot())) == ["4H", "4H'"]


def test_the_expert_leads_a_king_once_both_aces_of_its_suit_are_gone(kit: Any) -> None:
    state = kit.position({0: "KD 3D 7C 9S", 1: "4C 5C 6C 8C", 2: "2D 4D 6D 7D", 3: "2C 3C 6H 7H"},
                         level=5, trump=SPADES)  # fmt: skip
    state.tricks = [{
        "leader": 2, "winner": 2, "points": 0,
        "plays": [{"seat": 2, "cards": ["AD"]}, {"seat": 3, "cards": ["8D"]},
                  {"seat": 0, "cards": ["9D"]}, {"seat": 1, "cards": ["AD'"]}],
    }]  # fmt: skip
    lead = choose(state, 0, ExpertBot())
    assert lead == Play((parse("KD"),))


def test_the_expert_does_not_lead_into_a_suit_an_opponent_has_shown_out_of(kit: Any) -> None:
    hands = {0: "AC AD 4D 6H", 1: "4S 6D' 8H 9H", 2: "2D 4D' 6D 7D", 3: "2C 3C 6H' 7H"}
    state = kit.position(hands, level=5, trump=SPADES)
    state.tricks = [{
        "leader": 0, "winner": 1, "points": 0,
        "plays": [{"seat": 0, "cards": ["KC"]}, {"seat": 1, "cards": ["3S"]},
                  {"seat": 2, "cards": ["9C"]}, {"seat": 3, "cards": ["QC"]}],
    }]  # fmt: skip
    assert choose(state, 0, ClubBot()) == Play((parse("AC"),)), "the club player does not count"
    assert choose(state, 0, ExpertBot()) == Play((parse("AD"),)), "seat 1 would ruff clubs"


@pytest.mark.parametrize("bot", [BeginnerBot, ClubBot, ExpertBot])
def test_the_dealer_buries_eight_cards_none_of_them_trumps(kit: Any, bot: Any) -> None:
    entry = kit.full_deal({1: "2H"}, kitty="KS 10S 5D 3C 4C 6H 7H 8D", first=1)
    state = TractorState.new(4, {DEALS_OPTION: [entry]}, 3)
    kit.declare(state, 1, "2H")
    for seat in (2, 3, 0):
        kit.pass_(state, seat)
    player = bot()
    while state.phase == "bury":
        action = choose(state, 1, player)
        assert isinstance(action, Bury)
        assert state.order.eff[action.card] != TRUMP
        state.apply(1, action)
    assert len(state.kitty) == 8


@pytest.mark.parametrize("bot", PARTNER_AWARE)
def test_a_player_declares_a_long_suit_and_does_not_overcall_its_partner(
    kit: Any, bot: Any
) -> None:
    hearts = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 3H'"
    state = TractorState.new(4, {DEALS_OPTION: [kit.full_deal({0: hearts, 2: "2S"}, first=0)]}, 1)
    assert choose(state, 0, bot()) == Declare((parse("2H"),))
    kit.declare(state, 0, "2H")
    kit.pass_(state, 1)
    assert choose(state, 2, bot()) == Pass()
