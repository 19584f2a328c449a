"""The Guandan match: deals with tribute, trick play, places, levels, the match won at Ace.

Seats 0 and 2 play against seats 1 and 3 (team = seat % 2).  Seats play in increasing order,
wrapping around ((seat + 1) % 4 is next): the rules' counter-clockwise direction, as in the other
shedding games.  A deal runs: the cards (``games.guandan.deals``), the tribute and its returns
(``games.guandan.tribute``; not in the first deal, whose leader is drawn), then tricks until the
places that decide the deal are fixed, then the promotion.  Unless the match is won, every seat
then presses Continue (an untimed step the platform may press for them) and the next deal starts:
a deal's cards never share a step, an event or the event log with the next deal's (two deals use
the same card names).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from games.cards import PACK_SIZE
from games.cards.level_match import LevelMatch
from games.cards.notation import NAMES, names
from games.cards.partnerships import team
from games.core import JSON, Decision, Event, IllegalAction
from games.guandan.actions import Action, Continue, Pass, Play, Return, valid_shape
from games.guandan.combos import (
    ACE,
    RANK_OF_FACE,
    STRENGTH,
    Combo,
    beats,
    combo,
    describe,
    read,
)
from games.guandan.deals import DEALING, SEATS, Deal, deal_at
from games.guandan.moves import legal_plays
from games.guandan.tribute import Payment, partner, payers, plan_tribute, returnable

FIRST_LEVEL: Final = 2
PROMOTION: Final = {2: 3, 3: 2, 4: 1}
"""Levels the winning team goes up by its partner's place (capped at Ace)."""

Phase = Literal["return", "play", "deal_over", "over"]


@dataclass(frozen=True, slots=True)
class Shown:
    """A play as it lies on the table: who, the cards, the combination they were read as."""

    seat: int
    cards: tuple[int, ...]
    combo: Combo
    wild_as: tuple[int, ...]

    def view(self) -> dict[str, JSON]:
        return {
            "seat": self.seat,
            "cards": names(self.cards),
            "combo": self.combo.kind,
            "rank": self.combo.rank,
            "wild_as": list(self.wild_as),
        }

    def to_json(self) -> list[JSON]:
        """Compact (the snapshot is copied often): ``[seat, cards, kind, rank, wild_as]``."""
        combo_ = self.combo
        return [self.seat, list(self.cards), combo_.kind, combo_.rank, list(self.wild_as)]

    @classmethod
    def from_json(cls, raw: Sequence[JSON], level: int) -> Shown:
        seat, cards, kind, rank_, wild_as = raw
        return cls(seat, tuple(cards), combo(kind, rank_, len(cards), level), tuple(wild_as))


@dataclass(frozen=True, slots=True)
class DealResult:
    """How a deal ended: the places (two when partners took 1st and 2nd, else four), the winning
    team, its promotion and both teams' levels after it."""

    deal_no: int
    level: int
    places: tuple[int, ...]
    winners: int
    promotion: int
    levels: tuple[int, int]
    match_won: bool

    def to_json(self) -> dict[str, JSON]:
        return {
            "deal_no": self.deal_no,
            "level": self.level,
            "places": list(self.places),
            "winners": self.winners,
            "promotion": self.promotion,
            "levels": list(self.levels),
            "match_won": self.match_won,
        }

    @classmethod
    def from_json(cls, raw: Mapping[str, JSON]) -> DealResult:
        low, high = raw["levels"]
        return cls(
            raw["deal_no"], raw["level"], tuple(raw["places"]), raw["winners"],
            raw["promotion"], (low, high), raw["match_won"],
        )  # fmt: skip


