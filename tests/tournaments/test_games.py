"""What happens at the tables: no-shows, duplicate deals, the match hook, the sweep and locking."""

from __future__ import annotations

import pytest

from live import services as live_services
from live.models import Match, MatchStatus
from live.services import action_submit, match_wake
from support.live import engine_state, first_legal
from tournaments import selectors, services
from tournaments.models import (
    AuditEntry,
    Entry,
    EntryStatus,
    Pairing,
    PairingStatus,
    Round,
    TournamentStatus,
)

from .conftest import finish_round, register, running, start

pytestmark = pytest.mark.django_db(transaction=True)


def only_one_plays(match: Match, player_user_id: int, wall) -> None:  # type: ignore[no-untyped-def]
    """The user ``player_user_id`` acts at every decision of theirs; the other seat never does,
    and the clock (its first-move time: the game starts by itself) runs until it ends."""
    seat = match.seats.get(user_id=player_user_id).seat
    for step in range(500):
        match.refresh_from_db()
        if match.status != MatchStatus.RUNNING:
            return
        if seat in {d.seat for d in engine_state(match).pending()}:
            action_submit(
                match_id=match.pk,
                action=first_legal(match, seat),
                command_id=f"x{step}",
                user_id=player_user_id,
            )
            continue
        wall.advance(5_000)
        match_wake(match_id=match.pk)
    raise AssertionError("the match did not end")


def test_a_player_who_never_moves_forfeits_and_is_withdrawn_after_two_no_shows(
    make_user, make_tournament, wall
) -> None:
    t = make_tournament(rounds=3)
    present, absent = make_user("here"), make_user("away")
    register(t, [present, absent])
    start(t)
    for number in (1, 2):
        (pairing,) = running(t)
        only_one_plays(pairing.match, present.pk, wall)
        pairing.refresh_from_db()
        away = Entry.objects.get(tournament=t, user=absent).pk
        assert pairing.status == PairingStatus.DONE
        assert (pairing.absent, pairing.no_shows) == ([away], [away])
        assert pairing.match.end_reason == "time"
        t.refresh_from_db()
        if number == 1:
            assert t.current_round == 2
    t.refresh_from_db()
    entry = Entry.objects.get(tournament=t, user=absent)
    assert entry.status == EntryStatus.WITHDRAWN and "2 times" in entry.status_reason
    assert AuditEntry.objects.filter(tournament=t, action="withdrawn_no_show").count() == 1
    # Only one active player left: the tournament is over after round 2.
    assert t.status == TournamentStatus.FINISHED
    cross = {r["entry_id"]: r["cells"] for r in selectors.crosstable_of(t)["rows"]}
    assert [c.kind for c in cross[entry.pk]] == ["forfeit-loss", "forfeit-loss"]


def test_duplicate_deals_every_table_plays_the_same_deals_and_is_scored_by_matchpoints(
    make_user, make_tournament
) -> None:
    from games.registry import get_game

    t = make_tournament(rounds=1, duplicate_deals=True, max_players=8)
    register(t, [make_user(f"d{i}") for i in range(6)])
    start(t)
    tables = running(t)
    assert len(tables) == 3
    rnd = Round.objects.get(tournament=t, number=1)
    game = get_game("spectacular_bid")
    expected = [game.deal_for(2, rnd.deal_seed, i) for i in range(services.DUPLICATE_DEALS)]
    for p in tables:
        assert p.match.seed == rnd.deal_seed
        assert p.match.options["deals"] == expected
    # Same cards, seat for seat: seat 0 wins at two tables, seat 1 at the third.
    finish_round(t, winner=lambda players: players[0])
    done = {p.pk: p for p in Pairing.objects.filter(round=rnd)}
    for p in done.values():
        assert p.points is not None and len(p.points) == 2
        assert all(0.0 <= x <= 1.0 for x in p.points)
    # Every seat-0 player won by resignation with the same score as the others: their
    # matchpoints tie at ½; the standings use the matchpoints, not 1 / 0.
    assert {tuple(p.points) for p in done.values()} == {(0.5, 0.5)}
    t.refresh_from_db()
    rows = selectors.standings_of(t)
    total = sum(r.score for r in rows)
    assert total == pytest.approx(sum(sum(p.points) for p in done.values()))


