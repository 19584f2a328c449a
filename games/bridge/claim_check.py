"""The robots' answer to a claim: accept only a claim the declarer can make without any guess.

A claim is judged on what the *declarer* knows (:class:`DeclarerKnowledge`): its own hand, the
dummy's, every card played and by whom (and so each defender's card count and the suits each has
shown out of).  The defenders' unseen cards form one **pool**.  The check plays a game in which
the defence does not hold fixed hands: whenever a defender is to play, it may play any card of the
pool, provided some split of what is then left of the pool still agrees with the counts and the
voids shown (:func:`_feasible`).  The declarer's side chooses its cards seeing only the pool.

Why this is the right question: every deal that agrees with the declarer's knowledge, played with
any defence, is one run of this game; and a declarer's strategy in this game can only react to
what the declarer sees.  So the declarer's side wins this game (takes ``n`` tricks whatever the
pool defence does) exactly when one line of play, adjusted only to what the declarer sees on the
way, takes ``n`` tricks against every layout of the unseen cards and every defence — a claim with
no guess in it.  A two-way finesse, a finesse, a suit that needs a good split: the pool defence
puts the card where it hurts, after the declarer committed, and the claim fails.

The answer is a function of the declarer's knowledge alone (the defenders' actual hands are never
read), so a refusal tells the declarer nothing it did not know.  The search is bounded by a count
of positions (:data:`CLAIM_CHECK_LIMIT`, no clock: a replay decides the same way); a claim not
settled within it is refused, which is also only a function of the declarer's knowledge.

Searching: alpha-beta on "does the declarer's side take at least ``need`` tricks", one card per
run of equivalent cards for the declarer's side and the top and bottom of each run for the
defence (:func:`_run_ends`: which defender wins a trick matters), positions at trick
boundaries stored under a rank-compressed key (two positions whose remaining cards lie in the same
order are the same game), and a sound shortcut when the declarer's side is on lead: the winners the
hand on lead can cash without help (:func:`_cashable`) settle most claims of top tricks at once.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Final

from games.bridge.calls import STRAINS
from games.bridge.solver import SUIT_MASK, distinct, mask_of, playable_mask, winner_index
from games.cards.notation import CARDS
from games.core import JSON

NOTRUMP: Final = 4
CLAIM_CHECK_LIMIT: Final = 20_000
"""Positions the check may visit before it gives up (and the robots refuse the claim).  Measured
(tests/bench/bridge_claims_bench.py, docs/games/bridge.md "Claims"): a claim of top tricks is
settled in a few dozen positions; the limit is reached mostly by claims made with nine or more
tricks left, and then costs about a second of one core at most (measured max 0.94 s) — in the
robot's AI job, never inside a command's transaction."""


class Verdict(StrEnum):
    """The check's answer."""

    SURE = "sure"
    """The claim holds against every layout of the unseen cards: accept."""
    NOT_SURE = "not_sure"
    """Some layout and defence beat every line the declarer could take: refuse."""
    UNSETTLED = "unsettled"
    """Not settled within :data:`CLAIM_CHECK_LIMIT` positions: refuse (doubt goes against the
    claimer, as Law 70 has it)."""


@dataclass(frozen=True, slots=True)
class DeclarerKnowledge:
    """Everything the declarer knows at the moment of a claim (cards as ints, hands as masks)."""

    declarer: int
    trump: int
    """0..3, or 4 for no trump."""
    declarer_hand: int
    dummy_hand: int
    pool: int
    """The cards neither the declarer's nor the dummy's, nor played: the defenders' between them."""
    counts: tuple[int, int, int, int]
    """Cards each seat still holds."""
    voids: tuple[int, int, int, int]
    """Per seat, a bit per suit the seat has shown out of."""
    leader: int
    trick: tuple[int, ...]
    """The cards on the current trick, in playing order."""


class CheckLimit(Exception):
    """The search visited more positions than it may."""


