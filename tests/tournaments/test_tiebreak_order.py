"""The organiser's tie-break order (issue #29 §2): chosen on the form, the admin and the service,
checked against the known codes, stored per tournament, used by the standings and shown as their
column headers in that order with full names."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import timezone, translation

from tournaments import selectors, services
from tournaments.errors import TournamentError
from tournaments.forms import TournamentForm
from tournaments.models import (
    AuditEntry,
    Entry,
    Pairing,
    PairingStatus,
    Round,
    RoundStatus,
    Tournament,
    TournamentStatus,
)

from .conftest import register, spec

pytestmark = pytest.mark.django_db(transaction=True)


def _form(order: str) -> TournamentForm:
    form = TournamentForm(
        {
            "name": "Cup",
            "game": "spectacular_bid",
            "format": "swiss",
            "rounds": "3",
            "knockout_games": "1",
            "starts_at": (timezone.now() + timezone.timedelta(hours=1)).strftime("%Y-%m-%d %H:%M"),
            "max_players": "16",
            "entry_policy": "everyone",
            "round_break_s": "10",
            "tiebreak_order": order,
        }
    )
    form.is_valid()
    return form


def test_the_form_refuses_an_unknown_code_and_names_the_known_ones() -> None:
    with translation.override("en"):
        form = _form("SB, XYZ")
    assert form.errors["tiebreak_order"] == [
        "Unknown tie-break “XYZ”. Known tie-breaks: BH-C1, BH, SB, DE, WIN, PERF, WON, ARO, PS, KS."
    ]


def test_the_form_refuses_a_code_listed_twice_in_english_and_german() -> None:
    with translation.override("en"):
        english = _form("sb, DE sb").errors["tiebreak_order"]
    assert english == ["The tie-break “SB” is listed twice; each one counts once."]
    with translation.override("de"):
        (message,) = _form("SB SB").errors["tiebreak_order"]
    assert message == "Die Feinwertung „SB“ steht zweimal in der Liste; jede zählt nur einmal."


def test_the_form_reads_codes_in_any_case_and_separator_and_keeps_their_order() -> None:
    form = _form("ps; aro,  bh-c1")
    assert "tiebreak_order" not in form.errors
    assert form.spec().tiebreak_order == ("PS", "ARO", "BH-C1")


def test_a_new_event_stores_the_chosen_order_else_todays(make_tournament) -> None:
    assert make_tournament().tiebreak_order == ["BH-C1", "SB", "DE", "WIN"]
    assert make_tournament(format="round_robin", rounds=None).tiebreak_order == ["DE", "SB", "WIN"]
    assert make_tournament(format="knockout", rounds=None).tiebreak_order == []
    chosen = make_tournament(tiebreak_order=("WON", "KS"))
    assert chosen.tiebreak_order == ["WON", "KS"]


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"tiebreak_order": ("SB", "BHX")}, "unknown tie-break 'BHX'"),
        ({"tiebreak_order": ("DE", "DE")}, "the tie-break 'DE' is listed twice"),
        (
            {"format": "knockout", "rounds": None, "tiebreak_order": ("SB",)},
            "tie-breaks are chosen for Swiss and round robin only",
        ),
    ],
)
def test_the_service_refuses_a_bad_order_and_creates_nothing(
    organiser, overrides: dict[str, Any], message: str
) -> None:
    with pytest.raises(TournamentError) as refused:
        services.tournament_create(organiser_id=organiser.pk, spec=spec(**overrides))
    assert refused.value.code == "bad_tiebreaks"
    assert refused.value.message.startswith(message)
    assert not Tournament.objects.exists()


def _played_swiss(
    make_user, make_tournament, order: list[str], prefix: str = "tb"
) -> tuple[Tournament, list[int]]:
    """Six players after two rounds (results written as the service would): A and F tie on one
    point.  A won then lost (progressive score 2 against F's 1); F met stronger opponents
    (average rating 1550 against A's 1450).  So PS ranks A first and ARO ranks F first."""
    t = make_tournament(rounds=2, tiebreak_order=tuple(order))
    ratings = [1500, 1500, 1400, 1500, 1600, 1500]  # A B C D E F
    entries = register(t, [make_user(f"{prefix}{i}") for i in range(6)])
    ids = [e.pk for e in entries]
    for e, r in zip(entries, ratings, strict=True):
        Entry.objects.filter(pk=e.pk).update(rating=r)
    a, b, c, d, e, f = ids
    rounds = {1: [(a, b), (c, d), (e, f)], 2: [(c, a), (f, b), (e, d)]}  # winner first
    for number, tables in rounds.items():
        rnd = Round.objects.create(
            tournament=t, number=number, deal_seed=number, status=RoundStatus.DONE
        )
        for board, players in enumerate(tables, start=1):
            Pairing.objects.create(
                tournament=t,
                round=rnd,
                board=board,
                players=list(players),
                placings=[1, 2],
                status=PairingStatus.DONE,
                ended_at=timezone.now(),
            )
    Tournament.objects.filter(pk=t.pk).update(status=TournamentStatus.RUNNING, current_round=2)
    t.refresh_from_db()
    return t, ids


def _rank_of(t: Tournament) -> dict[int, int]:
    return {row.entry_id: row.rank for row in selectors.standings_of(t)}


def test_two_orders_give_two_rankings_and_the_columns_follow_the_order(
    make_user, make_tournament
) -> None:
    by_progress, ids = _played_swiss(make_user, make_tournament, ["PS", "ARO"])
    a, f = ids[0], ids[5]
    rank = _rank_of(by_progress)
    assert rank[a] < rank[f]
    assert selectors.tiebreak_names_of(by_progress) == ["PS", "ARO"]
    row_a = next(r for r in selectors.standings_of(by_progress) if r.entry_id == a)
    assert list(row_a.tiebreaks) == ["PS", "ARO"]
    assert row_a.tiebreaks == {"PS": 2.0, "ARO": 1450.0}

    by_opponents, ids = _played_swiss(make_user, make_tournament, ["ARO", "PS"], "op")
    a, f = ids[0], ids[5]
    rank = _rank_of(by_opponents)
    assert rank[f] < rank[a]
    assert selectors.tiebreak_names_of(by_opponents) == ["ARO", "PS"]


def test_the_page_shows_the_columns_in_the_chosen_order_with_their_names(
    client: Client, make_user, make_tournament
) -> None:
    t, _ = _played_swiss(make_user, make_tournament, ["ARO", "PS"])
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    aro = page.index('<abbr title="Average rating of the opponents played">ARO</abbr>')
    ps = page.index('<abbr title="Progressive score: the running score added up after every')
    assert aro < ps
    assert 'data-testid="tiebreak-legend"' in page
    assert "<dt>ARO</dt><dd>Average rating of the opponents played</dd>" in page
    client.cookies["django_language"] = "de"
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert "<dt>ARO</dt><dd>Durchschnittliche Wertung der gespielten Gegner</dd>" in page


def test_the_organiser_reorders_until_the_end_and_it_is_audited(
    make_user, make_tournament, organiser
) -> None:
    t, ids = _played_swiss(make_user, make_tournament, ["PS", "ARO"])
    services.tournament_tiebreaks_set(tournament_id=t.pk, by_user_id=organiser.pk, order=["ARO"])
    t.refresh_from_db()
    assert t.tiebreak_order == ["ARO"]
    assert _rank_of(t)[ids[5]] < _rank_of(t)[ids[0]]
    entry = AuditEntry.objects.get(tournament=t, action="tiebreaks_changed")
    assert entry.detail == {"before": ["PS", "ARO"], "after": ["ARO"]}
    with pytest.raises(TournamentError) as refused:
        services.tournament_tiebreaks_set(
            tournament_id=t.pk, by_user_id=organiser.pk, order=["ARO", "XX"]
        )
    assert refused.value.code == "bad_tiebreaks"
    stranger = make_user("stranger")
    with pytest.raises(TournamentError) as refused:
        services.tournament_tiebreaks_set(tournament_id=t.pk, by_user_id=stranger.pk, order=[])
    assert refused.value.code == "not_organiser"
    Tournament.objects.filter(pk=t.pk).update(status=TournamentStatus.FINISHED)
    with pytest.raises(TournamentError) as refused:
        services.tournament_tiebreaks_set(tournament_id=t.pk, by_user_id=organiser.pk, order=[])
    assert refused.value.code == "over"
    t.refresh_from_db()
    assert t.tiebreak_order == ["ARO"]


_INLINES = {
    f"{prefix}-{field}": "0"
    for prefix in ("entry_set", "audit", "entries")
    for field in ("TOTAL_FORMS", "INITIAL_FORMS")
}


def test_the_admin_sets_the_order_on_creation_and_changes_it_later(
    client: Client, operator
) -> None:
    operator.is_superuser = True
    operator.save()
    client.force_login(operator)
    response = client.post(
        "/admin/tournaments/tournament/add/",
        {
            "name": "Admin swiss",
            "game": "spectacular_bid",
            "format": "swiss",
            "rounds": "3",
            "knockout_games": "1",
            "round_break_s": "0",
            "starts_at_0": "2099-01-01",
            "starts_at_1": "18:00:00",
            "max_players": "8",
            "entry_policy": "everyone",
            "forbidden_pairs": "[]",
            "tiebreak_order": "sb de",
            **_INLINES,
        },
    )
    assert response.status_code == 302
    t = Tournament.objects.get(name="Admin swiss")
    assert t.tiebreak_order == ["SB", "DE"]
    change = f"/admin/tournaments/tournament/{t.pk}/change/"
    page = client.get(change).content.decode()
    assert 'value="SB, DE"' in page
    refused = client.post(change, {"tiebreak_order": "WIN, WIN", **_INLINES})
    assert refused.status_code == 200
    assert "The tie-break “WIN” is listed twice; each one counts once." in refused.content.decode()
    assert client.post(change, {"tiebreak_order": "WIN, BH", **_INLINES}).status_code == 302
    t.refresh_from_db()
    assert t.tiebreak_order == ["WIN", "BH"]
    assert AuditEntry.objects.filter(tournament=t, action="tiebreaks_changed").count() == 1
