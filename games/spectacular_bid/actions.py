"""The actions of Spectacular Bid, one frozen record per kind, and their codec.

The move log stores the JSON of every action and the browser board sends the same JSON, so the codec
is a compatibility promise: ``encode_action`` writes exactly the dicts the game has always logged
(docs/games/spectacular_bid.md lists them) and ``decode_action`` accepts exactly those, turning
everything else into :class:`MalformedAction`.

A tile is order-insensitive on input (``[3, 6]`` means ``[6, 3]``), so :class:`Place` stores the
canonical ``(high, low)`` spelling whichever way it was given: a placement equals the one
``legal_actions`` offers and is logged and replayed alike.  The records check their own fields when
built, so every :class:`Place`, :class:`Bid` or :class:`Raise` that exists is well-formed and the
engine's ``apply`` only has to ask whether the rules allow it now.

``legal_actions`` runs before every move, so it hands out records built once here
(:func:`place_sets`, :func:`bids_from`) instead of building new ones each time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from games.core import JSON, MalformedAction
from games.spectacular_bid.line import END_NAMES, ORIGIN
from games.spectacular_bid.tiles import ALL_TILES, Tile

ENDS: Final = (*END_NAMES, ORIGIN)
"""Every end a placement may name; a placement's end index is its position here (origin: 4)."""
ORIGIN_INDEX: Final = len(END_NAMES)

AMOUNT_LIMIT: Final = 1000
"""The largest amount a bid or raise may carry and still decode (more than three times the 300
points in play): anything bigger can only be junk, and rejecting it keeps error messages short."""


@dataclass(frozen=True, slots=True)
class Ready:
    """Start (phase ``start``) or Continue (phase ``settlement``): both seats press it."""

    KIND: ClassVar[str] = "ready"


@dataclass(frozen=True, slots=True)
class Reveal:
    """Pass-and-play hand-over: the next player shows their tiles on the shared device."""

    KIND: ClassVar[str] = "reveal"


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the first tile of the boneyard (only when no tile in hand fits)."""

    KIND: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Waive:
    """The auction's first speaker lets the jockey open for free."""

    KIND: ClassVar[str] = "waive"


@dataclass(frozen=True, slots=True)
class Accept:
    """Take the other player's standing bid: the bidder pays and opens."""

    KIND: ClassVar[str] = "accept"


def _check_amount(kind: str, amount: object) -> None:
    """A bid's amount is a plain int (a bool is not one) of reasonable size."""
    if type(amount) is not int or not 0 <= amount <= AMOUNT_LIMIT:
        raise MalformedAction(
            f"A {kind} needs an integer 'amount' from 0 to {AMOUNT_LIMIT} (the new total bid)."
        )


@dataclass(frozen=True, slots=True)
class Bid:
    """The first bid of an auction; ``amount`` is the total offered for the opening right."""

    KIND: ClassVar[str] = "bid"
    amount: int

    def __post_init__(self) -> None:
        _check_amount(self.KIND, self.amount)


@dataclass(frozen=True, slots=True)
class Raise:
    """Outbid the standing bid; ``amount`` is the new total, not the increase."""

    KIND: ClassVar[str] = "raise"
    amount: int

    def __post_init__(self) -> None:
        _check_amount(self.KIND, self.amount)


_PLACE_NEEDS_TILE: Final = "A placement needs 'tile': two numbers from 0 to 6."
_PLACE_NEEDS_END: Final = "A placement needs 'end': one of W, E, N, S or origin."


def _canonical_tile(raw: object) -> Tile:
    """The ``(high, low)`` tile that ``raw`` (a pair of numbers 0–6 in either order) names."""
    if not isinstance(raw, (list, tuple)) or len(raw) != 2:
        raise MalformedAction(_PLACE_NEEDS_TILE)
    a, b = raw
    if type(a) is not int or type(b) is not int or not (0 <= a <= 6 and 0 <= b <= 6):
        raise MalformedAction(_PLACE_NEEDS_TILE)
    return _CANONICAL[a][b]


@dataclass(frozen=True, slots=True)
class Place:
    """Put ``tile`` at ``end`` (``"W"``, ``"E"``, ``"N"``, ``"S"``, or ``"origin"`` for the first
    tile of a round).  The tile is stored canonically (see the module docstring)."""

    KIND: ClassVar[str] = "place"
    tile: Tile
    end: str

    def __post_init__(self) -> None:
        canonical = _canonical_tile(self.tile)
        if canonical is not self.tile:
            object.__setattr__(self, "tile", canonical)
        if type(self.end) is not str or self.end not in ENDS:
            raise MalformedAction(_PLACE_NEEDS_END)


type Action = Ready | Reveal | Draw | Waive | Accept | Bid | Raise | Place
"""Every action of the game."""

