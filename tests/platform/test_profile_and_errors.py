"""Profiles (a rating chart with axes; recent matches with opponents, dates and rating changes)
and the site's own 404 and 500 pages, in English and German."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from live.services import SeatSpec, match_resign, match_start

pytestmark = pytest.mark.django_db(transaction=True)


def test_profile_chart_has_axes_and_recent_matches_name_opponents(make_user) -> None:
    anna, ben = make_user("anna"), make_user("ben")
    for n in range(3):
        match = match_start(
            game_slug="one_poker",
            seats=[SeatSpec(user_id=anna.pk), SeatSpec(user_id=ben.pk)],
            rated=True,
        )
        match_resign(match_id=match.pk, command_id=f"r{n}", user_id=ben.pk)
    client = Client()
    client.cookies["django_language"] = "de"
    page = client.get("/accounts/u/anna/").content.decode()
    chart = re.search(r'<svg[^>]*class="rating-chart".*?</svg>', page, re.S).group(0)
    assert 'aria-label="Wertungsverlauf von 1500 bis 1553, 3 Partien"' in chart
    ticks = re.findall(r'text-anchor="end" font-size="11" fill="currentColor">(\d+)</text>', chart)
    assert ticks == ["1500", "1525", "1550", "1575"]
    assert "3 Partien" in chart and chart.count("<line") >= 2 + len(ticks)
    rows = re.findall(r'data-testid="recent-match-opponents">(.*?)</td>', page)
    assert rows == ['<a href="/accounts/u/ben/">ben</a>'] * 3
    # Each win of the provisional duel moves the rating by K·(1 − E): +20, +18, +16.
    assert page.count("gewonnen") >= 3
    assert re.findall(r"<td>\+(\d+)</td>", page) == ["16", "18", "20"]


def test_ai_opponents_are_named_on_the_profile(make_user) -> None:
    user = make_user("carla")
    match = match_start(
        game_slug="zheng_shangyou",
        seats=[SeatSpec(user_id=user.pk)] + [SeatSpec(ai_level="random")] * 2,
    )
    match_resign(match_id=match.pk, command_id="r", user_id=user.pk)
    page = Client().get("/accounts/u/carla/").content.decode()
    opponents = re.findall(r'data-testid="recent-match-opponents">(.*?)</td>', page)
    assert opponents == ["Bruno (bot), Clara (bot)"]


@pytest.mark.parametrize(
    ("lang", "title"), [("en", "Page not found"), ("de", "Seite nicht gefunden")]
)
def test_a_missing_profile_gets_the_sites_404_page(lang, title) -> None:
    client = Client()
    client.cookies["django_language"] = lang
    response = client.get("/accounts/u/nobody-here/")
    assert response.status_code == 404
    body = response.content.decode()
    assert 'data-testid="error-404"' in body and title in body
    assert 'href="/static/css/site.css"' in body or "site.css" in body


def test_the_500_page_stands_alone() -> None:
    from django.template.loader import render_to_string
    from django.utils import translation

    with translation.override("en"):
        body = render_to_string("500.html")
    assert 'data-testid="error-500"' in body and "Something went wrong" in body
