"""Tournament pages (English and German), the notice, the admin and the REST API (JSON, CSV and
the OpenAPI schema)."""

from __future__ import annotations

import csv
import io

import pytest
from django.test import Client

from tournaments import selectors
from tournaments.models import AuditEntry, Pairing, Tournament, TournamentStatus

from .conftest import finish_round, register, running, start

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def played(make_user, make_tournament):  # type: ignore[no-untyped-def]
    """A Swiss of four after its first round: a result for everyone, round 2 in progress."""
    t = make_tournament(rounds=2, name="Autumn open")
    users = [make_user(f"pl{i}") for i in range(4)]
    register(t, users)
    start(t)
    finish_round(t)
    t.refresh_from_db()
    return t, users


def test_list_and_detail_show_standings_crosstable_and_the_games(client: Client, played) -> None:
    t, users = played
    page = client.get("/tournaments/").content.decode()
    assert "Autumn open" in page and 'data-testid="tournaments-running"' in page
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'data-testid="tournament-standings"' in page
    assert 'data-testid="tournament-crosstable"' in page
    assert f'hx-get="/tournaments/{t.pk}/standings/"' in page  # live while running
    for p in running(t):
        assert f"/match/{p.match_id}/" in page  # every game of the round is linked
    partial = client.get(f"/tournaments/{t.pk}/standings/").content.decode()
    assert "<html" not in partial and 'data-testid="tournament-standings"' in partial
    rounds = client.get(f"/tournaments/{t.pk}/round/1/").content.decode()
    for p in Pairing.objects.filter(tournament=t, round__number=1):
        assert f"/match/{p.match_id}/" in rounds
    assert client.get(f"/tournaments/{t.pk}/round/9/").status_code == 404


def test_pages_in_german(client: Client, played) -> None:
    t, _ = played
    client.cookies["django_language"] = "de"
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert "Tabelle" in page and "Kreuztabelle" in page and "Turniere" in page
    assert "Schweizer System" in page
    listing = client.get("/tournaments/").content.decode()
    assert "Laufende Turniere" in listing


def test_register_and_withdraw_from_the_page(client: Client, make_user, make_tournament) -> None:
    t = make_tournament()
    user = make_user("pageuser")
    client.force_login(user)
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'data-testid="tournament-register"' in page
    client.post(f"/tournaments/{t.pk}/register/")
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'data-testid="registered"' in page
    response = client.post(f"/tournaments/{t.pk}/register/", follow=True)
    assert "already registered" in response.content.decode()
    client.post(f"/tournaments/{t.pk}/withdraw/")
    assert not t.entries.exists()


def test_the_create_form_is_for_organisers(client: Client, make_user, organiser) -> None:
    client.force_login(make_user("plain"))
    assert client.get("/tournaments/new/").status_code == 403
    client.force_login(organiser)
    assert client.get("/tournaments/new/").status_code == 200
    response = client.post(
        "/tournaments/new/",
        {
            "name": "Form cup",
            "game": "spectacular_bid",
            "format": "swiss",
            "rated": "on",
            "rounds": "5",
            "knockout_games": "1",
            "starts_at": "2099-01-01 18:00",
            "max_players": "32",
            "entry_policy": "everyone",
            "round_break_s": "10",
            "bank_minutes": "3",
            "delay_seconds": "5",
        },
    )
    t = Tournament.objects.get(name="Form cup")
    assert response.status_code == 302 and response["Location"] == f"/tournaments/{t.pk}/"
    assert (t.rounds, t.bank_ms, t.delay_ms, t.organiser_id) == (5, 180_000, 5_000, organiser.pk)
    bad = client.post(
        "/tournaments/new/",
        {
            "name": "No rounds",
            "game": "spectacular_bid",
            "format": "swiss",
            "knockout_games": "1",
            "starts_at": "2099-01-01 18:00",
            "max_players": "8",
            "entry_policy": "everyone",
            "round_break_s": "0",
        },
    )
    assert bad.status_code == 200 and "Swiss tournament needs" in bad.content.decode()


def test_organiser_actions_from_the_page_and_other_organisers_refused(
    client: Client, make_user, make_tournament
) -> None:
    t = make_tournament()
    client.force_login(t.organiser)
    client.post(
        f"/tournaments/{t.pk}/manage/", {"action": "add_ai", "level": "random", "count": "2"}
    )
    assert t.entries.count() == 2
    client.post(f"/tournaments/{t.pk}/manage/", {"action": "start"})
    t.refresh_from_db()
    assert t.status == TournamentStatus.RUNNING
    client.force_login(make_user("intruder"))
    response = client.post(
        f"/tournaments/{t.pk}/manage/", {"action": "cancel", "reason": "mine now"}, follow=True
    )
    assert "only organisers" in response.content.decode()
    t.refresh_from_db()
    assert t.status == TournamentStatus.RUNNING


def test_the_notice_takes_a_player_to_their_game_once(client: Client, played) -> None:
    t, users = played
    client.force_login(users[0])
    lobby = client.get("/").content.decode()
    assert 'data-testid="tournament-notice"' in lobby and 'hx-get="/tournaments/notice/"' in lobby
    game = selectors.next_game(user_id=users[0].pk)
    assert game is not None and game["round"] == 2
    headers = {"HX-Request": "true", "HX-Current-URL": "http://testserver/leaderboards/"}
    first = client.get("/tournaments/notice/", headers=headers)
    assert first["HX-Redirect"] == game["url"]
    assert 'data-testid="tournament-game-ready"' in first.content.decode()
    again = client.get("/tournaments/notice/", headers=headers)
    assert "HX-Redirect" not in again  # once per game: the player may look elsewhere
    client.force_login(type(users[0]).objects.create_user("outsider", password="pw-123456!"))
    assert 'data-testid="tournament-notice"' not in client.get("/").content.decode()


