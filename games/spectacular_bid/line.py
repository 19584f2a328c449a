"""The line of play: the origin tile, four arms, the spinner, and which ends count.

Ends are numbered W=0, E=1, N=2, S=3 so that the AI's playouts can use the same code as the
engine (one implementation of the counting rules means the search never plays a different game).

Layout (docs/games/spectacular_bid.md draws it): every arm is a list of tiles oriented
``(inner, outer)`` going outward from the origin.  A non-double origin ``(high, low)`` shows its
high half to W and its low half to E.  A double origin is the spinner: W/E are its main arms, N/S
its side arms, open once W and E both hold a tile.  Otherwise the first double later placed on W or
E becomes the spinner; its main arms are the inward and outward direction of that arm, so its side
arms N/S open once a tile lies beyond it on that arm.
"""

from __future__ import annotations

from typing import Final

from games.spectacular_bid.tiles import Tile

END_NAMES: Final = ("W", "E", "N", "S")
END_IDS: Final = {name: i for i, name in enumerate(END_NAMES)}
ORIGIN: Final = "origin"
NO_SPINNER: Final = -2
SPINNER_AT_ORIGIN: Final = -1
END_SETS: Final = tuple(
    tuple(name for e, name in enumerate(END_NAMES) if bits >> e & 1) for bits in range(16)
)
"""The names of the ends in a bit set (bit ``e`` for end ``e``), in end order: see :meth:`fits`."""


