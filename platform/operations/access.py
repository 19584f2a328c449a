"""Who may administer the platform: the staff and superuser flags, groups and permissions of an
account — changed only by a superuser, and every change in the platform's audit log.

Why a service of its own: a moderator (staff, with change permission on users) could post its own
admin user form with ``is_superuser=on`` and become superuser, and only Django's admin log (which
records that *a* form was saved, not what it granted) noticed.  The admin's user page now shows
these fields read-only to everyone but superusers, takes them out of the form's own save, and
hands them here: one transaction that locks the user row, refuses an actor who is not a
superuser, applies the change and writes the audit entry with what was granted and taken — so the
log holds exactly the access changes that committed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.auth.models import Group, Permission
from django.db import transaction

from accounts.models import User

from .errors import OperationError
from .models import AuditAction
from .services import audit_record

ACCESS_FIELDS = ("is_staff", "is_superuser", "groups", "user_permissions")
"""The fields of an account that decide what it may do in the admin."""


def _permission_names(permissions: Iterable[Permission]) -> list[str]:
    return sorted(f"{p.content_type.app_label}.{p.codename}" for p in permissions)


def access_of(user: User) -> dict[str, Any]:
    """The account's access as the audit log writes it: flags, group names, permission names."""
    return {
        "is_staff": user.is_staff,
        "is_superuser": user.is_superuser,
        "groups": sorted(user.groups.values_list("name", flat=True)),
        "user_permissions": _permission_names(user.user_permissions.select_related("content_type")),
    }


@transaction.atomic
def user_access_set(
    *,
    user_id: int,
    actor: User,
    reason: str,
    is_staff: bool,
    is_superuser: bool,
    groups: Iterable[Group],
    permissions: Iterable[Permission],
) -> bool:
    """Give the account exactly this access; False (and no entry) if it already had it.

    Only a superuser may: anyone else gets ``not_superuser`` and nothing changes, whatever the
    admin page showed them."""
    if not (actor.is_active and actor.is_superuser):
        raise OperationError(
            "not_superuser", "only a superuser may change staff, superuser, groups or permissions"
        )
    user = User.objects.select_for_update().filter(pk=user_id).first()
    if user is None:
        raise OperationError("no_user", f"there is no user {user_id}")
    before = access_of(user)
    groups, permissions = list(groups), list(permissions)
    user.is_staff, user.is_superuser = is_staff, is_superuser
    user.save(update_fields=["is_staff", "is_superuser"])
    user.groups.set(groups)
    user.user_permissions.set(permissions)
    after = access_of(user)
    if after == before:
        return False
    changed = {
        k: {"before": before[k], "after": after[k]} for k in ACCESS_FIELDS if before[k] != after[k]
    }
    audit_record(
        actor=actor, action=AuditAction.USER_ACCESS, target=user, reason=reason, detail=changed
    )
    return True


@transaction.atomic
def group_permissions_set(
    *, group_id: int, actor: User, reason: str, permissions: Iterable[Permission]
) -> bool:
    """Give the group exactly these permissions — every member's access changes with them, so
    the same rule holds: superusers only, audited; False (and no entry) if nothing changed."""
    if not (actor.is_active and actor.is_superuser):
        raise OperationError("not_superuser", "only a superuser may change a group's permissions")
    group = Group.objects.select_for_update().filter(pk=group_id).first()
    if group is None:
        raise OperationError("no_group", f"there is no group {group_id}")
    before = _permission_names(group.permissions.select_related("content_type"))
    group.permissions.set(list(permissions))
    after = _permission_names(group.permissions.select_related("content_type"))
    if after == before:
        return False
    audit_record(
        actor=actor,
        action=AuditAction.USER_ACCESS,
        target=group,
        reason=reason,
        detail={"permissions": {"before": before, "after": after}},
    )
    return True
