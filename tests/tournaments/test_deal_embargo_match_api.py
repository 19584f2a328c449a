"""Issue 28, follow-up of the deal embargo (docs/api.md, docs/tournaments.md "Deal embargo"): the
match API's list and detail show a match whose deal other tables still play as a table still
playing would show it — status and seats, no ``seq``, ``end_reason``, ``abort_reason``,
``ended_at``, result, clock or public view (how long play took and how it ended tell a player at
the other table how the deal went) — until every table has played the deal.  Operators see
every field throughout.

The real duplicate-deal Swiss of Bridge of ``test_deal_embargo`` (one person, seven robots): the
robots' table finishes first while the person still plays the same deal at the other table.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from system.test_external_bot import OpenAPI

from live import services as live_services
from live.models import Match, MatchStatus
from tournaments import services
from tournaments.models import Round, RoundStatus

from .conftest import play_out
from .test_deal_embargo import _client, _tables

pytestmark = pytest.mark.django_db(transaction=True)  # after-commit jobs run, as in production

HIDDEN = {
    "deal_embargoed": True,
    "seq": None,
    "result": None,
    "end_reason": "",
    "abort_reason": "",
    "ended_at": None,
}


def _detail(client: Client, match_id: int) -> dict[str, Any]:
    response = client.get(f"/api/v1/matches/{match_id}/")
    assert response.status_code == 200
    return response.json()  # type: ignore[no-any-return]


def _listed(client: Client, match_id: int) -> dict[str, Any]:
    rows = client.get("/api/v1/matches/?game=bridge").json()["results"]
    return next(r for r in rows if r["id"] == match_id)  # type: ignore[no-any-return]


def _seats(match: Match) -> list[tuple[int, bool]]:
    return [(s.seat, s.user_id is None) for s in match.seats.order_by("seat")]


def test_an_embargoed_match_shows_only_what_a_table_still_playing_would_show(
    make_user: Any, duplicate_swiss: Any, organiser: Any, operator: Any, ai_jobs: Any
) -> None:
    person, outsider, late = make_user("person"), make_user("kibitzer"), make_user("late")
    t = duplicate_swiss([person], robots=7, max_players=9)
    robots, people = _tables(t)
    finished = play_out(robots.match_id, ai_jobs)
    assert finished.status == MatchStatus.FINISHED and finished.seq > 0
    assert finished.end_reason and finished.ended_at is not None
    services.entry_register(tournament_id=t.pk, user_id=late.pk)  # a player not seated now
    schema = OpenAPI(Client().get("/api/v1/schema/?format=json").json())
    viewers = {
        "anonymous": _client(),
        "spectator": _client(outsider),
        "opponent at the other table": _client(person),
        "player of the event": _client(late),
        "the organiser (not an operator)": _client(organiser),
    }
    running = Match.objects.get(pk=people.match_id)
    for who, client in viewers.items():
        detail = _detail(client, finished.pk)
        schema.check("matches_retrieve", 200, detail)
        shown = {key: detail[key] for key in HIDDEN}
        assert shown == HIDDEN, who
        assert (detail["status"], detail["public_view"], detail["clock"]) == (
            "finished",
            None,
            None,
        ), who
        assert [(s["seat"], s["is_ai"]) for s in detail["seats"]] == _seats(finished), who
        row = _listed(client, finished.pk)
        assert {key: row[key] for key in HIDDEN} == HIDDEN, who
        assert row["status"] == "finished" and len(row["seats"]) == 4, who
        # The table still playing the deal shows no more than that either: not how far it got.
        live = _detail(client, running.pk)
        schema.check("matches_retrieve", 200, live)
        assert {key: live[key] for key in HIDDEN} == HIDDEN, who
        assert (live["status"], live["public_view"], live["clock"]) == ("running", None, None)
    listing = _client().get("/api/v1/matches/?game=bridge")
    schema.check("matches_list", 200, listing.json())
    # Operators see everything throughout.
    staff = _detail(_client(operator), finished.pk)
    assert staff["deal_embargoed"] is False
    assert (staff["seq"], staff["end_reason"]) == (finished.seq, finished.end_reason)
    assert staff["ended_at"] is not None and staff["result"] is not None
    staff_live = _detail(_client(operator), running.pk)
    assert staff_live["seq"] == running.seq and staff_live["clock"] is not None
    # Every table has played the deal: everyone sees the rest.
    live_services.match_resign(
        match_id=people.match_id, command_id="resign-api-embargo", user_id=person.pk
    )
    assert Round.objects.get(tournament=t, number=1).status == RoundStatus.DONE
    for who, client in viewers.items():
        for detail in (_detail(client, finished.pk), _listed(client, finished.pk)):
            assert detail["deal_embargoed"] is False, who
            assert (detail["seq"], detail["end_reason"]) == (finished.seq, finished.end_reason)
            assert detail["ended_at"] is not None and detail["result"] is not None, who