def test_api_list_detail_standings_json_and_csv(client: Client, played) -> None:
    t, _ = played
    listing = client.get("/api/tournaments/").json()
    assert listing["results"][0]["id"] == t.pk and listing["results"][0]["players"] == 4
    body = client.get(f"/api/tournaments/{t.pk}/standings/").json()
    assert body["tiebreaks"] == ["BH-C1", "SB", "DE", "WIN"] and body["provisional"] is True
    assert [r["entry_id"] for r in body["standings"]] == [
        r.entry_id for r in selectors.standings_of(t)
    ]
    response = client.get(f"/api/tournaments/{t.pk}/standings/?format=csv")
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == [
        "rank",
        "entry_id",
        "player",
        "ai",
        "rating",
        "score",
        "BH-C1",
        "SB",
        "DE",
        "WIN",
        "status",
    ]
    assert [int(r[1]) for r in rows[1:]] == [r["entry_id"] for r in body["standings"]]
    assert [float(r[5]) for r in rows[1:]] == [r["score"] for r in body["standings"]]
    cross = client.get(f"/api/tournaments/{t.pk}/crosstable/").json()
    assert cross["rounds"] == 2 and len(cross["rows"]) == 4
    rounds = client.get(f"/api/tournaments/{t.pk}/rounds/").json()
    assert [r["number"] for r in rounds] == [1, 2]
    assert all(table["match_url"] for r in rounds for table in r["tables"])
    schema = client.get("/api/schema/").content.decode()
    for path in ("tournaments/{id}/standings/", "tournaments/{id}/register/"):
        assert path in schema


def test_api_register_errors_are_clear_and_change_nothing(
    client: Client, make_user, make_tournament
) -> None:
    t = make_tournament(max_players=2)
    user = make_user("apiuser")
    assert client.post(f"/api/tournaments/{t.pk}/register/").status_code == 401
    client.force_login(user)
    assert client.post(f"/api/tournaments/{t.pk}/register/").status_code == 201
    again = client.post(f"/api/tournaments/{t.pk}/register/")
    assert again.status_code == 400 and again.json()["code"] == "already_registered"
    assert t.entries.count() == 1


def test_admin_creates_through_the_service_and_adjudicates(
    client: Client, make_user, make_tournament, operator
) -> None:
    operator.is_superuser = True
    operator.save()
    client.force_login(operator)
    response = client.post(
        "/admin/tournaments/tournament/add/",
        {
            "name": "Admin cup",
            "game": "spectacular_bid",
            "format": "knockout",
            "rated": "on",
            "knockout_games": "1",
            "round_break_s": "0",
            "starts_at_0": "2099-01-01",
            "starts_at_1": "18:00:00",
            "max_players": "8",
            "entry_policy": "everyone",
            "forbidden_pairs": "[]",
            "entry_set-TOTAL_FORMS": "0",
            "entry_set-INITIAL_FORMS": "0",
            "audit-TOTAL_FORMS": "0",
            "audit-INITIAL_FORMS": "0",
            "entries-TOTAL_FORMS": "0",
            "entries-INITIAL_FORMS": "0",
        },
    )
    if response.status_code != 302:
        context = response.context
        errors = [context["adminform"].form.errors] + [
            f.formset.errors for f in context["inline_admin_formsets"]
        ]
        raise AssertionError(errors)
    t = Tournament.objects.get(name="Admin cup")
    assert t.organiser_id == operator.pk and AuditEntry.objects.filter(tournament=t).exists()
    assert client.get(f"/admin/tournaments/tournament/{t.pk}/change/").status_code == 200
    # Adjudicate a game of a running tournament from the pairing's admin page.
    other = make_tournament(rounds=1)
    register(other, [make_user("ad1"), make_user("ad2")])
    start(other)
    (pairing,) = running(other)
    client.post(
        f"/admin/tournaments/pairing/{pairing.pk}/change/",
        {"adjudicate_placings": "2,1", "adjudicate_reason": "disconnection dispute"},
    )
    pairing.refresh_from_db()
    assert pairing.placings == [2, 1] and pairing.adjudicated
    assert client.get("/admin/tournaments/auditentry/").status_code == 200


@pytest.mark.parametrize(
    "overrides",
    [
        {"format": "round_robin", "rounds": None},
        {"format": "knockout", "rounds": None},
        {"format": "arena", "rounds": None, "arena_minutes": 5},
    ],
    ids=["round_robin", "knockout", "arena"],
)
def test_every_format_renders_its_page_and_exports(
    client: Client, make_user, make_tournament, overrides
) -> None:
    t = make_tournament(**overrides)
    register(t, [make_user(f"f{i}") for i in range(4)])
    start(t)
    finish_round(t)
    t.refresh_from_db()
    for lang in ("en", "de"):
        client.cookies["django_language"] = lang
        assert client.get(f"/tournaments/{t.pk}/").status_code == 200
        assert client.get(f"/tournaments/{t.pk}/standings/").status_code == 200
        assert client.get(f"/tournaments/{t.pk}/round/1/").status_code == 200
    body = client.get(f"/api/tournaments/{t.pk}/standings/").json()
    assert len(body["standings"]) == 4
    assert client.get(f"/api/tournaments/{t.pk}/standings/?format=csv").status_code == 200
    assert client.get(f"/api/tournaments/{t.pk}/crosstable/").status_code == 200
    assert client.get(f"/api/tournaments/{t.pk}/rounds/").status_code == 200
