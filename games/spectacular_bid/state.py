"""A Spectacular Bid match: deals, the opening auction, placing, drawing, scoring and settlement.

Every ``apply`` first runs the whole check (``_check``) and only then mutates (``_do``), so an
illegal action raises before anything changes.  Forced passes are applied inside ``apply`` because
the rules leave the player no choice; they are recorded as events.

Speed matters here (the AI's tests and the platform replay whole matches move by move, and the
bench compares complete rounds per second with the ``dominoes`` package), so the hot path avoids
repeated work and allocations: ``legal_actions`` hands out action records built once
(games/spectacular_bid/actions.py), the check hands the placement it has resolved (tile, hand
index, end, open number) on to ``_place`` instead of both looking it up, the line keeps its open
ends, count and per-number fits up to date across placements, and ``pending`` returns shared
immutable :class:`Decision` values.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, Literal, NamedTuple

from games.core import (
    DEALS_OPTION,
    JSON,
    Decision,
    Event,
    GameError,
    IllegalAction,
    MalformedAction,
    SeatResult,
    event_for,
    forfeit_by_teams,
)
from games.spectacular_bid.actions import (
    ACCEPT,
    ACTION_TYPES,
    DRAW,
    ORIGIN_INDEX,
    READY,
    REVEAL,
    WAIVE,
    Accept,
    Action,
    Bid,
    Draw,
    Place,
    Raise,
    Ready,
    Reveal,
    Waive,
    bids_from,
    place_sets,
    placement,
)
from games.spectacular_bid.deals import parse_deals, seeded_deal
from games.spectacular_bid.line import END_IDS, END_NAMES, ORIGIN, Line
from games.spectacular_bid.records import (
    event,
    event_from_json,
    event_json,
    json_copy,
    tile_json,
)
from games.spectacular_bid.tiles import Tile, hand_pips, rank_opener, round_to_five

START_BALANCE: Final = 150
HAND_SIZE: Final = 7
MIN_BID: Final = 15
MIN_RAISE: Final = 5
JOCKEY_DISCOUNT: Final = 15

type Phase = Literal["start", "auction", "play", "settlement", "over"]
type OpenerRule = Literal["rank", "auction", "any"]
"""How this round's first tile is chosen: the highest double (else tile) opens; the auction is
running; the auction is settled and the opener may open with any tile."""


def net_cost(amount: int, bidder: int, jockey: int | None) -> int:
    """What an accepted bid costs its bidder: the jockey's own bid is 15 cheaper, down to 0."""
    if bidder == jockey:
        return max(0, amount - JOCKEY_DISCOUNT)
    return amount


def max_affordable(balance: int, bidder: int, jockey: int | None) -> int:
    """The highest bid (a multiple of five) whose net cost the balance covers."""
    extra = JOCKEY_DISCOUNT if bidder == jockey else 0
    return (balance + extra) // 5 * 5


_TEAMS: Final = (0, 1)
"""A duel: each seat is its own side."""

_READY_DECISIONS: Final[tuple[Decision[Action], ...]] = (
    Decision(0, fresh=True, timed=False, forced=READY),
    Decision(1, fresh=True, timed=False, forced=READY),
)
"""The clock-stopped Start/Continue of seat 0 and seat 1: the press is all the rules leave, so
the platform may make it for a seat that stalls (``forced``).

:class:`Decision` is frozen, so :meth:`SpectacularBidState.pending` hands out these shared values
instead of building new ones on every call (the platform and every driver loop ask each move)."""
_REVEAL_DECISIONS: Final[tuple[Decision[Action], ...]] = (
    Decision(0, fresh=True, timed=False, forced=REVEAL),
    Decision(1, fresh=True, timed=False, forced=REVEAL),
)
"""The clock-stopped pass-and-play reveal of seat 0 / seat 1 (also the only thing to do)."""
_FRESH: Final[tuple[Decision[Action], ...]] = (Decision(0, fresh=True), Decision(1, fresh=True))
"""A new timed decision of seat 0 / seat 1 (the clock's delay restarts)."""
_CONTINUED: Final[tuple[Decision[Action], ...]] = (
    Decision(0, fresh=False),
    Decision(1, fresh=False),
)
"""The timed continuation of a turn after a draw (no new delay)."""

