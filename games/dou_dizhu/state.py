"""The Dou Dizhu match: one deal (redealt while all three pass), bidding, play and settlement.

Seats 0, 1, 2 play in increasing order, wrapping around ((seat + 1) % 3 is next); this is the
rules' counter-clockwise direction.  Each deal's cards and first bidder come from
``Random(f"{seed}:{deal_no}")`` unless ``options["deals"]`` fixes that deal (:class:`Deal`), so a
redeal draws again from the seed without the snapshot carrying a generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Final

from games.cards import deck
from games.cards.groups import SHEDDING_ORDER
from games.cards.shedding import (
    SHEDDING_FIELDS,
    Pass,
    Play,
    SheddingState,
    Table,
    action_kind,
    check_dealt_once,
    check_play_shape,
    deal_fields,
    decode_shedding,
    encode_cards,
    encode_shedding,
    fixed_deals,
    read_cards,
    read_hands,
    seat_field,
)
from games.core import (
    DEALS_OPTION,
    JSON,
    Event,
    IllegalAction,
    MalformedAction,
    SeatResult,
    forfeit_by_teams,
)
from games.dou_dizhu.combos import (
    Combo,
    beats,
    classify,
    explain,
    generate,
    why_not,
)

SEATS: Final = 3
HAND_SIZE: Final = 17
BOTTOM_SIZE: Final = 3
DECK: Final = tuple(deck())
LANDLORD_WEIGHT: Final = 2
"""The landlord's stake against one peasant's, in results and forfeits alike."""


# ---- actions -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid 1, 2 or 3 for the landlord's seat (each bid above the current one)."""

    value: int


Action = Bid | Pass | Play

_FIELDS: Final = {"bid": ("value",), **SHEDDING_FIELDS}


def encode_action(action: Action) -> JSON:
    if isinstance(action, Bid):
        return {"kind": "bid", "value": action.value}
    return encode_shedding(action)


def decode_action(raw: JSON) -> Action:
    """A bid, a pass or a play; anything else raises :class:`MalformedAction`."""
    if action_kind(raw, _FIELDS) != "bid":
        return decode_shedding(raw)
    value = raw["value"]
    if type(value) is not int or not 1 <= value <= 3:
        raise MalformedAction('a bid is {"kind": "bid", "value": 1|2|3}')
    return Bid(value)


# ---- deals -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal: 17 cards per seat, the 3 bottom cards and the seat that bids first.

    Its JSON (an entry of ``options["deals"]``, see docs/games/dou_dizhu.md) is
    ``{"hands": [[17 names], [17 names], [17 names]], "bottom": [3 names], "first_bidder": 0}``.
    """

    hands: tuple[tuple[int, ...], ...]
    bottom: tuple[int, ...]
    first_bidder: int

    def to_json(self) -> dict[str, JSON]:
        return {
            "hands": [encode_cards(h) for h in self.hands],
            "bottom": encode_cards(self.bottom),
            "first_bidder": self.first_bidder,
        }

    @classmethod
    def from_json(cls, raw: JSON, where: str) -> Deal:
        """The deal an options entry names; :class:`games.core.GameError` says what is wrong."""
        entry = deal_fields(raw, where, ("hands", "bottom", "first_bidder"))
        hands = read_hands(entry["hands"], f"{where}.hands", HAND_SIZE, SEATS, DECK)
        bottom = read_cards(entry["bottom"], f"{where}.bottom", BOTTOM_SIZE, DECK)
        check_dealt_once([*hands, bottom], where)
        first = seat_field(entry["first_bidder"], f"{where}.first_bidder", SEATS)
        return cls(hands, bottom, first)


def shuffled_deal(seed: int, index: int) -> Deal:
    """Deal ``index`` of a match seeded ``seed``: a shuffle, then the first bidder."""
    rng = random.Random(f"{seed}:{index}")
    cards = list(DECK)
    rng.shuffle(cards)
    first = rng.randrange(SEATS)
    hands = tuple(
        tuple(SHEDDING_ORDER.sort(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE])) for i in range(SEATS)
    )
    return Deal(hands, tuple(SHEDDING_ORDER.sort(cards[SEATS * HAND_SIZE :])), first)


def deal_at(seed: int, fixed: Sequence[Deal], index: int) -> Deal:
    """Deal ``index`` of a match: the fixed one if the options give it, else the seed's."""
    return fixed[index] if index < len(fixed) else shuffled_deal(seed, index)


