"""Writes concerning accounts."""

from __future__ import annotations

from django.db import transaction

from .models import User


@transaction.atomic
def operator_ensure(*, username: str, password: str) -> tuple[User, bool]:
    """Create the operator account if missing (the password is only set on creation)."""
    user, created = User.objects.get_or_create(
        username=username, defaults={"is_staff": True, "is_superuser": True}
    )
    if created:
        user.set_password(password)
        user.save(update_fields=["password"])
    return user, created
