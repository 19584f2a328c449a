"""Starting, pairing and advancing rounds (tournaments.services), per format, in-process."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from live.models import Match, MatchStatus
from live.services import match_abort
from tournaments import selectors, services
from tournaments.errors import TournamentError
from tournaments.models import (
    AuditEntry,
    Bye,
    Entry,
    EntryStatus,
    Pairing,
    PairingStatus,
    Round,
    RoundStatus,
    Tournament,
    TournamentStatus,
)

from .conftest import finish_round, lose, play_out, register, running, start, state_of

pytestmark = pytest.mark.django_db(transaction=True)


def players(make_user, n: int, prefix: str = "p") -> list:  # type: ignore[no-untyped-def]
    return [make_user(f"{prefix}{i}") for i in range(n)]


def test_round_one_starts_a_live_match_per_table_with_the_tournament_clock(
    make_user, make_tournament
) -> None:
    t = make_tournament(rounds=2)
    entries = register(t, players(make_user, 4))
    assert start(t) == "started"
    t.refresh_from_db()
    assert (t.status, t.current_round) == (TournamentStatus.RUNNING, 1)
    tables = running(t)
    assert len(tables) == 2
    seated = sorted(e for p in tables for e in p.players)
    assert seated == sorted(e.pk for e in entries)
    for p in tables:
        match = p.match
        assert match.status == MatchStatus.RUNNING and match.rated
        assert (match.clock["bank_ms"], match.clock["delay_ms"]) == (60_000, 5_000)
        users = list(match.seats.order_by("seat").values_list("user_id", flat=True))
        assert users == [Entry.objects.get(pk=e).user_id for e in p.players]
    assert services.tournament_start(tournament_id=t.pk) == "not_scheduled"  # idempotent


def test_start_waits_for_the_start_time_and_cancels_without_enough_players(
    make_user, make_tournament
) -> None:
    t = make_tournament()
    register(t, players(make_user, 1))
    assert (
        services.tournament_start(tournament_id=t.pk, now=t.starts_at - timedelta(seconds=1))
        == "early"
    )
    assert start(t) == "cancelled"
    t.refresh_from_db()
    assert (t.status, t.status_reason) == (TournamentStatus.CANCELLED, "not enough players")


def test_when_the_last_game_of_a_round_ends_the_next_round_is_paired_exactly_once(
    make_user, make_tournament
) -> None:
    t = make_tournament(rounds=3)
    register(t, players(make_user, 4))
    start(t)
    first, second = running(t)
    lose(first, first.players[1])
    assert Round.objects.filter(tournament=t).count() == 1  # one table still playing
    lose(second, second.players[1])
    t.refresh_from_db()
    assert t.current_round == 2
    assert Round.objects.get(tournament=t, number=1).status == RoundStatus.DONE
    assert len(running(t)) == 2
    # Every later call finds the round in progress; pairing it again is refused.
    assert services.tournament_advance(tournament_id=t.pk) == "playing"
    with pytest.raises(TournamentError) as exc:
        services.round_pair(tournament_id=t.pk, number=2, by_user_id=t.organiser_id)
    assert exc.value.code == "already_paired"
    assert Round.objects.filter(tournament=t).count() == 2
    # Winners (1 point) meet winners: no repeat pairing in round 2.
    r1 = {frozenset(p.players) for p in Pairing.objects.filter(round__number=1, tournament=t)}
    r2 = {frozenset(p.players) for p in Pairing.objects.filter(round__number=2, tournament=t)}
    assert not r1 & r2


def test_a_swiss_runs_to_the_end_and_the_standings_rank_by_score(
    make_user, make_tournament
) -> None:
    t = make_tournament(rounds=2)
    register(t, players(make_user, 4))
    start(t)
    finish_round(t)
    finish_round(t)
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED
    rows = selectors.standings_of(t)
    assert [r.score for r in rows] == sorted((r.score for r in rows), reverse=True)
    assert rows[0].score == 2.0 and rows[-1].score == 0.0
    assert list(rows[0].tiebreaks) == ["BH-C1", "SB", "DE", "WIN"]
    assert AuditEntry.objects.filter(tournament=t, action="finished").count() == 1


def test_round_break_holds_the_next_round_until_it_is_due(make_user, make_tournament) -> None:
    t = make_tournament(rounds=2, round_break_s=30)
    register(t, players(make_user, 4))
    start(t)
    finish_round(t)
    t.refresh_from_db()
    assert t.current_round == 1 and t.next_round_at is not None
    assert services.tournament_advance(tournament_id=t.pk) == "break"
    due = t.next_round_at + timedelta(seconds=1)
    assert services.tournament_advance(tournament_id=t.pk, now=due) == "paired"
    t.refresh_from_db()
    assert t.current_round == 2


def test_odd_field_gives_the_lowest_a_one_point_bye_and_nobody_a_second(
    make_user, make_tournament
) -> None:
    t = make_tournament(rounds=3)
    register(t, players(make_user, 5))
    start(t)
    byes = []
    for _ in range(3):
        t.refresh_from_db()
        (bye,) = Bye.objects.filter(tournament=t, round__number=t.current_round)
        byes.append(bye.entry_id)
        assert (bye.kind, bye.points) == ("pairing-bye", 1.0)
        finish_round(t)
    t.refresh_from_db()
    assert len(set(byes)) == 3  # one bye per player (FIDE C2)
    assert t.status == TournamentStatus.FINISHED
    # Round 1's bye goes to the lowest-rated player: everyone is 1500, so the largest entry id.
    first = Entry.objects.filter(tournament=t).order_by("-pk").first()
    assert byes[0] == first.pk


def test_late_join_until_half_the_rounds_are_played(make_user, make_tournament) -> None:
    t = make_tournament(rounds=4)
    register(t, players(make_user, 4))
    start(t)
    late = services.entry_register(tournament_id=t.pk, user_id=make_user("late").pk)
    assert late.joined_round == 2
    assert all(late.pk not in p.players for p in running(t))  # not paired in the round under way
    finish_round(t)
    paired = [p for p in running(t) if late.pk in p.players] + list(
        Bye.objects.filter(tournament=t, round__number=2, entry=late)
    )
    assert len(paired) == 1
    finish_round(t)  # two of four rounds played: late join has closed
    before = state_of(t)
    with pytest.raises(TournamentError) as exc:
        services.entry_register(tournament_id=t.pk, user_id=make_user("later").pk)
    assert exc.value.code == "closed"
    assert state_of(t) == before
    # Round 1 counts as a zero-point round for the late entrant.
    row = next(r for r in selectors.standings_of(t) if r.entry_id == late.pk)
    cross = selectors.crosstable_of(t)
    cells = next(r for r in cross["rows"] if r["entry_id"] == late.pk)["cells"]
    assert cells[0].kind == "zero-bye" and row.score <= 2.0


def test_an_aborted_game_is_replayed_with_the_same_seats(make_user, make_tournament) -> None:
    t = make_tournament(rounds=1, rated=True)
    register(t, players(make_user, 2))
    start(t)
    (pairing,) = running(t)
    old = pairing.match_id
    match_abort(match_id=old, reason="unreliable time (test)")
    pairing.refresh_from_db()
    assert pairing.status == PairingStatus.PLAYING and pairing.replays == 1
    assert pairing.match_id != old and pairing.earlier_matches == [old]
    assert Match.objects.get(pk=pairing.match_id).status == MatchStatus.RUNNING
    assert AuditEntry.objects.filter(tournament=t, action="replayed").count() == 1
    # After MAX_REPLAYS the table is scored as a shared result.
    for _ in range(services.MAX_REPLAYS):
        match_abort(match_id=pairing.match_id, reason="again")
        pairing.refresh_from_db()
    assert pairing.status == PairingStatus.DONE and pairing.placings == [1, 1]
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED


def test_round_robin_every_pair_meets_once(make_user, make_tournament) -> None:
    t = make_tournament(format="round_robin", rounds=None)
    register(t, players(make_user, 4))
    start(t)
    t.refresh_from_db()
    assert t.rounds == 3
    met = []
    for _ in range(3):
        met += [frozenset(p.players) for p in running(t)]
        finish_round(t)
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED
    assert len(met) == len(set(met)) == 6
    assert list(selectors.standings_of(t)[0].tiebreaks) == ["DE", "SB", "WIN"]


def test_knockout_seeds_byes_and_a_winner(make_user, make_tournament) -> None:
    from ratings.models import Rating

    users = players(make_user, 3)
    for i, u in enumerate(users):
        Rating.objects.create(game="spectacular_bid", user=u, rating=1700 - 100 * i)
    t = make_tournament(format="knockout", rounds=None)
    entries = register(t, users)
    start(t)
    (bye,) = Bye.objects.filter(tournament=t)
    assert bye.entry_id == entries[0].pk  # the top seed
    (semi,) = running(t)
    assert set(semi.players) == {entries[1].pk, entries[2].pk}
    lose(semi, entries[2].pk)
    (final,) = running(t)
    assert set(final.players) == {entries[0].pk, entries[1].pk}
    assert Entry.objects.get(pk=entries[2].pk).status == EntryStatus.ELIMINATED
    lose(final, entries[0].pk)
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED
    rows = selectors.standings_of(t)
    assert [r.entry_id for r in rows] == [entries[1].pk, entries[0].pk, entries[2].pk]
    assert [r.rank for r in rows] == [1, 2, 3]


def test_knockout_match_of_two_games_level_goes_to_a_tiebreak_game(
    make_user, make_tournament
) -> None:
    t = make_tournament(format="knockout", rounds=None, knockout_games=2)
    a, b = register(t, players(make_user, 2))
    start(t)
    (g1,) = running(t)
    lose(g1, g1.players[0])
    (g2,) = running(t)
    assert g2.players == list(reversed(g1.players))  # seats alternate
    lose(g2, g2.players[0])  # 1–1: the tie-break game
    (g3,) = running(t)
    assert g3.ko_game == 2
    lose(g3, g3.players[1])
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED
    assert selectors.standings_of(t)[0].entry_id == g3.players[0]


def test_multiseat_swiss_seats_tables_of_three_and_rotates_sit_outs(
    make_user, make_tournament, ai_jobs
) -> None:
    t = make_tournament(game="dou_dizhu", rounds=2, max_players=20)
    register(t, players(make_user, 2))
    services.entry_add_ai(tournament_id=t.pk, by_user_id=t.organiser_id, level="random", count=5)
    start(t)
    tables = running(t)
    assert [len(p.players) for p in tables] == [3, 3]
    (bye,) = Bye.objects.filter(tournament=t)
    assert bye.points == services.SIT_OUT_POINTS_MULTI
    for p in tables:
        human = [e for e in p.players if Entry.objects.get(pk=e).user_id]
        if human:
            lose(p, human[0])
        else:
            play_out(p.match_id, ai_jobs)
    for p in running(t):
        human = [e for e in p.players if Entry.objects.get(pk=e).user_id]
        if human:
            lose(p, human[0])
        else:
            play_out(p.match_id, ai_jobs)
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED
    second_bye = Bye.objects.get(tournament=t, round__number=2)
    assert second_bye.entry_id != bye.entry_id
    rows = selectors.standings_of(t)
    assert len(rows) == 7 and rows[0].score >= rows[-1].score


def test_an_arena_pass_seating_four_tables_costs_the_queries_of_one_seating_two(
    make_user, make_tournament
) -> None:
    """The pass reads the arena's tables once and starts its tables in one bulk batch: a 2,000
    player arena's pass must not cost queries per table or per finished game (issue #33)."""
    passes = {}
    for n in (4, 8):
        t = make_tournament(format="arena", rounds=None, arena_minutes=10, max_players=n)
        register(t, players(make_user, n, prefix=f"arena{n}-"))
        start(t)
        for pairing in running(t):
            lose(pairing, pairing.players[1])
        with CaptureQueriesContext(connection) as queries:
            result = services.arena_pass(tournament_id=t.pk)
        passes[n] = (result, len(queries.captured_queries))
    assert passes[4][0] == "paired 2" and passes[8][0] == "paired 4"
    assert passes[4][1] == passes[8][1], passes


