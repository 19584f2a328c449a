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
  server asks :func:`access_refusal` first (one primary-key query; match commands ask in the
  query that locks their match row, :func:`checking`).  A deactivation that sent no event (an
  operator unticking *active*) is caught the same way.

Anonymous sockets (spectators) are never checked: they hold nothing a ban could take away.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection
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


# --- the check folded into a command's row lock -------------------------------------------------
#
# A match command would pay the check above as a query (and a round trip) of its own before the
# match row's lock.  Instead, the command's socket says whose access to check (:func:`checking`)
# and the locking query of ``live.services.store`` reads the user's (and token's) state in the
# same statement (:func:`lock_columns`), then asks :func:`refusal_of`.  Same guarantee: the check
# sees everything committed before the statement began, and a ban that reaches the match first
# leaves the locked row ended (``match_over``).

_pending: ContextVar[tuple[int, int | None] | None] = ContextVar("live_access_check", default=None)


@contextmanager
def checking(*, user_id: int | None, token_id: int | None) -> Iterator[None]:
    """Inside, the match row locked for a command also checks ``user_id``'s access (and
    ``token_id``'s): a refused command raises before it changes anything."""
    token = _pending.set(None if user_id is None else (user_id, token_id))
    try:
        yield
    finally:
        _pending.reset(token)


def take_pending() -> tuple[int, int | None] | None:
    """The (user, token) whose access the command's locked read checks, if any — once: a further
    match locked by the same command (an ending's hooks) is not the socket's to check."""
    access = _pending.get()
    if access is not None:
        _pending.set(None)
    return access


def lock_columns(*, token: bool) -> str:
    """The extra columns of the locking query: the user's ``is_active`` (``access_active``, NULL
    when the user is gone), and with a token whether it is open (``access_token_open``: 1 or 0,
    NULL when it is not the user's).  Parameters: the user id, then the token id and user id."""
    user_model = get_user_model()
    quote = connection.ops.quote_name
    users = quote(user_model._meta.db_table)
    active = quote(user_model._meta.get_field("is_active").column)
    sql = f"(SELECT u.{active} FROM {users} u WHERE u.id = %s) AS access_active"
    if token:
        tokens = quote(user_model._meta.get_field("api_tokens").related_model._meta.db_table)
        sql += (
            ", (SELECT CASE WHEN t.revoked_at IS NULL THEN 1 ELSE 0 END FROM "
            f"{tokens} t WHERE t.id = %s AND t.user_id = %s) AS access_token_open"
        )
    return sql


def lock_params(user_id: int, token_id: int | None) -> list[int]:
    return [user_id] if token_id is None else [user_id, token_id, user_id]


def refusal_of(*, token: bool, active: Any, token_open: Any = None) -> str | None:
    """What :func:`access_refusal` answers, from the columns of :func:`lock_columns`."""
    if token:
        if active is None or token_open is None:
            return TOKEN_REVOKED  # no such user, or the token is not theirs
        if not active:
            return ACCOUNT_CLOSED
        return None if token_open else TOKEN_REVOKED
    return None if active else ACCOUNT_CLOSED


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
