"""Colours in the Dutch pairing engine: colour types, the misses they allow, colour allocation.

Every player has a colour type (:attr:`~matchmaking.dutch_field.Field.kind`: white wanted
strongly or absolutely, white mildly, the same for black, none).  Counting types is enough to
know the fewest colour misses (C10) and strong misses (C11) a set of players can reach
(:func:`bipartite_misses` for S1 against S2, :func:`group_misses` among themselves), which is
what lets the greedy pass choose without a search.  :class:`Colours` adds to the field the misses
of given pairs and who gets white on each board (FIDE E.1-E.5), boards in publishing order (D.9).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from matchmaking.dutch_field import ABSOLUTE, STRONG, WHITE, Field


def bipartite_misses(c1: Sequence[int], c2: Sequence[int]) -> tuple[int, int]:
    """(colour misses, strong misses) at best when each of S1's players gets a distinct partner
    from S2 (at least as many), counting colour types only.

    ``c1`` and ``c2`` count the players of each colour type (``Field.kind``): white wanted
    strongly (or absolutely), white mildly, the same for black, and none.  A pair misses when
    both want the same colour; it misses a strong preference when neither of them wants it only
    mildly.  The conflict-free pairs are counted greedily: white-wanters of S1 take S2's
    black-wanters, black-wanters take white-wanters, whoever is left takes S2's players without a
    preference, and S1's players without one take anything left.  No choice does better: a player
    without a preference fits anyone, so using them last loses nothing, and the two sides compete
    only for S2's players without a preference.  The S1 players left over must then meet S2
    players wanting the same colour, and each such pair spares the strong preferences when a mild
    player of either half can be put into it (the conflict-free pairs do not care who they hold).
    """
    w1, b1, z1 = c1[0] + c1[1], c1[2] + c1[3], c1[4]
    w2, b2, z2 = c2[0] + c2[1], c2[2] + c2[3], c2[4]
    total = w1 + b1 + z1
    x1 = min(w1, b2)
    x2 = min(b1, w2)
    w1 -= x1
    b2 -= x1
    b1 -= x2
    w2 -= x2
    x3 = min(w1, z2)
    z2 -= x3
    x4 = min(b1, z2)
    z2 -= x4
    x5 = min(z1, w2 + b2 + z2)
    misses = total - (x1 + x2 + x3 + x4 + x5)
    white_clashes = w1 - x3
    black_clashes = b1 - x4
    strong = max(0, white_clashes - min(c1[1], white_clashes) - min(c2[1], white_clashes))
    strong += max(0, black_clashes - min(c1[3], black_clashes) - min(c2[3], black_clashes))
    return misses, strong


def group_misses(counts: Sequence[int]) -> tuple[int, int]:
    """(colour misses, strong misses) at best when the players counted by colour type
    (``Field.kind``) pair among themselves (one floats when they are odd).

    Players wanting opposite colours, or anyone without a preference, pair without a miss; the
    excess of the larger side pairs among itself, one miss per pair, and a pair misses a strong
    preference only when it holds no player of that side wanting the colour mildly.
    """
    white, black, none = counts[0] + counts[1], counts[2] + counts[3], counts[4]
    excess = abs(white - black) - none
    misses = max(0, excess) // 2
    mild = counts[1] if white >= black else counts[3]
    return misses, max(0, misses - mild)


class Colours(Field):
    """The field's colour counts and colour allocation."""

    def _misses(self, pairs: Iterable[tuple[int, int]]) -> tuple[int, int]:
        """(colour misses, strong misses) of ``pairs``."""
        misses = strong = 0
        for a, b in pairs:
            if self.side[a] != 0 and self.side[a] == self.side[b]:
                misses += 1
                strong += min(self.strength[a], self.strength[b]) >= STRONG
        return misses, strong

    # --- colours and board order ------------------------------------------------------------------

    def _boards(self, pairs: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
        """(white, black) player ids of ``pairs`` (indices), in publishing order (D.9)."""

        def order(pair: tuple[int, int]) -> tuple[float, float, int]:
            a, b = pair
            return (-max(self.score[a], self.score[b]), -(self.score[a] + self.score[b]), min(a, b))

        boards = []
        for a, b in sorted(pairs, key=order):
            white, black = self.colours_for(min(a, b), max(a, b))
            boards.append((self.ids[white], self.ids[black]))
        return tuple(boards)

    def colours_for(self, higher: int, lower: int) -> tuple[int, int]:
        """(white, black) for a pair, ``higher`` ranked above ``lower`` (FIDE E.1-E.5)."""
        sh, sl = self.side[higher], self.side[lower]
        th, tl = self.strength[higher], self.strength[lower]
        if sh and sl and sh != sl:  # E.1: both preferences granted
            return (higher, lower) if sh == WHITE else (lower, higher)
        if th != tl:  # E.2: the stronger preference
            stronger, other = (higher, lower) if th > tl else (lower, higher)
            return (stronger, other) if self.side[stronger] == WHITE else (other, stronger)
        if th == ABSOLUTE and abs(self.cd[higher]) != abs(self.cd[lower]):
            wider, other = (
                (higher, lower) if abs(self.cd[higher]) > abs(self.cd[lower]) else (lower, higher)
            )
            return (wider, other) if self.side[wider] == WHITE else (other, wider)
        for ch, cl in zip(
            reversed(self.colours[higher]), reversed(self.colours[lower]), strict=False
        ):
            if ch != cl:  # E.3: alternate from the last time they had different colours
                return (lower, higher) if ch == WHITE else (higher, lower)
        if sh:  # E.4: the higher-ranked player's preference
            return (higher, lower) if sh == WHITE else (lower, higher)
        # E.5: by the higher-ranked player's pairing number
        gets_initial = self.number[higher] % 2 == 1
        colour = self.initial if gets_initial else -self.initial
        return (higher, lower) if colour == WHITE else (lower, higher)
