"""The connection caps and the shared message budget of every WebSocket endpoint, across all
processes (docs/protocol.md, "Limits and close codes"; docs/architecture.md, "Caps and a shared
budget").

:class:`SocketLimits`: at most ``LIVE_MAX_SOCKETS_PER_USER`` open sockets per logged-in user
(4030) and ``LIVE_MAX_SOCKETS_PER_ADDRESS`` per client address (4031), and one ``LIVE_RATE_LIMIT``
budget per user (per address for anonymous sockets) shared by all of their sockets (4029).  Kept in
Redis; without ``LIVE_LIMITS_REDIS_URL`` per process.  The checks of a single frame's shape and of
one connection's rate are :mod:`live.frames`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import weakref
from dataclasses import dataclass, field
from typing import Any

import redis
import redis.asyncio
from django.conf import settings

from config import redis_keys
from config.security import client_address

log = logging.getLogger(__name__)

CLOSE_USER_SOCKETS = 4030
CLOSE_ADDRESS_SOCKETS = 4031


def scope_address(scope: dict[str, Any]) -> str:
    """The client address of a WebSocket (``TRUSTED_PROXY_COUNT`` proxies in front)."""
    forwarded = None
    for name, value in scope.get("headers", ()):
        if name == b"x-forwarded-for":
            forwarded = value.decode("latin-1")
    peer = scope.get("client")
    return client_address(forwarded, peer[0] if peer else None, settings.TRUSTED_PROXY_COUNT)


def _key(name: str) -> str:
    """A key of the socket caps and budgets (``gp:ws:…`` in the platform's Redis namespace)."""
    return redis_keys.key(f"gp:ws:{name}")


_ADMIT = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local lease = tonumber(ARGV[1])
local member = ARGV[2]
for i = 1, #KEYS do
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now)
  if not redis.call('ZSCORE', KEYS[i], member)
     and redis.call('ZCARD', KEYS[i]) >= tonumber(ARGV[2 + i]) then
    return i
  end
end
for i = 1, #KEYS do
  redis.call('ZADD', KEYS[i], now + lease, member)
  redis.call('PEXPIRE', KEYS[i], lease)
end
return 0
"""

_RENEW = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local lease = tonumber(ARGV[1])
for i = 1, #KEYS do
  redis.call('ZADD', KEYS[i], now + lease, ARGV[i + 1])
  redis.call('PEXPIRE', KEYS[i], lease)
end
return #KEYS
"""

_COUNT = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return redis.call('ZCARD', KEYS[1])
"""

# GCRA: a burst of `limit` messages, refilled at limit/window; the stored value is the time at
# which the budget is whole again ("theoretical arrival time").
_SPEND = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local window = tonumber(ARGV[1])
local interval = window / tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then tat = now end
local after = tat + interval
if after - now > window + 0.001 then return 0 end
redis.call('SET', KEYS[1], string.format('%.3f', after), 'PX', math.ceil(after - now) + 1)
return 1
"""

# The same for the frames of many sockets at once, in the order given (a key may come more than
# once: two sockets of one user): what SPEND answers for each, as one reply.
_SPEND_MANY = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local window = tonumber(ARGV[1])
local interval = window / tonumber(ARGV[2])
local out = {}
for i = 1, #KEYS do
  local tat = tonumber(redis.call('GET', KEYS[i]) or '0')
  if tat < now then tat = now end
  local after = tat + interval
  if after - now > window + 0.001 then
    out[i] = 0
  else
    redis.call('SET', KEYS[i], string.format('%.3f', after), 'PX', math.ceil(after - now) + 1)
    out[i] = 1
  end
