"""The users API and the profile page say nothing of how a game went while other tables still
play its deal (live.embargo): besides placing, result and rating change, also not how or when it
ended (``end_reason``, ``ended_at``) — the match API hides the same (live.api.EMBARGO_HIDES)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from live import services as live_services

from .conftest import duplicate_round_first_table_over

pytestmark = pytest.mark.django_db(transaction=True)  # after-commit jobs run, as in production


def test_recent_matches_hide_how_and_when_an_embargoed_game_ended(
    make_user: Any, make_tournament: Any
) -> None:
    first, second = duplicate_round_first_table_over(make_user, make_tournament, "emb")
    winner = first.match.seats.get(seat=0).user
    client = Client()

    def row() -> dict[str, Any]:
        body = client.get(f"/api/v1/users/{winner.username}/").json()
        return next(m for m in body["recent_matches"] if m["id"] == first.match_id)

    def match_api() -> dict[str, Any]:
        return client.get(f"/api/v1/matches/{first.match_id}/").json()

    # The other table still plays the deal: the users API shows what the match API shows.
    hidden = row()
    assert match_api()["deal_embargoed"] is True
    assert (hidden["placing"], hidden["end_reason"], hidden["ended_at"]) == (None, None, None)
    assert hidden["status"] == match_api()["status"]
    assert match_api()["ended_at"] is None and match_api()["end_reason"] == ""
    page = client.get(f"/accounts/u/{winner.username}/").content.decode()
    assert "hidden until every table has played this deal" in page

    # The other table ends: the round closes and everything shows.
    live_services.match_resign(
        match_id=second.match_id,
        command_id="resign-users-api-2",
        user_id=second.match.seats.get(seat=1).user_id,
    )
    shown = row()
    assert (shown["placing"], shown["end_reason"]) == (1, "resign")
    assert shown["ended_at"] == match_api()["ended_at"] is not None
