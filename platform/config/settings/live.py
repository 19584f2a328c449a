"""Live play (platform/live): group commit, the socket guards and caps, spectators, AI moves, and
the benchmark's bare relay."""

from __future__ import annotations

from .environment import env_bool, env_float, env_int

# Group commit (live/group_commit.py): the match commands of a web process go to LIVE_WRITER_LANES
# writer threads (one database connection each); a lane applies whatever waits for it, at most
# LIVE_WRITER_BATCH commands, in one transaction.  Off: one transaction per command on the thread
# pool (the shape before; kept for comparison in tests/bench/live_bench.py).
LIVE_GROUP_COMMIT = env_bool("LIVE_GROUP_COMMIT", True)
LIVE_WRITER_LANES = env_int("LIVE_WRITER_LANES", 4)
LIVE_WRITER_BATCH = env_int("LIVE_WRITER_BATCH", 64)

LIVE_MAX_FRAME_BYTES = env_int("LIVE_MAX_FRAME_BYTES", 4096)
LIVE_RATE_LIMIT = env_int("LIVE_RATE_LIMIT", 60)
LIVE_RATE_WINDOW_S = env_float("LIVE_RATE_WINDOW_S", "2")
# Connection caps and the shared message budget (docs/protocol.md "Limits and close codes"): at
# most this many open sockets per logged-in user and per client address, across every daphne; the
# LIVE_RATE_LIMIT budget is one per user (per address for anonymous sockets), whatever the number
# of sockets.  In Redis (LIVE_LIMITS_REDIS_URL, redis.py); without one, per process.
LIVE_MAX_SOCKETS_PER_USER = env_int("LIVE_MAX_SOCKETS_PER_USER", 10)
LIVE_MAX_SOCKETS_PER_ADDRESS = env_int("LIVE_MAX_SOCKETS_PER_ADDRESS", 50)
# A socket's place is a lease its process renews; a killed process's sockets free theirs after it.
LIVE_SOCKET_LEASE_S = env_int("LIVE_SOCKET_LEASE_S", 60)
# The spectator count (live.spectators) goes out this long after a spectator came or went: one
# frame for a burst of arrivals.
LIVE_SPECTATOR_ANNOUNCE_S = env_float("LIVE_SPECTATOR_ANNOUNCE_S", "1")

AI_BUDGET = env_int("AI_BUDGET", 0)  # 0: each bot's own default
# An AI move not made this long after it became due is queued again (its job may have been lost).
AI_RESEND_S = env_int("AI_RESEND_S", 15)

# The benchmark's bare WebSocket relay (live.relay, tests/bench/live_bench.py): routed only when
# on; never in production.
LIVE_BENCH_RELAY = env_bool("LIVE_BENCH_RELAY", False)