def knowledge_from_view(view: Mapping[str, JSON]) -> DeclarerKnowledge:
    """The declarer's knowledge, read from a view that shows the declarer's hand: the declarer's
    own, or a defender's while a claim is pending.  Reads nothing else of that view's seat (a
    defender's own hand is never looked at).  ``ValueError`` for a view without it."""
    contract = view.get("contract")
    if not contract or view.get("phase") != "play":
        raise ValueError("claims are judged in the play")
    declarer = int(contract["declarer"])
    if view.get("seat") == declarer:
        shown = view["hand"]
    else:
        shown = view.get("declarer_hand")
    if shown is None or view.get("dummy_hand") is None:
        raise ValueError("this view does not show the declarer's and the dummy's cards")
    played: set[int] = set()
    voids = [0, 0, 0, 0]
    for trick in [*view["tricks"], {"cards": view["trick"]}]:
        cards = trick["cards"]
        if not cards:
            continue
        led = CARDS[cards[0]["card"]] // 13
        for entry in cards:
            card = CARDS[entry["card"]]
            played.add(card)
            if card // 13 != led:
                voids[int(entry["seat"])] |= 1 << led
    mine, table = (
        mask_of([CARDS[n] for n in shown]),
        mask_of([CARDS[n] for n in view["dummy_hand"]]),
    )
    pool = ((1 << 52) - 1) & ~mine & ~table & ~mask_of(sorted(played))
    counts = [int(n) for n in view["hand_counts"]]
    return DeclarerKnowledge(
        declarer=declarer,
        trump=STRAINS.index(contract["strain"]),
        declarer_hand=mine,
        dummy_hand=table,
        pool=pool,
        counts=(counts[0], counts[1], counts[2], counts[3]),
        voids=(voids[0], voids[1], voids[2], voids[3]),
        leader=int(view["leader"]),
        trick=tuple(CARDS[e["card"]] for e in view["trick"]),
    )


def claim_verdict(known: DeclarerKnowledge, tricks: int, limit: int = CLAIM_CHECK_LIMIT) -> Verdict:
    """Whether the declarer's side takes at least ``tricks`` of the remaining tricks (the current
    one included) with no guess (see the module docstring)."""
    search = _Search(known, limit)
    try:
        return Verdict.SURE if search.wins(tricks) else Verdict.NOT_SURE
    except CheckLimit:
        return Verdict.UNSETTLED


def positions_searched(known: DeclarerKnowledge, tricks: int, limit: int) -> int:
    """How many positions :func:`claim_verdict` visits (for the bench and the docs' figures)."""
    search = _Search(known, limit)
    try:
        search.wins(tricks)
    except CheckLimit:
        pass
    return search.nodes


# ---- the search ----------------------------------------------------------------------------------


def _suit(mask: int, suit: int) -> int:
    return (mask >> (13 * suit)) & SUIT_MASK


def _feasible(pool: int, counts: Sequence[int], voids: Sequence[int], a: int, b: int) -> bool:
    """Whether the pool can still be split between the defenders ``a`` and ``b`` (``counts``
    cards each) so that neither holds a suit it has shown out of."""
    if not voids[a] and not voids[b]:
        return True  # the counts always add up to the pool
    to_a = to_b = 0
    for suit in range(4):
        n = _suit(pool, suit).bit_count()
        if not n:
            continue
        void_a, void_b = voids[a] >> suit & 1, voids[b] >> suit & 1
        if void_a and void_b:
            return False
        if void_a:
            to_b += n
        elif void_b:
            to_a += n
    return to_a <= counts[a] and to_b <= counts[b]


@lru_cache(maxsize=1 << 16)
def _squeeze(ours: int, partner: int, pool: int) -> tuple[int, int, int]:
    """One suit's three holdings with the played ranks taken out (remaining cards moved to the
    top, in order): positions whose remaining cards lie in the same order are the same game."""
    out = [0, 0, 0]
    rank = 12
    for r in range(12, -1, -1):
        bit = 1 << r
        for i, mask in enumerate((ours, partner, pool)):
            if mask & bit:
                out[i] |= 1 << rank
                rank -= 1
                break
    return out[0], out[1], out[2]


