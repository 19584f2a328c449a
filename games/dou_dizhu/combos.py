"""Dou Dizhu combinations: naming a set of cards, comparing two plays, listing every legal play.

Everything works on *strengths* (0 = 3 … 11 = A, 12 = 2, 13 = black joker, 14 = red joker) and on
a hand's 15 per-strength counts, because suits never matter in Dou Dizhu.  A play is therefore a
multiset of strengths; the engine maps it to concrete cards only at the edges.  With the wing rules
of the rules page (no wing of a core rank, no three of a rank among wings, pair wings distinct) a
multiset has at most one reading, so :func:`classify` returns one :class:`Combo` or None.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from itertools import combinations
from typing import Final

from games.cards.groups import runs
from games.cards.shedding import CardCombo, why_not_answer
from games.cards.shedding import describe as describe

TWO: Final = 12
BLACK: Final = 13
RED: Final = 14
SEQ_LIMIT: Final = 12
"""Runs and plane cores use strengths below this (3..A): no 2, no joker."""

KINDS: Final = (
    "single",
    "pair",
    "triple",
    "triple_single",
    "triple_pair",
    "straight",
    "pair_run",
    "plane",
    "plane_singles",
    "plane_pairs",
    "four_two_singles",
    "four_two_pairs",
    "bomb",
    "rocket",
)


class Combo(CardCombo):
    """A named play: ``kind``, the highest core strength ``rank``, ``length`` core units.

    ``length`` is the number of cards of a straight, of pairs in a pair run and of triples in a
    plane; 1 for everything else.  Two combos of the same kind and length compare by ``rank``.
    A NamedTuple because move generation creates thousands of them per second.
    """

    __slots__ = ()

    @property
    def is_bomb(self) -> bool:
        return self.kind in ("bomb", "rocket")


def beats(play: Combo, table: Combo) -> bool:
    """Whether ``play`` may answer ``table``: same kind and size and higher, or a bomb/rocket."""
    if table.kind == "rocket":
        return False
    if play.kind == "rocket":
        return True
    if play.kind == "bomb":
        return table.kind != "bomb" or play.rank > table.rank
    return play.kind == table.kind and play.length == table.length and play.rank > table.rank


def why_not(play: Combo, table: Combo) -> str:
    """The sentence for an answer that does not beat the table (for IllegalAction messages)."""
    if table.kind == "rocket":
        return "nothing beats the rocket"
    return why_not_answer(play, table, "type and size, or be a bomb or the rocket")


def explain(strengths: Sequence[int]) -> str:
    """Why these strengths form no combination: the rule a near miss breaks."""
    c = counts_of(strengths)
    present = [s for s in range(15) if c[s]]
    n = len(strengths)
    widths = {c[s] for s in present}
    triples = sum(1 for s in present if c[s] >= 3)
    if c[BLACK] and c[RED] and n > 2:
        reason = "both jokers together are only the rocket, never kickers or wings"
    elif triples >= 2 and 3 in widths:
        reason = (
            "a plane's triples must be consecutive (3..A) with one single or one pair per "
            "triple; single wings may not hold three of a rank or a card of a core rank, "
            "pair wings must be pairs of different ranks"
        )
    elif max(widths) == 4 and n not in (4, 6, 8):
        reason = "four of a kind takes exactly two single cards or two pairs"
    elif max(widths) == 4:
        reason = "four with two pairs needs two pairs of different ranks"
    elif widths == {1} and n >= 2 and (n < 5 or present[-1] >= TWO):
        reason = "a straight needs at least five consecutive ranks from 3 to A (no 2, no joker)"
    elif widths == {2} and (len(present) < 3 or present[-1] >= TWO):
        reason = "a pair run needs at least three consecutive pairs from 3 to A (no 2)"
    elif widths <= {1, 2} and n >= 5:
        reason = "runs must use consecutive ranks, with the same number of cards of each"
    else:
        reason = "a triple takes one single or one pair as its kicker"
    return f"these cards form no Dou Dizhu combination: {reason}"


def counts_of(strengths: Sequence[int]) -> list[int]:
    out = [0] * 15
    for s in strengths:
        out[s] += 1
    return out


def classify(strengths: Sequence[int]) -> Combo | None:
    """The combination these strengths form, or None when they form none."""
    key = tuple(sorted(strengths))
    n = len(key)
    if n == 0:
        return None
    c = counts_of(key)
    present = [s for s in range(15) if c[s]]
    if n == 1:
        return Combo("single", key[0], 1, key)
    if n == 2:
        if key == (BLACK, RED):
            return Combo("rocket", RED, 1, key)
        return Combo("pair", key[0], 1, key) if len(present) == 1 else None
    if len(present) == 1:
        kind = {3: "triple", 4: "bomb"}.get(n)
        return Combo(kind, key[0], 1, key) if kind else None
    if n == 4 and sorted(c[s] for s in present) == [1, 3]:
        return Combo("triple_single", _with_count(c, 3)[0], 1, key)
    if n == 5 and sorted(c[s] for s in present) == [2, 3]:
        return Combo("triple_pair", _with_count(c, 3)[0], 1, key)
    for width, kind, least in ((1, "straight", 5), (2, "pair_run", 3), (3, "plane", 2)):
        if all(c[s] == width for s in present) and len(present) >= least and _consecutive(present):
            return Combo(kind, present[-1], len(present), key)
    quads = _with_count(c, 4)
    if n == 6 and len(quads) == 1 and key[-2:] != (BLACK, RED):
        return Combo("four_two_singles", quads[0], 1, key)
    if n == 8 and len(quads) == 1 and sorted(c[s] for s in present) == [2, 2, 4]:
        return Combo("four_two_pairs", quads[0], 1, key)
    return _plane_with_wings(c, n, key)


def _with_count(c: Sequence[int], count: int) -> list[int]:
    return [s for s in range(15) if c[s] == count]


def _consecutive(present: Sequence[int]) -> bool:
    return present[-1] < SEQ_LIMIT and present[-1] - present[0] == len(present) - 1


def _plane_with_wings(c: Sequence[int], n: int, key: tuple[int, ...]) -> Combo | None:
    """Planes with one single or one pair per core triple (their wing rules are enforced here).

    The core is the set of ranks held three times: wings may hold at most two of a rank and none
    of a core rank, so any rank with three or more cards must belong to the core.
    """
    core = [s for s in range(15) if c[s] >= 3]
    k = len(core)
    if k < 2 or any(c[s] != 3 for s in core) or not _consecutive(core):
        return None
    wings = [s for s in range(15) if 0 < c[s] < 3]
    if n == 4 * k and not (c[BLACK] and c[RED]):
        return Combo("plane_singles", core[-1], k, key)
    if n == 5 * k and len(wings) == k and all(c[s] == 2 for s in wings):
        return Combo("plane_pairs", core[-1], k, key)
    return None


def _single_kickers(c: Sequence[int], exclude: Sequence[int], size: int) -> list[tuple[int, ...]]:
    """Kicker multisets of single cards: up to two of a rank, never both jokers (sorted, in
    lexicographic order)."""
    ranks = [s for s in range(15) if c[s] and s not in exclude]
    n = len(ranks)
    out: list[tuple[int, ...]] = []
    if size == 2:  # four with two singles and two-triple planes: most of the calls
        for i in range(n):
            a = ranks[i]
            if c[a] >= 2:
                out.append((a, a))
            out += [(a, b) for b in ranks[i + 1 :]]
        if n >= 2 and ranks[-2] == BLACK and ranks[-1] == RED:
            out.remove((BLACK, RED))
        return out
    prefix: list[int] = []

    def walk(start: int, left: int) -> None:
        if not left:
            if not (prefix[-1] == RED and BLACK in prefix):
                out.append(tuple(prefix))
            return
        for j in range(start, n):
            r = ranks[j]
            if prefix and prefix[-1] == r and (c[r] < 2 or len(prefix) > 1 and prefix[-2] == r):
                continue
            prefix.append(r)
            walk(j, left - 1)
            prefix.pop()

    walk(0, size)
    return out


def _pair_kickers(c: Sequence[int], exclude: Sequence[int], size: int) -> list[tuple[int, ...]]:
    """Kicker multisets of ``size`` pairs of distinct ranks."""
    ranks = [s for s in range(TWO + 1) if c[s] >= 2 and s not in exclude]
    return [tuple(x for r in m for x in (r, r)) for m in combinations(ranks, size)]


def generate(c: Sequence[int], table: Combo | None) -> list[Combo]:
    """Every play a hand with counts ``c`` may make: any combination when leading (``table`` None),
    otherwise every combination that beats ``table``.  Each multiset appears once."""
    if table is None:
        return _leads(c)
    out: list[Combo] = []
    kind = table.kind
    if kind == "rocket":
        return out
    if kind != "bomb":
        _GENERATORS[kind](c, kind, table.length, table.rank, out)
    _groups(c, "bomb", None, table.rank if kind == "bomb" else -1, out)
    if c[BLACK] and c[RED]:
        out.append(ROCKET)
    return out


_WIDTH: Final = {"single": 1, "pair": 2, "triple": 3, "bomb": 4}

_GROUP_COMBOS: Final = {
    kind: tuple(Combo(kind, s, 1, (s,) * width) for s in range(15))
    for kind, width in _WIDTH.items()
}
"""Every single, pair, triple and bomb by strength, made once: move generation hands these out
instead of building equal tuples again (a jokers' pair or triple is never generated: a hand
holds one of each)."""

ROCKET: Final = Combo("rocket", RED, 1, (BLACK, RED))


def _groups(c: Sequence[int], kind: str, length: int | None, above: int, out: list[Combo]) -> None:
    """Singles, pairs, triples and bombs above ``above``."""
    width = _WIDTH[kind]
    made = _GROUP_COMBOS[kind]
    out += [made[s] for s in range(above + 1, 15) if c[s] >= width]


def _rocket(c: Sequence[int], kind: str, length: int | None, above: int, out: list[Combo]) -> None:
    if c[BLACK] and c[RED]:
        out.append(ROCKET)


_TRIPLE_KICKED: Final = {
    "triple_single": tuple(
        tuple(
            Combo("triple_single", t, 1, (s, t, t, t) if s < t else (t, t, t, s)) for s in range(15)
        )
        for t in range(TWO + 1)
    ),
    "triple_pair": tuple(
        tuple(
            Combo("triple_pair", t, 1, (s, s, t, t, t) if s < t else (t, t, t, s, s))
            for s in range(TWO + 1)
        )
        for t in range(TWO + 1)
    ),
}
"""Every triple with a single or a pair, by (triple, kicker) strength, made once (an entry whose
kicker is the triple's own rank is never handed out)."""


def _triple_with(
    c: Sequence[int], kind: str, length: int | None, above: int, out: list[Combo]
) -> None:
    """Triples above ``above`` with one single or one pair of another rank."""
    made = _TRIPLE_KICKED[kind]
    need = 1 if kind == "triple_single" else 2
    ranks = range(15) if need == 1 else range(TWO + 1)
    for t in range(above + 1, TWO + 1):
        if c[t] < 3:
            continue
        row = made[t]
        out += [row[s] for s in ranks if s != t and c[s] >= need]


_CHAIN: Final = {
    "straight": (1, 5),
    "pair_run": (2, 3),
    "plane": (3, 2),
    "plane_singles": (3, 2),
    "plane_pairs": (3, 2),
}


_CORES: Final = {
    (width, start, size): tuple(r for r in range(start, start + size) for _ in range(width))
    for width in (1, 2, 3)
    for start in range(SEQ_LIMIT)
    for size in range(1, SEQ_LIMIT - start + 1)
}
"""The strengths of every run core: (cards per rank, first rank, ranks) → sorted strengths."""

_PLAIN_CHAINS: Final = {
    (kind, start, size): Combo(kind, start + size - 1, size, _CORES[(width, start, size)])
    for kind, width in (("straight", 1), ("pair_run", 2), ("plane", 3))
    for start in range(SEQ_LIMIT)
    for size in range(1, SEQ_LIMIT - start + 1)
}
"""Every straight, pair run and plane without wings, made once."""


def _chains(c: Sequence[int], kind: str, length: int | None, above: int, out: list[Combo]) -> None:
    """Straights, pair runs and planes (with their wings) whose top rank is above ``above``."""
    width, least = _CHAIN[kind]
    if length is not None:
        least = length
    found = [
        (start, size)
        for start, size in runs(c, width, least, SEQ_LIMIT)
        if start + size - 1 > above and (length is None or size == length)
    ]
    if kind in ("straight", "pair_run", "plane"):
        out += [_PLAIN_CHAINS[(kind, start, size)] for start, size in found]
    else:
        _winged(c, kind, found, out)


def _winged(c: Sequence[int], kind: str, cores: list[tuple[int, int]], out: list[Combo]) -> None:
    """Planes with wings (``kind``) on each of these plane cores (first rank, ranks)."""
    for start, size in cores:
        top = start + size - 1
        core = _CORES[(3, start, size)]
        core_ranks = range(start, top + 1)
        if kind == "plane_singles":
            wings = _single_kickers(c, core_ranks, size)
        else:
            wings = _pair_kickers(c, core_ranks, size)
        for w in wings:
            cut = bisect_left(w, start)  # wings are sorted and never of a core rank
            out.append(Combo(kind, top, size, w[:cut] + core + w[cut:]))


def _leads(c: Sequence[int]) -> list[Combo]:
    """Every play of a hand that leads, kind by kind in the order of ``KINDS`` (what
    ``generate(c, None)`` returns): the same generators, with each run found once."""
    out: list[Combo] = []
    single, pair, triple, bomb = (_GROUP_COMBOS[k] for k in ("single", "pair", "triple", "bomb"))
    out += [single[s] for s in range(15) if c[s]]
    out += [pair[s] for s in range(TWO + 1) if c[s] >= 2]
    trips = [s for s in range(TWO + 1) if c[s] >= 3]
    out += [triple[s] for s in trips]
    if trips:
        _triple_with(c, "triple_single", None, -1, out)
        _triple_with(c, "triple_pair", None, -1, out)
    out += [_PLAIN_CHAINS[("straight", a, n)] for a, n in runs(c, 1, 5, SEQ_LIMIT)]
    out += [_PLAIN_CHAINS[("pair_run", a, n)] for a, n in runs(c, 2, 3, SEQ_LIMIT)]
    planes = runs(c, 3, 2, SEQ_LIMIT) if len(trips) >= 2 else []
    if planes:
        out += [_PLAIN_CHAINS[("plane", a, n)] for a, n in planes]
        _winged(c, "plane_singles", planes, out)
        _winged(c, "plane_pairs", planes, out)
    quads = [s for s in trips if c[s] == 4]
    if quads:
        _four_with(c, "four_two_singles", None, -1, out)
        _four_with(c, "four_two_pairs", None, -1, out)
        out += [bomb[s] for s in quads]
    if c[BLACK] and c[RED]:
        out.append(ROCKET)
    return out


def _four_with(
    c: Sequence[int], kind: str, length: int | None, above: int, out: list[Combo]
) -> None:
    """Four of a kind above ``above`` with two single cards or two pairs."""
    for q in range(above + 1, TWO + 1):
        if c[q] != 4:
            continue
        quad: tuple[int, ...] = (q,) * 4
        if kind == "four_two_singles":
            kicks = _single_kickers(c, (q,), 2)
        else:
            kicks = _pair_kickers(c, (q,), 2)
        for k in kicks:
            cut = bisect_left(k, q)  # kickers are sorted and never of the quad's rank
            out.append(Combo(kind, q, 1, k[:cut] + quad + k[cut:]))


_GENERATORS: Final = {
    "single": _groups,
    "pair": _groups,
    "triple": _groups,
    "bomb": _groups,
    "rocket": _rocket,
    "triple_single": _triple_with,
    "triple_pair": _triple_with,
    "straight": _chains,
    "pair_run": _chains,
    "plane": _chains,
    "plane_singles": _chains,
    "plane_pairs": _chains,
    "four_two_singles": _four_with,
    "four_two_pairs": _four_with,
}
