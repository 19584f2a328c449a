"""A Spectacular Bid match: deals, the opening auction, placing, drawing, scoring and settlement.

Every ``apply`` first runs the whole check (``_check``) and only then mutates (``_do``), so an
illegal action raises before anything changes.  Forced passes are applied inside ``apply`` because
the rules leave the player no choice; they are recorded as events.

Speed matters here (the AI's tests and the platform replay whole matches move by move, and the
bench compares complete rounds per second with the ``dominoes`` package), so the hot path avoids
repeated work and allocations: ``apply`` validates the tuple form of the action
(:func:`parse_action`) instead of building the canonical dict, the check hands the placement it has
resolved (tile, hand index, end, open number) on to ``_place`` instead of both looking it up, the
line keeps its open ends, count and per-number fits up to date across placements, and ``pending``
returns shared immutable :class:`Decision` values.
"""

from __future__ import annotations

import dataclasses
import marshal
import random
from collections.abc import Mapping
from typing import Any, Final, cast

from games.core import JSON, Decision, Event, IllegalAction, SeatResult, event_for
from games.spectacular_bid.actions import Parsed, parse_action
from games.spectacular_bid.line import END_IDS, END_NAMES, END_SETS, ORIGIN, Line
from games.spectacular_bid.tiles import (
    ALL_TILES,
    Tile,
    hand_pips,
    rank_opener,
    round_to_five,
    tile,
)

START_BALANCE: Final = 150
HAND_SIZE: Final = 7
MIN_BID: Final = 15
MIN_RAISE: Final = 5
JOCKEY_DISCOUNT: Final = 15


def net_cost(amount: int, bidder: int, jockey: int | None) -> int:
    """What an accepted bid costs its bidder: the jockey's own bid is 15 cheaper, down to 0."""
    if bidder == jockey:
        return max(0, amount - JOCKEY_DISCOUNT)
    return amount


def max_affordable(balance: int, bidder: int, jockey: int | None) -> int:
    """The highest bid (a multiple of five) whose net cost the balance covers."""
    extra = JOCKEY_DISCOUNT if bidder == jockey else 0
    return (balance + extra) // 5 * 5


_UNTIMED: Final = (Decision(0, fresh=True, timed=False), Decision(1, fresh=True, timed=False))
"""The clock-stopped decision of seat 0 and seat 1 (Start/Continue, hand-over reveal).

:class:`Decision` is frozen, so :meth:`SpectacularBidState.pending` hands out these shared values
instead of building new ones on every call (the platform and every driver loop ask each move)."""
_FRESH: Final = (Decision(0, fresh=True), Decision(1, fresh=True))
"""A new timed decision of seat 0 / seat 1 (the clock's delay restarts)."""
_CONTINUED: Final = (Decision(0, fresh=False), Decision(1, fresh=False))
"""The timed continuation of a turn after a draw (no new delay)."""

type Placement = tuple[Tile, int, int, int]
"""A placement the check has resolved: the canonical tile, its index in the hand, the end's index
(-1: the origin) and the number that end shows (-1 for the origin)."""


_SWAPS: Final = tuple((i, i + 1, (i + 1).bit_length()) for i in range(len(ALL_TILES) - 1, 0, -1))
"""The Fisher–Yates steps of shuffling the 28-tile set: position ``i``, the ``n = i + 1``
candidates and the bit length ``k`` of ``n`` that :meth:`random.Random.shuffle` draws with."""


def _shuffled_set(key: str) -> list[Tile]:
    """The full set in the order ``random.Random(key).shuffle`` leaves it (the documented deal).

    ``Random.shuffle`` calls a Python helper per swap and recomputes its bit length, which made
    the shuffle the largest cost of starting a round; this is the same loop (top position down,
    the partner index drawn by rejection on ``getrandbits``) with the steps precomputed, so it
    makes the same calls on the same generator.  :data:`_INLINE_SHUFFLE` checks the equivalence
    once at import and otherwise leaves the deal to ``Random.shuffle`` itself.
    """
    order = list(ALL_TILES)
    getrandbits = random.Random(key).getrandbits
    for i, n, k in _SWAPS:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        order[i], order[j] = order[j], order[i]
    return order


