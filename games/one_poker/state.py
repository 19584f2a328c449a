"""One Poker: two players, two packs without jokers, one locked card per deal, to the last chip.

Card locks are simultaneous: while either seat still has to lock, both unlocked seats are pending
and either may lock first; a lock tells the other seat only *that* it happened.  Betting (the shared
no-limit round, minimum bet 1) starts once both have locked.  Every random draw comes from the seed:
the stock is shuffled once with ``Random(f"{seed}:stock")`` and each reshuffle of the discards with
``Random(f"{seed}:reshuffle:{k}")``, so a snapshot carries no generator.  The option ``stock`` fixes
the top of the stock for tests (cards in notation, ``"7H'"`` for the second pack).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.cards import deck, face, parse, rank, show
from games.core import JSON, Decision, Event, IllegalAction, MalformedAction, SeatResult
from games.poker import eventlog
from games.poker.betting import BetAction, BettingRound

STARTING_STACK = 20
ANTE = 1
MIN_BET = 1
UP_FROM = 8
"""8, 9, 10, J, Q, K, A are UP; 2-7 are DOWN."""


@dataclass(frozen=True, slots=True)
class Lock:
    """Lock the card with this face (pack does not matter: equal faces play the same)."""

    card: int


def card_name(card: int) -> str:
    """A card's face in notation without the pack mark: the pack is irrelevant to play."""
    return show(face(card))


def beats(a: int, b: int) -> bool:
    """Rank ``a`` beats rank ``b``: higher wins, except that a 2 beats an Ace."""
    if a == 2 and b == 14:
        return True
    if a == 14 and b == 2:
        return False
    return a > b


def signal(cards: Sequence[int]) -> dict[str, int]:
    """The public UP/DOWN counts of a hand: how many of its cards are in each group, no more."""
    up = sum(1 for c in cards if rank(c) >= UP_FROM)
    return {"up": up, "down": len(cards) - up}