_CANONICAL: Final = tuple(tuple((a, b) if a >= b else (b, a) for b in range(7)) for a in range(7))
"""``_CANONICAL[a][b]`` is the tile ``(a, b)`` spelled ``(high, low)``: every placement shares
these tuples, so a canonical tile is recognised by identity."""

READY: Final = Ready()
REVEAL: Final = Reveal()
DRAW: Final = Draw()
WAIVE: Final = Waive()
ACCEPT: Final = Accept()

_PLAIN: Final[dict[str, Action]] = {a.KIND: a for a in (READY, REVEAL, DRAW, WAIVE, ACCEPT)}
"""The actions without fields by kind (each is the only value of its class)."""

ACTION_TYPES: Final[frozenset[type]] = frozenset(
    {Ready, Reveal, Draw, Waive, Accept, Bid, Raise, Place}
)
"""The classes ``apply`` accepts (exactly these: not subclasses, dicts or other games' actions)."""

_PLACES: Final[dict[Tile, tuple[Place, ...]]] = {
    t: tuple(Place(t, end) for end in ENDS) for t in ALL_TILES
}
"""Every placement, built once: ``_PLACES[tile][end index]`` (see :data:`ENDS`)."""

_PLACE_SETS: Final[dict[Tile, tuple[tuple[Place, ...], ...]]] = {
    t: tuple(
        tuple(_PLACES[t][e] for e in range(len(END_NAMES)) if bits >> e & 1) for bits in range(16)
    )
    for t in ALL_TILES
}

_BIDS: Final = tuple(Bid(a) for a in range(0, AMOUNT_LIMIT + 1, 5))
_RAISES: Final = tuple(Raise(a) for a in range(0, AMOUNT_LIMIT + 1, 5))
"""Every bid and raise whose amount is a multiple of five, by ``amount // 5``."""


def placement(t: Tile, end_index: int) -> Place:
    """The shared :class:`Place` of canonical tile ``t`` at ``ENDS[end_index]``."""
    return _PLACES[t][end_index]


def place_sets(t: Tile) -> tuple[tuple[Place, ...], ...]:
    """For canonical tile ``t``, indexed by a bit set of ends (bit ``e`` for ``END_NAMES[e]``),
    the placements of ``t`` at those ends in end order (what :meth:`Line.fits` leads to)."""
    return _PLACE_SETS[t]


def bids_from(kind: type[Bid] | type[Raise], low: int, high: int) -> list[Action]:
    """The bids (or raises) of every multiple of five from ``low`` to ``high`` (both multiples of
    five, within :data:`AMOUNT_LIMIT`)."""
    table = _BIDS if kind is Bid else _RAISES
    return list(table[low // 5 : high // 5 + 1])


def encode_action(action: Action) -> JSON:
    """The JSON the move log stores and the board sends (the tile as ``[high, low]``)."""
    if type(action) is Place:
        return {"kind": "place", "tile": [action.tile[0], action.tile[1]], "end": action.end}
    if type(action) is Bid or type(action) is Raise:
        return {"kind": action.KIND, "amount": action.amount}
    if type(action) in ACTION_TYPES:
        return {"kind": action.KIND}
    raise MalformedAction("That is not a Spectacular Bid action.")


def decode_action(raw: JSON) -> Action:
    """The action ``raw`` spells; :class:`MalformedAction` for anything else (a non-object, an
    unknown kind, missing or extra fields, a field of the wrong type or range).

    Placements are tested first because they are most of a round's actions.
    """
    if not isinstance(raw, dict):
        raise MalformedAction("An action must be a JSON object.")
    kind = raw.get("kind")
    if type(kind) is not str:
        raise MalformedAction("An action needs 'kind', a string.")
    if kind == "place":
        _expect_fields(raw, kind, ("kind", "tile", "end"))
        t = _canonical_tile(raw["tile"])
        end = raw["end"]
        if type(end) is not str or end not in ENDS:
            raise MalformedAction(_PLACE_NEEDS_END)
        return _PLACES[t][ENDS.index(end)]
    plain = _PLAIN.get(kind)
    if plain is not None:
        _expect_fields(raw, kind, ("kind",))
        return plain
    if kind == "bid" or kind == "raise":
        _expect_fields(raw, kind, ("kind", "amount"))
        amount = raw["amount"]
        _check_amount(kind, amount)
        table = _BIDS if kind == "bid" else _RAISES
        return table[amount // 5] if amount % 5 == 0 else (Bid if kind == "bid" else Raise)(amount)
    raise MalformedAction(f"Unknown action kind {kind[:30]!r}.")


def _expect_fields(raw: dict[str, JSON], kind: str, names: tuple[str, ...]) -> None:
    """Exactly ``names`` and no other keys (a missing or extra field is malformed)."""
    if len(raw) != len(names) or any(name not in raw for name in names):
        listed = ", ".join(repr(n) for n in names)
        raise MalformedAction(f"A {kind} action has exactly the fields {listed}.")