type Placement = tuple[Tile, int, int, int]
"""A placement the check has resolved: the canonical tile, its index in the hand, the end's index
(-1: the origin) and the number that end shows (-1 for the origin)."""


class StandingBid(NamedTuple):
    seat: int
    amount: int


class AuctionStep(NamedTuple):
    """One line of the auction's history as the view shows it (``kind``: bid, raise, accept)."""

    seat: int
    kind: str
    amount: int


@dataclass(slots=True)
class Auction:
    """The opening auction of a round after a domino: who speaks, the bid that stands, the steps."""

    speaker: int
    bid: StandingBid | None = None
    history: list[AuctionStep] = field(default_factory=list)

    def history_json(self) -> list[dict[str, JSON]]:
        return [{"seat": s, "kind": k, "amount": a} for s, k, a in self.history]

    def bid_json(self) -> dict[str, JSON] | None:
        bid = self.bid
        return None if bid is None else {"seat": bid.seat, "amount": bid.amount}

    def to_json(self) -> dict[str, JSON]:
        return {"speaker": self.speaker, "bid": self.bid_json(), "history": self.history_json()}

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Auction:
        bid = data["bid"]
        return cls(
            speaker=data["speaker"],
            bid=None if bid is None else StandingBid(bid["seat"], bid["amount"]),
            history=[AuctionStep(h["seat"], h["kind"], h["amount"]) for h in data["history"]],
        )


