"""Redis: the channel layer, the cache, and where the rate counters and socket caps count.
(Celery's broker is Redis too: ``celery.py``.)  Without ``REDIS_URL`` (the in-process tests) the
channel layer and the cache live in the process."""

from __future__ import annotations

from .environment import env_str

REDIS_URL = env_str("REDIS_URL", "")
# The start of every key and channel name the platform uses in Redis (config/redis_keys.py): two
# platforms, or two test runs, on one Redis server stay apart.  Empty in production.
REDIS_NAMESPACE = env_str("REDIS_NAMESPACE", "")
# The channel layer's Redis: the live frames and notices (pub/sub), most of what Redis does under
# play.  By default the same server as Celery's broker and the cache; at scale a server of its own
# (docs/architecture.md "Capacity"), so a backlog of jobs never slows the frames, nor the frames
# the flags.  Every process must name the same one: the publishers (workers, sweeper) too.
CHANNEL_REDIS_URL = env_str("CHANNEL_REDIS_URL", REDIS_URL)
if CHANNEL_REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "live.layer.BatchingPubSubChannelLayer",
            # Pub/sub: one subscription per group a process holds members of, one PUBLISH per
            # group sent to (live/layer.py says why not the list-backed default layer).
            # Redis pub/sub channels are shared by every database of a server: the namespace keeps
            # two platforms on one Redis (or two test stacks) from hearing each other's groups.
            "CONFIG": {
                "hosts": [{"address": CHANNEL_REDIS_URL}],
                "prefix": f"{REDIS_NAMESPACE}asgi",
            },
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# The Django cache, in Redis so that every web process shares it.  (The throttles count in Redis
# directly, atomically: config.rate_counter.)
CACHES = {
    "default": (
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": REDIS_NAMESPACE,
        }
        if REDIS_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

# Where every throttle counts (config.rate_counter, accounts.login_budget): one atomic Lua step
# per request in Redis.
RATE_LIMITS_REDIS_URL = env_str("RATE_LIMITS_REDIS_URL", REDIS_URL)
# Where the sockets' caps and message budget count (live.sockets); without one, per process.
LIVE_LIMITS_REDIS_URL = env_str("LIVE_LIMITS_REDIS_URL", REDIS_URL)
