"""One pass of the ranked matchmaker: queued players in, tables of close ratings out.

This is the pure half of ``matchmaking/``: no Django, no clock, no locks.  The Django app reads the
queue (with how long each entry has waited), calls :func:`form_tables`, and claims the players of
each returned table atomically; whatever it cannot claim simply stays queued for the next pass.

How a pass works (``docs/ratings.md`` has the full description):

* Every entry has a *window* that widens with its waiting time (:meth:`PairingSettings.window`).  A
  table is admissible when the spread of its ratings (max − min) is at most the smallest window of
  its members, so every member's rating lies within every other member's window.
* The queue is sorted by rating and a dynamic programme over that order picks the tables, each made
  of neighbours in the sorted order: between a table's lowest and highest member at most
  ``table_size - 1`` other players are passed over.  It minimises, in this order: the number of
  players left unmatched, the whole seconds waited by the players left unmatched (so the
  longest-waiting get the seats when not everyone can play), and the summed spread of the tables.
  That is O(n log n) for the sort and O(n · table_size²) for the programme, instead of comparing
  all pairs.  A second run over the players left out catches tables the first could not build.
* Partnership tables (two teams of two, seats 0 + 2 against 1 + 3) take the most balanced of the
  three possible splits.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress
from operator import attrgetter, eq, not_

PARTNERSHIP_SPLITS: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = (
    ((0, 1), (2, 3)),
    ((0, 2), (1, 3)),
    ((0, 3), (1, 2)),
)
"""The three ways to split four players into two teams of two (by index)."""

_RATING = attrgetter("rating")
_RATING_THEN_ID = attrgetter("rating", "player_id")


@dataclass(frozen=True, slots=True)
class QueueEntry:
    """A queued player: who, how strong, and how many seconds they have waited so far."""

    player_id: int
    rating: float
    waited: float


@dataclass(frozen=True, slots=True)
class PairingSettings:
    """How far a player's acceptable rating spread reaches, growing while they wait.

    Defaults: a fresh entry accepts tables spanning 100 rating points, 5 more per second waited, up
    to 400 (reached after a minute), where the weaker side still expects about 1 in 11.
    """

    initial_window: float = 100.0
    widening_per_second: float = 5.0
    max_window: float = 400.0

    def __post_init__(self) -> None:
        if self.initial_window < 0 or self.widening_per_second < 0:
            raise ValueError("windows and their widening must not be negative")
        if self.max_window < self.initial_window:
            raise ValueError("max_window must be at least initial_window")

    def window(self, waited: float) -> float:
        """The largest rating spread a player who has waited ``waited`` seconds accepts.

        A negative wait (clocks of two nodes disagreeing) counts as none.
        """
        grown = self.initial_window + self.widening_per_second * max(waited, 0.0)
        return min(grown, self.max_window)


DEFAULT_SETTINGS = PairingSettings()

ROUNDS = 2
"""How many times a pass runs the programme: the second run looks only at the players the first left
unmatched, whose tables may interleave with the first run's tables in the rating order (something a
single run, which builds tables of neighbours, cannot form).  Further runs found nothing more in
random small queues."""


def form_tables(
    entries: Sequence[QueueEntry],
    table_size: int,
    partnership: bool = False,
    settings: PairingSettings = DEFAULT_SETTINGS,
) -> list[list[int]]:
    """Tables of ``table_size`` player ids in seat order; nobody appears twice.

    In a partnership game (``table_size`` 4) seats 0 and 2 play against seats 1 and 3.  In every
    game the seat order otherwise follows waiting time (longest first, then player id), so the
    result depends only on the entries, not on the order they are given in.

    Everything the pass needs is read out of the entries once, into plain lists indexed by the
    position in the rating order: a queue of thousands then costs list look-ups, not attribute
    look-ups, method calls and temporary objects per candidate table.
    """
    if table_size < 2:
        raise ValueError("a table needs at least two seats")
    if partnership and table_size != 4:
        raise ValueError("partnership games have four seats (two teams of two)")
    if len({e.player_id for e in entries}) != len(entries):
        raise ValueError("a player is queued twice")
    order = sorted(entries, key=_RATING)
    ratings = [e.rating for e in order]
    if any(map(eq, ratings, ratings[1:])):
        # Equal ratings, rare with real ratings: the player id decides.  Sorting on the rating
        # alone first is worth it, because plain floats sort several times faster than tuples.
        order.sort(key=_RATING_THEN_ID)
        ratings = [e.rating for e in order]
    waits = [e.waited for e in order]
    windows = _windows(waits, settings)
    seconds = [int(0.0 if 0.0 > w else w) for w in waits]  # int(max(w, 0.0)), without the call
    ids = [e.player_id for e in order]
    # With no two waits equal (the rule for float waits), the id never decides a seat.
    distinct_waits = table_size > 2 and not partnership and len(set(waits)) == len(waits)

    tables: list[list[int]] = []
    unseated: list[int] | None = None  # positions in the rating order; None: everyone
    for _ in range(ROUNDS):
        if unseated is None:
            chosen, left = _choose_tables(ratings, windows, seconds, table_size)
        else:
            chosen, left = _choose_tables(
                [ratings[p] for p in unseated],
                [windows[p] for p in unseated],
                [seconds[p] for p in unseated],
                table_size,
            )
            chosen = [tuple(unseated[x] for x in members) for members in chosen]
            left = [unseated[x] for x in left]
        if not chosen:
            break
        if partnership:
            tables.extend(_partnership_seats(m, ratings, waits, ids) for m in chosen)
        else:
            tables.extend(_seats_by_waiting(m, waits, ids, distinct_waits) for m in chosen)
        unseated = left
    return tables


def _windows(waits: Sequence[float], settings: PairingSettings) -> list[float]:
    """``settings.window(w)`` for each wait ``w``, without a method call per entry.

    The expression is :meth:`PairingSettings.window` written out, ``max`` and ``min`` spelled as the
    comparisons they make, so the floats are identical.  A subclass that overrides ``window`` is
    asked entry by entry.
    """
    if type(settings).window is not PairingSettings.window:
        return [settings.window(w) for w in waits]
    start = settings.initial_window
    rate = settings.widening_per_second
    cap = settings.max_window
    return [
        cap if cap < (grown := start + rate * (0.0 if 0.0 > w else w)) else grown for w in waits
    ]


def _choose_tables(
    ratings: Sequence[float], windows: Sequence[float], seconds: Sequence[int], size: int
) -> tuple[list[tuple[int, ...]], list[int]]:
    """The dynamic programme over the rating order: (tables, indices left unmatched).

    The three lists describe the entries in rating order; tables are tuples of indices into them.
    For the entries from ``i`` on the programme keeps the best unmatched count and unmatched seconds
    packed into one integer, ``best[i] = count * scale + seconds`` with ``scale`` above any sum of
    seconds, so that a single integer comparison orders both; ``best_spread[i]`` holds the summed
    spread, the last criterion.  Each entry is either left unmatched or is the lowest member of a
    table whose highest member lies at most ``2 * (size - 1)`` places further, the members in
    between being the longest-waiting of those whose windows admit the table.

    Passing over up to ``size - 1`` players inside a table lets a long-waiting player reach past
    newcomers whose narrow windows would block the table, and is exactly enough for the players a
    pass must leave out when everyone fits (fewer than a table) to be the shortest-waiting ones
    wherever they sit.  Reaching further would only add work: such tables are wider still.

    Fast path.  In a busy queue almost every entry is *dense* (:func:`_dense`): its candidate
    tables lie inside every window involved, so every candidate is admissible, everyone in between
    fits, and passing over ``p`` players costs the seconds of the ``p`` shortest-waiting in between.
    No window needs checking there, and most candidates are ruled out without computing their cost:

    * Passing over more players never lowers the unmatched count (an entry can always be left out
      instead, so ``unmatched[x] <= unmatched[x + 1] + 1``).  When the table of ``i`` and its next
      ``size - 1`` neighbours is ahead on the count of both leaving ``i`` out and passing one player
      over, it wins outright; otherwise the first candidate behind on the count ends the search.
    * A candidate that passes players over wins only if everyone passed over waited fewer whole
      seconds than both ``i`` and the highest member ``j``.  Otherwise swapping the longest-waiting
      of them for ``i`` (leave ``i`` out, seat it) or for ``j`` (a nearer highest member, tried
      earlier) gives a plan that is no worse on the count, the seconds and the spread, so the
      candidate cannot be strictly better.  If already the shortest wait in between is not below
      ``i``'s, no wider candidate can be either.

    Elsewhere the careful search, :func:`_careful_choice`, checks every window.  Both take the first
    strictly best candidate in the same order with the same arithmetic, so the result is the one the
    careful search run everywhere gives (``tests/matchmaking/test_pairing.py`` holds the promises;
    the fast path was checked against the careful search on many thousands of random queues).
    """
    n = len(ratings)
    scale = sum(seconds) + 1
    best = [0] * (n + 1)
    unmatched = [0] * (n + 1)  # best[i] // scale, kept apart for quick comparisons
    best_spread = [0.0] * (n + 1)
    highest = [0] * n  # the highest member of the table entry i is lowest in; 0: i stays unmatched
    dense = _dense(ratings, windows, 2 * size - 1)
    penalties = [passed * scale for passed in range(size)]  # the count part of passing players over
    wider = range(2, size)  # how many players the wider candidates pass over
    for i in range(n - 1, -1, -1):
        if not dense[i]:
            key, best_spread[i], highest[i] = _careful_choice(
                i, ratings, windows, seconds, best, best_spread, size, scale
            )
            best[i] = key
            unmatched[i] = key // scale
            continue
        j = i + size - 1  # i and the next size - 1 entries: nobody passed over
        count = unmatched[j + 1]
        if count <= unmatched[i + 1] and count <= unmatched[j + 2]:
            # Leaving i out, or passing anyone over, would leave more players unmatched.
            best[i] = best[j + 1]
            unmatched[i] = count
            best_spread[i] = best_spread[j + 1] + (ratings[j] - ratings[i])
            highest[i] = j
            continue
        key = best[i + 1] + scale + seconds[i]  # i stays unmatched
        total = best_spread[i + 1]
        high = 0
        k = best[j + 1]
        if k < key or (k == key and best_spread[j + 1] + (ratings[j] - ratings[i]) < total):
            key, total, high = k, best_spread[j + 1] + (ratings[j] - ratings[i]), j
        else:
            count = unmatched[i + 1] + 1
        # Passing over one player, then more: see above for why most end before any summing.
        j += 1
        passed_count = unmatched[j + 1] + 1
        if passed_count <= count:
            smallest = seconds[i + 1] if size == 2 else min(seconds[i + 1 : j])
            if smallest < seconds[i]:  # else leaving i out is as good, however many are passed
                k = best[j + 1] + scale + smallest
                if smallest < seconds[j] and (
                    k < key or (k == key and best_spread[j + 1] + (ratings[j] - ratings[i]) < total)
                ):
                    key, total, high = k, best_spread[j + 1] + (ratings[j] - ratings[i]), j
                    count = passed_count
                for passed in wider:
                    j += 1
                    passed_count = unmatched[j + 1] + passed
                    if passed_count > count:  # and so will every wider candidate be
                        break
                    if seconds[j - 1] < smallest:
                        smallest = seconds[j - 1]  # the fewest seconds of anyone in between
                    k = best[j + 1] + penalties[passed]
                    if smallest >= seconds[j] or k + passed * smallest > key:
                        continue
                    # The shortest-waiting in between are passed over; their seconds count.
                    k += sum(sorted(seconds[i + 1 : j])[:passed])
                    if k < key or (
                        k == key and best_spread[j + 1] + (ratings[j] - ratings[i]) < total
                    ):
                        key, total, high = k, best_spread[j + 1] + (ratings[j] - ratings[i]), j
                        count = passed_count
        best[i] = key
        unmatched[i] = count
        best_spread[i] = total
        highest[i] = high

    inner_needed = size - 2
    tables: list[tuple[int, ...]] = []
    left: list[int] = []
    i = 0
    while i < n:
        j = highest[i]
        if j == 0:
            left.append(i)
            i += 1
        elif j - i + 1 == size:  # nobody passed over, so everyone in between fits
            if inner_needed < 2:  # at most one in between: already in seat-choice order
                tables.append(tuple(range(i, j + 1)))
            elif inner_needed == 2:  # two in between: the longer wait first, as sorted() would
                a, b = (i + 1, i + 2) if seconds[i + 1] >= seconds[i + 2] else (i + 2, i + 1)
                tables.append((i, a, b, j))
            else:
                inner = sorted(range(i + 1, j), key=seconds.__getitem__, reverse=True)
                tables.append((i, *inner, j))
            i = j + 1
        else:
            spread = ratings[j] - ratings[i]
            inner = [x for x in range(i + 1, j) if windows[x] >= spread]
            inner.sort(key=seconds.__getitem__, reverse=True)
            members = (i, *inner[:inner_needed], j)
            tables.append(members)
            left.extend(x for x in range(i + 1, j) if x not in members)
            i = j + 1
    return tables, left


def _dense(ratings: Sequence[float], windows: Sequence[float], span: int) -> list[bool]:
    """For each index ``i``: do the ``span`` entries from ``i`` on exist and all lie within every
    one of their windows (highest rating − lowest ≤ smallest window)?

    A comparison with the narrowest window of the whole queue settles nearly every index of a busy
    queue at once; only the rest are checked against their own windows.
    """
    narrowest = min(windows, default=0.0)
    last = span - 1
    dense = [high - low <= narrowest for low, high in zip(ratings, ratings[last:], strict=False)]
    for i in list(compress(range(len(dense)), map(not_, dense))):  # the indices still False
        dense[i] = ratings[i + last] - ratings[i] <= min(windows[i : i + span])
    dense.extend([False] * (len(ratings) - len(dense)))  # too near the end for a full span
    return dense


def _careful_choice(
    i: int,
    ratings: Sequence[float],
    windows: Sequence[float],
    seconds: Sequence[int],
    best: Sequence[int],
    best_spread: Sequence[float],
    size: int,
    scale: int,
) -> tuple[int, float, int]:
    """The best choice for entry ``i``, checking every window: (key, summed spread, highest member).

    Candidates are tried from the narrowest table outwards, and one replaces the current choice
    only if it is strictly better, so ties go to leaving ``i`` unmatched, then to the nearest
    highest member.
    """
    low = ratings[i]
    reach = windows[i]
    key = best[i + 1] + scale + seconds[i]  # i stays unmatched
    total = best_spread[i + 1]
    high = 0
    inner_needed = size - 2
    for j in range(i + size - 1, min(i + 2 * size - 1, len(ratings))):
        spread = ratings[j] - low
        if spread > reach:
            break
        passed = j - i + 1 - size
        if best[j + 1] + passed * scale > key or spread > windows[j]:
            continue
        if passed == 0:
            if inner_needed and min(windows[i + 1 : j]) < spread:
                continue
            k = best[j + 1]
        else:
            # The members in between are the longest-waiting admissible ones; the seconds of
            # everyone else in between count as left unmatched.
            fit = sorted(
                [seconds[x] for x in range(i + 1, j) if windows[x] >= spread], reverse=True
            )
            if len(fit) < inner_needed:
                continue
            k = best[j + 1] + passed * scale + sum(seconds[i + 1 : j]) - sum(fit[:inner_needed])
        if k < key or (k == key and best_spread[j + 1] + spread < total):
            key, total, high = k, best_spread[j + 1] + spread, j
    return key, total, high


def _sits_before(p: int, q: int, waits: Sequence[float], ids: Sequence[int]) -> bool:
    """Whether position ``p`` sits before ``q``: longer wait first, then the smaller player id.

    A deterministic seat order.  Comparing two entries directly is cheaper than building a key
    tuple for every entry of the queue.
    """
    return waits[p] > waits[q] or (waits[p] == waits[q] and ids[p] < ids[q])


def _seats_by_waiting(
    members: Sequence[int], waits: Sequence[float], ids: Sequence[int], distinct_waits: bool
) -> list[int]:
    """Seat order for games without partnerships; ``members`` are positions in rating order.

    ``distinct_waits`` says that no two entries of the queue waited equally long, so that sorting
    by the wait alone gives the order of :func:`_sits_before`.
    """
    if len(members) == 2:  # a duel, the most common table: one comparison instead of a sort
        a, b = members
        return [ids[a], ids[b]] if _sits_before(a, b, waits, ids) else [ids[b], ids[a]]
    if not distinct_waits:  # equal waits sit by id: sort by id first, the stable sort keeps it
        members = sorted(members, key=ids.__getitem__)
    return [ids[p] for p in sorted(members, key=waits.__getitem__, reverse=True)]


def _partnership_seats(
    members: Sequence[int], ratings: Sequence[float], waits: Sequence[float], ids: Sequence[int]
) -> list[int]:
    """Seats 0 + 2 against 1 + 3 using the split with the smallest difference of summed ratings.

    The team holding the longest-waiting player takes seats 0 and 2; within a team the longer wait
    sits first.  ``members`` are positions in the rating order.  On equal differences the first
    split in ``PARTNERSHIP_SPLITS`` wins.
    """
    p0, p1, p2, p3 = members
    r0, r1, r2, r3 = ratings[p0], ratings[p1], ratings[p2], ratings[p3]
    # The difference of each split of PARTNERSHIP_SPLITS, in its order, and the first smallest, as
    # min() over the splits picks it: written out, a table costs a few additions and comparisons.
    smallest = abs(r0 + r1 - r2 - r3)
    split = 0
    difference = abs(r0 + r2 - r1 - r3)
    if difference < smallest:
        smallest, split = difference, 1
    if abs(r0 + r3 - r1 - r2) < smallest:
        split = 2
    (a, b), (c, d) = PARTNERSHIP_SPLITS[split]
    x, y = members[a], members[b]
    if _sits_before(y, x, waits, ids):
        x, y = y, x
    u, v = members[c], members[d]
    if _sits_before(v, u, waits, ids):
        u, v = v, u
    if _sits_before(u, x, waits, ids):  # the team holding the longest wait takes seats 0 and 2
        x, y, u, v = u, v, x, y
    return [ids[x], ids[u], ids[y], ids[v]]
