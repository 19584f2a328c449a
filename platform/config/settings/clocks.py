"""Time (docs/architecture.md "Clocks"): the reference every node agrees on, when time counts as
unreliable, the clock sweeper, outages, and the stall bound."""

from __future__ import annotations

from .environment import env_float, env_int, env_str

# Time: the reference all nodes agree on, and when time counts as unreliable (docs/architecture.md).
TIME_REFERENCE = env_str("TIME_REFERENCE", "local")  # "local" or "postgres"
TIME_OFFSET_TOLERANCE_MS = env_int("TIME_OFFSET_TOLERANCE_MS", 500)
TIME_STEP_TOLERANCE_MS = env_int("TIME_STEP_TOLERANCE_MS", 2000)
TIME_COMMIT_BOUND_MS = env_int("TIME_COMMIT_BOUND_MS", 2000)
TIME_OFFSET_MAX_AGE_S = env_int("TIME_OFFSET_MAX_AGE_S", 60)
# Tests only: a skew added to this node's wall clock (live.timebase), to play a node whose clock
# is off.
TIME_INJECT_SKEW_MS = env_float("TIME_INJECT_SKEW_MS", "0")

# The sweeper (`manage.py clock_sweeper`): overdue matches found in the database at least
# this often, so that a lost clock job delays a flag by at most one period.
CLOCK_SWEEP_SECONDS = env_float("CLOCK_SWEEP_SECONDS", "1.0")
CLOCK_SWEEP_THREADS = env_int("CLOCK_SWEEP_THREADS", 4)
# How long the first scheduler of a clock slot's job keeps others from queueing a second one for
# it (live.tasks.schedule_wake): long enough to cover a burst, short so a dead worker's jobs block
# nothing for long.
CLOCK_SLOT_CLAIM_MS = env_int("CLOCK_SLOT_CLAIM_MS", 5000)

# Outages (live.liveness): web processes and the sweeper beat every OUTAGE_BEAT_S; a gap longer
# than OUTAGE_TOLERANCE_S aborts, unrated, every match whose clock ran through it.
OUTAGE_BEAT_S = env_float("OUTAGE_BEAT_S", "1")
OUTAGE_TOLERANCE_S = env_float("OUTAGE_TOLERANCE_S", "20")

# A phase where the rules stop the clocks (Start/Continue, hand-over) ends by itself after this.
STALL_BOUND_S = env_int("STALL_BOUND_S", 120)
