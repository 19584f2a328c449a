"""The pairs format (duplicate Bridge): pairs of a player and a partner, seated by a Howell or
Mitchell movement, every board with the same deal at every table, scored by matchpoints."""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

import pytest

from games.registry import get_game
from live.models import Seat
from matchmaking import movements
from tournaments import selectors, services
from tournaments.errors import TournamentError
from tournaments.models import (
    AuditEntry,
    Bye,
    Entry,
    EntryStatus,
    Pairing,
    PairingStatus,
    Tournament,
    TournamentStatus,
)

from .conftest import play_out, running, start, state_of

pytestmark = pytest.mark.django_db(transaction=True)


def bridge_pairs(make_tournament: Any, **overrides: Any) -> Tournament:
    values: dict[str, Any] = {
        "game": "bridge",
        "format": "pairs",
        "rounds": None,
        "max_players": 16,
        "boards_per_round": 1,
    }
    values.update(overrides)
    return make_tournament(**values)


def play_every_board(t: Tournament, ai_jobs: list[tuple[int, int, int]]) -> None:
    """Play the all-robot tables out, board after board, until the tournament is over."""
    for _ in range(200):
        t.refresh_from_db()
        if t.status != TournamentStatus.RUNNING:
            return
        tables = running(t)
        if not tables:
            services.tournament_advance(tournament_id=t.pk)
            continue
        for p in tables:
            play_out(p.match_id, ai_jobs)
    raise AssertionError("the tournament did not end")


def test_pairs_howell_plays_every_board_with_one_deal_and_ranks_by_matchpoints(
    organiser, make_tournament, ai_jobs
) -> None:
    t = bridge_pairs(make_tournament)
    pairs = services.entry_add_ai(
        tournament_id=t.pk, by_user_id=organiser.pk, level="random", count=7
    )
    assert start(t) == "started"
    t.refresh_from_db()
    assert t.schedule["movement"] == "howell" and sorted(t.schedule["pairs"]) == [
        e.pk for e in pairs
    ]
    assert t.rounds == 7  # seven pairs: a Howell of eight with the phantom, seven rounds
    play_every_board(t, ai_jobs)
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED

    movement = movements.howell(7, None, 1)
    number = {e: n for n, e in enumerate(t.schedule["pairs"], start=1)}
    game = get_game("bridge")
    played = Pairing.objects.filter(tournament=t).select_related("round", "match")
    deals: dict[int, set[str]] = defaultdict(set)
    results: dict[tuple[int, int], dict[int, int]] = {}
    for p in played:
        assert p.status == PairingStatus.DONE
        seat = movement.seating(p.round.number, p.board)
        # The movement's pairs at the movement's table, on a board of its set.
        assert (number[p.players[0]], number[p.players[1]]) == (seat.ns, seat.ew)
        assert p.players[2:] == p.players[:2]
        assert p.deal_number in movement.boards(seat.board_set)
        assert p.match.options["deals"] == [game.deal_for(4, t.seed, p.deal_number)]
        deals[p.deal_number].add(repr(p.match.options["deals"]))
        results[(p.round.number, p.board)] = {p.deal_number: p.match.result[0]["score"]}
    assert all(len(d) == 1 for d in deals.values())
    assert len(results) == 21  # three real tables a round for seven rounds
    assert Counter(board for r in results.values() for board in r) == {b: 3 for b in range(1, 8)}
    # Every pair sat out once (it met the phantom).
    assert Counter(Bye.objects.filter(tournament=t).values_list("entry_id", flat=True)) == {
        e.pk: 1 for e in pairs
    }
    # The standings are the movement's scoring of the boards as the matches ended them.
    expected = movements.score_session(movement, results)
    rows = selectors.standings_of(t)
    assert [(r.entry_id, r.rank) for r in rows] == [
        (t.schedule["pairs"][r.pair - 1], r.place) for r in expected.ranking
    ]
    assert [r.score for r in rows] == [round(r.percentage, 4) for r in expected.ranking]
    assert [r.tiebreaks["MP"] for r in rows] == [r.matchpoints for r in expected.ranking]
    # On every line of a board the two sides share exactly the board's top, 2·(N − 1).
    assert sum(r.tiebreaks["MP"] for r in rows) == sum(
        len(lines) * 2 * (len(lines) - 1) for lines in expected.travellers.values()
    )
    assert selectors.tiebreak_names_of(t) == ["MP", "X-IMP"]


