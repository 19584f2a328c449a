"""One name, one level and one rating per AI entrant, as the lobby presents computer players
(issue #29 §4; docs/tournaments.md, "AI entrants")."""

from __future__ import annotations

import pytest
from django.utils import translation

from ratings.models import Rating
from tournaments import ai_entrants, services

from .conftest import register, running, start

pytestmark = pytest.mark.django_db(transaction=True)


def add_ai(t, level: str, count: int):  # type: ignore[no-untyped-def]
    return services.entry_add_ai(
        tournament_id=t.pk, by_user_id=t.organiser_id, level=level, count=count
    )


def test_ai_entrants_take_the_lobbys_names_in_order_and_never_twice_in_an_event(
    make_tournament,
) -> None:
    t = make_tournament(max_players=32)
    first = add_ai(t, "random", 2)
    second = add_ai(t, "expert", 11)
    names = [e.display_name for e in first + second]
    assert names[:3] == ["Ada (bot)", "Bruno (bot)", "Clara (bot)"]
    assert names[12] == "Ada 2 (bot)"  # the thirteenth: the names come round with a number
    assert len(set(names)) == len(names)


def test_entrant_names_skip_names_already_taken() -> None:
    assert ai_entrants.entrant_names({"Bruno (bot)"}, 2) == ["Ada (bot)", "Clara (bot)"]


def test_an_ai_entrant_is_rated_as_the_lobby_shows_its_level(make_tournament) -> None:
    """No established rating yet: the level's guide rating (the lobby's), not a newcomer's 1500;
    once established, the level's own."""
    t = make_tournament()
    (random,) = add_ai(t, "random", 1)
    (greedy,) = add_ai(t, "greedy", 1)
    assert (random.rating, greedy.rating) == (900.0, 1300.0)
    Rating.objects.create(game="spectacular_bid", ai_level="greedy", rating=1422, games=5)
    (still,) = add_ai(t, "greedy", 1)
    assert still.rating == 1300.0  # five games: provisional, the lobby still shows the guide
    Rating.objects.filter(ai_level="greedy").update(games=40)
    (measured,) = add_ai(t, "greedy", 1)
    assert measured.rating == 1422.0


def test_an_ai_entrant_has_its_name_at_the_table_too(make_user, make_tournament) -> None:
    t = make_tournament(rounds=1)
    register(t, [make_user("p")])
    (ai,) = add_ai(t, "greedy", 1)
    start(t)
    (pairing,) = running(t)
    seat = pairing.match.seats.get(user__isnull=True)
    assert seat.display_name == ai.display_name == "Ada (bot)"


def test_the_organisers_menu_offers_the_lobbys_levels_with_their_ratings(
    client, make_tournament, organiser
) -> None:
    t = make_tournament()
    add_ai(t, "greedy", 1)
    client.force_login(organiser)
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert '<option value="random"' in page and "Beginner (rating 900)" in page
    assert "Casual (rating 1300)" in page and "Expert (rating 1800)" in page
    assert "Ada (bot)" in page and "Casual · 1300" in page
    with translation.override("de"):
        page = client.get(f"/tournaments/{t.pk}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "(Wertung 1300)" in page
