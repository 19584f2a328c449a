"""Positions for the Tractor rule tests: hands written in card notation, set on a new match.

A rule about a trick is easiest to see with a few cards per hand, so :func:`make_position` deals a
real match and then replaces the hands and the deal's trump, level and dealer (the property and
contract tests play whole matches).  :func:`make_full_deal` completes a few named cards per seat
to a whole ``options["deals"]`` entry, for the bidding, which happens as a deal is dealt.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from games.cards import deck, parse_many
from games.cards.notation import NAMES
from games.core import JSON, Event
from games.tractor.actions import Bury, Continue, Declare, Pass, Play
from games.tractor.state import TractorState


def make_position(
    hands: Mapping[int, str],
    *,
    trump: int | None = 3,
    level: int = 2,
    dealer: int = 0,
    turn: int = 0,
    levels: Sequence[int] = (2, 2),
    kitty: str = "",
) -> TractorState:
    """A match in the play phase of a deal with exactly ``hands``, ``turn`` to lead."""
    state = TractorState.new(4, {}, seed=1)
    state.phase, state.trump, state.level, state.dealer = "play", trump, level, dealer
    state.levels = list(levels)
    state.hands = [sorted(parse_many(hands.get(s, ""))) for s in range(4)]
    state.kitty, state.taken, state.turned = parse_many(kitty), [], False
    state.bids = [(dealer, None)]
    state.turn, state.leader, state.trick, state.best, state.tricks = turn, turn, [], 0, []
    state.points, state._legal = [0, 0], {}
    return state


def make_full_deal(
    hands: Mapping[int, str], kitty: str = "", first: int | None = 0, level: int = 2
) -> dict[str, JSON]:
    """A deals entry where each seat holds its named cards plus others, and the kitty its named
    cards plus others.  The level cards nobody is named to hold go into the kitty first, and the
    jokers left over are spread one per seat: only the named cards can declare."""
    given = {s: parse_many(text) for s, text in hands.items()}
    kitty_cards = parse_many(kitty)
    used = {c for cards in given.values() for c in cards} | set(kitty_cards)
    free = [c for c in deck(packs=2) if c not in used]
    twos = [c for c in free if c % 54 < 52 and c % 54 % 13 == level - 2]
    jokers = [c for c in free if c % 54 >= 52]
    ordinary = [c for c in free if c not in twos and c not in jokers]
    special = twos + jokers
    room = 8 - len(kitty_cards)
    kitty_cards, left = kitty_cards + special[:room], special[room:]
    more = 8 - len(kitty_cards)
    kitty_cards, rest = kitty_cards + ordinary[:more], ordinary[more:]
    out = []
    for seat in range(4):
        cards = given.get(seat, []) + left[seat::4]
        need = 25 - len(cards)
        out.append([NAMES[c] for c in cards + rest[:need]])
        rest = rest[need:]
    entry: dict[str, JSON] = {"hands": out, "kitty": [NAMES[c] for c in kitty_cards]}
    if first is not None:
        entry["first"] = first
    return entry


def play(state: TractorState, seat: int, cards: str) -> list[Event]:
    """A lead (all the cards at once) or a follow (card by card)."""
    parsed = parse_many(cards)
    if not state.trick:
        return state.apply(seat, Play(tuple(parsed)))
    events: list[Event] = []
    for c in parsed:
        events += state.apply(seat, Play((c,)))
    return events


def declare(state: TractorState, seat: int, cards: str) -> list[Event]:
    return state.apply(seat, Declare(tuple(parse_many(cards))))


def pass_(state: TractorState, seat: int) -> list[Event]:
    return state.apply(seat, Pass())


def bury(state: TractorState, seat: int, cards: str) -> list[Event]:
    events: list[Event] = []
    for c in parse_many(cards):
        events += state.apply(seat, Bury(c))
    return events


def continue_all(state: TractorState) -> list[Event]:
    events: list[Event] = []
    for seat in range(4):
        events += state.apply(seat, Continue())
    return events


def legal_cards(state: TractorState, seat: int) -> set[str]:
    """The names of the cards ``seat`` may give next (a follow's single-card plays)."""
    return {
        NAMES[a.cards[0]]
        for a in state.legal_actions(seat)
        if isinstance(a, Play) and len(a.cards) == 1
    }


def legal_leads(state: TractorState, seat: int) -> set[str]:
    return {
        " ".join(NAMES[c] for c in a.cards)
        for a in state.legal_actions(seat)
        if isinstance(a, Play)
    }


class Kit:
    """The helpers above, handed to tests by the ``kit`` fixture (test modules cannot import
    this conftest)."""

    position = staticmethod(make_position)
    full_deal = staticmethod(make_full_deal)
    play = staticmethod(play)
    declare = staticmethod(declare)
    pass_ = staticmethod(pass_)
    bury = staticmethod(bury)
    continue_all = staticmethod(continue_all)
    cards = staticmethod(parse_many)
    legal_cards = staticmethod(legal_cards)
    legal_leads = staticmethod(legal_leads)


@pytest.fixture
def kit() -> type[Kit]:
    return Kit
