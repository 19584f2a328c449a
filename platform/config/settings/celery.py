"""Celery: the broker, the queues (``clock``: small and time-critical; ``ai``: CPU-heavy AI moves;
``analysis``: the analyses after a match, heavier still and never urgent, so that they never
delay an AI move) and the periodic jobs of every app.  Without ``REDIS_URL`` tasks run eagerly in
the process."""

from __future__ import annotations

from .environment import env_bool
from .redis import REDIS_NAMESPACE, REDIS_URL

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL and env_bool("CELERY_EAGER", True)
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_DEFAULT_QUEUE = "ai"
CELERY_TASK_ROUTES = {
    "live.tasks.ai_move": {"queue": "ai"},
    "live.tasks.clock_tick": {"queue": "clock"},
    "live.tasks.node_clock_check": {"queue": "clock"},
    "matchmaking.tasks.matchmaking_pass": {"queue": "clock"},
    "analysis.tasks.analyse_match": {"queue": "analysis"},
}
# An ETA job beyond visibility_timeout is redelivered again and again (STACK.md): keep it far above
# the longest deadline a match can have (the bank plus a delay), and back it with the sweeper.
CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, object] = {"visibility_timeout": 6 * 3600}
if REDIS_NAMESPACE:  # the queues ("clock", "ai"), kombu's bookkeeping and the workers' broadcasts
    CELERY_BROKER_TRANSPORT_OPTIONS["global_keyprefix"] = REDIS_NAMESPACE
# A worker outlives a Redis restart: it keeps trying to reconnect (forever) instead of exiting; and
# where it still dies, the embedded runner (config.supervisor) or Kubernetes starts it again.
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None

# The periodic jobs (beat): the node clock check, the queue's pairing pass, the tournaments'
# sweep and arena pass, the expiry of operators' sanctions.
CELERY_BEAT_SCHEDULE = {
    "node-clock-check": {"task": "live.tasks.node_clock_check", "schedule": 5.0},
    "matchmaking-pass": {
        "task": "matchmaking.tasks.matchmaking_pass",
        "schedule": 1.0,
        "options": {"queue": "clock", "expires": 2.0},
    },
    "tournaments-sweep": {
        "task": "tournaments.tasks.sweep",
        "schedule": 5.0,
        "options": {"queue": "clock", "expires": 10.0},
    },
    "tournaments-arena-pass": {
        "task": "tournaments.tasks.arena_pass",
        "schedule": 2.0,
        "options": {"queue": "clock", "expires": 4.0},
    },
    "operations-sanctions-expire": {
        "task": "operations.tasks.sanctions_expire",
        "schedule": 60.0,
        "options": {"expires": 60.0},
    },
}
