"""Personal API tokens as credentials: ``Authorization: Bearer <token>`` on the REST API (DRF
authentication class) and on the WebSocket handshake (ASGI middleware).

A token counts only while it is not revoked and its account is active (a ban switches the account
off, so a banned bot's tokens stop working at once).  Its last use is written at most once a
minute, so a busy bot costs one indexed read per request, not a write.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from asgiref.sync import sync_to_async
from channels.security.websocket import WebsocketDenier
from django.db import close_old_connections
from django.utils import timezone
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions

from .models import ApiToken, User
from .services import token_digest

KEYWORD = "Bearer"
_TOUCH_EVERY = timedelta(minutes=1)


def open_token(secret: str) -> ApiToken | None:
    """The open token ``secret`` of an active account (its user loaded), or None."""
    token = (
        ApiToken.objects.select_related("user")
        .filter(digest=token_digest(secret), revoked_at__isnull=True)
        .first()
    )
    if token is None or not token.user.is_active:
        return None
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at > _TOUCH_EVERY:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return token


def user_for_token(secret: str) -> User | None:
    """The active account holding the open token ``secret``, or None."""
    token = open_token(secret)
    return None if token is None else token.user


def bearer(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header; None without one."""
    if not header:
        return None
    parts = header.split()
    if len(parts) != 2 or parts[0].lower() != KEYWORD.lower():
        return None
    return parts[1]


class BearerTokenAuthentication(authentication.BaseAuthentication):
    """DRF: a request with a Bearer token is that bot account's (no session, so no CSRF check);
    a wrong or revoked token is refused (401), never silently anonymous."""

    def authenticate(self, request: Any) -> tuple[User, str] | None:
        header = request.META.get("HTTP_AUTHORIZATION")
        if not header or not header.split()[0].lower() == KEYWORD.lower():
            return None
        secret = bearer(header)
        if secret is None:
            raise exceptions.AuthenticationFailed("malformed Authorization header")
        user = user_for_token(secret)
        if user is None:
            raise exceptions.AuthenticationFailed("invalid or revoked token")
        return user, secret

    def authenticate_header(self, request: Any) -> str:
        return KEYWORD


def _lookup(secret: str) -> ApiToken | None:
    close_old_connections()
    try:
        return open_token(secret)
    finally:
        close_old_connections()


class TokenAuthMiddleware:
    """WebSocket: a handshake with ``Authorization: Bearer <token>`` connects as the token's
    account (it replaces the session's user); a wrong or revoked token is refused (HTTP 403)
    before any consumer runs.  Without the header the session decides, as before.

    The scope also carries ``api_token_id``: the socket joins that token's group, so revoking
    the token closes it (``live.socket_access``), and re-checks the token before each frame."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] == "websocket":
            header = None
            for name, value in scope.get("headers", ()):
                if name == b"authorization":
                    header = value.decode("latin-1")
            if header is not None:
                secret = bearer(header)
                token = None if secret is None else await sync_to_async(_lookup)(secret)
                if token is None:
                    return await WebsocketDenier()(scope, receive, send)
                scope = dict(scope, user=token.user, api_token_id=token.pk)
        return await self.inner(scope, receive, send)


class BearerTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """The OpenAPI security scheme of :class:`BearerTokenAuthentication`."""

    target_class = "accounts.tokens.BearerTokenAuthentication"
    name = "botToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "A bot account's personal API token (POST /api/v1/tokens/).",
        }