def test_pairs_mitchell_tables_play_their_boards_one_after_another(
    organiser, make_tournament, ai_jobs
) -> None:
    t = bridge_pairs(make_tournament, movement="mitchell", boards_per_round=2, rounds=2)
    services.entry_add_ai(tournament_id=t.pk, by_user_id=organiser.pk, level="random", count=6)
    start(t)
    t.refresh_from_db()
    assert t.rounds == 2
    first = running(t)
    assert [(p.board, p.deal_number) for p in first] == [(1, 1), (2, 3), (3, 5)]
    play_out(first[0].match_id, ai_jobs)
    # Table 1 goes on with the second board of its set; the others still play their first.
    nxt = [(p.board, p.deal_number) for p in running(t)]
    assert nxt == [(1, 2), (2, 3), (3, 5)]
    play_every_board(t, ai_jobs)
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED
    assert Pairing.objects.filter(tournament=t).count() == 2 * 3 * 2
    rows = selectors.standings_of(t)
    assert sorted(r.games for r in rows) == [4] * 6


def test_pairs_named_partner_plays_once_they_accept_otherwise_the_robot_partner(
    make_user, make_tournament
) -> None:
    t = bridge_pairs(make_tournament)
    a, b, c, d, e = (make_user(n) for n in "abcde")
    services.entry_register(tournament_id=t.pk, user_id=a.pk, partner_name="b")
    services.entry_register(tournament_id=t.pk, user_id=c.pk, partner_name="d")
    services.entry_register(tournament_id=t.pk, user_id=e.pk)
    assert selectors.partner_invitation(t, b.pk).user_id == a.pk
    services.entry_partner_answer(tournament_id=t.pk, user_id=b.pk, accept=True)
    assert selectors.entry_of_user(t, b.pk).user_id == a.pk  # b's entry is a's pair
    assert Entry.objects.get(user=a).display_name == "a & b"
    # Robot partners have the lobby's AI names, one each: a, c and e registered in that order.
    assert Entry.objects.get(user=e).display_name == "e & Clara (bot)"
    services.entry_add_ai(tournament_id=t.pk, by_user_id=t.organiser_id, level="random", count=1)
    robots = Entry.objects.get(tournament=t, user=None)
    assert robots.display_name == "Dmitri (bot) & Elif (bot)"
    start(t)  # d never answered: c plays with the robot partner
    entry_c = Entry.objects.get(user=c)
    assert entry_c.partner_id is None and entry_c.partner_ai_level == "expert"
    assert AuditEntry.objects.filter(tournament=t, action="partner_replaced").count() == 1
    seats = {
        (s.match_id, s.seat): (s.user_id, s.ai_level)
        for s in Seat.objects.filter(match__tournament_pairing__tournament=t)
    }
    # One name everywhere: every robot's match seat carries the name the event's pages show.
    for s in Seat.objects.filter(match__tournament_pairing__tournament=t, user=None):
        pairing = Pairing.objects.get(match_id=s.match_id)
        entry = Entry.objects.get(pk=pairing.players[s.seat])
        assert s.ai_name == (entry.ai_name if s.seat < 2 else entry.partner_ai_name)
        assert s.ai_name in entry.display_name
    for p in running(t):
        for seat, entry_id in enumerate(p.players):
            if entry_id == Entry.objects.get(user=a).pk:
                assert seats[(p.match_id, seat)] == ((a if seat < 2 else b).pk, "")
            if entry_id == entry_c.pk:
                assert seats[(p.match_id, seat)] == ((c.pk, "") if seat < 2 else (None, "expert"))