def _library_shuffled_set(key: str) -> list[Tile]:
    order = list(ALL_TILES)
    random.Random(key).shuffle(order)
    return order


_INLINE_SHUFFLE: Final = all(
    _shuffled_set(key) == _library_shuffled_set(key) for key in ("0:1", "7:2", "2147483647:31")
)
"""Whether :func:`_shuffled_set` reproduces this Python's ``Random.shuffle`` (it has since 3.11)."""


def _slot_writers() -> tuple[Any, Any, Any]:
    """The setters of :class:`Event`'s three slots, or three Nones if ``Event`` is no longer the
    plain slotted dataclass of ``kind``, ``data`` and ``private`` that :func:`_slot_event` fills."""
    names = tuple(f.name for f in dataclasses.fields(Event))
    if (
        names != ("kind", "data", "private")
        or getattr(Event, "__slots__", None) != names
        or hasattr(Event, "__post_init__")
    ):
        return None, None, None
    slots = vars(Event)
    return slots["kind"].__set__, slots["data"].__set__, slots["private"].__set__


_SET_KIND, _SET_DATA, _SET_PRIVATE = _slot_writers()


def _slot_event(
    kind: str, data: dict[str, JSON], private: dict[int, dict[str, JSON]] | None = None
) -> Event:
    """``Event(kind, data, private)``, built by writing its three slots directly.

    A round emits some thirty events, and the frozen dataclass's generated ``__init__`` (a
    Python-level call doing one ``object.__setattr__`` per field) costs about 1.7 times as much as
    the slot writes.  The result is an ordinary ``Event``: equal and frozen as ever.
    """
    event: Event = object.__new__(Event)
    _SET_KIND(event, kind)
    _SET_DATA(event, data)
    _SET_PRIVATE(event, {} if private is None else private)
    return event


def _init_event(
    kind: str, data: dict[str, JSON], private: dict[int, dict[str, JSON]] | None = None
) -> Event:
    """``Event(kind, data, private)`` through its constructor (the fallback of :data:`_event`)."""
    return Event(kind, data, {} if private is None else private)


_event: Final = (
    _slot_event
    if _SET_KIND is not None
    and _slot_event("k", {"a": 1}, {0: {}}) == Event("k", {"a": 1}, {0: {}})
    else _init_event
)
"""How the engine builds its events: slot writes when :func:`_slot_writers` finds ``Event``
unchanged and they give the constructor's result, else the constructor."""


def _tile_json(t: Tile) -> list[int]:
    return [t[0], t[1]]


def _json_copy(value: JSON) -> JSON:
    """A deep copy of a JSON value, so that views and snapshots share no list with the state.

    Through ``marshal`` (in memory): it round-trips exactly the types a JSON value is made of and
    copies a round log about four times faster than a recursive copy in Python, which mattered
    because every move copies the log five times (load, save and one view per audience).
    """
    return cast(JSON, marshal.loads(marshal.dumps(value)))


def _event_json(e: Event) -> dict[str, JSON]:
    return {
        "kind": e.kind,
        "data": _json_copy(dict(e.data)),
        "private": {str(s): _json_copy(dict(p)) for s, p in e.private.items()},
    }


def _event_from_json(d: Mapping[str, Any]) -> Event:
    return Event(
        kind=d["kind"],
        data=dict(d["data"]),
        private={int(s): dict(p) for s, p in d["private"].items()},
    )


