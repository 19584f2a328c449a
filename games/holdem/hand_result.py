"""The settled result of one Hold'em hand, kept on the state as ``last_hand``.

Settling a hand and dealing the next one happen in the same ``apply`` (the rules have no Continue
step), so the result is recorded as a value of its own before the next hand starts: tests and the
view read it from the state instead of digging it out of the events.  ``to_json`` is the view's
``last_hand`` object, unchanged in form (docs/games/holdem.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from games.cards import parse
from games.core import JSON
from games.holdem.deals import NAMES


def _names(cards: tuple[int, ...]) -> list[str]:
    return [NAMES[c] for c in cards]


def _cards(names: list[str]) -> tuple[int, ...]:
    return tuple(parse(n) for n in names)


@dataclass(frozen=True, slots=True)
class PotResult:
    """One pot: its chips, who could win it, who did and what each winner took.

    ``hand`` is the winning category (``None`` when nobody had to show) and ``best_five`` each
    winner's five cards.
    """

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: dict[int, int]
    hand: str | None = None
    best_five: dict[int, tuple[int, ...]] = field(default_factory=dict)

    def to_json(self) -> dict[str, JSON]:
        return {
            "amount": self.amount,
            "eligible": list(self.eligible),
            "winners": list(self.winners),
            "shares": {str(s): c for s, c in self.shares.items()},
            "hand": self.hand,
            "best_five": {str(s): _names(f) for s, f in self.best_five.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> PotResult:
        return cls(
            amount=data["amount"],
            eligible=tuple(data["eligible"]),
            winners=tuple(data["winners"]),
            shares={int(s): c for s, c in data["shares"].items()},
            hand=data["hand"],
            best_five={int(s): _cards(f) for s, f in data["best_five"].items()},
        )


@dataclass(frozen=True, slots=True)
class HandResult:
    """A settled hand: the board as far as it was dealt, the cards shown, every pot, who went out
    and the stacks after paying (before the next hand's blinds).  ``log`` is that hand's
    ``hand_log`` ending with its ``showdown`` or ``won_uncontested`` entry."""

    hand_no: int
    board: tuple[int, ...]
    button: int
    showdown: bool
    shown: dict[int, tuple[int, ...]]
    pots: tuple[PotResult, ...]
    eliminated: tuple[int, ...]
    stacks: tuple[int, ...]
    log: tuple[dict[str, JSON], ...]

    def shown_json(self) -> dict[str, JSON]:
        """The showdown's public part: every hand shown and every pot (the ``showdown`` event)."""
        return {
            "showdown": self.showdown,
            "shown": {str(s): _names(h) for s, h in self.shown.items()},
            "pots": [p.to_json() for p in self.pots],
        }

    def cards_named(self) -> set[str]:
        """Every card name this result shows (board and shown hands; best fives are among them)."""
        return {NAMES[c] for c in self.board} | {NAMES[c] for h in self.shown.values() for c in h}

    def to_json(self) -> dict[str, JSON]:
        return {
            "hand_no": self.hand_no,
            "board": _names(self.board),
            "button": self.button,
            **self.shown_json(),
            "eliminated": list(self.eliminated),
            "stacks": list(self.stacks),
            "log": list(self.log),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> HandResult:
        return cls(
            hand_no=data["hand_no"],
            board=_cards(data["board"]),
            button=data["button"],
            showdown=data["showdown"],
            shown={int(s): _cards(h) for s, h in data["shown"].items()},
            pots=tuple(PotResult.from_json(p) for p in data["pots"]),
            eliminated=tuple(data["eliminated"]),
            stacks=tuple(data["stacks"]),
            log=tuple(data["log"]),
        )
