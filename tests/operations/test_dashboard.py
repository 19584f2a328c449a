"""The staff dashboard: matches per game, queues, Celery, clock lateness, incidents, node clocks,
heartbeats — staff only."""

from __future__ import annotations

import pytest
from django.test import Client

from live.models import NodeClock, ServiceBeat, TimeIncident
from matchmaking.services import queue_join
from support.live import duel

from .conftest import against_ai

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_dashboard_shows_what_runs_and_waits(operator_client, make_user):
    duel(make_user(), make_user(), seed=7)
    against_ai(make_user())
    queue_join(user_id=make_user().pk, game_slug="spectacular_bid")
    NodeClock.objects.create(node="web-1", offset_ms=3.5, round_trip_ms=0.4)
    ServiceBeat.objects.create(name="platform", last_ms=1, node="web-1")
    TimeIncident.objects.create(node="web-1", kind="outage", detail="down for 30 s")
    page = operator_client.get("/admin/dashboard/")
    assert page.status_code == 200
    data = page.context["data"]
    assert data["running"] == [
        {"game": "spectacular_bid", "title": "Spectacular Bid", "running": 2}
    ]
    assert [(q["game"], q["rated"], q["waiting"]) for q in data["queues"]] == [
        ("spectacular_bid", True, 1)
    ]
    assert data["celery"] is None  # no broker in-process: Celery runs eagerly
    html = page.content.decode()
    for part in (
        "dash-running",
        "dash-queues",
        "No broker",
        "dash-clock",
        "dash-incidents",
        "dash-nodes",
        "dash-heartbeats",
        "down for 30 s",
        "web-1",
    ):
        assert part in html, part


def test_the_dashboard_is_for_staff_only(make_user):
    client = Client()
    client.force_login(make_user())
    response = client.get("/admin/dashboard/")
    assert response.status_code == 302 and "/admin/login/" in response.url


def test_the_dashboard_speaks_german(operator_client):
    operator_client.cookies["django_language"] = "de"
    html = operator_client.get("/admin/dashboard/").content.decode()
    assert "Laufende Partien" in html and "Herzschlag der Webprozesse" in html
