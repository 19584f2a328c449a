"""The writer's transport, measured alone: today's writer threads with psycopg's blocking
connections against the redesign issue #33 names — async psycopg on the event loop itself.

In the daphne a command arrives on the event loop, travels to one of ``LIVE_WRITER_LANES`` writer
threads (``live.group_commit``), is applied there inside the batch's transaction with blocking
psycopg, and its answer travels back to the loop (``call_soon_threadsafe``).  The redesign keeps
the commands on the loop: each lane a coroutine with its own ``psycopg.AsyncConnection``, no
thread, no hand-over.  Both shapes here do exactly the same database work per command, with the
production's statements: the locking read (the match row ``FOR UPDATE`` with its three
sub-queries, ``live.services.store._select_sql``'s shape), the snapshot parsed from JSON and
written back, the move row and the match row in one ``WITH … INSERT … UPDATE`` statement, one
commit per batch.  What the engine, the views and the channel layer cost is the same in both and
left out: the difference between the two figures is what the redesign can save a move.

Commands arrive paced (``--rate`` per second, spread over 200 matches, as the live bench's 200
paced matches do), on one event loop in this process.  Printed per shape: commands applied, the
latency from arrival to answer (p50/p99), this process's CPU per command (user+system, from
``getrusage``) and the machine's CPU per command (``/proc/stat``, every process: with a quiet
machine, the rest is PostgreSQL's).  Run on a quiet machine:
``.venv/bin/python tests/bench/live_transport_bench.py`` (``--quick``: 4 s per run).  Prints
figures only; asserts nothing.  Needs PostgreSQL on 127.0.0.1:5432.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import queue
import resource
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from live_floor_bench import cpu_seconds, matches_database  # noqa: E402

from support.stack import reachable  # noqa: E402

RETRIED = "FROM live_move v WHERE v.match_id = m.id AND v.command_id = %s ORDER BY v.seq LIMIT 1"
LOCK = (
    "SELECT m.*, (SELECT t.at_ms FROM live_timeincident t WHERE t.kind = 'reference_step' "
    "AND t.at_ms IS NOT NULL ORDER BY t.at_ms DESC LIMIT 1) AS latest_step_ms, "
    f"(SELECT v.seq {RETRIED}) AS retried_seq, (SELECT v.seat {RETRIED}) AS retried_seat "
    "FROM live_match m WHERE m.id = %s FOR UPDATE OF m"
)
WRITE = (
    "WITH appended AS (INSERT INTO live_move (match_id, seq, seat, kind, action, command_id, "
    "arrived_ms, committed_ms, detail) VALUES (%s, %s, %s, 'action', %s, %s, %s, %s, '')) "
    "UPDATE live_match SET seq = %s, state = %s, clock = %s WHERE id = %s"
)
LANES = 4
BATCH = 64


@dataclass
class Command:
    match_id: int
    arrived: float
    future: asyncio.Future[int]


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)


def prepare(match_id: int, row: Sequence[Any], names: list[str]) -> list[Any]:
    """The Python side of one command once its row is read: parse the snapshot (psycopg's own
    JSON loader already did), take the next seq, write the snapshot and clock back as JSON."""
    from psycopg.types.json import Jsonb

    values = dict(zip(names, row, strict=True))
    seq = values["seq"] + 1
    now = int(time.time() * 1000)
    return [
        match_id,
        seq,
        seq % 2,
        Jsonb({"kind": "pass"}),
        f"t{seq}",
        now,
        now,
        seq,
        Jsonb(values["state"]),
        Jsonb(values["clock"]),
        match_id,
    ]


# --- today's shape: writer threads, blocking psycopg ------------------------------------------


def thread_lane(url: str, lane: queue.SimpleQueue[Command], answer: Callable[..., None]) -> None:
    import psycopg

    with psycopg.connect(url) as conn:
        while True:
            batch = [lane.get()]
            while len(batch) < BATCH:
                try:
                    batch.append(lane.get_nowait())
                except queue.Empty:
                    break
            batch.sort(key=lambda c: c.match_id)
            seqs = []
            with conn.cursor() as cur:
                for command in batch:
                    cur.execute(
                        LOCK, [f"t-{command.arrived}", f"t-{command.arrived}", command.match_id]
                    )
                    row = cur.fetchone()
                    names = [d.name for d in cur.description or ()]
                    params = prepare(command.match_id, row, names)  # type: ignore[arg-type]
                    cur.execute(WRITE, params)
                    seqs.append(params[1])
            conn.commit()
            answer([(c.future, s) for c, s in zip(batch, seqs, strict=True)])


async def run_threads(url: str) -> Callable[[Command], None]:
    loop = asyncio.get_running_loop()
    lanes: list[queue.SimpleQueue[Command]] = [queue.SimpleQueue() for _ in range(LANES)]

    def settle(done: list[tuple[asyncio.Future[int], int]]) -> None:
        for future, seq in done:
            future.set_result(seq)

    def answer(done: list[tuple[asyncio.Future[int], int]]) -> None:
        loop.call_soon_threadsafe(settle, done)

    for lane in lanes:
        threading.Thread(target=thread_lane, args=(url, lane, answer), daemon=True).start()

    def put(command: Command) -> None:
        lanes[command.match_id % LANES].put(command)

    return put


# --- the redesign: coroutines on the loop, async psycopg --------------------------------------


async def async_lane(url: str, lane: asyncio.Queue[Command]) -> None:
    import psycopg

    async with await psycopg.AsyncConnection.connect(url) as conn:
        while True:
            batch = [await lane.get()]
            while len(batch) < BATCH and not lane.empty():
                batch.append(lane.get_nowait())
            batch.sort(key=lambda c: c.match_id)
            seqs = []
            async with conn.cursor() as cur:
                for command in batch:
                    await cur.execute(
                        LOCK, [f"t-{command.arrived}", f"t-{command.arrived}", command.match_id]
                    )
                    row = await cur.fetchone()
                    names = [d.name for d in cur.description or ()]
                    params = prepare(command.match_id, row, names)  # type: ignore[arg-type]
                    await cur.execute(WRITE, params)
                    seqs.append(params[1])
            await conn.commit()
            for command, seq in zip(batch, seqs, strict=True):
                command.future.set_result(seq)


async def run_async(url: str) -> Callable[[Command], None]:
    lanes: list[asyncio.Queue[Command]] = [asyncio.Queue() for _ in range(LANES)]
    for lane in lanes:
        asyncio.get_running_loop().create_task(async_lane(url, lane))

    def put(command: Command) -> None:
        lanes[command.match_id % LANES].put_nowait(command)

    return put


# --- the paced arrivals and the figures --------------------------------------------------------


async def drive(
    shape: str, url: str, matches: list[int], rate: float, seconds: float
) -> dict[str, float]:
    start_lanes = run_threads if shape == "threads" else run_async
    put = await start_lanes(url)
    loop = asyncio.get_running_loop()
    tally = Tally()
    pending: list[asyncio.Future[int]] = []

    def answered(command: Command) -> None:
        tally.latencies.append(time.perf_counter() - command.arrived)

    async def warm() -> None:  # connections open, statements planned, before the clock starts
        futures = []
        for match_id in matches[: LANES * 4]:
            future = loop.create_future()
            put(Command(match_id, time.perf_counter(), future))
            futures.append(future)
        await asyncio.gather(*futures)

    await warm()
    cpu0, self0 = cpu_seconds(), resource.getrusage(resource.RUSAGE_SELF)
    t0 = time.perf_counter()
    n = 0
    while (elapsed := time.perf_counter() - t0) < seconds:
        due = int(elapsed * rate) + 1
        while n < due:
            future = loop.create_future()
            command = Command(matches[n % len(matches)], time.perf_counter(), future)
            future.add_done_callback(lambda _f, c=command: answered(c))
            put(command)
            pending.append(future)
            n += 1
        await asyncio.sleep(max(0.0, (n / rate) - (time.perf_counter() - t0)))
    await asyncio.wait_for(asyncio.gather(*pending), timeout=60)
    cpu1, self1 = cpu_seconds(), resource.getrusage(resource.RUSAGE_SELF)
    wall = time.perf_counter() - t0
    own = (self1.ru_utime - self0.ru_utime) + (self1.ru_stime - self0.ru_stime)
    lat = sorted(tally.latencies)
    return {
        "commands": n,
        "per_s": n / wall,
        "p50_ms": statistics.median(lat) * 1000,
        "p99_ms": lat[int(len(lat) * 0.99)] * 1000,
        "own_ms": own / n * 1000,
        "machine_ms": (cpu1 - cpu0) / n * 1000,
    }


def measure(shape: str, url: str, matches: list[int], rate: float, seconds: float) -> None:
    """One shape in a process of its own (its threads and connections gone with it)."""
    figures = asyncio.run(drive(shape, url, matches, rate, seconds))
    print(json.dumps(figures), flush=True)
    os._exit(0)  # the lanes' threads and tasks never end by themselves


SHAPES = {"threads": "writer threads + psycopg", "async": "async psycopg on the loop"}


def run_child(args: list[str]) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, __file__, "--child", *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    ).stdout
    figures: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return figures


def report(rate: float, round_no: int, shape: str, f: dict[str, float]) -> None:
    database = f["machine_ms"] - f["own_ms"]
    print(
        f"  {rate:5.0f}/s round {round_no + 1} {SHAPES[shape]:27s}: {f['per_s']:6.0f} commands/s, "
        f"p50 {f['p50_ms']:6.2f} ms, p99 {f['p99_ms']:7.2f} ms, this process "
        f"{f['own_ms']:.3f} ms CPU a command, machine {f['machine_ms']:.3f} ms "
        f"(the rest: PostgreSQL {database:.3f})",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="4 s per run instead of 12 s")
    parser.add_argument("--rate", type=float, action="append", help="commands/s (350, 700)")
    parser.add_argument("--rounds", type=int, default=2, help="runs of each shape, alternated")
    args = parser.parse_args()
    if not reachable(5432):
        raise SystemExit("PostgreSQL not reachable on 127.0.0.1:5432")
    seconds = 4.0 if args.quick else 12.0
    with matches_database("transport", 200) as (url, matches):
        print(
            "live transport bench: the same database work per command (the locking read, the "
            "snapshot parsed and written back, move + match in one statement, one commit per "
            f"batch), {LANES} lanes, batches of up to {BATCH}, 200 matches, {seconds:.0f} s a run"
        )
        for rate in args.rate or [350.0, 700.0]:
            for round_no in range(args.rounds):
                for shape in SHAPES:
                    child = [shape, url, json.dumps(matches), str(rate)]
                    report(rate, round_no, shape, run_child([*child, str(seconds)]))


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        _, _, shape, url, ids, rate, secs = sys.argv
        measure(shape, url, json.loads(ids), float(rate), float(secs))
    else:
        main()