class OnePokerState:
    """A running match (mutable; :meth:`to_json` and :meth:`from_json` round-trip it)."""

    def __init__(self, seats: int, options: Mapping[str, JSON], seed: int) -> None:
        if seats != 2:
            raise ValueError("One Poker is for 2 players")
        stacks = options.get("stacks", [STARTING_STACK, STARTING_STACK])
        if len(stacks) != 2 or any(not isinstance(c, int) or c <= 0 for c in stacks):
            raise ValueError("'stacks' needs two positive chip counts")
        first = options.get("first", 0)
        if first not in (0, 1):
            raise ValueError("'first' is seat 0 or 1")
        self.seed = seed
        self.stacks: list[int] = list(stacks)
        cards = deck(2, jokers=False)
        random.Random(f"{seed}:stock").shuffle(cards)
        top = [parse(c) for c in options.get("stock", [])]
        rest = [c for c in cards if c not in set(top)]
        self.stock: list[int] = rest + top[::-1]
        """The next card drawn is the last one."""
        self.discards: list[int] = []
        self.reshuffles = 0
        self.hands: list[list[int]] = [[], []]
        self.locked: list[int | None] = [None, None]
        self.first: int = first
        self.deal_no = -1
        self.phase = "lock"
        self.contrib = [0, 0]
        self.last_deal: dict[str, JSON] | None = None
        self.events: list[dict[str, JSON]] = []
        self.round: BettingRound
        events: list[Event] = []
        self._deal(events)
        self.events = eventlog.store(events)

    # ----------------------------------------------------------------- flow

    def _draw(self, seat: int) -> None:
        self.hands[seat].append(self.stock.pop())

    def _deal(self, events: list[Event]) -> None:
        self.deal_no += 1
        if len(self.stock) < 2:
            self.reshuffles += 1
            self.stock += self.discards
            self.discards = []
            random.Random(f"{self.seed}:reshuffle:{self.reshuffles}").shuffle(self.stock)
            events.append(Event("reshuffle", {"stock": len(self.stock)}))
        for _ in range(2 if self.deal_no == 0 else 1):
            for s in (self.first, 1 - self.first):
                self._draw(s)
        private = {s: {"hand": [card_name(c) for c in self.hands[s]]} for s in (0, 1)}
        self.locked = [None, None]
        self.contrib = [0, 0]
        for s in (0, 1):
            # every deal starts with chips on both sides: the match ends when a stack is empty
            self.contrib[s] = ANTE
            self.stacks[s] -= ANTE
        self.phase = "lock"
        self.round = BettingRound(self.stacks, [0, 0], [True, True], 0, MIN_BET, [None, None],
                                  None)
        events.append(Event("deal", {"deal_no": self.deal_no, "first": self.first,
                                     "ante": list(self.contrib), "signals": self._signals()},
                            private))

    def _signals(self) -> list[dict[str, int]]:
        return [signal(self.hands[s]) for s in (0, 1)]

    def _after_betting(self, events: list[Event]) -> None:
        """Close the round once it is over: refund, then showdown or the fold's win."""
        if self.round.actor is not None and self.round.live_count() == 2:
            return
        refund = self.round.refund_uncalled()
        if refund is not None:
            events.append(Event("uncalled_returned", {"seat": refund[0], "amount": refund[1]}))
        for s in (0, 1):
            self.contrib[s] += self.round.bets[s]
        self.round.bets = [0, 0]
        pot = sum(self.contrib)
        a, b = self.locked
        assert a is not None and b is not None
        shares = [0, 0]
        if self.round.live_count() == 1:
            winner: int | None = self.round.live.index(True)
        elif beats(rank(a), rank(b)):
            winner = 0
        elif beats(rank(b), rank(a)):
            winner = 1
        else:
            winner = None
        if winner is None:
            shares = [pot // 2, pot // 2]
        else:
            shares[winner] = pot
        for s in (0, 1):
            self.stacks[s] += shares[s]
        data: dict[str, JSON] = {
            "deal_no": self.deal_no,
            "locked": [card_name(a), card_name(b)],
            "folded": [not live for live in self.round.live],
            "winner": winner,
            "pot": pot,
            "shares": shares,
            "signals": self._signals(),
            "first": self.first,
        }
        events.append(Event("reveal", data))
        self.last_deal = {**data, "stacks": list(self.stacks)}
        self.discards += [a, b]
        self.hands[0].remove(a)
        self.hands[1].remove(b)
        self.contrib = [0, 0]
        self.first = winner if winner is not None else 1 - self.first
        if min(self.stacks) == 0:
            self.phase = "over"
            events.append(Event("match_end", {"winner": self.stacks.index(max(self.stacks))}))
        else:
            self._deal(events)

    # ----------------------------------------------------------------- protocol

    def is_over(self) -> bool:
        return self.phase == "over"

    def pending(self) -> Sequence[Decision]:
        if self.phase == "lock":
            # the seat still locking after the other locked continues its decision (no new delay)
            fresh = self.locked == [None, None]
            return [Decision(s, fresh=fresh) for s in (0, 1) if self.locked[s] is None]
        if self.phase == "betting" and self.round.actor is not None:
            return [Decision(self.round.actor)]
        return []

    def legal_actions(self, seat: int) -> Sequence[Lock | BetAction]:
        if self.phase == "lock":
            if self.locked[seat] is not None:
                return []
            faces = sorted({face(c) for c in self.hands[seat]})
            return [Lock(f) for f in faces]
        if self.phase != "betting" or self.round.actor != seat:
            return []
        opt = self.round.options(seat)
        out: list[Lock | BetAction] = []
        if opt.to_call > 0:
            out += [BetAction("fold"), BetAction("call")]
        else:
            out.append(BetAction("check"))
        if opt.raise_kind is not None:
            pot = sum(self.contrib) + sum(self.round.bets) + opt.to_call
            sizes = {opt.min_to, opt.max_to, min(opt.max_to, max(opt.min_to, opt.call_to + pot))}
            out += [BetAction(opt.raise_kind, to) for to in sorted(sizes)]
        return out

    def apply(self, seat: int, action: Any) -> Sequence[Event]:
        if seat not in (0, 1):
            raise IllegalAction("no_such_seat", f"There is no seat {seat}.")
        if self.phase == "over":
            raise IllegalAction("match_over", "The match is over.")
        events: list[Event] = []
        if isinstance(action, Lock):
            self._lock(seat, action, events)
        elif isinstance(action, BetAction):
            if self.phase != "betting":
                raise IllegalAction("lock_first", "Betting starts once both players have locked.")
            data = self.round.apply(seat, action)
            events.append(Event("action", data))
            self._after_betting(events)
        else:
            raise MalformedAction("a One Poker action is lock, fold, check, call, bet or raise")
        self.events = eventlog.store(events)
        return events

    def _lock(self, seat: int, action: Lock, events: list[Event]) -> None:
        if self.phase != "lock":
            raise IllegalAction("not_locking", "Both cards are already locked: it is betting time.")
        if self.locked[seat] is not None:
            raise IllegalAction("already_locked", "You have locked a card; it cannot be changed.")
        card = next((c for c in self.hands[seat] if face(c) == face(action.card)), None)
        if card is None:
            raise IllegalAction("card_not_held", "You can only lock one of your two cards.")
        self.locked[seat] = card
        events.append(Event("locked", {"seat": seat}, {seat: {"card": card_name(card)}}))
        if all(c is not None for c in self.locked):
            self.phase = "betting"
            self.round = BettingRound.start(self.stacks, [True, True], [0, 0], 0, MIN_BET,
                                            self.first)
            events.append(Event("betting", {"first": self.first}))
            if self.round.actor is None:
                self._after_betting(events)

    def view(self, seat: int | None) -> dict[str, JSON]:
        rnd = self.round
        mine = self.locked[seat] if seat is not None else None
        v: dict[str, JSON] = {
            "phase": self.phase,
            "to_act": [d.seat for d in self.pending()],
            "seat": seat,
            "deal_no": self.deal_no,
            "first": self.first,
            "ante": ANTE,
            "stacks": list(self.stacks),
            "bets": list(rnd.bets),
            "antes": list(self.contrib),
            "pot": sum(self.contrib) + sum(rnd.bets),
            "signals": self._signals(),
            "hand": ([card_name(c) for c in self.hands[seat]] if seat is not None else None),
            "locked": [c is not None for c in self.locked],
            "my_lock": card_name(mine) if mine is not None else None,
            "stock_count": len(self.stock),
            "discards": [card_name(c) for c in self.discards],
            "level": rnd.level,
            "min_raise": rnd.min_raise,
            "to_call": None, "raise_kind": None, "min_to": None, "max_to": None,
            "last_deal": self.last_deal,
            "last_events": eventlog.for_viewer(self.events, seat),
            "result": None,
        }
        if seat is not None and self.phase == "betting" and rnd.actor == seat:
            opt = rnd.options(seat)
            v["to_call"] = opt.to_call
            if opt.raise_kind is not None:
                v.update(raise_kind=opt.raise_kind, min_to=opt.min_to, max_to=opt.max_to)
        res = self.result()
        if res is not None:
            v["result"] = [{"seat": r.seat, "placing": r.placing, "score": r.score} for r in res]
        return v

    def result(self) -> Sequence[SeatResult] | None:
        if self.phase != "over":
            return None
        return [SeatResult(seat=s, placing=1 if self.stacks[s] > 0 else 2, team=s,
                           score=self.stacks[s]) for s in (0, 1)]

    def to_json(self) -> dict[str, JSON]:
        return {
            "seed": self.seed, "stacks": list(self.stacks), "stock": list(self.stock),
            "discards": list(self.discards), "reshuffles": self.reshuffles,
            "hands": [list(h) for h in self.hands], "locked": list(self.locked),
            "first": self.first, "deal_no": self.deal_no, "phase": self.phase,
            "contrib": list(self.contrib), "last_deal": self.last_deal, "events": self.events,
            "round": self.round.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> OnePokerState:
        st = cls.__new__(cls)
        st.seed = data["seed"]
        st.stacks = list(data["stacks"])
        st.stock = list(data["stock"])
        st.discards = list(data["discards"])
        st.reshuffles = data["reshuffles"]
        st.hands = [list(h) for h in data["hands"]]
        st.locked = list(data["locked"])
        st.first = data["first"]
        st.deal_no = data["deal_no"]
        st.phase = data["phase"]
        st.contrib = list(data["contrib"])
        st.last_deal = data["last_deal"]
        st.events = list(data["events"])
        st.round = BettingRound.from_json(data["round"], st.stacks)
        return st
