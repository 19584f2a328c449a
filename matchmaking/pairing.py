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
from operator import attrgetter

PARTNERSHIP_SPLITS: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = (
    ((0, 1), (2, 3)),
    ((0, 2), (1, 3)),
    ((0, 3), (1, 2)),
)
"""The three ways to split four players into two teams of two (by index)."""


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
    """
    if table_size < 2:
        raise ValueError("a table needs at least two seats")
    if partnership and table_size != 4:
        raise ValueError("partnership games have four seats (two teams of two)")
    if len({e.player_id for e in entries}) != len(entries):
        raise ValueError("a player is queued twice")
    seat = _partnership_seats if partnership else _seats_by_waiting
    order = sorted(entries, key=attrgetter("rating", "player_id"))
    tables: list[list[int]] = []
    for _ in range(ROUNDS):
        chosen = _choose_tables(order, table_size, settings)
        if not chosen:
            break
        tables.extend(seat([order[i] for i in members]) for members in chosen)
        seated = {i for members in chosen for i in members}
        order = [e for i, e in enumerate(order) if i not in seated]
    return tables


def _choose_tables(
    order: Sequence[QueueEntry], size: int, settings: PairingSettings
) -> list[tuple[int, ...]]:
    """The dynamic programme over the rating order; returns tables as index tuples into ``order``.

    ``best_*[i]`` is the best (unmatched count, unmatched seconds, summed spread) for the entries
    from ``i`` on; each entry is either left unmatched or is the lowest member of a table whose
    highest member lies at most ``2 * (size - 1)`` places further, the members in between being the
    longest-waiting of those whose windows admit the table.

    Passing over up to ``size - 1`` players inside a table lets a long-waiting player reach past
    newcomers whose narrow windows would block the table, and is exactly enough for the players a
    pass must leave out when everyone fits (fewer than a table) to be the shortest-waiting ones
    wherever they sit.  Reaching further would only add work: such tables are wider still.
    """
    n = len(order)
    ratings = [e.rating for e in order]
    window = settings.window
    windows = [window(e.waited) for e in order]
    seconds = [int(max(e.waited, 0.0)) for e in order]
    best_unmatched = [0] * (n + 1)
    best_seconds = [0] * (n + 1)
    best_spread = [0.0] * (n + 1)
    highest = [0] * n  # the highest member of the table entry i is lowest in; 0: i stays unmatched
    inner_needed = size - 2
    for i in range(n - 1, -1, -1):
        low = ratings[i]
        reach = windows[i]
        cand_unmatched = best_unmatched[i + 1] + 1
        cand_seconds = best_seconds[i + 1] + seconds[i]
        cand_spread = best_spread[i + 1]
        cand_highest = 0
        for j in range(i + size - 1, min(i + 2 * size - 1, n)):
            spread = ratings[j] - low
            if spread > reach:
                break
            passed_over = j - i + 1 - size
            unmatched = best_unmatched[j + 1] + passed_over
            if unmatched > cand_unmatched or spread > windows[j]:
                continue
            if passed_over == 0:
                if inner_needed and min(windows[i + 1 : j]) < spread:
                    continue
                waited = best_seconds[j + 1]
            else:
                # The members in between are the longest-waiting admissible ones; the seconds of
                # everyone else in between count as left unmatched.
                fit = sorted(
                    [seconds[x] for x in range(i + 1, j) if windows[x] >= spread], reverse=True
                )
                if len(fit) < inner_needed:
                    continue
                waited = best_seconds[j + 1] + sum(seconds[i + 1 : j]) - sum(fit[:inner_needed])
            total_spread = best_spread[j + 1] + spread
            if unmatched < cand_unmatched or (
                unmatched == cand_unmatched
                and (
                    waited < cand_seconds or (waited == cand_seconds and total_spread < cand_spread)
                )
            ):
                cand_unmatched, cand_seconds, cand_spread = unmatched, waited, total_spread
                cand_highest = j
        best_unmatched[i] = cand_unmatched
        best_seconds[i] = cand_seconds
        best_spread[i] = cand_spread
        highest[i] = cand_highest
    tables: list[tuple[int, ...]] = []
    i = 0
    while i < n:
        j = highest[i]
        if j == 0:
            i += 1
            continue
        spread = ratings[j] - ratings[i]
        inner = [x for x in range(i + 1, j) if windows[x] >= spread]
        inner.sort(key=seconds.__getitem__, reverse=True)
        tables.append((i, *inner[:inner_needed], j))
        i = j + 1
    return tables


def _waiting_key(entry: QueueEntry) -> tuple[float, int]:
    """Longest wait first, then the smaller player id: a deterministic seat order."""
    return (-entry.waited, entry.player_id)


def _seats_by_waiting(members: Sequence[QueueEntry]) -> list[int]:
    """Seat order for games without partnerships."""
    return [e.player_id for e in sorted(members, key=_waiting_key)]


def _partnership_seats(members: Sequence[QueueEntry]) -> list[int]:
    """Seats 0 + 2 against 1 + 3 using the split with the smallest difference of summed ratings.

    The team holding the longest-waiting player takes seats 0 and 2; within a team the longer wait
    sits first.
    """

    def imbalance(split: tuple[tuple[int, int], tuple[int, int]]) -> float:
        (a, b), (c, d) = split
        return abs(members[a].rating + members[b].rating - members[c].rating - members[d].rating)

    first, second = min(PARTNERSHIP_SPLITS, key=imbalance)
    teams = sorted(
        (sorted((members[x] for x in team), key=_waiting_key) for team in (first, second)),
        key=lambda team: _waiting_key(team[0]),
    )
    (a0, a1), (b0, b1) = teams
    return [a0.player_id, b0.player_id, a1.player_id, b1.player_id]
