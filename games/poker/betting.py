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

from games.core import JSON, IllegalAction, MalformedAction

BET_KINDS = ("fold", "check", "call", "bet", "raise")


@dataclass(frozen=True, slots=True)
class BetAction:
    """A betting decision; ``to`` is the seat's total bet for the round after a bet or raise."""

    kind: str
    to: int = 0


def encode_bet(action: BetAction) -> dict[str, JSON]:
    """``{"kind": "call"}`` or ``{"kind": "raise", "to": 120}`` — the move log's stable form."""
    if action.kind in ("bet", "raise"):
        return {"kind": action.kind, "to": action.to}
    return {"kind": action.kind}


def decode_bet(data: Mapping[str, JSON]) -> BetAction:
    """The inverse of :func:`encode_bet`; rejects unknown kinds and non-integer amounts."""
    kind = data.get("kind")
    if kind not in BET_KINDS:
        raise MalformedAction(f"unknown action kind {kind!r}")
    if kind in ("bet", "raise"):
        to = data.get("to")
        if not isinstance(to, int) or isinstance(to, bool):
            raise MalformedAction(f"a {kind} needs an integer total 'to'")
        return BetAction(str(kind), to)
    return BetAction(str(kind))


@dataclass(frozen=True, slots=True)
class Options:
    """What one seat may do now; ``raise_kind`` is None when raising is closed to it."""

    to_call: int
    call_to: int
    raise_kind: str | None
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
        kind: str | None = None
        if max_to > self.level and reopened and self.others_can_bet(seat):
            kind = "raise" if self.level > 0 else "bet"
        min_to = min(self.level + self.min_raise, max_to)
        return Options(to_call, bet + to_call, kind, min_to, max_to)

    def validate(self, seat: int, action: BetAction) -> Options:
        """Raise :class:`IllegalAction` unless ``seat`` may take ``action`` now; never mutates."""
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