def test_duplicate_matchpoints_compare_each_seat_across_tables() -> None:
    """A worked example of the comparison (services.duplicate.score_duplicate's rule): three
    tables of the same deals; at seat 0 the game scores were 30, 10, 10 → matchpoints 1, ¼, ¼."""
    from tournaments.models import Pairing as P
    from tournaments.services import duplicate

    tables = [
        P(pk=1, players=[1, 2], placings=[1, 2], scores=[30, 0], absent=[]),
        P(pk=2, players=[3, 4], placings=[1, 2], scores=[10, 5], absent=[]),
        P(pk=3, players=[5, 6], placings=[1, 2], scores=[10, 5], absent=[6]),
    ]
    values = [duplicate.duplicate_value(p, 0, p.players[0]) for p in tables]
    assert values[0] > values[1] == values[2]
    seat0 = []
    for p in tables:
        mine = duplicate.duplicate_value(p, 0, p.players[0])
        won = sum(
            1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
            for q in tables
            if q.pk != p.pk
            for theirs in [duplicate.duplicate_value(q, 0, q.players[0])]
        )
        seat0.append(won / 2)
    assert seat0 == [1.0, 0.25, 0.25]
    # An absentee is beaten by everyone at its seat.
    assert duplicate.duplicate_value(tables[2], 1, 6) < duplicate.duplicate_value(tables[0], 1, 2)


def test_the_hook_records_only_tournament_matches_and_never_blocks_an_ending(
    make_user, make_tournament, monkeypatch
) -> None:
    t = make_tournament(rounds=1)
    register(t, [make_user("h1"), make_user("h2")])
    start(t)
    (pairing,) = running(t)

    def broken(match):  # type: ignore[no-untyped-def]
        raise RuntimeError("bug in the tournament app")

    from tournaments.services import results

    monkeypatch.setattr(results, "record_match", broken)
    loser = Entry.objects.get(pk=pairing.players[1]).user_id
    live_services.match_resign(match_id=pairing.match_id, command_id="r", user_id=loser)
    match = Match.objects.get(pk=pairing.match_id)
    assert match.status == MatchStatus.FINISHED  # the match ended all the same
    pairing.refresh_from_db()
    assert pairing.status == PairingStatus.PLAYING
    monkeypatch.undo()
    # The sweep records what the hook could not, and the round moves on.
    done = services.tournaments_sweep()
    assert done.get("recorded") == 1
    pairing.refresh_from_db()
    t.refresh_from_db()
    assert pairing.status == PairingStatus.DONE and pairing.placings == [1, 2]
    assert t.status == TournamentStatus.FINISHED


def test_the_sweep_starts_overdue_tournaments_and_closes_rounds_a_lost_job_left(
    make_user, make_tournament, monkeypatch
) -> None:
    from datetime import timedelta

    from django.utils import timezone

    from tournaments import jobs

    t = make_tournament(rounds=2, starts_at=timezone.now() + timedelta(minutes=5))
    register(t, [make_user(f"sw{i}") for i in range(4)])
    services.tournaments_sweep()  # not due yet
    t.refresh_from_db()
    assert t.status == TournamentStatus.SCHEDULED
    later = t.starts_at + timedelta(seconds=2)
    assert services.tournaments_sweep(now=later).get("started") == 1
    t.refresh_from_db()
    assert t.status == TournamentStatus.RUNNING
    lost: list[tuple[str, int]] = []
    monkeypatch.setattr(jobs, "enqueue", lambda name, tid, eta=None: lost.append((name, tid)))
    finish_round(t)  # every advance job is "lost"
    t.refresh_from_db()
    assert t.current_round == 1 and lost
    assert services.tournaments_sweep().get("paired") == 1
    t.refresh_from_db()
    assert t.current_round == 2


def test_advancing_twice_after_the_round_ended_pairs_it_once(
    make_user, make_tournament, monkeypatch
) -> None:
    from tournaments import jobs

    t = make_tournament(rounds=2)
    register(t, [make_user(f"ad{i}") for i in range(4)])
    start(t)
    monkeypatch.setattr(jobs, "enqueue", lambda *a, **k: None)  # the jobs run by hand below
    finish_round(t)
    results = [services.tournament_advance(tournament_id=t.pk) for _ in range(3)]
    assert results == ["paired", "playing", "playing"]
    assert Round.objects.filter(tournament=t).count() == 2
    assert Pairing.objects.filter(tournament=t, round__number=2).count() == 2