def test_arena_pairs_the_pool_and_finishes_after_its_time(make_user, make_tournament) -> None:
    t = make_tournament(format="arena", rounds=None, arena_minutes=10)
    register(t, players(make_user, 4))
    start(t)
    t.refresh_from_db()
    first = running(t)
    assert len(first) == 2
    lose(first[0], first[0].players[1])
    assert services.arena_pass(tournament_id=t.pk) == "paired 0"  # two waiting: last opponents
    lose(first[1], first[1].players[1])
    assert services.arena_pass(tournament_id=t.pk) == "paired 2"
    again = running(t)
    assert len(again) == 2
    assert all(frozenset(p.players) not in {frozenset(q.players) for q in first} for p in again)
    assert services.arena_pass(tournament_id=t.pk, now=t.ends_at) == "ending"
    # The time is up (moved for the test): games still running count; nothing new is paired.
    Tournament.objects.filter(pk=t.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    finish_round(t)
    assert services.arena_pass(tournament_id=t.pk) == "finished"
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED and not running(t)
    rows = selectors.standings_of(t)
    assert rows[0].score == 4.0  # two wins (2 + 2); the streak doubles only from the third
    assert list(rows[0].tiebreaks) == ["PERF"]


def test_multiseat_knockout_heats_send_each_tables_winner_to_the_final(
    make_tournament, ai_jobs
) -> None:
    t = make_tournament(game="dou_dizhu", format="knockout", rounds=None, max_players=9)
    services.entry_add_ai(tournament_id=t.pk, by_user_id=t.organiser_id, level="random", count=9)
    start(t)
    heat = running(t)
    assert [len(p.players) for p in heat] == [3, 3, 3]
    # Snake seeding: every table holds one of the three best seeds.
    seeds = (Tournament.objects.get(pk=t.pk).schedule or {})["seeds"]
    assert sorted(seeds.index(p.players[0]) for p in heat) == [0, 1, 2]
    for p in heat:
        play_out(p.match_id, ai_jobs)
    (final,) = running(t)
    winners = []
    for p in Pairing.objects.filter(tournament=t, round__number=1):
        best = min(range(3), key=lambda i: (p.placings[i], seeds.index(p.players[i])))
        winners.append(p.players[best])
    assert sorted(final.players) == sorted(winners)
    assert Entry.objects.filter(tournament=t, status=EntryStatus.ELIMINATED).count() == 6
    play_out(final.match_id, ai_jobs)
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED
    rows = selectors.standings_of(t)
    final_done = Pairing.objects.get(pk=final.pk)
    champion = min(
        final_done.players,
        key=lambda e: (final_done.placings[final_done.players.index(e)], seeds.index(e)),
    )  # a tie at the top goes to the better seed
    assert rows[0].entry_id == champion and {r.entry_id for r in rows[:3]} == set(final.players)
