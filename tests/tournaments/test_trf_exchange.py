"""The TRF exchange (docs/tournaments.md, "TRF exchange"): an event's FIDE TRF file from the page
and the admin, and the admin's replay check of an uploaded file."""

from __future__ import annotations

import io
import zipfile
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from matchmaking import standings, swiss, trf
from matchmaking.standings import Bye, ByeKind, Game
from ratings.models import Rating
from tournaments import records, selectors, services
from tournaments.models import AuditEntry, Entry, Tournament

from .conftest import finish_round, register, running, start

pytestmark = pytest.mark.django_db(transaction=True)

CHECK_URL = "/admin/tournaments/tournament/trf-check/"
CHANGELIST = "/admin/tournaments/tournament/"


@pytest.fixture
def played(make_user, make_tournament, operator):  # type: ignore[no-untyped-def]
    """A finished three-round Swiss of five rated players: round 1 has a pairing-allocated bye
    and a forfeit (a player withdraws mid-game), round 2 an adjudicated draw."""
    users = [make_user(f"trf{i}") for i in range(5)]
    for i, u in enumerate(users):
        # Two share a rating: their pairing numbers follow the entry id.
        Rating.objects.create(
            game="spectacular_bid", user=u, rating=[1800, 1700, 1700, 1600, 1500][i]
        )
    t = make_tournament(rounds=3, name="Spring open", max_players=8)
    register(t, users)
    start(t)
    first = running(t)[0]
    leaver = Entry.objects.get(pk=first.players[0])
    services.entry_withdraw(tournament_id=t.pk, by_user_id=leaver.user_id, reason="unwell")
    finish_round(t)
    drawn = running(t)[0]
    services.pairing_adjudicate(
        pairing_id=drawn.pk, placings=[1, 1], by_user_id=operator.pk, reason="agreed draw"
    )
    finish_round(t)
    finish_round(t)
    t.refresh_from_db()
    assert t.status == "finished"
    return t


def pairing_numbers(t: Tournament) -> dict[int, int]:
    """Entry id -> the pairing number the Swiss pairing gives it (matchmaking.swiss)."""
    data = records.records_of(t)
    players = swiss.players_from_results(records.results_of(data), data.ratings)
    return {p.player_id: p.pairing_number for p in players}


def rounds_of(results: standings.Results, player: int, number: dict[int, int]) -> list[Any]:
    """A player's rounds as the standings count them, opponents by pairing number."""
    return [
        (r.entry.kind, r.points, tuple(number[o] for o in r.entry.opponents), r.entry.seat)
        for r in results.history(player)
    ]


def test_export_round_trips_with_the_same_players_results_and_pairing_numbers(played) -> None:
    t = played
    number = pairing_numbers(t)
    loaded = trf.loads(selectors.trf_text_of(t))
    entries = {e.pk: e for e in Entry.objects.filter(tournament=t).select_related("user")}
    assert loaded.names == {number[pk]: e.display_name for pk, e in entries.items()}
    assert loaded.ratings == {number[pk]: e.rating for pk, e in entries.items()}
    assert (loaded.name, loaded.rounds) == ("Spring open", 3)
    ours = records.results_of(records.records_of(t))
    theirs = standings.Results(loaded.names, loaded.games, loaded.byes, rounds=3)
    same = {n: n for n in loaded.names}
    for pk in entries:
        assert rounds_of(theirs, number[pk], same) == rounds_of(ours, pk, number)
        assert theirs.score(number[pk]) == ours.score(pk)
    kinds = {r.entry.kind for pk in entries for r in ours.history(pk)}
    assert {"pairing-bye", "forfeit-win", "forfeit-loss", "played"} <= kinds
    assert any(g.placings == (1, 1) for g in loaded.games)  # the adjudicated draw


def test_our_own_export_replays_to_the_same_pairings_in_every_round(played) -> None:
    from tournaments import trf_check

    check = trf_check.replay(trf_check.read(selectors.trf_text_of(played)))
    assert [r.number for r in check.rounds] == [1, 2, 3]
    assert all(r.same for r in check.rounds), check.rounds


def test_the_download_is_public_plain_text_named_after_the_event(client: Client, played) -> None:
    page = client.get(f"/tournaments/{played.pk}/").content.decode()
    assert f'href="/tournaments/{played.pk}/trf/"' in page
    response = client.get(f"/tournaments/{played.pk}/trf/")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response["Content-Disposition"] == (f'attachment; filename="tournament-{played.pk}.trf"')
    assert response.content.decode() == selectors.trf_text_of(played)


@pytest.mark.parametrize(
    ("overrides", "started", "reason"),
    [
        ({"format": "knockout", "rounds": None}, True, "Only Swiss and round-robin events"),
        ({"duplicate_deals": True}, True, "matchpoints"),
        ({}, False, "once the event has started"),
    ],
)
def test_an_event_without_a_file_answers_404_with_the_reason_and_has_no_link(
    client: Client, make_user, make_tournament, overrides, started, reason
) -> None:
    t = make_tournament(**overrides)
    register(t, [make_user(f"nf{i}") for i in range(4)])
    if started:
        start(t)
    response = client.get(f"/tournaments/{t.pk}/trf/")
    assert response.status_code == 404
    assert reason in response.content.decode()
    assert "/trf/" not in client.get(f"/tournaments/{t.pk}/").content.decode()


