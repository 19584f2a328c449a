"""How late the clock's jobs run: the one figure measured where it happens rather than read from
the database (a flag's deadline is not stored once the match has ended).

A clock job (``live.tasks.clock_tick``) is due at the end of its 20 ms slot; the flags in that slot
fall when it runs, so its start minus the slot's end is the lateness of those flags (to within
the slot).  Each clock worker adds the figure to Redis as it starts a job (Celery's
``task_prerun``, connected in ``OperationsConfig.ready``: observation only, nothing decides
anything here): one running histogram every process adds to, which the metrics endpoint reads,
and one per minute, kept two hours, which the dashboard reads.  One pipelined round trip per clock
job — a job serves every deadline of its slot, so this is not paid per move.  Without Redis
(in-process tests run Celery eagerly) nothing is recorded.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import redis
from celery.signals import task_prerun
from django.conf import settings

from config import redis_keys
from live import timebase

log = logging.getLogger(__name__)

BUCKETS_S = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
MINUTE_TTL_S = 2 * 3600
TASK = "live.tasks.clock_tick"

_MAX = """
local cur = tonumber(redis.call('HGET', KEYS[1], 'max') or '-1')
if tonumber(ARGV[1]) > cur then redis.call('HSET', KEYS[1], 'max', ARGV[1]) end
redis.call('EXPIRE', KEYS[1], ARGV[2])
return 1
"""

_client: Any = None
_last_warning = 0.0


def _redis() -> Any:
    global _client
    url = settings.REDIS_URL
    if not url:
        return None
    if _client is None:
        _client = redis.Redis.from_url(url, socket_timeout=0.5, socket_connect_timeout=0.5)
    return _client


def total_key() -> str:
    return redis_keys.key("ops:clock-lag:total")


def minute_key(minute: int) -> str:
    return redis_keys.key(f"ops:clock-lag:m:{minute}")


def bucket_field(le: float) -> str:
    return f"b:{le:g}"


def record(lateness_s: float, *, client: Any = None, now_s: float | None = None) -> None:
    """Add one clock job's lateness (seconds; an early start counts as 0)."""
    client = client or _redis()
    if client is None:
        return
    value = max(0.0, lateness_s)
    minute = int((time.time() if now_s is None else now_s) // 60)
    pipe = client.pipeline(transaction=False)
    for key in (total_key(), minute_key(minute)):
        for le in BUCKETS_S:
            if value <= le:
                pipe.hincrby(key, bucket_field(le), 1)
        pipe.hincrby(key, "count", 1)
        pipe.hincrbyfloat(key, "sum", value)
    pipe.eval(_MAX, 1, minute_key(minute), f"{value:.6f}", MINUTE_TTL_S)
    pipe.execute()


def on_task_prerun(
    sender: Any = None, task: Any = None, args: Any = None, kwargs: Any = None, **_: Any
) -> None:
    """Celery ``task_prerun``: a clock job starts; record how late.  Never raises."""
    global _last_warning
    if getattr(task, "name", None) != TASK:
        return
    try:
        slot_ms = args[0] if args else (kwargs or {}).get("slot_ms")
        if slot_ms is None:
            return
        record((timebase.stamp().ms - int(slot_ms)) / 1000)
    except Exception as exc:  # observing must never stop a flag
        if time.monotonic() - _last_warning > 60:
            _last_warning = time.monotonic()
            log.warning("clock lateness not recorded: %s", exc)


def connect() -> None:
    task_prerun.connect(on_task_prerun, weak=False, dispatch_uid="operations.clocklag")


def _histogram(raw: dict[bytes, bytes]) -> dict[str, Any]:
    data = {k.decode(): v.decode() for k, v in raw.items()}
    count = int(data.get("count", 0))
    return {
        "count": count,
        "sum": float(data.get("sum", 0.0)),
        "max": float(data["max"]) if "max" in data else None,
        "buckets": [(le, int(data.get(bucket_field(le), 0))) for le in BUCKETS_S],
    }


def total(*, client: Any = None) -> dict[str, Any] | None:
    """The running histogram since Redis started (None without Redis)."""
    client = client or _redis()
    if client is None:
        return None
    return _histogram(client.hgetall(total_key()))


def last_hour(*, client: Any = None, now_s: float | None = None) -> dict[str, Any] | None:
    """The last 60 minutes merged: count, mean, max and the bucket counts (None without Redis)."""
    client = client or _redis()
    if client is None:
        return None
    minute = int((time.time() if now_s is None else now_s) // 60)
    pipe = client.pipeline(transaction=False)
    for m in range(minute - 59, minute + 1):
        pipe.hgetall(minute_key(m))
    merged: dict[str, Any] = {"count": 0, "sum": 0.0, "max": None, "buckets": {}}
    for raw in pipe.execute():
        part = _histogram(raw)
        merged["count"] += part["count"]
        merged["sum"] += part["sum"]
        if part["max"] is not None:
            merged["max"] = max(merged["max"] or 0.0, part["max"])
        for le, n in part["buckets"]:
            merged["buckets"][le] = merged["buckets"].get(le, 0) + n
    merged["mean"] = merged["sum"] / merged["count"] if merged["count"] else None
    merged["p99"] = _quantile(merged, 0.99)
    return merged


def _quantile(h: dict[str, Any], q: float) -> float | None:
    """The smallest bucket bound holding a fraction ``q`` of the jobs (an upper bound)."""
    if not h["count"]:
        return None
    need = q * h["count"]
    for le in BUCKETS_S:
        if h["buckets"].get(le, 0) >= need:
            return le
    return h["max"]
