"""Operators decide the result of a stuck match, or correct a finished one: recorded in the move
log, the match and the audit log; ratings follow the verdict exactly once."""

from __future__ import annotations

import pytest

from live.models import MatchStatus
from live.operator_services import ADJUDICATED
from live.services import match_resign
from operations.models import AuditAction, AuditEntry
from ratings.models import Rating, RatingChange
from support.live import duel

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_stuck_match_ends_with_the_forfeit_result_the_operator_chose(operator_client, make_user):
    ann, bob = make_user("ann"), make_user("bob")
    match = duel(ann, bob, seed=7)
    response = operator_client.post(
        f"/admin/live/match/{match.pk}/adjudicate/",
        {"verdict": "1", "reason": "abandoned", "note": "bob left after the deal"},
    )
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED and match.end_reason == ADJUDICATED
    assert [(r["seat"], r["placing"]) for r in match.result] == [(0, 1), (1, 2)]
    assert match.abort_reason.startswith(
        "Result decided by an operator: a player abandoned the match."
    )
    last = match.moves.order_by("-seq").first()
    assert (last.kind, last.seat) == ("adjudicate", 1)
    entry = AuditEntry.objects.get(action=AuditAction.MATCH_ADJUDICATE)
    assert entry.detail["outcome"] == "ended" and entry.detail["loser_seat"] == 1
    assert entry.reason == "a player abandoned the match: bob left after the deal"


def test_a_draw_places_every_seat_first(operator, make_user):
    from operations.services import match_adjudicate

    match = duel(make_user(), make_user(), seed=7)
    assert (
        match_adjudicate(match_id=match.pk, loser_seat=None, reason_code="stuck", actor=operator)
        == "ended"
    )
    match.refresh_from_db()
    assert [r["placing"] for r in match.result] == [1, 1]


def test_correcting_a_finished_rated_match_takes_back_its_ratings_and_rates_the_verdict(
    operator, make_user
):
    from operations.services import match_adjudicate

    ann, bob = make_user("ann"), make_user("bob")
    match = duel(ann, bob, rated=True, seed=7)
    match_resign(match_id=match.pk, command_id="r", user_id=ann.pk)  # ann loses
    before = {r.user_id: (r.rating, r.games) for r in Rating.objects.all()}
    assert before[bob.pk][0] > before[ann.pk][0]
    outcome = match_adjudicate(
        match_id=match.pk, loser_seat=1, reason_code="fair_play", actor=operator
    )
    assert outcome == "replaced"
    after = {r.user_id: (r.rating, r.games) for r in Rating.objects.all()}
    # The same two ratings with the result reversed: ann now gains what bob had gained.
    assert after[ann.pk] == (pytest.approx(before[bob.pk][0]), 1)
    assert after[bob.pk] == (pytest.approx(before[ann.pk][0]), 1)
    assert RatingChange.objects.filter(match=match).count() == 2
    match.refresh_from_db()
    assert match.end_reason == ADJUDICATED
    assert [(r["seat"], r["placing"]) for r in match.result] == [(0, 1), (1, 2)]


def test_an_aborted_match_cannot_be_decided(operator, make_user):
    from operations.errors import OperationError
    from operations.services import match_abort, match_adjudicate

    match = duel(make_user(), make_user(), seed=7)
    match_abort(match_id=match.pk, reason_code="technical", actor=operator)
    with pytest.raises(OperationError) as refused:
        match_adjudicate(match_id=match.pk, loser_seat=0, reason_code="stuck", actor=operator)
    assert refused.value.code == "match_not_decidable"
    assert AuditEntry.objects.filter(action=AuditAction.MATCH_ADJUDICATE).count() == 0
