"""The password checks a (user name, address) pair may still have: reserved before the check.

Why: django-axes decides on the failures it has *recorded*, and it records one only after the
password was checked.  Parallel guesses at one user name all passed its check before the first
failure was written — 16 of 16 passwords were checked against a limit of 5.  So each attempt
first takes one of the pair's ``AXES_FAILURE_LIMIT`` checks here, in one atomic step in the Redis
every web process shares (``RATE_LIMITS_REDIS_URL``, under ``config.redis_keys``); an attempt that
finds none left gets axes' locked-out answer without its password being looked at.  However many
arrive at once, at most the limit are checked until the lockout ends.

A wrong password keeps its reservation: it is one of the failures axes records (axes still keeps
them for the lockout page, the admin and ``axes_reset``).  A right one clears the pair's
reservations, as axes clears its failures on success.  The reservations expire
``AXES_COOLOFF_TIME`` after the last one taken (axes' lockout lasts as long after the last
failure, and it is still checked first).

An operator who lifts a lockout in the database (``manage.py axes_reset``, the admin) does not
touch Redis: when no reservation is left but axes has recorded fewer failures than the limit, and
the newest reservation is older than :data:`IN_FLIGHT_S` (no check can still be running), the
reservations are set back to the recorded failures.

The pair is the address axes uses and the user name as the account lookup sees it (Unicode NFKC,
surrounding blanks stripped, as Django's log-in form cleans it), hashed: a name sent to the API
can be of any length.  Without a Redis URL (in-process tests) the count is kept in the process's
cache under a lock; if Redis cannot be reached the check is let through with a warning (axes'
sequential lockout still holds).
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
import unicodedata
from functools import cache as memoize
from typing import Any

import redis
from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_credentials
from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

from config import redis_keys
from config.security import request_client_address

log = logging.getLogger(__name__)

IN_FLIGHT_S = 60
"""Longer than any password check takes (a production hash under load: about a second): a
reservation this old is no longer in flight."""

# KEYS[1]: the pair's hash {n: reservations, last: ms of the newest}.  ARGV: limit, cool-off (ms),
# in-flight (ms), recorded failures (-1: not looked up).  Returns 1 when a check is reserved, 0
# when none is left, -1 when none is left and the recorded failures are needed to decide.
_RESERVE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit = tonumber(ARGV[1])
local recorded = tonumber(ARGV[4])
local n = tonumber(redis.call('HGET', KEYS[1], 'n') or '0')
if n >= limit then
  local last = tonumber(redis.call('HGET', KEYS[1], 'last') or '0')
  if now - last < tonumber(ARGV[3]) then return 0 end
  if recorded < 0 then return -1 end
  if recorded >= limit then return 0 end
  n = recorded
end
redis.call('HSET', KEYS[1], 'n', n + 1, 'last', now)
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
"""


def _pair_key(request: HttpRequest, username: str) -> str:
    name = unicodedata.normalize("NFKC", username).strip()
    digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()
    return redis_keys.key(f"gp:login-budget:{request_client_address(request)}:{digest}")


@memoize
def _script(url: str) -> Any:
    """This process's client for ``url`` (redis-py's pool is thread-safe) with the script."""
    client = redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1)
    return client.register_script(_RESERVE)


_memory_lock = threading.Lock()
_last_warning = [0.0]


def _memory_reserve(key: str, limit: int, cooloff_s: float, recorded: int) -> int:
    """The script's decision without Redis, in this process's cache under this process's lock."""
    now = time.time() * 1000
    with _memory_lock:
        n, last = cache.get(key, (0, 0.0))
        if n >= limit:
            if now - last < IN_FLIGHT_S * 1000:
                return 0
            if recorded < 0:
                return -1
            if recorded >= limit:
                return 0
            n = recorded
        cache.set(key, (n + 1, now), timeout=cooloff_s)
        return 1


def _redis_url() -> str:
    return str(settings.RATE_LIMITS_REDIS_URL or "")


def _warn(exc: BaseException) -> None:
    now = time.monotonic()
    if now - _last_warning[0] >= 10:
        _last_warning[0] = now
        log.warning("log-in budget unavailable, password checks let through: %s", exc)


def password_check_reserve(*, request: HttpRequest, username: str) -> bool:
    """Take one password check for this pair; False when none is left (the attempt must be
    refused as locked out, its password unchecked)."""
    key = _pair_key(request, username)
    limit = int(settings.AXES_FAILURE_LIMIT)
    cooloff_s = settings.AXES_COOLOFF_TIME.total_seconds()
    url = _redis_url()
    recorded = -1
    while True:
        if not url:
            outcome = _memory_reserve(key, limit, cooloff_s, recorded)
        else:
            try:
                outcome = int(
                    _script(url)(
                        keys=[key],
                        args=[limit, int(cooloff_s * 1000), IN_FLIGHT_S * 1000, recorded],
                    )
                )
            except (OSError, redis.RedisError) as exc:
                _warn(exc)
                return True
        if outcome >= 0:
            return outcome == 1
        # None left, none in flight: has an operator lifted the lockout in the database?
        recorded = AxesProxyHandler.get_failures(request, get_credentials(username))


def password_checks_reset(*, request: HttpRequest, username: str) -> None:
    """A right password: the pair has its whole budget again (axes clears its failures too)."""
    key = _pair_key(request, username)
    url = _redis_url()
    if not url:
        cache.delete(key)
        return
    try:
        _script(url).registered_client.delete(key)
    except (OSError, redis.RedisError) as exc:
        _warn(exc)