def deal_for(seats: int, seed: int, index: int) -> JSON:
    """The ``options["deals"]`` entry that reproduces deal ``index`` of seed ``seed``."""
    return shuffled_deal(seed, index).to_json()


# ---- the settlement ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Settlement:
    """How the deal was settled (the view's ``result``; docs/games/dou_dizhu.md)."""

    winner: int
    landlord: int
    bid: int
    bombs: int
    rockets: int
    spring: bool
    reverse_spring: bool
    multiplier: int
    unit: int
    scores: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    """The cards left in each hand, revealed at the end."""

    @property
    def landlord_won(self) -> bool:
        return self.winner == self.landlord

    def to_json(self) -> dict[str, JSON]:
        return {
            "winner": self.winner,
            "winning_side": "landlord" if self.landlord_won else "peasants",
            "landlord": self.landlord,
            "bid": self.bid,
            "bombs": self.bombs,
            "rockets": self.rockets,
            "spring": self.spring,
            "reverse_spring": self.reverse_spring,
            "multiplier": self.multiplier,
            "unit": self.unit,
            "scores": list(self.scores),
            "hands": [list(h) for h in self.hands],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> Settlement:
        return cls(
            winner=data["winner"],
            landlord=data["landlord"],
            bid=data["bid"],
            bombs=data["bombs"],
            rockets=data["rockets"],
            spring=data["spring"],
            reverse_spring=data["reverse_spring"],
            multiplier=data["multiplier"],
            unit=data["unit"],
            scores=tuple(data["scores"]),
            hands=tuple(tuple(h) for h in data["hands"]),
        )


def _strengths(cards: Sequence[int]) -> list[int]:
    return [SHEDDING_ORDER.strength(c) for c in cards]


_PICKERS: dict[tuple[int, ...], Callable[[list[int]], tuple[int, ...]]] = {}
PICKERS_KEPT: Final = 1 << 16


def _picker(strengths: tuple[int, ...]) -> Callable[[list[int]], tuple[int, ...]]:
    """The function that picks a play's cards out of a hand's slot table (see
    ``DouDizhuState._slots``): the ``k``-th card of a strength in the play is the hand's ``k``-th
    of that strength, the same cards :func:`games.cards.groups.take` picks.  Memoised: the same
    shapes recur in every hand."""
    found = _PICKERS.get(strengths)
    if found is None:
        seen = [0] * 15
        slots = []
        for s in strengths:
            slots.append(4 * s + seen[s])
            seen[s] += 1
        if len(slots) == 1:
            only = slots[0]

            def found(table: list[int]) -> tuple[int, ...]:
                return (table[only],)
        else:
            found = itemgetter(*slots)
        if len(_PICKERS) >= PICKERS_KEPT:
            _PICKERS.clear()
        _PICKERS[strengths] = found
    return found


def combo_of(cards: Sequence[int]) -> Combo | None:
    """The combination formed by concrete cards."""
    return classify(_strengths(cards))


# ---- the match ---------------------------------------------------------------------------------


class DouDizhuState(SheddingState[Combo, Action]):
    """A Dou Dizhu match (see :mod:`games.core` for the protocol)."""

    combo_type = Combo
    title = "Dou Dizhu"

    seed: int
    fixed: tuple[Deal, ...]
    """The deals ``options["deals"]`` fixes (deal ``i`` of the match is ``fixed[i]`` if any)."""
    deal_no: int
    bottom: list[int]
    first_bidder: int
    bids: list[tuple[int, int]]
    """This deal's bidding so far: (seat, value), value 0 for a pass."""
    high_bid: int
    high_bidder: int | None
    landlord: int | None
    bid: int | None
    multiplier: int
    bombs: int
    rockets: int
    plays: list[int]
    settled: Settlement | None

    def __init__(self, seed: int, fixed: tuple[Deal, ...], deal_no: int, deal: Deal) -> None:
        """Deal ``deal_no`` of a match, its bidding about to begin (``from_json`` then restores
        whatever progress a snapshot records)."""
        super().__init__()
        self._slotted: dict[int, tuple[list[int], list[int], list[int]]] = {}
        self.seed = seed
        self.fixed = fixed
        self.log = []
        self._begin(deal_no, deal)

    def _begin(self, deal_no: int, deal: Deal) -> None:
        """Lay out ``deal`` as deal ``deal_no``: fresh bidding, nothing played."""
        self.deal_no = deal_no
        self.hands = [list(h) for h in deal.hands]
        self.bottom = list(deal.bottom)
        self.first_bidder = deal.first_bidder
        self.phase, self.turn, self.passes, self.table = "bidding", deal.first_bidder, 0, None
        self.bids, self.high_bid, self.high_bidder = [], 0, None
        self.landlord, self.bid = None, None
        self.multiplier, self.bombs, self.rockets = 1, 0, 0
        self.plays, self.played = [0] * SEATS, [[] for _ in range(SEATS)]
        self.settled = None

    # ---- construction -------------------------------------------------------------------------
    @classmethod
    def new(cls, seats: int, options: Mapping[str, JSON], seed: int) -> DouDizhuState:
        cls._check_seats(seats)
        fixed = fixed_deals(options, Deal.from_json)
        state = cls(seed, fixed, 0, deal_at(seed, fixed, 0))
        state._deal_event()
        return state

    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> DouDizhuState:
        options = data.get("options") or {}
        fixed = tuple(
            Deal.from_json(d, f"{DEALS_OPTION}[{i}]")
            for i, d in enumerate(options.get(DEALS_OPTION, []))
        )
        deal = Deal(tuple(map(tuple, data["hands"])), tuple(data["bottom"]), data["first_bidder"])
        state = cls(data["seed"], fixed, data["deal_no"], deal)
        state._restore_common(data)
        state.bids = [(s, v) for s, v in data["bids"]]
        state.high_bid, state.high_bidder = data["high_bid"], data["high_bidder"]
        state.landlord, state.bid = data["landlord"], data["bid"]
        state.multiplier = data["multiplier"]
        state.bombs, state.rockets = data["bombs"], data["rockets"]
        state.plays = list(data["plays"])
        result = data["result"]
        state.settled = None if result is None else Settlement.from_json(result)
        return state

    def to_json(self) -> dict[str, JSON]:
        fixed = [d.to_json() for d in self.fixed]
        return {
            "seed": self.seed,
            "options": {DEALS_OPTION: fixed} if fixed else {},
            "deal_no": self.deal_no,
            **self._common_json(),
            "bottom": list(self.bottom),
            "first_bidder": self.first_bidder,
            "bids": [[s, v] for s, v in self.bids],
            "high_bid": self.high_bid,
            "high_bidder": self.high_bidder,
            "landlord": self.landlord,
            "bid": self.bid,
            "multiplier": self.multiplier,
            "bombs": self.bombs,
            "rockets": self.rockets,
            "plays": list(self.plays),
            "result": None if self.settled is None else self.settled.to_json(),
        }

    def _deal_event(self) -> Event:
        """Announce the deal: the first bidder to all, each hand to its own seat only."""
        data = {"deal_no": self.deal_no, "first_bidder": self.first_bidder}
        hands = {s: {"hand": encode_cards(self.hands[s])} for s in range(SEATS)}
        return self._log(Event("deal", data, hands))

    # ---- protocol -----------------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        if not self._to_act(seat):
            return []
        if self.phase == "bidding":
            return [Pass(), *(Bid(v) for v in range(self.high_bid + 1, 4))]
        table = self.table_combo()
        slots, counts = self._slots(seat)
        plays: list[Action] = [Play(_picker(c.strengths)(slots)) for c in generate(counts, table)]
        return plays if table is None else [Pass(), *plays]

    def _slots(self, seat: int) -> tuple[list[int], list[int]]:
        """The seat's cards laid out four slots per strength (``4 * strength + k`` holds its
        ``k``-th card of that strength in suit order) and its per-strength counts; kept while the
        hand list is the same object (hands are replaced, never changed in place)."""
        hand = self.hands[seat]
        entry = self._slotted.get(seat)
        if entry is None or entry[0] is not hand:
            by_face = SHEDDING_ORDER.by_face
            slots = [0] * (4 * 15)
            counts = [0] * 15
            for c in sorted(hand):
                s = by_face[c]
                slots[4 * s + counts[s]] = c
                counts[s] += 1
            entry = self._slotted[seat] = (hand, slots, counts)
        return entry[1], entry[2]

    def apply(self, seat: int, action: Action) -> list[Event]:
        self._check_turn(seat)
        if not isinstance(action, Bid | Pass | Play):
            raise MalformedAction(f"not a Dou Dizhu action: a {type(action).__name__}")
        if isinstance(action, Play):
            check_play_shape(action)
        if isinstance(action, Bid) and type(action.value) is not int:
            raise MalformedAction("a bid's value is a whole number")
        if self.phase == "bidding":
            return self._apply_bidding(seat, action)
        return self._apply_play(seat, action)

    # ---- bidding ------------------------------------------------------------------------------
    def _apply_bidding(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Play):
            raise IllegalAction("bidding", "cards are played only after the bidding")
        if isinstance(action, Bid) and not self.high_bid < action.value <= 3:
            raise IllegalAction(
                "bid_too_low" if action.value <= self.high_bid else "bad_bid",
                f"a bid must be higher than {self.high_bid} and at most 3",
            )
        value = action.value if isinstance(action, Bid) else 0
        self.bids.append((seat, value))
        events = [self._log(Event("bid" if value else "pass", {"seat": seat, "value": value}))]
        if value:
            self.high_bid, self.high_bidder, self.passes = value, seat, 0
        else:
            self.passes += 1
        if self.high_bidder is not None and (value == 3 or self.passes == 2):
            events.extend(self._crown(self.high_bidder))
        elif not self.high_bid and self.passes == SEATS:
            events.extend(self._redeal())
        else:
            self.turn = self._next_seat(seat)
        return events

    def _redeal(self) -> list[Event]:
        """All three passed: the next deal of the match (from the seed unless fixed)."""
        following = self.deal_no + 1
        redeal = self._log(Event("redeal", {"deal_no": following}))
        self._begin(following, deal_at(self.seed, self.fixed, following))
        return [redeal, self._deal_event()]

    def _crown(self, landlord: int) -> list[Event]:
        """The highest bidder becomes landlord, takes the shown bottom cards and leads."""
        self.hands[landlord] = SHEDDING_ORDER.sort(self.hands[landlord] + self.bottom)
        self.phase, self.landlord, self.bid = "play", landlord, self.high_bid
        self.turn, self.passes = landlord, 0
        data = {"seat": landlord, "bid": self.bid, "bottom": encode_cards(self.bottom)}
        return [self._log(Event("landlord", data))]

    # ---- play ---------------------------------------------------------------------------------
    def _apply_play(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Bid):
            raise IllegalAction("bidding_over", "the bidding is over")
        if isinstance(action, Pass):
            return self._pass(seat)
        table = self.table_combo()
        self._check_in_hand(seat, action.cards)
        combo = combo_of(action.cards)
        if combo is None:
            raise IllegalAction("no_combination", explain(_strengths(action.cards)))
        if table is not None and not beats(combo, table):
            raise IllegalAction("does_not_beat", why_not(combo, table))
        cards = self._shed(seat, action.cards)
        self.plays[seat] += 1
        self.table, self.passes = Table(seat, cards, combo), 0
        if combo.is_bomb:
            self.multiplier *= 2
            if combo.kind == "rocket":
                self.rockets += 1
            else:
                self.bombs += 1
        events = [self._play_event(seat, cards, combo)]
        if not self.hands[seat]:
            events.append(self._finish(seat))
        else:
            self.turn = self._next_seat(seat)
        return events

    def _pass(self, seat: int) -> list[Event]:
        if self.table is None:
            raise IllegalAction("must_lead", "the leader must play a combination")
        self.passes += 1
        events = [self._log(Event("pass", {"seat": seat}))]
        if self.passes == 2:
            self.table, self.passes = None, 0
            events.append(self._log(Event("new_lead", {"seat": self._next_seat(seat)})))
        self.turn = self._next_seat(seat)
        return events

    def _finish(self, winner: int) -> Event:
        """Settle: bid × multiplier, doubled per bomb/rocket and for (reverse) spring."""
        landlord, bid = self.landlord, self.bid
        assert landlord is not None and bid is not None
        landlord_won = winner == landlord
        peasants = [s for s in range(SEATS) if s != landlord]
        spring = landlord_won and all(self.plays[p] == 0 for p in peasants)
        reverse = not landlord_won and self.plays[landlord] == 1
        if spring or reverse:
            self.multiplier *= 2
        unit = bid * self.multiplier
        sign = 1 if landlord_won else -1
        scores = [
            LANDLORD_WEIGHT * unit * sign if s == landlord else -unit * sign for s in range(SEATS)
        ]
        self.settled = Settlement(
            winner=winner,
            landlord=landlord,
            bid=bid,
            bombs=self.bombs,
            rockets=self.rockets,
            spring=spring,
            reverse_spring=reverse,
            multiplier=self.multiplier,
            unit=unit,
            scores=tuple(scores),
            hands=tuple(tuple(encode_cards(h)) for h in self.hands),
        )
        return self._game_over(winner, scores)

    # ---- results ------------------------------------------------------------------------------
    def _sides(self, landlord: int) -> tuple[list[int], list[int]]:
        """Teams and weights once the landlord is known: landlord team 0 (weight 2), peasants 1."""
        teams = [0 if s == landlord else 1 for s in range(SEATS)]
        weights = [LANDLORD_WEIGHT if s == landlord else 1 for s in range(SEATS)]
        return teams, weights

    def result(self) -> list[SeatResult] | None:
        settled = self.settled
        if settled is None:
            return None
        teams, weights = self._sides(settled.landlord)
        return [
            SeatResult(
                seat=s,
                placing=1 if settled.scores[s] > 0 else 2,
                team=teams[s],
                score=settled.scores[s],
                weight=weights[s],
            )
            for s in range(SEATS)
        ]

    def forfeit(self, loser: int) -> list[SeatResult]:
        """``loser`` resigns or runs out of time now.

        Before the landlord is known nobody has a partner: every seat is its own team and the
        other two share first place.  Once the landlord is known the sides are those of a
        normal end: a peasant's forfeit loses for both peasants, the landlord's wins for both,
        with the landlord's stake weighing 2 as in :meth:`result`.
        """
        if self.landlord is None:
            return forfeit_by_teams(list(range(SEATS)), loser)
        teams, weights = self._sides(self.landlord)
        return forfeit_by_teams(teams, loser, weights)

    # ---- views --------------------------------------------------------------------------------
    def hidden_from(self, seat: int | None) -> set[str]:
        """The other hands, and the bottom cards until the landlord takes them and shows them."""
        if self.phase == "over":
            return set()
        hidden = super().hidden_from(seat)
        bottom = set(encode_cards(self.bottom))
        return hidden | bottom if self.landlord is None else hidden - bottom

    def view(self, seat: int | None) -> dict[str, JSON]:
        over = self.phase == "over"
        shown_bottom = self.landlord is not None
        return {
            "game": "dou_dizhu",
            "phase": self.phase,
            "seat": seat,
            "to_act": [p.seat for p in self.pending()],
            "deal_no": self.deal_no,
            "hand": None if seat is None else encode_cards(self.hands[seat]),
            "hand_counts": [len(h) for h in self.hands],
            "bidding": {
                "first_bidder": self.first_bidder,
                "high_bid": self.high_bid,
                "high_bidder": self.high_bidder,
                "history": [{"seat": s, "value": v} for s, v in self.bids],
            },
            "landlord": self.landlord,
            "bid": self.bid,
            "bottom": encode_cards(self.bottom) if shown_bottom else None,
            "multiplier": self.multiplier,
            "bombs": self.bombs,
            "rockets": self.rockets,
            "table": self._table_view(),
            "passes": self.passes,
            "played": [encode_cards(p) for p in self.played],
            "plays": list(self.plays),
            "last_events": [dict(e) for e in self.log],
            "result": self.settled.to_json() if over and self.settled is not None else None,
        }
