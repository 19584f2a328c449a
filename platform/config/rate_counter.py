"""Request rates counted atomically, across every web process: "at most N in any window of D".

Why not DRF's ``SimpleRateThrottle``: it reads the history from the cache, decides, and writes it
back — three steps that parallel requests interleave (DRF documents its throttles as racy).  A
review got 1,300 of 1,300 API reads through a limit of 1,200, and 75 passwords through a log-in
limit of 60, with a dozen threads.  Here the read, the decision and the write are one Lua script
in Redis (as the socket caps in ``live.socket_caps`` do), so however many requests arrive at once,
exactly N get through.

The window is a sliding log: a sorted set of the admitted requests' times (Redis's own clock, one
for every process), from which the script drops those older than the window before it counts.  A
refused request is not recorded (a client that keeps knocking is not kept out longer than the
window), and its answer says when the oldest admitted request leaves the window.

Keys live in the platform's namespace (``config.redis_keys``) and expire with their window.
Without a Redis URL (in-process tests) the log is kept in the process's own cache, under a lock.
If Redis cannot be reached the request is let through, with a warning at most every 10 s: the
lockout after wrong passwords (in the database) still holds, and a platform without Redis plays
no live games anyway.
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from dataclasses import dataclass
from typing import Any

import redis
from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ImproperlyConfigured

from config import redis_keys

log = logging.getLogger(__name__)

_PERIODS_S = {"s": 1, "m": 60, "h": 3600, "d": 86400}


@dataclass(frozen=True)
class Rate:
    """``limit`` requests per ``window_ms``."""

    limit: int
    window_ms: int

    @classmethod
    def parse(cls, text: str) -> Rate:
        """DRF's notation, ``"<n>/<second|minute|hour|day>"`` (only the unit's first letter
        counts: ``60/hour``, ``60/h``)."""
        count, _, unit = text.partition("/")
        try:
            limit = int(count)
            window_s = _PERIODS_S[unit.strip()[:1].lower()]
        except (ValueError, KeyError):
            raise ImproperlyConfigured(
                f"a rate is '<n>/<second|minute|hour|day>', not {text!r}"
            ) from None
        if limit < 0:
            raise ImproperlyConfigured(f"a rate's count cannot be negative: {text!r}")
        return cls(limit=limit, window_ms=window_s * 1000)


# KEYS[1]: the log.  ARGV: window (ms), limit, this request's member.  Returns 0 when admitted,
# else the milliseconds until the oldest admitted request leaves the window.
_HIT = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  if oldest[2] == nil then return window end
  return math.max(1, tonumber(oldest[2]) + window - now)
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return 0
"""


class _Store:
    """This process's Redis clients (one per URL; redis-py's pool is thread-safe) and the
    per-process stand-in used without Redis."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.scripts: dict[str, Any] = {}
        self.last_warning = 0.0

    def script(self, url: str) -> Any:
        with self.lock:
            script = self.scripts.get(url)
            if script is None:
                client = redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1)
                script = self.scripts[url] = client.register_script(_HIT)
            return script

    def memory_hit(self, key: str, rate: Rate) -> int:
        """The same count without Redis: in this process's cache (local memory then, and cleared
        with it), under this process's lock."""
        now = time.time() * 1000
        with self.lock:
            admitted = [t for t in cache.get(key, []) if t > now - rate.window_ms]
            if len(admitted) >= rate.limit:
                if not admitted:
                    return rate.window_ms
                return max(1, int(admitted[0] + rate.window_ms - now))
            admitted.append(now)
            cache.set(key, admitted, timeout=rate.window_ms / 1000)
            return 0

    def warn(self, exc: BaseException) -> None:
        now = time.monotonic()
        if now - self.last_warning >= 10:
            self.last_warning = now
            log.warning("rate counters unavailable, requests let through: %s", exc)


_store = _Store()


def hit(name: str, rate: Rate) -> float | None:
    """Count one request against ``rate`` under ``name`` (e.g. ``login:203.0.113.9``).

    None when it is admitted; else the seconds until the next one would be (the request is then
    not counted)."""
    key = redis_keys.key(f"gp:rate:{name}")
    url = settings.RATE_LIMITS_REDIS_URL
    if not url:
        wait_ms = _store.memory_hit(key, rate)
    else:
        try:
            wait_ms = int(
                _store.script(url)(keys=[key], args=[rate.window_ms, rate.limit, uuid.uuid4().hex])
            )
        except (OSError, redis.RedisError) as exc:
            _store.warn(exc)
            return None
    return None if wait_ms <= 0 else wait_ms / 1000
