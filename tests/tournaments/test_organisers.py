"""The organiser role as a role: the Organisers group (made at migrate time) holds the permission
the create-event page checks; superusers grant and withdraw it from the user admin, each change
in the operations audit log; a user asks for it from the tournaments page and the staff see the
request in the admin.  In English and German."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from django.apps import apps as django_apps
from django.contrib.auth.models import Group, Permission
from django.test import Client

from accounts.models import User
from operations.errors import OperationError
from operations.models import AuditAction, AuditEntry
from tournaments import services
from tournaments.errors import TournamentError
from tournaments.models import OrganiserRequest
from tournaments.organisers import ORGANISERS_GROUP
from tournaments.services.organisers import organisers_group

pytestmark = pytest.mark.django_db


def _client(user: Any, lang: str = "en") -> Client:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = lang
    return client


def test_the_migration_makes_the_group_with_the_create_permission() -> None:
    Group.objects.filter(name=ORGANISERS_GROUP).delete()
    migration = importlib.import_module("tournaments.migrations.0006_organisers_group")
    migration.make_group(django_apps, None)
    migration.make_group(django_apps, None)  # twice: still one group, one permission
    group = Group.objects.get(name=ORGANISERS_GROUP)
    assert [(p.content_type.app_label, p.codename) for p in group.permissions.all()] == [
        ("tournaments", "organise_tournament")
    ]


def test_a_member_of_the_group_may_create_events(make_user) -> None:
    user = make_user("member")
    assert _client(user).get("/tournaments/new/").status_code == 403
    user.groups.add(organisers_group())
    user = User.objects.get(pk=user.pk)
    assert services.can_organise(user)
    assert _client(user).get("/tournaments/new/").status_code == 200


def _action(client: Client, action: str, users: list[Any], reason: str = "") -> Any:
    data: dict[str, Any] = {"action": action, "_selected_action": [u.pk for u in users]}
    if reason:
        data.update({"apply": "1", "reason": reason})
    return client.post("/admin/accounts/user/", data)


def test_a_superuser_grants_and_withdraws_the_role_from_the_user_admin_audited(make_user) -> None:
    root = User.objects.create_superuser("root", password="root-pass-123")
    player = make_user("eve")
    OrganiserRequest.objects.create(user=player, note="club nights")
    admin = _client(root)
    ask = _action(admin, "grant_organiser", [player])
    assert ask.status_code == 200 and 'name="reason"' in ask.content.decode()
    _action(admin, "grant_organiser", [player], reason="runs the club nights")
    player = User.objects.get(pk=player.pk)
    assert services.can_organise(player)
    entry = AuditEntry.objects.get(action=AuditAction.USER_ACCESS)
    assert (entry.actor, entry.target_id, entry.reason) == (
        root,
        str(player.pk),
        "runs the club nights",
    )
    assert entry.detail == {"groups": {"before": [], "after": [ORGANISERS_GROUP]}}
    asked = OrganiserRequest.objects.get(user=player)
    assert (asked.granted, asked.answered_by) == (True, root)
    _action(admin, "withdraw_organiser", [player], reason="moved away")
    player = User.objects.get(pk=player.pk)
    assert not services.can_organise(player)
    assert AuditEntry.objects.filter(action=AuditAction.USER_ACCESS).count() == 2


def test_only_a_superuser_may_grant_the_role(make_user) -> None:
    staff = make_user("mod")
    staff.is_staff = True
    staff.save(update_fields=["is_staff"])
    staff.user_permissions.set(Permission.objects.filter(codename__in=["change_user", "view_user"]))
    player = make_user("eve")
    _action(_client(User.objects.get(pk=staff.pk)), "grant_organiser", [player], reason="why")
    assert not User.objects.get(pk=player.pk).groups.exists()
    assert not AuditEntry.objects.exists()
    with pytest.raises(OperationError):
        services.organiser_role_set(user_id=player.pk, actor=staff, member=True, reason="x")


@pytest.mark.parametrize(
    ("lang", "button", "sent", "waiting"),
    [
        (
            "en",
            "Ask to organise",
            "Your request has been sent to the staff.",
            "the staff will answer",
        ),
        (
            "de",
            "Veranstalten anfragen",
            "Deine Anfrage ist an das Team gegangen.",
            "das Team antwortet dir",
        ),
    ],
)
def test_a_user_asks_to_organise_and_the_staff_see_it(
    make_user, lang: str, button: str, sent: str, waiting: str
) -> None:
    user = make_user("ann")
    client = _client(user, lang)
    assert button in client.get("/tournaments/").content.decode()
    page = client.post("/tournaments/organise/ask/", {"note": "Friday Bridge"}, follow=True)
    text = page.content.decode()
    assert sent in text and waiting in text and button not in text
    client.post("/tournaments/organise/ask/", {"note": "again"})
    assert OrganiserRequest.objects.filter(user=user).count() == 1  # one waiting request
    root = User.objects.create_superuser("root", password="root-pass-123")
    listing = _client(root).get("/admin/tournaments/organiserrequest/").content.decode()
    assert "ann" in listing and "Friday Bridge" in listing
    # Granted from the request list: the role, and the request answered.
    _client(root).post(
        "/admin/tournaments/organiserrequest/",
        {
            "action": "grant_requests",
            "_selected_action": [OrganiserRequest.objects.get(user=user).pk],
        },
    )
    assert services.can_organise(User.objects.get(pk=user.pk))
    assert OrganiserRequest.objects.get(user=user).granted is True
    # An organiser is not offered the request and cannot send one.
    assert (
        button
        not in _client(User.objects.get(pk=user.pk), lang).get("/tournaments/").content.decode()
    )
    with pytest.raises(TournamentError) as refused:
        services.organiser_request_send(user_id=user.pk)
    assert refused.value.code == "already_organiser"
