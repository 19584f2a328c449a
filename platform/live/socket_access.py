"""Whether an open socket may still act for its user: bans, deactivation and revoked API tokens
end the sockets they opened (docs/protocol.md "Access that ends").

A socket is authenticated once, at its handshake; a ban or a revoked token afterwards must not leave
it working.  Two mechanisms, because each alone leaves a gap:

* **Close events.**  Every socket of a logged-in user joins that user's access group, and a socket
  opened with an API token also joins the token's group (``live.sockets.GuardedConsumer``).  The
  services that ban a user or revoke a token call :func:`sockets_close_after_commit`, which sends a
  ``socket.close`` event to those groups through the channel layer once their transaction commits —
  so every socket on every web process closes within milliseconds, even one that only listens.
* **A check per command.**  The event travels after the commit and may arrive a moment after a
  frame the client sent once the ban was done; so every frame of a logged-in socket that reaches the
  server asks :func:`access_refusal` first (one primary-key query; match commands ask inside their
  own transaction, before the match row is locked).  A deactivation that sent no event (an operator
  unticking *active*) is caught the same way.

Anonymous sockets (spectators) are never checked: they hold nothing a ban could take away.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from django.utils.translation import override

from . import publish

CLOSE_ACCESS_ENDED = 4003
"""Closed because the account was banned or deactivated, or the socket's API token revoked."""

ACCOUNT_CLOSED = "account_closed"
TOKEN_REVOKED = "token_revoked"


def user_group(user_id: int) -> str:
    """Every socket of one logged-in user, on every web process."""
    return f"access.user.{user_id}"


def token_group(token_id: int) -> str:
    """Every socket opened with one API token (``Authorization: Bearer``)."""
    return f"access.token.{token_id}"


def groups_for(user_id: int | None, token_id: int | None) -> list[str]:
    groups = [] if user_id is None else [user_group(user_id)]
    if token_id is not None:
        groups.append(token_group(token_id))
    return groups


def access_refusal(*, user_id: int | None, token_id: int | None) -> str | None:
    """None while the socket may act; else why not (``account_closed`` or ``token_revoked``).

    One indexed query: the user row, joined with the token row when the socket has one.
    """
    if user_id is None:
        return None
    users = get_user_model().objects
    row = (
        users.filter(pk=user_id).values_list("is_active", flat=True).first()
        if token_id is None
        else users.filter(pk=user_id, api_tokens__pk=token_id)
        .values_list("is_active", "api_tokens__revoked_at")
        .first()
    )
    if row is None:
        return ACCOUNT_CLOSED if token_id is None else TOKEN_REVOKED
    if token_id is None:
        return None if row else ACCOUNT_CLOSED
    active, revoked_at = row
    if not active:
        return ACCOUNT_CLOSED
    return None if revoked_at is None else TOKEN_REVOKED


def describe(code: str, lang: str | None = None) -> str:
    """The sentence shown with the close, in the reader's language."""
    with override(lang or "en"):
        if code == TOKEN_REVOKED:
            return _("This connection's API token was revoked.")
        return _("This account is banned or deactivated.")


def close_frame(code: str, lang: str | None = None) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": describe(code, lang)}


def sockets_close_after_commit(*, user_id: int | None = None, token_id: int | None = None) -> None:
    """Once the current transaction commits (at once outside one), close every socket of
    ``user_id`` (``account_closed``) and every socket opened with ``token_id``
    (``token_revoked``), on every web process.  Call it from the service that bans, deactivates or
    revokes, inside its transaction: nothing is closed if it rolls back."""
    events = []
    if user_id is not None:
        events.append((user_group(user_id), {"type": "socket.close", "reason": ACCOUNT_CLOSED}))
    if token_id is not None:
        events.append((token_group(token_id), {"type": "socket.close", "reason": TOKEN_REVOKED}))
    publish.events_after_commit(events)
