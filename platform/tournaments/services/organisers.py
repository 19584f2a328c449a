"""The organiser role: a user asks for it from the tournaments page (``organiser_request_send``),
the staff answer in the admin, and granting or withdrawing it (``organiser_role_set``) changes
the user's membership of the Organisers group through ``operations.access.user_access_set`` —
the one audited way any access changes (superusers only, the change in the audit log)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import Group, Permission
from django.db import transaction
from django.utils import timezone

from accounts.models import User
from operations.access import user_access_set

from ..errors import TournamentError
from ..models import OrganiserRequest
from ..organisers import ORGANISE_PERMISSION, ORGANISERS_GROUP
from .common import can_organise


def organisers_group() -> Group:
    """The Organisers group (migration 0006 makes it), made again with its permission should it
    be missing — a database flushed since the migration ran, or the group deleted by hand — so
    granting the role never grants an empty group."""
    app_label, codename = ORGANISE_PERMISSION
    group, made = Group.objects.get_or_create(name=ORGANISERS_GROUP)
    if made:
        group.permissions.add(
            Permission.objects.get(content_type__app_label=app_label, codename=codename)
        )
    return group


def organiser_request_open(user_id: int) -> OrganiserRequest | None:
    """The user's request still waiting for an answer, if any."""
    return OrganiserRequest.objects.filter(user_id=user_id, answered_at__isnull=True).first()


@transaction.atomic
def organiser_request_send(*, user_id: int, note: str = "") -> OrganiserRequest:
    """Ask the staff for the organiser role; refused for someone who already organises, and a
    second request while one waits is the first one (nothing new)."""
    user = User.objects.select_for_update().get(pk=user_id)
    if can_organise(user):
        raise TournamentError("already_organiser", "you may already organise tournaments")
    waiting = organiser_request_open(user_id)
    if waiting is not None:
        return waiting
    return OrganiserRequest.objects.create(user=user, note=note.strip()[:500])


def organiser_role_set(*, user_id: int, actor: Any, member: bool, reason: str) -> bool:
    """Grant (``member``) or withdraw the organiser role; False if nothing changed.  Goes through
    the audited access service, which refuses an actor who is not a superuser
    (``operations.errors.OperationError``); an open request of the user is answered with it."""
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user_id)
        group = organisers_group()
        groups = set(user.groups.all())
        if member:
            groups.add(group)
        else:
            groups.discard(group)
        changed = user_access_set(
            user_id=user.pk,
            actor=actor,
            reason=reason,
            is_staff=user.is_staff,
            is_superuser=user.is_superuser,
            groups=groups,
            permissions=user.user_permissions.all(),
        )
        OrganiserRequest.objects.filter(user_id=user_id, answered_at__isnull=True).update(
            answered_at=timezone.now(), granted=member, answered_by=actor
        )
    return changed


@transaction.atomic
def organiser_request_decline(*, request_id: int, actor: Any) -> bool:
    """Answer a waiting request with no; False if it was already answered."""
    return bool(
        OrganiserRequest.objects.filter(pk=request_id, answered_at__isnull=True).update(
            answered_at=timezone.now(), granted=False, answered_by=actor
        )
    )