def test_a_round_robin_exports_its_games(client: Client, make_user, make_tournament) -> None:
    t = make_tournament(format="round_robin", rounds=None)
    register(t, [make_user(f"rr{i}") for i in range(4)])
    start(t)
    finish_round(t)
    loaded = trf.loads(client.get(f"/tournaments/{t.pk}/trf/").content.decode())
    assert loaded.rounds == 3 and len(loaded.games) == 2 and len(loaded.names) == 4


def test_the_page_link_and_the_refusal_in_german_and_chinese(
    client: Client, played, make_tournament
) -> None:
    cup = make_tournament(format="knockout", rounds=None)
    for language, link, refusal in (
        ("de", "TRF-Datei", "Nur Turniere im Schweizer System"),
        ("zh-hans", "TRF 文件", "只有瑞士制和循环赛"),
    ):
        client.cookies["django_language"] = language
        assert link in client.get(f"/tournaments/{played.pk}/").content.decode()
        assert refusal in client.get(f"/tournaments/{cup.pk}/trf/").content.decode()


# --- the admin ------------------------------------------------------------------------------------


def test_the_admin_action_exports_one_event_as_trf_and_several_as_a_zip(
    client: Client, operator, played, make_user, make_tournament
) -> None:
    client.force_login(operator)
    one = client.post(CHANGELIST, {"action": "export_trf", "_selected_action": [played.pk]})
    assert one.status_code == 200
    assert one["Content-Type"] == "text/plain; charset=utf-8"
    assert one["Content-Disposition"] == f'attachment; filename="tournament-{played.pk}.trf"'
    assert one.content.decode() == selectors.trf_text_of(played)
    other = make_tournament(format="round_robin", rounds=None)
    register(other, [make_user(f"z{i}") for i in range(4)])
    start(other)
    both = client.post(
        CHANGELIST, {"action": "export_trf", "_selected_action": [played.pk, other.pk]}
    )
    assert both["Content-Type"] == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(both.content))
    assert sorted(archive.namelist()) == sorted(
        [f"tournament-{played.pk}.trf", f"tournament-{other.pk}.trf"]
    )
    assert archive.read(f"tournament-{played.pk}.trf").decode() == selectors.trf_text_of(played)


def test_the_admin_action_refuses_a_selection_with_an_event_without_a_file(
    client: Client, operator, played, make_tournament
) -> None:
    client.force_login(operator)
    knockout = make_tournament(format="knockout", rounds=None, name="Cup")
    response = client.post(
        CHANGELIST,
        {"action": "export_trf", "_selected_action": [played.pk, knockout.pk]},
        follow=True,
    )
    page = response.content.decode()
    assert response["Content-Type"].startswith("text/html")
    assert f"{knockout}: Only Swiss and round-robin events can be written as a TRF file." in page


def small_event(**changes: Any) -> trf.TrfEvent:
    """Four players of two rounds after round 1, paired as the Dutch system pairs it: S1 (1, 2)
    against S2 (3, 4), 1 white by the initial colour and 2 the other colour (E.5)."""
    values: dict[str, Any] = {
        "name": "Club night",
        "rounds": 2,
        "initial_colour": swiss.WHITE,
        "names": {1: "Ada", 2: "Bo", 3: "Cy", 4: "Di"},
        "ratings": {1: 2000.0, 2: 1900.0, 3: 1800.0, 4: 1700.0},
        "games": (
            Game(1, (1, 3), (1, 2)),
            Game(1, (4, 2), (1, 2)),
        ),
        "byes": (),
    }
    values.update(changes)
    return trf.TrfEvent(**values)


def upload(client: Client, text: str | bytes, name: str = "event.trf") -> str:
    data = text.encode() if isinstance(text, str) else text
    response = client.post(CHECK_URL, {"file": SimpleUploadedFile(name, data)})
    assert response.status_code == 200
    return response.content.decode()


def saved_rows() -> tuple[int, int, int]:
    return Tournament.objects.count(), Entry.objects.count(), AuditEntry.objects.count()


def test_the_check_page_is_linked_from_the_list_and_reports_a_good_file(
    client: Client, operator, played
) -> None:
    client.force_login(operator)
    assert CHECK_URL in client.get(CHANGELIST).content.decode()
    before = saved_rows()
    page = upload(client, selectors.trf_text_of(played))
    assert "Spring open: 3 of 3 rounds paired the same." in page
    assert page.count('data-testid="trf-check-round"') == 3
    assert saved_rows() == before