class SpectacularBidState:
    """The whole match; ``to_json``/``from_json`` round-trip it exactly.

    Fields the rules alone do not explain: ``continuing`` marks a turn that goes on after a draw
    (its decisions are not fresh: no new clock delay); ``passes`` counts passes in succession (two
    block the round); ``reveal_for``/``shown`` drive the pass-and-play hand-over (who must reveal
    next, whose tiles the device shows now); ``round_log`` is the round's public record, from which
    any observer — the expert AI included — may infer what the opponent cannot hold.
    """

    def __init__(self, options: Mapping[str, JSON], seed: int) -> None:
        self.seed = seed
        self.fixed_deals: list[list[Tile]] = _parse_fixed_deals(options.get("tiles"))
        hand_over = options.get("hand_over", False)
        if not isinstance(hand_over, bool):
            raise ValueError("option 'hand_over' must be true or false")
        self.hand_over = hand_over
        self.phase = "start"
        self.round_no = 0
        self.balances = [START_BALANCE, START_BALANCE]
        self.hands: list[list[Tile]] = [[], []]
        self.boneyard: list[Tile] = []
        self.line = Line()
        self.turn: int | None = None
        self.continuing = False
        self.passes = 0
        self.jockey: int | None = None
        self.opener_rule = "rank"
        self.auction: dict[str, Any] | None = None
        self.ready = [False, False]
        self.reveal_for: int | None = None
        self.shown: int | None = None
        self.last_events: list[Event] = []
        self.round_log: list[dict[str, JSON]] = []
        self.round_summary: dict[str, JSON] | None = None
        self.winner: int | None = None

    # ----------------------------------------------------------------- protocol: who acts, what
    def pending(self) -> list[Decision]:
        """Who must act; a new list each call, of the shared :data:`_UNTIMED`/:data:`_FRESH`/
        :data:`_CONTINUED` values (seats are 0 and 1)."""
        phase = self.phase
        if phase == "over":
            return []
        if phase == "start" or phase == "settlement":
            ready = self.ready
            return [_UNTIMED[s] for s in (0, 1) if not ready[s]]
        if self.reveal_for is not None:
            return [_UNTIMED[self.reveal_for]]
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

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        if self.phase == "play" and self.reveal_for is None:
            if seat != self.turn:
                return []
            hand = self.hands[seat]
            line = self.line
            if line.origin is None:
                if self.opener_rule == "rank":
                    best = rank_opener(self.hands)[1]
                    return [{"kind": "place", "tile": [best[0], best[1]], "end": ORIGIN}]
                return [{"kind": "place", "tile": [a, b], "end": ORIGIN} for a, b in hand]
            fits = line.fits()
            moves: list[dict[str, Any]] = []
            for a, b in hand:
                joins = fits[a] | fits[b]
                if joins:
                    for end in END_SETS[joins]:
                        moves.append({"kind": "place", "tile": [a, b], "end": end})
            return moves or [{"kind": "draw"}]
        if seat not in self.to_act():
            return []
        if self.phase in ("start", "settlement"):
            return [{"kind": "ready"}]
        if self.reveal_for is not None:
            return [{"kind": "reveal"}]
        return self._auction_actions(seat)

    def _auction_actions(self, seat: int) -> list[dict[str, Any]]:
        auction = self.auction
        assert auction is not None
        top = max_affordable(self.balances[seat], seat, self.jockey)
        bid = auction["bid"]
        if bid is None:
            out: list[dict[str, Any]] = [{"kind": "waive"}]
            out += [{"kind": "bid", "amount": a} for a in range(MIN_BID, top + 1, 5)]
            return out
        out = [{"kind": "accept"}]
        low = bid["amount"] + MIN_RAISE
        out += [{"kind": "raise", "amount": a} for a in range(low, top + 1, 5)]
        return out

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> list[SeatResult] | None:
        if self.winner is None:
            return None
        return [
            SeatResult(seat=s, placing=1 if s == self.winner else 2, team=s, score=self.balances[s])
            for s in (0, 1)
        ]

    # ----------------------------------------------------------------------------- apply
    def apply(self, seat: int, action: Any) -> list[Event]:
        act = parse_action(action)
        placement = self._check(seat, act)
        events: list[Event] = []
        if placement is not None:
            self._place(seat, placement, act[2], events)
        else:
            self._do(seat, act, events)
        self.last_events = events
        return events

    def _check(self, seat: int, act: Parsed) -> Placement | None:
        """Raise :class:`IllegalAction` naming the broken rule; never mutates.

        A legal placement comes back resolved (see :data:`Placement`), so that ``apply`` need not
        look up the tile and the end a second time; every other legal action returns None.
        """
        kind = act[0]
        phase = self.phase
        if phase == "over":
            raise IllegalAction("match_over", "The match is over; no more actions are taken.")
        if seat not in (0, 1):
            raise IllegalAction("no_such_seat", "Spectacular Bid has seats 0 and 1 only.")
        if phase in ("start", "settlement"):
            if kind != "ready":
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
            if kind != "reveal":
                raise IllegalAction(
                    "hand_over_pending",
                    "Pass-and-play hand-over: the next player must first reveal their tiles.",
                )
            return None
        if kind == "reveal":
            raise IllegalAction("no_hand_over", "There is no hand-over to reveal now.")
        if kind == "ready":
            raise IllegalAction("not_waiting", "Start/Continue is only given between rounds.")
        if phase == "auction":
            self._check_auction(seat, act)
            return None
        return self._check_play(seat, act)

    def _check_auction(self, seat: int, act: Parsed) -> None:
        kind = act[0]
        auction = self.auction
        assert auction is not None
        bid = auction["bid"]
        if kind in ("place", "draw"):
            raise IllegalAction(
                "auction_running",
                "The opening auction is running: waive, bid, raise or accept first.",
            )
        if kind in ("waive", "bid") and bid is not None:
            raise IllegalAction(
                "bid_stands", "A bid stands: you can only accept it or raise by at least 5."
            )
        if kind in ("accept", "raise") and bid is None:
            raise IllegalAction(
                "no_bid", "No bid stands yet: the first speaker either waives or bids at least 15."
            )
        if kind in ("bid", "raise"):
            amount = act[3]
            if amount % 5 != 0:
                raise IllegalAction("not_multiple_of_five", "All bids are multiples of 5.")
            if kind == "bid" and amount < MIN_BID:
                raise IllegalAction(
                    "below_minimum", f"The first bid must be at least {MIN_BID} points."
                )
            if kind == "raise" and amount < bid["amount"] + MIN_RAISE:
                raise IllegalAction(
                    "raise_too_small",
                    f"A raise must be at least {MIN_RAISE} more than the standing bid of "
                    f"{bid['amount']} (the amount is the new total).",
                )
            cost = net_cost(amount, seat, self.jockey)
            if cost > self.balances[seat]:
                raise IllegalAction(
                    "unaffordable",
                    f"A bid of {amount} would cost you {cost}, more than your balance of "
                    f"{self.balances[seat]}; the net payment may not exceed your balance.",
                )

    def _check_play(self, seat: int, act: Parsed) -> Placement | None:
        kind = act[0]
        if kind in ("waive", "bid", "raise", "accept"):
            raise IllegalAction("no_auction", "There is no opening auction running now.")
        if kind == "draw":
            if self._can_place(seat):
                raise IllegalAction(
                    "can_place", "You may only draw when no tile in your hand can be placed."
                )
            return None
        _, t, end, _ = act
        a, b = t
        try:
            index = self.hands[seat].index(t)
        except ValueError:
            raise IllegalAction("not_in_hand", "You do not hold that tile.") from None
        line = self.line
        if line.origin is None:
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
        if end == ORIGIN:
            raise IllegalAction("origin_taken", "The line has begun; place at an open end.")
        e = END_IDS[end]
        pips = -1
        for i, shown, _ in line.ends():
            if i == e:
                pips = shown
                break
        if pips < 0:
            raise IllegalAction(
                "end_closed",
                f"End {end} is not open: the spinner's side arms N and S open only after both of "
                f"its main arms hold a tile.",
            )
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

    def _do(self, seat: int, act: Parsed, events: list[Event]) -> None:
        """Carry out a checked action other than a placement (``apply`` calls ``_place``)."""
        kind = act[0]
        if kind == "draw":
            self._draw(seat, events)
        elif kind == "ready":
            self.ready[seat] = True
            events.append(_event("ready", {"seat": seat}))
            if all(self.ready):
                self._start_round(events)
        elif kind == "reveal":
            self.reveal_for = None
            self.shown = seat
            events.append(_event("revealed", {"seat": seat}))
        elif kind == "waive":
            events.append(_event("waived", {"seat": seat}))
            self._log({"kind": "waived", "seat": seat})
            assert self.jockey is not None
            self._open_auctioned(self.jockey)
        elif kind in ("bid", "raise"):
            auction = self.auction
            assert auction is not None
            amount = act[3]
            auction["bid"] = {"seat": seat, "amount": amount}
            auction["history"].append({"seat": seat, "kind": kind, "amount": amount})
            auction["speaker"] = 1 - seat
            events.append(_event(kind, {"seat": seat, "amount": amount}))
            self._log({"kind": kind, "seat": seat, "amount": amount})
            self._hand_to(1 - seat)
        else:
            self._accept(seat, events)

    # ---------------------------------------------------------------------------- rounds
    def _deal(self) -> list[Tile]:
        if self.round_no <= len(self.fixed_deals):
            return list(self.fixed_deals[self.round_no - 1])
        key = f"{self.seed}:{self.round_no}"
        return _shuffled_set(key) if _INLINE_SHUFFLE else _library_shuffled_set(key)

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
            _event(
                "dealt",
                {"round": self.round_no, "boneyard": len(self.boneyard)},
                {s: {"hand": [_tile_json(t) for t in self.hands[s]]} for s in (0, 1)},
            )
        )
        if self.jockey is not None:
            self.phase = "auction"
            self.opener_rule = "auction"
            speaker = 1 - self.jockey
            self.auction = {"speaker": speaker, "bid": None, "history": []}
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

    def _accept(self, seat: int, events: list[Event]) -> None:
        auction = self.auction
        assert auction is not None
        bidder, amount = auction["bid"]["seat"], auction["bid"]["amount"]
        cost = net_cost(amount, bidder, self.jockey)
        auction["history"].append({"seat": seat, "kind": "accept", "amount": amount})
        events.append(
            _event("accepted", {"seat": seat, "bidder": bidder, "amount": amount, "paid": cost})
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

    def _place(self, seat: int, placement: Placement, end: str, events: list[Event]) -> None:
        """Put the checked ``placement`` on the line (``end`` is its name in the action), score the
        count and hand the turn on."""
        t, index, e, pips = placement
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
            _event(
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
            _event(
                "drew",
                {"seat": seat, "boneyard": len(self.boneyard), "open": open_pips},
                {seat: {"tile": _tile_json(drawn)}},
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
        events.append(_event("passed", {"seat": seat, "open": open_pips}))
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
        events.append(_event("round_over", dict(self.round_summary)))
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
        events.append(_event("match_over", {"winner": winner, "balances": list(self.balances)}))

    def _pay(self, payer: int, payee: int, amount: int, events: list[Event], reason: str) -> int:
        """Move points, capped at the payer's balance; returns what was moved."""
        moved = min(amount, self.balances[payer])
        self.balances[payer] -= moved
        self.balances[payee] += moved
        events.append(
            _event("paid", {"from": payer, "to": payee, "amount": moved, "reason": reason})
        )
        return moved

    def _log(self, entry: dict[str, JSON]) -> None:
        self.round_log.append(entry)

    # ------------------------------------------------------------------------------ views
    def view(self, seat: int | None) -> dict[str, JSON]:
        line = self.line
        if line.origin is None:
            open_ends: list[dict[str, JSON]] = (
                [{"end": ORIGIN, "pips": None, "counts": 0}] if self.phase == "play" else []
            )
        else:
            open_ends = [{"end": END_NAMES[e], "pips": p, "counts": c} for e, p, c in line.ends()]
        out: dict[str, JSON] = {
            "phase": self.phase,
            "round": self.round_no,
            "seat": seat,
            "balances": list(self.balances),
            "hand_counts": [len(h) for h in self.hands],
            "boneyard": len(self.boneyard),
            "line": line.to_json(),
            "open_ends": open_ends,
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
            "round_log": _json_copy(self.round_log),
            "last_events": [_json_copy(event_for(e, seat)) for e in self.last_events],
            "round_summary": _json_copy(self.round_summary),
            "result": None
            if self.winner is None
            else {"winner": self.winner, "balances": list(self.balances)},
        }
        if seat is not None:
            out["hand"] = [_tile_json(t) for t in self.hands[seat]]
        return out

    def _auction_view(self, seat: int | None) -> dict[str, JSON] | None:
        auction = self.auction
        if auction is None:
            return None
        bid = auction["bid"]
        return {
            "speaker": auction["speaker"],
            "bid": None if bid is None else dict(bid),
            "history": [dict(h) for h in auction["history"]],
            "min_bid": MIN_BID,
            "min_raise": MIN_BID if bid is None else bid["amount"] + MIN_RAISE,
            "discount_seat": self.jockey,
            "discount": JOCKEY_DISCOUNT,
            "max_affordable": None
            if seat is None
            else max_affordable(self.balances[seat], seat, self.jockey),
        }

    # ------------------------------------------------------------------------ snapshots
    def to_json(self) -> dict[str, JSON]:
        return {
            "seed": self.seed,
            "fixed_deals": [[_tile_json(t) for t in deal] for deal in self.fixed_deals],
            "hand_over": self.hand_over,
            "phase": self.phase,
            "round_no": self.round_no,
            "balances": list(self.balances),
            "hands": [[_tile_json(t) for t in h] for h in self.hands],
            "boneyard": [_tile_json(t) for t in self.boneyard],
            "line": self.line.to_json(),
            "turn": self.turn,
            "continuing": self.continuing,
            "passes": self.passes,
            "jockey": self.jockey,
            "opener_rule": self.opener_rule,
            "auction": None
            if self.auction is None
            else {
                "speaker": self.auction["speaker"],
                "bid": None if self.auction["bid"] is None else dict(self.auction["bid"]),
                "history": [dict(h) for h in self.auction["history"]],
            },
            "ready": list(self.ready),
            "reveal_for": self.reveal_for,
            "shown": self.shown,
            "last_events": [_event_json(e) for e in self.last_events],
            "round_log": _json_copy(self.round_log),
            "round_summary": _json_copy(self.round_summary),
            "winner": self.winner,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SpectacularBidState:
        state = cls({"tiles": data["fixed_deals"], "hand_over": data["hand_over"]}, data["seed"])
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
        state.auction = (
            None
            if auction is None
            else {
                "speaker": auction["speaker"],
                "bid": None if auction["bid"] is None else dict(auction["bid"]),
                "history": [dict(h) for h in auction["history"]],
            }
        )
        state.ready = list(data["ready"])
        state.reveal_for = data["reveal_for"]
        state.shown = data["shown"]
        state.last_events = [_event_from_json(_json_copy(e)) for e in data["last_events"]]
        state.round_log = _json_copy(data["round_log"])
        state.round_summary = _json_copy(data["round_summary"])
        state.winner = data["winner"]
        return state


def _parse_fixed_deals(raw: JSON) -> list[list[Tile]]:
    """The "tiles" option: one list per round of all 28 tiles in dealt order (docs explain)."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise ValueError("option 'tiles' must be a list of deals")
    deals: list[list[Tile]] = []
    for deal in raw:
        if not isinstance(deal, list) or len(deal) != len(ALL_TILES):
            raise ValueError("each deal in 'tiles' must list all 28 tiles")
        tiles = [tile(int(a), int(b)) for a, b in deal]
        if sorted(tiles) != sorted(ALL_TILES):
            raise ValueError("each deal in 'tiles' must hold every double-six tile exactly once")
        deals.append(tiles)
    return deals


def new_state(seats: int, options: Mapping[str, JSON], seed: int) -> SpectacularBidState:
    if seats != 2:
        raise ValueError("Spectacular Bid is a duel for exactly two seats")
    return SpectacularBidState(options, seed)


def state_from_json(data: Mapping[str, JSON]) -> SpectacularBidState:
    return SpectacularBidState.from_json(data)
