"""Analysis after a game (issue #32; platform/analysis): asked for once, computed by the job on
the ``ai`` queue, read through the API and the replay page — never while the match runs, never
while its deal is embargoed, and only for games that offer it."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db.models import Q
from django.test import Client
from django.utils import timezone

from analysis import run, services
from analysis.models import AnalysisStatus, MatchAnalysis
from analysis.selectors import AnalysisError
from games.bridge.actions import Bid, Pass, Play
from games.registry import get_game
from live import embargo
from live.models import Match, MatchStatus
from live.services import SeatSpec, action_submit, match_resign, match_start
from support.live import duel, engine_state

pytestmark = pytest.mark.django_db

API = "/api/v1/matches/{id}/analysis/"


def bridge_match(make_user: Any, *, cards: int = 52) -> tuple[Match, list[Any]]:
    """A Bridge match of four people: South opens 1NT, all pass, then ``cards`` cards are played
    (each the first legal card) — all 52 finish the deal, and with it the match."""
    users = [make_user() for _ in range(4)]
    match = match_start(game_slug="bridge", seats=[SeatSpec(user_id=u.pk) for u in users])
    game = get_game("bridge")
    plays = 0
    for n, call in enumerate([Bid(1, 4), Pass(), Pass(), Pass()]):
        seat = engine_state(match).pending()[0].seat
        action_submit(
            match_id=match.pk,
            action=game.encode_action(call),
            command_id=f"a{n}",
            user_id=users[seat].pk,
        )
    while plays < cards:
        state = engine_state(match)
        seat = state.pending()[0].seat
        card = next(a for a in state.legal_actions(seat) if isinstance(a, Play))
        action_submit(
            match_id=match.pk,
            action=game.encode_action(card),
            command_id=f"p{plays}",
            user_id=users[seat].pk,
        )
        plays += 1
    match.refresh_from_db()
    return match, users


def test_the_job_stores_the_double_dummy_analysis_of_a_finished_bridge_match(
    make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    match, _users = bridge_match(make_user)
    assert match.status == MatchStatus.FINISHED
    with django_capture_on_commit_callbacks(execute=True):  # Celery runs eagerly in tests
        response = Client().post(API.format(id=match.pk))
    assert response.status_code == 202
    row = MatchAnalysis.objects.get(match=match)
    assert row.status == AnalysisStatus.DONE and row.finished_at is not None
    body = Client().get(API.format(id=match.pk)).json()
    assert set(body) == {"match", "game", "status", "result", "finished_at"}
    assert (body["match"], body["game"], body["status"]) == (match.pk, "bridge", "done")
    result = body["result"]
    assert set(result) == {"version", "table", "par", "cards"}
    assert set(result["table"]) == {"C", "D", "H", "S", "NT"}
    assert len(result["cards"]) == 52
    assert set(result["cards"][0]) == {"index", "seat", "card", "best", "got", "cost"}
    assert set(result["par"]) == {"score", "contracts"}


def test_asking_again_queues_nothing_and_keeps_the_one_row(
    make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    match, users = bridge_match(make_user)
    with django_capture_on_commit_callbacks() as first:
        services.analysis_request(match_id=match.pk, user=users[0])
    with django_capture_on_commit_callbacks() as again:
        services.analysis_request(match_id=match.pk, user=None)
    assert (len(first), len(again)) == (1, 0)
    assert MatchAnalysis.objects.filter(match=match).count() == 1
    assert Client().get(API.format(id=match.pk)).json()["status"] == "pending"


def test_a_pending_analysis_whose_job_was_lost_is_queued_again_by_the_next_request(
    make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    match, users = bridge_match(make_user)
    services.analysis_request(match_id=match.pk, user=users[0])
    lost_at = timezone.now() - services.REQUEUE_AFTER - timedelta(seconds=1)
    MatchAnalysis.objects.filter(match=match).update(created_at=lost_at)
    with django_capture_on_commit_callbacks(execute=True) as queued:
        services.analysis_request(match_id=match.pk, user=None)
    assert len(queued) == 1
    assert MatchAnalysis.objects.get(match=match).status == AnalysisStatus.DONE


def test_an_analysis_whose_worker_died_while_running_is_queued_again_by_the_next_request(
    make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    match, users = bridge_match(make_user)
    services.analysis_request(match_id=match.pk, user=users[0])
    died_at = timezone.now() - services.RUNNING_STALE_AFTER - timedelta(seconds=1)
    MatchAnalysis.objects.filter(match=match).update(
        status=AnalysisStatus.RUNNING, started_at=died_at
    )
    with django_capture_on_commit_callbacks(execute=True) as queued:
        services.analysis_request(match_id=match.pk, user=None)
    assert len(queued) == 1
    assert MatchAnalysis.objects.get(match=match).status == AnalysisStatus.DONE


def test_a_running_analysis_is_left_to_its_job(
    make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    match, users = bridge_match(make_user)
    services.analysis_request(match_id=match.pk, user=users[0])
    MatchAnalysis.objects.filter(match=match).update(
        status=AnalysisStatus.RUNNING, started_at=timezone.now()
    )
    with django_capture_on_commit_callbacks(execute=True) as queued:
        services.analysis_request(match_id=match.pk, user=None)
    assert queued == []
    assert MatchAnalysis.objects.get(match=match).status == AnalysisStatus.RUNNING


def test_the_job_delivered_twice_analyses_once(make_user: Any) -> None:
    match, users = bridge_match(make_user)
    services.analysis_request(match_id=match.pk, user=users[0])  # job not run: no commit here
    assert run.analysis_run(match.pk) == "done"
    first = MatchAnalysis.objects.get(match=match).finished_at
    assert run.analysis_run(match.pk) == "done"
    assert MatchAnalysis.objects.get(match=match).finished_at == first


def test_a_running_match_is_refused_by_the_api_and_its_page_offers_no_analysis(
    make_user: Any,
) -> None:
    match, users = bridge_match(make_user, cards=5)
    assert match.status == MatchStatus.RUNNING
    for client in (Client(), _logged_in(users[0])):
        for method in (client.get, client.post):
            response = method(API.format(id=match.pk))
            assert response.status_code == 403
            assert response.json()["code"] == "match_running"
        page = client.get(f"/match/{match.pk}/replay/").content.decode()
        assert 'data-testid="replay-analysis"' not in page
    with pytest.raises(AnalysisError, match="over"):
        services.analysis_request(match_id=match.pk, user=users[0])
    assert not MatchAnalysis.objects.exists()


def test_an_embargoed_deal_is_refused_to_all_but_operators(
    make_user: Any, operator: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    match, users = bridge_match(make_user)
    run_and_store(match, users[0])
    # Other tables still play this deal (what tournaments register: live.embargo).
    monkeypatch.setattr(embargo, "EMBARGO_FILTERS", [lambda: Q(pk=match.pk)])
    for client in (Client(), _logged_in(users[0]), _logged_in(make_user())):
        for method in (client.get, client.post):
            response = method(API.format(id=match.pk))
            assert response.status_code == 403
            assert response.json() == {"code": "deal_embargoed", "detail": embargo.message()}
        page = client.get(f"/match/{match.pk}/replay/")
        assert page.status_code == 403
        assert 'data-testid="replay-analysis"' not in page.content.decode()
    assert _logged_in(operator).get(API.format(id=match.pk)).json()["status"] == "done"


def test_a_game_without_analysis_says_so_and_cannot_be_asked(make_user: Any) -> None:
    a, b = make_user(), make_user()
    match = duel(a, b)
    match_resign(match_id=match.pk, command_id="r", user_id=a.pk)
    body = Client().get(API.format(id=match.pk)).json()
    assert body["status"] == "unavailable" and body["result"] is None
    response = Client().post(API.format(id=match.pk))
    assert (response.status_code, response.json()["code"]) == (409, "not_available")
    assert not MatchAnalysis.objects.exists()


def test_a_bridge_match_resigned_before_the_play_ended_has_nothing_to_analyse(
    make_user: Any,
) -> None:
    match, users = bridge_match(make_user, cards=9)
    match_resign(match_id=match.pk, command_id="r", user_id=users[1].pk)
    assert Client().get(API.format(id=match.pk)).json()["status"] == "unavailable"
    assert Client().post(API.format(id=match.pk)).status_code == 409


def test_the_replay_page_of_a_finished_bridge_match_offers_the_analysis(make_user: Any) -> None:
    match, _users = bridge_match(make_user)
    page = Client().get(f"/match/{match.pk}/replay/").content.decode()
    assert 'data-testid="replay-analysis"' in page
    assert API.format(id=match.pk) in page


def test_an_unknown_match_is_not_found() -> None:
    assert Client().get(API.format(id=987654)).status_code == 404


def run_and_store(match: Match, user: Any) -> None:
    services.analysis_request(match_id=match.pk, user=user)
    assert run.analysis_run(match.pk) == "done"


def _logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client
