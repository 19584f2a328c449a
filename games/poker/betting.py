"""One no-limit betting round, shared by Texas Hold'em and One Poker.

Both games bet the same way: amounts are totals for the round ("raise to"), a bet or raise must add
at least the last *full* bet or raise, an all-in may fall short of that, and a short all-in does
not reopen raising for a seat that already acted — only a cumulative increase of a full raise over
what that seat last faced does.  Nobody may raise when no other player could still put chips in,
which also gives One Poker's "facing an all-in you may only call or fold".  Keeping the round in one
class means both engines validate and apply bets with the same code.

The round does not own the stacks: the engine passes its own list, which the round debits, so a
snapshot stores each chip count once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from games.core import JSON, IllegalAction, MalformedAction

type BetKind = Literal["fold", "check", "call", "bet", "raise"]
type SizedKind = Literal["bet", "raise"]
BET_KINDS: tuple[BetKind, ...] = ("fold", "check", "call", "bet", "raise")
SIZED_KINDS: tuple[SizedKind, ...] = ("bet", "raise")
_KIND_OF: dict[str, BetKind] = {k: k for k in BET_KINDS}
MAX_TOTAL = 10**12
"""No total a decoded bet may name beyond this: far above any stack (options cap stacks at 10**9),
so a legal all-in always decodes, while a number from the wire cannot grow without bound."""


@dataclass(frozen=True, slots=True)
class BetAction:
    """A betting decision; ``to`` is the seat's total bet for the round after a bet or raise.

    One class for the five kinds, because the move log has always written them as one shape
    (``{"kind": ..., "to": ...}``) and both engines and their bots pick among them by ``kind``;
    ``to`` is 0 for fold, check and call.
    """

    kind: BetKind
    to: int = 0


def encode_bet(action: BetAction) -> dict[str, JSON]:
    """``{"kind": "call"}`` or ``{"kind": "raise", "to": 120}`` — the move log's stable form."""
    if action.kind in SIZED_KINDS:
        return {"kind": action.kind, "to": action.to}
    return {"kind": action.kind}


def describe(value: object) -> str:
    """Something a client sent, for an error message: a short repr of a scalar, else its type
    (a deeply nested list is never repr'd, which could recurse without bound)."""
    if value is not None and not isinstance(value, str | int | float):
        return f"a {type(value).__name__}"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def decode_bet(data: JSON) -> BetAction:
    """The inverse of :func:`encode_bet`: exactly its fields, nothing else.

    Refuses non-objects, unknown kinds, missing or extra fields, non-integer totals (a bool is not
    an int) and totals outside ``0..MAX_TOTAL``, each with a sentence saying what was wrong.
    """
    if not isinstance(data, dict):
        raise MalformedAction("an action is a JSON object with a 'kind'")
    raw = data.get("kind")
    kind = _KIND_OF.get(raw) if isinstance(raw, str) else None
    if kind is None:
        raise MalformedAction(f"unknown action kind {describe(raw)}")
    sized = kind in SIZED_KINDS
    expected = {"kind", "to"} if sized else {"kind"}
    extra = sorted(str(k) for k in data if k not in expected)
    if extra:
        raise MalformedAction(f"a {kind} has no field {describe(extra[0])}")
    if not sized:
        return BetAction(kind)
    to = data.get("to")
    if type(to) is not int:
        raise MalformedAction(f"a {kind} needs an integer total 'to'")
    if not 0 <= to <= MAX_TOTAL:
        raise MalformedAction(f"a {kind} total must lie between 0 and {MAX_TOTAL}")
    return BetAction(kind, to)


def check_shape(action: BetAction) -> None:
    """Raise :class:`MalformedAction` unless ``action``'s fields fit its kind.

    A dataclass does not check types when it is built, so an engine handed a ``BetAction`` from
    anywhere but the codec checks it before comparing amounts (no TypeError may escape ``apply``).
    """
    if not isinstance(action.kind, str) or action.kind not in BET_KINDS:
        raise MalformedAction(f"unknown action kind {describe(action.kind)}")
    if type(action.to) is not int:
        raise MalformedAction(f"a {action.kind} total must be an integer")
    if action.kind not in SIZED_KINDS and action.to != 0:
        raise MalformedAction(f"a {action.kind} names no amount")


@dataclass(frozen=True, slots=True)
class Options:
    """What one seat may do now; ``raise_kind`` is None when raising is closed to it."""

    to_call: int
    call_to: int
    raise_kind: SizedKind | None
    min_to: int
    max_to: int


