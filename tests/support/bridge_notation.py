"""Bridge hands and auctions written as people write them, for the bidding tests."""

from __future__ import annotations

from games.bridge import calls as auction
from games.bridge.bidding import choose_call
from games.cards.notation import CARDS

_CALLS = {"P": auction.PASS, "X": auction.DOUBLE, "XX": auction.REDOUBLE}


def hand(text: str) -> list[int]:
    """A hand written suit by suit, spades first: ``"AKQ2 K32 Q32 32"`` (``-`` for a void)."""
    out = []
    for suit, ranks in zip("SHDC", text.split(), strict=True):
        for r in ranks.replace("-", "").replace("T", "0"):
            out.append(CARDS[("10" if r == "0" else r) + suit])
    assert len(out) == 13, text
    return out


def calls(text: str) -> list[int]:
    """An auction from South: ``"1S p 2S x"`` (``p`` pass, ``x`` double, ``xx`` redouble)."""
    out = []
    for t in text.upper().split():
        out.append(_CALLS[t] if t in _CALLS else auction.bid(int(t[0]), "CDHSN".index(t[1])))
    return out


def call(cards: list[int], before: str = "", vulnerability: str = "none") -> str:
    """The robot's call with ``cards`` after the auction ``before`` (South deals), as ``"2S"``."""
    code = choose_call(cards, calls(before), 0, vulnerability)
    return (
        auction.describe(code)
        .replace("♣", "C")
        .replace("♦", "D")
        .replace("♥", "H")
        .replace("♠", "S")
    )
