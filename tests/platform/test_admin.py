"""Operators in the Django admin: users, tables, matches with their move log, aborting a match."""

from __future__ import annotations

import pytest
from django.test import Client

from live.models import EndReason, MatchStatus
from live.services import SeatSpec, action_submit, match_start

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def operator_client(make_user) -> Client:
    from accounts.services import operator_ensure

    operator_ensure(username="op", password="op-pass-123")
    client = Client()
    assert client.login(username="op", password="op-pass-123")
    return client


def test_operator_finds_users_tables_matches_and_the_move_log(operator_client, make_user) -> None:
    player = make_user("dora")
    match = match_start(
        game_slug="spectacular_bid",
        seats=[SeatSpec(user_id=player.pk), SeatSpec(ai_level="random")],
    )
    action_submit(match_id=match.pk, action={"kind": "ready"}, command_id="c1", user_id=player.pk)
    for url in [
        "/admin/accounts/user/?q=dora",
        "/admin/lobby/table/",
        "/admin/live/match/",
        "/admin/live/timeincident/",
        "/admin/live/nodeclock/",
        "/admin/ratings/rating/",
    ]:
        assert operator_client.get(url).status_code == 200, url
    page = operator_client.get(f"/admin/live/match/{match.pk}/change/").content.decode()
    assert "c1" in page and "arrived" in page.lower()


def test_operator_aborts_a_match_with_a_recorded_reason(operator_client, make_user) -> None:
    player = make_user()
    match = match_start(
        game_slug="spectacular_bid",
        seats=[SeatSpec(user_id=player.pk), SeatSpec(ai_level="random")],
        rated=False,
    )
    response = operator_client.post(
        "/admin/live/match/",
        {"action": "abort_matches", "_selected_action": [match.pk]},
        follow=True,
    )
    assert "1 match(es) aborted" in response.content.decode()
    match.refresh_from_db()
    assert match.status == MatchStatus.ABORTED and match.end_reason == EndReason.ABORT
    assert "op" in match.abort_reason
    assert match.moves.filter(kind="abort").count() == 1
