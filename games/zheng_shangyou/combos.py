"""Zheng Shangyou combinations: naming a play, comparing two plays, listing every legal answer.

Like Dou Dizhu the game ignores suits, so plays are multisets of *strengths* (0 = 3 … 11 = A,
12 = 2; the pack has only the 2♠ and three Aces).  The shapes are few — single, pair, triple,
straight, pair run — and the bombs form their own ladder: four of a rank (by rank), then the
three Aces, then the heavenly bomb (all four 3s as the very first play), which nothing beats.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from games.cards.groups import runs
from games.cards.shedding import CardCombo, why_not_answer
from games.cards.shedding import describe as describe

ACE: Final = 11
TWO: Final = 12
SEQ_LIMIT: Final = 12
"""Straights and pair runs use strengths below this (3..A): the 2 never joins a sequence."""

BOMB_POWER: Final = {"bomb": 1, "ace_bomb": 2, "heavenly_bomb": 3}
KINDS: Final = ("single", "pair", "triple", "straight", "pair_run", "bomb", "ace_bomb")


class Combo(CardCombo):
    """A named play: ``kind``, top ``rank``, ``length`` (cards of a straight, pairs of a run)."""

    __slots__ = ()

    @property
    def is_bomb(self) -> bool:
        return self.kind in BOMB_POWER


def beats(play: Combo, table: Combo) -> bool:
    """Whether ``play`` answers ``table``: same shape and size and higher, or a stronger bomb."""
    if play.is_bomb or table.is_bomb:
        mine, theirs = BOMB_POWER.get(play.kind, 0), BOMB_POWER.get(table.kind, 0)
        if mine != theirs:
            return mine > theirs
        return play.kind == "bomb" and play.rank > table.rank
    return play.kind == table.kind and play.length == table.length and play.rank > table.rank


def why_not(play: Combo, table: Combo) -> str:
    if table.kind == "heavenly_bomb":
        return "nothing beats the heavenly bomb"
    if table.is_bomb:
        return f"only a stronger bomb beats the {describe(table)} on the table"
    return why_not_answer(play, table, "shape and size, or be a bomb")


def classify(strengths: Sequence[int], first_play: bool = False) -> Combo | None:
    """The shape these strengths form (``first_play``: four 3s are the heavenly bomb)."""
    key = tuple(sorted(strengths))
    n = len(key)
    if n == 0:
        return None
    c = [0] * 13
    for s in key:
        c[s] += 1
    present = [s for s in range(13) if c[s]]
    if len(present) == 1:
        s = present[0]
        if n == 4:
            return Combo("heavenly_bomb" if first_play and s == 0 else "bomb", s, 1, key)
        if n == 3 and s == ACE:
            return Combo("ace_bomb", s, 1, key)
        kind = {1: "single", 2: "pair", 3: "triple"}.get(n)
        return Combo(kind, s, 1, key) if kind else None
    in_sequence = present[-1] < SEQ_LIMIT and present[-1] - present[0] == len(present) - 1
    if in_sequence and all(c[s] == 1 for s in present) and n >= 5:
        return Combo("straight", present[-1], n, key)
    if in_sequence and all(c[s] == 2 for s in present) and len(present) >= 2:
        return Combo("pair_run", present[-1], len(present), key)
    return None


def generate(c: Sequence[int], table: Combo | None, first_play: bool = False) -> list[Combo]:
    """Every play for a hand with counts ``c``: any shape when leading (on the first play only
    those holding a 3, the 3♥ being added by the engine), else every play beating ``table``."""
    out: list[Combo] = []
    if table is None:
        for kind in KINDS:
            _gen(c, kind, None, -1, out)
        if first_play:
            out = [_first(x) for x in out if x.strengths[0] == 0]
        return out
    if not table.is_bomb:
        _gen(c, table.kind, table.length, table.rank, out)
        _gen(c, "bomb", None, -1, out)
        _gen(c, "ace_bomb", None, -1, out)
    elif table.kind == "bomb":
        _gen(c, "bomb", None, table.rank, out)
        _gen(c, "ace_bomb", None, -1, out)
    return out


def _first(combo: Combo) -> Combo:
    """Four 3s in the first play are the heavenly bomb."""
    if combo.kind == "bomb" and combo.rank == 0:
        return Combo("heavenly_bomb", 0, 1, combo.strengths)
    return combo


def _gen(c: Sequence[int], kind: str, length: int | None, above: int, out: list[Combo]) -> None:
    """Append every ``kind`` play (of ``length`` units if given) ranked above ``above``."""
    if kind in ("single", "pair", "triple", "bomb"):
        width = {"single": 1, "pair": 2, "triple": 3, "bomb": 4}[kind]
        for s in range(above + 1, 13):
            if c[s] >= width and not (kind == "triple" and s == ACE):
                out.append(Combo(kind, s, 1, (s,) * width))
    elif kind == "ace_bomb":
        if c[ACE] >= 3:
            out.append(Combo("ace_bomb", ACE, 1, (ACE, ACE, ACE)))
    else:
        width, least = (1, 5) if kind == "straight" else (2, 2)
        for start, size in runs(c, width, length or least, SEQ_LIMIT):
            top = start + size - 1
            if top > above and (length is None or size == length):
                core = tuple(s for s in range(start, top + 1) for _ in range(width))
                out.append(Combo(kind, top, size, core))
