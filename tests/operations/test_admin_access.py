"""Only superusers grant access, and every grant is audited (issue 28, item 6): a moderator — staff
with change/view permission on users and matches, as docs/operations.md suggests — posted its own
admin user form with ``is_superuser=on`` and became superuser."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, Permission
from django.test import Client

from accounts.models import User
from operations.access import user_access_set
from operations.errors import OperationError
from operations.models import AuditAction, AuditEntry
from support.admin_forms import user_form

pytestmark = pytest.mark.django_db

MODERATOR_PERMISSIONS = ["change_user", "view_user", "change_match", "view_match"]


@pytest.fixture
def moderator(make_user) -> User:
    user = make_user("mod")
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    user.user_permissions.set(Permission.objects.filter(codename__in=MODERATOR_PERMISSIONS))
    return user


def logged_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_moderator_posting_its_own_form_with_superuser_on_stays_a_moderator(moderator) -> None:
    admins = Group.objects.create(name="admins")
    admins.permissions.set(Permission.objects.all())
    client = logged_in(moderator)
    page = client.get(f"/admin/accounts/user/{moderator.pk}/change/").content.decode()
    for field in ("is_superuser", "is_staff", "groups", "user_permissions"):
        assert f'name="{field}"' not in page  # shown read-only, not as inputs
    response = client.post(
        f"/admin/accounts/user/{moderator.pk}/change/",
        user_form(
            moderator,
            first_name="Mo",
            is_superuser="on",
            groups=[admins.pk],
            user_permissions=[p.pk for p in Permission.objects.all()],
        ),
    )
    assert response.status_code == 302  # the rest of the form is saved ...
    moderator.refresh_from_db()
    assert moderator.first_name == "Mo"
    assert not moderator.is_superuser and moderator.is_staff  # ... the access fields are not
    assert not moderator.groups.exists()
    assert sorted(moderator.user_permissions.values_list("codename", flat=True)) == sorted(
        MODERATOR_PERMISSIONS
    )
    assert not AuditEntry.objects.filter(action=AuditAction.USER_ACCESS).exists()


def test_a_moderator_cannot_change_a_superusers_or_another_staff_account(
    moderator, make_user
) -> None:
    root = User.objects.create_superuser("root", password="root-pass-123")
    other = make_user("other-mod")
    other.is_staff = True
    other.save(update_fields=["is_staff"])
    client = logged_in(moderator)
    for target in (root, other):
        changed = client.post(
            f"/admin/accounts/user/{target.pk}/change/", user_form(target, email="me@evil.test")
        )
        assert changed.status_code == 403
        password = client.post(
            f"/admin/accounts/user/{target.pk}/password/",
            {"password1": "taken-over-123", "password2": "taken-over-123"},
        )
        assert password.status_code == 403
        target.refresh_from_db()
        assert target.email == "" and not target.check_password("taken-over-123")
    # A player's account is still the moderator's to change.
    player = make_user("player")
    assert (
        client.post(
            f"/admin/accounts/user/{player.pk}/change/", user_form(player, first_name="P")
        ).status_code
        == 302
    )


def test_a_superusers_grant_is_in_the_audit_log_with_what_changed(make_user) -> None:
    root = User.objects.create_superuser("root", password="root-pass-123")
    player = make_user("newmod")
    moderators = Group.objects.create(name="moderators")
    client = logged_in(root)
    response = client.post(
        f"/admin/accounts/user/{player.pk}/change/",
        user_form(player, is_staff="on", groups=[moderators.pk]),
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.is_staff and list(player.groups.all()) == [moderators]
    entry = AuditEntry.objects.get(action=AuditAction.USER_ACCESS)
    assert (entry.actor, entry.target_id) == (root, str(player.pk))
    assert entry.detail == {
        "is_staff": {"before": False, "after": True},
        "groups": {"before": [], "after": ["moderators"]},
    }
    # Saving the page again without touching access writes no entry.
    client.post(f"/admin/accounts/user/{player.pk}/change/", user_form(player, first_name="N"))
    assert AuditEntry.objects.filter(action=AuditAction.USER_ACCESS).count() == 1


def test_the_access_service_refuses_anyone_but_a_superuser(moderator) -> None:
    with pytest.raises(OperationError) as refused:
        user_access_set(
            user_id=moderator.pk,
            actor=moderator,
            reason="self-service",
            is_staff=True,
            is_superuser=True,
            groups=[],
            permissions=[],
        )
    assert refused.value.code == "not_superuser"
    moderator.refresh_from_db()
    assert not moderator.is_superuser
    assert moderator.user_permissions.count() == len(MODERATOR_PERMISSIONS)
    assert not AuditEntry.objects.exists()


def test_only_a_superuser_changes_a_groups_permissions_and_it_is_audited(moderator) -> None:
    moderators = Group.objects.create(name="moderators")
    moderator.groups.add(moderators)
    moderator.user_permissions.add(
        *Permission.objects.filter(codename__in=["change_group", "view_group"])
    )
    every = [p.pk for p in Permission.objects.all()]
    refused = logged_in(moderator).post(
        f"/admin/auth/group/{moderators.pk}/change/", {"name": "moderators", "permissions": every}
    )
    assert refused.status_code == 403
    assert not moderators.permissions.exists()
    root = User.objects.create_superuser("root", password="root-pass-123")
    view_match = Permission.objects.get(codename="view_match")
    granted = logged_in(root).post(
        f"/admin/auth/group/{moderators.pk}/change/",
        {"name": "moderators", "permissions": [view_match.pk]},
    )
    assert granted.status_code == 302
    assert list(moderators.permissions.all()) == [view_match]
    entry = AuditEntry.objects.get(action=AuditAction.USER_ACCESS)
    assert (entry.actor, entry.target_type, entry.target_id) == (root, "group", str(moderators.pk))
    assert entry.detail == {"permissions": {"before": [], "after": ["live.view_match"]}}
