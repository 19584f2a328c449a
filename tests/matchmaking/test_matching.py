"""Matchings: the weighted blossom algorithm and augmenting paths, checked against brute force."""

from __future__ import annotations

import functools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from matchmaking.matching import (
    UNMATCHED,
    augment,
    max_weight_matching,
    maximum_matching,
)
from support.sizes import scaled


def best_by_brute_force(
    size: int, edges: list[tuple[int, int, int]], max_cardinality: bool
) -> tuple[int, int]:
    """(pairs, weight) of the best matching, by trying every matching (small graphs only)."""
    weight = {(min(i, j), max(i, j)): w for i, j, w in edges}

    @functools.cache
    def best(mask: int) -> tuple[int, int]:
        if mask == 0:
            return (0, 0)
        i = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << i)
        result = best(rest)
        for j in range(size):
            if rest >> j & 1 and (i, j) in weight:
                pairs, total = best(rest & ~(1 << j))
                candidate = (pairs + 1, total + weight[(i, j)])
                better = candidate > result if max_cardinality else candidate[1] > result[1]
                if better:
                    result = candidate
        return result

    return best((1 << size) - 1)


def graphs() -> st.SearchStrategy[tuple[int, list[tuple[int, int, int]]]]:
    @st.composite
    def build(draw: st.DrawFn) -> tuple[int, list[tuple[int, int, int]]]:
        size = draw(st.integers(min_value=0, max_value=10))
        top = draw(st.sampled_from([1, 5, 100, 10**12]))
        edges = []
        for i in range(size):
            for j in range(i + 1, size):
                if draw(st.booleans()):
                    edges.append((i, j, draw(st.integers(min_value=0, max_value=top))))
        return size, edges

    return build()


def check_mate(mate: list[int], edges: list[tuple[int, int, int]]) -> tuple[int, int]:
    allowed = {(min(i, j), max(i, j)): w for i, j, w in edges}
    pairs = total = 0
    for v, u in enumerate(mate):
        if u == UNMATCHED:
            continue
        assert mate[u] == v
        if v < u:
            assert (v, u) in allowed
            pairs += 1
            total += allowed[(v, u)]
    return pairs, total


@settings(max_examples=scaled(600))
@given(graph=graphs())
def test_max_weight_matching_is_optimal(graph: tuple[int, list[tuple[int, int, int]]]) -> None:
    size, edges = graph
    pairs, total = check_mate(max_weight_matching(size, edges), edges)
    assert total == best_by_brute_force(size, edges, max_cardinality=False)[1]
    pairs, total = check_mate(max_weight_matching(size, edges, max_cardinality=True), edges)
    assert (pairs, total) == best_by_brute_force(size, edges, max_cardinality=True)


@settings(max_examples=scaled(600))
@given(graph=graphs(), order=st.randoms(use_true_random=False))
def test_maximum_matching_has_maximum_size(
    graph: tuple[int, list[tuple[int, int, int]]], order: random.Random
) -> None:
    size, edges = graph
    allowed = {(min(i, j), max(i, j)) for i, j, _ in edges}
    vertices = list(range(size))
    order.shuffle(vertices)
    mate = maximum_matching(vertices, lambda a, b: (min(a, b), max(a, b)) in allowed, size)
    pairs, _ = check_mate(mate, [(i, j, 1) for i, j in allowed])
    expected = best_by_brute_force(size, [(i, j, 1) for i, j in allowed], True)[0]
    assert pairs == expected


def test_weighted_matching_prefers_weight_over_size_unless_asked() -> None:
    # A path a-b-c-d with a heavy middle edge: weight picks b-c alone; cardinality picks a-b, c-d.
    edges = [(0, 1, 2), (1, 2, 10), (2, 3, 2)]
    assert max_weight_matching(4, edges) == [UNMATCHED, 2, 1, UNMATCHED]
    assert max_weight_matching(4, edges, max_cardinality=True) == [1, 0, 3, 2]


def test_weighted_matching_handles_a_blossom() -> None:
    # A triangle 0-1-2 with a pendant 3 on 2: the odd cycle must be contracted to find 0-1, 2-3.
    edges = [(0, 1, 5), (1, 2, 5), (0, 2, 5), (2, 3, 5)]
    mate = max_weight_matching(4, edges)
    assert check_mate(mate, edges) == (2, 10)


def test_augment_flips_a_path_through_a_blossom() -> None:
    # Triangle 0-1-2 (1-2 matched), 0 free; 3 free hangs on 1: the path 0-2-1-3 needs the
    # blossom {0, 1, 2}.
    allowed = {(0, 1), (0, 2), (1, 2), (1, 3)}
    mate = [UNMATCHED, 2, 1, UNMATCHED]
    assert augment(mate, 0, [0, 1, 2, 3], lambda a, b: (min(a, b), max(a, b)) in allowed)
    assert check_mate(mate, [(i, j, 1) for i, j in allowed])[0] == 2


def test_augment_reports_when_no_path_exists() -> None:
    mate = [UNMATCHED, 2, 1, UNMATCHED]
    allowed = {(1, 2), (0, 1)}
    before = list(mate)
    assert not augment(mate, 0, [0, 1, 2, 3], lambda a, b: (min(a, b), max(a, b)) in allowed)
    assert mate == before


def test_augment_uses_the_free_list_first() -> None:
    # In a complete graph the listed free vertex is taken at once.
    mate = [UNMATCHED] * 6
    mate[1], mate[2] = 2, 1
    assert augment(mate, 0, range(6), lambda a, b: a != b, free=[5])
    assert mate[0] == 5 and mate[5] == 0
