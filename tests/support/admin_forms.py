"""What the Django admin's pages post, for tests that post them as an operator would."""

from __future__ import annotations

from typing import Any

from accounts.models import User


def user_form(user: User, **changes: Any) -> dict[str, Any]:
    """What the admin's user page posts for ``user`` (unchanged), with ``changes``: a checkbox is
    present when on; the tokens inline's management form is there for whoever sees it."""
    data: dict[str, Any] = {
        "username": user.username,
        "first_name": user.first_name,
        "last_name": user.last_name,
        "email": user.email,
        "date_joined_0": user.date_joined.strftime("%Y-%m-%d"),
        "date_joined_1": user.date_joined.strftime("%H:%M:%S"),
        "groups": [g.pk for g in user.groups.all()],
        "user_permissions": [p.pk for p in user.user_permissions.all()],
        "api_tokens-TOTAL_FORMS": "0",
        "api_tokens-INITIAL_FORMS": "0",
        "api_tokens-MIN_NUM_FORMS": "0",
        "api_tokens-MAX_NUM_FORMS": "1000",
    }
    for flag in ("is_active", "is_staff", "is_superuser"):
        if getattr(user, flag):
            data[flag] = "on"
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}
