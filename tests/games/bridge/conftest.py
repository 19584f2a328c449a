"""Positions for the Bridge rule tests, written the way bridge players write them.

Hands are card notation (``"AS KS 7H"``), auctions a line of calls from South (``"1S p 2S x xx p
p p"``: ``p`` pass, ``x`` double, ``xx`` redouble, ``1S`` … ``7NT`` bids).  :func:`make_deal`
completes a few named cards per seat to a whole ``options["deals"]`` entry; :func:`make_state`
starts a deal with it and runs an auction; :func:`make_play` plays cards by whoever must act.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from games.bridge.actions import Action, Bid, Double, Pass, Play, Redouble
from games.bridge.calls import STRAINS
from games.bridge.deals import DECK
from games.bridge.state import BridgeState
from games.cards import parse_many
from games.cards.notation import CARDS, NAMES
from games.core import JSON, Event

SOUTH, WEST, NORTH, EAST = 0, 1, 2, 3


def make_deal(
    hands: Mapping[int, str] | None = None, vulnerability: str | None = "none"
) -> dict[str, JSON]:
    """A deals entry where each seat holds its named cards plus others, in deck order."""
    given = {s: parse_many(text) for s, text in (hands or {}).items()}
    used = {c for cards in given.values() for c in cards}
    rest = [c for c in DECK if c not in used]
    out = []
    for seat in range(4):
        cards = given.get(seat, [])
        need = 13 - len(cards)
        out.append([NAMES[c] for c in cards + rest[:need]])
        rest = rest[need:]
    entry: dict[str, JSON] = {"hands": out}
    if vulnerability is not None:
        entry["vulnerability"] = vulnerability
    return entry


def call_of(text: str) -> Action:
    t = text.strip().upper()
    if t in ("P", "PASS"):
        return Pass()
    if t in ("X", "DOUBLE"):
        return Double()
    if t in ("XX", "REDOUBLE"):
        return Redouble()
    return Bid(int(t[0]), STRAINS.index(t[1:]))


def make_auction(state: BridgeState, calls: str) -> list[Event]:
    """Make the calls in turn (each by the seat whose call it is)."""
    events: list[Event] = []
    for text in calls.split():
        seat = state.pending()[0].seat
        events += state.apply(seat, call_of(text))
    return events


def make_state(
    hands: Mapping[int, str] | None = None,
    calls: str = "",
    vulnerability: str = "none",
    seed: int = 1,
) -> BridgeState:
    state = BridgeState.new(4, {"deals": [make_deal(hands, vulnerability)]}, seed)
    make_auction(state, calls)
    return state


def make_play(state: BridgeState, cards: str) -> list[Event]:
    """Play the cards in turn, each by the seat that must act (the declarer for the dummy)."""
    events: list[Event] = []
    for name in cards.split():
        seat = state.pending()[0].seat
        events += state.apply(seat, Play(CARDS[name]))
    return events


class Kit:
    """The helpers above, handed to tests by the ``kit`` fixture (test modules cannot import
    this conftest)."""

    deal = staticmethod(make_deal)
    state = staticmethod(make_state)
    auction = staticmethod(make_auction)
    play = staticmethod(make_play)
    call = staticmethod(call_of)
    SOUTH, WEST, NORTH, EAST = SOUTH, WEST, NORTH, EAST


@pytest.fixture
def kit() -> type[Kit]:
    return Kit
