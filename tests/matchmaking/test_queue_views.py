"""The queue page, its panel and the REST API ``/api/queue/``."""

from __future__ import annotations

import pytest
from django.test import Client

from matchmaking.models import QueueEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def client_of():  # type: ignore[no-untyped-def]
    from accounts.models import User

    def make(name: str) -> tuple[Client, User]:
        user = User.objects.create(username=name)
        client = Client()
        client.force_login(user)
        return client, user

    return make


def test_the_page_offers_every_game_and_asks_strangers_to_log_in() -> None:
    page = Client().get("/queue/")
    assert page.status_code == 200
    assert b"Log in to join the queue." in page.content


def test_join_and_cancel_through_the_page_forms(client_of) -> None:
    client, user = client_of("formy")
    page = client.get("/queue/")
    assert b'value="spectacular_bid"' in page.content and b"data-queue-panel" in page.content
    response = client.post("/queue/join/", {"game": "one_poker", "mode": "casual"})
    assert response.status_code == 302 and response["Location"] == "/queue/"
    entry = QueueEntry.objects.get(user=user)
    assert (entry.game, entry.rated) == ("one_poker", False)
    panel = client.get("/queue/panel/")
    assert b"One Poker" in panel.content and b'data-role="status"' in panel.content
    client.post("/queue/leave/")
    assert not QueueEntry.objects.exists()


def test_rest_api_join_status_leave(client_of) -> None:
    client, user = client_of("apiuser")
    assert client.get("/api/queue/").json() == {"type": "idle", "cooldown_s": 0}
    joined = client.post(
        "/api/queue/", {"game": "spectacular_bid", "rated": True}, content_type="application/json"
    ).json()
    assert (joined["type"], joined["game"], joined["position"], joined["size"]) == (
        "status",
        "spectacular_bid",
        1,
        1,
    )
    refused = client.post("/api/queue/", {"game": "chess"}, content_type="application/json")
    assert refused.status_code == 400 and refused.json()["code"] == "bad_game"
    assert client.delete("/api/queue/").json() == {"type": "idle", "cooldown_s": 0}
    assert Client().get("/api/queue/").status_code == 401  # Bearer auth: 401 with WWW-Authenticate
