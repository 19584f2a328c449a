"""The deal embargo (issue 28, item 1; docs/tournaments.md "Deal embargo"): a deal other tables
still play is hidden — record, move log, exports, replay, fairness reveal, result, the round
page, and watching — from everyone but operators, until every table has played it.

A real Swiss of Bridge with duplicate deals, one person and seven robots, as the issue found it:
the robots' table finishes first while the person still plays the same deal at the other table.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from live import services as live_services
from live.models import Match, MatchStatus
from tournaments import services
from tournaments.models import Pairing, PairingStatus, Round, RoundStatus, Tournament

from .conftest import duplicate_round_first_table_over, play_out, running, start
from .test_pairs import bridge_pairs, play_every_board

pytestmark = pytest.mark.django_db(transaction=True)  # after-commit jobs run, as in production


def _tables(t: Tournament) -> tuple[Pairing, Pairing]:
    """(the robots' table, the person's table) of the round in progress."""
    tables = running(t)
    assert len(tables) == 2
    people = [p for p in tables if p.match.seats.filter(user__isnull=False).exists()]
    robots = [p for p in tables if p not in people]
    assert len(people) == len(robots) == 1
    return robots[0], people[0]


def _client(user: Any = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


READ_PATHS = {
    "record": "/api/v1/matches/{id}/record/",
    "moves": "/api/v1/matches/{id}/moves/",
    "pbn": "/match/{id}/export/pbn/",
    "fairness.json": "/match/{id}/fairness.json",
    "replay index": "/match/{id}/replay/index.json",
    "replay steps": "/match/{id}/replay/steps.json?from=0&to=50",
    "result": "/match/{id}/after/",
}
PAGES = {"replay page": "/match/{id}/replay/", "fairness page": "/match/{id}/fairness/"}


def _secrets_of(match: Match) -> list[str]:
    """What of the deal must not be in an embargoed answer: the seed and the salt."""
    return [str(match.seed), match.seed_salt]


def _assert_embargoed(client: Client, match: Match, who: str, *, seated: bool = False) -> None:
    """Every read path refuses with ``deal_embargoed`` and nothing of the deal.  (The match's own
    seats still get their result screen: they saw the result at the table.)"""
    secrets = _secrets_of(match)
    for name, path in READ_PATHS.items():
        if seated and name == "result":
            assert client.get(path.format(id=match.pk)).status_code == 200
            continue
        response = client.get(path.format(id=match.pk))
        assert response.status_code == 403, (who, name, response.status_code)
        body = response.json()
        assert body["code"] == "deal_embargoed", (who, name)
        assert set(body) == {"code", "detail"}, (who, name)
        assert not any(s in response.content.decode() for s in secrets), (who, name)
    for name, path in PAGES.items():
        response = client.get(path.format(id=match.pk))
        assert response.status_code == 403, (who, name)
        page = response.content.decode()
        assert 'data-code="deal_embargoed"' in page, (who, name)
        assert not any(s in page for s in secrets), (who, name)
    detail = client.get(f"/api/v1/matches/{match.pk}/").json()
    assert (detail["deal_embargoed"], detail["result"], detail["public_view"]) == (True, None, None)
    listed = client.get("/api/v1/matches/?game=bridge").json()["results"]
    row = next(r for r in listed if r["id"] == match.pk)
    assert (row["deal_embargoed"], row["result"]) == (True, None), who


def _assert_published(client: Client, match: Match, who: str) -> None:
    record = client.get(f"/api/v1/matches/{match.pk}/record/")
    assert record.status_code == 200, who
    assert record.json()["seed"] == str(match.seed)
    assert len(record.json()["start_views"]) == 4
    for name, path in READ_PATHS.items():
        response = client.get(path.format(id=match.pk))
        assert response.status_code == 200, (who, name, response.status_code)
    for name, path in PAGES.items():
        response = client.get(path.format(id=match.pk))
        assert response.status_code == 200, (who, name)
        assert 'data-code="deal_embargoed"' not in response.content.decode()
    assert client.get(f"/api/v1/matches/{match.pk}/").json()["deal_embargoed"] is False


def test_shared_deal_records_are_embargoed_until_every_table_has_played_the_deal(
    make_user: Any, duplicate_swiss: Any, organiser: Any, operator: Any, ai_jobs: Any
) -> None:
    person, outsider, late = make_user("person"), make_user("kibitzer"), make_user("late")
    t = duplicate_swiss([person], robots=7, max_players=9)
    robots, people = _tables(t)
    assert robots.match.seed == people.match.seed  # the same deal at both tables
    finished = play_out(robots.match_id, ai_jobs)
    assert finished.status == MatchStatus.FINISHED
    # A player of the event who is not seated this round (a Swiss's late join).
    services.entry_register(tournament_id=t.pk, user_id=late.pk)
    # The person still plays the deal at the next table: nobody but an operator reads it.
    viewers = {
        "anonymous": _client(),
        "spectator": _client(outsider),
        "opponent at the other table": _client(person),
        "player of the event": _client(late),
        "the organiser (not an operator)": _client(organiser),
    }
    for who, client in viewers.items():
        _assert_embargoed(client, finished, who)
    _assert_published(_client(operator), finished, "operator")
    # The person's table ends: every table has played the deal and the round closes.
    live_services.match_resign(
        match_id=people.match_id, command_id="resign-embargo", user_id=person.pk
    )
    assert Round.objects.get(tournament=t, number=1).status == RoundStatus.DONE
    for who, client in viewers.items():
        _assert_published(client, finished, who)
        _assert_published(client, Match.objects.get(pk=people.match_id), who)
    # Round 2's deal is a new one (not derivable from round 1's published seed), embargoed again.
    second = running(t)
    assert len(second) == 2 and {p.round.number for p in second} == {2}
    assert {p.match.seed for p in second} != {finished.seed}
    for p in second:
        detail = _client().get(f"/api/v1/matches/{p.match_id}/").json()
        assert detail["deal_embargoed"] is True and detail["public_view"] is None


def test_round_pages_say_hidden_until_every_table_has_played_this_board_in_both_languages(
    make_user: Any, duplicate_swiss: Any, operator: Any, ai_jobs: Any
) -> None:
    person = make_user("person")
    t = duplicate_swiss([person], robots=7)
    robots, people = _tables(t)
    play_out(robots.match_id, ai_jobs)
    url = f"/tournaments/{t.pk}/round/1/"
    for lang, text in [
        ("en", "hidden until every table has played this board"),
        ("de", "verborgen, bis jeder Tisch dieses Board gespielt hat"),
    ]:
        for client in (_client(), _client(person)):
            page = client.get(url, HTTP_ACCEPT_LANGUAGE=lang).content.decode()
            assert text in page, lang
            assert f"/match/{robots.match_id}/replay/" not in page
    api = _client(person).get(f"/api/tournaments/{t.pk}/rounds/").json()
    table = next(x for x in api[0]["tables"] if x["match_id"] == robots.match_id)
    assert table["embargoed"] is True
    assert [p["points"] for p in table["players"]] == [None] * 4
    # The standings show no result of the round in progress (a duplicate round's results are
    # published when it closes).
    standings = _client().get(f"/api/tournaments/{t.pk}/standings/").json()["standings"]
    assert all(r["score"] == 0 for r in standings)
    # An operator sees the table's result throughout.
    staff = _client(operator).get(f"/api/tournaments/{t.pk}/rounds/").json()
    table = next(x for x in staff[0]["tables"] if x["match_id"] == robots.match_id)
    assert table["embargoed"] is False and None not in [p["points"] for p in table["players"]]
    live_services.match_resign(
        match_id=people.match_id, command_id="resign-pages", user_id=person.pk
    )
    page = _client().get(url).content.decode()
    assert "hidden until every table has played this board" not in page
    assert f"/match/{robots.match_id}/replay/" in page


def test_an_aborted_duplicate_game_replays_the_same_deal_and_its_record_stays_embargoed(
    make_user: Any, duplicate_swiss: Any, operator: Any, ai_jobs: Any
) -> None:
    person = make_user("person")
    t = duplicate_swiss([person], robots=7)
    robots, people = _tables(t)
    play_out(robots.match_id, ai_jobs)
    aborted = live_services.match_abort(match_id=people.match_id, reason="operator test")
    aborted = Match.objects.get(pk=people.match_id)
    assert aborted.status == MatchStatus.ABORTED
    services.tournament_advance(tournament_id=t.pk)
    people.refresh_from_db()
    assert people.earlier_matches == [aborted.pk] and people.status == PairingStatus.PLAYING
    assert people.match.seed == aborted.seed  # the format needs the same deal
    _assert_embargoed(_client(), aborted, "anonymous reader of the aborted game")
    _assert_embargoed(_client(person), aborted, "its own player, before the replay", seated=True)
    _assert_published(_client(operator), aborted, "operator")
    live_services.match_resign(
        match_id=people.match_id, command_id="resign-replay", user_id=person.pk
    )
    _assert_published(_client(person), aborted, "after the replay")


def test_an_aborted_game_without_shared_deals_is_replayed_with_a_fresh_deal_and_stays_public(
    make_user: Any, make_tournament: Any
) -> None:
    a, b = make_user("a"), make_user("b")
    t = make_tournament(rounds=1, max_players=2)
    for u in (a, b):
        services.entry_register(tournament_id=t.pk, user_id=u.pk)
    start(t)
    (table,) = running(t)
    first = table.match
    live_services.match_abort(match_id=first.pk, reason="operator test")
    services.tournament_advance(tournament_id=t.pk)
    table.refresh_from_db()
    assert table.earlier_matches == [first.pk]
    assert table.match.seed != first.seed
    assert _client().get(f"/api/v1/matches/{first.pk}/record/").status_code == 200


def test_a_pairs_board_is_embargoed_until_the_session_ends(
    make_tournament: Any, organiser: Any, operator: Any, ai_jobs: Any
) -> None:
    """A Howell plays every board at several tables in different rounds: a board played in
    round 1 is still to be played later, so the records wait for the end of the session."""
    t = bridge_pairs(make_tournament, rounds=2)
    services.entry_add_ai(tournament_id=t.pk, by_user_id=organiser.pk, level="random", count=7)
    start(t)
    first = running(t)
    for p in first:
        play_out(p.match_id, ai_jobs)
    services.tournament_advance(tournament_id=t.pk)
    assert Round.objects.get(tournament=t, number=1).status == RoundStatus.DONE
    board = Match.objects.get(pk=first[0].match_id)
    _assert_embargoed(_client(), board, "anonymous, after round 1")
    page = _client().get(f"/tournaments/{t.pk}/").content.decode()
    assert 'data-testid="standings-hidden"' in page
    _assert_published(_client(operator), board, "operator")
    play_every_board(t, ai_jobs)
    t.refresh_from_db()
    assert t.status == "finished"
    _assert_published(_client(), board, "anonymous, after the session")


# --- Watching ------------------------------------------------------------------------------------


async def _open(match_id: int, user: Any = None) -> WebsocketCommunicator:
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if user is not None:
        client = Client()
        await database_sync_to_async(client.force_login)(user)
        headers.append((b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode()))
    comm = WebsocketCommunicator(application, f"/ws/match/{match_id}/", headers=headers)
    comm.scope["client"] = ["192.0.2.77", 50000]
    connected, _ = await comm.connect()
    assert connected
    return comm


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_table_playing_a_shared_deal_cannot_be_watched_while_it_is_live_elsewhere(
    make_user: Any, duplicate_swiss: Any, operator: Any, ai_jobs: Any
) -> None:
    person, outsider = await database_sync_to_async(lambda: (make_user(), make_user()))()
    t = await database_sync_to_async(duplicate_swiss)([person], robots=7)
    robots, people = await database_sync_to_async(_tables)(t)
    # While both tables play: the person cannot watch the robots' table, nor can anyone else.
    for viewer in (person, outsider, None):
        comm = await _open(robots.match_id, viewer)
        frame = json.loads(await comm.receive_from(timeout=5))
        assert frame["type"] == "error" and frame["code"] == "deal_embargoed"
        assert (await comm.receive_output(timeout=5))["code"] == 4003
    # The person plays their own table as ever.
    seat = await _open(people.match_id, person)
    assert json.loads(await seat.receive_from(timeout=5))["type"] == "state"
    await seat.disconnect()
    # An operator may watch.
    staff = await _open(robots.match_id, operator)
    assert json.loads(await staff.receive_from(timeout=5))["type"] == "state"
    await staff.disconnect()
    # Not offered on the watch list either.
    listing = await database_sync_to_async(lambda: _client().get("/watch/").content.decode())()
    assert f"/match/{robots.match_id}/" not in listing


def test_profiles_hide_the_result_of_a_game_whose_deal_another_table_still_plays(
    make_user: Any, make_tournament: Any
) -> None:
    """A person's finished game of a duplicate round: their profile and the users API say nothing
    of how it went (placing, won/lost, rating change) until the round is done."""
    first, second = duplicate_round_first_table_over(make_user, make_tournament, "dup")
    winner_user = first.match.seats.get(seat=0).user
    client = _client()
    api = client.get(f"/api/v1/users/{winner_user.username}/").json()
    row = next(m for m in api["recent_matches"] if m["id"] == first.match_id)
    assert row["placing"] is None
    page = client.get(f"/accounts/u/{winner_user.username}/").content.decode()
    assert "hidden until every table has played this deal" in page
    second_loser = second.match.seats.get(seat=1).user_id
    live_services.match_resign(
        match_id=second.match_id, command_id="resign-profile-2", user_id=second_loser
    )
    api = client.get(f"/api/v1/users/{winner_user.username}/").json()
    row = next(m for m in api["recent_matches"] if m["id"] == first.match_id)
    assert row["placing"] == 1
    page = client.get(f"/accounts/u/{winner_user.username}/").content.decode()
    assert "hidden until every table has played this deal" not in page
