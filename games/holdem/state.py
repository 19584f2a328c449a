"""No-limit Texas Hold'em: a match of hands until one player holds every chip.

Seats are numbered clockwise (seat ``s + 1`` sits to the left of seat ``s``).  Every hand is dealt
from its own ``Random(f"{seed}:{hand_no}")`` so a snapshot never stores a generator, and the option
``deals`` fixes hole cards and board per hand for tests.  Between hands there is no Continue step:
the rules ask for none, so the last action of a hand settles it and deals the next one, and the
settled hand stays readable in the view as ``last_hand``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.cards import deck, parse, show
from games.core import JSON, Decision, Event, IllegalAction, MalformedAction, SeatResult
from games.poker import eventlog
from games.poker.betting import BetAction, BettingRound
from games.poker.evaluation import best_five, hand_name, hand_value
from games.poker.pots import build_pots, split_pot

STARTING_STACK = 1000
SMALL_BLIND = 10
BIG_BLIND = 20
STREETS = ("preflop", "flop", "turn", "river")
BOARD_AFTER = (0, 3, 4, 5)
"""Community cards visible on each street."""
PACK = tuple(deck(1, jokers=False))
NAMES = tuple(show(c) for c in range(52))
"""Notation of every card, looked up instead of rebuilt in every view and event."""


class HoldemState:
    """A running match (mutable; :meth:`to_json` and :meth:`from_json` round-trip it)."""

    def __init__(self, seats: int, options: Mapping[str, JSON], seed: int) -> None:
        if not 2 <= seats <= 10:
            raise ValueError("Hold'em needs 2 to 10 seats")
        stacks = options.get("stacks", [STARTING_STACK] * seats)
        if len(stacks) != seats or any(not isinstance(c, int) or c <= 0 for c in stacks):
            raise ValueError("'stacks' needs one positive chip count per seat")
        self.n = seats
        self.seed = seed
        self.deals: list[Any] = list(options.get("deals", []))
        self.stacks: list[int] = list(stacks)
        self.hand_no = -1
        self.button = -1
        self.sb = -1
        self.bb = -1
        self.prev_bb = -1
        self.prev_players = seats
        self.hole: list[list[int]] = [[] for _ in range(seats)]
        self.board_all: list[int] = []
        self.street = 0
        self.contrib = [0] * seats
        self.hand_start = list(self.stacks)
        self.busted: list[list[int]] = []
        """[seat, hand_no, stack at that hand's start] per elimination, in order."""
        self.hand_log: list[dict[str, JSON]] = []
        self.last_hand: dict[str, JSON] | None = None
        self.events: list[dict[str, JSON]] = []
        self.over = False
        self.round: BettingRound
        events: list[Event] = []
        self._deal(events)
        self.events = eventlog.store(events)

    # ----------------------------------------------------------------- dealing and flow

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

    def _shuffled_deal(self, players: list[int]) -> None:
        """Hole cards two rounds from the button's left, then burn+flop, burn+turn, burn+river."""
        fixed = self.deals[self.hand_no] if self.hand_no < len(self.deals) else {}
        hole_fixed = {int(k): [parse(c) for c in v] for k, v in fixed.get("hole", {}).items()}
        board_fixed = [parse(c) for c in fixed.get("board", [])]
        used = {c for h in hole_fixed.values() for c in h} | set(board_fixed)
        # only the cards that will be used are drawn (in random order): the top of a shuffle
        pack = [c for c in PACK if c not in used] if used else list(PACK)
        rest = random.Random(f"{self.seed}:{self.hand_no}").sample(pack, 2 * self.n + 8)
        rest.reverse()
        order = [(self.button + 1 + i) % self.n for i in range(self.n)]
        self.hole = [[] for _ in range(self.n)]
        for _ in range(2):
            for s in order:
                if s in players and s not in hole_fixed:
                    self.hole[s].append(rest.pop())
        for s, h in hole_fixed.items():
            if s in players:
                self.hole[s] = list(h)
        rest.pop()  # burn before the flop
        board = [rest.pop() for _ in range(3)]
        rest.pop()  # burn before the turn
        board.append(rest.pop())
        rest.pop()  # burn before the river
        board.append(rest.pop())
        self.board_all = board_fixed + board[len(board_fixed):]

    def _deal(self, events: list[Event]) -> None:
        players = self._players()
        self.hand_no += 1
        self._place_blinds(players)
        self._shuffled_deal(players)
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
        events.append(Event(
            "hand_start",
            {"hand_no": self.hand_no, "button": self.button,
             "small_blind": [self.sb, bets[self.sb]], "big_blind": [self.bb, bets[self.bb]],
             "dealt": players},
            {s: {"hole": [NAMES[c] for c in self.hole[s]]} for s in players},
        ))
        self.hand_log.append({"kind": "blinds", "small_blind": [self.sb, bets[self.sb]],
                              "big_blind": [self.bb, bets[self.bb]]})
        self._advance(events)

    def _close_round(self, events: list[Event]) -> None:
        refund = self.round.refund_uncalled()
        if refund is not None:
            events.append(Event("uncalled_returned", {"seat": refund[0], "amount": refund[1]}))
            self.hand_log.append({"kind": "uncalled_returned", "seat": refund[0],
                                  "amount": refund[1]})
        for s in range(self.n):
            self.contrib[s] += self.round.bets[s]
        self.round.bets = [0] * self.n

    def _advance(self, events: list[Event]) -> None:
        """Close finished rounds, deal streets, settle the hand and start the next, as needed."""
        while True:
            if self.round.live_count() == 1:
                self._close_round(events)
                self._win_uncontested(events)
                return
            if self.round.actor is not None:
                return
            self._close_round(events)
            if self.street == 3:
                self._showdown(events)
                return
            self.street += 1
            cards = self.board_all[BOARD_AFTER[self.street - 1]:BOARD_AFTER[self.street]]
            can_bet = sum(self.round.can_bet(s) for s in range(self.n))
            data: dict[str, JSON] = {"street": STREETS[self.street],
                                     "cards": [NAMES[c] for c in cards], "run_out": can_bet < 2}
            events.append(Event("street", data))
            self.hand_log.append({"kind": "street", **data})
            self.round = BettingRound.start(self.stacks, self.round.live, [0] * self.n, 0,
                                            BIG_BLIND, self.button + 1)

    def _win_uncontested(self, events: list[Event]) -> None:
        winner = self.round.live.index(True)
        pot = sum(self.contrib)
        self.stacks[winner] += pot
        data: dict[str, JSON] = {"seat": winner, "amount": pot}
        events.append(Event("won_uncontested", data))
        self.hand_log.append({"kind": "won_uncontested", **data})
        self._end_hand(events, {"showdown": False, "shown": {}, "pots": [
            {"amount": pot, "eligible": [winner], "winners": [winner], "shares": {str(winner): pot},
             "hand": None, "best_five": {}}]})

    def _showdown(self, events: list[Event]) -> None:
        live = self.round.live
        shown = {s: self.hole[s] for s in range(self.n) if live[s]}
        values = {s: hand_value(h + self.board_all) for s, h in shown.items()}
        pots_out: list[dict[str, JSON]] = []
        for pot in build_pots(self.contrib, live):
            best = max(values[s] for s in pot.eligible)
            winners = [s for s in pot.eligible if values[s] == best]
            shares = split_pot(pot.amount, winners, self.button + 1, self.n)
            for s, chips in shares.items():
                self.stacks[s] += chips
            pots_out.append({
                "amount": pot.amount, "eligible": list(pot.eligible), "winners": winners,
                "shares": {str(s): c for s, c in shares.items()}, "hand": hand_name(best),
                "best_five": {str(s): [NAMES[c] for c in best_five(shown[s] + self.board_all)]
                              for s in winners},
            })
        summary: dict[str, JSON] = {
            "showdown": True,
            "shown": {str(s): [NAMES[c] for c in h] for s, h in shown.items()},
            "pots": pots_out,
        }
        events.append(Event("showdown", dict(summary)))
        self.hand_log.append({"kind": "showdown", "pots": pots_out})
        self._end_hand(events, summary)

    def _end_hand(self, events: list[Event], summary: dict[str, JSON]) -> None:
        out = [s for s in range(self.n) if self.stacks[s] == 0 and self.hand_start[s] > 0]
        for s in out:
            self.busted.append([s, self.hand_no, self.hand_start[s]])
        self.last_hand = {
            "hand_no": self.hand_no,
            "board": [NAMES[c] for c in self.board_all[:BOARD_AFTER[self.street]]],
            "button": self.button,
            **summary,
            "eliminated": out,
            "stacks": list(self.stacks),
            "log": self.hand_log,
        }
        self.contrib = [0] * self.n
        events.append(Event("hand_end", {"hand_no": self.hand_no, "stacks": list(self.stacks),
                                         "eliminated": out}))
        if len(self._players()) > 1:
            self._deal(events)
        else:
            self.over = True
            events.append(Event("match_end", {"winner": self._players()[0]}))

    # ----------------------------------------------------------------- protocol

    def is_over(self) -> bool:
        return self.over

    def pending(self) -> Sequence[Decision]:
        actor = self.round.actor
        return [] if actor is None or self.over else [Decision(actor)]

    def legal_actions(self, seat: int) -> Sequence[BetAction]:
        if self.round.actor != seat or self.over:
            return []
        opt = self.round.options(seat)
        out: list[BetAction] = []
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

    def apply(self, seat: int, action: Any) -> Sequence[Event]:
        if not isinstance(action, BetAction):
            raise MalformedAction("a Hold'em action is fold, check, call, bet or raise")
        if self.is_over():
            raise IllegalAction("match_over", "The match is over.")
        if not 0 <= seat < self.n:
            raise IllegalAction("no_such_seat", f"There is no seat {seat}.")
        data = self.round.apply(seat, action)
        self.hand_log.append({"kind": "action", **data})
        events = [Event("action", data)]
        self._advance(events)
        self.events = eventlog.store(events)
        return events

    def view(self, seat: int | None) -> dict[str, JSON]:
        rnd = self.round
        busted = {b[0] for b in self.busted}
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
            "board": [NAMES[c] for c in self.board_all[:BOARD_AFTER[self.street]]],
            "hole": ([NAMES[c] for c in self.hole[seat]]
                     if seat is not None and self.hole[seat] else None),
            "pot": sum(self.contrib) + sum(rnd.bets),
            "pots": [p.to_json() for p in build_pots(self.contrib, rnd.live)],
            "level": rnd.level,
            "min_raise": rnd.min_raise,
            "to_call": None, "raise_kind": None, "min_to": None, "max_to": None,
            "hand_log": list(self.hand_log),
            "last_hand": self.last_hand,
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

    def result(self) -> Sequence[SeatResult] | None:
        """Placing by elimination order; seats busted in one hand rank by their stack before it."""
        if not self.is_over():
            return None
        key = {s: (h, start) for s, h, start in self.busted}
        out = []
        for s in range(self.n):
            if s not in key:
                placing = 1
            else:
                placing = 1 + sum(1 for t in range(self.n) if t not in key or key[t] > key[s])
            out.append(SeatResult(seat=s, placing=placing, team=s, score=self.stacks[s]))
        return out

    def to_json(self) -> dict[str, JSON]:
        return {
            "n": self.n, "seed": self.seed, "deals": self.deals, "stacks": list(self.stacks),
            "hand_no": self.hand_no, "button": self.button, "sb": self.sb, "bb": self.bb,
            "prev_bb": self.prev_bb, "prev_players": self.prev_players,
            "hole": [list(h) for h in self.hole], "board_all": list(self.board_all),
            "street": self.street, "contrib": list(self.contrib),
            "hand_start": list(self.hand_start), "busted": [list(b) for b in self.busted],
            "hand_log": self.hand_log, "last_hand": self.last_hand, "events": self.events,
            "round": self.round.to_json(), "over": self.over,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> HoldemState:
        st = cls.__new__(cls)
        st.n = data["n"]
        st.seed = data["seed"]
        st.deals = list(data["deals"])
        st.stacks = list(data["stacks"])
        st.hand_no = data["hand_no"]
        st.button, st.sb, st.bb = data["button"], data["sb"], data["bb"]
        st.prev_bb, st.prev_players = data["prev_bb"], data["prev_players"]
        st.hole = [list(h) for h in data["hole"]]
        st.board_all = list(data["board_all"])
        st.street = data["street"]
        st.contrib = list(data["contrib"])
        st.hand_start = list(data["hand_start"])
        st.busted = [list(b) for b in data["busted"]]
        st.hand_log = list(data["hand_log"])
        st.last_hand = data["last_hand"]
        st.events = list(data["events"])
        st.round = BettingRound.from_json(data["round"], st.stacks)
        st.over = data["over"]
        return st
