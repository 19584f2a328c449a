"""Where each of FIDE's quality criteria (C.04.3, C5-C19) sits in a pair's weight.

The Swiss pairing (``swiss.py``) compares pairings by one integer per pair, summed: the criteria
take fields of bits of their own, the most important highest, each wide enough for the sum over a
whole bracket, so a lower criterion never outweighs a higher one.

Criteria that *count* players (C5, C8-C15) take one field.  Criteria on *score differences* (C6,
C16-C19) compare the differences from the largest down (FIDE's "descending" comparison: fewer of
the largest difference wins, then fewer of the next), so each takes one sub-field per difference,
the larger differences higher: a single large difference then outweighs any number of smaller
ones, which squares or sums cannot do.  Differences are in half points; a player left unpaired
counts with their difference to an artificial score one point below the bracket's lowest (A.8).
"""

from __future__ import annotations

from dataclasses import dataclass

COUNT_BITS = 20
"""Bits per counting field: room for the sum over 10,000 players, with a sign margin."""


@dataclass(frozen=True, slots=True)
class Layout:
    """Bit positions of the criteria for a field whose scores span ``spread`` half points."""

    levels: int
    """Sub-fields of a score-difference criterion: differences 0 .. levels - 1 half points."""

    @classmethod
    def for_spread(cls, spread: int) -> Layout:
        # A difference to the artificial score is at most the spread plus one point.
        return cls(levels=spread + 3)

    @property
    def width(self) -> int:
        """Bits of one score-difference criterion."""
        return self.levels * COUNT_BITS

    def difference(self, half_points: int) -> int:
        """One occurrence of a score difference, in a score-difference field's own units."""
        return 1 << (min(max(half_points, 0), self.levels - 1) * COUNT_BITS)

    # Fields from the least significant up.
    @property
    def c19(self) -> int:
        return 0

    @property
    def c18(self) -> int:
        return self.width

    @property
    def c17(self) -> int:
        return 2 * self.width

    @property
    def c16(self) -> int:
        return 3 * self.width

    def _count(self, k: int) -> int:
        return 4 * self.width + k * COUNT_BITS

    @property
    def c15(self) -> int:
        return self._count(0)

    @property
    def c14(self) -> int:
        return self._count(1)

    @property
    def c13(self) -> int:
        return self._count(2)

    @property
    def c12(self) -> int:
        return self._count(3)

    @property
    def c11(self) -> int:
        return self._count(4)

    @property
    def c10(self) -> int:
        return self._count(5)

    @property
    def c8(self) -> int:
        """C8 and C9 (topscorers' colours) together."""
        return self._count(6)

    @property
    def c7(self) -> int:
        """The next bracket's pairs and then its score differences (:attr:`next_pair`); the
        only criterion that can be negative in a pair."""
        return self._count(7)

    @property
    def next_pair(self) -> int:
        """One pair in the next bracket (C7), above any sum of the score differences of this
        bracket's floaters left unpaired there."""
        return 1 << (self.width + COUNT_BITS)

    @property
    def c6(self) -> int:
        """Start of the score differences; comparing weights shifted right by this compares
        C5 (pairs), repeats allowed by a relaxation, and C6 together."""
        return self.c7 + self.width + 4 * COUNT_BITS

    @property
    def repeat(self) -> int:
        return self.c6 + self.width

    @property
    def c5(self) -> int:
        return self.repeat + COUNT_BITS

    @property
    def stay(self) -> int:
        """Pairing a player the rest of the round cannot take as a floater (completion)."""
        return self.c5 + COUNT_BITS

    @property
    def whole(self) -> int:
        """Above everything: one pair when every player must be paired."""
        return self.stay + COUNT_BITS
