"""The robots' card play, from the acting seat's own view only (its hand, the dummy once shown,
the auction and the cards played).

* :func:`opening_lead` — simple leading rules (partner's suit, top of a sequence, fourth best
  against no trump, a short suit or a safe trump against a suit contract).
* :func:`club_card` — a club player's habits: second hand low, third hand high, cover an honour,
  win as cheaply as possible, let partner's winner stand, ruff when the opponents win, draw
  trumps and cash winners as the declarer.
* :func:`sampled_card` — the expert: deals the unseen cards many times consistently with what the
  seat knows (hand sizes, voids shown in the play, what the auction showed), solves every sampled
  deal exactly with endplay's DDS (:mod:`games.bridge.dds`: one call gives every legal card's
  double-dummy tricks from the current position) and keeps the card that does best on average:
  tricks for its side plus a bonus for making or defeating the contract.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from games.bridge import bidding
from games.bridge.calls import DOUBLE, NOTRUMP, PASS, REDOUBLE, STRAINS, bid, strain_of
from games.bridge.hands import Hand
from games.bridge.solver import beats, cards_of, distinct, mask_of, winner_index
from games.cards.notation import CARDS
from games.core import JSON

GOAL_BONUS: Final = 3.0
"""What making (or defeating) the contract is worth next to one trick."""
FULL_BUDGET_FROM: Final = 10
"""From this many tricks left (current one included) down the expert samples its whole budget of
deals; before, fewer (:func:`deals_for`)."""
TRIES: Final = 40
"""Attempts to draw a deal that agrees with the auction before the auction is ignored (for the
rest of the decision)."""
WORK_LIMIT: Final = 1_200_000
"""The most work one card decision may do, in DDS search nodes plus :data:`DEAL_WORK` per sampled
deal (:func:`within_work`): a count, not a clock, sized so that no decision takes more than a
second of one core on this machine (docs/games/bridge.md, "AI levels")."""
DEAL_WORK: Final = 3_000
"""What drawing a deal and handing it to DDS costs, in DDS nodes (about a millisecond)."""


@dataclass
class Seen:
    """What the acting seat knows, read from its view."""

    me: int
    hand_seat: int
    """The seat whose card is to be played (the dummy's when the declarer plays it)."""
    hands: dict[int, list[int]]
    """The hands the seat can see: its own, the dummy's once shown, and the declarer's for a
    defender after a claim showed it."""
    counts: list[int]
    played: list[list[int]]
    """Cards each seat has played."""
    voids: list[set[int]]
    trick: list[int]
    leader: int
    trump: int
    declarer: int
    target: int
    won: list[int]
    calls: list[int]
    leads: list[tuple[int, int]]
    """Who led each trick so far and in which suit."""
    opening: bool
    """Nobody has played a card yet: this is the opening lead."""

    @property
    def side(self) -> int:
        return self.hand_seat % 2

    def unplayed(self) -> int:
        """Every card not yet played (mask), the current trick's excluded."""
        played = {c for cards in self.played for c in cards}
        return mask_of([c for c in range(52) if c not in played])


def call_of(entry: Mapping[str, JSON]) -> int:
    """A call as the views write it (``{"seat": 0, "call": "bid", "level": 1, "strain": "C"}``)."""
    kind = entry["call"]
    if kind == "bid":
        return bid(int(entry["level"]), STRAINS.index(entry["strain"]))
    return {"pass": PASS, "double": DOUBLE, "redouble": REDOUBLE}[kind]


def read_view(view: Mapping[str, JSON]) -> Seen:
    me = int(view["seat"])
    contract = view["contract"]
    declarer = int(contract["declarer"])
    dummy = int(contract["dummy"])
    hands = {me: [CARDS[n] for n in view["hand"]]}
    if view["dummy_hand"] is not None and me != dummy:
        hands[dummy] = [CARDS[n] for n in view["dummy_hand"]]
    if view.get("declarer_hand") is not None and me != declarer:
        # A claim showed the declarer's cards to the defenders: they play on knowing them.
        hands[declarer] = [CARDS[n] for n in view["declarer_hand"]]
    played: list[list[int]] = [[], [], [], []]
    voids: list[set[int]] = [set(), set(), set(), set()]
    leads: list[tuple[int, int]] = []
    for trick in [*view["tricks"], {"cards": view["trick"]}]:
        cards = trick["cards"]
        if not cards:
            continue
        led = CARDS[cards[0]["card"]] // 13
        leads.append((int(cards[0]["seat"]), led))
        for entry in cards:
            card = CARDS[entry["card"]]
            seat = int(entry["seat"])
            played[seat].append(card)
            if card // 13 != led:
                voids[seat].add(led)
    calls = [call_of(c) for c in view["auction"]]
    trick = [CARDS[e["card"]] for e in view["trick"]]
    won = list(view["tricks_won"])
    return Seen(
        me=me,
        hand_seat=int(view["turn"]),
        hands=hands,
        counts=list(view["hand_counts"]),
        played=played,
        voids=voids,
        trick=trick,
        leader=int(view["leader"]),
        trump=STRAINS.index(contract["strain"]),
        declarer=declarer,
        target=int(contract["target"]),
        won=won,
        calls=calls,
        leads=leads,
        opening=not view["tricks"] and not view["trick"],
    )


# ---- the opening lead --------------------------------------------------------------------------


def opening_lead(seen: Seen, legal: Sequence[int]) -> int:
    """Leading rules: partner's bid suit; a top sequence (A-K, K-Q-J, Q-J-10 …); against no trump
    fourth best of the longest suit; against a suit a singleton, low from three small, or a
    trump; never away from an ace against a suit contract when anything else will do."""
    hand = sorted(legal)
    me = seen.hand_seat
    partner = (me + 2) % 4
    suits = {s: sorted((c for c in hand if c // 13 == s), reverse=True) for s in range(4)}
    trump = seen.trump
    partner_bid = [c for i, c in enumerate(seen.calls) if i % 4 == partner and 3 <= c]
    for call in reversed(partner_bid):
        s = strain_of(call)
        if s < 4 and s != trump and suits[s]:
            return _lead_in(suits[s], trump == NOTRUMP, partner_suit=True)
    for s in range(3, -1, -1):
        cards = suits[s]
        if s != trump and _top_sequence(cards):
            return cards[0]
    if trump == NOTRUMP:
        s = max(range(4), key=lambda x: (len(suits[x]), Hand.of(suits[x]).hcp))
        return _lead_in(suits[s], True)
    singles = [s for s in range(4) if s != trump and len(suits[s]) == 1 and suits[s][0] % 13 < 12]
    if singles and suits[trump]:
        return suits[singles[0]][0]
    safe = [
        s for s in range(4)
        if s != trump and suits[s] and not any(c % 13 >= 9 for c in suits[s])
    ]  # fmt: skip
    if safe:
        s = max(safe, key=lambda x: len(suits[x]))
        return _lead_in(suits[s], False)
    if suits[trump] and len(suits[trump]) <= 3 and not any(c % 13 >= 10 for c in suits[trump]):
        return suits[trump][-1]
    no_ace = [s for s in range(4) if s != trump and suits[s] and suits[s][0] % 13 != 12]
    s = max(no_ace or [s for s in range(4) if suits[s]], key=lambda x: len(suits[x]))
    return _lead_in(suits[s], False)


def _top_sequence(cards: Sequence[int]) -> bool:
    """A-K, or three touching cards headed by K, Q or J (K-Q-J, Q-J-10, J-10-9)."""
    ranks = [c % 13 for c in cards]
    if len(ranks) >= 2 and ranks[0] == 12 and ranks[1] == 11:
        return True
    return len(ranks) >= 3 and ranks[0] >= 9 and ranks[1] == ranks[0] - 1 == ranks[2] + 1


def _lead_in(cards: Sequence[int], notrump: bool, partner_suit: bool = False) -> int:
    """Which card of a suit to lead (``cards`` high to low)."""
    if len(cards) <= 2:
        return cards[0]
    if _top_sequence(cards) or (cards[0] % 13 >= 9 and cards[1] % 13 == cards[0] % 13 - 1):
        return cards[0]
    if not any(c % 13 >= 9 for c in cards):
        return cards[0] if len(cards) == 3 and not partner_suit else cards[1]
    if notrump and len(cards) >= 4:
        return cards[3]
    return cards[-1]


# ---- a club player's habits ----------------------------------------------------------------------


def club_card(seen: Seen, legal: Sequence[int]) -> int:
    """The card a sound club player picks from what it can see."""
    if len(legal) == 1:
        return legal[0]
    if seen.opening:
        return opening_lead(seen, legal)
    unplayed = seen.unplayed()
    trump = seen.trump
    me = seen.hand_seat
    partner = (me + 2) % 4
    known = seen.hands
    hand = sorted(legal)
    trick = seen.trick

    def top_unplayed(suit: int) -> int | None:
        bits = (unplayed >> (13 * suit)) & 0x1FFF
        return 13 * suit + bits.bit_length() - 1 if bits else None

    def sure(card: int) -> bool:
        """No card still out beats ``card`` in its suit (trumping aside)."""
        higher = (unplayed >> (13 * (card // 13))) & 0x1FFF & ~((2 << (card % 13)) - 1)
        return not higher

    if not trick:
        return _lead(seen, hand, top_unplayed)
    led = trick[0] // 13
    wi = winner_index(trick, trump)
    best = trick[wi]
    position = len(trick)
    partner_winning = (seen.leader + wi) % 2 == me % 2
    follow = [c for c in hand if c // 13 == led]
    winners = [c for c in hand if beats(c, best, trump)]
    last = position == 3
    fourth = (me + 1) % 4

    def later_can_beat(card: int) -> bool:
        if last:
            return False
        if fourth in known:  # the dummy plays last: its cards are known
            rest = known[fourth]
            if any(c // 13 == led for c in rest):
                return any(c // 13 == card // 13 and c > card for c in rest)
            return trump != NOTRUMP and card // 13 != trump and any(c // 13 == trump for c in rest)
        if card // 13 == led and not sure(card) and led not in seen.voids[fourth]:
            return True
        return trump != NOTRUMP and card // 13 != trump and led in seen.voids[fourth]

    if partner_winning and not later_can_beat(best):
        return follow[0] if follow else _discard(hand, trump, sure)
    if follow:
        if position == 1:  # second hand
            if best % 13 >= 9 and best // 13 == led:
                cover = [c for c in follow if c > best]
                if cover and not (
                    partner in known and any(c // 13 == led and c > best for c in known[partner])
                ):
                    return cover[0]
            certain = [c for c in winners if sure(c) and not later_can_beat(c)]
            if certain and last:
                return certain[0]
            return follow[0]
        certain = [c for c in winners if not later_can_beat(c)]
        if certain:
            return certain[0]
        if winners and position == 2:
            return _top_of_sequence(winners[-1], hand)
        return follow[0]
    ruffs = [c for c in winners if c // 13 == trump]
    safe_ruffs = [c for c in ruffs if not later_can_beat(c)]
    if safe_ruffs:
        return safe_ruffs[0]
    if ruffs and not partner_winning:
        return ruffs[0]
    return _discard(hand, trump, sure)


def _top_of_sequence(card: int, hand: Sequence[int]) -> int:
    """The lowest of the touching cards ``card`` heads in ``hand`` (third hand plays the cheaper
    of equals)."""
    while card - 1 in hand and (card - 1) // 13 == card // 13:
        card -= 1
    return card


def _discard(hand: Sequence[int], trump: int, sure: Callable[[int], bool]) -> int:
    """The lowest card of the least useful suit (not trumps, not a winner)."""

    def key(c: int) -> tuple[int, int, int]:
        return (1 if c // 13 == trump else 0, 1 if sure(c) else 0, c % 13)

    return min(hand, key=key)


def _lead(seen: Seen, hand: Sequence[int], top_unplayed: Callable[[int], int | None]) -> int:
    trump = seen.trump
    me = seen.hand_seat
    partner = (me + 2) % 4
    declaring = me % 2 == seen.declarer % 2
    mine = [c for c in hand]
    ours = set(mine) | set(seen.hands.get(partner, []))
    if declaring and trump != NOTRUMP:
        outstanding = [c for c in cards_of(seen.unplayed()) if c // 13 == trump and c not in ours]
        top = top_unplayed(trump)
        if outstanding and top in mine:
            return top
    for suit in (3, 2, 1, 0):
        top = top_unplayed(suit)
        if top in mine and (trump == NOTRUMP or suit == trump or not _ruff_danger(seen, suit)):
            return top
    if not declaring:
        for suit in _suits_partner_led(seen):
            cards = sorted((c for c in mine if c // 13 == suit), reverse=True)
            if cards and suit != trump:
                return cards[-1] if len(cards) > 2 else cards[0]
    if partner in seen.hands:
        for suit in (3, 2, 1, 0):
            top = top_unplayed(suit)
            if top in seen.hands[partner]:
                cards = [c for c in mine if c // 13 == suit]
                if cards:
                    return cards[0]
    suits = [s for s in range(4) if any(c // 13 == s for c in mine)]
    plain = [s for s in suits if s != trump] or suits
    s = max(plain, key=lambda x: sum(1 for c in mine if c // 13 == x))
    return min(c for c in mine if c // 13 == s)


def _ruff_danger(seen: Seen, suit: int) -> bool:
    """Whether an opponent of the side to play has shown out of ``suit`` (and may ruff)."""
    me = seen.hand_seat
    return any(suit in seen.voids[s] for s in ((me + 1) % 4, (me + 3) % 4))


def _suits_partner_led(seen: Seen) -> list[int]:
    """Suits the partner of the seat to play has led, most recent first."""
    partner = (seen.hand_seat + 2) % 4
    out: list[int] = []
    for seat, suit in reversed(seen.leads):
        if seat == partner and suit not in out:
            out.append(suit)
    return out


# ---- the expert: sampled deals -------------------------------------------------------------------


class DealSampler:
    """Draws of the hidden hands for one decision: the unseen cards and what the auction showed
    of each hidden hand are worked out once; when :data:`TRIES` draws cannot meet the auction it
    is left out, for the rest of the decision (re-trying it for every deal was half of a
    decision's time outside DDS)."""

    def __init__(self, seen: Seen) -> None:
        self.seen = seen
        self.unseen = _unseen(seen)
        self.shows: dict[int, bidding.Shows] | None = auction_shows(seen)

    def draw(self, rng: random.Random) -> list[int] | None:
        """Four hands (masks) that agree with what the seat knows, or None when draws fail."""
        if self.shows is not None:
            hands = _draw(self.seen, rng, self.unseen, self.shows, TRIES)
            if hands is not None:
                return hands
            self.shows = None
        return _draw(self.seen, rng, self.unseen, None, 4)


def sample_hands(seen: Seen, rng: random.Random) -> list[int] | None:
    """One deal of :class:`DealSampler` (with the auction, unless :data:`TRIES` draws fail)."""
    return DealSampler(seen).draw(rng)


def _unseen(seen: Seen) -> list[int]:
    """The cards the seat has not seen (in no hand it sees, not played)."""
    known = {x for h in seen.hands.values() for x in h} | {x for p in seen.played for x in p}
    return [c for c in range(52) if c not in known]


def _draw(
    seen: Seen,
    rng: random.Random,
    unseen: Sequence[int],
    shows: Mapping[int, bidding.Shows] | None,
    tries: int,
) -> list[int] | None:
    """Up to ``tries`` draws of the ``unseen`` cards among the hidden hands (hand sizes and
    shown voids kept; what the auction ``shows`` too, when given): the first that agrees."""
    known = seen.hands
    hidden = [s for s in range(4) if s not in known]
    for _ in range(tries):
        pool = list(unseen)
        rng.shuffle(pool)
        dealt: dict[int, list[int]] = {s: [] for s in hidden}
        ok = True
        for card in pool:
            suit = card // 13
            open_seats = [
                s for s in hidden if suit not in seen.voids[s] and len(dealt[s]) < seen.counts[s]
            ]
            if not open_seats:
                ok = False
                break
            dealt[open_seats[0] if len(open_seats) == 1 else rng.choice(open_seats)].append(card)
        if not ok:
            continue
        if shows is not None and not all(
            _agrees(shows[s], dealt[s] + seen.played[s]) for s in hidden
        ):
            continue
        out = [0, 0, 0, 0]
        for s, cards in known.items():
            out[s] = mask_of(cards)
        for s, cards in dealt.items():
            out[s] = mask_of(cards)
        return out
    return None


def auction_shows(seen: Seen) -> dict[int, bidding.Shows]:
    """What the auction showed of each hand the seat cannot see."""
    return {s: bidding.shown(seen.calls, s) for s in range(4) if s not in seen.hands}


def _agrees(shows: bidding.Shows, cards: Sequence[int]) -> bool:
    hand = Hand.of(cards)
    lo, hi = shows.hcp
    if not lo - 1 <= hand.hcp <= hi + 1:
        return False
    return all(shows.min_len[s] <= hand.lengths[s] <= shows.max_len[s] for s in range(4))


def sampled_card(
    seen: Seen, legal: Sequence[int], rng: random.Random, budget: int, work: int = WORK_LIMIT
) -> int:
    """The card that does best over sampled deals (see the module docstring).  ``budget`` is the
    number of deals sampled (each solved once, exactly, by DDS; fewer in the first tricks,
    :func:`deals_for`), ``work`` bounds the decision's work in DDS search nodes plus
    :data:`DEAL_WORK` per deal (:func:`within_work`)."""
    if len(legal) == 1:
        return legal[0]
    if seen.opening:
        return opening_lead(seen, legal)
    remaining = seen.unplayed() | mask_of(seen.trick)
    candidates = distinct(mask_of(legal), remaining)
    if len(candidates) == 1:
        return candidates[0]
    # endplay loads matplotlib with its package (~1.3 s of CPU): only a process that plays Bridge
    # cards by DDS pays for it, not every web and worker process that lists the games.
    from games.bridge import dds

    totals = {c: 0.0 for c in candidates}
    drawn = 0
    sampler = DealSampler(seen)
    spent = dearest = 0
    with dds.decision():
        for _ in range(deals_for(budget, seen.counts[seen.hand_seat])):
            if not within_work(spent, dearest, work):
                break
            hands = sampler.draw(rng)
            if hands is None:
                break
            drawn += 1
            solution = dds.solve(hands, seen.leader, seen.trick, seen.trump)
            cost = solution.nodes + DEAL_WORK
            spent += cost
            dearest = max(dearest, cost)
            for card in candidates:
                totals[card] += _worth(seen, solution.values[card])
    if not drawn:
        return club_card(seen, legal)
    best = max(totals.values())
    good = [c for c in candidates if totals[c] >= best - 1e-9]
    return min(good, key=lambda c: c % 13)


def within_work(spent: int, dearest: int, work: int) -> bool:
    """Whether one more deal may be solved: the first always; after it, only while the work
    spent plus the dearest deal so far (the next one's likely cost) stays within ``work``."""
    return spent == 0 or spent + dearest <= work


def deals_for(budget: int, tricks_left: int) -> int:
    """How many deals to sample with ``tricks_left`` tricks to go (the current one included):
    ``budget`` from :data:`FULL_BUDGET_FROM` tricks left down, a half, a quarter and an eighth of
    it (at least 2) in the three tricks before, where a double-dummy solve costs several times
    more (full hands: some 20–40 ms on average, against 1–2 ms from the fourth trick on)."""
    early = max(0, tricks_left - FULL_BUDGET_FROM)
    return max(2, budget >> min(early, 3))


def _worth(seen: Seen, future: int) -> float:
    """A card's worth in one sampled deal, ``future`` being the tricks its side then takes from
    the current trick on: the side's tricks at the end, plus :data:`GOAL_BONUS` if that makes
    (declaring) or defeats (defending) the contract."""
    side = seen.side
    ours = seen.won[side] + future
    met = ours >= seen.target if side == seen.declarer % 2 else ours > 13 - seen.target
    return ours + (GOAL_BONUS if met else 0.0)
