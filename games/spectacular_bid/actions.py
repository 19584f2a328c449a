"""The action codec: actions are small JSON dicts, decoded into one canonical spelling.

The move log stores the canonical form, so ``[2, 5]`` and ``[5, 2]`` (tiles are order-insensitive on
input) are logged alike and replay alike.
"""

from __future__ import annotations

from typing import Any, Final

from games.core import JSON, MalformedAction
from games.spectacular_bid.line import END_NAMES, ORIGIN

PLAIN_KINDS: Final = frozenset({"ready", "draw", "waive", "accept", "reveal"})
AMOUNT_KINDS: Final = frozenset({"bid", "raise"})
ENDS: Final = frozenset((*END_NAMES, ORIGIN))


def decode_action(data: JSON) -> dict[str, Any]:
    """The canonical action for ``data``; :class:`MalformedAction` on anything else."""
    if not isinstance(data, dict):
        raise MalformedAction("An action must be a JSON object.")
    kind = data.get("kind")
    if kind in PLAIN_KINDS:
        return {"kind": kind}
    if kind in AMOUNT_KINDS:
        amount = data.get("amount")
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise MalformedAction(f"A {kind} needs an integer 'amount' (the new total bid).")
        return {"kind": kind, "amount": amount}
    if kind == "place":
        t = data.get("tile")
        if not isinstance(t, list | tuple) or len(t) != 2:
            raise MalformedAction("A placement needs 'tile': two numbers from 0 to 6.")
        a, b = t
        if type(a) is not int or type(b) is not int or not (0 <= a <= 6 and 0 <= b <= 6):
            raise MalformedAction("A placement needs 'tile': two numbers from 0 to 6.")
        end = data.get("end")
        if end not in ENDS:
            raise MalformedAction("A placement needs 'end': one of W, E, N, S or origin.")
        return {"kind": "place", "tile": [a, b] if a >= b else [b, a], "end": end}
    raise MalformedAction(f"Unknown action kind {kind!r}.")


def encode_action(action: Any) -> JSON:
    """The JSON the move log stores (the canonical dict itself)."""
    return decode_action(action)
