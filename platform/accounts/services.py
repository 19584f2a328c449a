"""Writes concerning accounts."""

from __future__ import annotations

import hashlib
import secrets

from django.db import transaction
from django.utils import timezone

from live.models import Seat
from live.socket_access import sockets_close_after_commit

from .models import ApiToken, User


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


# --- bot accounts and their API tokens (docs/api.md "Bots") ------------------------------------

BOT_TOKEN_LIMIT = 10
"""Open tokens per account at most (each one another credential to lose)."""


class AccountError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@transaction.atomic
def bot_upgrade(*, user_id: int) -> User:
    """Turn the account into a bot account (for good: only an operator can undo it).  Allowed
    only for an account that has not played a match yet, so a person's games never count as a
    bot's and the other way round."""
    user = User.objects.select_for_update().get(pk=user_id)
    if user.is_bot:
        return user
    if Seat.objects.filter(user=user).exists():
        raise AccountError(
            "has_played", "only an account that has not played any match can become a bot"
        )
    user.is_bot = True
    user.save(update_fields=["is_bot"])
    return user


@transaction.atomic
def token_create(*, user_id: int, name: str) -> tuple[ApiToken, str]:
    """A new personal API token for a bot account; returns the row and the token itself, which is
    never stored (only its hash) and so can be shown only now."""
    user = User.objects.select_for_update().get(pk=user_id)
    if not user.is_bot:
        raise AccountError("not_a_bot", "only bot accounts have API tokens; upgrade the account")
    if ApiToken.objects.filter(user=user, revoked_at__isnull=True).count() >= BOT_TOKEN_LIMIT:
        raise AccountError("too_many_tokens", f"at most {BOT_TOKEN_LIMIT} open tokens; revoke one")
    secret = TOKEN_PREFIX + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        user=user,
        name=name.strip()[:60] or "token",
        prefix=secret[:12],
        digest=token_digest(secret),
    )
    return token, secret


@transaction.atomic
def token_revoke(*, token_id: int, user_id: int | None = None) -> bool:
    """Revoke a token (``user_id``: only if it is that user's); False if it was revoked already or
    is not theirs."""
    rows = ApiToken.objects.select_for_update().filter(pk=token_id, revoked_at__isnull=True)
    if user_id is not None:
        rows = rows.filter(user_id=user_id)
    token = rows.first()
    if token is None:
        return False
    token.revoked_at = timezone.now()
    token.save(update_fields=["revoked_at"])
    sockets_close_after_commit(token_id=token.pk)  # every socket it opened closes (4003)
    return True


@transaction.atomic
def tokens_revoke_all(*, user_id: int) -> list[int]:
    """Revoke every open token of the account in one step (a token may have leaked and the owner
    does not know which); the ids revoked now, none if there were none open.  The user row is
    locked first, so a token being created at the same moment is either revoked too or made
    after this (and shown to its creator)."""
    User.objects.select_for_update().filter(pk=user_id).first()
    rows = ApiToken.objects.select_for_update().filter(user_id=user_id, revoked_at__isnull=True)
    ids = list(rows.values_list("pk", flat=True))
    ApiToken.objects.filter(pk__in=ids).update(revoked_at=timezone.now())
    for token_id in ids:
        sockets_close_after_commit(token_id=token_id)  # every socket they opened closes (4003)
    return ids


TOKEN_PREFIX = "gpt_"


def token_digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()
