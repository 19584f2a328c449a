"""The Tractor match: deals with declaring, the kitty, tricks, the level table, the end beyond Ace.

Seats 0 and 2 play against seats 1 and 3 (team = seat % 2).  Seats play in increasing order,
wrapping around ((seat + 1) % 4 is next): the rules' counter-clockwise direction, as in the other
card games.  A deal runs:

1. ``bid`` — after the deal (25 cards each, 8 in the kitty) the players declare trump or pass in
   turn (:mod:`games.tractor.bidding`), starting with the dealer (in the first deal, with a seat the
   seed draws).  Three passes after a declaration close it; four passes without one turn the kitty
   up and its first card that is not a joker names the trump suit.  In the first deal the first
   declarer becomes the dealer (all passing: the seat that spoke first).
2. ``bury`` — the dealer takes the kitty and buries eight cards, one action each.
3. ``play`` — 25 tricks (:mod:`games.tractor.tricks`).  A lead is one action; a follow is given
   one card per action, so the legal list stays short however many ways there are to discard.
4. The count and the level table (:mod:`games.tractor.scoring`).  Unless a team went beyond the
   Ace, every seat then presses Continue (an untimed step the platform may press for them) and the
   next deal starts: a deal's cards never share a step, an event or the event log with the next
   deal's (two deals use the same card names).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Final, Literal

from games.cards import PACK_SIZE
from games.cards.level_match import LevelMatch
from games.cards.notation import NAMES, names
from games.core import JSON, Decision, Event, IllegalAction
from games.tractor.actions import Action, Bury, Continue, Declare, Pass, Play, valid_shape
from games.tractor.bidding import STRENGTH_NAMES, declarations, declared_suit, strength
from games.tractor.deals import DEALING, KITTY_SIZE, SEATS, Deal, deal_at
from games.tractor.order import TRUMP, Order, face_suit, order, points, suit_name
from games.tractor.scoring import kitty_bonus, outcome, promote, team
from games.tractor.tricks import Shape, beats, classify, follow_cards, leads, read_as

FIRST_LEVEL: Final = 2

Phase = Literal["bid", "bury", "play", "deal_over", "over"]


def shape_view(shape: Shape) -> dict[str, JSON]:
    return {
        "kind": shape.kind,
        "pairs": shape.pairs,
        "size": shape.size,
        "suit": "T" if shape.suit == TRUMP else suit_name(shape.suit),
    }


@dataclass(frozen=True, slots=True)
class DealResult:
    """How a deal ended, in numbers only (no card names: the next deal reuses them)."""

    deal_no: int
    level: int
    dealer: int
    trump: str
    """``"C"``, ``"D"``, ``"H"``, ``"S"`` or ``"NT"``."""
    points: tuple[int, int]
    """Trick points by team."""
    kitty_points: int
    bonus: int
    """The kitty bonus the attackers earned with the last trick (0 if they did not win it)."""
    attackers: int
    total: int
    """The attackers' points with the bonus: what the level table reads."""
    promoted: int
    promotion: int
    levels: tuple[int, int]
    next_dealer: int
    match_won: bool

    def to_json(self) -> dict[str, JSON]:
        return {
            "deal_no": self.deal_no,
            "level": self.level,
            "dealer": self.dealer,
            "trump": self.trump,
            "points": list(self.points),
            "kitty_points": self.kitty_points,
            "bonus": self.bonus,
            "attackers": self.attackers,
            "total": self.total,
            "promoted": self.promoted,
            "promotion": self.promotion,
            "levels": list(self.levels),
            "next_dealer": self.next_dealer,
            "match_won": self.match_won,
        }

    @classmethod
    def from_json(cls, raw: Mapping[str, JSON]) -> DealResult:
        a, b = raw["points"]
        low, high = raw["levels"]
        return cls(
            raw["deal_no"], raw["level"], raw["dealer"], raw["trump"], (a, b),
            raw["kitty_points"], raw["bonus"], raw["attackers"], raw["total"], raw["promoted"],
            raw["promotion"], (low, high), raw["next_dealer"], raw["match_won"],
        )  # fmt: skip


