"""The WebSocket consumer bases every endpoint of the platform uses."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Sequence
from typing import Any
from urllib.parse import parse_qs

import orjson
import redis
from asgiref.sync import SyncToAsync
from channels.consumer import get_handler_name
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.db import InterfaceError, OperationalError, close_old_connections
from django.utils.translation import get_supported_language_variant, override
from django.utils.translation import gettext as _
from django.utils.translation.trans_real import parse_accept_lang_header

from . import socket_access
from .frames import CLOSE_RATE, RATE_LIMITED, FrameError, FrameGuard, parse_message
from .messages import encode
from .socket_caps import scope_address, socket_limits

CLOSE_NOT_FOUND = 4004
CLOSE_TRY_AGAIN = 4013
"""Try again later: the client reconnects (with back-off) and resyncs.  RFC 6455's own code for
this is 1013, but daphne's WebSocket library (autobahn) sends only 1000 and 3000–4999 — asked to
send 1013 it raised, and the socket went down with 1011 — so the private range carries it, with
the same last digits."""
JOIN_ATTEMPTS = 5
STORE_ERRORS = (OperationalError, InterfaceError)
"""What the database raises while it cannot be reached (a restart, a network cut): the client is
told to try again, never sent a 500, a 1011 or a traceback (docs/protocol.md)."""
STORE_RETRY_AFTER_MS = 1000

log = logging.getLogger(__name__)


class _PooledDatabaseCall(SyncToAsync):
    """Run a database-touching function on the loop's thread pool, not on one shared thread.

    Channels' ``database_sync_to_async`` sends every call of a daphne process through a single
    thread, so one slow command holds up every match on that node.  Matches are independent (the
    row lock orders commands within one), so commands run side by side here; connections are
    tidied before and after as Channels does.
    """

    def thread_handler(self, loop: Any, *args: Any, **kwargs: Any) -> Any:
        close_old_connections()
        try:
            return super().thread_handler(loop, *args, **kwargs)
        finally:
            close_old_connections()


@functools.lru_cache(maxsize=256)
def db_call(func: Any) -> Any:
    """``func`` run on the loop's thread pool (:class:`_PooledDatabaseCall`).  The wrapper of a
    function is made once and reused: making it inspects the function (``iscoroutinefunction``),
    which cost a match socket's connect a noticeable share of its CPU, several times over."""
    return _PooledDatabaseCall(func, thread_sensitive=False)


def scope_language(scope: dict[str, Any]) -> str:
    """The reader's language: ``?lang=``, else the language cookie, else Accept-Language."""
    wanted: list[str] = []
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    wanted += query.get("lang", [])[:1]
    cookie = (scope.get("cookies") or {}).get(settings.LANGUAGE_COOKIE_NAME)
    if cookie:
        wanted.append(cookie)
    for name, value in scope.get("headers", []):
        if name == b"accept-language":
            wanted += [lang for lang, _q in parse_accept_lang_header(value.decode("latin-1"))]
    for lang in wanted:
        try:
            return get_supported_language_variant(lang)
        except LookupError:
            continue
    return str(settings.LANGUAGE_CODE)


def store_unavailable_frame(lang: str | None, command_id: str | None = None) -> dict[str, Any]:
    """The answer to a frame the server could not serve because its database was unreachable:
    nothing is known to have changed; the same frame (a command with the same ``command_id``,
    applied at most once) may be sent again after ``retry_after_ms``."""
    with override(lang or "en"):
        text = _("The server cannot reach its database for a moment. Try again in a second.")
    frame: dict[str, Any] = {
        "type": "error",
        "code": "store_unavailable",
        "message": text,
        "retry_after_ms": STORE_RETRY_AFTER_MS,
    }
    if command_id is not None:
        frame["command_id"] = command_id
    return frame