def test_pairs_refuses_what_does_not_fit_and_changes_nothing(make_user, make_tournament) -> None:
    with pytest.raises(TournamentError) as err:
        bridge_pairs(make_tournament, game="spectacular_bid")
    assert err.value.code == "not_pairs_game"
    with pytest.raises(TournamentError) as err:
        bridge_pairs(make_tournament, movement="howell", max_players=20)
    assert err.value.code == "bad_max_players"
    with pytest.raises(TournamentError) as err:
        make_tournament(movement="mitchell")
    assert err.value.code == "bad_movement"
    swiss = make_tournament()
    a, b, c = make_user("a"), make_user("b"), make_user("c")
    with pytest.raises(TournamentError) as err:
        services.entry_register(tournament_id=swiss.pk, user_id=a.pk, partner_name="b")
    assert err.value.code == "no_partners"

    t = bridge_pairs(make_tournament)
    services.entry_register(tournament_id=t.pk, user_id=a.pk, partner_name="b")
    before = state_of(t)
    for user, partner, code in [
        (c, c, "bad_partner"),
        (c, a, "partner_taken"),
    ]:
        with pytest.raises(TournamentError) as err:
            services.entry_register(
                tournament_id=t.pk,
                user_id=user.pk,
                partner_name=partner.username if partner else "",
            )
        assert err.value.code == code
    with pytest.raises(TournamentError) as err:
        services.entry_partner_answer(tournament_id=t.pk, user_id=c.pk, accept=True)
    assert err.value.code == "no_invitation"
    assert state_of(t) == before
    services.entry_partner_answer(tournament_id=t.pk, user_id=b.pk, accept=False)
    assert Entry.objects.get(user=a).partner_id is None
    services.entry_register(tournament_id=t.pk, user_id=b.pk)  # free again


def test_pairs_withdrawn_pair_boards_are_not_played_and_the_round_still_ends(
    organiser, make_user, make_tournament, ai_jobs
) -> None:
    t = bridge_pairs(make_tournament)
    quitter = make_user("quitter")
    services.entry_register(tournament_id=t.pk, user_id=quitter.pk)
    services.entry_add_ai(tournament_id=t.pk, by_user_id=organiser.pk, level="random", count=4)
    start(t)
    mine = Entry.objects.get(user=quitter)
    services.entry_withdraw(tournament_id=t.pk, by_user_id=quitter.pk)
    assert Entry.objects.get(pk=mine.pk).status == EntryStatus.WITHDRAWN
    stopped = [p for p in Pairing.objects.filter(tournament=t) if mine.pk in p.players]
    assert all(p.status == PairingStatus.DONE and p.absent == [mine.pk] for p in stopped)
    play_every_board(t, ai_jobs)
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED
    # No later board of the withdrawn pair was started; its boards count for nobody.
    later = Pairing.objects.filter(tournament=t, round__number__gt=1)
    assert not [p for p in later if mine.pk in p.players]
    rows = {r.entry_id: r for r in selectors.standings_of(t)}
    assert rows[mine.pk].games == 0


def test_pairs_pages_register_with_a_partner_who_accepts_and_show_the_boards(
    client, make_user, make_tournament, organiser, ai_jobs
) -> None:
    t = bridge_pairs(make_tournament, name="Club pairs")
    ann, ben = make_user("ann"), make_user("ben")
    client.force_login(ann)
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'data-testid="partner-name"' in page and "Pairs (duplicate)" in page
    client.post(f"/tournaments/{t.pk}/register/", {"partner": "nobody"})
    assert not Entry.objects.filter(tournament=t).exists()  # an unknown name changes nothing
    client.post(f"/tournaments/{t.pk}/register/", {"partner": "ben"})
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert "ann &amp; Ada (bot)" in page and "has not answered yet" in page
    client.force_login(ben)
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'data-testid="partner-invitation"' in page and "ann asks you" in page
    client.post(f"/tournaments/{t.pk}/partner/", {"answer": "accept"})
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'data-testid="registered"' in page and "Your pair: ann &amp; ben." in page
    services.entry_add_ai(tournament_id=t.pk, by_user_id=organiser.pk, level="random", count=3)
    start(t)
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    # Four pairs: a Howell of four compares no board, so the start chose the Mitchell.
    assert "Mitchell movement" in page and "(board 1)" in page
    client.cookies["django_language"] = "de"
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert "Paarturnier" in page and "(Board 1)" in page and "4 Paare" in page
    # The session's scores are published when it is over (docs/tournaments.md, "Deal embargo").
    api = client.get(f"/api/tournaments/{t.pk}/standings/").json()
    assert api["tiebreaks"] == ["MP", "X-IMP"] and api["standings"] == []
    assert api["scores_hidden"] is True


