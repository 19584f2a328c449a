"""The database floor under the live bench: what the writes every move must make cost, alone.

Every move must lock its match row, append one move-log row, rewrite the match's snapshot and
commit (the live path of DESIGN.md).  Here client processes do just that, as cheaply as it can be
done: psycopg straight (no Django, no engine, no WebSocket, no channel layer), the lock reading only
``seq`` and the snapshot as text, the snapshot of a real Spectacular Bid match written back as the
same text, one move row, one commit.  The figure is machine CPU time per transaction (every
process's, the PostgreSQL backends' and the clients', from /proc/stat) next to the rate, for 2, 4
and 8 client processes on a fresh database.

It bounds from below what a move can cost on this machine, whatever the code around it: compare it
with the bare relay's machine time per message in the same units (``live_bench.py`` prints both
rates; ``--relay-rate`` here turns one into the other for the 40 % target of issue #2 (b)).

Run ``.venv/bin/python tests/bench/live_floor_bench.py`` (``--quick``: shorter runs).  Prints
figures only; asserts nothing.  Needs PostgreSQL on 127.0.0.1:5432.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from live_bench import USERS, make_matches  # noqa: E402

from support.stack import Stack, _drop_postgres, _postgres_env, free_port, reachable  # noqa: E402

LOCK = "SELECT seq, state::text FROM live_match WHERE id = %s FOR UPDATE"
APPEND = (
    "INSERT INTO live_move (match_id, seq, seat, kind, action, command_id, arrived_ms, "
    "committed_ms, detail) VALUES (%s, %s, %s, 'action', %s::jsonb, %s, %s, %s, '')"
)
ACTION = '{"kind": "pass"}'
SAVE = "UPDATE live_match SET seq = %s, state = %s::jsonb WHERE id = %s"


def cpu_seconds() -> float:
    """Every CPU's busy time since boot (user, nice, system, irq, softirq), in seconds."""
    with open("/proc/stat") as stat:
        fields = [int(x) for x in stat.readline().split()[1:8]]
    user, nice, system, _idle, _iowait, irq, softirq = fields
    return (user + nice + system + irq + softirq) / os.sysconf("SC_CLK_TCK")


def client(url: str, match_ids: list[int], seconds: float, start: float, out: object) -> None:
    import psycopg

    done = 0
    with psycopg.connect(url) as conn:
        i = 0
        while time.time() < start:
            time.sleep(0.001)
        stop = start + seconds
        while time.time() < stop:
            match_id = match_ids[i % len(match_ids)]
            i += 1
            with conn.cursor() as cur:
                cur.execute(LOCK, [match_id])
                seq, state = cur.fetchone()  # type: ignore[misc]
                now = int(time.time() * 1000)
                cur.execute(APPEND, [match_id, seq + 1, seq % 2, ACTION, f"c{seq + 1}", now, now])
                cur.execute(SAVE, [seq + 1, state, match_id])
            conn.commit()
            done += 1
    out.put(done)  # type: ignore[attr-defined]


def run(url: str, matches: list[int], processes: int, seconds: float) -> tuple[float, float]:
    queue: multiprocessing.Queue[int] = multiprocessing.Queue()
    start = time.time() + 1.0
    shares = [matches[p::processes] for p in range(processes)]
    procs = [
        multiprocessing.Process(target=client, args=(url, shares[p], seconds, start, queue))
        for p in range(processes)
    ]
    for proc in procs:
        proc.start()
    time.sleep(max(0.0, start - time.time()))
    cpu0 = cpu_seconds()
    time.sleep(seconds)
    cpu1 = cpu_seconds()
    total = sum(queue.get(timeout=60) for _ in procs)
    for proc in procs:
        proc.join()
    return total / seconds, (cpu1 - cpu0) / max(1, total) * 1000


@contextmanager
def matches_database(name: str, count: int) -> Iterator[tuple[str, list[int]]]:
    """A fresh PostgreSQL database, migrated, holding ``count`` running Spectacular Bid matches
    between two users: its URL and the matches' ids; dropped on leaving."""
    run_dir = Path(tempfile.mkdtemp(prefix=f"live-{name}-"))
    pg_env, db_name = _postgres_env(run_dir)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "DJANGO"))}
    env.update(pg_env, PLATFORM_RUN_DIR=str(run_dir), DJANGO_SETTINGS_MODULE="config.settings")
    stack = Stack(run_dir=run_dir, env=env, port=free_port())
    try:
        stack.manage("migrate", "--noinput", "-v", "0", timeout=300)
        stack.django(USERS.format(a=f"{name}-a", b=f"{name}-b"))
        yield env["DATABASE_URL"], make_matches(stack, f"{name}-a", f"{name}-b", count, seed=1)
    finally:
        _drop_postgres(db_name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="3 s per run instead of 10 s")
    parser.add_argument(
        "--relay-rate",
        type=float,
        default=None,
        help="the bare relay's saturated msg/s from live_bench.py (b), to compare",
    )
    args = parser.parse_args()
    if not reachable(5432):
        raise SystemExit("PostgreSQL not reachable on 127.0.0.1:5432")
    seconds = 3.0 if args.quick else 10.0
    with matches_database("floor", 400) as (url, matches):
        cores = os.cpu_count() or 1
        print(
            f"live floor bench: lock + one move row + snapshot rewrite + commit per transaction, "
            f"psycopg straight, 400 Spectacular Bid matches, {seconds:.0f} s per run, "
            f"{cores} cores"
        )
        for processes in (2, 4, 8):
            rate, cpu_ms = run(url, matches, processes, seconds)
            line = (
                f"    {processes} clients: {rate:7.0f} transactions/s, "
                f"{cpu_ms:.3f} ms of machine CPU per transaction"
            )
            if args.relay_rate:
                relay_ms = cores * 1000 / args.relay_rate
                line += (
                    f"; the relay's {args.relay_rate:.0f} msg/s = {relay_ms:.3f} ms per message, "
                    f"40 % of it allows {relay_ms / 0.4:.3f} ms per move"
                )
            print(line)


if __name__ == "__main__":
    main()
