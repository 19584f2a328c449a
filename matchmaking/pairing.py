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
from operator import attrgetter, eq

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

_CARE_BLOCK = 32
"""How many consecutive indices :func:`_needs_care` settles with one comparison.  Large enough that
a busy queue costs a few hundred comparisons, small enough that a block holding one index that needs
care costs little more to check index by index."""

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
    # int(max(w, 0.0)) without the calls: for w >= 0 the floor is int()'s truncation, and the float
    # method is several times cheaper per entry than the int() constructor (NaN and infinity raise
    # the same errors).
    seconds = [(0.0 if 0.0 > w else w).__floor__() for w in waits]
    ids = [e.player_id for e in order]

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
            tables.extend(_partnership_seats(chosen, ratings, waits, ids))
        else:
            tables.extend(_seats_by_waiting(chosen, table_size, waits, ids))
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

    Entries whose candidate tables all lie inside every window involved (nearly all of a busy
    queue) are decided by :func:`_dense_run`, which needs no window checks; the few others, listed
    by :func:`_needs_care`, by :func:`_careful_choice`.  Both take the first strictly best candidate
    in the same order with the same arithmetic, so the result is the one the careful search run
    everywhere gives (``tests/matchmaking/test_pairing.py`` holds the promises; the fast path was
    checked against the careful search on many thousands of random queues).
    """
    n = len(ratings)
    scale = sum(seconds) + 1
    best = [0] * (n + 1)
    unmatched = [0] * (n + 1)  # best[i] // scale, kept apart for quick comparisons
    best_spread = [0.0] * (n + 1)
    highest = [0] * n  # the highest member of the table entry i is lowest in; 0: i stays unmatched
    # least[i]: the fewest seconds among the size - 1 entries after i, built a shift at a time so
    # that the programme reads one list item where it would slice and call min().
    least: Sequence[int] = seconds[1:]
    for shift in range(2, size):
        least = [a if a < b else b for a, b in zip(least, seconds[shift:], strict=False)]
    above = n  # every entry from here on is decided
    for i in [*reversed(_needs_care(ratings, windows, 2 * size - 1)), -1]:  # -1: down to entry 0
        _dense_run(
            i + 1,
            above,
            ratings,
            seconds,
            least,
            best,
            unmatched,
            best_spread,
            highest,
            size,
            scale,
        )
        if i < 0:
            break
        key, best_spread[i], highest[i] = _careful_choice(
            i, ratings, windows, seconds, best, best_spread, size, scale
        )
        best[i] = key
        unmatched[i] = key // scale
        above = i

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
            # Members in seat-choice order (the longer wait first in between, as sorted() would
            # put them), written out for the usual sizes instead of a sort per table.
            if inner_needed == 0:
                tables.append((i, j))
            elif inner_needed == 1:
                tables.append((i, i + 1, j))
            elif inner_needed == 2:
                if seconds[i + 1] >= seconds[i + 2]:
                    tables.append((i, i + 1, i + 2, j))
                else:
                    tables.append((i, i + 2, i + 1, j))
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


def _dense_run(
    first: int,
    end: int,
    ratings: Sequence[float],
    seconds: Sequence[int],
    least: Sequence[int],
    best: list[int],
    unmatched: list[int],
    best_spread: list[float],
    highest: list[int],
    size: int,
    scale: int,
) -> None:
    """The programme's step for the entries ``end - 1`` down to ``first``, all of them *dense*.

    A dense entry's candidate tables lie inside every window involved (:func:`_needs_care` lists
    the others), so every candidate is admissible, everyone in between fits, and passing over ``p``
    players costs the seconds of the ``p`` shortest-waiting in between.  No window needs checking,
    and most candidates are ruled out without computing their cost:

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

    This loop is where a pass spends its time, so it avoids whatever costs per entry without
    changing a result: the run is a stretch between the careful entries (no "is it dense?" test per
    entry), the values of entry ``i + 1``, just computed, stay in local variables, and the fewest
    seconds in between comes from ``least`` instead of a slice and a ``min()`` call.
    """
    wider = range(2, size)  # how many players the wider candidates pass over (none for duels)
    penalties = [passed * scale for passed in range(size)]  # the count part of passing players over
    # Entry i + 1's results, read back from the lists only at the start of the run.
    after_key = best[end]
    after_count = unmatched[end]
    after_total = best_spread[end]
    for i in range(end - 1, first - 1, -1):
        # The table of i and its next size - 1 neighbours (nobody passed over) ends at t - 1; the
        # entries after it start at t, and the candidates passing players over end at t, t + 1, ...
        t = i + size
        count = unmatched[t]
        if count <= after_count and count <= unmatched[t + 1]:
            # Leaving i out, or passing anyone over, would leave more players unmatched.
            after_key = best[i] = best[t]
            after_count = unmatched[i] = count
            after_total = best_spread[i] = best_spread[t] + (ratings[t - 1] - ratings[i])
            highest[i] = t - 1
            continue
        key = after_key + scale + seconds[i]  # i stays unmatched
        k = best[t]
        if k < key or (k == key and best_spread[t] + (ratings[t - 1] - ratings[i]) < after_total):
            key = k
            total = best_spread[t] + (ratings[t - 1] - ratings[i])
            high = t - 1
        else:
            total = after_total
            high = 0
            count = after_count + 1
        # Passing over one player, then more: see above for why most end before any summing.
        smallest = least[i]
        if smallest < seconds[i]:  # else leaving i out is as good, however many are passed
            passed_count = unmatched[t + 1] + 1
            if passed_count <= count:
                if smallest < seconds[t]:
                    k = best[t + 1] + scale + smallest
                    if k < key or (
                        k == key and best_spread[t + 1] + (ratings[t] - ratings[i]) < total
                    ):
                        key, total, high = k, best_spread[t + 1] + (ratings[t] - ratings[i]), t
                        count = passed_count
                # The first wider candidate's count is checked here, saving the loop's set-up in
                # the many cases where it is already behind.
                if wider and unmatched[t + 2] + 2 <= count:
                    j = t  # the highest member of the candidate
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
        after_key = best[i] = key
        after_count = unmatched[i] = count
        after_total = best_spread[i] = total
        highest[i] = high


def _needs_care(ratings: Sequence[float], windows: Sequence[float], span: int) -> list[int]:
    """The indices, ascending, that are not *dense*: the ``span`` entries from ``i`` on do not exist
    or do not all lie within every one of their windows (highest rating − lowest > smallest window).

    A comparison with the narrowest window of the whole queue settles nearly every index of a busy
    queue; only the rest are checked against their own windows.  Since the ratings ascend, one
    comparison settles a whole block of consecutive indices: no span starting in the block is wider
    than the block's first rating to the last rating any of them reaches (float subtraction rounds
    monotonically, so this holds for the computed differences too).  Only blocks that fail are
    looked at index by index.
    """
    n = len(ratings)
    last = span - 1
    narrowest = min(windows, default=0.0)
    full = n - last  # the indices 0 .. full - 1 have a full span
    care: list[int] = []
    for block in range(0, full, _CARE_BLOCK):
        top = min(block + _CARE_BLOCK, full) - 1
        if ratings[top + last] - ratings[block] <= narrowest:
            continue
        for i in range(block, top + 1):
            spread = ratings[i + last] - ratings[i]
            if not spread <= narrowest and not spread <= min(windows[i : i + span]):
                care.append(i)
    care.extend(range(max(full, 0), n))  # too near the end for a full span
    return care


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


def _seats_by_waiting(
    chosen: Sequence[Sequence[int]], size: int, waits: Sequence[float], ids: Sequence[int]
) -> list[list[int]]:
    """Seat order for games without partnerships: longer wait first, then the smaller player id.

    ``chosen`` holds the tables of ``size`` players as positions in the rating order.  Seating a
    large queue one table at a time, with a function call, a sort with a key function and a
    temporary list each, took about a tenth of the whole pass.  So one call seats them all, and the
    usual sizes are ordered by written-out comparisons (one, at most three and at most five for two,
    three and four seats).  Position ``q`` sits before ``p`` when ``waits[q] > waits[p] or
    (waits[q] == waits[p] and ids[q] < ids[p])``, a total order since no id is queued twice.
    """
    seats: list[list[int]] = []
    append = seats.append
    if size == 2:  # duels
        for a, b in chosen:
            wa, wb = waits[a], waits[b]
            if wb > wa or (wb == wa and ids[b] < ids[a]):
                append([ids[b], ids[a]])
            else:
                append([ids[a], ids[b]])
    elif size == 3:  # order a and b, then place c
        for a, b, c in chosen:
            wa, wb, wc = waits[a], waits[b], waits[c]
            if wb > wa or (wb == wa and ids[b] < ids[a]):
                a, b, wa, wb = b, a, wb, wa
            if wc > wb or (wc == wb and ids[c] < ids[b]):
                if wc > wa or (wc == wa and ids[c] < ids[a]):
                    append([ids[c], ids[a], ids[b]])
                else:
                    append([ids[a], ids[c], ids[b]])
            else:
                append([ids[a], ids[b], ids[c]])
    elif size == 4:  # order the pairs a, b and c, d, then merge them
        for a, b, c, d in chosen:
            wa, wb, wc, wd = waits[a], waits[b], waits[c], waits[d]
            if wb > wa or (wb == wa and ids[b] < ids[a]):
                a, b, wa, wb = b, a, wb, wa
            if wd > wc or (wd == wc and ids[d] < ids[c]):
                c, d, wc, wd = d, c, wd, wc
            if wc > wa or (wc == wa and ids[c] < ids[a]):  # the pair led by c leads
                a, b, c, d, wa, wb, wc, wd = c, d, a, b, wc, wd, wa, wb
            # a sits first; b and the ordered pair c, d follow.
            if wc > wb or (wc == wb and ids[c] < ids[b]):
                if wd > wb or (wd == wb and ids[d] < ids[b]):
                    append([ids[a], ids[c], ids[d], ids[b]])
                else:
                    append([ids[a], ids[c], ids[b], ids[d]])
            else:
                append([ids[a], ids[b], ids[c], ids[d]])
    else:  # sort by id, then (stably) by the wait, longest first
        for members in chosen:
            by_id = sorted(members, key=ids.__getitem__)
            append([ids[p] for p in sorted(by_id, key=waits.__getitem__, reverse=True)])
    return seats


def _partnership_seats(
    chosen: Sequence[Sequence[int]],
    ratings: Sequence[float],
    waits: Sequence[float],
    ids: Sequence[int],
) -> list[list[int]]:
    """Seats 0 + 2 against 1 + 3 using the split with the smallest difference of summed ratings.

    The team holding the longest-waiting player takes seats 0 and 2; within a team the longer wait
    sits first, then the smaller player id.  ``chosen`` holds the tables as positions in the rating
    order.  On equal differences the first split in ``PARTNERSHIP_SPLITS`` wins.  Like
    :func:`_seats_by_waiting` one call seats every table, with the comparisons written out.
    """
    seats: list[list[int]] = []
    append = seats.append
    for p0, p1, p2, p3 in chosen:
        r0, r1, r2, r3 = ratings[p0], ratings[p1], ratings[p2], ratings[p3]
        # The difference of each split of PARTNERSHIP_SPLITS, in its order; the first smallest wins,
        # as min() over the splits picks it.  Its teams are written out: (x, y) against (u, v).
        first = abs(r0 + r1 - r2 - r3)
        second = abs(r0 + r2 - r1 - r3)
        third = abs(r0 + r3 - r1 - r2)
        if second < first:
            if third < second:
                x, y, u, v = p0, p3, p1, p2
            else:
                x, y, u, v = p0, p2, p1, p3
        elif third < first:
            x, y, u, v = p0, p3, p1, p2
        else:
            x, y, u, v = p0, p1, p2, p3
        wx, wy, wu, wv = waits[x], waits[y], waits[u], waits[v]
        if wy > wx or (wy == wx and ids[y] < ids[x]):
            x, y, wx = y, x, wy
        if wv > wu or (wv == wu and ids[v] < ids[u]):
            u, v, wu = v, u, wv
        if wu > wx or (wu == wx and ids[u] < ids[x]):  # the longest wait's team takes seats 0, 2
            x, y, u, v = u, v, x, y
        append([ids[x], ids[u], ids[y], ids[v]])
    return seats