def test_pairs_the_create_form_makes_a_mitchell_pairs_tournament(client, organiser) -> None:
    client.force_login(organiser)
    fields = {
        "name": "Monday pairs",
        "game": "bridge",
        "format": "pairs",
        "movement": "mitchell",
        "boards_per_round": "3",
        "knockout_games": "1",
        "starts_at": "2099-01-01 18:00",
        "max_players": "20",
        "entry_policy": "everyone",
        "round_break_s": "10",
    }
    client.post("/tournaments/new/", fields)
    t = Tournament.objects.get(name="Monday pairs")
    assert (t.format, t.movement, t.boards_per_round, t.seats_per_table) == (
        "pairs",
        "mitchell",
        3,
        4,
    )
    page = client.post("/tournaments/new/", {**fields, "name": "Bad", "game": "spectacular_bid"})
    assert "Spectacular Bid cannot be played as a “Pairs (duplicate)” tournament." in (
        page.content.decode()
    )
    assert not Tournament.objects.filter(name="Bad").exists()


def test_pairs_five_pairs_at_a_howell_play_a_mitchell_where_every_board_is_compared(
    organiser, make_tournament, ai_jobs
) -> None:
    """A Howell of five pairs would meet board sets twice and play spare boards instead, each at
    one table: nothing compared (issue #29 §4).  The start plays a Mitchell; nobody plays a deal
    twice and every board played is played at two tables."""
    t = bridge_pairs(make_tournament, movement="howell")
    services.entry_add_ai(tournament_id=t.pk, by_user_id=organiser.pk, level="random", count=5)
    start(t)
    t.refresh_from_db()
    assert t.schedule["movement"] == "mitchell"
    play_every_board(t, ai_jobs)
    seen: dict[int, list[int]] = defaultdict(list)
    tables_of: Counter[int] = Counter()
    for p in Pairing.objects.filter(tournament=t):
        for entry in set(p.players):
            seen[entry].append(p.deal_number)
        tables_of[p.deal_number] += 1
    assert all(len(deals) == len(set(deals)) for deals in seen.values())
    assert tables_of and all(n >= 2 for n in tables_of.values()), tables_of
    rows = selectors.standings_of(t)
    assert sum(r.games for r in rows) == 2 * Pairing.objects.filter(tournament=t).count()


def test_pairs_a_board_given_up_is_beaten_by_every_other_table(
    make_user, make_tournament, organiser, operator, ai_jobs, client
) -> None:
    from live import services as live_services
    from tournaments import pairs

    t = bridge_pairs(make_tournament)
    quitter = make_user("quitter")
    services.entry_register(tournament_id=t.pk, user_id=quitter.pk)
    services.entry_add_ai(tournament_id=t.pk, by_user_id=organiser.pk, level="random", count=3)
    start(t)
    mine = Entry.objects.get(user=quitter)
    board = next(p for p in running(t) if mine.pk in p.players)
    live_services.match_resign(match_id=board.match_id, command_id="give-up", user_id=quitter.pk)
    board = Pairing.objects.select_related("match").get(pk=board.pk)
    side = board.players.index(mine.pk) % 2
    assert pairs.given_up_by(board) == side
    figure = pairs.side_figure(board)
    assert figure == (-pairs.GIVEN_UP if side == 0 else pairs.GIVEN_UP)
    # Against any real result on the same board the side that gave up gets no matchpoint and
    # the most IMPs the scale has against it — even against a bad real result for its side.
    from games.bridge.duplicate import cross_imps, matchpoints

    worst_real = -1100 if side == 0 else 1100
    own_view = [figure, worst_real] if side == 0 else [-figure, -worst_real]
    assert matchpoints(own_view) == [0, 2]
    assert cross_imps(own_view) == [-24, 24]
    # The board is still to be played elsewhere in the session: only an operator sees its result.
    page = client.get(f"/tournaments/{t.pk}/round/1/").content.decode()
    assert "given up by the" not in page
    assert "hidden until every table has played this board" in page
    client.force_login(operator)
    page = client.get(f"/tournaments/{t.pk}/round/1/").content.decode()
    assert "given up by the " + ("first" if side == 0 else "second") + " pair" in page
