"""A tournament game starts by itself, and a person who never moves loses it by forfeit within the
first-move time, so one no-show cannot hold a round (issue #29 §4; docs/tournaments.md, "No-shows").
"""

from __future__ import annotations

import pytest

from live.clock import clock_advance, clock_first_move, clock_new, first_flag
from live.models import MatchStatus, MoveKind
from live.services import action_submit, match_wake
from support.live import engine_state, first_legal
from tournaments import selectors, services
from tournaments.models import Entry, PairingStatus, TournamentStatus

from .conftest import register, running, start

pytestmark = pytest.mark.django_db(transaction=True)


def test_first_move_time_is_a_quarter_of_the_bank_between_20_s_and_2_minutes() -> None:
    assert services.first_move_ms(60_000, 5_000) == 20_000  # 15 s is below the floor
    assert services.first_move_ms(240_000, 5_000) == 60_000
    assert services.first_move_ms(1_200_000, 10_000) == 120_000  # the cap
    # Never beyond what the clock itself allows: a 10 s bank with a 2 s delay flags at 12 s.
    assert services.first_move_ms(10_000, 2_000) == 12_000


def test_the_first_move_bound_falls_before_the_bank_and_goes_once_the_seat_has_moved() -> None:
    from games.core import Decision, TimeControl

    both = [Decision(0), Decision(1)]
    clock = clock_advance(
        clock_new(seats=2, control=TimeControl(bank_ms=60_000, delay_ms=5_000)),
        acted=None,
        decisions=both,
        now_ms=1_000,
    )
    assert first_flag(clock) == (66_000, 0)  # delay and bank
    bound = clock_first_move(clock, bound_ms=20_000, seats=[0, 1])
    assert first_flag(bound) == (21_000, 0)
    # Seat 0 moves at 3 s and has a fresh decision: its bank alone bounds it from then on.
    after = clock_advance(bound, acted=0, decisions=both, now_ms=3_000)
    assert after["seats"][0].get("first_move_ms") is None
    assert first_flag(after) == (21_000, 1)
    assert after["seats"][0]["since_ms"] + 5_000 + after["seats"][0]["bank_ms"] > 21_000


def test_a_tournament_game_starts_by_itself(make_user, make_tournament) -> None:
    t = make_tournament(rounds=1)
    register(t, [make_user("s1"), make_user("s2")])
    start(t)
    (pairing,) = running(t)
    match = pairing.match
    # Nobody pressed Start: the server applied both seats' Start when it made the match, in the
    # log, and the players' clocks run on the first real decision.
    opening = list(match.moves.order_by("seq").values_list("kind", "seat"))
    assert opening == [(MoveKind.STALL, 0), (MoveKind.STALL, 1)]
    assert engine_state(match).phase != "start"
    assert match.clock["stall_since_ms"] is None
    assert any(sc["running"] for sc in match.clock["seats"])
    assert match.clock["first_move_ms"] == services.first_move_ms(t.bank_ms, t.delay_ms)


def test_a_game_that_started_by_itself_still_verifies_from_its_seed(
    make_user, make_tournament, wall
) -> None:
    """The Start steps the server applied are in the move log: the fairness check replays them."""
    from live.commitments import fairness_record
    from live.fairness import verify_record

    t = make_tournament(rounds=1)
    register(t, [make_user("f1"), make_user("f2")])
    start(t)
    (pairing,) = running(t)
    wall.advance(20_500)  # the first seat to act never does
    match_wake(match_id=pairing.match_id)
    pairing.match.refresh_from_db()
    assert pairing.match.status == MatchStatus.FINISHED
    report = verify_record(fairness_record(match=pairing.match))
    assert report.ok, report.checks


def test_a_no_show_loses_by_forfeit_at_the_first_move_time_and_the_round_goes_on(
    make_user, make_tournament, wall
) -> None:
    t = make_tournament(rounds=1, bank_ms=60_000, delay_ms=5_000)
    register(t, [make_user("p1"), make_user("p2")])
    start(t)
    (pairing,) = running(t)
    match = pairing.match
    # Whoever is to act first plays their move; the other never comes.
    (seat,) = {d.seat for d in engine_state(match).pending()}
    here = match.seats.get(seat=seat).user
    action_submit(
        match_id=match.pk, action=first_legal(match, seat), command_id="bid", user_id=here.pk
    )
    assert 1 - seat in {d.seat for d in engine_state(match).pending()}
    wall.advance(19_000)
    match_wake(match_id=match.pk)
    match.refresh_from_db()
    assert match.status == MatchStatus.RUNNING  # within the first-move time
    wall.advance(1_500)
    match_wake(match_id=match.pk)
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED and match.end_reason == "time"
    loss = match.moves.get(kind=MoveKind.TIME_LOSS)
    assert loss.seat == 1 - seat and "first move" in loss.detail
    pairing.refresh_from_db()
    stayed = Entry.objects.get(tournament=t, user=here).pk
    (gone,) = [e for e in pairing.players if e != stayed]
    assert pairing.status == PairingStatus.DONE
    assert (pairing.absent, pairing.no_shows) == ([gone], [gone])
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED  # the round closed without waiting for a bank
    # A forfeit (FIDE: unplayed), not a game won over the board.
    cross = {r["entry_id"]: r["cells"] for r in selectors.crosstable_of(t)["rows"]}
    assert cross[stayed][0].kind == "forfeit-win" and cross[gone][0].kind == "forfeit-loss"


def test_only_a_seat_whose_turn_came_can_be_a_no_show(make_user, make_tournament, wall) -> None:
    """Nobody moves: the seat to act first loses at the first-move time; the other seat's turn
    never came, so it is no no-show and wins by forfeit."""
    t = make_tournament(rounds=1, bank_ms=60_000, delay_ms=5_000)
    register(t, [make_user("n1"), make_user("n2")])
    start(t)
    (pairing,) = running(t)
    (first,) = {d.seat for d in engine_state(pairing.match).pending()}
    wall.advance(20_500)
    match_wake(match_id=pairing.match_id)
    pairing.refresh_from_db()
    assert pairing.status == PairingStatus.DONE
    assert pairing.no_shows == [pairing.players[first]]
    assert pairing.placings[first] == 2 and pairing.placings[1 - first] == 1


def test_an_ai_seat_has_no_first_move_bound(make_user, make_tournament, organiser) -> None:
    t = make_tournament(rounds=1)
    register(t, [make_user("h1")])
    services.entry_add_ai(tournament_id=t.pk, by_user_id=organiser.pk, level="random", count=1)
    start(t)
    (pairing,) = running(t)
    match = pairing.match
    ai_seat = match.seats.get(user__isnull=True).seat
    assert "first_move_ms" not in match.clock["seats"][ai_seat]
    assert "first_move_ms" in match.clock["seats"][1 - ai_seat]


def test_the_event_page_and_the_match_page_state_the_first_move_time(
    client, make_user, make_tournament
) -> None:
    t = make_tournament(rounds=1, bank_ms=60_000, delay_ms=5_000)
    register(t, [make_user("v1"), make_user("v2")])
    start(t)
    (pairing,) = running(t)
    for lang, words in (("en", "within 20 seconds"), ("de", "innerhalb von 20 Sekunden")):
        event = client.get(f"/tournaments/{t.pk}/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
        match = client.get(f"/match/{pairing.match_id}/", HTTP_ACCEPT_LANGUAGE=lang)
        assert words in event and words in match.content.decode()
