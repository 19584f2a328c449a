"""Analysis after a game (issue #32; platform/analysis): asked for once, computed by the job on
the ``ai`` queue, read through the API and the replay page — never while the match runs, never
while its deal is embargoed, and only for games that offer it: Bridge's double-dummy analysis of
a deal played to its end, every other game's moments analysis (games/moments.py) of a match in
which a person made a move."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

import pytest
from django.db.models import Q
from django.test import Client
from django.utils import timezone

from analysis import run, selectors, services
from analysis.models import AnalysisStatus, MatchAnalysis
from analysis.selectors import AnalysisError
from games.bridge.actions import Bid, Pass, Play
from games.registry import get_game
from live import embargo
from live.models import Match, MatchStatus
from live.selectors import match_action_log
from live.services import SeatSpec, action_submit, match_abort, match_resign, match_start
from support.bot_records import MOMENTS_GAMES
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


def test_a_match_ended_before_any_person_moved_has_nothing_to_analyse(make_user: Any) -> None:
    a, b = make_user(), make_user()
    match = duel(a, b)
    match_resign(match_id=match.pk, command_id="r", user_id=a.pk)
    body = Client().get(API.format(id=match.pk)).json()
    assert body["status"] == "unavailable" and body["result"] is None
    response = Client().post(API.format(id=match.pk))
    assert (response.status_code, response.json()["code"]) == (409, "not_available")
    assert not MatchAnalysis.objects.exists()


def test_a_game_without_an_analysis_module_says_so_and_cannot_be_asked(
    make_user: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    match, users = people_match(make_user, "one_poker", moves=3)
    # Every game has one today; the rule stays for the next game added without one.
    monkeypatch.setattr(selectors, "analyser_for", lambda slug: None)
    assert Client().get(API.format(id=match.pk)).json()["status"] == "unavailable"
    assert Client().post(API.format(id=match.pk)).status_code == 409


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




def people_match(
    make_user: Any, slug: str, *, moves: int = 10, end: bool = True
) -> tuple[Match, list[Any]]:
    """A match of people in every seat who make ``moves`` moves (the fast AI level's choice
    for each), then seat 0 resigns (``end``) — a finished match with decisions of people."""
    game = get_game(slug)
    users = [make_user() for _ in range(game.seat_counts[0])]
    # The server draws the seed, as for a real match (a fixed one would meet another test's
    # seats in live.selectors' per-process cache, keyed by match id and seed).
    match = match_start(game_slug=slug, seats=[SeatSpec(user_id=u.pk) for u in users])
    rng = random.Random(7)
    fast = list(game.bots.values())[1]()
    user_of = dict(match.seats.values_list("seat", "user_id"))  # the server may seat them anew
    for n in range(moves):
        state = engine_state(match)
        if state.is_over():  # the server drew the seed: a short match may end sooner (One Poker)
            break
        decision = state.pending()[0]
        seat = decision.seat
        action = decision.forced
        if action is None:
            action = fast.choose(state.view(seat), state.legal_actions(seat), rng, 0)
        action_submit(
            match_id=match.pk,
            action=game.encode_action(action),
            command_id=f"m{n}",
            user_id=user_of[seat],
        )
    match.refresh_from_db()
    if end and match.status == MatchStatus.RUNNING:
        match_resign(match_id=match.pk, command_id="r", user_id=user_of[0])
        match.refresh_from_db()
    return match, users


@pytest.mark.parametrize("slug", MOMENTS_GAMES)
def test_the_job_stores_the_moments_analysis_of_a_finished_match_of_every_other_game(
    slug: str, make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    match, _users = people_match(make_user, slug)
    assert match.status == MatchStatus.FINISHED
    assert Client().get(API.format(id=match.pk)).json()["status"] == "none"
    with django_capture_on_commit_callbacks(execute=True):  # Celery runs eagerly in tests
        response = Client().post(API.format(id=match.pk))
    assert response.status_code == 202
    assert MatchAnalysis.objects.get(match=match).status == AnalysisStatus.DONE
    body = Client().get(API.format(id=match.pk)).json()
    assert (body["game"], body["status"]) == (slug, "done")
    result = body["result"]
    assert (result["kind"], result["version"]) == ("moments", 1)
    assert set(result) == {
        "version",
        "kind",
        "level",
        "playouts",
        "decisions",
        "judged",
        "of",
        "moments",
    }
    log = match_action_log(match=match)
    assert result["decisions"] and result["judged"] == len(result["decisions"])
    for decision in result["decisions"]:
        assert log[decision["index"]] == (decision["seat"], decision["played"])
    assert set(result["moments"]) <= {d["index"] for d in result["decisions"]}


def test_a_running_match_of_another_game_is_refused_and_an_aborted_one_is_analysed(
    make_user: Any, operator: Any
) -> None:
    match, _users = people_match(make_user, "one_poker", moves=3, end=False)
    assert match.status == MatchStatus.RUNNING
    for method in (Client().get, Client().post):
        response = method(API.format(id=match.pk))
        assert (response.status_code, response.json()["code"]) == (403, "match_running")
    match_abort(match_id=match.pk, reason="test", by_user_id=operator.pk)
    match.refresh_from_db()
    assert match.status == MatchStatus.ABORTED
    assert Client().get(API.format(id=match.pk)).json()["status"] == "none"
    services.analysis_request(match_id=match.pk, user=None)
    assert run.analysis_run(match.pk) == "done"
    assert MatchAnalysis.objects.get(match=match).result["kind"] == "moments"


def run_and_store(match: Match, user: Any) -> None:
    services.analysis_request(match_id=match.pk, user=user)
    assert run.analysis_run(match.pk) == "done"


def _logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_replay_page_of_a_finished_match_of_another_game_offers_the_analysis(
    make_user: Any,
) -> None:
    match, _users = people_match(make_user, "one_poker", moves=3)
    page = Client().get(f"/match/{match.pk}/replay/").content.decode()
    assert 'data-testid="replay-analysis"' in page
    assert API.format(id=match.pk) in page
    # The note is the result's to set (double-dummy for Bridge, play-outs for the moments).
    assert 'data-testid="analysis-note" hidden' in page