class StoreOutageGuard:
    """ASGI middleware for WebSockets: a handshake that meets an unreachable database before any
    consumer runs (the session or the API token is looked up there) is accepted, told
    ``store_unavailable`` and closed with 4013 — instead of the HTTP 500 an unhandled error makes
    daphne answer.  Errors after the socket was answered are the consumers' own business."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] != "websocket":
            return await self.inner(scope, receive, send)
        answered = False

        async def tracked(message: dict[str, Any]) -> None:
            nonlocal answered
            answered = True
            await send(message)

        try:
            return await self.inner(scope, receive, tracked)
        except STORE_ERRORS as exc:
            if answered:
                raise
            log.warning("a WebSocket handshake met an unreachable database: %r", exc)
            frame = store_unavailable_frame(scope_language(scope))
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.send", "text": orjson.dumps(frame).decode()})
            await send({"type": "websocket.close", "code": CLOSE_TRY_AGAIN})


class DirectDispatchConsumer(AsyncWebsocketConsumer):
    """Hands each message straight to its handler.

    Channels tidies the database connections before every handler (``aclose_old_connections``): a
    hop to the process's one shared sync thread and back for every frame in and every group message
    out, which cost a daphne under load about a tenth of its CPU.  Here no handler touches the
    database on the event loop's thread: every database call goes through a thread-pool wrapper
    that tidies the connections of the thread it runs on (:func:`db_call`, Channels'
    ``database_sync_to_async``), so the extra hop tidies nothing.
    """

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"no handler for message type {message['type']}")
        await handler(message)


class GuardedConsumer(DirectDispatchConsumer):
    """A socket under the platform's limits (``live.socket_caps``, ``live.frames``): the connection
    caps when it opens, and for each frame the size limit, the per-connection rate and the user's
    (or address's) shared budget, then the protocol's message shape.  Every endpoint but the
    fallback uses it.

    It also holds what every socket of a logged-in user shares:

    * **Access that ends** (``live.socket_access``): the socket joins its user's access group
      (and its API token's) with its first groups, closes with 4003 on a ``socket.close`` event,
      and re-checks the user (and token) before each frame it serves — except the frame types a
      subclass checks inside its own transaction (``ACCESS_CHECKED_BY_COMMAND``).
    * **Store outages**: a database error in any handler is answered, not raised — while opening,
      ``store_unavailable`` and a close with 4013 (try again later); on a frame, a
      ``store_unavailable`` error and the socket stays open; on an event from the channel layer,
      a warning in the log.  Raised, it would close the socket with 1011 (or answer the
      handshake with HTTP 500) and log a traceback for what is an outage, not a bug.
    """

    admitted = False
    accepted = False
    access_ended = False
    access_user_id: int | None = None
    access_token_id: int | None = None
    ACCESS_CHECKED_BY_COMMAND: frozenset[str] = frozenset()

    @property
    def lang(self) -> str:
        lang = self.__dict__.get("_lang")
        if lang is None:
            lang = self.__dict__["_lang"] = scope_language(self.scope)
        return lang

    async def dispatch(self, message: dict[str, Any]) -> None:
        try:
            await super().dispatch(message)
        except STORE_ERRORS as exc:
            kind = message.get("type")
            log.warning("%s on %s met an unreachable database: %r", kind, self.scope["path"], exc)
            if kind == "websocket.connect":
                if not self.accepted:
                    await self.accept()
                await self.send_json(store_unavailable_frame(self.lang))
                await self.close(code=CLOSE_TRY_AGAIN)
            elif kind == "websocket.receive":
                await self.send_json(store_unavailable_frame(self.lang))
            elif kind == "websocket.disconnect":
                raise StopConsumer() from None

    async def accept(self, subprotocol: str | None = None, headers: Any = None) -> None:
        self.accepted = True
        await super().accept(subprotocol, headers)

    async def admit(self, user_id: int | None) -> bool:
        """Take this socket's place under the caps; if there is none, say why and close."""
        self.guard = FrameGuard()
        self.access_user_id = user_id
        token_id = self.scope.get("api_token_id") if user_id is not None else None
        self.access_token_id = token_id if isinstance(token_id, int) else None
        address = scope_address(self.scope)
        self.budget_key = socket_limits.budget_key(user_id, address)
        refusal = await socket_limits.admit(
            member=self.channel_name, user_id=user_id, address=address
        )
        if refusal is not None:
            await self.accept()
            await self.send(text_data=orjson.dumps(refusal.frame).decode())
            await self.close(code=refusal.code)
            return False
        self.admitted = True
        return True

    async def join_groups(self, groups: Sequence[str]) -> bool:
        """Subscribe to ``groups`` (left again on :meth:`disconnect`); False (the socket closed
        with 4013) if the channel layer cannot be reached, or (closed with 4003) if the socket's
        access ended meanwhile.

        Right after the Redis server restarts, the layer's subscriber connection may fail once or
        twice before it reconnects (its receive task reconnects on its own, unlocked). A crash here
        would close the socket with 1011 and tell the client nothing; a short retry joins, and if
        Redis stays away the client is asked to come back later, when it resyncs.

        The first call also joins the access groups (``live.socket_access``) and then checks the
        access once: a ban that committed after the handshake read the session, but whose close
        event went out before this socket listened, is caught here.
        """
        joined = self.__dict__.setdefault("groups_joined", [])
        first = not self.__dict__.get("access_joined")
        if first:
            access = socket_access.groups_for(self.access_user_id, self.access_token_id)
            groups = [*access, *groups]
        joined.extend(group for group in groups if group not in joined)  # left on disconnect
        for attempt in range(JOIN_ATTEMPTS):
            try:
                for group in groups:
                    await self.channel_layer.group_add(group, self.channel_name)
                break
            except (OSError, redis.RedisError) as exc:
                log.warning("joining %s failed (attempt %d): %r", groups, attempt + 1, exc)
                await asyncio.sleep(0.2 * (attempt + 1))
        else:
            await self.close(code=CLOSE_TRY_AGAIN)
            return False
        if first:
            self.access_joined = True
            return await self.access_holds()
        return not self.access_ended

    async def access_holds(self) -> bool:
        """True while this socket's user is active and its token open (anonymous: always);
        otherwise the socket is told why and closed with 4003."""
        if self.access_ended:
            return False
        if self.access_user_id is None:
            return True
        refusal = await db_call(socket_access.access_refusal)(
            user_id=self.access_user_id, token_id=self.access_token_id
        )
        if refusal is None:
            return True
        await self.end_access(refusal)
        return False

    async def end_access(self, reason: str, command_id: str | None = None) -> None:
        """Say why (``account_closed``, ``token_revoked``; with the refused command's id) and
        close with 4003, once."""
        if self.access_ended:
            return
        self.access_ended = True
        frame = socket_access.close_frame(reason, self.lang)
        if command_id is not None:
            frame["command_id"] = command_id
        await self.send_json(frame)
        await self.close(code=socket_access.CLOSE_ACCESS_ENDED)

    async def socket_close(self, event: dict[str, Any]) -> None:
        """From ``socket_access.sockets_close_after_commit``: a ban or a revoked token."""
        await self.end_access(str(event.get("reason") or socket_access.ACCOUNT_CLOSED))

    async def leave_group(self, group: str) -> None:
        await self.channel_layer.group_discard(group, self.channel_name)
        if group in getattr(self, "groups_joined", ()):
            self.groups_joined.remove(group)

    async def disconnect(self, code: int) -> None:
        """Leave every group :meth:`join_groups` joined and give the socket's place back."""
        for group in getattr(self, "groups_joined", ()):
            await self.channel_layer.group_discard(group, self.channel_name)
        self.groups_joined: list[str] = []
        await self.release()

    async def send_json(self, payload: dict[str, Any]) -> None:
        await self.send(text_data=encode(payload))

    async def release(self) -> None:
        if self.admitted:
            self.admitted = False
            await socket_limits.release(self.channel_name)

    async def admit_frame(
        self, text_data: str | None, bytes_data: bytes | None
    ) -> dict[str, Any] | None:
        """The frame as a message, or None when it was refused (answered or closed here).

        A frame arriving after the socket's access ended is dropped unanswered (the close is on
        its way); one of a logged-in socket is served only after :meth:`access_holds`.
        """
        if self.access_ended:
            return None
        close_code = self.guard.close_code(text_data, bytes_data)
        if close_code is None and not await socket_limits.spend(self.budget_key):
            close_code = CLOSE_RATE
        if close_code is not None:
            if close_code == CLOSE_RATE:
                await self.send(text_data=orjson.dumps(RATE_LIMITED).decode())
            await self.close(code=close_code)
            return None
        try:
            message = parse_message(text_data)
        except FrameError as exc:
            await self.send(text_data=orjson.dumps(exc.as_message()).decode())
            return None
        if message["type"] not in self.ACCESS_CHECKED_BY_COMMAND and not await self.access_holds():
            return None
        return message


class NotFoundConsumer(AsyncWebsocketConsumer):
    """Every WebSocket path no endpoint serves (``/ws/match/abc/``, ``/ws/nothing/``): accepted,
    told ``not_found`` (``no_match`` under ``/ws/match/``) and closed with 4004 — instead of the
    HTTP 500 of an unrouted path."""

    async def connect(self) -> None:
        await self.accept()
        path = self.scope.get("path", "")
        under_match = path.startswith("/ws/match/")
        await self.send(
            text_data=orjson.dumps(
                {
                    "type": "error",
                    "code": "no_match" if under_match else "not_found",
                    "message": "there is no such match"
                    if under_match
                    else "there is no WebSocket endpoint here",
                }
            ).decode()
        )
        await self.close(code=CLOSE_NOT_FOUND)
