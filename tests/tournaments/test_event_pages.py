"""The event page tells a spectator the truth: a running event's entry box says registration is
closed (or "Log in to join" where late entries are taken), the status badge follows the event
(the refreshing part sends it again), an arena is "provisional until the arena ends" with the
time left, each score column has one format, and a tournament game's result screen leads back
to its event.  In English and German."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tournaments import services
from tournaments.standing_rows import Row, column_texts, shown_rows

from .conftest import running, start

pytestmark = pytest.mark.django_db(transaction=True)


def _running(make_tournament: Any, organiser: Any, **overrides: Any) -> Any:
    t = make_tournament(**overrides)
    services.entry_add_ai(tournament_id=t.pk, by_user_id=organiser.pk, level="random", count=4)
    start(t)
    t.refresh_from_db()
    return t


def _page(client: Client, url: str, lang: str) -> str:
    client.cookies["django_language"] = lang
    return client.get(url).content.decode()


@pytest.mark.parametrize(
    ("lang", "closed", "join"),
    [
        ("en", "This tournament is running; registration is closed.", "to join."),
        ("de", "Dieses Turnier läuft; die Anmeldung ist geschlossen.", "um mitzuspielen."),
    ],
)
def test_a_signed_out_spectator_is_told_registration_is_closed_or_may_join(
    client: Client, make_tournament: Any, organiser: Any, lang: str, closed: str, join: str
) -> None:
    knockout = _running(make_tournament, organiser, format="knockout", rounds=None)
    page = _page(client, f"/tournaments/{knockout.pk}/", lang)
    assert closed in page
    assert "to register." not in page and "um dich einzutragen." not in page
    swiss = _running(make_tournament, organiser, name="Late cup")  # Swiss takes late entries
    page = _page(client, f"/tournaments/{swiss.pk}/", lang)
    assert join in page and closed not in page
    assert "to register." not in page and "um dich einzutragen." not in page


def test_the_refreshing_part_brings_the_status_badge(
    client: Client, make_tournament: Any, organiser: Any
) -> None:
    t = make_tournament()
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert 'id="tournament-status"' in page and "hx-swap-oob" not in page
    services.entry_add_ai(tournament_id=t.pk, by_user_id=organiser.pk, level="random", count=4)
    start(t)
    part = client.get(f"/tournaments/{t.pk}/standings/").content.decode()
    assert 'id="tournament-status" data-testid="tournament-status" hx-swap-oob="true">running<' in (
        part
    )


@pytest.mark.parametrize(
    ("lang", "words", "round_words"),
    [
        (
            "en",
            ["(live, provisional until the arena ends)", "The arena ends at"],
            "provisional until the round ends",
        ),
        (
            "de",
            ["(live, vorläufig bis zum Ende der Arena)", "Die Arena endet um"],
            "vorläufig bis zum Ende der Runde",
        ),
    ],
)
def test_an_arena_is_provisional_until_it_ends_with_a_countdown(
    client: Client,
    make_tournament: Any,
    organiser: Any,
    lang: str,
    words: list[str],
    round_words: str,
) -> None:
    t = _running(make_tournament, organiser, format="arena", rounds=None, arena_minutes=30)
    assert t.ends_at is not None
    for url in (f"/tournaments/{t.pk}/", f"/tournaments/{t.pk}/standings/"):
        page = _page(client, url, lang)
        for w in words:
            assert w in page
        assert round_words not in page
        assert f'data-countdown-to="{t.ends_at.isoformat()}"' in page
        assert f"{t.ends_at:%H:%M} UTC" in page  # the fallback without scripts
        assert "js/tournament-countdown.js" in page


def _row(score: float, tiebreaks: dict[str, float]) -> Row:
    return Row(1, 1, "x", False, 1500, score, tiebreaks, "active")


def test_one_format_per_column() -> None:
    assert column_texts([2.25, 1.5, 2.0, None]) == ["2.25", "1.50", "2.00", ""]
    assert column_texts([2.5, 1.0, 0.5]) == ["2½", "1", "½"]
    shown = shown_rows([_row(2.25, {"BH": 3.5}), _row(1.5, {"BH": 3.0})], ["BH"])
    assert [s.score for s in shown] == ["2.25", "1.50"]
    assert [s.tiebreaks for s in shown] == [["3½"], ["3"]]


@pytest.mark.parametrize(
    ("lang", "label"), [("en", "Back to the event"), ("de", "Zurück zum Turnier")]
)
def test_the_result_screen_of_a_tournament_game_leads_back_to_the_event(
    client: Client, make_tournament: Any, make_user: Any, lang: str, label: str
) -> None:
    t = make_tournament()
    people = [make_user(f"p{i}") for i in range(4)]
    for u in people:
        services.entry_register(tournament_id=t.pk, user_id=u.pk)
    start(t)
    game = running(t)[0]
    client.cookies["django_language"] = lang
    after = client.get(f"/match/{game.match_id}/after/").json()
    assert after["event"] == {"url": f"/tournaments/{t.pk}/", "label": label}