end
return out
"""


@dataclass(frozen=True)
class Refusal:
    """Why a socket may not open: its error frame and close code."""

    code: int
    frame: dict[str, Any]


def _refusal(which: str) -> Refusal:
    if which == "user":
        return Refusal(
            CLOSE_USER_SOCKETS,
            {
                "type": "error",
                "code": "too_many_sockets",
                "message": f"at most {settings.LIVE_MAX_SOCKETS_PER_USER} open connections per "
                "user; close one",
            },
        )
    return Refusal(
        CLOSE_ADDRESS_SOCKETS,
        {
            "type": "error",
            "code": "too_many_sockets",
            "message": f"at most {settings.LIVE_MAX_SOCKETS_PER_ADDRESS} open connections per "
            "address; close one",
        },
    )


@dataclass
class _LoopState:
    """What one event loop (one daphne process, or one test) holds: its sockets' places, its
    Redis connection, and the task that renews the leases."""

    places: dict[str, tuple[str, ...]] = field(default_factory=dict)
    client: redis.asyncio.Redis | None = None
    client_url: str = ""
    scripts: dict[str, Any] = field(default_factory=dict)
    renewer: asyncio.Task[None] | None = None
    # The per-process stand-in when there is no Redis: key -> {member: expiry}, key -> due time.
    memory_sockets: dict[str, dict[str, float]] = field(default_factory=dict)
    memory_budget: dict[str, float] = field(default_factory=dict)
    last_warning: float = 0.0
    # Frames waiting for their budget's answer, sent together at the loop's next turn.
    spends: list[tuple[str, asyncio.Future[bool]]] = field(default_factory=list)


class SocketLimits:
    """The connection caps and the shared message budget (see the module's docstring).

    If Redis cannot be reached the socket or frame is let through (and a warning logged at most
    every 10 s): the per-connection :class:`FrameGuard` still holds, and a platform whose Redis is
    away has no live play to protect anyway.
    """

    def __init__(self) -> None:
        self._loops: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _LoopState] = (
            weakref.WeakKeyDictionary()
        )
        self._spending: set[asyncio.Task[None]] = set()

    def _state(self) -> _LoopState:
        loop = asyncio.get_running_loop()
        state = self._loops.get(loop)
        if state is None:
            state = self._loops[loop] = _LoopState()
        return state

    def _redis(self, state: _LoopState) -> redis.asyncio.Redis | None:
        url = settings.LIVE_LIMITS_REDIS_URL
        if not url:
            return None
        if state.client is None or state.client_url != url:
            state.client = redis.asyncio.Redis.from_url(
                url, socket_timeout=1, socket_connect_timeout=1
            )
            state.client_url = url
            state.scripts = {
                name: state.client.register_script(source)
                for name, source in (
                    ("admit", _ADMIT),
                    ("renew", _RENEW),
                    ("spend", _SPEND),
                    ("spend_many", _SPEND_MANY),
                    ("count", _COUNT),
                )
            }
        return state.client

    def _warn(self, state: _LoopState, what: str, exc: BaseException) -> None:
        now = time.monotonic()
        if now - state.last_warning >= 10:
            state.last_warning = now
            log.warning("socket limits unavailable (%s let through): %s", what, exc)

    @staticmethod
    def budget_key(user_id: int | None, address: str) -> str:
        return _key("budget:") + (f"user:{user_id}" if user_id is not None else f"addr:{address}")

    async def admit(self, *, member: str, user_id: int | None, address: str) -> Refusal | None:
        """Take a place for socket ``member``; a :class:`Refusal` when a cap is reached."""
        state = self._state()
        keys, caps, kinds = [], [], []
        if user_id is not None:
            keys.append(_key(f"sockets:user:{user_id}"))
            caps.append(settings.LIVE_MAX_SOCKETS_PER_USER)
            kinds.append("user")
        keys.append(_key(f"sockets:addr:{address}"))
        caps.append(settings.LIVE_MAX_SOCKETS_PER_ADDRESS)
        kinds.append("address")
        lease_ms = settings.LIVE_SOCKET_LEASE_S * 1000
        client = self._redis(state)
        if client is None:
            full = self._memory_admit(state, member, keys, caps, lease_ms)
        else:
            try:
                full = int(await state.scripts["admit"](keys=keys, args=[lease_ms, member, *caps]))
            except (OSError, redis.RedisError) as exc:
                self._warn(state, "connection", exc)
                full = 0
        if full:
            return _refusal(kinds[full - 1])
        state.places[member] = tuple(keys)
        if state.renewer is None or state.renewer.done():
            state.renewer = asyncio.get_running_loop().create_task(self._renew(state))
        return None

    async def join(self, member: str, key: str) -> None:
        """Add the admitted socket ``member`` to the leased set ``key`` too, without a cap (the
        spectators of a match, ``live.spectators``): renewed and released with its other places,
        so a killed process's members leave by themselves when their lease runs out."""
        state = self._state()
        keys = state.places.get(member)
        if keys is None or key in keys:
            return
        state.places[member] = (*keys, key)
        lease_ms = settings.LIVE_SOCKET_LEASE_S * 1000
        client = self._redis(state)
        if client is None:
            state.memory_sockets.setdefault(key, {})[member] = time.monotonic() * 1000 + lease_ms
            return
        try:
            await state.scripts["renew"](keys=[key], args=[lease_ms, member])
        except (OSError, redis.RedisError) as exc:
            self._warn(state, "join", exc)

    async def count(self, key: str) -> int | None:
        """How many members with a running lease ``key`` holds (None if Redis cannot say)."""
        state = self._state()
        client = self._redis(state)
        if client is None:
            now = time.monotonic() * 1000
            held = state.memory_sockets.get(key, {})
            for other in [m for m, until in held.items() if until <= now]:
                del held[other]
            return len(held)
        try:
            return int(await state.scripts["count"](keys=[key]))
        except (OSError, redis.RedisError) as exc:
            self._warn(state, "count", exc)
            return None

    async def release(self, member: str) -> None:
        state = self._state()
        keys = state.places.pop(member, ())
        if not keys:
            return
        client = self._redis(state)
        if client is None:
            for key in keys:
                state.memory_sockets.get(key, {}).pop(member, None)
            return
        try:
            async with client.pipeline(transaction=False) as pipe:
                for key in keys:
                    pipe.zrem(key, member)
                await pipe.execute()
        except (OSError, redis.RedisError) as exc:
            self._warn(state, "release", exc)  # the lease runs out by itself

    async def spend(self, key: str) -> bool:
        """Take one message from budget ``key``; False when it is used up.

        The frames that ask during one turn of the event loop are answered by one script call
        (:meth:`_spend_together`): under load a daphne reads many sockets' frames per turn, and
        a Redis round trip each was a tenth of its CPU per move.  Each frame's budget is taken
        in the order the frames asked, as one call each would."""
        state = self._state()
        window_ms = settings.LIVE_RATE_WINDOW_S * 1000
        limit = settings.LIVE_RATE_LIMIT
        client = self._redis(state)
        if client is None:
            return self._memory_spend(state, key, window_ms, limit)
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[bool] = loop.create_future()
        state.spends.append((key, answer))
        if len(state.spends) == 1:
            loop.call_soon(self._start_spending, state, window_ms, limit)
        return await answer

    def _start_spending(self, state: _LoopState, window_ms: int, limit: int) -> None:
        batch, state.spends = state.spends, []
        task = asyncio.get_running_loop().create_task(
            self._spend_together(state, batch, window_ms, limit)
        )
        self._spending.add(task)  # held until done: the loop keeps only a weak reference
        task.add_done_callback(self._spending.discard)

    async def _spend_together(
        self,
        state: _LoopState,
        batch: list[tuple[str, asyncio.Future[bool]]],
        window_ms: int,
        limit: int,
    ) -> None:
        keys = [key for key, _ in batch]
        try:
            if len(keys) == 1:
                found = [await state.scripts["spend"](keys=keys, args=[window_ms, limit])]
            else:
                found = await state.scripts["spend_many"](keys=keys, args=[window_ms, limit])
        except (OSError, redis.RedisError) as exc:
            self._warn(state, "message", exc)
            found = [1] * len(keys)
        except BaseException as exc:  # never leave a frame waiting for ever
            for _, answer in batch:
                if not answer.done():
                    answer.set_exception(exc)
            raise
        for (_, answer), ok in zip(batch, found, strict=True):
            if not answer.done():
                answer.set_result(bool(ok))

    async def _renew(self, state: _LoopState) -> None:
        """Renew the leases of this loop's sockets a few times per lease, while it has any."""
        while state.places:
            await asyncio.sleep(settings.LIVE_SOCKET_LEASE_S / 3)
            lease_ms = settings.LIVE_SOCKET_LEASE_S * 1000
            pairs = [(key, member) for member, keys in state.places.items() for key in keys]
            client = self._redis(state)
            if client is None:
                expiry = time.monotonic() * 1000 + lease_ms
                for key, member in pairs:
                    state.memory_sockets.setdefault(key, {})[member] = expiry
                continue
            for start in range(0, len(pairs), 500):
                chunk = pairs[start : start + 500]
                try:
                    await state.scripts["renew"](
                        keys=[k for k, _ in chunk], args=[lease_ms, *(m for _, m in chunk)]
                    )
                except (OSError, redis.RedisError) as exc:
                    self._warn(state, "lease renewal", exc)
                    break

    @staticmethod
    def _memory_admit(
        state: _LoopState, member: str, keys: list[str], caps: list[int], lease_ms: int
    ) -> int:
        now = time.monotonic() * 1000
        for i, (key, cap) in enumerate(zip(keys, caps, strict=True), start=1):
            held = state.memory_sockets.setdefault(key, {})
            for other in [m for m, until in held.items() if until <= now]:
                del held[other]
            if member not in held and len(held) >= cap:
                return i
        for key in keys:
            state.memory_sockets[key][member] = now + lease_ms
        return 0

    @staticmethod
    def _memory_spend(state: _LoopState, key: str, window_ms: float, limit: int) -> bool:
        now = time.monotonic() * 1000
        if len(state.memory_budget) > 10_000:  # forget budgets that are whole again
            state.memory_budget = {k: t for k, t in state.memory_budget.items() if t > now}
        tat = max(state.memory_budget.get(key, now), now)
        after = tat + window_ms / limit
        if after - now > window_ms + 0.001:
            return False
        state.memory_budget[key] = after
        return True

    async def close(self) -> None:
        """Forget this loop's state (tests)."""
        state = self._loops.pop(asyncio.get_running_loop(), None)
        if state is None:
            return
        if state.renewer is not None:
            state.renewer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await state.renewer
        if state.client is not None:
            await state.client.aclose()


socket_limits = SocketLimits()
"""The process's one instance."""