@dataclass(slots=True)
class BettingRound:
    """The bets of one street.

    ``level`` is the total every live seat must match (it can exceed every bet when a big blind was
    posted short: the others still owe the full blind).  ``min_raise`` is the size of the last full
    bet or raise (at the start, the minimum opening bet).  ``acted_at[s]`` is the level right after
    seat ``s`` last acted (None: not yet this round); the reopening rule compares it with ``level``.
    """

    stacks: list[int]
    bets: list[int]
    live: list[bool]
    level: int
    min_raise: int
    acted_at: list[int | None]
    actor: int | None

    @classmethod
    def start(
        cls,
        stacks: list[int],
        live: list[bool],
        bets: list[int],
        level: int,
        min_raise: int,
        first: int,
    ) -> BettingRound:
        """A round whose first decision is ``first``'s or the next clockwise seat's that can act."""
        n = len(stacks)
        rnd = cls(stacks, bets, live, level, min_raise, [None] * n, None)
        rnd.actor = rnd._next_from(first)
        return rnd

    def can_bet(self, seat: int) -> bool:
        """Still in the hand with chips behind."""
        return self.live[seat] and self.stacks[seat] > 0

    def others_can_bet(self, seat: int) -> bool:
        return any(self.can_bet(s) for s in range(len(self.stacks)) if s != seat)

    def needs_action(self, seat: int) -> bool:
        """Owes chips, or has not acted yet while someone else could still answer a raise."""
        if not self.can_bet(seat):
            return False
        if self.bets[seat] < self.level:
            return True
        return self.acted_at[seat] is None and self.others_can_bet(seat)

    def _next_from(self, first: int) -> int | None:
        n = len(self.stacks)
        for i in range(n):
            s = (first + i) % n
            if self.needs_action(s):
                return s
        return None

    def options(self, seat: int) -> Options:
        bet, stack = self.bets[seat], self.stacks[seat]
        to_call = max(0, min(self.level - bet, stack))
        max_to = bet + stack
        acted = self.acted_at[seat]
        reopened = acted is None or self.level - acted >= self.min_raise
        kind: SizedKind | None = None
        if max_to > self.level and reopened and self.others_can_bet(seat):
            kind = "raise" if self.level > 0 else "bet"
        min_to = min(self.level + self.min_raise, max_to)
        return Options(to_call, bet + to_call, kind, min_to, max_to)

    def validate(self, seat: int, action: BetAction) -> Options:
        """Raise :class:`IllegalAction` unless ``seat`` may take ``action`` now; never mutates."""
        check_shape(action)
        if self.actor != seat:
            raise IllegalAction("not_your_turn", "It is not your turn to bet.")
        opt = self.options(seat)
        kind = action.kind
        if kind == "fold" and opt.to_call == 0:
            raise IllegalAction("fold_without_bet", "You owe nothing: check instead of folding.")
        if kind == "check" and opt.to_call > 0:
            raise IllegalAction("check_facing_bet", "You face a bet: call, raise or fold.")
        if kind == "call" and opt.to_call == 0:
            raise IllegalAction("nothing_to_call", "There is no bet to call: check or bet.")
        if kind in ("bet", "raise"):
            self._validate_raise(opt, action)
        return opt

    def _validate_raise(self, opt: Options, action: BetAction) -> None:
        if opt.raise_kind is None:
            raise IllegalAction(
                "raising_closed",
                "You may not raise: no other player can still bet, or only a short all-in "
                "was added since you acted, which does not reopen the raising.",
            )
        if action.kind != opt.raise_kind:
            if opt.raise_kind == "bet":
                raise IllegalAction("no_bet_to_raise", "Nobody has bet yet: bet instead of raise.")
            raise IllegalAction("bet_already_made", "There is already a bet: raise instead.")
        if action.to > opt.max_to:
            raise IllegalAction(
                "amount_above_stack", f"You can bet at most {opt.max_to} in total (all-in)."
            )
        if action.to < opt.min_to:
            raise IllegalAction(
                "amount_below_minimum",
                f"The total must be at least {opt.min_to}: a {opt.raise_kind} adds at least "
                f"the last full bet or raise ({self.min_raise}) unless it is all-in.",
            )

    def apply(self, seat: int, action: BetAction) -> dict[str, JSON]:
        """Validate, then apply; returns the public event data (seat, kind, total, all-in)."""
        opt = self.validate(seat, action)
        kind = action.kind
        if kind == "fold":
            self.live[seat] = False
        elif kind in ("check", "call"):
            self._put(seat, opt.call_to)
        else:
            increase = action.to - self.level
            if increase >= self.min_raise:
                self.min_raise = increase
            self.level = action.to
            self._put(seat, action.to)
        self.acted_at[seat] = self.level
        self.actor = self._next_from(seat + 1)
        return {
            "seat": seat,
            "action": kind,
            "to": self.bets[seat],
            "all_in": self.live[seat] and self.stacks[seat] == 0,
        }

    def _put(self, seat: int, total: int) -> None:
        self.stacks[seat] -= total - self.bets[seat]
        self.bets[seat] = total

    def live_count(self) -> int:
        return sum(self.live)

    def refund_uncalled(self) -> tuple[int, int] | None:
        """Return the part of the highest bet nobody matched; (seat, chips) or None."""
        order = sorted(range(len(self.bets)), key=lambda s: self.bets[s], reverse=True)
        top, second = order[0], order[1]
        excess = self.bets[top] - self.bets[second]
        if excess <= 0:
            return None
        self.bets[top] -= excess
        self.stacks[top] += excess
        return top, excess

    def to_json(self) -> dict[str, JSON]:
        return {
            "bets": list(self.bets),
            "live": list(self.live),
            "level": self.level,
            "min_raise": self.min_raise,
            "acted_at": list(self.acted_at),
            "actor": self.actor,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JSON], stacks: list[int]) -> BettingRound:
        return cls(
            stacks,
            list(data["bets"]),
            list(data["live"]),
            data["level"],
            data["min_raise"],
            list(data["acted_at"]),
            data["actor"],
        )
