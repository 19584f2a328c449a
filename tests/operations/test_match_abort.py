"""Operators abort a live match from its admin page, with a reason players read in their
language; every abort is in the audit log, written in the abort's own transaction."""

from __future__ import annotations

import pytest

from live.models import EndReason, MatchStatus
from operations.models import AuditAction, AuditEntry
from support.live import duel

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_match_page_offers_abort_and_adjudicate_while_it_runs(operator_client, make_user):
    match = duel(make_user("ann"), make_user("bob"), seed=7)
    page = operator_client.get(f"/admin/live/match/{match.pk}/change/").content.decode()
    assert f"/admin/live/match/{match.pk}/abort/" in page
    assert f"/admin/live/match/{match.pk}/adjudicate/" in page
    assert f'href="/match/{match.pk}/"' in page  # watch it as a spectator
    assert "Spectacular Bid" in page
    assert "running, first flag in" in page or "stall bound" in page


def test_abort_without_a_reason_changes_nothing(operator_client, make_user):
    match = duel(make_user(), make_user(), seed=7)
    response = operator_client.post(f"/admin/live/match/{match.pk}/abort/", {"note": "why not"})
    assert response.status_code == 200 and "This field is required" in response.content.decode()
    match.refresh_from_db()
    assert match.status == MatchStatus.RUNNING
    assert not AuditEntry.objects.exists()


def test_abort_with_a_reason_players_read_in_english_and_german(operator_client, make_user):
    match = duel(make_user(), make_user(), seed=7)
    response = operator_client.post(
        f"/admin/live/match/{match.pk}/abort/",
        {"reason": "technical", "note": "database failover at 03:12"},
    )
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.status == MatchStatus.ABORTED and match.end_reason == EndReason.ABORT
    assert match.abort_reason == (
        "Aborted by an operator: a technical problem on the server. / "
        "Von der Spielleitung abgebrochen: ein technisches Problem auf dem Server. / "
        "已被管理员中止：服务器出现技术问题。"
    )
    assert "operator operator" not in match.abort_reason
    assert "failover" not in match.abort_reason  # the note is for the audit log only
    entry = AuditEntry.objects.get()
    assert entry.action == AuditAction.MATCH_ABORT and entry.actor_name == "op"
    assert (entry.target_type, entry.target_id) == ("match", str(match.pk))
    assert entry.reason == "a technical problem on the server: database failover at 03:12"


def test_the_list_action_aborts_with_a_reason_too(operator_client, make_user):
    match = duel(make_user(), make_user(), seed=7)
    response = operator_client.post(
        "/admin/live/match/",
        {"action": "abort_matches", "_selected_action": [match.pk]},
        follow=True,
    )
    assert "1 match(es) aborted" in response.content.decode()
    match.refresh_from_db()
    assert match.abort_reason.startswith("Aborted by an operator:")
    assert AuditEntry.objects.filter(action=AuditAction.MATCH_ABORT).count() == 1


def test_an_audit_entry_that_cannot_be_written_undoes_the_abort(operator, make_user, monkeypatch):
    from operations import services

    match = duel(make_user(), make_user(), seed=7)

    def broken(**kwargs):
        raise RuntimeError("audit store down")

    monkeypatch.setattr(services, "audit_record", broken)
    with pytest.raises(RuntimeError):
        services.match_abort(match_id=match.pk, reason_code="technical", actor=operator)
    match.refresh_from_db()
    assert match.status == MatchStatus.RUNNING and match.seq == 0
    assert not match.moves.exists()


def test_the_audit_log_is_read_only_in_the_admin(operator_client, operator, make_user):
    from operations import services

    match = duel(make_user(), make_user(), seed=7)
    services.match_abort(match_id=match.pk, reason_code="stuck", actor=operator)
    entry = AuditEntry.objects.get()
    assert operator_client.get("/admin/operations/auditentry/").status_code == 200
    page = operator_client.get(f"/admin/operations/auditentry/{entry.pk}/change/")
    assert page.status_code == 200 and 'name="_save"' not in page.content.decode()
    assert operator_client.get("/admin/operations/auditentry/add/").status_code == 403
    posted = operator_client.post(
        f"/admin/operations/auditentry/{entry.pk}/change/", {"reason": "rewritten"}
    )
    assert posted.status_code == 403
    deleted = operator_client.post(
        f"/admin/operations/auditentry/{entry.pk}/delete/", {"post": "yes"}
    )
    assert deleted.status_code == 403
    entry.refresh_from_db()
    assert entry.reason == "the match could not continue"


def test_a_viewer_role_sees_matches_but_cannot_abort(make_user):
    from django.contrib.auth.models import Permission
    from django.test import Client

    viewer = make_user("viewer")
    viewer.is_staff = True
    viewer.save()
    viewer.user_permissions.add(
        Permission.objects.get(codename="view_match"), Permission.objects.get(codename="view_user")
    )
    client = Client()
    client.force_login(viewer)
    match = duel(make_user(), make_user(), seed=7)
    page = client.get(f"/admin/live/match/{match.pk}/change/")
    assert page.status_code == 200 and "/abort/" not in page.content.decode()
    refused = client.post(f"/admin/live/match/{match.pk}/abort/", {"reason": "technical"})
    assert refused.status_code == 403
    match.refresh_from_db()
    assert match.status == MatchStatus.RUNNING
    users = client.get("/admin/accounts/user/").content.decode()
    assert "ban_users" not in users