class SpectacularBidState:
    """The whole match; ``to_json``/``from_json`` round-trip it exactly.

    Fields the rules alone do not explain: ``continuing`` marks a turn that goes on after a draw
    (its decisions are not fresh: no new clock delay); ``passes`` counts passes in succession (two
    block the round); ``reveal_for``/``shown`` drive the pass-and-play hand-over (who must reveal
    next, whose tiles the device shows now); ``round_log`` is the round's public record, from which
    any observer — the expert AI included — may infer what the opponent cannot hold.
    """

    def __init__(self, seed: int, fixed_deals: list[list[Tile]], hand_over: bool) -> None:
        self.seed = seed
        self.fixed_deals = fixed_deals
        """The ``deals`` option: round *n* is dealt from entry *n - 1* while there is one."""
        self.hand_over = hand_over
        self.phase: Phase = "start"
        self.round_no = 0
        self.balances = [START_BALANCE, START_BALANCE]
        self.hands: list[list[Tile]] = [[], []]
        self.boneyard: list[Tile] = []
        self.line = Line()
        self.turn: int | None = None
        self.continuing = False
        self.passes = 0
        self.jockey: int | None = None
        self.opener_rule: OpenerRule = "rank"
        self.auction: Auction | None = None
        self.ready = [False, False]
        self.reveal_for: int | None = None
        self.shown: int | None = None
        self.last_events: list[Event] = []
        self.round_log: list[dict[str, JSON]] = []
        self.round_summary: dict[str, JSON] | None = None
        self.winner: int | None = None

    @classmethod
    def new(cls, seats: int, options: Mapping[str, JSON], seed: int) -> SpectacularBidState:
        """A new match waiting for both players' Start; options ``deals`` and ``hand_over``
        (docs/games/spectacular_bid.md)."""
        if seats != 2:
            raise GameError("Spectacular Bid is a duel for exactly two seats")
        hand_over = options.get("hand_over", False)
        if not isinstance(hand_over, bool):
            raise GameError("option 'hand_over' must be true or false")
        return cls(seed, parse_deals(options.get(DEALS_OPTION)), hand_over)

    # ----------------------------------------------------------------- protocol: who acts, what
    def pending(self) -> list[Decision[Action]]:
        """Who must act; a new list each call, of the shared decision values above (seats are 0
        and 1)."""
        phase = self.phase
        if phase == "over":
            return []
        if phase == "start" or phase == "settlement":
            ready = self.ready
            return [_READY_DECISIONS[s] for s in (0, 1) if not ready[s]]
        if self.reveal_for is not None:
            return [_REVEAL_DECISIONS[self.reveal_for]]
        turn = self.turn
        assert turn is not None
        return [_CONTINUED[turn] if self.continuing else _FRESH[turn]]

    def to_act(self) -> list[int]:
        """The seats of :meth:`pending` (kept separate because every check asks it)."""
        phase = self.phase
        if phase == "over":
            return []
        if phase == "start" or phase == "settlement":
            return [s for s in (0, 1) if not self.ready[s]]
        if self.reveal_for is not None:
            return [self.reveal_for]
        assert self.turn is not None
        return [self.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == "play" and self.reveal_for is None:
            if seat != self.turn:
                return []
            return self._placements(seat) or [DRAW]
        if seat not in self.to_act():
            return []
        if self.phase in ("start", "settlement"):
            return [READY]
        if self.reveal_for is not None:
            return [REVEAL]
        return self._auction_actions(seat)

    def _placements(self, seat: int) -> list[Action]:
        """Every legal placement of ``seat`` (whose turn it is), in hand order then end order."""
        hand = self.hands[seat]
        if self.line.origin is None:
            if self.opener_rule == "rank":
                return [placement(rank_opener(self.hands)[1], ORIGIN_INDEX)]
            return [placement(t, ORIGIN_INDEX) for t in hand]
        fits = self.line.fits()
        moves: list[Action] = []
        for t in hand:
            joins = fits[t[0]] | fits[t[1]]
            if joins:
                moves.extend(place_sets(t)[joins])
        return moves

    def _auction_actions(self, seat: int) -> list[Action]:
        auction = self.auction
        assert auction is not None
        top = max_affordable(self.balances[seat], seat, self.jockey)
        bid = auction.bid
        if bid is None:
            return [WAIVE, *bids_from(Bid, MIN_BID, top)]
        return [ACCEPT, *bids_from(Raise, bid.amount + MIN_RAISE, top)]

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> list[SeatResult] | None:
        if self.winner is None:
            return None
        return [
            SeatResult(seat=s, placing=1 if s == self.winner else 2, team=s, score=self.balances[s])
            for s in (0, 1)
        ]

    def forfeit(self, loser: int) -> list[SeatResult]:
        """A duel in every phase: whoever resigns or loses on time loses, the other seat wins."""
        if loser not in _TEAMS:
            raise GameError("Spectacular Bid has seats 0 and 1 only.")
        return forfeit_by_teams(_TEAMS, loser)

    # ----------------------------------------------------------------------------- apply
    def apply(self, seat: int, action: Action) -> list[Event]:
        if type(action) not in ACTION_TYPES:
            raise MalformedAction("That is not a Spectacular Bid action.")
        resolved = self._check(seat, action)
        events: list[Event] = []
        if resolved is not None:
            assert isinstance(action, Place)
            self._place(seat, resolved, action.end, events)
        else:
            self._do(seat, action, events)
        self.last_events = events
        return events

    def _check(self, seat: int, action: Action) -> Placement | None:
        """Raise :class:`IllegalAction` naming the broken rule; never mutates.

        A legal placement comes back resolved (see :data:`Placement`), so that ``apply`` need not
        look up the tile and the end a second time; every other legal action returns None.
        """
        phase = self.phase
        if phase == "over":
            raise IllegalAction("match_over", "The match is over; no more actions are taken.")
        if seat not in _TEAMS:
            raise IllegalAction("no_such_seat", "Spectacular Bid has seats 0 and 1 only.")
        if phase == "start" or phase == "settlement":
            if type(action) is not Ready:
                word = "Start" if phase == "start" else "Continue"
                raise IllegalAction(
                    "waiting_for_ready",
                    f"Both players must first press {word} ('ready') before play goes on.",
                )
            if self.ready[seat]:
                raise IllegalAction("already_ready", "You have already pressed Start/Continue.")
            return None
        reveal_for = self.reveal_for
        if seat != self.turn if reveal_for is None else seat != reveal_for:
            raise IllegalAction(
                "not_your_turn", f"It is not your turn: seat {self.to_act()[0]} must act now."
            )
        if reveal_for is not None:
            if type(action) is not Reveal:
                raise IllegalAction(
                    "hand_over_pending",
                    "Pass-and-play hand-over: the next player must first reveal their tiles.",
                )
            return None
        if type(action) is Reveal:
            raise IllegalAction("no_hand_over", "There is no hand-over to reveal now.")
        if type(action) is Ready:
            raise IllegalAction("not_waiting", "Start/Continue is only given between rounds.")
        if phase == "auction":
            self._check_auction(seat, action)
            return None
        return self._check_play(seat, action)

    def _check_auction(self, seat: int, action: Action) -> None:
        auction = self.auction
        assert auction is not None
        bid = auction.bid
        if isinstance(action, (Place, Draw)):
            raise IllegalAction(
                "auction_running",
                "The opening auction is running: waive, bid, raise or accept first.",
            )
        if isinstance(action, (Waive, Bid)) and bid is not None:
            raise IllegalAction(
                "bid_stands", "A bid stands: you can only accept it or raise by at least 5."
            )
        if isinstance(action, (Accept, Raise)) and bid is None:
            raise IllegalAction(
                "no_bid", "No bid stands yet: the first speaker either waives or bids at least 15."
            )
        if isinstance(action, (Bid, Raise)):
            self._check_amount(seat, action, bid)

    def _check_amount(self, seat: int, action: Bid | Raise, bid: StandingBid | None) -> None:
        """A bid or raise is a multiple of five, above the minimum and affordable."""
        amount = action.amount
        if amount % 5 != 0:
            raise IllegalAction("not_multiple_of_five", "All bids are multiples of 5.")
        if bid is None and amount < MIN_BID:
            raise IllegalAction(
                "below_minimum", f"The first bid must be at least {MIN_BID} points."
            )
        if bid is not None and amount < bid.amount + MIN_RAISE:
            raise IllegalAction(
                "raise_too_small",
                f"A raise must be at least {MIN_RAISE} more than the standing bid of "
                f"{bid.amount} (the amount is the new total).",
            )
        cost = net_cost(amount, seat, self.jockey)
        if cost > self.balances[seat]:
            raise IllegalAction(
                "unaffordable",
                f"A bid of {amount} would cost you {cost}, more than your balance of "
                f"{self.balances[seat]}; the net payment may not exceed your balance.",
            )

    def _check_play(self, seat: int, action: Action) -> Placement | None:
        if type(action) is Draw:
            if self._can_place(seat):
                raise IllegalAction(
                    "can_place", "You may only draw when no tile in your hand can be placed."
                )
            return None
        if not isinstance(action, Place):
            raise IllegalAction("no_auction", "There is no opening auction running now.")
        t = action.tile
        try:
            index = self.hands[seat].index(t)
        except ValueError:
            raise IllegalAction("not_in_hand", "You do not hold that tile.") from None
        if self.line.origin is None:
            return self._check_opening(t, index, action.end)
        return self._check_join(t, index, action.end)

    def _check_opening(self, t: Tile, index: int, end: str) -> Placement:
        """The first tile of a round goes to the origin, in a rank round the best tile held."""
        if end != ORIGIN:
            raise IllegalAction(
                "must_open", "The line is empty: the first tile goes to end 'origin'."
            )
        if self.opener_rule == "rank":
            best = rank_opener(self.hands)[1]
            if t != best:
                raise IllegalAction(
                    "must_open_with",
                    f"The holder of the highest double (else the highest tile) must open "
                    f"with it: open with [{best[0]}|{best[1]}].",
                )
        return t, index, -1, -1

    def _check_join(self, t: Tile, index: int, end: str) -> Placement:
        """A later tile joins an open end that shows one of its numbers."""
        if end == ORIGIN:
            raise IllegalAction("origin_taken", "The line has begun; place at an open end.")
        e = END_IDS[end]
        pips = -1
        for i, shown, _ in self.line.ends():
            if i == e:
                pips = shown
                break
        if pips < 0:
            raise IllegalAction(
                "end_closed",
                f"End {end} is not open: the spinner's side arms N and S open only after both of "
                f"its main arms hold a tile.",
            )
        a, b = t
        if pips != a and pips != b:
            raise IllegalAction(
                "no_match",
                f"[{a}|{b}] does not match end {end}, which shows {pips}: a tile joins "
                f"an end showing the same number.",
            )
        return t, index, e, pips

    def _can_place(self, seat: int) -> bool:
        """Whether any tile in hand fits an open end (the draw and pass rules ask this)."""
        line = self.line
        if line.origin is None:
            return bool(self.hands[seat])
        fits = line.fits()
        for a, b in self.hands[seat]:
            if fits[a] | fits[b]:
                return True
        return False

    def _do(self, seat: int, action: Action, events: list[Event]) -> None:
        """Carry out a checked action other than a placement (``apply`` calls ``_place``)."""
        if type(action) is Draw:
            self._draw(seat, events)
        elif type(action) is Ready:
            self.ready[seat] = True
            events.append(event("ready", {"seat": seat}))
            if all(self.ready):
                self._start_round(events)
        elif type(action) is Reveal:
            self.reveal_for = None
            self.shown = seat
            events.append(event("revealed", {"seat": seat}))
        elif type(action) is Waive:
            events.append(event("waived", {"seat": seat}))
            self._log({"kind": "waived", "seat": seat})
            assert self.jockey is not None
            self._open_auctioned(self.jockey)
        elif isinstance(action, (Bid, Raise)):
            self._bid(seat, action, events)
        else:
            self._accept(seat, events)

    # ---------------------------------------------------------------------------- rounds
    def _deal(self) -> list[Tile]:
        if self.round_no <= len(self.fixed_deals):
            return list(self.fixed_deals[self.round_no - 1])
        return seeded_deal(self.seed, self.round_no)

    def _start_round(self, events: list[Event]) -> None:
        self.round_no += 1
        order = self._deal()
        self.hands = [order[:HAND_SIZE], order[HAND_SIZE : 2 * HAND_SIZE]]
        self.boneyard = order[2 * HAND_SIZE :]
        self.line = Line()
        self.passes = 0
        self.continuing = False
        self.ready = [False, False]
        self.round_summary = None
        self.round_log = []
        self.shown = None
        events.append(
            event(
                "dealt",
                {"round": self.round_no, "boneyard": len(self.boneyard)},
                {s: {"hand": [tile_json(t) for t in self.hands[s]]} for s in (0, 1)},
            )
        )
        if self.jockey is not None:
            self.phase = "auction"
            self.opener_rule = "auction"
            speaker = 1 - self.jockey
            self.auction = Auction(speaker)
            self._hand_to(speaker)
        else:
            self.phase = "play"
            self.opener_rule = "rank"
            self.auction = None
            self._hand_to(rank_opener(self.hands)[0])

    def _hand_to(self, seat: int) -> None:
        """Give the turn to ``seat`` (a fresh decision), behind a hand-over screen if asked."""
        self.turn = seat
        self.continuing = False
        if self.hand_over and self.shown != seat:
            self.reveal_for = seat

    def _bid(self, seat: int, action: Bid | Raise, events: list[Event]) -> None:
        """The bid stands; the other player speaks next."""
        auction = self.auction
        assert auction is not None
        kind, amount = action.KIND, action.amount
        auction.bid = StandingBid(seat, amount)
        auction.history.append(AuctionStep(seat, kind, amount))
        auction.speaker = 1 - seat
        events.append(event(kind, {"seat": seat, "amount": amount}))
        self._log({"kind": kind, "seat": seat, "amount": amount})
        self._hand_to(1 - seat)

    def _accept(self, seat: int, events: list[Event]) -> None:
        auction = self.auction
        assert auction is not None and auction.bid is not None
        bidder, amount = auction.bid
        cost = net_cost(amount, bidder, self.jockey)
        auction.history.append(AuctionStep(seat, "accept", amount))
        events.append(
            event("accepted", {"seat": seat, "bidder": bidder, "amount": amount, "paid": cost})
        )
        self._log(
            {"kind": "accepted", "seat": seat, "bidder": bidder, "amount": amount, "paid": cost}
        )
        self._pay(bidder, seat, cost, events, reason="bid")
        if self.balances[bidder] == 0:
            self._end_match(seat, events)
            return
        self._open_auctioned(bidder)

    def _open_auctioned(self, opener: int) -> None:
        """The auction is settled: the discount lapses and ``opener`` opens with any tile."""
        self.phase = "play"
        self.opener_rule = "any"
        self.auction = None
        self._hand_to(opener)

    def _place(self, seat: int, resolved: Placement, end: str, events: list[Event]) -> None:
        """Put the checked placement on the line (``end`` is its name in the action), score the
        count and hand the turn on."""
        t, index, e, pips = resolved
        hand = self.hands[seat]
        del hand[index]
        line = self.line
        line.place(t, e, pips)
        count = line.count()
        score = count if count > 0 and count % 5 == 0 else 0
        self.passes = 0
        self.continuing = False
        shown = [t[0], t[1]]
        events.append(
            event(
                "placed",
                {"seat": seat, "tile": shown, "end": end, "count": count, "score": score},
            )
        )
        self.round_log.append(
            {
                "kind": "placed",
                "seat": seat,
                "tile": shown,
                "end": end,
                "count": count,
                "score": score,
            }
        )
        if score:
            self._pay(1 - seat, seat, score, events, reason="count")
            if self.balances[1 - seat] == 0:
                self._end_match(seat, events)
                return
        if not hand:
            self._settle(seat, "domino", 0, events)
            return
        self._next_turn(1 - seat, events)

    def _draw(self, seat: int, events: list[Event]) -> None:
        drawn = self.boneyard.pop(0)
        self.hands[seat].append(drawn)
        open_pips = self.line.open_numbers()
        events.append(
            event(
                "drew",
                {"seat": seat, "boneyard": len(self.boneyard), "open": open_pips},
                {seat: {"tile": tile_json(drawn)}},
            )
        )
        self.round_log.append({"kind": "drew", "seat": seat, "open": list(open_pips)})
        if self.boneyard or self._can_place(seat):
            self.continuing = True
            return
        self._pass(seat, events)

    def _next_turn(self, seat: int, events: list[Event]) -> None:
        """The turn passes to ``seat``; a seat that can neither place nor draw passes at once."""
        if self.boneyard or self._can_place(seat):
            self._hand_to(seat)
            return
        self._pass(seat, events)

    def _pass(self, seat: int, events: list[Event]) -> None:
        self.passes += 1
        open_pips = self.line.open_numbers()
        events.append(event("passed", {"seat": seat, "open": open_pips}))
        self.round_log.append({"kind": "passed", "seat": seat, "open": list(open_pips)})
        if self.passes >= 2:
            self._settle_blocked(events)
            return
        self._next_turn(1 - seat, events)

    def _settle_blocked(self, events: list[Event]) -> None:
        totals = [hand_pips(h) for h in self.hands]
        if totals[0] == totals[1]:
            self._settle(None, "blocked", 0, events, totals)
            return
        light = 0 if totals[0] < totals[1] else 1
        won = round_to_five(totals[1 - light])
        paid = self._pay(1 - light, light, won, events, reason="blocked") if won else 0
        if self.balances[1 - light] == 0:
            self._end_match(light, events, totals)
            return
        self._settle(light, "blocked", paid, events, totals)

    def _settle(
        self,
        winner: int | None,
        reason: str,
        paid: int,
        events: list[Event],
        totals: list[int] | None = None,
    ) -> None:
        """The round is over: book the summary and wait for both players' Continue."""
        self.jockey = winner if reason == "domino" else None
        self.round_summary = self._summary(winner, reason, paid, totals)
        events.append(event("round_over", dict(self.round_summary)))
        self.phase = "settlement"
        self.turn = None
        self.reveal_for = None
        self.shown = None
        self.ready = [False, False]

    def _summary(
        self, winner: int | None, reason: str, paid: int, totals: list[int] | None
    ) -> dict[str, JSON]:
        return {
            "round": self.round_no,
            "reason": reason,
            "winner": winner,
            "paid": paid,
            "pips": totals,
            "hand_counts": [len(h) for h in self.hands],
            "balances": list(self.balances),
            "jockey": winner if reason == "domino" else None,
        }

    def _end_match(self, winner: int, events: list[Event], totals: list[int] | None = None) -> None:
        self.winner = winner
        self.phase = "over"
        self.turn = None
        self.reveal_for = None
        self.auction = None
        self.round_summary = self._summary(winner, "bankrupt", 0, totals)
        events.append(event("match_over", {"winner": winner, "balances": list(self.balances)}))

    def _pay(self, payer: int, payee: int, amount: int, events: list[Event], reason: str) -> int:
        """Move points, capped at the payer's balance; returns what was moved."""
        moved = min(amount, self.balances[payer])
        self.balances[payer] -= moved
        self.balances[payee] += moved
        events.append(
            event("paid", {"from": payer, "to": payee, "amount": moved, "reason": reason})
        )
        return moved

    def _log(self, entry: dict[str, JSON]) -> None:
        self.round_log.append(entry)

    # ------------------------------------------------------------------------------ views
    def view(self, seat: int | None) -> dict[str, JSON]:
        line = self.line
        out: dict[str, JSON] = {
            "phase": self.phase,
            "round": self.round_no,
            "seat": seat,
            "balances": list(self.balances),
            "hand_counts": [len(h) for h in self.hands],
            "boneyard": len(self.boneyard),
            "line": line.to_json(),
            "open_ends": self._open_ends_view(),
            "count": line.count(),
            "to_act": self.to_act(),
            "turn": self.turn,
            "continuing": self.continuing,
            "jockey": self.jockey,
            "opener_rule": self.opener_rule,
            "auction": self._auction_view(seat),
            "ready": list(self.ready),
            "hand_over": None
            if not self.hand_over
            else {"reveal_for": self.reveal_for, "shown": self.shown},
            "round_log": json_copy(self.round_log),
            "last_events": [json_copy(event_for(e, seat)) for e in self.last_events],
            "round_summary": json_copy(self.round_summary),
            "result": None
            if self.winner is None
            else {"winner": self.winner, "balances": list(self.balances)},
        }
        if seat is not None:
            out["hand"] = [tile_json(t) for t in self.hands[seat]]
        return out

    def _open_ends_view(self) -> list[dict[str, JSON]]:
        if self.line.origin is None:
            return [{"end": ORIGIN, "pips": None, "counts": 0}] if self.phase == "play" else []
        return [{"end": END_NAMES[e], "pips": p, "counts": c} for e, p, c in self.line.ends()]

    def _auction_view(self, seat: int | None) -> dict[str, JSON] | None:
        auction = self.auction
        if auction is None:
            return None
        bid = auction.bid
        return {
            "speaker": auction.speaker,
            "bid": auction.bid_json(),
            "history": auction.history_json(),
            "min_bid": MIN_BID,
            "min_raise": MIN_BID if bid is None else bid.amount + MIN_RAISE,
            "discount_seat": self.jockey,
            "discount": JOCKEY_DISCOUNT,
            "max_affordable": None
            if seat is None
            else max_affordable(self.balances[seat], seat, self.jockey),
        }

    def hidden_from(self, seat: int | None) -> list[JSON]:
        """The boneyard and every hand but ``seat``'s own, as ``[high, low]`` pairs (the spelling
        of hands and events).  Hands stay hidden after the round too (docs: interpretations)."""
        hidden = [tile_json(t) for t in self.boneyard]
        for s in _TEAMS:
            if s != seat:
                hidden.extend(tile_json(t) for t in self.hands[s])
        return hidden

    # ------------------------------------------------------------------------ snapshots
    def to_json(self) -> dict[str, JSON]:
        return {
            "seed": self.seed,
            "fixed_deals": [[tile_json(t) for t in deal] for deal in self.fixed_deals],
            "hand_over": self.hand_over,
            "phase": self.phase,
            "round_no": self.round_no,
            "balances": list(self.balances),
            "hands": [[tile_json(t) for t in h] for h in self.hands],
            "boneyard": [tile_json(t) for t in self.boneyard],
            "line": self.line.to_json(),
            "turn": self.turn,
            "continuing": self.continuing,
            "passes": self.passes,
            "jockey": self.jockey,
            "opener_rule": self.opener_rule,
            "auction": None if self.auction is None else self.auction.to_json(),
            "ready": list(self.ready),
            "reveal_for": self.reveal_for,
            "shown": self.shown,
            "last_events": [event_json(e) for e in self.last_events],
            "round_log": json_copy(self.round_log),
            "round_summary": json_copy(self.round_summary),
            "winner": self.winner,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> SpectacularBidState:
        deals = [[(a, b) for a, b in deal] for deal in data["fixed_deals"]]
        state = cls(data["seed"], deals, data["hand_over"])
        state.phase = data["phase"]
        state.round_no = data["round_no"]
        state.balances = list(data["balances"])
        state.hands = [[(a, b) for a, b in h] for h in data["hands"]]
        state.boneyard = [(a, b) for a, b in data["boneyard"]]
        state.line = Line.from_json(data["line"])
        state.turn = data["turn"]
        state.continuing = data["continuing"]
        state.passes = data["passes"]
        state.jockey = data["jockey"]
        state.opener_rule = data["opener_rule"]
        auction = data["auction"]
        state.auction = None if auction is None else Auction.from_json(auction)
        state.ready = list(data["ready"])
        state.reveal_for = data["reveal_for"]
        state.shown = data["shown"]
        state.last_events = [event_from_json(json_copy(e)) for e in data["last_events"]]
        state.round_log = json_copy(data["round_log"])
        state.round_summary = json_copy(data["round_summary"])
        state.winner = data["winner"]
        return state
