"""Tractor AI players, weakest first: ``beginner``, ``club`` and ``expert`` (and ``RandomBot``, the
baseline the benchmark measures against).  All read only their own seat's view and the legal list
they are handed; a follow is planned whole and given card by card (the plan is worked out again
for each card from the hand the follow began with, so it never changes half-way).

* **beginner** — declares its longest suit when it can, buries its lowest side cards, leads its
  strongest single, follows with its lowest cards and does not overtake a partner who is winning.
* **club** — partner-aware: leads aces, high pairs and tractors of the side suits, keeps the
  points away from the opponents, feeds points to a partner whose play will stand, wins a trick
  with points as cheaply as it can; buries to make its side suits void; declares a suit when it
  holds enough trumps for it.
* **expert** — the club player's judgement plus card counting: it tracks every card played and
  which players showed out of which suits, so it knows which of its leads can no longer be beaten
  and whether a partner's winning play is safe against the player still to come; it saves a big
  trump for the last trick, whose kitty bonus decides many deals, and leads to a void partner.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from games.cards import PACK_SIZE
from games.cards.notation import CARDS
from games.core import JSON, Bot
from games.tractor.actions import Action, Bury, Continue, Declare, Pass, Play
from games.tractor.bidding import strength
from games.tractor.order import CARD_POINTS, SUITS, TRUMP, Order, order
from games.tractor.tricks import (
    Shape,
    beats,
    classify,
    follow_cards,
    is_legal_follow,
    leads,
    pair_faces,
    read_as,
)

SUIT_OF_LETTER: Final = {"C": 0, "D": 1, "H": 2, "S": 3, "NT": None}
ALL_CARDS: Final = frozenset(range(2 * PACK_SIZE))


class RandomBot:
    """Picks uniformly among the legal actions (the benchmark's baseline, not an offered level)."""

    def choose(
        self, view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random, budget: int
    ) -> Action:
        return rng.choice(list(legal))


# ---- what a seat knows -------------------------------------------------------------------------


@dataclass
class Seen:
    """A view read into cards and seats."""

    seat: int
    hand: list[int]
    order: Order
    level: int
    dealer: int | None
    trick: list[tuple[int, list[int]]]
    tricks: list[tuple[int, list[tuple[int, list[int]]], int]]
    """Finished tricks of this deal: (leader, plays, winner)."""
    kitty: list[int]
    hand_counts: list[int]
    points: list[int]
    voids: dict[int, set[int]] = field(default_factory=dict)
    """Effective suits each seat has shown out of."""
    gone: set[int] = field(default_factory=set)
    """Every card this seat knows is not in another hand: its own, played, or buried by it."""
    _unseen: frozenset[int] | None = None

    @property
    def partner(self) -> int:
        return (self.seat + 2) % 4

    def team_of(self, seat: int) -> int:
        return seat % 2

    @property
    def defending(self) -> bool:
        return self.dealer is not None and self.dealer % 2 == self.seat % 2

    def unseen(self) -> frozenset[int]:
        """The cards that may be in another hand (worked out once: ``gone`` is complete when
        :func:`read` returns)."""
        if self._unseen is None:
            self._unseen = ALL_CARDS - self.gone
        return self._unseen


def _cards(names: Iterable[JSON]) -> list[int]:
    return [CARDS[str(n)] for n in names]


def read(view: Mapping[str, JSON]) -> Seen:
    level = int(view["level"])
    trump_letter = view["trump"]
    if trump_letter is None:  # still bidding: the declared suit so far
        declaration = view["declaration"]
        trump_letter = "NT" if declaration is None else declaration["suit"]
    order_ = order(SUIT_OF_LETTER[str(trump_letter)], level)
    hand = _cards(view["hand"] or [])
    trick = [(int(p["seat"]), _cards(p["cards"])) for p in view["trick"]]
    tricks = [
        (int(t["leader"]), [(int(p["seat"]), _cards(p["cards"])) for p in t["plays"]],
         int(t["winner"]))
        for t in view["tricks"]
    ]  # fmt: skip
    kitty = _cards(view["kitty"] or []) if view["phase"] in ("bury", "play") else []
    seen = Seen(
        seat=int(view["seat"]),
        hand=hand,
        order=order_,
        level=level,
        dealer=view["dealer"],
        trick=trick,
        tricks=tricks,
        kitty=kitty,
        hand_counts=list(view["hand_counts"]),
        points=list(view["points"]),
    )
    seen.gone = set(hand) | set(kitty)
    eff = order_.eff
    for _, plays, _ in tricks:
        _note(seen, plays, eff)
    _note(seen, trick, eff)
    return seen


def _note(seen: Seen, plays: Sequence[tuple[int, list[int]]], eff: Sequence[int]) -> None:
    """Record the cards of a trick and who showed out of the led suit."""
    if not plays:
        return
    led = eff[plays[0][1][0]]
    size = len(plays[0][1])
    for seat, cards in plays:
        seen.gone.update(cards)
        if len(cards) == size and sum(1 for c in cards if eff[c] == led) < size:
            seen.voids.setdefault(seat, set()).add(led)


# ---- card values -------------------------------------------------------------------------------


def keep_value(card: int, o: Order) -> int:
    """How much a card is worth keeping: trumps above every plain card, strength within."""
    if o.eff[card] == TRUMP:
        return 30 + 2 * o.idx[card]
    return 2 * o.idx[card]


def suit_cards(hand: Iterable[int], suit: int, o: Order) -> list[int]:
    return [c for c in hand if o.eff[c] == suit]


def trick_points(plays: Iterable[tuple[int, list[int]]]) -> int:
    return sum(CARD_POINTS[c] for _, cards in plays for c in cards)


# ---- follows -----------------------------------------------------------------------------------


def greedy_follow(
    start: Sequence[int], chosen: Sequence[int], lead: Shape, o: Order, key: Callable[[int], float]
) -> list[int]:
    """A legal complete follow extending ``chosen``: at each card the legal card ``key`` ranks
    first (the engine's own step function keeps every prefix completable)."""
    picked = list(chosen)
    while len(picked) < lead.size:
        options = follow_cards(start, picked, lead, o)
        picked.append(min(options, key=lambda c: (key(c), c)))
    return picked


def winning_follows(start: Sequence[int], lead: Shape, best: Shape, o: Order) -> list[list[int]]:
    """Every legal follow that would take the trick from ``best`` (in the led suit, or all-trump
    when void in it)."""
    eff = o.eff
    suited = [c for c in start if eff[c] == lead.suit]
    if suited and len(suited) < lead.size:
        return []  # short: the follow mixes suits and cannot win
    pool = suited if suited else [c for c in start if eff[c] == TRUMP]
    out = []
    for cards in leads(o.sort(pool), o):
        if len(cards) != lead.size:
            continue
        shape = read_as(cards, lead, o)
        if shape is not None and beats(shape, best) and is_legal_follow(start, cards, lead, o):
            out.append(list(cards))
    return out


def current_best(
    trick: Sequence[tuple[int, list[int]]], lead: Shape, o: Order
) -> tuple[int, Shape]:
    """The seat winning the trick so far (complete plays only) and its play's shape."""
    best_seat, best = trick[0][0], lead
    for seat, cards in trick[1:]:
        if len(cards) < lead.size:
            continue
        shape = read_as(cards, lead, o)
        if shape is not None and beats(shape, best):
            best_seat, best = seat, shape
    return best_seat, best


def _beatable(shape: Shape, seen: Seen, later: Sequence[int], led_suit: int) -> bool:
    """Whether a seat still to play (``later``) might beat ``shape``, the trick's winning play,
    as far as ``seen`` knows: a higher play of its suit, or a ruff by a player who may be void in
    the led suit."""
    if not later:
        return False
    unseen = seen.unseen()
    may_ruff = led_suit != TRUMP and any(
        _may_be_void(seen, s, led_suit) and TRUMP not in seen.voids.get(s, set()) for s in later
    )
    if shape.suit == led_suit:
        if _higher_exists(seen.order, unseen, led_suit, shape, shape.top):
            return True
        return may_ruff and _higher_exists(seen.order, unseen, TRUMP, shape, -1)
    return may_ruff and _higher_exists(seen.order, unseen, TRUMP, shape, shape.top)


def _higher_exists(o: Order, unseen: frozenset[int], suit: int, shape: Shape, floor: int) -> bool:
    """Whether the unseen cards of ``suit`` hold a play of ``shape``'s kind stronger than
    ``floor``."""
    eff, idx = o.eff, o.idx
    if shape.kind == "single":
        return any(eff[c] == suit and idx[c] > floor for c in unseen)
    strengths = sorted({idx[c] for c in unseen if eff[c] == suit and c < PACK_SIZE
                        and c + PACK_SIZE in unseen})  # fmt: skip
    if shape.kind == "pair":
        return bool(strengths) and strengths[-1] > floor
    run, prev = 0, -2
    for s in strengths:
        run = run + 1 if s == prev + 1 else 1
        prev = s
        if run >= shape.pairs and s > floor:
            return True
    return False


def _may_be_void(seen: Seen, seat: int, suit: int) -> bool:
    """Whether ``seat`` may hold no card of ``suit``: it showed out, or few are left unseen."""
    if suit in seen.voids.get(seat, set()):
        return True
    left = sum(1 for c in seen.unseen() if seen.order.eff[c] == suit)
    return left <= 4


# ---- the levels --------------------------------------------------------------------------------


class _Base:
    """What every level shares: the phases that need no judgement and the plumbing."""

    def choose(
        self, view: Mapping[str, JSON], legal: Sequence[Action], rng: random.Random, budget: int
    ) -> Action:
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        if phase == "deal_over":
            return Continue()
        seen = read(view)
        if phase == "bid":
            return self.bid(view, seen, legal)
        if phase == "bury":
            plan = self.burial([*seen.hand, *seen.kitty], seen)
            for card in plan:
                if Bury(card) in legal:
                    return Bury(card)
            return legal[0]
        if not seen.trick:
            return self.lead(seen, legal)
        return self.follow(seen, legal)

    # -- bidding
    def bid(self, view: Mapping[str, JSON], seen: Seen, legal: Sequence[Action]) -> Action:
        declares = [a for a in legal if isinstance(a, Declare)]
        if not declares:
            return Pass()
        declaration = view["declaration"]
        by_partner = declaration is not None and int(declaration["seat"]) == seen.partner
        best: tuple[float, Action] = (self.bid_threshold(seen), Pass())
        for action in declares:
            worth = self.bid_value(seen, action.cards, by_partner)
            if worth > best[0]:
                best = (worth, action)
        return best[1]

    def bid_threshold(self, seen: Seen) -> float:
        return 9.0

    def bid_value(self, seen: Seen, cards: tuple[int, ...], by_partner: bool) -> float:
        """How good a deal the hand makes with this declaration (about the number of trumps)."""
        suit = cards[0] % PACK_SIZE // 13 if cards[0] % PACK_SIZE < 52 else None
        o = order(suit, seen.level)
        trumps = [c for c in seen.hand if o.eff[c] == TRUMP]
        value = len(trumps) + 0.5 * len(pair_faces(trumps))
        if suit is None:
            aces = sum(1 for c in seen.hand if o.eff[c] != TRUMP and o.idx[c] == 11)
            value = 4 + len(trumps) + aces
        if by_partner:
            value -= 4
        return value - 0.1 * strength(cards, seen.level)

    # -- burying
    def burial(self, cards: Sequence[int], seen: Seen) -> list[int]:
        """Eight cards to bury from the 33: the lowest side cards."""
        o = seen.order
        return sorted(cards, key=lambda c: (keep_value(c, o) + 4 * CARD_POINTS[c], c))[:8]

    # -- play
    def lead(self, seen: Seen, legal: Sequence[Action]) -> Action:
        raise NotImplementedError

    def follow(self, seen: Seen, legal: Sequence[Action]) -> Action:
        o = seen.order
        lead = classify(seen.trick[0][1], o)
        assert lead is not None
        mine = seen.trick[-1][1] if seen.trick[-1][0] == seen.seat else []
        before = [p for p in seen.trick if p[0] != seen.seat]
        start = o.sort([*seen.hand, *mine])
        plan = self.plan_follow(seen, start, before, lead)
        if all(c in plan for c in mine):
            for c in plan:
                if c not in mine and Play((c,)) in legal:
                    return Play((c,))
        # the plan does not extend what was given (it should): the lowest legal card
        return min((a for a in legal if isinstance(a, Play)),
                   key=lambda a: keep_value(a.cards[0], o))  # fmt: skip

    def plan_follow(
        self, seen: Seen, start: list[int], before: list[tuple[int, list[int]]], lead: Shape
    ) -> list[int]:
        raise NotImplementedError


class BeginnerBot(_Base):
    """Plays straightforwardly: its strongest single to lead, its lowest cards to follow, and it
    leaves a winning partner alone."""

    def bid_threshold(self, seen: Seen) -> float:
        return 8.0

    def lead(self, seen: Seen, legal: Sequence[Action]) -> Action:
        o = seen.order
        plays = [a for a in legal if isinstance(a, Play)]
        side = [a for a in plays if len(a.cards) == 1 and o.eff[a.cards[0]] != TRUMP]
        return max(side or plays, key=lambda a: (keep_value(a.cards[0], o), -a.cards[0]))

    def plan_follow(
        self, seen: Seen, start: list[int], before: list[tuple[int, list[int]]], lead: Shape
    ) -> list[int]:
        o = seen.order
        return greedy_follow(start, [], lead, o, lambda c: keep_value(c, o) + 3 * CARD_POINTS[c])


class ClubBot(_Base):
    """Partner-aware heuristics (see the module docstring)."""

    # -- burying: void the shortest side suits, keep points, pairs and high cards
    def burial(self, cards: Sequence[int], seen: Seen) -> list[int]:
        o = seen.order
        pairs = pair_faces(cards)
        side = [c for c in cards if o.eff[c] != TRUMP]
        by_suit = {s: [c for c in side if o.eff[c] == s] for s in SUITS}
        buried: list[int] = []

        def cost(c: int) -> float:
            left = sum(1 for x in by_suit[o.eff[c]] if x not in buried)
            value = keep_value(c, o) + 6 * CARD_POINTS[c] / 5 + (8 if c % PACK_SIZE in pairs else 0)
            if o.idx[c] >= 11:
                value += 10  # an ace
            return value + 1.5 * left

        while len(buried) < 8:
            options = [c for c in side if c not in buried] or [c for c in cards if c not in buried]
            buried.append(min(options, key=lambda c: (cost(c), c)))
        return buried

    # -- leading
    def lead(self, seen: Seen, legal: Sequence[Action]) -> Action:
        plays = [a.cards for a in legal if isinstance(a, Play)]
        return Play(max(plays, key=lambda p: self.lead_score(seen, p)))

    def lead_score(self, seen: Seen, cards: tuple[int, ...]) -> float:
        o = seen.order
        shape = classify(cards, o)
        assert shape is not None
        pts = sum(CARD_POINTS[c] for c in cards)
        top = o.idx[cards[0]] if shape.kind == "single" else shape.top
        if shape.suit == TRUMP:
            trumps = sum(1 for c in seen.hand if o.eff[c] == TRUMP)
            if shape.kind != "single":
                return 40 + 5 * shape.pairs + top - pts
            # draw trumps with many of them; otherwise keep them
            return (10 if trumps >= 10 and seen.defending else -20) - top - pts
        strong = top >= 11 or (shape.kind != "single" and top >= 9)
        if strong:
            return 60 + 10 * shape.pairs + top + pts / 5
        length = len(suit_cards(seen.hand, shape.suit, o))
        if shape.kind != "single":
            return 20 + 5 * shape.pairs - (11 - top) - pts
        return 10 - top - pts - length / 2

    # -- following
    def plan_follow(
        self, seen: Seen, start: list[int], before: list[tuple[int, list[int]]], lead: Shape
    ) -> list[int]:
        o = seen.order
        winner, best = current_best(before, lead, o)
        played = {p[0] for p in before}
        later = [s for s in ((seen.seat + k) % 4 for k in (1, 2, 3)) if s not in played]
        pts = trick_points(before)
        partner_wins = winner == seen.partner
        if partner_wins and not self.partner_in_danger(seen, best, later, lead):
            return greedy_follow(start, [], lead, o, lambda c: self.feed_key(seen, c, start))
        wins = winning_follows(start, lead, best, o)
        if wins:

            def cost(p: list[int]) -> tuple[int, list[int]]:
                return (sum(keep_value(c, o) for c in p), p)

            holding = [p for p in wins if not self.beatable(seen, self._shape(p, lead, o), later,
                                                            lead.suit)]  # fmt: skip
            if holding:
                take = min(holding, key=cost)
                spend = sum(keep_value(c, o) for c in take) / len(take)
                gain = pts + sum(CARD_POINTS[c] for c in take)
                if partner_wins:
                    if gain >= 10:
                        return take  # rescue the points from a partner about to be beaten
                elif gain > 0 or spend < 30 or not later:
                    return take
            elif not partner_wins and pts >= 10 and not later:
                return min(wins, key=cost)
        return greedy_follow(start, [], lead, o, lambda c: self.discard_key(seen, c, start))

    @staticmethod
    def _shape(cards: list[int], lead: Shape, o: Order) -> Shape:
        shape = read_as(cards, lead, o)
        assert shape is not None
        return shape

    def partner_in_danger(self, seen: Seen, best: Shape, later: Sequence[int], lead: Shape) -> bool:
        if not later:
            return False
        if best.suit == TRUMP and lead.suit != TRUMP:
            return best.top < 10
        return best.top < 10 if best.kind == "single" else best.top < 8

    def beatable(self, seen: Seen, shape: Shape, later: Sequence[int], led_suit: int) -> bool:
        if not later:
            return False
        if shape.suit == TRUMP:
            return shape.top < 12
        return shape.top < 11

    def feed_key(self, seen: Seen, card: int, start: Sequence[int]) -> float:
        """Give points to a partner who wins: tens and kings first, then fives, then the
        cheapest other cards."""
        o = seen.order
        value = keep_value(card, o)
        if o.eff[card] != TRUMP and o.idx[card] >= 11:
            value += 15  # keep aces
        return value - 6 * CARD_POINTS[card]

    def discard_key(self, seen: Seen, card: int, start: Sequence[int]) -> float:
        """Give the opponents nothing: no points, the least useful cards, short suits first."""
        o = seen.order
        value: float = keep_value(card, o) + 5 * CARD_POINTS[card]
        if card % PACK_SIZE in pair_faces(start) and o.eff[card] != TRUMP:
            value += 6
        if o.eff[card] != TRUMP:
            value += len(suit_cards(start, o.eff[card], o)) / 2
        return value


class ExpertBot(ClubBot):
    """The club player's judgement with card counting (see the module docstring)."""

    def lead_score(self, seen: Seen, cards: tuple[int, ...]) -> float:
        """The club player's preference, corrected by what the cards played tell: a lead no
        opponent can beat any more is as good as an ace, an "ace" that can be beaten is not one,
        a suit an opponent has shown out of is ruffed, one the partner has shown out of is
        ruffed by the partner; short side suits are worth emptying."""
        base = super().lead_score(seen, cards)
        o = seen.order
        shape = classify(cards, o)
        assert shape is not None
        if shape.suit == TRUMP:
            return base
        opponents = [(seen.seat + 1) % 4, (seen.seat + 3) % 4]
        if any(shape.suit in seen.voids.get(s, set()) for s in opponents):
            return base - 40  # ruffed
        sure = not _beatable(shape, seen, opponents, shape.suit)
        strong = shape.top >= 11 or (shape.kind != "single" and shape.top >= 9)
        if sure and not strong:
            return base + 60 + 10 * shape.pairs
        if strong and not sure:
            return base - 30
        if shape.suit in seen.voids.get(seen.partner, set()):
            return base + 15
        if shape.kind == "single" and len(suit_cards(seen.hand, shape.suit, o)) <= 2:
            return base + 6
        return base

    def beatable(self, seen: Seen, shape: Shape, later: Sequence[int], led_suit: int) -> bool:
        opponents = [s for s in later if s % 2 != seen.seat % 2]
        return _beatable(shape, seen, opponents, led_suit)

    def partner_in_danger(self, seen: Seen, best: Shape, later: Sequence[int], lead: Shape) -> bool:
        opponents = [s for s in later if s % 2 != seen.seat % 2]
        return _beatable(best, seen, opponents, lead.suit)

    def discard_key(self, seen: Seen, card: int, start: Sequence[int]) -> float:
        value = super().discard_key(seen, card, start)
        if seen.order.eff[card] == TRUMP and len(start) <= 4:
            value += 20  # the last tricks: keep trumps for the kitty bonus
        return value


LEVELS: Final[dict[str, Callable[[], Bot[Action]]]] = {
    "beginner": BeginnerBot,
    "club": ClubBot,
    "expert": ExpertBot,
}
"""The AI levels offered to players, weakest first."""
