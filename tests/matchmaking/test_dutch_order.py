"""FIDE Dutch generation order (C.04.3 D.1, D.2) as :mod:`matchmaking.dutch_order` produces it.

Positions are bracket sequence numbers less one; the examples are the rules' own where they give
one (D.2's exchange examples are for an eleven-player bracket: S1 = 1-5, S2 = 6-11)."""

from __future__ import annotations

from math import comb

from matchmaking.dutch_order import candidates, exchanges, transpositions


def _bsn(exchange: tuple[tuple[int, ...], tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    down, up = exchange
    return tuple(v + 1 for v in down), tuple(v + 1 for v in up)


def test_transpositions_come_in_lexicographic_order_of_s2() -> None:
    found = [[b for _, b in c] for c in transpositions([0, 1], [2, 3, 4], lambda a, b: True)]
    assert found == [[2, 3], [2, 4], [3, 2], [3, 4], [4, 2], [4, 3]]


def test_transpositions_skip_pairs_that_do_not_fit() -> None:
    met = {(0, 2), (1, 3)}
    found = list(transpositions([0, 1], [2, 3], lambda a, b: (a, b) not in met))
    assert found == [[(0, 3), (1, 2)]]


def test_exchanges_start_with_none_and_take_the_fewest_players_first() -> None:
    order = [_bsn(e) for e in exchanges(5, 6)]
    assert order[0] == ((), ())
    sizes = [len(down) for down, _ in order]
    assert sizes == sorted(sizes)
    assert len(order) == 1 + sum(comb(5, k) * comb(6, k) for k in range(1, 6))  # each once


def test_exchange_order_follows_the_examples_of_d2() -> None:
    order = [_bsn(e) for e in exchanges(5, 6)]
    place = {e: k for k, e in enumerate(order)}
    # b: the smallest difference of the sums moved: 6 for 4 before 8 for 5, 8+6 for 4+3 before
    # 9+8 for 5+4.
    assert place[((4,), (6,))] < place[((5,), (8,))]
    assert place[((3, 4), (6, 8))] < place[((4, 5), (8, 9))]
    # c: the highest number moved from S1: 5 before 4 (same difference), 5-2 before 4-3.
    assert place[((5,), (7,))] < place[((4,), (6,))]
    assert place[((2, 5), (6, 9))] < place[((3, 4), (6, 9))]
    assert place[((1, 4, 5), (6, 7, 8))] < place[((2, 3, 5), (6, 7, 8))]
    # d: the lowest number moved from S2: 6-9 before 7-8.
    assert place[((4, 5), (6, 9))] < place[((4, 5), (7, 8))]
    # The very first exchange swaps S1's last with S2's first.
    assert order[1] == ((5,), (6,))


def test_candidates_try_every_transposition_before_any_exchange() -> None:
    found = list(candidates(4, lambda a, b: True))
    assert found[:2] == [[(0, 2), (1, 3)], [(0, 3), (1, 2)]]
    # The first exchange (BSN 2 with 3): S1 = 1, 3 against S2 = 2, 4.
    assert found[2] == [(0, 1), (2, 3)]


def test_an_odd_bracket_floats_whoever_s2_leaves_over() -> None:
    first = next(candidates(5, lambda a, b: (a, b) != (1, 3)))
    assert first == [(0, 2), (1, 4)]  # 4 (BSN) floats


def test_a_heterogeneous_bracket_pairs_its_moved_down_players_first_then_the_remainder() -> None:
    # One moved-down player (position 0) and four residents: 0 meets the residents in order; for
    # each choice the three residents left are a remainder of their own (S1 = its first, S2 the
    # other two), transposed and then exchanged, before the MDP's next partner is tried.
    found = list(candidates(5, lambda a, b: True, moved_down=1))
    assert found[:3] == [
        [(0, 1), (2, 3)],
        [(0, 1), (2, 4)],
        [(0, 1), (3, 2)],  # the remainder's exchange: S1 = 3 meets S2 = 2, 4 in order
    ]
    # Two transpositions and two exchanges of two pairings each, then 0's next partner.
    assert [c[0] for c in found[:7]] == [(0, 1)] * 6 + [(0, 2)]


def test_a_moved_down_player_who_meets_nobody_leaves_no_candidate_with_every_pair() -> None:
    assert list(candidates(4, lambda a, b: a != 0, moved_down=1)) == []


def test_fewer_pairs_shrink_s1_and_float_more_of_s2() -> None:
    # Four players, one pair wanted: S1 = 1 alone against S2 = 2, 3, 4, then the exchanges.
    found = list(candidates(4, lambda a, b: True, pairs=1))
    assert found[:3] == [[(0, 1)], [(0, 2)], [(0, 3)]]
    assert found[3] == [(1, 0)]  # the first exchange: BSN 2 moves up into S1


def test_moved_down_players_left_in_the_limbo_are_swapped_in_later() -> None:
    # Two moved-down players, one resident: only one MDP can be paired; the higher one first.
    found = list(candidates(3, lambda a, b: True, moved_down=2, pairs=1))
    assert found == [[(0, 2)], [(1, 2)]]


def test_a_hopeless_choice_of_partners_skips_its_whole_remainder() -> None:
    # MDP 0 with residents 1-4: the caller rules out meeting 1, so every candidate pairs 0 with 2.
    def hopeless(top: list[tuple[int, int]], rest: list[int]) -> bool:
        assert sorted(rest + [b for _, b in top]) == [1, 2, 3, 4]
        return top == [(0, 1)]

    found = list(candidates(5, lambda a, b: True, moved_down=1, hopeless=hopeless))
    assert found and all(c[0] == (0, 2) for c in found[:6]) and found[6][0] == (0, 3)
