"""Profiles (issue #31, item 5): partners apart from opponents, by the teams the game's result
declares (no game named in the platform), and the tournaments played with the final place and
score, read from the tournaments' own standings."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import Permission
from django.test import Client
from django.utils import timezone

from accounts.selectors import recent_matches, tournament_history
from live.services import SeatSpec, match_resign, match_start
from tournaments import services as tournament_services
from tournaments.models import Pairing, PairingStatus, TournamentStatus

pytestmark = pytest.mark.django_db(transaction=True)  # round ends run on commit


def profile(username: str, language: str = "en") -> str:
    client = Client()
    client.cookies["django_language"] = language
    return client.get(f"/accounts/u/{username}/").content.decode()


def cells(page: str, testid: str) -> list[str]:
    return re.findall(rf'data-testid="{testid}"[^>]*>(.*?)</td>', page, re.S)


def bridge_table(anna, ben):  # type: ignore[no-untyped-def]
    """Anna North, Ben South (partners across), AI players East and West."""
    return match_start(
        game_slug="bridge",
        seats=[
            SeatSpec(user_id=anna.pk),
            SeatSpec(ai_level="random"),
            SeatSpec(user_id=ben.pk),
            SeatSpec(ai_level="random"),
        ],
    )


def test_a_bridge_partner_is_listed_as_partner_not_opponent(make_user) -> None:
    anna, ben = make_user("anna"), make_user("ben")
    match = bridge_table(anna, ben)
    match_resign(match_id=match.pk, command_id="r", user_id=anna.pk)
    page = profile("anna")
    assert cells(page, "recent-match-partners") == ['<a href="/accounts/u/ben/">ben</a>']
    (opponents,) = cells(page, "recent-match-opponents")
    assert "ben" not in opponents and opponents.count("(bot)") == 2
    (row,) = recent_matches(user=ben)
    assert [p["name"] for p in row["partners"]] == ["anna"] and row["teams_known"]


def test_in_a_free_for_all_everyone_else_is_an_opponent(make_user) -> None:
    carla, dan = make_user("carla"), make_user("dan")
    match = match_start(
        game_slug="zheng_shangyou",
        seats=[SeatSpec(user_id=carla.pk), SeatSpec(user_id=dan.pk), SeatSpec(ai_level="random")],
    )
    match_resign(match_id=match.pk, command_id="r", user_id=carla.pk)
    (row,) = recent_matches(user=carla)
    assert row["partners"] == [] and [o["name"] for o in row["opponents"]] == [
        "dan",
        "Clara (bot)",
    ]


def test_a_running_match_guesses_no_teams(make_user) -> None:
    anna, ben = make_user("anna"), make_user("ben")
    bridge_table(anna, ben)
    page = profile("anna")
    assert (
        cells(page, "recent-match-partners") == [] and cells(page, "recent-match-opponents") == []
    )
    (together,) = re.findall(r'data-testid="recent-match-players">(.*?)</td>', page, re.S)
    assert "ben" in together and together.count("(bot)") == 2
    assert "Am Tisch:" in profile("anna", "de")


# --- tournament history ---------------------------------------------------------------------------


@pytest.fixture
def organiser(make_user):  # type: ignore[no-untyped-def]
    user = make_user("organiser")
    user.user_permissions.add(Permission.objects.get(codename="organise_tournament"))
    return type(user).objects.get(pk=user.pk)


def tournament(organiser, players, name: str = "Spring cup", start: bool = True):  # type: ignore[no-untyped-def]
    t = tournament_services.tournament_create(
        organiser_id=organiser.pk,
        spec=tournament_services.TournamentSpec(
            name=name,
            game="spectacular_bid",
            format="swiss",
            rounds=1,
            starts_at=timezone.now() + timedelta(hours=1),
            max_players=8,
            round_break_s=0,
            bank_ms=60_000,
            delay_ms=5_000,
        ),
    )
    for user in players:
        tournament_services.entry_register(tournament_id=t.pk, user_id=user.pk)
    if start:
        tournament_services.tournament_start(
            tournament_id=t.pk, now=t.starts_at + timedelta(seconds=1)
        )
    return t


def test_a_finished_tournament_shows_place_score_and_link(make_user, organiser) -> None:
    anna, ben = make_user("anna"), make_user("ben")
    t = tournament(organiser, [anna, ben])
    (table,) = Pairing.objects.filter(tournament=t, status=PairingStatus.PLAYING)
    match_resign(match_id=table.match_id, command_id="r", user_id=ben.pk)
    t.refresh_from_db()
    assert t.status == TournamentStatus.FINISHED
    page = profile("anna")
    (row,) = re.findall(r'data-testid="tournament-history-row".*?</tr>', page, re.S)
    assert f'href="/tournaments/{t.pk}/"' in row and "Spring cup" in row
    assert cells(row, "tournament-place") == ["1 of 2"] and cells(row, "tournament-score") == ["1"]
    (ben_row,) = tournament_history(user=ben)
    assert (ben_row["place"], ben_row["field"], ben_row["score"]) == (2, 2, "0")
    assert cells(profile("ben", "de"), "tournament-place") == ["2 von 2"]


def test_a_running_tournament_shows_no_place_and_an_unstarted_one_is_left_out(
    make_user, organiser
) -> None:
    anna, ben = make_user("anna"), make_user("ben")
    tournament(organiser, [anna, ben], name="Running cup")
    tournament(organiser, [anna], name="Next week", start=False)
    (row,) = tournament_history(user=anna)
    assert row["name"] == "Running cup" and row["place"] is None and row["score"] is None
    assert cells(profile("anna"), "tournament-place") == ['<span class="muted">in progress</span>']
    assert "läuft noch" in profile("anna", "de")
    assert 'data-testid="tournaments-empty"' in profile("organiser")


def test_a_pairs_entry_counts_for_both_partners_and_names_the_other(make_user, organiser) -> None:
    from tournaments.models import Entry, Tournament

    anna, ben = make_user("anna"), make_user("ben")
    t = tournament(organiser, [], name="Pairs night", start=False)
    Entry.objects.create(tournament=t, user=anna, partner=ben, partner_accepted=True, rating=1500)
    Tournament.objects.filter(pk=t.pk).update(status=TournamentStatus.RUNNING)
    (for_anna,) = tournament_history(user=anna)
    (for_ben,) = tournament_history(user=ben)
    assert (for_anna["partner"], for_ben["partner"]) == ("ben", "anna")
    assert "with anna" in profile("ben")


def test_a_robot_partner_is_named_as_the_event_names_it(make_user, organiser) -> None:
    """One name for an AI everywhere (issue #29 §4): the history names the robot partner as the
    event's pages and its match seats do, with its level, in each language."""
    from tournaments.models import Entry, Tournament

    anna = make_user("anna")
    t = tournament(organiser, [], name="Pairs night", start=False)
    Entry.objects.create(
        tournament=t,
        user=anna,
        partner_ai_level="expert",
        partner_ai_name="Bruno (bot)",
        rating=1500,
    )
    Tournament.objects.filter(pk=t.pk).update(status=TournamentStatus.RUNNING)
    (row,) = tournament_history(user=anna)
    assert row["partner"] == "Bruno (bot), computer partner (expert)"
    assert "Bruno (bot), Computerpartner (expert)" in profile("anna", "de")
