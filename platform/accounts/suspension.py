"""What a suspended account's owner reads when they log in with the right password: that the
account is suspended, and until when.

Only ever shown after the password was checked and found right (``accounts.backends`` marks the
request): a ban, like the account's existence, is nobody's business without the password.  The
bans themselves are operations' (``operations.models.Sanction``, read through its selectors); an
account switched off without an open ban (by an operator in the admin) reads "until further
notice" too.
"""

from __future__ import annotations

from datetime import datetime

from django.http import HttpRequest
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from operations.models import SanctionKind
from operations.selectors import open_sanctions

_MARK = "account_suspended_user_id"
"""The request attribute the backend sets: the id of the account whose right password was given
but which is switched off."""


def mark_suspended(request: HttpRequest, user_id: int) -> None:
    setattr(request, _MARK, user_id)


def suspended_user_id(request: HttpRequest | None) -> int | None:
    """The switched-off account whose right password this request gave, or None."""
    value = getattr(request, _MARK, None)
    return value if isinstance(value, int) else None


def suspended_until(*, user_id: int) -> datetime | None:
    """When the account's open bans end: None while any of them has no end (or there is none,
    and the account was switched off by hand)."""
    bans = open_sanctions(user_id=user_id, kind=SanctionKind.BAN)
    if not bans or any(ban.expires_at is None for ban in bans):
        return None
    return max(ban.expires_at for ban in bans if ban.expires_at is not None)


def suspension_message(*, user_id: int) -> str:
    """The sentence for the log-in page and the JSON log-in, in the reader's language."""
    until = suspended_until(user_id=user_id)
    if until is None:
        return _("This account is suspended until further notice.")
    when = formats.date_format(timezone.localtime(until), "DATETIME_FORMAT")
    return _("This account is suspended until %(when)s (%(zone)s).") % {
        "when": when,
        "zone": timezone.get_current_timezone_name(),
    }