class Line:
    """The tiles on the table; mutable, cheap to copy for playouts."""

    __slots__ = ("origin", "arms", "spinner_arm", "spinner_index", "_ends", "_count", "_fits")

    def __init__(self) -> None:
        self.origin: Tile | None = None
        self.arms: list[list[Tile]] = [[], [], [], []]
        self.spinner_arm = NO_SPINNER
        self.spinner_index = 0
        self._ends: list[tuple[int, int, int]] | None = None
        """:meth:`ends` until the next change (every check and every count asks for it)."""
        self._count: int | None = None
        """:meth:`count` until the next change: the engine asks once to score a placement and
        again for every view, so it is summed once per placement."""
        self._fits: list[int] | None = None
        """:meth:`fits` until the next change; kept up to date by :meth:`place` once built."""

    def copy(self) -> Line:
        other = Line()
        other.origin = self.origin
        other.arms = [list(a) for a in self.arms]
        other.spinner_arm = self.spinner_arm
        other.spinner_index = self.spinner_index
        other._ends = self._ends
        other._count = self._count
        if self._fits is not None:
            other._fits = self._fits.copy()
        return other

    def ends(self) -> list[tuple[int, int, int]]:
        """Every open end as ``(end, pips, counts)``; see :meth:`_compute_ends` (callers must not
        mutate the list)."""
        ends = self._ends
        if ends is None:
            ends = self._ends = self._compute_ends()
        return ends

    def _compute_ends(self) -> list[tuple[int, int, int]]:
        """Every open end as ``(end, pips, counts)``; empty before the first tile.

        ``counts`` is what the end adds to the count.  While both main arms of a double origin are
        empty its value is split over W and E (half each) so that the sum is the spinner's
        two halves; with one main arm occupied the empty one counts both halves.
        """
        o = self.origin
        if o is None:
            return []
        arms = self.arms
        out: list[tuple[int, int, int]] = []
        if self.spinner_arm == SPINNER_AT_ORIGIN:
            d = o[0]
            w, e = arms[0], arms[1]
            if not w and not e:
                return [(0, d, d), (1, d, d)]
            for i in (0, 1):
                arm = arms[i]
                if arm:
                    last = arm[-1]
                    out.append((i, last[1], last[1] * 2 if last[0] == last[1] else last[1]))
                else:
                    out.append((i, d, 2 * d))
            if w and e:
                self._side_ends(d, out)
            return out
        for i in (0, 1):
            arm = arms[i]
            if arm:
                last = arm[-1]
                out.append((i, last[1], last[1] * 2 if last[0] == last[1] else last[1]))
            else:
                out.append((i, o[i], o[i]))
        sa = self.spinner_arm
        if sa >= 0 and len(arms[sa]) > self.spinner_index + 1:
            self._side_ends(arms[sa][self.spinner_index][0], out)
        return out

    def _side_ends(self, d: int, out: list[tuple[int, int, int]]) -> None:
        """The spinner's side arms once both main arms are occupied: unused ones count 0."""
        for i in (2, 3):
            arm = self.arms[i]
            if arm:
                last = arm[-1]
                out.append((i, last[1], last[1] * 2 if last[0] == last[1] else last[1]))
            else:
                out.append((i, d, 0))

    def count(self) -> int:
        """The sum of the counting ends (what a placement scores if it is a multiple of five)."""
        total = self._count
        if total is None:
            total = 0
            for e in self.ends():
                total += e[2]
            self._count = total
        return total

    def open_numbers(self) -> list[int]:
        """The distinct numbers the open ends show, ascending (empty before the first tile), as
        the draw and pass events publish them."""
        return sorted({p for _, p, _ in self.ends()})

    def fits(self) -> list[int]:
        """For each number 0–6, the bit set of the open ends showing it (bit ``e`` for end ``e``;
        all 0 before the first tile).  Callers must not mutate it.

        A tile ``(a, b)`` joins exactly the ends ``END_SETS[fits[a] | fits[b]]``, in end order, so
        listing a hand's placements costs two lookups per tile, not a comparison with every end
        (the engine lists them before every move).
        """
        fits = self._fits
        if fits is None:
            fits = [0] * 7
            for e, p, _ in self.ends():
                fits[p] |= 1 << e
            self._fits = fits
        return fits

    def place(self, t: Tile, end: int, pips: int) -> None:
        """Put ``t`` (canonical) at ``end`` whose open number is ``pips``; -1 for the origin.

        Most placements change only their own end, so cached ends, count and fits are updated
        rather than dropped (every placement is followed by a count and a fit test, in the engine
        and in every playout step).  Only the origin, the first tile on each main arm of a double
        origin, and the tile that opens a spinner's side arms change other ends; they start afresh.
        """
        if end < 0:
            self._ends = None
            self._count = None
            self._fits = None
            self.origin = t
            if t[0] == t[1]:
                self.spinner_arm = SPINNER_AT_ORIGIN
            return
        a, b = t
        outer = b if a == pips else a
        arms = self.arms
        arm = arms[end]
        arm.append((pips, outer))
        sa = self.spinner_arm
        if sa == NO_SPINNER:
            if a == b and end < 2:
                self.spinner_arm = end
                self.spinner_index = len(arm) - 1
        elif sa == SPINNER_AT_ORIGIN:
            if end < 2 and (len(arm) == 1 or not arms[1 - end]):
                self._forget()
                return
        elif sa == end and len(arm) == self.spinner_index + 2:
            self._forget()
            return
        ends = self._ends
        if ends is None or len(ends) <= end or ends[end][0] != end:
            self._forget()
            return
        _, shown, counted = ends[end]
        value = 2 * outer if a == b else outer
        count = self._count
        if count is not None:
            self._count = count - counted + value
        fits = self._fits
        if fits is not None:
            bit = 1 << end
            fits[shown] &= ~bit
            fits[outer] |= bit
        ends = ends.copy()  # a copy of this line may share the old list
        ends[end] = (end, outer, value)
        self._ends = ends

    def _forget(self) -> None:
        """Drop the cached ends, count and fits (they are rebuilt on demand)."""
        self._ends = None
        self._count = None
        self._fits = None

    def tiles(self) -> list[Tile]:
        """Every tile on the table in canonical spelling."""
        out: list[Tile] = [] if self.origin is None else [self.origin]
        for arm in self.arms:
            out.extend((a, b) if a >= b else (b, a) for a, b in arm)
        return out

    def spinner_tile(self) -> Tile | None:
        if self.spinner_arm == SPINNER_AT_ORIGIN:
            return self.origin
        if self.spinner_arm >= 0:
            return self.arms[self.spinner_arm][self.spinner_index]
        return None

    def to_json(self) -> dict[str, object]:
        """The board's layout (docs/games/spectacular_bid.md), also the snapshot form."""
        spinner: dict[str, object] | None = None
        sp = self.spinner_tile()
        if sp is not None:
            spinner = {
                "tile": [sp[0], sp[1]],
                "arm": ORIGIN
                if self.spinner_arm == SPINNER_AT_ORIGIN
                else END_NAMES[self.spinner_arm],
                "index": 0 if self.spinner_arm == SPINNER_AT_ORIGIN else self.spinner_index,
            }
        return {
            "origin": None if self.origin is None else [self.origin[0], self.origin[1]],
            "arms": {END_NAMES[i]: [[a, b] for a, b in arm] for i, arm in enumerate(self.arms)},
            "spinner": spinner,
        }

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Line:
        line = cls()
        origin = data["origin"]
        if isinstance(origin, list):
            line.origin = (int(origin[0]), int(origin[1]))
        arms = data["arms"]
        assert isinstance(arms, dict)
        for i, name in enumerate(END_NAMES):
            line.arms[i] = [(int(a), int(b)) for a, b in arms[name]]
        spinner = data["spinner"]
        if isinstance(spinner, dict):
            arm = spinner["arm"]
            line.spinner_arm = SPINNER_AT_ORIGIN if arm == ORIGIN else END_IDS[str(arm)]
            index = spinner["index"]
            assert isinstance(index, int)
            line.spinner_index = index
        return line

    def count_after(self, t: Tile, end: int, pips: int, counts: int, total: int) -> int:
        """The count once ``t`` joins ``end`` (showing ``pips``, adding ``counts`` to ``total``),
        without placing it: the fast path of the AI's look-ahead.

        Only the first tile on a lone double origin changes more than its own end (the spinner then
        counts both halves on its empty side); every other change is local to the end, because
        side arms that open count 0.
        """
        outer = t[1] if t[0] == pips else t[0]
        value = 2 * outer if t[0] == t[1] else outer
        if self.spinner_arm == SPINNER_AT_ORIGIN and not self.arms[0] and not self.arms[1]:
            return 2 * pips + value
        return total - counts + value
