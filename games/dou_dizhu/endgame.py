"""Exact endgame solving for the Dou Dizhu expert.

Once every hand is known a Dou Dizhu position is a two-sided game of perfect information: the
landlord against the two peasants, who win or lose together.  :class:`Solver` answers "does the
landlord win with best play from here?" by a depth-first search with memoisation, on hands packed
into one int each (3 bits per strength: 15 per-strength counts, suits never matter).  It stops with
:class:`Exhausted` when a position needs more than its node limit, so a caller can fall back on
something cheaper.

The expert does not know the other hands.  :func:`worlds` lists the ways the cards it cannot see
may lie in the other two hands, as per-strength counts with their weights: every distinct split
when there are few, otherwise a sample dealt card by card (which weighs each split by how many
concrete deals give it).  The landlord's bottom cards are shown to everyone, so those it has not
played stay in its hand in every world.  :func:`solve_worlds` then solves every candidate in every
world (perfect-information Monte Carlo) and returns each candidate's weighted share of won worlds,
a world it could not finish counting at even odds.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from math import comb
from typing import Final

from games.cards.groups import SHEDDING_ORDER
from games.cards.notation import card
from games.core import JSON
from games.dou_dizhu.combos import Combo, classify, generate

STRENGTHS: Final = 15
BITS: Final = 3
"""Bits per strength in a packed hand (a count is 0..4)."""
MASK: Final = (1 << BITS) - 1

type TableKey = tuple[str, int, int]
"""The play to beat as the rules compare it: kind, rank, length."""

type Hands = tuple[int, int, int]


def pack(counts: Sequence[int]) -> int:
    """15 per-strength counts as one int."""
    out = 0
    for s, n in enumerate(counts):
        out |= n << (BITS * s)
    return out


def unpack(hand: int) -> list[int]:
    return [(hand >> (BITS * s)) & MASK for s in range(STRENGTHS)]


def size(hand: int) -> int:
    """How many cards a packed hand holds."""
    total = 0
    while hand:
        total += hand & MASK
        hand >>= BITS
    return total


def remove(hand: int, strengths: Sequence[int]) -> int:
    for s in strengths:
        hand -= 1 << (BITS * s)
    return hand


def table_key(combo: Combo) -> TableKey:
    return (combo.kind, combo.rank, combo.length)


HAND_BITS: Final = BITS * STRENGTHS
HAND_MASK: Final = (1 << HAND_BITS) - 1
TABLE_BITS: Final = 12
"""A table id fits in 12 bits: 14 kinds x 15 ranks x at most 12 lengths is below 4,096."""

_TABLE_IDS: dict[TableKey, int] = {}
_TABLES: list[Combo | None] = [None]
"""Table ids (0: nothing to beat, the seat leads) and the combination each id stands for."""


def table_id(key: TableKey | None) -> int:
    if key is None:
        return 0
    found = _TABLE_IDS.get(key)
    if found is None:
        found = _TABLE_IDS[key] = len(_TABLES)
        _TABLES.append(Combo(key[0], key[1], key[2], ()))
    return found


_MOVES: dict[int, tuple[tuple[int, int], ...]] = {}
MOVES_CACHE: Final = 1 << 18
"""Entries kept in the move cache (it is emptied when full; hands recur across worlds)."""


def moves(hand: int, table: int) -> tuple[tuple[int, int], ...]:
    """Every play of ``hand`` (beating table id ``table``; 0: leading) as (hand left, new table
    id), one per distinct outcome, in the order the search tries them: a play that empties the
    hand first, then plays leaving the fewest strengths."""
    slot = (hand << TABLE_BITS) | table
    found = _MOVES.get(slot)
    if found is not None:
        return found
    ranked: dict[tuple[int, int], tuple[bool, int, int, int]] = {}
    for combo in generate(unpack(hand), _TABLES[table]):
        rest = remove(hand, combo.strengths)
        key = (rest, table_id(table_key(combo)))
        if key in ranked:
            continue
        if table:  # answering: the highest answers first (they take the lead)
            ranked[key] = (rest != 0, _spread(rest), -combo.rank, 0)
        else:  # leading: plays leaving the fewest strengths, longer and lower first
            ranked[key] = (rest != 0, _spread(rest), -len(combo.strengths), combo.rank)
    found = tuple(sorted(ranked, key=ranked.__getitem__))
    if len(_MOVES) >= MOVES_CACHE:
        _MOVES.clear()
    _MOVES[slot] = found
    return found


def _spread(hand: int) -> int:
    """How many strengths a packed hand holds (a cheap stand-in for the plays it needs)."""
    n = 0
    while hand:
        n += (hand & MASK) != 0
        hand >>= BITS
    return n


class Exhausted(Exception):
    """The search needed more nodes than its limit."""


class Solver:
    """Perfect-information search: whether the landlord's side wins with best play.

    A node is (hands, seat to act, table to beat, passes since it was played); the three hands
    travel as one int (``HAND_BITS`` per seat) and the table as a small id, so that a node's
    memo key is one int.  One solver may answer many positions of the same world; its memo is
    kept between them, and ``limit`` bounds the nodes it may visit over its whole life (a caller
    may raise it between positions to give each its own allowance, as :func:`solve_worlds` does).
    """

    def __init__(self, landlord: int, limit: int) -> None:
        self.landlord = landlord
        self.limit = limit
        self.nodes = 0
        self.memo: dict[int, bool] = {}

    def landlord_wins(self, hands: Hands, turn: int, table: TableKey | None, passes: int) -> bool:
        """Whether the landlord wins from this position with best play on both sides."""
        return self._search(_join(hands), turn, table_id(table), passes)

    def _search(self, packed: int, turn: int, table: int, passes: int) -> bool:
        memo = self.memo
        landlord = self.landlord
        limit = self.limit

        def search(packed: int, turn: int, table: int, passes: int) -> bool:
            key = (((packed << TABLE_BITS) | table) << 3) | (turn << 1) | passes
            known = memo.get(key)
            if known is not None:
                return known
            self.nodes += 1
            if self.nodes > limit:
                raise Exhausted
            want = turn == landlord  # the result the side to act is looking for
            nxt = turn + 1 if turn < 2 else 0
            partner_table = False
            if table:
                owner = (turn - 1 - passes) % 3
                partner_table = (owner == landlord) == want
            result = not want
            # Facing a partner's play, passing is usually right: try it first.
            if (
                partner_table
                and (search(packed, nxt, 0, 0) if passes else search(packed, nxt, table, 1)) == want
            ):
                result = want
            else:
                shift = HAND_BITS * turn
                hand = (packed >> shift) & HAND_MASK
                base = packed - (hand << shift)
                for rest, played in moves(hand, table):
                    if rest == 0:
                        result = want
                        break
                    if search(base | (rest << shift), nxt, played, 0) == want:
                        result = want
                        break
                else:
                    if (
                        table
                        and not partner_table
                        and (search(packed, nxt, 0, 0) if passes else search(packed, nxt, table, 1))
                        == want
                    ):
                        result = want
            memo[key] = result
            return result

        return search(packed, turn, table, passes)

    def after(
        self, hands: Hands, seat: int, table: TableKey | None, passes: int, play: Combo | None
    ) -> bool:
        """Whether the landlord wins after ``seat`` plays ``play`` (None: passes) here."""
        nxt = (seat + 1) % 3
        packed = _join(hands)
        if play is None:
            if passes == 1:
                return self._search(packed, nxt, 0, 0)  # two passes: the owner leads
            return self._search(packed, nxt, table_id(table), 1)
        rest = remove(hands[seat], play.strengths)
        if rest == 0:
            return seat == self.landlord
        return self._search(_join(_replace(hands, seat, rest)), nxt, table_id(table_key(play)), 0)


def _join(hands: Hands) -> int:
    return hands[0] | (hands[1] << HAND_BITS) | (hands[2] << (2 * HAND_BITS))


def _replace(hands: Hands, seat: int, hand: int) -> Hands:
    if seat == 0:
        return (hand, hands[1], hands[2])
    if seat == 1:
        return (hands[0], hand, hands[2])
    return (hands[0], hands[1], hand)


# ---- worlds consistent with a view ---------------------------------------------------------------


def _strengths(names: Sequence[str]) -> list[int]:
    return [SHEDDING_ORDER.strength(card(t)) for t in names]


def hidden_parts(view: Mapping[str, JSON]) -> tuple[list[int], dict[int, list[int]], list[int]]:
    """What the viewer cannot see: the unseen per-strength counts, the cards each other seat is
    known to hold (the landlord's unplayed bottom cards), and how many more each seat holds."""
    me, landlord = view["seat"], view["landlord"]
    left = [4] * 13 + [1, 1]
    for s in _strengths(view["hand"]):
        left[s] -= 1
    for cards in view["played"]:
        for s in _strengths(cards):
            left[s] -= 1
    known: dict[int, list[int]] = {s: [0] * STRENGTHS for s in range(3) if s != me}
    if landlord != me:
        shown = [card(t) for t in view["bottom"]]
        gone = {card(t) for t in view["played"][landlord]}
        for c in shown:
            if c not in gone:
                st = SHEDDING_ORDER.strength(c)
                known[landlord][st] += 1
                left[st] -= 1
    need = [0 if s == me else int(view["hand_counts"][s]) - sum(known[s]) for s in range(3)]
    return left, known, need


def splits(left: Sequence[int], need: int, cap: int) -> list[tuple[list[int], int]] | None:
    """Every way to give ``need`` of the unseen counts ``left`` to one seat (the rest to the
    other), with the number of concrete deals giving it; None when there are more than ``cap``."""
    out: list[tuple[list[int], int]] = []
    ranks = [s for s in range(STRENGTHS) if left[s]]
    suffix = [0] * (len(ranks) + 1)
    for i in range(len(ranks) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + left[ranks[i]]
    part = [0] * STRENGTHS

    def walk(i: int, still: int, weight: int) -> bool:
        if still == 0:
            out.append((list(part), weight))
            return len(out) <= cap
        if i == len(ranks) or suffix[i] < still:
            return True
        s = ranks[i]
        for k in range(min(left[s], still), -1, -1):
            part[s] = k
            if not walk(i + 1, still - k, weight * comb(left[s], k)):
                part[s] = 0
                return False
        part[s] = 0
        return True

    return out if walk(0, need, 1) else None


def worlds(view: Mapping[str, JSON], rng: random.Random, count: int) -> list[tuple[Hands, float]]:
    """Up to ``count`` worlds consistent with ``view`` as packed hands, each with its weight:
    every distinct split when there are at most ``count``, else ``count`` sampled deals."""
    me = view["seat"]
    left, known, need = hidden_parts(view)
    mine = pack([*_counts(_strengths(view["hand"]))])
    a, b = (s for s in range(3) if s != me)
    found = splits(left, need[a], count)
    out: list[tuple[Hands, float]] = []
    if found is not None:
        for part, weight in found:
            rest = [left[s] - part[s] for s in range(STRENGTHS)]
            out.append((_hands(me, mine, a, _add(known[a], part), b, _add(known[b], rest)), weight))
        return out
    pool = [s for s in range(STRENGTHS) for _ in range(left[s])]
    for _ in range(count):
        rng.shuffle(pool)
        part = _counts(pool[: need[a]])
        rest = _counts(pool[need[a] :])
        out.append((_hands(me, mine, a, _add(known[a], part), b, _add(known[b], rest)), 1.0))
    return out


def _counts(strengths: Sequence[int]) -> list[int]:
    out = [0] * STRENGTHS
    for s in strengths:
        out[s] += 1
    return out


def _add(x: Sequence[int], y: Sequence[int]) -> list[int]:
    return [p + q for p, q in zip(x, y, strict=True)]


def _hands(me: int, mine: int, a: int, ha: Sequence[int], b: int, hb: Sequence[int]) -> Hands:
    hands = [0, 0, 0]
    hands[me], hands[a], hands[b] = mine, pack(ha), pack(hb)
    return (hands[0], hands[1], hands[2])


def view_table(view: Mapping[str, JSON]) -> tuple[TableKey | None, int]:
    """The play to beat and the passes since, as the solver keys them."""
    table = view["table"]
    if table is None:
        return None, 0
    combo = classify(_strengths(table["cards"]))
    assert combo is not None
    return table_key(combo), int(view["passes"])


def solve_worlds(
    view: Mapping[str, JSON],
    plays: Sequence[Combo | None],
    rng: random.Random,
    count: int,
    limit: int,
) -> list[float] | None:
    """Each candidate's weighted share of the worlds its side wins with best play after it.

    ``plays`` are the candidates as combinations (None: pass), ``count`` the most worlds to
    look at and ``limit`` the search nodes for all of them together, dealt out evenly over the
    (world, candidate) pairs still to solve (what a quick pair leaves over goes to the rest).  A
    pair the search could not finish within its nodes counts at even odds, half a world: leaving
    it out would decide on the worlds that are quick to prove, and those are mostly lost ones (a
    win has to be proved against every defence, a loss needs one line), so a strong play whose
    wins take long to prove would rank below passing.  None when no pair was finished.
    """
    me, landlord = view["seat"], view["landlord"]
    table, passes = view_table(view)
    ours = me == landlord
    dealt = worlds(view, rng, count)
    remaining = limit
    pairs_left = len(dealt) * len(plays)
    won = [0.0] * len(plays)
    unknown = [0.0] * len(plays)
    weight_all = 0.0
    for hands, weight in dealt:
        weight_all += weight
        solver = Solver(landlord, 0)  # one memo per world, shared by its candidates
        for i, play in enumerate(plays):
            start = solver.nodes
            solver.limit = start + max(1, remaining // pairs_left)
            try:
                if solver.after(hands, me, table, passes, play) == ours:
                    won[i] += weight
            except Exhausted:
                unknown[i] += weight
            remaining -= solver.nodes - start
            pairs_left -= 1
    if all(u == weight_all for u in unknown):
        return None
    return [(w + u / 2) / weight_all for w, u in zip(won, unknown, strict=True)]
