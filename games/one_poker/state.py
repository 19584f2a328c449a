"""One Poker: two players, two packs without jokers, one locked card per deal, to the last chip.

Card locks are simultaneous: while either seat still has to lock, both unlocked seats are pending
and either may lock first; a lock tells the other seat only *that* it happened.  Betting (the shared
no-limit round, minimum bet 1) starts once both have locked.  Every random draw comes from the seed
through the shuffles of the stock (games/one_poker/deals.py), so a snapshot carries no generator;
the option ``deals`` fixes those shuffles for tests.  The action that ends a deal's betting is
followed, in the same ``apply``, by settling the deal (:meth:`OnePokerState._settle_deal`, kept as
``last_deal``) and then dealing the next one (:meth:`OnePokerState._deal_next`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from games.cards import face, parse, rank, show
from games.core import (
    JSON,
    Decision,
    Event,
    GameError,
    IllegalAction,
    MalformedAction,
    SeatResult,
    forfeit_by_teams,
)
from games.one_poker.actions import FACES, Lock, OnePokerAction, card_name
from games.one_poker.deals import CARDS, parse_deals, shuffled_stock
from games.poker import eventlog
from games.poker.betting import BetAction, BettingRound

STARTING_STACK = 20
MAX_STACK = 10**9
ANTE = 1
MIN_BET = 1
UP_FROM = 8
"""8, 9, 10, J, Q, K, A are UP; 2-7 are DOWN."""

type Phase = Literal["lock", "betting", "over"]


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


@dataclass(frozen=True, slots=True)
class DealResult:
    """A settled deal, kept on the state as ``last_deal``: both locked faces (shown even after a
    fold), who folded, the winner (None: equal ranks split), the pot and each seat's share, the
    signals and first player of that deal, and the stacks after paying (before the next ante)."""

    deal_no: int
    locked: tuple[int, int]
    folded: tuple[bool, bool]
    winner: int | None
    pot: int
    shares: tuple[int, int]
    signals: tuple[dict[str, int], dict[str, int]]
    first: int
    stacks: tuple[int, int]

    def reveal_json(self) -> dict[str, JSON]:
        """The public ``reveal`` event."""
        return {
            "deal_no": self.deal_no,
            "locked": [card_name(c) for c in self.locked],
            "folded": list(self.folded),
            "winner": self.winner,
            "pot": self.pot,
            "shares": list(self.shares),
            "signals": [dict(s) for s in self.signals],
            "first": self.first,
        }

    def to_json(self) -> dict[str, JSON]:
        return {**self.reveal_json(), "stacks": list(self.stacks)}

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> DealResult:
        a, b = (face(parse(c)) for c in data["locked"])
        f0, f1 = data["folded"]
        s0, s1 = data["shares"]
        g0, g1 = data["signals"]
        t0, t1 = data["stacks"]
        return cls(
            deal_no=data["deal_no"],
            locked=(a, b),
            folded=(f0, f1),
            winner=data["winner"],
            pot=data["pot"],
            shares=(s0, s1),
            signals=(dict(g0), dict(g1)),
            first=data["first"],
            stacks=(t0, t1),
        )


def _stacks_option(options: Mapping[str, JSON]) -> list[int]:
    stacks = options.get("stacks", [STARTING_STACK, STARTING_STACK])
    if (
        not isinstance(stacks, list)
        or len(stacks) != 2
        or any(type(c) is not int or not 0 < c <= MAX_STACK for c in stacks)
    ):
        raise GameError(f"'stacks' needs two chip counts from 1 to {MAX_STACK}")
    return list(stacks)


def _first_option(options: Mapping[str, JSON]) -> int:
    first = options.get("first", 0)
    if type(first) is not int or first not in (0, 1):
        raise GameError("'first' is seat 0 or 1")
    return first


def _lock_phase_round(stacks: list[int]) -> BettingRound:
    """The round shown while cards are being locked: nothing bet, nobody to act yet."""
    return BettingRound(stacks, [0, 0], [True, True], 0, MIN_BET, [None, None], None)


@dataclass(eq=False, slots=True)
class OnePokerState:
    """A running match (mutable; :meth:`to_json` and :meth:`from_json` round-trip it).

    ``stock`` draws from its end; ``round`` debits ``stacks`` itself (the same list).
    """

    seed: int
    deals: tuple[tuple[int, ...], ...]
    stacks: list[int]
    stock: list[int]
    round: BettingRound
    first: int
    discards: list[int] = field(default_factory=list)
    reshuffles: int = 0
    hands: list[list[int]] = field(default_factory=lambda: [[], []])
    locked: list[int | None] = field(default_factory=lambda: [None, None])
    deal_no: int = -1
    phase: Phase = "lock"
    contrib: list[int] = field(default_factory=lambda: [0, 0])
    last_deal: DealResult | None = None
    events: list[dict[str, JSON]] = field(default_factory=list)
    """The last action's events, stored so that every view can show them censored."""

    @classmethod
    def new(cls, seats: int, options: Mapping[str, JSON], seed: int) -> OnePokerState:
        """A match of two seats with deal 0 dealt and both seats to lock."""
        if seats != 2:
            raise GameError("One Poker is for 2 players")
        if "stock" in options:
            raise GameError("the 'stock' option is now 'deals': [[cards of the first shuffle]]")
        deals = parse_deals(options.get("deals"))
        stacks = _stacks_option(options)
        stock = shuffled_stock(seed, 0, CARDS, deals[0] if deals else ())
        st = cls(
            seed=seed,
            deals=deals,
            stacks=stacks,
            stock=stock,
            round=_lock_phase_round(stacks),
            first=_first_option(options),
        )
        events: list[Event] = []
        st._deal_next(events)
        st.events = eventlog.store(events)
        return st

    # ----------------------------------------------------------------- dealing

    def _reshuffle(self, events: list[Event]) -> None:
        """Shuffle the discards into what is left of the stock (the held cards stay out)."""
        self.reshuffles += 1
        k = self.reshuffles
        pile = set(self.stock) | set(self.discards)
        top = self.deals[k] if k < len(self.deals) else ()
        self.stock = shuffled_stock(self.seed, k, pile, top)
        self.discards = []
        events.append(Event("reshuffle", {"stock": len(self.stock)}))

    def _deal_next(self, events: list[Event]) -> None:
        """Start a deal: draw (two each in deal 0, else one each, first player first), ante."""
        self.deal_no += 1
        if len(self.stock) < 2:
            self._reshuffle(events)
        for _ in range(2 if self.deal_no == 0 else 1):
            for s in (self.first, 1 - self.first):
                self.hands[s].append(self.stock.pop())
        private = {s: {"hand": [card_name(c) for c in self.hands[s]]} for s in (0, 1)}
        self.locked = [None, None]
        # every deal starts with chips on both sides: the match ends when a stack is empty
        self.contrib = [ANTE, ANTE]
        for s in (0, 1):
            self.stacks[s] -= ANTE
        self.phase = "lock"
        self.round = _lock_phase_round(self.stacks)
        data: dict[str, JSON] = {
            "deal_no": self.deal_no,
            "first": self.first,
            "ante": list(self.contrib),
            "signals": self._signals(),
        }
        events.append(Event("deal", data, private))

    def _signals(self) -> list[dict[str, int]]:
        return [signal(self.hands[s]) for s in (0, 1)]

    # ----------------------------------------------------------------- betting and settling

    def _betting_closed(self) -> bool:
        return self.round.actor is None or self.round.live_count() < 2

    def _play_on(self, events: list[Event]) -> None:
        """Once the betting is over: settle the deal, then deal the next or end the match."""
        if not self._betting_closed():
            return
        self._settle_deal(events)
        if min(self.stacks) == 0:
            self.phase = "over"
            events.append(Event("match_end", {"winner": self.stacks.index(max(self.stacks))}))
        else:
            self._deal_next(events)

    def _settle_deal(self, events: list[Event]) -> DealResult:
        """Refund, compare the locked cards (or take the fold), pay, discard the locked cards and
        keep the result as ``last_deal``, before anything of the next deal happens."""
        refund = self.round.refund_uncalled()
        if refund is not None:
            events.append(Event("uncalled_returned", {"seat": refund[0], "amount": refund[1]}))
        for s in (0, 1):
            self.contrib[s] += self.round.bets[s]
        self.round.bets = [0, 0]
        a, b = self.locked
        assert a is not None and b is not None
        winner = self._winner(a, b)
        pot = sum(self.contrib)
        shares = (pot // 2, pot // 2) if winner is None else (pot, 0) if winner == 0 else (0, pot)
        for s in (0, 1):
            self.stacks[s] += shares[s]
        g0, g1 = self._signals()
        result = DealResult(
            deal_no=self.deal_no,
            locked=(face(a), face(b)),
            folded=(not self.round.live[0], not self.round.live[1]),
            winner=winner,
            pot=pot,
            shares=shares,
            signals=(g0, g1),
            first=self.first,
            stacks=(self.stacks[0], self.stacks[1]),
        )
        events.append(Event("reveal", result.reveal_json()))
        self.last_deal = result
        self.discards += [a, b]
        self.hands[0].remove(a)
        self.hands[1].remove(b)
        self.contrib = [0, 0]
        self.first = winner if winner is not None else 1 - self.first
        return result

    def _winner(self, a: int, b: int) -> int | None:
        """The seat still in after a fold, else the higher locked rank (None: equal ranks)."""
        if self.round.live_count() == 1:
            return self.round.live.index(True)
        if beats(rank(a), rank(b)):
            return 0
        if beats(rank(b), rank(a)):
            return 1
        return None

    # ----------------------------------------------------------------- protocol

    def is_over(self) -> bool:
        return self.phase == "over"

    def _lock_choices(self, seat: int) -> list[Lock]:
        return [Lock(f) for f in sorted({face(c) for c in self.hands[seat]})]

    def pending(self) -> Sequence[Decision[OnePokerAction]]:
        """Both unlocked seats while locking, else the seat to bet.

        A seat holding two cards of the same face has one lock to make: its decision says so
        (``forced``).  A betting seat always has at least two choices.
        """
        if self.phase == "lock":
            # the seat still locking after the other locked continues its decision (no new delay)
            fresh = self.locked == [None, None]
            out: list[Decision[OnePokerAction]] = []
            for s in (0, 1):
                if self.locked[s] is None:
                    choices = self._lock_choices(s)
                    only = choices[0] if len(choices) == 1 else None
                    out.append(Decision(s, fresh=fresh, forced=only))
            return out
        if self.phase == "betting" and self.round.actor is not None:
            return [Decision(self.round.actor)]
        return []

    def legal_actions(self, seat: int) -> Sequence[OnePokerAction]:
        if self.phase == "lock":
            if self.locked[seat] is not None:
                return []
            return self._lock_choices(seat)
        if self.phase != "betting" or self.round.actor != seat:
            return []
        opt = self.round.options(seat)
        out: list[OnePokerAction] = []
        if opt.to_call > 0:
            out += [BetAction("fold"), BetAction("call")]
        else:
            out.append(BetAction("check"))
        if opt.raise_kind is not None:
            pot = sum(self.contrib) + sum(self.round.bets) + opt.to_call
            sizes = {opt.min_to, opt.max_to, min(opt.max_to, max(opt.min_to, opt.call_to + pot))}
            out += [BetAction(opt.raise_kind, to) for to in sorted(sizes)]
        return out

    def apply(self, seat: int, action: OnePokerAction) -> Sequence[Event]:
        if type(seat) is not int or seat not in (0, 1):
            raise IllegalAction("no_such_seat", f"There is no seat {seat!r}.")
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
            self._play_on(events)
        else:
            raise MalformedAction("a One Poker action is lock, fold, check, call, bet or raise")
        self.events = eventlog.store(events)
        return events

    def _lock(self, seat: int, action: Lock, events: list[Event]) -> None:
        if type(action.card) is not int or not 0 <= action.card < FACES:
            raise MalformedAction("a lock names a card face from 0 to 51")
        if self.phase != "lock":
            raise IllegalAction("not_locking", "Both cards are already locked: it is betting time.")
        if self.locked[seat] is not None:
            raise IllegalAction("already_locked", "You have locked a card; it cannot be changed.")
        card = next((c for c in self.hands[seat] if face(c) == action.card), None)
        if card is None:
            raise IllegalAction("card_not_held", "You can only lock one of your two cards.")
        self.locked[seat] = card
        events.append(Event("locked", {"seat": seat}, {seat: {"card": card_name(card)}}))
        if all(c is not None for c in self.locked):
            self.phase = "betting"
            self.round = BettingRound.start(
                self.stacks, [True, True], [0, 0], 0, MIN_BET, self.first
            )
            events.append(Event("betting", {"first": self.first}))
            self._play_on(events)

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
            "to_call": None,
            "raise_kind": None,
            "min_to": None,
            "max_to": None,
            "last_deal": self.last_deal.to_json() if self.last_deal is not None else None,
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

    def hidden_from(self, seat: int | None) -> set[str]:
        """The stock and the other seat's hand, by face name.

        With two packs a face may be both hidden (one copy in the stock) and rightly seen (the
        other copy in the viewer's hand, the discards or the last reveal): such a face is left
        out, as the name cannot tell the copies apart.
        """
        others = [c for s in (0, 1) if s != seat for c in self.hands[s]]
        hidden = {card_name(c) for c in [*self.stock, *others]}
        seen = {card_name(c) for c in self.discards}
        if seat is not None:
            seen |= {card_name(c) for c in self.hands[seat]}
        if self.last_deal is not None:
            seen |= {card_name(c) for c in self.last_deal.locked}
        return hidden - seen

    def result(self) -> Sequence[SeatResult] | None:
        if self.phase != "over":
            return None
        return [
            SeatResult(seat=s, placing=1 if self.stacks[s] > 0 else 2, team=s, score=self.stacks[s])
            for s in (0, 1)
        ]

    def forfeit(self, loser: int) -> Sequence[SeatResult]:
        """A duel: the seat that resigns or runs out of time loses, in every phase."""
        return forfeit_by_teams([0, 1], loser)

    def to_json(self) -> dict[str, JSON]:
        return {
            "seed": self.seed,
            "deals": [[show(c) for c in entry] for entry in self.deals],
            "stacks": list(self.stacks),
            "stock": list(self.stock),
            "discards": list(self.discards),
            "reshuffles": self.reshuffles,
            "hands": [list(h) for h in self.hands],
            "locked": list(self.locked),
            "first": self.first,
            "deal_no": self.deal_no,
            "phase": self.phase,
            "contrib": list(self.contrib),
            "last_deal": self.last_deal.to_json() if self.last_deal is not None else None,
            "events": list(self.events),
            "round": self.round.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> OnePokerState:
        stacks = list(data["stacks"])
        last = data["last_deal"]
        return cls(
            seed=data["seed"],
            deals=parse_deals(data.get("deals")),  # snapshots from before the option lack it
            stacks=stacks,
            stock=list(data["stock"]),
            round=BettingRound.from_json(data["round"], stacks),
            first=data["first"],
            discards=list(data["discards"]),
            reshuffles=data["reshuffles"],
            hands=[list(h) for h in data["hands"]],
            locked=list(data["locked"]),
            deal_no=data["deal_no"],
            phase=data["phase"],
            contrib=list(data["contrib"]),
            last_deal=DealResult.from_json(last) if last is not None else None,
            events=list(data["events"]),
        )