class GuandanState(LevelMatch[Action]):
    """A Guandan match (see :mod:`games.core` for the protocol; :class:`LevelMatch` for what it
    shares with Tractor)."""

    TITLE = "Guandan"
    DEALING = DEALING
    RECENT_EVENTS = 8

    fixed: tuple[Deal, ...]
    level_team: int | None
    """The team whose level this deal is played at (None in the first deal: both are at 2)."""
    level: int
    phase: Phase
    hands: list[list[int]]
    played: list[list[int]]
    turn: int | None
    passed: list[int]
    """Seats that passed since the table's play."""
    trick: list[Shown | int]
    """The current trick in order: plays, and the seats that passed."""
    places: list[int]
    """This deal's finishing order so far."""
    payments: list[Payment]
    tribute_cancelled: bool
    previous: DealResult | None

    def __init__(self, seed: int, fixed: tuple[Deal, ...]) -> None:
        self.seed, self.fixed = seed, fixed
        self.deal_no, self.levels, self.level_team, self.level = -1, [2, 2], None, FIRST_LEVEL
        self.phase, self.turn = "play", None
        self.hands, self.played = [[] for _ in range(SEATS)], [[] for _ in range(SEATS)]
        self.passed, self.trick, self.places = [], [], []
        self.payments, self.tribute_cancelled = [], False
        self.previous, self.ready, self.winners, self.log = None, [], None, []
        self._legal = {}

    # ---- construction -------------------------------------------------------------------------
    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> GuandanState:
        fixed = tuple(Deal(tuple(tuple(h) for h in d["hands"]), d["leader"]) for d in data["fixed"])
        state = cls(data["seed"], fixed)
        state.deal_no, state.levels = data["deal_no"], list(data["levels"])
        state.level_team, state.level = data["level_team"], data["level"]
        state.phase, state.turn = data["phase"], data["turn"]
        state.hands = [list(h) for h in data["hands"]]
        state.played = [list(p) for p in data["played"]]
        level = state.level
        state.passed = list(data["passed"])
        state.trick = [
            t if isinstance(t, int) else Shown.from_json(t, level) for t in data["trick"]
        ]
        state.places = list(data["places"])
        state.payments = [Payment.from_json(p) for p in data["payments"]]
        state.tribute_cancelled = data["tribute_cancelled"]
        previous = data["previous"]
        state.previous = None if previous is None else DealResult.from_json(previous)
        state.ready = list(data["ready"])
        state.winners = data["winners"]
        state.log = [dict(e) for e in data["log"]]
        return state

    def to_json(self) -> dict[str, JSON]:
        return {
            "seed": self.seed,
            "fixed": [
                {"hands": [list(h) for h in d.hands], "leader": d.leader} for d in self.fixed
            ],
            "deal_no": self.deal_no,
            "levels": list(self.levels),
            "level_team": self.level_team,
            "level": self.level,
            "phase": self.phase,
            "turn": self.turn,
            "hands": [list(h) for h in self.hands],
            "played": [list(p) for p in self.played],
            "passed": list(self.passed),
            "trick": [t if isinstance(t, int) else t.to_json() for t in self.trick],
            "places": list(self.places),
            "payments": [p.to_json() for p in self.payments],
            "tribute_cancelled": self.tribute_cancelled,
            "previous": None if self.previous is None else self.previous.to_json(),
            "ready": list(self.ready),
            "winners": self.winners,
            "log": [dict(e) for e in self.log],
        }

    @property
    def table(self) -> Shown | None:
        """The play to beat: the trick's last play (None: the player to act leads)."""
        for entry in reversed(self.trick):
            if isinstance(entry, Shown):
                return entry
        return None

    # ---- protocol -----------------------------------------------------------------------------
    def pending(self) -> list[Decision[Action]]:
        if self.phase == "deal_over":
            return [Decision(s, timed=False, forced=Continue()) for s in self._acting()]
        return [Decision(seat, forced=self._only_action(seat)) for seat in self._acting()]

    def _acting(self) -> list[int]:
        if self.phase == "return":
            return [p.receiver for p in self.payments if p.returned is None]
        if self.phase == "play" and self.turn is not None:
            return [self.turn]
        if self.phase == "deal_over":
            return [s for s in range(SEATS) if s not in self.ready]
        return []

    def _only_action(self, seat: int) -> Action | None:
        """The action when the rules leave ``seat`` just one (a follower who cannot beat the
        table must pass; a last card must be played; one card may be returned)."""
        legal = self.legal_actions(seat)
        return legal[0] if len(legal) == 1 else None

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self._acting():
            return []
        return self._cached_legal(seat)

    def _generate(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        if self.phase == "deal_over":
            return [Continue()]
        if self.phase == "return":
            return [Return(c) for c in returnable(hand, self.level)]
        table = self.table
        if table is None:
            return list(legal_plays(hand, self.level, None))
        return [Pass(), *legal_plays(hand, self.level, table.combo)]

    def apply(self, seat: int, action: Action) -> list[Event]:
        self._refuse_unless_playable(action, valid_shape(action))
        if seat not in self._acting():
            raise IllegalAction("not_your_turn", f"seat {seat} is not to act now")
        if self.phase == "deal_over" or isinstance(action, Continue):
            events = self._between_deals(seat, isinstance(action, Continue))
        elif self.phase == "return":
            if not isinstance(action, Return):
                raise IllegalAction("return_first", "give a card back for the tribute first")
            events = self._return(seat, action)
        elif isinstance(action, Return):
            raise IllegalAction("no_return", "there is no tribute to return now")
        elif isinstance(action, Pass):
            events = self._pass(seat)
        else:
            events = self._play(seat, action)
        self._legal = {}
        return events

    def hidden_from(self, seat: int | None) -> Collection[JSON]:
        """The cards in the other hands, except tribute and returned cards (shown to everyone
        when they changed hands, so known to be where they are)."""
        known = {p.card for p in self.payments}
        known.update(p.returned for p in self.payments if p.returned is not None)
        return [
            NAMES[c] for s in range(SEATS) if s != seat for c in self.hands[s] if c not in known
        ]

    # ---- deals --------------------------------------------------------------------------------
    def _sort(self, cards: Sequence[int]) -> list[int]:
        """Weakest first by the deal's order (wildcards among the level rank), copies together."""
        strength = STRENGTH[self.level]
        return sorted(
            cards,
            key=lambda c: (strength[RANK_OF_FACE[c % PACK_SIZE]], c % PACK_SIZE, c),
        )

    def _start_deal(self, index: int) -> list[Event]:
        """Deal ``index``: the cards, then the drawn leader (first deal) or the tribute."""
        deal = deal_at(self.seed, self.fixed, index)
        self.deal_no = index
        self.level = FIRST_LEVEL if self.level_team is None else self.levels[self.level_team]
        self.hands = [self._sort(h) for h in deal.hands]
        self.played = [[] for _ in range(SEATS)]
        self.passed, self.trick, self.places = [], [], []
        self.payments, self.tribute_cancelled, self.ready, self.log = [], False, [], []
        public = {
            "deal_no": index,
            "level": self.level,
            "level_team": self.level_team,
            "levels": list(self.levels),
        }
        private = {s: {"hand": names(self.hands[s])} for s in range(SEATS)}
        events = [self._log(Event("deal", public, private))]
        if self.previous is None:
            assert deal.leader is not None
            return [*events, self._lead(deal.leader)]
        return [*events, *self._tribute(self.previous.places)]

    def _lead(self, seat: int) -> Event:
        self.phase, self.turn = "play", seat
        return self._log(Event("lead", {"seat": seat}))

    def _tribute(self, places: Sequence[int]) -> list[Event]:
        """The tribute is paid automatically; the receivers then choose their returns."""
        plan = plan_tribute(places, self.hands, self.level)
        if plan is None:
            self.tribute_cancelled = True
            data = {"payers": payers(places), "leader": places[0]}
            cancelled = Event("tribute_cancelled", data)
            return [self._log(cancelled), self._lead(places[0])]
        events = []
        for payment in plan:
            self._give(payment.payer, payment.receiver, payment.card)
            data = {
                "payer": payment.payer,
                "receiver": payment.receiver,
                "card": NAMES[payment.card],
            }
            events.append(self._log(Event("tribute", data)))
        self.payments = plan
        self.phase, self.turn = "return", None
        return events

    def _give(self, giver: int, taker: int, card: int) -> None:
        self.hands[giver] = [c for c in self.hands[giver] if c != card]
        self.hands[taker] = self._sort([*self.hands[taker], card])

    def _return(self, seat: int, action: Return) -> list[Event]:
        payment = next(p for p in self.payments if p.receiver == seat and p.returned is None)
        hand = self.hands[seat]
        allowed = {c % PACK_SIZE for c in returnable(hand, self.level)}
        if action.card not in hand:
            raise IllegalAction("not_in_hand", f"you do not hold {NAMES[action.card]}")
        if action.card % PACK_SIZE not in allowed:
            raise IllegalAction(
                "bad_return",
                "give back a card of rank 2 to 10 that is not a wildcard"
                " (only without one: one of your weakest cards)",
            )
        self._give(seat, payment.payer, action.card)
        payment.returned = action.card
        data = {"seat": seat, "to": payment.payer, "card": NAMES[action.card]}
        events = [self._log(Event("return", data))]
        if all(p.returned is not None for p in self.payments):
            assert self.previous is not None
            first = self.previous.places[0]
            events.append(self._lead(next(p.payer for p in self.payments if p.receiver == first)))
        return events

    # ---- tricks -------------------------------------------------------------------------------
    def _active(self, seat: int) -> bool:
        return seat not in self.places

    def _next_active(self, seat: int) -> int:
        for step in range(1, SEATS + 1):
            following = (seat + step) % SEATS
            if self._active(following):
                return following
        raise AssertionError("a deal in play always has an active seat")

    def _pass(self, seat: int) -> list[Event]:
        table = self.table
        if table is None:
            raise IllegalAction("must_lead", "the leader must play a combination")
        self.passed.append(seat)
        self.trick.append(seat)
        events = [self._log(Event("pass", {"seat": seat}))]
        others = [s for s in range(SEATS) if self._active(s) and s != table.seat]
        if all(s in self.passed for s in others):
            events.append(self._lead(self._trick_winner_lead(table.seat)))
            self.passed, self.trick = [], []
        else:
            self.turn = self._next_active(seat)
        return events

    def _trick_winner_lead(self, last: int) -> int:
        """Who leads after everyone passed ``last``'s play: ``last``, or if out their partner, or
        if both are out the next active player."""
        if self._active(last):
            return last
        if self._active(partner(last)):
            return partner(last)
        return self._next_active(last)

    def _play(self, seat: int, action: Play) -> list[Event]:
        hand = self.hands[seat]
        held = set(hand)
        missing = [c for c in action.cards if c not in held]
        if missing:
            raise IllegalAction("not_in_hand", f"you do not hold {NAMES[missing[0]]}")
        reading = read(action.cards, action.combo, action.rank, self.level)
        table = self.table
        if table is not None and not beats(reading.combo, table.combo):
            raise IllegalAction(
                "does_not_beat",
                f"a {describe(action.combo, action.rank)} does not beat the"
                f" {describe(table.combo.kind, table.combo.rank)}: answer with the same kind,"
                " higher, or a stronger bomb",
            )
        gone = set(action.cards)
        self.hands[seat] = [c for c in hand if c not in gone]
        self.played[seat] = self._sort([*self.played[seat], *action.cards])
        shown = Shown(seat, action.cards, reading.combo, reading.wild_as)
        self.passed = []
        self.trick.append(shown)
        data = {**shown.view(), "left": len(self.hands[seat])}
        events = [self._log(Event("play", data))]
        if self.hands[seat]:
            self.turn = self._next_active(seat)
            return events
        return [*events, *self._out(seat)]

    def _out(self, seat: int) -> list[Event]:
        """``seat`` played its last card: its place, and the deal's end once the places that
        matter are fixed (partners 1st and 2nd, or three players out)."""
        self.places.append(seat)
        events = [self._log(Event("out", {"seat": seat, "place": len(self.places)}))]
        if len(self.places) == 3 or (len(self.places) == 2 and self.places[0] == partner(seat)):
            return [*events, *self._end_deal()]
        self.turn = self._next_active(seat)
        return events

    # ---- the end of a deal --------------------------------------------------------------------
    def _end_deal(self) -> list[Event]:
        if len(self.places) == 3:
            self.places.append(next(s for s in range(SEATS) if self._active(s)))
        first = self.places[0]
        winners = team(first)
        promotion = PROMOTION[self.places.index(partner(first)) + 1]
        match_won = self.levels[winners] == ACE and self.level == ACE and promotion > 1
        self.levels[winners] = min(ACE, self.levels[winners] + promotion)
        low, high = self.levels
        self.previous = DealResult(
            self.deal_no, self.level, tuple(self.places), winners, promotion, (low, high), match_won
        )
        self.passed, self.trick, self.turn = [], [], None
        events = [self._log(Event("deal_over", self.previous.to_json()))]
        if match_won:
            self.phase, self.winners = "over", winners
            return [
                *events,
                self._log(Event("match_over", {"winners": winners, "levels": [low, high]})),
            ]
        self.level_team, self.phase, self.ready = winners, "deal_over", []
        return events

    # ---- views --------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, JSON]:
        table = self.table
        return {
            "game": "guandan",
            "phase": self.phase,
            "seat": seat,
            "to_act": self._acting(),
            "deal_no": self.deal_no,
            "levels": list(self.levels),
            "level": self.level,
            "level_team": self.level_team,
            "hand": None if seat is None else names(self.hands[seat]),
            "hand_counts": [len(h) for h in self.hands],
            "turn": self.turn,
            "table": None if table is None else table.view(),
            "trick": [
                {"seat": t, "pass": True} if isinstance(t, int) else t.view() for t in self.trick
            ],
            "places": list(self.places),
            "tribute": self._tribute_view(),
            "played": [names(p) for p in self.played],
            "previous": None if self.previous is None else self.previous.to_json(),
            "last_events": [dict(e) for e in self.log],
            "result": self._result_view(),
        }

    def _tribute_view(self) -> dict[str, JSON] | None:
        if self.previous is None:
            return None
        return {
            "cancelled": self.tribute_cancelled,
            "payments": [
                {
                    "payer": p.payer,
                    "receiver": p.receiver,
                    "card": NAMES[p.card],
                    "returned": None if p.returned is None else NAMES[p.returned],
                }
                for p in self.payments
            ],
        }
