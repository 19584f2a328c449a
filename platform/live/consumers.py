"""The live WebSocket endpoint (docs/protocol.md): thin — authenticate, parse, stamp, delegate.

All rules live in :mod:`live.services`; this class only turns frames into service calls and service
results into frames, and guards the connection (``live.socket_caps``: caps; ``live.frames``: frame
size, rates, shape).

Whatever a client sends, the answer is a frame of the protocol or one of its close codes, never a
crash (close 1011): a frame that is not a message is ``malformed`` (``live.frames.parse_message``),
an action the game's codec cannot even decode is ``malformed`` too (decoding is a pure function of
the client's input, so whatever it raises is the client's error), and an action the game refuses
is ``illegal_action`` (the service).  Anything else a command meets is the server's fault: logged
with its traceback and answered ``internal_error`` — the connection stays open.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.db import transaction

from games.core import Game, IllegalAction
from games.registry import get_game

from . import embargo, group_commit, selectors, services, socket_access, spectators, timebase
from .errors import LiveError
from .frames import describe
from .messages import public_group, seat_group
from .models import Match
from .sockets import (
    CLOSE_NOT_FOUND,
    STORE_ERRORS,
    GuardedConsumer,
    db_call,
    store_unavailable_frame,
)

log = logging.getLogger(__name__)

CLOSE_NO_MATCH = CLOSE_NOT_FOUND
MAX_MATCH_ID = 2**63 - 1  # the id column's range: a larger number names no match


__all__ = ["MatchConsumer", "db_call", "write"]


async def write(func: Any, /, **kwargs: Any) -> Any:
    """A command that changes a match: through this process's group-commit writer
    (:mod:`live.group_commit`), or on the thread pool in a transaction of its own when
    ``LIVE_GROUP_COMMIT`` is off."""
    if settings.LIVE_GROUP_COMMIT:
        return await group_commit.writer.run(func, **kwargs)
    return await db_call(func)(**kwargs)


def _access_checked(name: str) -> Callable[..., Any]:
    """The service ``live.services.<name>`` run only while the socket's access holds
    (``live.socket_access``), checked in the command's own transaction by the very query that
    locks the match row (``socket_access.checking``) — so it costs no query, round trip or hop of
    its own; both services lock their match before anything else.  (Looked up by name at each
    call, so the service stays replaceable, as the fault tests replace it.)

    A ban ends the user's running matches under their row locks: a command that passed the check
    either commits before the ban reaches its match or finds the match ended (``match_over``).
    A revoked token ends no match: a command that passed the check before the revocation
    committed may still be applied; none that arrives after it is.
    """

    def run(*, user_id: int | None, token_id: int | None, **kwargs: Any) -> Any:
        service = getattr(services, name)
        inner = getattr(service, "__wrapped__", service)  # without its own atomic: we are in one
        with socket_access.checking(user_id=user_id, token_id=token_id):
            return inner(user_id=user_id, **kwargs)

    return transaction.atomic(run)


_resign_checked = _access_checked("match_resign")
_submit_checked = _access_checked("action_submit")


def _game_slug(match_id: int) -> str | None:
    return Match.objects.filter(pk=match_id).values_list("game", flat=True).first()


class MatchConsumer(GuardedConsumer):
    ACCESS_CHECKED_BY_COMMAND = frozenset({"action", "resign"})
    game: Game[Any] | None = None
    spectating = False
    wants_spectators = False

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        user = self.scope.get("user")
        self.user_id = user.pk if user is not None and user.is_authenticated else None
        if not await self.admit(self.user_id):
            return
        audience = None
        if self.match_id <= MAX_MATCH_ID:
            audience = await db_call(selectors.audience_for)(
                match_id=self.match_id, user_id=self.user_id
            )
        await self.accept()
        if audience is None:
            await self.send_json(
                {
                    "type": "error",
                    "code": "no_match",
                    "message": f"there is no match {self.match_id}",
                }
            )
            await self.close(code=CLOSE_NO_MATCH)
            return
        if not audience.seats and await db_call(embargo.deal_embargoed)(
            match_id=self.match_id, user=user
        ):  # a spectator of a deal other tables still play (live.embargo)
            await self.send_json(
                {"type": "error", "code": embargo.CODE, "message": embargo.message()}
            )
            await self.close(code=embargo.CLOSE_EMBARGOED)
            return
        self.seats = audience.seats
        self.people_seats = audience.people_seats
        groups = [seat_group(self.match_id, s) for s in self.seats] or [public_group(self.match_id)]
        if not await self.join_groups(groups):
            return
        await self.send_snapshots()
        if not self.seats:
            await spectators.join(member=self.channel_name, match_id=self.match_id)
            self.spectating = True
            self._announce_spectators()

    async def disconnect(self, code: int) -> None:
        await super().disconnect(code)
        if self.spectating:
            self.spectating = False
            self._announce_spectators()

    def _announce_spectators(self) -> None:
        spectators.announce_soon(
            layer=self.channel_layer, match_id=self.match_id, people_seats=self.people_seats
        )

    async def match_spectators(self, event: dict[str, Any]) -> None:
        if self.wants_spectators:
            await self.send_json(spectators.frame(self.match_id, event["count"]))

    async def send_snapshots(self) -> None:
        for message in await db_call(selectors.snapshots)(match_id=self.match_id, seats=self.seats):
            await self.send_json(message)

    async def match_state(self, event: dict[str, Any]) -> None:
        await self.send(text_data=event["text"])  # encoded once by the publisher

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        arrived = timebase.local_ms()
        message = await self.admit_frame(text_data, bytes_data)
        if message is None:
            return
        kind = message["type"]
        handler = {
            "action": self.on_action,
            "resign": self.on_resign,
            "resync": self.on_resync,
            "ping": self.on_ping,
            "spectators": self.on_spectators,
        }.get(kind)
        if handler is None:
            await self.send_json(
                LiveError("unknown_type", f"unknown message type {describe(kind)}").as_message()
            )
            return
        try:
            await handler(message, arrived)
        except STORE_ERRORS as exc:
            log.warning("%s on match %s met an unreachable database: %r", kind, self.match_id, exc)
            command_id = message.get("command_id")
            await self.send_json(
                store_unavailable_frame(
                    self.lang, command_id if isinstance(command_id, str) else None
                )
            )

    async def on_ping(self, message: dict[str, Any], arrived: float) -> None:
        t = message.get("t")
        if t is not None and (not isinstance(t, int | float) or isinstance(t, bool)):
            await self.send_json(LiveError("malformed", "t must be a number").as_message())
            return
        stamp = await db_call(timebase.stamp)(arrived)
        await self.send_json({"type": "pong", "t": t, "server_ms": stamp.ms})

    async def on_spectators(self, message: dict[str, Any], arrived: float) -> None:
        """The count now, and from now on whenever it changes (docs/protocol.md)."""
        self.wants_spectators = True
        count = await spectators.watching(self.match_id)
        await self.send_json(spectators.frame(self.match_id, count))

    async def on_resync(self, message: dict[str, Any], arrived: float) -> None:
        await self.send_snapshots()

    async def on_action(self, message: dict[str, Any], arrived: float) -> None:
        await self._command(message, arrived, resign=False)

    async def on_resign(self, message: dict[str, Any], arrived: float) -> None:
        await self._command(message, arrived, resign=True)

    async def _command(self, message: dict[str, Any], arrived: float, *, resign: bool) -> None:
        command_id = message.get("command_id")
        seat = message.get("seat")
        seen = message.get("seq")
        problems = []
        if (
            not isinstance(command_id, str)
            or not 0 < len(command_id) <= 64
            or any(c < " " or c == "\x7f" for c in command_id)
        ):
            problems.append("command_id must be a string of 1 to 64 characters, no control codes")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            problems.append("seat must be an integer")
        if seen is not None and (not isinstance(seen, int) or isinstance(seen, bool)):
            problems.append("seq must be an integer")
        if not resign and "action" not in message:
            problems.append("action is missing")
        if not problems and not resign:
            problems.extend(await self._undecodable(message["action"]))
        if problems:
            await self.send_json(
                LiveError("malformed", "; ".join(problems)).as_message(
                    command_id if isinstance(command_id, str) else None
                )
            )
            return
        try:
            if resign:
                applied = await write(
                    _resign_checked,
                    match_id=self.match_id,
                    command_id=command_id,
                    user_id=self.user_id,
                    token_id=self.access_token_id,
                    seat=seat,
                    arrived_local_ms=arrived,
                )
            else:
                applied = await write(
                    _submit_checked,
                    match_id=self.match_id,
                    action=message["action"],
                    command_id=command_id,
                    user_id=self.user_id,
                    token_id=self.access_token_id,
                    seat=seat,
                    seen_seq=seen,
                    arrived_local_ms=arrived,
                )
        except LiveError as exc:
            if exc.code in (socket_access.ACCOUNT_CLOSED, socket_access.TOKEN_REVOKED):
                # Nothing was applied; the socket closes (4003).
                await self.end_access(exc.code, command_id)
                return
            await self.send_json(exc.as_message(command_id))
            return
        except STORE_ERRORS:
            raise  # answered store_unavailable by receive, with the command id
        except Exception:
            log.exception(
                "%s %r on match %s failed",
                "resign" if resign else "action",
                command_id,
                self.match_id,
            )
            await self.send_json(
                LiveError(
                    "internal_error",
                    "the server failed on this command; resync to see whether it was applied "
                    "(sending it again with the same command_id applies it at most once)",
                ).as_message(command_id)
            )
            return
        if applied.ended:
            await self.send_json(
                LiveError(
                    "match_over", f"not applied: the match ended ({applied.ended})"
                ).as_message(command_id)
            )
            return
        await self.send_json({"type": "ack", "command_id": command_id, "seq": applied.seq})

    async def _undecodable(self, action: Any) -> list[str]:
        """Why the game's codec cannot decode ``action`` at all (empty when it can, or when it
        refuses it as an illegal action: the service answers that in its own order)."""
        if self.game is None:
            slug = await db_call(_game_slug)(self.match_id)
            try:
                self.game = get_game(slug or "")
            except KeyError:
                return []  # no such match (or game) any more: the service says so
        try:
            self.game.decode_action(action)
        except IllegalAction:
            return []
        except Exception as exc:  # a pure function of the client's input: the input's fault
            return [f"action is not one of {self.game.slug}'s actions ({type(exc).__name__})"]
        return []