def _run_ends(cands: int, remaining: int) -> list[int]:
    """The defence's cards worth trying among ``cands`` (pool cards): the top and the bottom of
    each run of equivalent cards.  Against the declarer's side any card of a run does the same;
    between the two defenders it decides who wins the trick (and so who leads next): the top of
    a run lets no later defender's card of that run beat it, the bottom lets one beat it, and a
    card in between adds nothing new (the run's cards left over are alike again)."""
    out: list[int] = []
    for suit in range(4):
        mine = (cands >> (13 * suit)) & SUIT_MASK
        if mine:
            live = (remaining >> (13 * suit)) & SUIT_MASK
            out.extend(13 * suit + r for r in _ends(mine, live))
    return out


@lru_cache(maxsize=1 << 16)
def _ends(mine: int, live: int) -> tuple[int, ...]:
    ends: list[int] = []
    top = -1
    for rank in range(12, -1, -1):
        bit = 1 << rank
        if not live & bit:
            continue
        if mine & bit:
            if top < 0:
                top = rank
                ends.append(rank)
            bottom = rank
        elif top >= 0:
            if bottom != top:
                ends.append(bottom)
            top = -1
    if top >= 0 and bottom != top:
        ends.append(bottom)
    return tuple(ends)


class _Search:
    def __init__(self, known: DeclarerKnowledge, limit: int) -> None:
        self.trump = known.trump
        self.declarer = known.declarer
        self.side = known.declarer % 2
        self.dummy = (known.declarer + 2) % 4
        self.defenders = ((known.declarer + 1) % 4, (known.declarer + 3) % 4)
        self.hands = {known.declarer: known.declarer_hand, self.dummy: known.dummy_hand}
        self.pool = known.pool
        self.counts = list(known.counts)
        self.voids = list(known.voids)
        self.leader = known.leader
        self.trick = list(known.trick)
        self.limit = limit
        self.nodes = 0
        self.table: dict[tuple[int, ...], tuple[int, int]] = {}

    # -- entry
    def wins(self, need: int) -> bool:
        if need <= 0:
            return True
        if need > self.counts[self.leader] + (1 if self.trick else 0):
            return False
        return self._win(self.leader, self.trick, need)

    # -- positions
    def _win(self, leader: int, trick: list[int], need: int) -> bool:
        self.nodes += 1
        if self.nodes > self.limit:
            raise CheckLimit
        if trick:
            return self._turn(leader, trick, need)
        left = self.counts[self.declarer]
        if need <= 0:
            return True
        if need > left:
            return False
        if leader % 2 == self.side and self._cashable(leader) >= need:
            return True
        key = self._key(leader)
        lo, hi = self.table.get(key, (0, left))
        if lo >= need:
            return True
        if hi < need:
            return False
        won = self._turn(leader, trick, need)
        self.table[key] = (max(lo, need), hi) if won else (lo, min(hi, need - 1))
        return won

    def _turn(self, leader: int, trick: list[int], need: int) -> bool:
        seat = (leader + len(trick)) % 4
        if seat % 2 == self.side:
            return any(
                self._after(leader, trick, need, seat, card, 0) for card in self._ours(seat, trick)
            )
        return all(
            self._after(leader, trick, need, seat, card, void)
            for card, void in self._theirs(seat, trick)
        )

    def _after(
        self, leader: int, trick: list[int], need: int, seat: int, card: int, void: int
    ) -> bool:
        """Play ``card`` for ``seat`` (a defender showing out of ``void``'s suits), search on,
        and take it back."""
        bit = 1 << card
        ours = seat in self.hands
        if ours:
            self.hands[seat] ^= bit
        else:
            self.pool ^= bit
        old_void = self.voids[seat]
        self.voids[seat] |= void
        self.counts[seat] -= 1
        trick.append(card)
        try:
            if len(trick) < 4:
                return self._win(leader, trick, need)
            winner = (leader + winner_index(trick, self.trump)) % 4
            return self._win(winner, [], need - (1 if winner % 2 == self.side else 0))
        finally:
            trick.pop()
            self.counts[seat] += 1
            self.voids[seat] = old_void
            if ours:
                self.hands[seat] ^= bit
            else:
                self.pool ^= bit

    # -- moves
    def _remaining(self, trick: Sequence[int]) -> int:
        return self.hands[self.declarer] | self.hands[self.dummy] | self.pool | mask_of(trick)

    def _ours(self, seat: int, trick: list[int]) -> list[int]:
        cards = distinct(playable_mask(self.hands[seat], trick), self._remaining(trick))
        if not trick:
            return sorted(cards, key=lambda c: -(c % 13))  # cash winners first
        best = trick[winner_index(trick, self.trump)]
        partner_winning = (len(trick) - winner_index(trick, self.trump)) % 2 == 0
        if partner_winning:
            return sorted(cards, key=lambda c: (c // 13 == self.trump, c % 13))
        return sorted(cards, key=lambda c: (not self._beats(c, best), c % 13))

    def _beats(self, card: int, best: int) -> bool:
        if card // 13 == best // 13:
            return card > best
        return card // 13 == self.trump

    def _theirs(self, seat: int, trick: list[int]) -> Iterator[tuple[int, int]]:
        """The defence's choices for ``seat``: (card, suits newly shown out of), checked for
        agreement with the counts and voids only as they are tried."""
        other = self.defenders[1] if seat == self.defenders[0] else self.defenders[0]
        remaining = self._remaining(trick)
        voids = self.voids[seat]
        options: list[tuple[int, int]] = []
        shows = 0
        if trick:
            led = trick[0] // 13
            if not voids >> led & 1:
                follow = self.pool & (SUIT_MASK << (13 * led))
                options += [(c, 0) for c in _run_ends(follow, remaining)]
                shows = 1 << led  # any other card shows out of the led suit
        allowed = self.pool
        for suit in range(4):
            if (voids | shows) >> suit & 1:
                allowed &= ~(SUIT_MASK << (13 * suit))
        options += [(c, shows) for c in _run_ends(allowed, remaining)]
        if trick:  # try to win the trick first: the refutation is usually there
            best = trick[winner_index(trick, self.trump)]
            options.sort(key=lambda o: (not self._beats(o[0], best), o[0] % 13))
        counts, all_voids = list(self.counts), list(self.voids)
        counts[seat] -= 1
        for card, void in options:
            all_voids[seat] = voids | void
            if _feasible(self.pool & ~(1 << card), counts, all_voids, seat, other):
                yield card, void

    # -- shortcuts
    def _key(self, leader: int) -> tuple[int, ...]:
        d, y, p = self.hands[self.declarer], self.hands[self.dummy], self.pool
        key = [leader, self.voids[self.defenders[0]] | self.voids[self.defenders[1]] << 4]
        for suit in range(4):
            key.extend(_squeeze(_suit(d, suit), _suit(y, suit), _suit(p, suit)))
        return tuple(key)

    def _cashable(self, seat: int) -> int:
        """Tricks the hand on lead surely takes by cashing its own winners from the top, the
        partner following low (or discarding its highest card: that never spoils a later suit),
        without ever giving up the lead.  Against a trump contract, side suits count only once
        the trump winners are sure to have drawn the pool's trumps (each trump lead takes at
        least one: somebody holds them)."""
        mine, partner = self.hands[seat], self.hands[(seat + 2) % 4]
        pool = self.pool

        def run(suit: int) -> int:
            lead = _suit(mine, suit)
            follow = _suit(partner, suit)
            top = _suit(pool, suit).bit_length() - 1  # -1: the pool holds none
            taken = 0
            while lead:
                card = lead.bit_length() - 1
                if card < top:
                    break
                low = (follow & -follow).bit_length() - 1
                if follow and low > card:
                    break  # the partner would have to overtake: stop counting
                taken += 1
                lead ^= 1 << card
                follow &= follow - 1
            return taken

        if self.trump == NOTRUMP:
            return sum(run(s) for s in range(4))
        trumps = run(self.trump)
        if trumps < _suit(pool, self.trump).bit_count():
            return trumps
        return trumps + sum(run(s) for s in range(4) if s != self.trump)
