"""The Dutch Swiss pairing: worked examples from the FIDE rules, and its promises on random events.

Each worked example names the rule it shows; the expected pairings were derived by hand from FIDE
C.04.1 (basic rules), C.04.3 (the Dutch system) and its colour rules E.1-E.5.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from matchmaking.standings import Bye, ByeKind, Game, Results
from matchmaking.swiss import (
    ABSOLUTE,
    BLACK,
    MILD,
    STRONG,
    WHITE,
    Board,
    SwissPairing,
    SwissPlayer,
    assess,
    pair_round,
    players_from_results,
)
from support.sizes import scaled

W, B = WHITE, BLACK


def field(count: int) -> dict[int, float]:
    """Ratings for players 1..count, player 1 the highest (so pairing numbers equal ids)."""
    return {p: 2000.0 - 10 * p for p in range(1, count + 1)}


def boards(pairing: SwissPairing) -> list[tuple[int, int]]:
    return [(b.white, b.black) for b in pairing.boards]


def player(
    pid: int,
    score: float = 0.0,
    colours: tuple[int, ...] = (),
    opponents: tuple[int, ...] = (),
    had_bye: bool = False,
) -> SwissPlayer:
    return SwissPlayer(
        player_id=pid,
        rating=2000.0 - 10 * pid,
        score=score,
        colours=colours,
        opponents=frozenset(opponents),
        had_bye=had_bye,
        floats=(0,) * max(1, len(colours)),
    )


# --- colour preferences (A.6) ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("colours", "expected"),
    [
        ((), (0, 0)),
        ((W,), (B, STRONG)),
        ((W, B), (W, MILD)),
        ((B, W), (B, MILD)),
        ((W, W), (B, ABSOLUTE)),
        ((B, W, W), (B, ABSOLUTE)),
        ((W, B, W, W), (B, ABSOLUTE)),
        ((W, W, B), (B, STRONG)),
        ((B, B, W, B), (W, ABSOLUTE)),
    ],
)
def test_a6_colour_preference_from_history(
    colours: tuple[int, ...], expected: tuple[int, int]
) -> None:
    assert player(1, colours=colours).preference == expected


# --- worked examples ------------------------------------------------------------------------------


def test_round_one_pairs_top_half_against_bottom_half_with_alternating_colours() -> None:
    # 8 players, no history: S1 = 1-4, S2 = 5-8; E.5 gives the initial colour (white) to the
    # higher-ranked player of each board when their pairing number is odd: 1-5, 6-2, 3-7, 8-4.
    ratings = field(8)
    pairing = pair_round(players_from_results(Results(ratings, []), ratings))
    assert boards(pairing) == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert pairing.bye is None and pairing.relaxed == ()


def test_round_one_initial_colour_black_swaps_every_board() -> None:
    ratings = field(4)
    pairing = pair_round(players_from_results(Results(ratings, []), ratings), initial_colour=BLACK)
    assert boards(pairing) == [(3, 1), (2, 4)]


def test_odd_field_gives_the_pairing_allocated_bye_to_the_lowest_ranked() -> None:
    # C.04.1.c: seven players, the seventh (lowest ranked) sits out; 1-4, 5-2, 3-6.
    ratings = field(7)
    pairing = pair_round(players_from_results(Results(ratings, []), ratings))
    assert pairing.bye == 7
    assert boards(pairing) == [(1, 4), (5, 2), (3, 6)]


def test_round_two_worked_example_brackets_floats_and_colours() -> None:
    # Round 1: 1-5 1-0, 6-2 0-1, 3-7 ½-½, 8-4 0-1.
    # Brackets: 1.0 {1, 2, 4}, 0.5 {3, 7}, 0 {5, 6, 8}.
    # 1.0 is odd: the lowest ranked (4) floats; 1-2 pair, 2 white (E.1: both preferences).
    # 0.5: MDP 4 (wants white) meets 3 (wants black), not 7 (wants white too: C10); 7 floats.
    # 0: MDP 7 (wants white) meets 6 (wants black) before 5 (wants white); then 5-8.
    ratings = field(8)
    games = [
        Game(1, (1, 5), (1, 2)),
        Game(1, (6, 2), (2, 1)),
        Game(1, (3, 7), (1, 1)),
        Game(1, (8, 4), (2, 1)),
    ]
    players = players_from_results(Results(ratings, games), ratings)
    pairing = pair_round(players)
    assert boards(pairing) == [(2, 1), (4, 3), (7, 6), (5, 8)]
    quality = assess(players, pairing)
    assert quality.downfloaters == 2 and quality.colour_misses == 0


def test_c1_no_repeat_pairing_transposes_s2() -> None:
    # Four players on the same score, all mildly wanting white (so every pairing misses the same
    # two preferences); 1 already met 3.  S1 = {1, 2}, S2 = {3, 4}: 1-3 is out, so the next
    # transposition pairs 1-4 and 2-3.
    players = [
        player(1, 1, (W, B), (3, 5)),
        player(2, 1, (W, B), (6, 7)),
        player(3, 1, (W, B), (1, 8)),
        player(4, 1, (W, B), (9, 10)),
    ]
    pairing = pair_round(players)
    assert {frozenset(p) for p in boards(pairing)} == {frozenset({1, 4}), frozenset({2, 3})}
    assert pairing.relaxed == ()


def test_c2_bye_skips_a_player_who_already_had_one() -> None:
    # Five players: the lowest ranked (5) already had the pairing-allocated bye (its one point),
    # so the next lowest, 4, takes it.
    players = [
        player(1, 1, (W,), (2,)),
        player(2, 0, (B,), (1,)),
        player(3, 1, (W,), (4,)),
        player(4, 0, (B,), (3,)),
        player(5, 0, (), (), had_bye=True),
    ]
    pairing = pair_round(players)
    assert pairing.bye == 4
    assert pairing.relaxed == ()


def test_c3_two_players_who_both_must_have_white_do_not_meet() -> None:
    # 1 and 2 both had black twice running: each must get white (absolute), so they cannot meet
    # although S1-S2 order would pair them; 1-3 and 2-4 are the only legal pairs.
    players = [
        player(1, 1, (B, B)),
        player(2, 1, (B, B)),
        player(3, 1, (W, W)),
        player(4, 1, (W, W)),
    ]
    pairing = pair_round(players)
    assert sorted(boards(pairing)) == [(1, 3), (2, 4)]


def test_c3_does_not_apply_to_topscorers_in_the_final_round() -> None:
    # After two rounds: 1 and 2 (2 points) both had black twice and need white absolutely; 5 and 6
    # (0 points) had white twice and need black absolutely.  In the final round (3 of 3) 1 and 2
    # are topscorers (over half of 2 points), so C3 lets them meet: E.2 cannot split two absolute
    # preferences of equal width, E.3 finds equal histories, and E.4 gives white to 1.  5 and 6
    # are not topscorers and may not meet, so 3 and 4 split them up.
    players = [
        player(1, 2, (B, B), (3, 4)),
        player(2, 2, (B, B), (5, 6)),
        player(3, 1, (W, B), (1, 5)),
        player(4, 1, (B, W), (1, 6)),
        player(5, 0, (W, W), (2, 3)),
        player(6, 0, (W, W), (2, 4)),
    ]
    final = pair_round(players, total_rounds=3)
    assert sorted(boards(final)) == [(1, 2), (3, 6), (4, 5)]
    assert final.relaxed == ()
    # Earlier in a longer event C3 holds for everyone: 1 and 2 float down instead.  2 meets 4
    # (who wants black), 1 meets 5 and 3 meets 6, the only players left they have not met.
    earlier = pair_round(players, total_rounds=5)
    assert sorted(boards(earlier)) == [(1, 5), (2, 4), (3, 6)]
    assert earlier.relaxed == ()


def test_e2_absolute_preference_beats_a_mild_one() -> None:
    players = [player(1, 1, (W, B)), player(2, 1, (W, W))]
    # 1 mildly wants white, 2 absolutely wants black: 2 gets black, 1 white.
    assert boards(pair_round(players)) == [(1, 2)]
    players = [player(1, 1, (B, W)), player(2, 1, (B, B))]
    # 1 mildly wants black, 2 absolutely wants white.
    assert boards(pair_round(players)) == [(2, 1)]


def test_e3_alternate_from_the_last_time_colours_differed() -> None:
    # Both have colour difference 0 and black last: both mildly want white.  Walking back from the
    # last game: black/black, white/white, then 1 had white where 2 had black, so now 1 gets black
    # (E.4 alone would have given the higher-ranked 1 white).
    players = [player(1, 1, (B, W, W, B)), player(2, 1, (W, B, W, B))]
    assert boards(pair_round(players)) == [(2, 1)]


def test_e4_higher_ranked_players_preference_when_all_else_is_equal() -> None:
    # Same colour histories: E.3 finds no difference; E.4 grants 1 (higher ranked) its preference.
    players = [player(1, 1, (B,)), player(2, 1, (B,))]
    assert boards(pair_round(players)) == [(1, 2)]
    players = [player(1, 1, (W,)), player(2, 1, (W,))]
    assert boards(pair_round(players)) == [(2, 1)]


def test_e5_pairing_number_parity_when_nobody_has_a_preference() -> None:
    # Two players without games: the higher ranked has pairing number 1 (odd): initial colour.
    assert boards(pair_round([player(1), player(2)])) == [(1, 2)]
    # Ranked by score, 2 is higher, and its pairing number (2) is even: it gets the other colour.
    assert boards(pair_round([player(1), player(2, 1.0)])) == [(1, 2)]


def test_completion_a_bracket_floats_the_player_the_rest_of_the_round_can_take() -> None:
    # Five players: 5 (lowest) gets the bye.  Bracket 1.0 = {1, 2, 3} is odd and its lowest
    # ranked, 3, would float by default, but 3 has met 4, the only player below, so the round
    # could not be completed.  2 floats instead and meets 4, while 1-3 pair.  (Colours do not
    # decide it: 1, 2, 3 all mildly want white, 4 and 5 black.)
    players = [
        player(1, 1, (W, B), (6, 7)),
        player(2, 1, (W, B), (8, 9)),
        player(3, 1, (W, B), (4, 5)),
        player(4, 0, (B, W), (3, 5)),
        player(5, 0, (B, W), (3, 4)),
    ]
    pairing = pair_round(players)
    pairs = {frozenset(p) for p in boards(pairing)}
    assert pairs == {frozenset({1, 3}), frozenset({2, 4})}
    assert pairing.relaxed == ()
    assert pairing.bye == 5


def test_relaxation_repeat_only_when_unavoidable() -> None:
    players = [player(1, 1, (W,), (2,)), player(2, 0, (B,), (1,))]
    pairing = pair_round(players)
    assert boards(pairing) == [(2, 1)]
    assert pairing.relaxed == ("repeat",)


def test_a_lone_player_gets_the_bye() -> None:
    assert pair_round([player(1)]) == SwissPairing(boards=(), bye=1)
    assert pair_round([]) == SwissPairing(boards=(), bye=None)


def test_forbidden_pairs_never_meet() -> None:
    ratings = field(8)
    pairing = pair_round(players_from_results(Results(ratings, []), ratings), forbidden=[(1, 5)])
    assert boards(pairing) == [(1, 6), (5, 2), (3, 7), (8, 4)]


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError):
        pair_round([player(1), player(1)])
    with pytest.raises(ValueError):
        pair_round([player(1)], initial_colour=0)


def test_players_from_results_reads_colours_floats_byes_and_forfeits() -> None:
    # Round 1: 1-3 1-0; 4-2 with 4 absent (2 wins by forfeit).  Round 2: 2-1 drawn; 3 gets the
    # pairing-allocated bye (1 point), 4 nothing.  A forfeit leaves no colour and no "met"; not
    # playing is a downfloat (A.4.b).
    ratings = field(4)
    games = [
        Game(1, (1, 3), (1, 2)),
        Game(1, (4, 2), (2, 1), absent=frozenset({4})),
        Game(2, (2, 1), (1, 1)),
    ]
    byes = [Bye(2, 3, ByeKind.PAIRING, 1.0), Bye(2, 4, ByeKind.ZERO, 0.0)]
    players = {p.player_id: p for p in players_from_results(Results(ratings, games, byes), ratings)}
    assert players[1].colours == (W, B) and players[1].opponents == {2, 3}
    assert players[1].floats == (0, 0) and players[1].score == 1.5
    assert players[2].colours == (W,) and players[2].opponents == {1}
    assert players[2].had_bye and players[2].floats == (-1, 0)
    assert players[3].had_bye and players[3].score == 1.0 and players[3].floats == (0, -1)
    assert players[4].floats == (-1, -1) and not players[4].had_bye


def test_the_result_does_not_depend_on_the_order_of_the_players() -> None:
    ratings = field(11)
    rng = random.Random(5)
    games, byes = simulate(ratings, 4, rng)
    players = players_from_results(Results(ratings, games, byes), ratings)
    expected = pair_round(players)
    for _ in range(5):
        shuffled = list(players)
        rng.shuffle(shuffled)
        assert pair_round(shuffled) == expected


# --- properties -----------------------------------------------------------------------------------


def simulate(
    ratings: dict[int, float], rounds: int, rng: random.Random
) -> tuple[list[Game], list[Bye]]:
    """Pair and play ``rounds`` rounds with random results."""
    games: list[Game] = []
    byes: list[Bye] = []
    for r in range(1, rounds + 1):
        players = players_from_results(Results(ratings, games, byes, rounds=r - 1), ratings)
        pairing = pair_round(players)
        for board in pairing.boards:
            games.append(Game(r, (board.white, board.black), rng.choice([(1, 2), (1, 1), (2, 1)])))
        if pairing.bye is not None:
            byes.append(Bye(r, pairing.bye, ByeKind.PAIRING, 1.0))
    return games, byes


def legal_pairing_exists(players: list[SwissPlayer]) -> bool:
    """Brute force: can the round be paired under C1, C2 and C3 (no topscorers)?"""
    by_id = {p.player_id: p for p in players}

    def allowed(a: int, b: int) -> bool:
        pa, pb = by_id[a], by_id[b]
        if b in pa.opponents:
            return False
        (sa, ta), (sb, tb) = pa.preference, pb.preference
        return not (ta == ABSOLUTE and tb == ABSOLUTE and sa == sb)

    def perfect(ids: list[int]) -> bool:
        if not ids:
            return True
        first, rest = ids[0], ids[1:]
        return any(allowed(first, b) and perfect([x for x in rest if x != b]) for b in rest)

    ids = sorted(by_id)
    if len(ids) % 2 == 0:
        return perfect(ids)
    return any(not by_id[c].had_bye and perfect([x for x in ids if x != c]) for c in ids)


@settings(max_examples=scaled(200))
@example(size=11, rounds=11, seed=12212)
@given(
    size=st.integers(min_value=2, max_value=11),
    rounds=st.integers(min_value=1, max_value=12),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_swiss_promises_over_whole_tournaments(size: int, rounds: int, seed: int) -> None:
    """Every round: everyone seated once; no repeat, no second bye and no absolute colour clash
    unless no legal pairing exists (checked by brute force); colour difference within ±2 and never
    three in a row of one colour while nothing was relaxed."""
    rng = random.Random(seed)
    ratings = {p: float(rng.randint(1000, 2400)) for p in range(1, size + 1)}
    games: list[Game] = []
    byes: list[Bye] = []
    for r in range(1, rounds + 1):
        players = players_from_results(Results(ratings, games, byes, rounds=r - 1), ratings)
        pairing = pair_round(players)
        seated = [x for b in pairing.boards for x in (b.white, b.black)]
        if pairing.bye is not None:
            seated.append(pairing.bye)
        assert sorted(seated) == sorted(ratings)
        assert (pairing.relaxed == ()) == legal_pairing_exists(players)
        quality = assess(players, pairing)
        if not pairing.relaxed:
            assert quality.repeats == 0 and quality.second_byes == 0
            assert quality.absolute_misses == 0
        for board in pairing.boards:
            games.append(Game(r, (board.white, board.black), rng.choice([(1, 2), (1, 1), (2, 1)])))
        if pairing.bye is not None:
            byes.append(Bye(r, pairing.bye, ByeKind.PAIRING, 1.0))
        if not pairing.relaxed:
            after = players_from_results(Results(ratings, games, byes, rounds=r), ratings)
            played = {x for b in pairing.boards for x in (b.white, b.black)}
            for p in after:
                assert abs(p.colour_difference) <= 2
                # This round made no run of three (a run an earlier, relaxed round made stays in
                # the history: seed 12212, 11 players, rounds 9 and 10).
                last = p.colours[-3:]
                assert not (p.player_id in played and len(last) == 3 and len(set(last)) == 1)


@settings(max_examples=scaled(30))
@given(seed=st.integers(min_value=0, max_value=10**6), size=st.integers(40, 120))
def test_large_fields_pair_everyone_without_relaxing(seed: int, size: int) -> None:
    """A realistic field (more players than rounds) never needs a relaxation, and no bracket
    leaves more players floating than the score groups force."""
    rng = random.Random(seed)
    ratings = {p: rng.gauss(1500, 300) for p in range(1, size + 1)}
    games, byes = simulate(ratings, 5, rng)
    players = players_from_results(Results(ratings, games, byes), ratings)
    pairing = pair_round(players)
    assert pairing.relaxed == ()
    quality = assess(players, pairing)
    assert quality.repeats == quality.second_byes == quality.absolute_misses == 0
    groups = len({round(p.score, 9) for p in players})
    assert quality.downfloaters <= 2 * groups


def test_every_bye_is_a_first_one_and_leaves_a_legal_round() -> None:
    """Byes (over many small tournaments): never a second one while avoidable, and the rest of the
    round pairs legally (checked by brute force).  The bye goes to whoever the last bracket leaves
    over (C.04.3), which is not always the lowest score that could take it: a leader who cannot
    be paired on the way down may get it (``test_swiss_dutch.py`` works such a round); so this
    no longer asserts that nobody eligible with a lower score could have taken it."""
    for seed in range(12):
        rng = random.Random(seed)
        ratings = {p: float(rng.randint(1000, 2400)) for p in range(1, 10)}
        games: list[Game] = []
        byes: list[Bye] = []
        for r in range(1, 6):
            players = players_from_results(Results(ratings, games, byes, rounds=r - 1), ratings)
            pairing = pair_round(players)
            assert pairing.bye is not None
            chosen = next(p for p in players if p.player_id == pairing.bye)
            if not pairing.relaxed:
                assert not chosen.had_bye
                rest = [q for q in players if q.player_id != chosen.player_id]
                assert legal_pairing_exists(rest)
            for board in pairing.boards:
                games.append(
                    Game(r, (board.white, board.black), rng.choice([(1, 2), (1, 1), (2, 1)]))
                )
            byes.append(Bye(r, pairing.bye, ByeKind.PAIRING, 1.0))


def test_board_order_follows_d9() -> None:
    """Boards are published by the higher score, then the summed score, then rank."""
    rng = random.Random(3)
    ratings = {p: float(rng.randint(1000, 2400)) for p in range(1, 21)}
    games, byes = simulate(ratings, 3, rng)
    players = players_from_results(Results(ratings, games, byes), ratings)
    score = {p.player_id: p.score for p in players}
    pairing = pair_round(players)
    keys = [
        (-max(score[b.white], score[b.black]), -(score[b.white] + score[b.black]))
        for b in pairing.boards
    ]
    assert keys == sorted(keys)


def test_assess_counts_floaters_colours_and_repeats() -> None:
    players = [player(1, 1, (W,), (2,)), player(2, 0, (W,), (1,))]
    pairing = SwissPairing((Board(1, 2),), None)
    quality = assess(players, pairing)
    assert (quality.downfloaters, quality.score_gap) == (1, 1.0)
    assert (quality.colour_misses, quality.strong_misses, quality.absolute_misses) == (1, 1, 0)
    assert quality.repeats == 1


def test_nine_rounds_of_thirty_one_players_never_repeat_a_pairing_or_a_bye() -> None:
    rng = random.Random(11)
    ratings = {p: float(rng.randint(1000, 2400)) for p in range(1, 32)}
    games, byes = simulate(ratings, 9, rng)
    met = [frozenset(g.players) for g in games]
    assert len(met) == len(set(met)) == 9 * 15
    assert len({b.player for b in byes}) == len(byes) == 9
