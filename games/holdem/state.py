"""No-limit Texas Hold'em: a match of hands until one player holds every chip.

Seats are numbered clockwise (seat ``s + 1`` sits to the left of seat ``s``).  Every hand is dealt
from its own ``Random(f"{seed}:{hand_no}")`` so a snapshot never stores a generator, and the option
``deals`` fixes cards per hand (games/holdem/deals.py).  Between hands there is no Continue step:
the rules ask for none, so the action that decides a hand is followed, in the same ``apply``, by
settling it (:meth:`HoldemState._settle_hand`, which keeps a :class:`HandResult` as ``last_hand``)
and then dealing the next one (:meth:`HoldemState._deal_next`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

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
from games.holdem.actions import HoldemAction
from games.holdem.deals import NAMES, NO_DEAL, FixedDeal, parse_deals
from games.holdem.hand_result import HandResult, PotResult
from games.poker import eventlog
from games.poker.betting import BetAction, BettingRound
from games.poker.evaluation import best_five, hand_name, hand_value
from games.poker.pots import build_pots, split_pot

STARTING_STACK = 1000
MAX_STACK = 10**9
SMALL_BLIND = 10
BIG_BLIND = 20
STREETS = ("preflop", "flop", "turn", "river")
BOARD_AFTER = (0, 3, 4, 5)
"""Community cards visible on each street."""


@dataclass(frozen=True, slots=True)
class Elimination:
    """A seat that lost its last chip: in which hand, and with how many chips it started that hand
    (players out in the same hand rank by that stack)."""

    seat: int
    hand_no: int
    start_stack: int

    def to_json(self) -> list[int]:
        return [self.seat, self.hand_no, self.start_stack]


def _stacks_option(options: Mapping[str, JSON], seats: int) -> list[int]:
    stacks = options.get("stacks", [STARTING_STACK] * seats)
    if (
        not isinstance(stacks, list)
        or len(stacks) != seats
        or any(type(c) is not int or not 0 < c <= MAX_STACK for c in stacks)
    ):
        raise GameError(f"'stacks' needs one chip count from 1 to {MAX_STACK} per seat")
    return list(stacks)


@dataclass(eq=False, slots=True)
class HoldemState:
    """A running match (mutable; :meth:`to_json` and :meth:`from_json` round-trip it).

    ``round`` debits ``stacks`` itself (the same list), so each chip count is stored once.
    """

    n: int
    seed: int
    deals: tuple[FixedDeal, ...]
    stacks: list[int]
    round: BettingRound
    hand_no: int = -1
    button: int = -1
    sb: int = -1
    bb: int = -1
    prev_bb: int = -1
    prev_players: int = 0
    hole: list[list[int]] = field(default_factory=list)
    board_all: list[int] = field(default_factory=list)
    street: int = 0
    contrib: list[int] = field(default_factory=list)
    hand_start: list[int] = field(default_factory=list)
    busted: list[Elimination] = field(default_factory=list)
    hand_log: list[dict[str, JSON]] = field(default_factory=list)
    last_hand: HandResult | None = None
    events: list[dict[str, JSON]] = field(default_factory=list)
    """The last action's events, stored so that every view can show them censored."""
    over: bool = False

    @classmethod
    def new(cls, seats: int, options: Mapping[str, JSON], seed: int) -> HoldemState:
        """A match of ``seats`` (2–10; the platform offers 4) with the first hand dealt."""
        if not 2 <= seats <= 10:
            raise GameError("Hold'em needs 2 to 10 seats")
        stacks = _stacks_option(options, seats)
        idle = BettingRound(
            stacks, [0] * seats, [False] * seats, 0, BIG_BLIND, [None] * seats, None
        )
        st = cls(
            n=seats,
            seed=seed,
            deals=parse_deals(options.get("deals"), seats),
            stacks=stacks,
            round=idle,
            prev_players=seats,
        )
        events: list[Event] = []
        st._deal_next(events)
        st._play_on(events)
        st.events = eventlog.store(events)
        return st

    # ----------------------------------------------------------------- dealing

    def _players(self) -> list[int]:
        return [s for s in range(self.n) if self.stacks[s] > 0]

    def _next_player(self, seat: int) -> int:
        for i in range(1, self.n + 1):
            s = (seat + i) % self.n
            if self.stacks[s] > 0:
                return s
        raise AssertionError("no player left")

    def _place_blinds(self, players: list[int]) -> None:
        if self.hand_no == 0:
            self.button = players[0]
        else:
            self.button = self._next_player(self.button)
        if len(players) == 2:
            other = self._next_player(self.button)
            if self.prev_players > 2 and other == self.prev_bb:
                self.button = other
            self.sb = self.button
            self.bb = self._next_player(self.button)
        else:
            self.sb = self._next_player(self.button)
            self.bb = self._next_player(self.sb)

    def _fixed_deal(self) -> FixedDeal:
        return self.deals[self.hand_no] if self.hand_no < len(self.deals) else NO_DEAL

    def _deal_cards(self, players: list[int]) -> None:
        """Hole cards two rounds from the button's left, then burn+flop, burn+turn, burn+river."""
        fixed = self._fixed_deal()
        draw = iter(fixed.draw_order(self.seed, self.hand_no, self.n))
        order = [(self.button + 1 + i) % self.n for i in range(self.n)]
        self.hole = [[] for _ in range(self.n)]
        for _ in range(2):
            for s in order:
                if s in players and s not in fixed.hole:
                    self.hole[s].append(next(draw))
        for s, pair in fixed.hole.items():
            if s in players:
                self.hole[s] = list(pair)
        board: list[int] = []
        for count in (3, 1, 1):
            next(draw)  # the burn card
            board += [next(draw) for _ in range(count)]
        self.board_all = list(fixed.board) + board[len(fixed.board) :]

    def _deal_next(self, events: list[Event]) -> None:
        """Start the next hand: button and blinds, cards, and the pre-flop betting round."""
        players = self._players()
        self.hand_no += 1
        self._place_blinds(players)
        self._deal_cards(players)
        self.prev_players = len(players)
        self.prev_bb = self.bb
        self.street = 0
        self.contrib = [0] * self.n
        self.hand_start = list(self.stacks)
        self.hand_log = []
        live = [s in players for s in range(self.n)]
        bets = [0] * self.n
        for seat, blind in ((self.sb, SMALL_BLIND), (self.bb, BIG_BLIND)):
            bets[seat] = min(blind, self.stacks[seat])
            self.stacks[seat] -= bets[seat]
        first = self.sb if len(players) == 2 else self.bb + 1
        self.round = BettingRound.start(self.stacks, live, bets, BIG_BLIND, BIG_BLIND, first)
        blinds: dict[str, JSON] = {
            "small_blind": [self.sb, bets[self.sb]],
            "big_blind": [self.bb, bets[self.bb]],
        }
        events.append(
            Event(
                "hand_start",
                {"hand_no": self.hand_no, "button": self.button, **blinds, "dealt": players},
                {s: {"hole": [NAMES[c] for c in self.hole[s]]} for s in players},
            )
        )
        self.hand_log.append({"kind": "blinds", **blinds})

    # ----------------------------------------------------------------- playing a hand out

    def _play_on(self, events: list[Event]) -> None:
        """Run the match on to the next decision: deal streets; once a hand is decided, settle it
        and deal the next (or end the match when one player is left)."""
        while self._run_streets(events):
            self._settle_hand(events)
            players = self._players()
            if len(players) == 1:
                self.over = True
                events.append(Event("match_end", {"winner": players[0]}))
                return
            self._deal_next(events)

    def _close_round(self, events: list[Event]) -> None:
        refund = self.round.refund_uncalled()
        if refund is not None:
            seat, amount = refund
            events.append(Event("uncalled_returned", {"seat": seat, "amount": amount}))
            self.hand_log.append({"kind": "uncalled_returned", "seat": seat, "amount": amount})
        for s in range(self.n):
            self.contrib[s] += self.round.bets[s]
        self.round.bets = [0] * self.n

    def _run_streets(self, events: list[Event]) -> bool:
        """Close finished betting rounds and deal streets until a seat must act (False) or the
        hand is decided (True): one player left, or the river's betting closed."""
        while True:
            if self.round.live_count() == 1:
                self._close_round(events)
                return True
            if self.round.actor is not None:
                return False
            self._close_round(events)
            if self.street == 3:
                return True
            self._deal_street(events)

    def _deal_street(self, events: list[Event]) -> None:
        self.street += 1
        cards = self.board_all[BOARD_AFTER[self.street - 1] : BOARD_AFTER[self.street]]
        can_bet = sum(self.round.can_bet(s) for s in range(self.n))
        data: dict[str, JSON] = {
            "street": STREETS[self.street],
            "cards": [NAMES[c] for c in cards],
            "run_out": can_bet < 2,
        }
        events.append(Event("street", data))
        self.hand_log.append({"kind": "street", **data})
        self.round = BettingRound.start(
            self.stacks, self.round.live, [0] * self.n, 0, BIG_BLIND, self.button + 1
        )

    # ----------------------------------------------------------------- settling a hand

    def _settle_hand(self, events: list[Event]) -> HandResult:
        """Pay the decided hand's pots, record who went out, and keep the result as
        ``last_hand`` — before anything of the next hand happens."""
        if self.round.live_count() == 1:
            shown: dict[int, tuple[int, ...]] = {}
            pots = self._pay_uncontested(events)
        else:
            shown = {s: tuple(self.hole[s]) for s in range(self.n) if self.round.live[s]}
            pots = self._pay_showdown(shown)
        out = [s for s in range(self.n) if self.stacks[s] == 0 and self.hand_start[s] > 0]
        self.busted += [Elimination(s, self.hand_no, self.hand_start[s]) for s in out]
        if shown:
            self.hand_log.append({"kind": "showdown", "pots": [p.to_json() for p in pots]})
        result = HandResult(
            hand_no=self.hand_no,
            board=tuple(self.board_all[: BOARD_AFTER[self.street]]),
            button=self.button,
            showdown=bool(shown),
            shown=shown,
            pots=pots,
            eliminated=tuple(out),
            stacks=tuple(self.stacks),
            log=tuple(self.hand_log),
        )
        if shown:
            events.append(Event("showdown", result.shown_json()))
        self.last_hand = result
        self.contrib = [0] * self.n
        events.append(
            Event(
                "hand_end",
                {"hand_no": self.hand_no, "stacks": list(self.stacks), "eliminated": out},
            )
        )
        return result

    def _pay_uncontested(self, events: list[Event]) -> tuple[PotResult, ...]:
        """The last player in takes every chip without showing."""
        winner = self.round.live.index(True)
        pot = sum(self.contrib)
        self.stacks[winner] += pot
        data: dict[str, JSON] = {"seat": winner, "amount": pot}
        events.append(Event("won_uncontested", data))
        self.hand_log.append({"kind": "won_uncontested", **data})
        return (PotResult(pot, (winner,), (winner,), {winner: pot}),)

    def _pay_showdown(self, shown: dict[int, tuple[int, ...]]) -> tuple[PotResult, ...]:
        """Each pot to the best five cards among its eligible players, ties split."""
        board = self.board_all
        values = {s: hand_value([*h, *board]) for s, h in shown.items()}
        out: list[PotResult] = []
        for pot in build_pots(self.contrib, self.round.live):
            best = max(values[s] for s in pot.eligible)
            winners = tuple(s for s in pot.eligible if values[s] == best)
            shares = split_pot(pot.amount, winners, self.button + 1, self.n)
            for s, chips in shares.items():
                self.stacks[s] += chips
            fives = {s: tuple(best_five([*shown[s], *board])) for s in winners}
            out.append(PotResult(pot.amount, pot.eligible, winners, shares, hand_name(best), fives))
        return tuple(out)

    # ----------------------------------------------------------------- protocol

    def is_over(self) -> bool:
        return self.over

    def pending(self) -> Sequence[Decision[HoldemAction]]:
        """The one seat to bet.  Never forced: a betting seat always has at least two choices
        (fold or check, and call or raise), and the rules have no Continue step."""
        actor = self.round.actor
        return [] if actor is None or self.over else [Decision(actor)]

    def legal_actions(self, seat: int) -> Sequence[HoldemAction]:
        if self.round.actor != seat or self.over:
            return []
        opt = self.round.options(seat)
        out: list[HoldemAction] = []
        if opt.to_call > 0:
            out += [BetAction("fold"), BetAction("call")]
        else:
            out.append(BetAction("check"))
        if opt.raise_kind is not None:
            pot = sum(self.contrib) + sum(self.round.bets) + opt.to_call
            sizes = {opt.min_to, opt.max_to}
            for num, den in ((1, 2), (1, 1), (2, 1)):
                to = opt.call_to + pot * num // den
                if opt.min_to < to < opt.max_to:
                    sizes.add(to)
            out += [BetAction(opt.raise_kind, to) for to in sorted(sizes)]
        return out

    def apply(self, seat: int, action: HoldemAction) -> Sequence[Event]:
        if not isinstance(action, BetAction):
            raise MalformedAction("a Hold'em action is fold, check, call, bet or raise")
        if self.over:
            raise IllegalAction("match_over", "The match is over.")
        if type(seat) is not int or not 0 <= seat < self.n:
            raise IllegalAction("no_such_seat", f"There is no seat {seat!r}.")
        data = self.round.apply(seat, action)
        self.hand_log.append({"kind": "action", **data})
        events = [Event("action", data)]
        self._play_on(events)
        self.events = eventlog.store(events)
        return events

    def view(self, seat: int | None) -> dict[str, JSON]:
        rnd = self.round
        busted = {b.seat for b in self.busted}
        v: dict[str, JSON] = {
            "phase": "over" if self.is_over() else "betting",
            "to_act": [d.seat for d in self.pending()],
            "seat": seat,
            "hand_no": self.hand_no,
            "street": STREETS[self.street],
            "button": self.button,
            "small_blind_seat": self.sb,
            "big_blind_seat": self.bb,
            "blinds": [SMALL_BLIND, BIG_BLIND],
            "stacks": list(self.stacks),
            "bets": list(rnd.bets),
            "in_hand": [len(self.hole[s]) == 2 for s in range(self.n)],
            "folded": [len(self.hole[s]) == 2 and not rnd.live[s] for s in range(self.n)],
            "all_in": [rnd.live[s] and self.stacks[s] == 0 for s in range(self.n)],
            "eliminated": [s in busted for s in range(self.n)],
            "board": [NAMES[c] for c in self.board_all[: BOARD_AFTER[self.street]]],
            "hole": (
                [NAMES[c] for c in self.hole[seat]]
                if seat is not None and self.hole[seat]
                else None
            ),
            "pot": sum(self.contrib) + sum(rnd.bets),
            "pots": [p.to_json() for p in build_pots(self.contrib, rnd.live)],
            "level": rnd.level,
            "min_raise": rnd.min_raise,
            "to_call": None,
            "raise_kind": None,
            "min_to": None,
            "max_to": None,
            "hand_log": list(self.hand_log),
            "last_hand": self.last_hand.to_json() if self.last_hand is not None else None,
            "last_events": eventlog.for_viewer(self.events, seat),
            "result": None,
        }
        if seat is not None and rnd.actor == seat:
            opt = rnd.options(seat)
            v["to_call"] = opt.to_call
            if opt.raise_kind is not None:
                v.update(raise_kind=opt.raise_kind, min_to=opt.min_to, max_to=opt.max_to)
        res = self.result()
        if res is not None:
            v["result"] = [{"seat": r.seat, "placing": r.placing, "score": r.score} for r in res]
        return v

    def hidden_from(self, seat: int | None) -> set[str]:
        """The other seats' hole cards and the board not dealt yet.

        Each hand is a fresh shuffle, so a card shown in the last hand (``last_hand``) may be in a
        hole now: such a name is left out, as the view rightly shows the earlier copy.
        """
        hidden = {NAMES[c] for s in range(self.n) if s != seat for c in self.hole[s]}
        hidden |= {NAMES[c] for c in self.board_all[BOARD_AFTER[self.street] :]}
        if self.last_hand is not None:
            hidden -= self.last_hand.cards_named()
        return hidden

    def result(self) -> Sequence[SeatResult] | None:
        """Placing by elimination order; seats busted in one hand rank by their stack before it."""
        if not self.is_over():
            return None
        key = {b.seat: (b.hand_no, b.start_stack) for b in self.busted}
        out = []
        for s in range(self.n):
            if s not in key:
                placing = 1
            else:
                placing = 1 + sum(1 for t in range(self.n) if t not in key or key[t] > key[s])
            out.append(SeatResult(seat=s, placing=placing, team=s, score=self.stacks[s]))
        return out

    def forfeit(self, loser: int) -> Sequence[SeatResult]:
        """The resigning (or flagged) seat places last, every other seat shares first — also seats
        already out of chips: the match ends now, and only the loser is ranked below the rest
        (what the platform always did for Hold'em; docs/games/holdem.md)."""
        return forfeit_by_teams(list(range(self.n)), loser)

    def to_json(self) -> dict[str, JSON]:
        return {
            "n": self.n,
            "seed": self.seed,
            "deals": [d.to_json() for d in self.deals],
            "stacks": list(self.stacks),
            "hand_no": self.hand_no,
            "button": self.button,
            "sb": self.sb,
            "bb": self.bb,
            "prev_bb": self.prev_bb,
            "prev_players": self.prev_players,
            "hole": [list(h) for h in self.hole],
            "board_all": list(self.board_all),
            "street": self.street,
            "contrib": list(self.contrib),
            "hand_start": list(self.hand_start),
            "busted": [b.to_json() for b in self.busted],
            "hand_log": list(self.hand_log),
            "last_hand": self.last_hand.to_json() if self.last_hand is not None else None,
            "events": list(self.events),
            "round": self.round.to_json(),
            "over": self.over,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> HoldemState:
        stacks = list(data["stacks"])
        last = data["last_hand"]
        return cls(
            n=data["n"],
            seed=data["seed"],
            deals=parse_deals(data["deals"], data["n"]),
            stacks=stacks,
            round=BettingRound.from_json(data["round"], stacks),
            hand_no=data["hand_no"],
            button=data["button"],
            sb=data["sb"],
            bb=data["bb"],
            prev_bb=data["prev_bb"],
            prev_players=data["prev_players"],
            hole=[list(h) for h in data["hole"]],
            board_all=list(data["board_all"]),
            street=data["street"],
            contrib=list(data["contrib"]),
            hand_start=list(data["hand_start"]),
            busted=[Elimination(*b) for b in data["busted"]],
            hand_log=list(data["hand_log"]),
            last_hand=HandResult.from_json(last) if last is not None else None,
            events=list(data["events"]),
            over=data["over"],
        )
