"""Bridge's actions and their JSON (the move log stores it and the browser sends it).

* ``{"kind": "pass"}`` — pass in the auction.
* ``{"kind": "bid", "level": 4, "strain": "S"}`` — bid four spades; ``strain`` is one of ``"C"``,
  ``"D"``, ``"H"``, ``"S"``, ``"NT"``.
* ``{"kind": "double"}``, ``{"kind": "redouble"}``.
* ``{"kind": "play", "card": "QH"}`` — play a card (the declarer also plays the dummy's cards with
  it: the engine knows whose hand is to play).
* ``{"kind": "claim", "tricks": 3}`` — the declarer claims: its side will take 3 of the remaining
  tricks.  Play stops and the defenders answer (see :mod:`games.bridge.state`):
* ``{"kind": "accept_claim"}`` / ``{"kind": "reject_claim"}`` — a defender's answer to a claim.

Cards are written as :mod:`games.cards.notation` writes them (``"10H"``, ``"AS"``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.bridge.calls import DOUBLE, PASS, REDOUBLE, STRAINS, bid, is_bid, level_of, strain_of
from games.cards.codec import action_kind, card_named, is_card
from games.cards.notation import NAMES
from games.core import JSON, MalformedAction

DECK_SIZE: Final = 52


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass in the auction."""


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid ``level`` (1..7) in ``strain`` (0 ♣, 1 ♦, 2 ♥, 3 ♠, 4 NT)."""

    level: int
    strain: int


@dataclass(frozen=True, slots=True)
class Double:
    """Double the opponents' last bid."""


@dataclass(frozen=True, slots=True)
class Redouble:
    """Redouble the opponents' double of one's own side's bid."""


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` (0..51, :mod:`games.cards` numbering) from the hand that is to play."""

    card: int


@dataclass(frozen=True, slots=True)
class Claim:
    """The declarer claims ``tricks`` (0..13) of the remaining tricks for its side (the rest go
    to the defenders)."""

    tricks: int


@dataclass(frozen=True, slots=True)
class AcceptClaim:
    """A defender accepts the declarer's pending claim (it stands once both defenders accept)."""


@dataclass(frozen=True, slots=True)
class RejectClaim:
    """A defender rejects the declarer's pending claim: play goes on from the same position."""


Action = Pass | Bid | Double | Redouble | Play | Claim | AcceptClaim | RejectClaim
Call = Pass | Bid | Double | Redouble

_FIELDS: Final = {
    "pass": (),
    "double": (),
    "redouble": (),
    "bid": ("level", "strain"),
    "play": ("card",),
    "claim": ("tricks",),
    "accept_claim": (),
    "reject_claim": (),
}


def encode_action(action: Action) -> JSON:
    if isinstance(action, Bid):
        return {"kind": "bid", "level": action.level, "strain": STRAINS[action.strain]}
    if isinstance(action, Play):
        return {"kind": "play", "card": NAMES[action.card]}
    if isinstance(action, Claim):
        return {"kind": "claim", "tricks": action.tricks}
    if isinstance(action, Double):
        return {"kind": "double"}
    if isinstance(action, Redouble):
        return {"kind": "redouble"}
    if isinstance(action, AcceptClaim):
        return {"kind": "accept_claim"}
    if isinstance(action, RejectClaim):
        return {"kind": "reject_claim"}
    return {"kind": "pass"}


def decode_action(raw: JSON) -> Action:
    """The action ``raw`` encodes; :class:`MalformedAction` for anything else."""
    kind = action_kind(
        raw,
        _FIELDS,
        "an action's 'kind' is 'pass', 'bid', 'double', 'redouble', 'play', 'claim',"
        " 'accept_claim' or 'reject_claim'",
    )
    if kind == "pass":
        return Pass()
    if kind == "double":
        return Double()
    if kind == "redouble":
        return Redouble()
    if kind == "accept_claim":
        return AcceptClaim()
    if kind == "reject_claim":
        return RejectClaim()
    if kind == "play":
        return Play(card_named(raw["card"], DECK_SIZE, 'a card is named like "3H", "10S" or "AD"'))
    if kind == "claim":
        tricks = raw["tricks"]
        if type(tricks) is not int or not 0 <= tricks <= 13:
            raise MalformedAction("a claim's 'tricks' is a number from 0 to 13")
        return Claim(tricks)
    level, strain = raw["level"], raw["strain"]
    if type(level) is not int or not 1 <= level <= 7:
        raise MalformedAction("'level' is a number from 1 to 7")
    if not isinstance(strain, str) or strain not in STRAINS:
        raise MalformedAction("'strain' is one of 'C', 'D', 'H', 'S', 'NT'")
    return Bid(level, STRAINS.index(strain))


def valid_shape(action: object) -> bool:
    """Whether ``action`` is one of Bridge's actions with well-typed fields (an object built in
    code rather than decoded may hold anything)."""
    if isinstance(action, Pass | Double | Redouble | AcceptClaim | RejectClaim):
        return True
    if isinstance(action, Bid):
        return (
            type(action.level) is int
            and type(action.strain) is int
            and 1 <= action.level <= 7
            and 0 <= action.strain <= 4
        )
    if isinstance(action, Play):
        return is_card(action.card, DECK_SIZE)
    if isinstance(action, Claim):
        return type(action.tricks) is int and 0 <= action.tricks <= 13
    return False


def call_code(action: Call) -> int:
    """The :mod:`games.bridge.calls` number of a call action."""
    if isinstance(action, Bid):
        return bid(action.level, action.strain)
    if isinstance(action, Double):
        return DOUBLE
    if isinstance(action, Redouble):
        return REDOUBLE
    return PASS


def call_action(code: int) -> Call:
    """The call action of a :mod:`games.bridge.calls` number."""
    if is_bid(code):
        return Bid(level_of(code), strain_of(code))
    if code == DOUBLE:
        return Double()
    if code == REDOUBLE:
        return Redouble()
    return Pass()


def call_json(code: int) -> dict[str, JSON]:
    """A call as views and events write it (the action's JSON without ``kind``: ``call``)."""
    raw = encode_action(call_action(code))
    return {"call": raw.pop("kind"), **raw}