class TractorState(LevelMatch[Action]):
    """A Tractor match (see :mod:`games.core` for the protocol; :class:`LevelMatch` for what it
    shares with Guandan)."""

    TITLE = "Tractor"
    DEALING = DEALING
    RECENT_EVENTS = 10

    fixed: tuple[Deal, ...]
    dealer: int | None
    """None only in the first deal's bidding, until someone declares."""
    level: int
    phase: Phase
    first: int
    """The seat that spoke first in this deal's bidding."""
    turn: int | None
    hands: list[list[int]]
    """Each seat's cards, kept in card-int order (views sort them by the deal's order)."""
    kitty: list[int]
    """The dealt kitty until the dealer takes it, then the cards buried so far."""
    taken: list[int]
    """The cards the dealer took from the kitty (shown to the dealer while burying)."""
    turned: bool
    """Everyone passed and the kitty was turned up for all to see."""
    bids: list[tuple[int, tuple[int, ...] | None]]
    """The bidding so far: (seat, declared cards), None for a pass."""
    declarer: int | None
    passes: int
    """Passes in a row since the last declaration (or since the start)."""
    trump: int | None
    """The trump suit once the bidding closed (None: no-trump, or still bidding)."""
    leader: int | None
    trick: list[tuple[int, list[int]]]
    """The current trick's plays in order; the last one may still be growing (a follow)."""
    best: int
    """Index in ``trick`` of the complete play that wins so far."""
    tricks: list[dict[str, JSON]]
    """This deal's finished tricks (cards as names: all public)."""
    points: list[int]
    """Trick points by team in this deal."""
    previous: DealResult | None

    def __init__(self, seed: int, fixed: tuple[Deal, ...]) -> None:
        self.seed, self.fixed = seed, fixed
        self.deal_no, self.levels, self.dealer, self.level = -1, [2, 2], None, FIRST_LEVEL
        self.phase, self.first, self.turn = "bid", 0, None
        self.hands = [[] for _ in range(SEATS)]
        self.kitty, self.taken, self.turned = [], [], False
        self.bids, self.declarer, self.passes, self.trump = [], None, 0, None
        self.leader, self.trick, self.best, self.tricks = None, [], 0, []
        self.points, self.previous, self.ready, self.winners, self.log = [0, 0], None, [], None, []
        self._legal = {}

    # ---- construction -------------------------------------------------------------------------
    @classmethod
    def from_json(cls, data: Mapping[str, JSON]) -> TractorState:
        state = cls(data["seed"], tuple(Deal.from_ints(d) for d in data["fixed"]))
        state.deal_no, state.levels = data["deal_no"], list(data["levels"])
        state.dealer, state.level, state.phase = data["dealer"], data["level"], data["phase"]
        state.first, state.turn = data["first"], data["turn"]
        state.hands = [list(h) for h in data["hands"]]
        state.kitty, state.taken = list(data["kitty"]), list(data["taken"])
        state.turned = data["turned"]
        state.bids = [(s, None if c is None else tuple(c)) for s, c in data["bids"]]
        state.declarer, state.passes, state.trump = data["declarer"], data["passes"], data["trump"]
        state.leader, state.best = data["leader"], data["best"]
        state.trick = [(s, list(c)) for s, c in data["trick"]]
        state.tricks = [dict(t) for t in data["tricks"]]
        state.points = list(data["points"])
        previous = data["previous"]
        state.previous = None if previous is None else DealResult.from_json(previous)
        state.ready, state.winners = list(data["ready"]), data["winners"]
        state.log = [dict(e) for e in data["log"]]
        return state

    def to_json(self) -> dict[str, JSON]:
        return {
            "seed": self.seed,
            "fixed": [d.to_ints() for d in self.fixed],
            "deal_no": self.deal_no,
            "levels": list(self.levels),
            "dealer": self.dealer,
            "level": self.level,
            "phase": self.phase,
            "first": self.first,
            "turn": self.turn,
            "hands": [list(h) for h in self.hands],
            "kitty": list(self.kitty),
            "taken": list(self.taken),
            "turned": self.turned,
            "bids": [[s, None if c is None else list(c)] for s, c in self.bids],
            "declarer": self.declarer,
            "passes": self.passes,
            "trump": self.trump,
            "leader": self.leader,
            "best": self.best,
            "trick": [[s, list(c)] for s, c in self.trick],
            "tricks": [dict(t) for t in self.tricks],
            "points": list(self.points),
            "previous": None if self.previous is None else self.previous.to_json(),
            "ready": list(self.ready),
            "winners": self.winners,
            "log": [dict(e) for e in self.log],
        }

    # ---- the deal's order and the trick -------------------------------------------------------
    @property
    def order(self) -> Order:
        """The deal's order: the trump suit once decided; while bidding, the suit declared so far
        (no-trump's order before any declaration), which is how the hands are shown."""
        if self.phase == "bid":
            return order(self._declared_suit(), self.level)
        return order(self.trump, self.level)

    def _declared_suit(self) -> int | None:
        for _, cards in reversed(self.bids):
            if cards is not None:
                return declared_suit(cards)
        return None

    def _top_strength(self) -> int:
        for _, cards in reversed(self.bids):
            if cards is not None:
                return strength(cards, self.level)
        return 0

    def lead_shape(self) -> Shape | None:
        if not self.trick:
            return None
        shape = classify(self.trick[0][1], self.order)
        assert shape is not None
        return shape

    def _following(self, seat: int) -> tuple[list[int], list[int]]:
        """The hand ``seat`` began the trick with and the cards of its follow so far."""
        chosen = self.trick[-1][1] if self.trick and self.trick[-1][0] == seat else []
        return [*self.hands[seat], *chosen], list(chosen)

    # ---- protocol -----------------------------------------------------------------------------
    def pending(self) -> list[Decision[Action]]:
        if self.phase == "deal_over":
            return [
                Decision(s, timed=False, forced=Continue())
                for s in range(SEATS)
                if s not in self.ready
            ]
        if self.turn is None or self.phase == "over":
            return []
        fresh = True
        if self.phase == "bury":
            fresh = not self.kitty
        elif self.phase == "play" and self.trick and self.trick[-1][0] == self.turn:
            fresh = False  # the next card of a follow already begun
        legal = self.legal_actions(self.turn)
        return [Decision(self.turn, fresh=fresh, forced=legal[0] if len(legal) == 1 else None)]

    def _acting(self) -> list[int]:
        return [d.seat for d in self.pending()]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == "deal_over":
            return [Continue()] if 0 <= seat < SEATS and seat not in self.ready else []
        if seat != self.turn or self.phase == "over":
            return []
        return self._cached_legal(seat)

    def _generate(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        if self.phase == "bid":
            found = declarations(hand, self.level, self._top_strength())
            return [Pass(), *(Declare(d) for d in found)]
        order_ = self.order
        if self.phase == "bury":
            return [Bury(c) for c in order_.sort(hand)]
        lead = self.lead_shape()
        if lead is None:
            return [Play(p) for p in leads(order_.sort(hand), order_)]
        start, chosen = self._following(seat)
        return [Play((c,)) for c in follow_cards(order_.sort(start), chosen, lead, order_)]

    def apply(self, seat: int, action: Action) -> list[Event]:
        self._refuse_unless_playable(action, valid_shape(action))
        if type(seat) is not int or seat not in self._acting():
            raise IllegalAction("not_your_turn", f"seat {seat} is not to act now")
        if self.phase == "deal_over" or isinstance(action, Continue):
            events = self._between_deals(seat, isinstance(action, Continue))
        elif self.phase == "bid":
            if isinstance(action, Pass):
                events = self._pass(seat)
            elif isinstance(action, Declare):
                events = self._declare(seat, action)
            else:
                raise IllegalAction("bidding", "declare trump or pass first")
        elif self.phase == "bury":
            if not isinstance(action, Bury):
                raise IllegalAction("bury_first", "the dealer buries eight cards first")
            events = self._bury(seat, action)
        elif isinstance(action, Play):
            events = self._play(seat, action)
        else:
            raise IllegalAction("playing", "the bidding is over: play a card")
        self._legal = {}
        return events

    def known(self) -> set[int]:
        """Cards everyone has seen this deal though they lie in a hand or the kitty: the declared
        cards, and the kitty if it was turned up."""
        out = {c for _, cards in self.bids if cards is not None for c in cards}
        if self.turned:
            out.update(self.taken)
        return out

    def hidden_from(self, seat: int | None) -> Collection[JSON]:
        """Every other hand and the kitty (the dealer sees the kitty from the moment it is taken
        up), except the cards :meth:`known` names.  After the deal nothing is hidden."""
        if self.phase in ("deal_over", "over"):
            return []
        known = self.known()
        hidden = [c for s in range(SEATS) if s != seat for c in self.hands[s]]
        if self.phase == "bid" or seat != self.dealer:
            hidden += self.kitty
        return [NAMES[c] for c in hidden if c not in known]

    # ---- the deal and the bidding -------------------------------------------------------------
    def _start_deal(self, index: int) -> list[Event]:
        deal = deal_at(self.seed, self.fixed, index)
        self.deal_no = index
        if self.previous is None:
            self.dealer, self.level = None, FIRST_LEVEL
            assert deal.first is not None
            self.first = deal.first
        else:
            self.dealer = self.previous.next_dealer
            self.level = self.levels[team(self.dealer)]
            self.first = self.dealer
        self.hands = [sorted(h) for h in deal.hands]
        self.kitty, self.taken, self.turned = list(deal.kitty), [], False
        self.bids, self.declarer, self.passes, self.trump = [], None, 0, None
        self.leader, self.trick, self.best, self.tricks = None, [], 0, []
        self.points, self.ready, self.log = [0, 0], [], []
        self.phase, self.turn = "bid", self.first
        order_ = self.order
        public = {
            "deal_no": index,
            "level": self.level,
            "levels": list(self.levels),
            "dealer": self.dealer,
            "first": self.first,
        }
        private = {s: {"hand": names(order_.sort(self.hands[s]))} for s in range(SEATS)}
        return [self._log(Event("deal", public, private))]

    def _pass(self, seat: int) -> list[Event]:
        self.bids.append((seat, None))
        self.passes += 1
        events = [self._log(Event("pass", {"seat": seat}))]
        if self.declarer is None and self.passes == SEATS:
            return [*events, *self._turn_up()]
        if self.declarer is not None and self.passes == SEATS - 1:
            return [*events, *self._close()]
        self.turn = (seat + 1) % SEATS
        return events

    def _declare(self, seat: int, action: Declare) -> list[Event]:
        hand = self.hands[seat]
        if any(c not in hand for c in action.cards):
            raise IllegalAction("not_in_hand", "you can only declare with cards you hold")
        worth = strength(action.cards, self.level)
        if not worth:
            raise IllegalAction(
                "not_a_declaration",
                "declare with one level card, an identical pair of level cards, or a pair of"
                " jokers",
            )
        if worth <= self._top_strength():
            raise IllegalAction(
                "no_overcall",
                "an overcall must be stronger: a level pair beats a single, Black Jokers beat a"
                " pair, Red Jokers beat Black Jokers",
            )
        cards = tuple(sorted(action.cards))
        self.bids.append((seat, cards))
        self.declarer, self.passes = seat, 0
        if self.dealer is None:
            self.dealer = seat  # the first deal: the first declarer deals
        data = {
            "seat": seat,
            "cards": names(cards),
            "strength": STRENGTH_NAMES[worth],
            "suit": suit_name(declared_suit(cards)),
            "dealer": self.dealer,
        }
        self.turn = (seat + 1) % SEATS
        return [self._log(Event("declare", data))]

    def _close(self) -> list[Event]:
        assert self.declarer is not None and self.dealer is not None
        top = next(cards for _, cards in reversed(self.bids) if cards is not None)
        self.trump = declared_suit(top)
        data = {"trump": suit_name(self.trump), "declarer": self.declarer, "dealer": self.dealer}
        return [self._log(Event("trump", data)), *self._take_kitty()]

    def _turn_up(self) -> list[Event]:
        """Nobody declared: the kitty is shown; its first card that is not a joker names trump."""
        if self.dealer is None:
            self.dealer = self.first
        self.turned = True
        self.trump = next(
            s for s in (face_suit(c % PACK_SIZE) for c in self.kitty) if s is not None
        )
        data = {"cards": names(self.kitty), "trump": suit_name(self.trump), "dealer": self.dealer}
        return [self._log(Event("kitty_turned", data)), *self._take_kitty()]

    def _take_kitty(self) -> list[Event]:
        assert self.dealer is not None
        dealer = self.dealer
        self.taken = list(self.kitty)
        self.hands[dealer] = sorted([*self.hands[dealer], *self.kitty])
        self.kitty = []
        self.phase, self.turn = "bury", dealer
        private = {dealer: {"cards": names(self.order.sort(self.taken))}}
        return [self._log(Event("kitty_taken", {"seat": dealer}, private))]

    def _bury(self, seat: int, action: Bury) -> list[Event]:
        if action.card not in self.hands[seat]:
            raise IllegalAction("not_in_hand", "bury cards from your own hand")
        self.hands[seat].remove(action.card)
        self.kitty.append(action.card)
        private = {seat: {"card": NAMES[action.card]}}
        events = [self._log(Event("bury", {"seat": seat, "count": len(self.kitty)}, private))]
        if len(self.kitty) == KITTY_SIZE:
            self.phase, self.leader = "play", seat
            events.append(self._log(Event("lead", {"seat": seat})))
        return events

    # ---- tricks -------------------------------------------------------------------------------
    def _play(self, seat: int, action: Play) -> list[Event]:
        hand = self.hands[seat]
        missing = [c for c in action.cards if c not in hand]
        if missing:
            raise IllegalAction("not_in_hand", "play cards from your own hand")
        order_ = self.order
        lead = self.lead_shape()
        if lead is None:
            shape = classify(action.cards, order_)
            if shape is None:
                raise IllegalAction(
                    "bad_lead",
                    "lead a single card, a pair of identical cards, or a tractor of consecutive"
                    " pairs in one suit (no other combinations)",
                )
            cards = order_.sort(action.cards)
            for c in cards:
                hand.remove(c)
            self.trick, self.best, self.leader = [(seat, cards)], 0, seat
            self.turn = (seat + 1) % SEATS
            data = {"seat": seat, "cards": names(cards), "shape": shape_view(shape)}
            return [self._log(Event("play", data))]
        if len(action.cards) != 1:
            raise IllegalAction("one_card", "follow one card at a time")
        card = action.cards[0]
        chosen = self._following(seat)[1]
        if Play((card,)) not in self.legal_actions(seat):  # follow_cards, as listed
            raise IllegalAction(
                "must_follow",
                "follow the led suit as far as you can (trumps include the level cards and the"
                " jokers) and, following a pair or tractor, give as many pairs of it as you can",
            )
        hand.remove(card)
        if chosen:
            self.trick[-1][1].append(card)
        else:
            self.trick.append((seat, [card]))
        play = self.trick[-1][1]
        events = [self._log(Event("play", {"seat": seat, "cards": [NAMES[card]]}))]
        if len(play) < lead.size:
            return events  # the same seat gives its next card
        shape = read_as(play, lead, order_)
        best = read_as(self.trick[self.best][1], lead, order_)
        assert best is not None
        if shape is not None and beats(shape, best):
            self.best = len(self.trick) - 1
        if len(self.trick) < SEATS:
            self.turn = (seat + 1) % SEATS
            return events
        return [*events, *self._end_trick(lead)]

    def _end_trick(self, lead: Shape) -> list[Event]:
        winner = self.trick[self.best][0]
        cards = [c for _, play in self.trick for c in play]
        won = points(cards)
        self.points[team(winner)] += won
        record: dict[str, JSON] = {
            "leader": self.trick[0][0],
            "plays": [{"seat": s, "cards": names(play)} for s, play in self.trick],
            "winner": winner,
            "points": won,
        }
        self.tricks.append(record)
        self.trick, self.best = [], 0
        events = [self._log(Event("trick", {"winner": winner, "points": won}))]
        if self.hands[winner]:
            self.leader, self.turn = winner, winner
            return events
        return [*events, *self._end_deal(winner, lead.size)]

    # ---- the end of a deal --------------------------------------------------------------------
    def _end_deal(self, last_winner: int, cards_each: int) -> list[Event]:
        assert self.dealer is not None
        attackers = 1 - team(self.dealer)
        kitty_points = points(self.kitty)
        bonus = kitty_bonus(kitty_points, cards_each) if team(last_winner) == attackers else 0
        total = self.points[attackers] + bonus
        result = outcome(self.dealer, total)
        level, beyond = promote(self.levels[result.promoted], result.promotion)
        self.levels[result.promoted] = level
        low, high = self.levels
        self.previous = DealResult(
            self.deal_no, self.level, self.dealer, suit_name(self.trump),
            (self.points[0], self.points[1]), kitty_points, bonus, attackers, total,
            result.promoted, result.promotion, (low, high), result.next_dealer, beyond,
        )  # fmt: skip
        self.turn, self.leader = None, None
        data = {**self.previous.to_json(), "kitty": names(self.order.sort(self.kitty))}
        events = [self._log(Event("deal_over", data))]
        if beyond:
            self.phase, self.winners = "over", result.promoted
            over = {"winners": result.promoted, "levels": [low, high]}
            return [*events, self._log(Event("match_over", over))]
        self.phase, self.ready = "deal_over", []
        return events

    # ---- views --------------------------------------------------------------------------------
    def _declaration_view(self) -> dict[str, JSON] | None:
        for seat, cards in reversed(self.bids):
            if cards is not None:
                worth = strength(cards, self.level)
                return {
                    "seat": seat,
                    "cards": names(cards),
                    "strength": STRENGTH_NAMES[worth],
                    "suit": suit_name(declared_suit(cards)),
                }
        return None

    def view(self, seat: int | None) -> dict[str, JSON]:
        order_ = self.order
        lead = self.lead_shape() if self.phase == "play" else None
        top = self._top_strength()
        own_kitty: list[str] | None = None
        if self.phase in ("deal_over", "over"):
            own_kitty = names(order_.sort(self.kitty)) if self.previous is not None else None
        elif seat is not None and seat == self.dealer and self.phase != "bid":
            own_kitty = names(order_.sort(self.kitty))
        return {
            "game": "tractor",
            "phase": self.phase,
            "seat": seat,
            "to_act": self._acting(),
            "deal_no": self.deal_no,
            "levels": list(self.levels),
            "level": self.level,
            "dealer": self.dealer,
            "first": self.first,
            "attackers": None if self.dealer is None else 1 - team(self.dealer),
            "trump": None if self.phase == "bid" else suit_name(self.trump),
            "declaration": self._declaration_view(),
            "overcall_with": [STRENGTH_NAMES[s] for s in STRENGTH_NAMES if s > top]
            if self.phase == "bid"
            else [],
            "bids": [{"seat": s, "cards": None if c is None else names(c)} for s, c in self.bids],
            "hand": None if seat is None else names(order_.sort(self.hands[seat])),
            "hand_counts": [len(h) for h in self.hands],
            "taken": names(order_.sort(self.taken))
            if self.phase == "bury" and (seat == self.dealer or self.turned)
            else None,
            "turned": names(self.taken) if self.turned else None,
            "kitty": own_kitty,
            "buried": len(self.kitty) if self.phase != "bid" else 0,
            "turn": self.turn,
            "leader": self.leader,
            "lead": None if lead is None else shape_view(lead),
            "trick": [{"seat": s, "cards": names(c)} for s, c in self.trick],
            "winning": self.trick[self.best][0] if self.trick and lead is not None else None,
            "tricks": [dict(t) for t in self.tricks],
            "points": list(self.points),
            "previous": None if self.previous is None else self.previous.to_json(),
            "last_events": [dict(e) for e in self.log],
            "result": self._result_view(),
        }
