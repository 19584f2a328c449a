"""The action codec: actions are small JSON dicts, decoded into one canonical spelling.

The move log stores the canonical form, so ``[2, 5]`` and ``[5, 2]`` (tiles are order-insensitive on
input) are logged alike and replay alike.

:func:`parse_action` does the validation and returns the canonical action's fields as a tuple;
``apply`` uses that form directly (it runs on every move, and the tuple costs no dict or list),
while :func:`decode_action` builds the canonical dict from it.
"""

from __future__ import annotations

from typing import Any, Final

from games.core import JSON, MalformedAction
from games.spectacular_bid.line import END_NAMES, ORIGIN
from games.spectacular_bid.tiles import Tile, tile

PLAIN_KINDS: Final = frozenset({"ready", "draw", "waive", "accept", "reveal"})
AMOUNT_KINDS: Final = frozenset({"bid", "raise"})
ENDS: Final = frozenset((*END_NAMES, ORIGIN))

type Parsed = tuple[str, Tile, str, int]
"""A valid action's canonical fields ``(kind, tile, end, amount)``: the tile and the end of a
placement (otherwise :data:`NO_TILE` and ``""``) and the amount of a bid or raise (otherwise 0)."""

NO_TILE: Final[Tile] = (-1, -1)
"""The tile field of an action that places none."""

_CANONICAL: Final = tuple(tuple(tile(a, b) for b in range(7)) for a in range(7))
"""``_CANONICAL[a][b]`` is ``tile(a, b)``: every placement reuses these 49 tuples."""

_PLAIN: Final[dict[object, Parsed]] = {kind: (kind, NO_TILE, "", 0) for kind in PLAIN_KINDS}
"""The parsed form of each action without fields, built once."""


def parse_action(data: JSON) -> Parsed:
    """The canonical fields of the action ``data`` (see :data:`Parsed`); :class:`MalformedAction`
    on anything :func:`decode_action` rejects.

    Placements are tested first because they are most of a round's actions (the kinds are
    disjoint, so the order changes no answer).
    """
    if not isinstance(data, dict):
        raise MalformedAction("An action must be a JSON object.")
    kind = data.get("kind")
    if kind == "place":
        t = data.get("tile")
        if not isinstance(t, (list, tuple)) or len(t) != 2:
            raise MalformedAction("A placement needs 'tile': two numbers from 0 to 6.")
        a, b = t
        if type(a) is not int or type(b) is not int or not (0 <= a <= 6 and 0 <= b <= 6):
            raise MalformedAction("A placement needs 'tile': two numbers from 0 to 6.")
        end = data.get("end")
        if end not in ENDS:
            raise MalformedAction("A placement needs 'end': one of W, E, N, S or origin.")
        return "place", _CANONICAL[a][b], end, 0
    plain = _PLAIN.get(kind)
    if plain is not None:
        return plain
    if kind in AMOUNT_KINDS:
        amount = data.get("amount")
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise MalformedAction(f"A {kind} needs an integer 'amount' (the new total bid).")
        return kind, NO_TILE, "", amount
    raise MalformedAction(f"Unknown action kind {kind!r}.")


def decode_action(data: JSON) -> dict[str, Any]:
    """The canonical action for ``data``; :class:`MalformedAction` on anything else."""
    kind, t, end, amount = parse_action(data)
    if kind == "place":
        return {"kind": "place", "tile": [t[0], t[1]], "end": end}
    if kind in AMOUNT_KINDS:
        return {"kind": kind, "amount": amount}
    return {"kind": kind}


def encode_action(action: Any) -> JSON:
    """The JSON the move log stores (the canonical dict itself)."""
    return decode_action(action)
