"""Positions for the Guandan rule tests: hands written in card notation, set on a new match.

A rule about the end of a trick or a deal is easiest to see with a few cards per hand, so
:func:`position` deals a real match and then replaces the hands (the rule tests do not need the
108 cards; the property and contract tests play whole matches).  :func:`full_deal` completes a few
named cards per seat to a whole ``options["deals"]`` entry, for the tribute, which happens as a
deal is dealt.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from games.cards import deck, parse_many
from games.cards.notation import NAMES
from games.core import JSON, Event
from games.guandan.actions import Continue, Pass, Play
from games.guandan.state import GuandanState


def make_position(
    hands: Mapping[int, str],
    *,
    level: int = 2,
    turn: int = 0,
    levels: Sequence[int] = (2, 2),
    level_team: int | None = None,
    places: Sequence[int] = (),
    deals: Sequence[JSON] = (),
) -> GuandanState:
    """A match whose current deal has exactly ``hands`` (seats out in ``places`` hold nothing)."""
    state = GuandanState.new(4, {"deals": list(deals)}, seed=1)
    state.level, state.levels, state.level_team = level, list(levels), level_team
    state.hands = [state._sort(parse_many(hands.get(s, ""))) for s in range(4)]
    state.places, state.turn, state.phase = list(places), turn, "play"
    state.trick, state.passed, state._legal = [], [], {}
    return state


def make_full_deal(hands: Mapping[int, str], leader: int | None = None) -> dict[str, JSON]:
    """A deals entry where each seat holds its named cards plus others, in deck order."""
    given = {s: parse_many(text) for s, text in hands.items()}
    used = {c for cards in given.values() for c in cards}
    rest = [c for c in deck(packs=2) if c not in used]
    out = []
    for seat in range(4):
        cards = given.get(seat, [])
        need = 27 - len(cards)
        out.append([NAMES[c] for c in cards + rest[:need]])
        rest = rest[need:]
    entry: dict[str, JSON] = {"hands": out}
    if leader is not None:
        entry["leader"] = leader
    return entry


def names_of(ranks: str, suits: str = "CDS", count: int | None = None) -> str:
    """Both packs' cards of ``ranks`` in ``suits``, e.g. ``names_of("9 10")`` (12 cards), the
    first ``count`` of them."""
    found = [f"{r}{s}{p}" for r in ranks.split() for s in suits for p in ("", "'")]
    return " ".join(found[:count])


def make_play(state: GuandanState, seat: int, cards: str, combo: str, rank: int) -> list[Event]:
    return state.apply(seat, Play(tuple(parse_many(cards)), combo, rank))


def pass_(state: GuandanState, seat: int) -> list[Event]:
    return state.apply(seat, Pass())


def continue_all(state: GuandanState) -> list[Event]:
    """Every seat presses Continue after a deal (the next deal starts with the last)."""
    events: list[Event] = []
    for seat in range(4):
        events += state.apply(seat, Continue())
    return events


class Kit:
    """The helpers above, handed to tests by the ``kit`` fixture (test modules cannot import
    this conftest)."""

    position = staticmethod(make_position)
    full_deal = staticmethod(make_full_deal)
    play = staticmethod(make_play)
    pass_ = staticmethod(pass_)
    continue_all = staticmethod(continue_all)
    cards = staticmethod(parse_many)
    names_of = staticmethod(names_of)


@pytest.fixture
def kit() -> type[Kit]:
    return Kit