def test_a_file_paired_otherwise_is_reported_round_by_round(client: Client, operator) -> None:
    from tournaments import trf_check

    client.force_login(operator)
    ours = trf_check.replay(small_event())
    assert ours.rounds[0].same  # round 1 of the small event is our pairing
    # Round 1 as another program might have paired it: 1-2 and 3-4.
    other = small_event(games=(Game(1, (1, 2), (1, 2)), Game(1, (3, 4), (1, 1))))
    page = upload(client, trf.dumps(other))
    assert "Club night: 0 of 1 rounds paired the same." in page
    assert "1 Ada – 2 Bo" in page and "1 Ada – 3 Cy" in page  # the file's board and ours


def test_a_bye_the_file_gives_someone_else_is_reported(client: Client, operator) -> None:
    client.force_login(operator)
    event = small_event(
        names={1: "Ada", 2: "Bo", 3: "Cy"},
        ratings={1: 2000.0, 2: 1900.0, 3: 1800.0},
        games=(Game(1, (2, 3), (1, 2)),),
        byes=(Bye(1, 1, ByeKind.PAIRING, 1.0),),
    )
    page = upload(client, trf.dumps(event))
    assert "0 of 1 rounds" in page
    assert "1 Ada / 3 Cy" in page  # the file's bye, ours (the lowest ranked)


def good_lines() -> list[str]:
    return trf.dumps(small_event()).splitlines()


def replaced(lineno: int, start: int, text: str) -> str:
    lines = good_lines()
    line = lines[lineno - 1]
    lines[lineno - 1] = line[:start] + text + line[start + len(text) :]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("012 Nothing here\n", "The file has no player lines (lines starting with 001)."),
        (
            replaced(4, 4, "  x1"),
            "Line 4: the starting number &#x27;x1&#x27; is not a whole number.",
        ),
        (replaced(5, 4, "   1"), "Line 5: starting number 1 is listed twice (first on line 4)."),
        (replaced(4, 48, "12ab"), "Line 4: the rating &#x27;12ab&#x27; is not a whole number."),
        (
            replaced(2, 4, "two"),
            "Line 2: the number of rounds &#x27;two&#x27; is not a whole number.",
        ),
        (replaced(4, 96, "x"), "Line 4: round 1: the colour &#x27;x&#x27; is not w or b."),
        (
            replaced(4, 98, "7"),
            "Line 4: round 1: the result &#x27;7&#x27; is not one of 1 = 0 + -.",
        ),
        (replaced(4, 91, "   9"), "Line 4: round 1: the opponent 9 has no player line."),
        (
            replaced(4, 91, "   2"),
            "Line 4: round 1: 1 meets 2 with w, but line 5 does not show that game.",
        ),
        (
            replaced(4, 98, "="),
            "Line 4: round 1: the results = and 0 (line 6) do not add up.",
        ),
        (
            replaced(4, 91, "0000 - 1"),
            "Line 4: round 1: a round without an opponent needs a bye code",
        ),
    ],
)
def test_a_bad_file_is_refused_naming_the_line_and_nothing_is_saved(
    client: Client, operator, text, message
) -> None:
    client.force_login(operator)
    before = saved_rows()
    page = upload(client, text)
    assert message in page
    assert 'data-testid="trf-check-round"' not in page
    assert saved_rows() == before


def test_a_file_too_large_is_refused(client: Client, operator) -> None:
    from tournaments import trf_check

    client.force_login(operator)
    page = upload(client, b"x" * (trf_check.MAX_BYTES + 1))
    assert "The file is larger than 2000 kB." in page


def test_a_latin_1_file_is_read(client: Client, operator) -> None:
    client.force_login(operator)
    text = trf.dumps(small_event(name="Münchner Open", names={1: "Åsa", 2: "Bö", 3: "Cy", 4: "Di"}))
    page = upload(client, text.encode("latin-1"))
    assert "Münchner Open: 1 of 1 rounds paired the same." in page


def test_only_staff_open_the_check_page(client: Client, make_user, organiser) -> None:
    assert client.get(CHECK_URL).status_code == 302  # to the admin's login
    client.force_login(make_user("plain"))
    assert client.get(CHECK_URL).status_code == 302
    client.force_login(organiser)  # may organise, but is not staff
    assert client.get(CHECK_URL).status_code == 302
    sent = {"file": SimpleUploadedFile("e.trf", trf.dumps(small_event()).encode())}
    assert client.post(CHECK_URL, sent).status_code == 302
    staff = make_user("staffer")
    staff.is_staff = True
    staff.save()
    client.force_login(staff)
    assert client.get(CHECK_URL).status_code == 200


def test_the_check_page_in_german_and_chinese(client: Client, operator) -> None:
    client.force_login(operator)
    for language, summary, error in (
        ("de", "1 von 1 Runden gleich gepaart", "Zeile 4:"),
        ("zh-hans", "1 轮中有 1 轮配对相同", "第 4 行："),
    ):
        client.cookies["django_language"] = language
        assert summary in upload(client, trf.dumps(small_event()))
        assert error in upload(client, replaced(4, 4, "  x1"))
