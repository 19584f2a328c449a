"""Live round trips against a bare relay, on real daphne + Celery workers + sweeper + PostgreSQL +
Redis (the production shape of tests/support/stack.py, built here without pytest).

(a) ``--matches`` (200) concurrent human-vs-human Spectacular Bid matches played by scripted
WebSocket clients (two users logged in through /api/auth/login/, one connection per seat), each
side moving about once a second: the move round trip (action sent → own ``state`` with the new
``seq`` received) p50/p99, next to the bare relay (platform/live/relay.py: group_send to a group
holding the sender, which echoes the frame back) through the same channel layer and the same
daphne, measured in the same run right after the matches: once at the message rate the matches
reached, once at the nominal rate (every client one frame about every second).  Clients connect
over a ramp (0.3 s per match, at most 60 s): a connect costs daphne's one database thread several
queries, and daphne drops a handshake that is not accepted within 5 s.
(b) saturation (every client acts as soon as it may): moves per second next to the relay's
messages per second (the same number of closed-loop relay clients).
(m) first, on the fresh stack: the daphnes' memory (RSS) per 1,000 connected clients (idle
sockets of the bare relay, ``--idle-clients``, 1,000); phase (a) then prints it per 1,000 running
matches (their two seat sockets included).  Python keeps freed memory for reuse, so a phase after
another reads low: (m) runs first, and (a)'s figure is a lower bound.

In both, a third yardstick: the move-shaped relay (``live.relay.MoveShapedRelayConsumer``), pairs
of clients taking turns as a match's seats do, each frame answered with what a move sends (an ack
and three frames of the live phase's mean state size through the channel layer in one batch) and
nothing else.  Its rate at saturation is the most a move could reach if it cost only its messages.

In both the move logs are checked afterwards: each client's acknowledged command ids appear exactly
once, in order, with the acknowledged seq, and seq is contiguous in every match.  When a match ends
its pair of clients moves on to the next one of a pool built beforehand.

Run ``.venv/bin/python tests/bench/live_bench.py`` (``--quick`` for a smoke run, ``--phases a`` or
``--phases b`` for one of the two).  By default two
daphne processes serve the clients, split across their ports (there is no load balancer), as the
two web replicas of k8s/20-web.yaml do; ``--daphnes 1`` measures one.
Each phase prints the server's CPU per move per process kind, live beside the move-shaped relay,
and the ratio of the totals (issue #33: at most 2x; paced p50 and p99 at most 5x the relay's).
``--py-spy DIR`` samples the first daphne's GIL holder through each live phase (``pip install
py-spy`` in the venv).  Prints figures only; asserts nothing.  Needs PostgreSQL and Redis on
127.0.0.1 (5432, 6379).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))

from websockets.asyncio.client import ClientConnection, connect  # noqa: E402
from websockets.exceptions import ConnectionClosed, InvalidHandshake  # noqa: E402

from support.protocol_client import Http  # noqa: E402
from support.stack import (  # noqa: E402
    BIN,
    REDIS_PORT,
    Stack,
    _drop_postgres,
    _postgres_env,
    free_port,
    reachable,
    stack_env,
)

# --- the stack ---------------------------------------------------------------------------------


def start_stack(
    label: str,
    *,
    redis_db: int,
    extra_env: dict[str, str] | None = None,
    workers: bool = True,
    sweeper: bool = True,
    daphnes: int = 1,
) -> tuple[Stack, str, list[int]]:
    """Real daphne(s) + clock and ai workers + sweeper on a fresh PostgreSQL database and a
    flushed Redis database (what ``make_stack("postgres")`` builds, minus pytest)."""
    missing = [n for n, p in (("PostgreSQL", 5432), ("Redis", REDIS_PORT)) if not reachable(p)]
    if missing:
        raise SystemExit(f"{', '.join(missing)} not reachable on 127.0.0.1: cannot run {label}")
    run_dir = Path(tempfile.mkdtemp(prefix=f"{label}-"))
    env = stack_env(
        run_dir, LIVE_MAX_SOCKETS_PER_USER="100000", LIVE_MAX_SOCKETS_PER_ADDRESS="100000"
    )
    pg_env, db_name = _postgres_env(run_dir)
    env.update(pg_env)
    env["REDIS_URL"] = f"redis://127.0.0.1:{REDIS_PORT}/{redis_db}"
    import redis

    redis.Redis.from_url(env["REDIS_URL"]).flushdb()
    env.update(extra_env or {})
    ports = [free_port() for _ in range(daphnes)]
    stack = Stack(run_dir=run_dir, env=env, port=ports[0])
    try:
        stack.manage("migrate", "--noinput", "-v", "0", timeout=300)
        for i, port in enumerate(ports):
            stack.start(
                "web" if i == 0 else f"web{i + 1}",
                [
                    str(BIN / "daphne"),
                    "-b",
                    "127.0.0.1",
                    "-p",
                    str(port),
                    "config.asgi:application",
                ],
            )
        queues: tuple[str, ...] = ()
        if workers:
            stack.start_worker("worker-clock", "clock")
            stack.start_worker("worker-ai", "ai")
            queues = ("ai", "clock")
        if sweeper:
            stack.start_sweeper()
        stack.wait_ready(queues, timeout=120)
    except BaseException:
        stop_stack(stack, db_name)
        raise
    return stack, db_name, ports


def stop_stack(stack: Stack, db_name: str) -> None:
    stack.stop()
    time.sleep(1.0)
    if not os.environ.get("BENCH_KEEP_LOGS"):
        shutil.rmtree(stack.run_dir, ignore_errors=True)
    try:
        _drop_postgres(db_name)
    except Exception as exc:  # the figures are printed already; say it and go on
        print(f"(could not drop database {db_name}: {exc})")


def load() -> str:
    """The machine's load: other programs on the two cores change every figure here."""
    one, five, _ = os.getloadavg()
    return f"load average {one:.1f} (1 min) / {five:.1f} (5 min) on {os.cpu_count()} cores"


POSTGRES_SHARED = ("checkpointer", "background writer", "walwriter", "autovacuum launcher")
"""PostgreSQL's own processes, which work for every database: counted with the bench's."""


def _postgres_for(pid: int, db_name: str) -> bool:
    """Whether a PostgreSQL process works for this bench: a backend of its database, or one of
    the server's shared processes — not the backends of other databases (other programs on the
    machine use the same server; counting them made the relay's PostgreSQL share non-zero)."""
    try:
        title = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return False
    # "postgres: 15/main: <user> <database> <client> <state>", or the process's role
    return db_name in title.split() or any(k in title for k in POSTGRES_SHARED)


def cpu_by_kind(stack: Stack, db_name: str) -> dict[str, float]:
    """CPU seconds used so far by each kind of process: the daphnes, each worker and the sweeper
    (with their children: Celery's pool), PostgreSQL's processes serving the bench's database
    (and its shared ones), Redis's server (all of it: the bench's databases are not told
    apart), and this bench's own clients."""
    tick = os.sysconf("SC_CLK_TCK")
    procs: dict[int, tuple[int, str, float]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            raw = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        comm = raw[raw.index("(") + 1 : raw.rindex(")")]
        fields = raw[raw.rindex(")") + 2 :].split()
        procs[int(entry)] = (int(fields[1]), comm, (int(fields[11]) + int(fields[12])) / tick)
    roots = {
        proc.pid: "daphne" if name.startswith("web") else name for name, proc in stack.procs.items()
    }
    roots[os.getpid()] = "bench clients"
    out: dict[str, float] = {}
    for pid, (_, comm, cpu) in procs.items():
        kind, cur = None, pid
        while kind is None and cur in procs and cur > 1:
            kind = roots.get(cur)
            cur = procs[cur][0]
        if kind is None and comm.startswith("postgres") and _postgres_for(pid, db_name):
            kind = "postgresql"
        if kind is None and comm.startswith("redis-server"):
            kind = "redis"
        if kind is not None:
            out[kind] = out.get(kind, 0.0) + cpu
    return out


def daphne_rss_mb(stack: Stack) -> float:
    """The daphnes' resident memory together (VmRSS), in MiB."""
    total_kb = 0
    for name, proc in stack.procs.items():
        if not name.startswith("web"):
            continue
        try:
            status = Path(f"/proc/{proc.pid}/status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                total_kb += int(line.split()[1])
    return total_kb / 1024


RSS_SAMPLER: Callable[[], float] | None = None
"""Set once the stack runs: the daphnes' RSS before a phase's clients connect and at the end of
its window."""

CPU_SAMPLER: Callable[[], dict[str, float]] | None = None
"""Set once the stack runs: each phase samples it at the start and the end of its window."""


PROFILER: Callable[[str, float], None] | None = None
"""Set by ``--py-spy DIR``: samples the first daphne through a live phase's measured window."""


def py_spy_recorder(stack: Stack, out_dir: Path) -> Callable[[str, float], None]:
    """Start ``py-spy record`` (from the venv: ``pip install py-spy``) on the first daphne for
    ``seconds``, writing collapsed stacks (one line per stack, its sample count last) into
    ``out_dir``, one file per phase.  Only the thread holding the GIL is sampled (``--gil``):
    a thread waiting to take the GIL back after a system call is not busy, and without it such
    waits looked like most of a loaded daphne's time.  py-spy samples from outside; the daphne is
    not slowed."""
    out_dir.mkdir(parents=True, exist_ok=True)

    def record(phase_name: str, seconds: float) -> None:
        pid = stack.procs["web"].pid
        target = out_dir / (phase_name.replace(" ", "-").replace(",", "") + ".txt")
        subprocess.Popen(
            [
                str(BIN / "py-spy"),
                "record",
                "--pid",
                str(pid),
                "--duration",
                str(int(seconds)),
                "--format",
                "raw",
                "--threads",
                "--gil",
                "--nonblocking",
                "--output",
                str(target),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    return record


def cpu_ms_per_unit(phase: Phase, done: int) -> dict[str, float]:
    """Each process kind's CPU milliseconds per move (or message) in the phase's window."""
    if not phase.cpu_before or not phase.cpu_after or done <= 0:
        return {}
    return {
        kind: 1000 * (after - phase.cpu_before.get(kind, 0.0)) / done
        for kind, after in phase.cpu_after.items()
    }


LATENCY_TARGET = 5.0
"""Issue #33: live p50 and p99 each at most five times the move-shaped relay's, paced."""

SERVER_CPU_TARGET = 2.0
"""Issue #33: a live move may cost the server at most twice the move-shaped relay's move."""


def print_cpu_table(live: Phase, shaped: Phase) -> None:
    """Server CPU per move, per process kind, live beside the move-shaped relay, and the ratio of
    the server totals (the bench's own clients shown but not counted: they are not the server)."""
    a = cpu_ms_per_unit(live, live.done_in_window)
    b = cpu_ms_per_unit(shaped, shaped.done_in_window)
    if not a or not b:
        print("    server CPU per move: n/a")
        return
    kinds = sorted(set(a) | set(b), key=lambda k: (k == "bench clients", -a.get(k, 0.0)))
    print("    server CPU per move (ms)   live   move-shaped relay")
    for kind in kinds:
        note = "  (not counted)" if kind == "bench clients" else ""
        print(f"      {kind:<22} {a.get(kind, 0.0):6.2f}  {b.get(kind, 0.0):6.2f}{note}")
    server_a = sum(v for k, v in a.items() if k != "bench clients")
    server_b = sum(v for k, v in b.items() if k != "bench clients")
    ratio = server_a / server_b if server_b else float("nan")
    verdict = "met" if ratio <= SERVER_CPU_TARGET else "NOT met"
    print(f"      {'server in all':<22} {server_a:6.2f}  {server_b:6.2f}")
    print(
        f"    server CPU per move, live / move-shaped relay = {ratio:.2f}x  "
        f"(target <= {SERVER_CPU_TARGET:g}x: {verdict})"
    )


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(q / 100 * len(ordered) + 0.5)) - 1))]


def fmt_ms(values: list[float]) -> str:
    if not values:
        return "no samples"
    return (
        f"p50 {pct(values, 50):7.1f} ms  p99 {pct(values, 99):7.1f} ms  "
        f"max {max(values):7.1f} ms  (n={len(values)})"
    )


# --- setup inside the stack --------------------------------------------------------------------

USERS = """
import json
from accounts.models import User
for name in ({a!r}, {b!r}):
    User.objects.create_user(username=name, password="pw-" + name + "-123")
print(json.dumps(1))
"""

MAKE_MATCHES = """
import json
from accounts.models import User
from games.core import TimeControl
from live.services import SeatSpec, match_start
a = User.objects.get(username={a!r})
b = User.objects.get(username={b!r})
out = []
for i in range({count}):
    m = match_start(game_slug="spectacular_bid", seats=[SeatSpec(user_id=a.pk),
                    SeatSpec(user_id=b.pk)], seed={seed} + i,
                    time_control=TimeControl(bank_ms=3_600_000, delay_ms=60_000))
    out.append(m.pk)
print(json.dumps(out))
"""

MOVE_LOGS = """
import json
from collections import Counter
from live.models import Match, Move
ids = json.loads({ids!r})
logs = {{}}
for mid, seq, seat, kind, cid in (Move.objects.filter(match_id__in=ids)
        .order_by("match_id", "seq").values_list("match_id", "seq", "seat", "kind", "command_id")):
    logs.setdefault(str(mid), []).append([seq, seat, kind, cid])
ends = Counter(Match.objects.filter(pk__in=ids).values_list("status", "end_reason"))
print(json.dumps({{"logs": logs, "ends": [[s, r, n] for (s, r), n in ends.items()]}}))
"""


def make_matches(stack: Stack, a: str, b: str, count: int, seed: int) -> list[int]:
    return stack.django(MAKE_MATCHES.format(a=a, b=b, count=count, seed=seed), timeout=1800)  # type: ignore[return-value]


# --- the scripted players ----------------------------------------------------------------------


@dataclass
class Phase:
    name: str
    interval: float | None  # seconds between one client's sends; None: as fast as it can
    measure_from: float = 0.0
    measure_to: float = 0.0
    stop: bool = False
    rtts: list[float] = field(default_factory=list)
    done_in_window: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    acked: dict[tuple[int, int], list[tuple[str, int]]] = field(default_factory=dict)
    unanswered: int = 0
    ramp: float = 0.0  # seconds over which the clients connect at the start
    clients: int = 1
    connect_failures: int = 0
    gave_up: int = 0
    dropped: int = 0
    matches_used: list[int] = field(default_factory=list)
    pool_empty: int = 0
    state_bytes: int = 0  # the size of all the state frames the clients received, and their number
    states: int = 0
    rss_before: float = 0.0  # the daphnes' RSS (MiB) before the clients connect
    rss_window: float = 0.0  # ... and at the end of the measured window
    cpu_before: dict[str, float] = field(default_factory=dict)
    cpu_after: dict[str, float] = field(default_factory=dict)
    reconnects: int = 0  # sockets opened again after the server dropped them (the fault phase)
    reconnect: bool = False  # whether a dropped socket is opened again (the fault phase)
    last_ack_at: dict[int, float] = field(default_factory=dict)  # per match
    current: dict[int, int] = field(default_factory=dict)  # each pair's match at the moment
    current_since: dict[int, float] = field(default_factory=dict)  # ... and since when

    def mean_state_bytes(self) -> int:
        return self.state_bytes // max(1, self.states)

    def in_window(self, t: float) -> bool:
        return self.measure_from <= t < self.measure_to


def next_gap(interval: float | None, rng: random.Random) -> float:
    return 0.0 if interval is None else interval * rng.uniform(0.8, 1.2)


async def seat_client(
    ws_url: str,
    origin: str,
    sessionid: str,
    match_id: int,
    seat: int,
    phase: Phase,
    rng: random.Random,
    pace: dict[str, Any],
) -> None:
    acked = phase.acked.setdefault((match_id, seat), [])
    while True:
        ws = await open_ws(
            f"{ws_url}/ws/match/{match_id}/", origin, phase, {"Cookie": f"sessionid={sessionid}"}
        )
        if ws is None:
            return
        try:
            await _play(ws, match_id, seat, phase, rng, pace, acked)
            return
        except ConnectionClosed:
            phase.dropped += 1
            if not phase.reconnect or phase.stop:
                return
            phase.reconnects += 1  # the fault phase: open it again, the snapshot resyncs
        finally:
            await ws.close()


async def open_ws(
    url: str, origin: str, phase: Phase, headers: dict[str, str] | None = None
) -> ClientConnection | None:
    """Connect, retrying: under load daphne drops a handshake the consumer does not accept within
    its connect timeout (5 s).  Every failed attempt is counted and printed."""
    for attempt in range(8):
        if phase.stop:
            return None
        try:
            return await connect(
                url, origin=origin, additional_headers=headers, max_size=2**22, open_timeout=15
            )
        except (OSError, TimeoutError, InvalidHandshake):
            phase.connect_failures += 1
            await asyncio.sleep(0.5 * (attempt + 1))
    phase.gave_up += 1
    return None


async def _play(
    ws: ClientConnection,
    match_id: int,
    seat: int,
    phase: Phase,
    rng: random.Random,
    pace: dict[str, Any],
    acked: list[tuple[str, int]],
) -> None:
    latest = -1
    latest_at = 0.0
    legal: list[Any] = []
    running = True
    pending: dict[str, Any] | None = None
    give_up_at = None
    while True:
        now = time.perf_counter()
        wait: float | None = None
        if pending is None:
            if phase.stop or not running:
                return
            if legal:
                if pace["due"] is None:
                    pace["due"] = pace["last"] + next_gap(phase.interval, rng)
                if pace["due"] <= now:
                    pace["due"] = None
                    pace["last"] = now
                    command_id = uuid.uuid4().hex
                    pending = {
                        "id": command_id,
                        "seen": latest,
                        "sent": now,
                        "ack": None,
                        "state_at": None,
                    }
                    action = rng.choice(legal)
                    command: dict[str, Any] = {
                        "type": "action",
                        "command_id": command_id,
                        "seat": seat,
                        "seq": latest,
                        "action": action,
                    }
                    if action.get("kind") == "ready":
                        # both seats get ready at once: no seq, or one of them is stale
                        del command["seq"]
                    await ws.send(json.dumps(command))
                    continue
                wait = pace["due"] - now
        elif phase.stop:
            if give_up_at is None:
                give_up_at = now + 20
            wait = max(0.0, give_up_at - now)
            if wait == 0.0:
                phase.unanswered += 1
                return
        try:
            raw = await asyncio.wait_for(ws.recv(), timeout=wait if wait is not None else 30)
        except TimeoutError:
            if pending is not None and not phase.stop and now - pending["sent"] > 60:
                phase.unanswered += 1
                return
            continue
        arrived = time.perf_counter()
        message = json.loads(raw)
        kind = message.get("type")
        if kind == "state":
            phase.state_bytes += len(raw)
            phase.states += 1
        if kind == "state" and message.get("seat") == seat:
            if message["seq"] > latest:
                latest, latest_at = message["seq"], arrived
                legal = message["legal"]
                running = message["match"]["status"] == "running"
            if (
                pending is not None
                and pending["ack"] is not None
                and pending["state_at"] is None
                and message["seq"] >= pending["ack"]
            ):
                pending["state_at"] = arrived
        elif kind == "ack" and pending is not None and message["command_id"] == pending["id"]:
            pending["ack"] = message["seq"]
            acked.append((pending["id"], message["seq"]))
            phase.last_ack_at[match_id] = arrived
            if latest >= message["seq"]:  # the view came first (not expected)
                pending["state_at"] = latest_at
        elif kind == "error":
            code = message.get("code", "?")
            phase.errors[code] = phase.errors.get(code, 0) + 1
            if pending is not None and message.get("command_id") == pending["id"]:
                pending = None
            await ws.send(json.dumps({"type": "resync"}))
            continue
        if pending is not None and pending["ack"] is not None and pending["state_at"]:
            if phase.in_window(pending["sent"]):
                phase.rtts.append((pending["state_at"] - pending["sent"]) * 1000)
            if phase.in_window(pending["state_at"]):
                phase.done_in_window += 1
            pending = None


async def pair_loop(
    ws_urls: list[str],
    origin: str,
    sessions: tuple[str, str],
    pool: list[int],
    phase: Phase,
    index: int,
) -> None:
    rng = random.Random(index)
    ws_url = ws_urls[index % len(ws_urls)]
    await asyncio.sleep(phase.ramp * index / max(1, phase.clients))
    clocks = [{"last": time.perf_counter() - rng.random(), "due": None} for _ in (0, 1)]
    while not phase.stop:
        if not pool:
            phase.pool_empty += 1
            return
        match_id = pool.pop()
        phase.matches_used.append(match_id)
        phase.current[index] = match_id
        phase.current_since[index] = time.perf_counter()
        await asyncio.gather(
            *(
                seat_client(ws_url, origin, sessions[s], match_id, s, phase, rng, clocks[s])
                for s in (0, 1)
            )
        )


async def run_phase(
    phase: Phase,
    clients: int,
    warmup: float,
    measure: float,
    client: Callable[[int], Coroutine[Any, Any, None]],
) -> float:
    """Start ``client(i)`` for every i below ``clients``, stop them after warm-up and measuring,
    and return what was done per second inside the window."""
    start = time.perf_counter()
    phase.measure_from = start + warmup
    phase.measure_to = start + warmup + measure
    phase.clients = clients
    if RSS_SAMPLER is not None:
        phase.rss_before = RSS_SAMPLER()
    tasks = [asyncio.create_task(client(i)) for i in range(clients)]
    await asyncio.sleep(warmup)
    if CPU_SAMPLER is not None:
        phase.cpu_before = CPU_SAMPLER()
    if PROFILER is not None and phase.name.startswith("live"):
        PROFILER(phase.name, measure)
    await asyncio.sleep(measure)
    if CPU_SAMPLER is not None:
        phase.cpu_after = CPU_SAMPLER()
    if RSS_SAMPLER is not None:
        phase.rss_window = RSS_SAMPLER()
    phase.stop = True
    await asyncio.gather(*tasks)
    return phase.done_in_window / measure


async def run_live(
    ws_urls: list[str],
    origin: str,
    sessions: tuple[str, str],
    pool: list[int],
    pairs: int,
    phase: Phase,
    warmup: float,
    measure: float,
) -> float:
    return await run_phase(
        phase,
        pairs,
        warmup,
        measure,
        lambda i: pair_loop(ws_urls, origin, sessions, pool, phase, i),
    )


# --- the relay ---------------------------------------------------------------------------------


async def relay_client(
    ws_url: str, origin: str, index: int, phase: Phase, frame_bytes: int
) -> None:
    rng = random.Random(10_000 + index)
    name = f"c{index}-{uuid.uuid4().hex[:8]}"
    await asyncio.sleep(phase.ramp * index / max(1, phase.clients))
    ws = await open_ws(f"{ws_url}/ws/bench/relay/{name}/", origin, phase)
    if ws is None:
        return
    try:
        await _relay(ws, name, phase, rng, frame_bytes)
    except ConnectionClosed:
        phase.dropped += 1
    finally:
        await ws.close()


async def _relay(
    ws: ClientConnection, name: str, phase: Phase, rng: random.Random, frame_bytes: int
) -> None:
    last = time.perf_counter() - rng.random() * (phase.interval or 0)
    n = 0
    while not phase.stop:
        gap = next_gap(phase.interval, rng)
        delay = last + gap - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        if phase.stop:
            break
        n += 1
        command_id = f"{name}-{n}"
        body = {
            "type": "action",
            "command_id": command_id,
            "seat": 0,
            "seq": n,
            "action": {"kind": "place", "tile": [6, 5], "end": "W"},
            "pad": "",
        }
        body["pad"] = "x" * max(0, frame_bytes - len(json.dumps(body)))
        sent = last = time.perf_counter()
        await ws.send(json.dumps(body))
        while True:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=30)
            except TimeoutError:
                phase.unanswered += 1
                return
            if json.loads(raw).get("command_id") == command_id:
                break
        got = time.perf_counter()
        if phase.in_window(sent):
            phase.rtts.append((got - sent) * 1000)
        if phase.in_window(got):
            phase.done_in_window += 1


async def run_relay(
    ws_urls: list[str],
    origin: str,
    clients: int,
    phase: Phase,
    warmup: float,
    measure: float,
    frame_bytes: int,
    *,
    move_shaped: bool = False,
) -> float:
    """``clients`` bare relay clients, or with ``move_shaped`` that many pairs of the
    move-shaped relay."""
    client = move_relay_pair if move_shaped else relay_client
    return await run_phase(
        phase,
        clients,
        warmup,
        measure,
        lambda i: client(ws_urls[i % len(ws_urls)], origin, i, phase, frame_bytes),
    )


# --- the move-shaped relay ----------------------------------------------------------------------


async def move_relay_pair(
    ws_url: str, origin: str, index: int, phase: Phase, frame_bytes: int
) -> None:
    """Two clients taking turns, as the two seats of a match do: one sends, and when its partner
    has received that move's frame, the partner is next."""
    rng = random.Random(20_000 + index)
    names = [f"m{index}-{s}-{uuid.uuid4().hex[:8]}" for s in (0, 1)]
    await asyncio.sleep(phase.ramp * index / max(1, phase.clients))
    sockets = []
    for s in (0, 1):
        ws = await open_ws(
            f"{ws_url}/ws/bench/move-relay/{names[s]}/{names[1 - s]}/", origin, phase
        )
        if ws is None:
            return
        sockets.append(ws)
    turn = [asyncio.Event(), asyncio.Event()]
    turn[0].set()
    try:
        await asyncio.gather(
            *(
                _move_relay_seat(sockets[s], names[s], phase, rng, frame_bytes, turn[s])
                for s in (0, 1)
            )
        )
    except ConnectionClosed:
        phase.dropped += 1
    finally:
        for ws in sockets:
            await ws.close()


async def _move_relay_seat(
    ws: ClientConnection,
    name: str,
    phase: Phase,
    rng: random.Random,
    frame_bytes: int,
    mine: asyncio.Event,
) -> None:
    last = time.perf_counter() - rng.random() * (phase.interval or 0)
    n = 0
    pending: dict[str, Any] | None = None
    while True:
        if pending is None:
            if phase.stop:
                return
            if not mine.is_set():
                await _receive_turn(ws, phase, mine)
                continue
            delay = last + next_gap(phase.interval, rng) - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            n += 1
            pending = {"id": f"{name}-{n}", "ack": False, "state_at": None}
            mine.clear()
            command = {"type": "action", "command_id": pending["id"], "size": frame_bytes}
            pending["sent"] = last = time.perf_counter()
            await ws.send(json.dumps(command))
        try:
            raw = await asyncio.wait_for(ws.recv(), timeout=30)
        except TimeoutError:
            phase.unanswered += 1
            return
        arrived = time.perf_counter()
        message = json.loads(raw)
        if message.get("type") == "ack" and message["command_id"] == pending["id"]:
            pending["ack"] = True
        elif message.get("type") == "state":
            if message["command_id"] == pending["id"]:
                pending["state_at"] = arrived
            else:  # the partner's move, come before this one's own frame: not expected
                mine.set()
        if pending["ack"] and pending["state_at"]:
            if phase.in_window(pending["sent"]):
                phase.rtts.append((pending["state_at"] - pending["sent"]) * 1000)
            if phase.in_window(pending["state_at"]):
                phase.done_in_window += 1
            pending = None


async def _receive_turn(ws: ClientConnection, phase: Phase, mine: asyncio.Event) -> None:
    """Wait for the partner's move: its frame reaching this client makes it this client's turn."""
    try:
        raw = await asyncio.wait_for(ws.recv(), timeout=1.0)
    except TimeoutError:
        return
    json.loads(raw)  # read as a seat reads the partner's state
    mine.set()


# --- the move-log check ------------------------------------------------------------------------


def check_logs(stack: Stack, phase: Phase) -> dict[str, Any]:
    ids = sorted(set(phase.matches_used))
    data = stack.django(MOVE_LOGS.format(ids=json.dumps(ids)), timeout=600)
    logs: dict[str, list[list[Any]]] = data["logs"]  # type: ignore[index]
    gaps = lost = duplicated = reordered = seq_mismatch = unacked_applied = ended = 0
    for mid in ids:
        log = logs.get(str(mid), [])
        if [row[0] for row in log] != list(range(1, len(log) + 1)):
            gaps += 1
        for seat in (0, 1):
            mine = [
                (row[3], row[0]) for row in log if row[1] == seat and row[3] not in ("", "r0", "r1")
            ]
            acked = phase.acked.get((mid, seat), [])
            logged_ids = [cid for cid, _ in mine]
            acked_ids = [cid for cid, _ in acked]
            counts: dict[str, int] = {}
            for cid in logged_ids:
                counts[cid] = counts.get(cid, 0) + 1
            duplicated += sum(1 for cid in acked_ids if counts.get(cid, 0) > 1)
            duplicated += len(acked_ids) - len(set(acked_ids))
            by_seq = {row[0]: row for row in log}
            for cid, seq in acked:
                if cid in counts:
                    continue
                if by_seq.get(seq, [None, None, "action"])[2] != "action":
                    ended += 1  # acknowledged, but the match ended (time / unreliable time)
                else:
                    lost += 1
            unacked_applied += sum(1 for cid in logged_ids if cid not in set(acked_ids))
            present = [cid for cid in logged_ids if cid in set(acked_ids)]
            if present != [cid for cid in acked_ids if cid in counts]:
                reordered += 1
            logged_seq = dict(mine)
            seq_mismatch += sum(
                1 for cid, seq in acked if cid in logged_seq and logged_seq[cid] != seq
            )
    return {
        "matches": len(ids),
        "acked": sum(len(v) for v in phase.acked.values()),
        "lost": lost,
        "ended_instead": ended,
        "duplicated": duplicated,
        "reordered_clients": reordered,
        "ack_seq_mismatch": seq_mismatch,
        "applied_but_unacked": unacked_applied,
        "matches_with_seq_gaps": gaps,
        "match_ends": data["ends"],  # type: ignore[index]
    }


def print_check(check: dict[str, Any]) -> None:
    ends = ", ".join(f"{s}/{r or '-'}: {n}" for s, r, n in sorted(check["match_ends"]))
    print(
        f"    move logs: {check['matches']} matches, {check['acked']} acknowledged commands; "
        f"lost {check['lost']}, duplicated {check['duplicated']}, reordered "
        f"{check['reordered_clients']} clients, ack/log seq mismatches {check['ack_seq_mismatch']},"
        f" applied-but-unacknowledged {check['applied_but_unacked']}, matches with seq gaps "
        f"{check['matches_with_seq_gaps']}"
    )
    if check["ended_instead"]:
        print(
            f"    acknowledged commands that were not applied because the match ended instead "
            f"(an abort or time-loss move holds the acknowledged seq): {check['ended_instead']}"
        )
    print(f"    match states afterwards: {ends}")


# --- main --------------------------------------------------------------------------------------


@dataclass
class Run:
    """What both phases share: the stack, its clients' sessions and the timing."""

    stack: Stack
    ws_urls: list[str]
    origin: str
    sessions: tuple[str, str]
    pairs: int
    ramp: float
    warmup: float
    relay_ramp: float
    relay_warmup: float
    measure: float
    frame_bytes: int

    @property
    def clients(self) -> int:
        return 2 * self.pairs


async def _idle_sockets(
    ws_urls: list[str], origin: str, count: int, hold: float, rss: Callable[[], float]
) -> tuple[int, float]:
    """Open ``count`` sockets of the bare relay (in batches of 50, spread over the daphnes),
    keep them open ``hold`` seconds without a frame, close them; returns how many opened and
    ``rss()`` read while they were open."""
    phase = Phase("idle sockets", interval=None)
    opened: list[ClientConnection] = []
    for start in range(0, count, 50):
        batch = await asyncio.gather(
            *(
                open_ws(
                    f"{ws_urls[i % len(ws_urls)]}/ws/bench/relay/idle{i}-{uuid.uuid4().hex[:6]}/",
                    origin,
                    phase,
                )
                for i in range(start, min(count, start + 50))
            )
        )
        opened += [ws for ws in batch if ws is not None]
    await asyncio.sleep(hold)
    held = rss()
    await asyncio.gather(*(ws.close() for ws in opened))
    return len(opened), held


def memory_probe(run: Run, count: int) -> None:
    """Daphne's memory per connected client: ``count`` idle sockets on a fresh stack, before
    any phase (Python keeps freed memory for reuse, so a probe after the phases would read low)."""
    if RSS_SAMPLER is None or count <= 0:
        return
    before = RSS_SAMPLER()
    opened, held = asyncio.run(
        _idle_sockets(run.ws_urls, run.origin, count, hold=3.0, rss=RSS_SAMPLER)
    )
    print(
        f"\n(m) daphne memory (RSS, all daphnes): {before:.0f} MiB idle, {held:.0f} MiB with "
        f"{opened} idle sockets open: {(held - before) / max(1, opened) * 1000:.0f} MiB "
        "per 1,000 connected clients"
    )


def paced(run: Run, pool_rate: list[int]) -> None:
    """(a) each side about once a second; then the relays at the same message rate."""
    stack, ws_urls, origin, sess = run.stack, run.ws_urls, run.origin, run.sessions
    pairs, clients, measure = run.pairs, run.clients, run.measure
    ramp, warmup = run.ramp, run.warmup
    relay_ramp, relay_warmup, frame_bytes = run.relay_ramp, run.relay_warmup, run.frame_bytes
    live_a = Phase("live paced", interval=1.0, ramp=ramp)
    rate_a = asyncio.run(run_live(ws_urls, origin, sess, pool_rate, pairs, live_a, warmup, measure))
    load_a = load()
    check_a = check_logs(stack, live_a)
    relay_interval = clients / rate_a if rate_a > 0 else 1.0
    relay_a = Phase("relay at the live rate", interval=relay_interval, ramp=relay_ramp)
    relay_rate_a = asyncio.run(
        run_relay(ws_urls, origin, clients, relay_a, relay_warmup, measure, frame_bytes)
    )
    relay_n = Phase("relay at the nominal rate", interval=1.0, ramp=relay_ramp)
    relay_rate_n = asyncio.run(
        run_relay(ws_urls, origin, clients, relay_n, relay_warmup, measure, frame_bytes)
    )
    state_bytes = live_a.mean_state_bytes()
    shaped_a = Phase("move-shaped relay, paced", interval=1.0, ramp=relay_ramp)
    shaped_rate_a = asyncio.run(
        run_relay(
            ws_urls,
            origin,
            pairs,
            shaped_a,
            relay_warmup,
            measure,
            state_bytes,
            move_shaped=True,
        )
    )
    print(
        f"\n(a) {pairs} matches, each side moving about once a second (clients connect "
        f"over {ramp:.0f} s, then {warmup - ramp:.0f} s of warm-up)"
    )
    print(f"    live move round trip   {fmt_ms(live_a.rtts)}   {rate_a:6.1f} moves/s")
    print(
        f"    bare relay round trip  {fmt_ms(relay_a.rtts)}   {relay_rate_a:6.1f} msg/s "
        f"(the live rate: {clients} clients, one {frame_bytes}-byte frame every "
        f"{relay_interval:.2f} s each)"
    )
    print(
        f"    bare relay round trip  {fmt_ms(relay_n.rtts)}   {relay_rate_n:6.1f} msg/s "
        f"(the nominal rate: {clients} clients, one frame about every 1.00 s each)"
    )
    print(
        f"    move-shaped relay      {fmt_ms(shaped_a.rtts)}   {shaped_rate_a:6.1f} moves/s"
        f" "
        f"({pairs} pairs taking turns, each side about once a second; ack + three "
        f"{state_bytes}-byte frames a move, no database, no engine)"
    )
    for q in (50, 99):
        ratio = pct(live_a.rtts, q) / pct(shaped_a.rtts, q)
        print(
            f"    p{q} live / move-shaped relay = {ratio:.2f}x  (target <= {LATENCY_TARGET:g}x: "
            f"{'met' if ratio <= LATENCY_TARGET else 'NOT met'})"
        )
    for label, relay in (("the live rate", relay_a), ("the nominal rate", relay_n)):
        ratio = pct(live_a.rtts, 99) / pct(relay.rtts, 99)
        print(f"    p99 live / bare relay at {label} = {ratio:.2f}x")
    print_cpu_table(live_a, shaped_a)
    shaped_ratio = pct(shaped_a.rtts, 99) / pct(relay_n.rtts, 99)
    print(
        f"    p99 move-shaped relay / relay at the nominal rate = {shaped_ratio:.2f}x "
        "(what a move's messages alone cost)"
    )
    print(
        f"    client errors: {live_a.errors or 'none'}; unanswered live "
        f"{live_a.unanswered}, relay {relay_a.unanswered + relay_n.unanswered}; pairs that "
        f"ran out of matches {live_a.pool_empty}"
    )
    print(
        "    connections (failed attempts / given up / dropped): live "
        f"{live_a.connect_failures}/{live_a.gave_up}/{live_a.dropped}, relay "
        f"{relay_a.connect_failures + relay_n.connect_failures}/"
        f"{relay_a.gave_up + relay_n.gave_up}/{relay_a.dropped + relay_n.dropped}; "
        f"move-shaped relay unanswered {shaped_a.unanswered}, connections "
        f"{shaped_a.connect_failures}/{shaped_a.gave_up}/{shaped_a.dropped}"
    )
    print(f"    during the live phase: {load_a}")
    grown = live_a.rss_window - live_a.rss_before
    print(
        f"    daphne memory (RSS, all daphnes): {live_a.rss_before:.0f} MiB before the matches' "
        f"clients connected, {live_a.rss_window:.0f} MiB with them playing: "
        f"{grown / pairs * 1000:.0f} MiB per 1,000 running matches (their two seat sockets each "
        "included)"
    )
    print_check(check_a)


def saturated(run: Run, pool_sat: list[int]) -> None:
    """(b) everyone acts as soon as it may; the relays closed-loop, the same clients."""
    stack, ws_urls, origin, sess = run.stack, run.ws_urls, run.origin, run.sessions
    pairs, clients, measure = run.pairs, run.clients, run.measure
    ramp, warmup = run.ramp, run.warmup
    relay_ramp, relay_warmup, frame_bytes = run.relay_ramp, run.relay_warmup, run.frame_bytes
    live_b = Phase("live saturated", interval=None, ramp=ramp)
    rate_b = asyncio.run(run_live(ws_urls, origin, sess, pool_sat, pairs, live_b, warmup, measure))
    load_b = load()
    check_b = check_logs(stack, live_b)
    relay_b = Phase("relay saturated", interval=None, ramp=relay_ramp)
    relay_rate_b = asyncio.run(
        run_relay(ws_urls, origin, clients, relay_b, relay_warmup, measure, frame_bytes)
    )
    state_bytes = live_b.mean_state_bytes()
    shaped_b = Phase("move-shaped relay, saturated", interval=None, ramp=relay_ramp)
    shaped_rate_b = asyncio.run(
        run_relay(
            ws_urls,
            origin,
            pairs,
            shaped_b,
            relay_warmup,
            measure,
            state_bytes,
            move_shaped=True,
        )
    )
    print(f"\n(b) saturation, {pairs} matches ({clients} clients) acting as fast as they can")
    print(f"    live   {rate_b:7.1f} moves/s   round trip {fmt_ms(live_b.rtts)}")
    print(f"    relay  {relay_rate_b:7.1f} msg/s     round trip {fmt_ms(relay_b.rtts)}")
    share = rate_b / shaped_rate_b if shaped_rate_b else float("nan")
    print(
        f"    live / move-shaped relay = {100 * share:.0f} %  (target >= 60 %: "
        f"{'met' if share >= 0.6 else 'NOT met'}); live / bare relay = "
        f"{100 * rate_b / relay_rate_b:.0f} %"
    )
    print_cpu_table(live_b, shaped_b)
    print(
        f"    move-shaped relay {shaped_rate_b:7.1f} moves/s   round trip "
        f"{fmt_ms(shaped_b.rtts)}   = {100 * shaped_rate_b / relay_rate_b:.0f} % of the "
        f"relay: the ceiling of a move that costs only its messages (ack + three "
        f"{state_bytes}-byte frames, no database, no engine)"
    )
    print(
        f"    client errors: {live_b.errors or 'none'}; unanswered live "
        f"{live_b.unanswered}, relay {relay_b.unanswered}; pairs that ran out of matches "
        f"{live_b.pool_empty}"
    )
    print(
        "    connections (failed attempts / given up / dropped): live "
        f"{live_b.connect_failures}/{live_b.gave_up}/{live_b.dropped}, relay "
        f"{relay_b.connect_failures}/{relay_b.gave_up}/{relay_b.dropped}; "
        f"move-shaped relay unanswered {shaped_b.unanswered}, connections "
        f"{shaped_b.connect_failures}/{shaped_b.gave_up}/{shaped_b.dropped}"
    )
    print(f"    during the live phase: {load_b}")
    print_check(check_b)


def fault(run: Run, pool: list[int]) -> None:
    """(c) paced as in (a), with one of the daphnes killed (kill -9) a third into the measured
    window and started again on its port: its clients reconnect and resync; afterwards every
    acknowledged move must be in the logs, and every match must have moved on after the restart."""
    stack = run.stack
    phase = Phase("live, a daphne killed", interval=1.0, ramp=run.ramp)
    phase.reconnect = True
    name = "web2" if "web2" in stack.procs else "web"
    restarted: list[float] = []

    # At least 20 s after the kill: a daphne takes seconds to start on a loaded machine, and its
    # clients come back with the backoff of ``open_ws``.
    measure = max(run.measure, 30.0)

    async def kill_and_restart() -> None:
        await asyncio.sleep(run.warmup + measure / 3)
        command = [str(a) for a in stack.procs[name].args]  # type: ignore[union-attr]
        stack.kill(name)
        await asyncio.sleep(1.0)
        stack.start(name, command)
        port = int(command[command.index("-p") + 1])
        while not reachable(port):
            await asyncio.sleep(0.1)
        restarted.append(time.perf_counter())

    async def both() -> float:
        killer = asyncio.create_task(kill_and_restart())
        rate = await run_live(
            run.ws_urls, run.origin, run.sessions, pool, run.pairs, phase, run.warmup, measure
        )
        await killer
        return rate

    rate = asyncio.run(both())
    check = check_logs(stack, phase)
    since = restarted[0] if restarted else float("inf")
    running = [m for m in set(phase.matches_used) if phase.last_ack_at.get(m, 0.0) >= since]
    stuck = [  # a pair's match at the end, begun before the restart, with no move since
        m
        for i, m in phase.current.items()
        if phase.current_since[i] < since and phase.last_ack_at.get(m, 0.0) < since
    ]
    print(
        f"\n(c) faults: {run.pairs} matches paced as in (a); {name} (one of the daphnes) killed "
        f"with SIGKILL {measure / 3:.0f} s into the {measure:.0f} s window and started again "
        f"(up {restarted[0] - phase.measure_from - measure / 3:.1f} s after the kill)"
        if restarted
        else f"\n(c) faults: {name} was not restarted within the phase"
    )
    print(f"    live move round trip   {fmt_ms(phase.rtts)}   {rate:6.1f} moves/s")
    print(
        f"    sockets dropped {phase.dropped}, opened again {phase.reconnects}; "
        f"connections (failed attempts / given up) {phase.connect_failures}/{phase.gave_up}"
    )
    print(
        f"    matches that moved after the restart: {len(running)}; left stuck (open, no move "
        f"acknowledged after the restart): {len(stuck)}"
    )
    print_check(check)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smoke run: 20 matches, short phases")
    parser.add_argument("--matches", type=int, default=None, help="concurrent matches (200)")
    parser.add_argument("--measure", type=float, default=None, help="seconds measured per phase")
    parser.add_argument(
        "--daphnes",
        type=int,
        default=2,
        help="daphne processes, clients split across them (2, as k8s/20-web.yaml's replicas)",
    )
    parser.add_argument(
        "--phases",
        default="mabc",
        help="phases to run: m (memory per idle socket), a (paced), b (saturation), c (a "
        "daphne killed); default mabc",
    )
    parser.add_argument(
        "--idle-clients", type=int, default=None, help="sockets of the memory probe (1000)"
    )
    parser.add_argument(
        "--py-spy",
        type=Path,
        default=None,
        metavar="DIR",
        help="profile the first daphne through each live phase's window into DIR (needs py-spy)",
    )
    args = parser.parse_args()
    pairs = args.matches or (20 if args.quick else 200)
    if args.idle_clients is None:
        args.idle_clients = 100 if args.quick else 1000
    measure = args.measure or (8.0 if args.quick else 30.0)
    # Connections open over `ramp` seconds (a connect costs daphne's one database thread a few
    # queries; all at once, daphne drops the handshakes it cannot accept within 5 s).
    ramp = round(min(60.0, 0.3 * pairs), 1)
    warmup = ramp + (3.0 if args.quick else 10.0)
    relay_ramp = min(ramp, 5.0)  # a relay connection costs no database work
    relay_warmup = relay_ramp + (3.0 if args.quick else 10.0)
    pool_a = pairs * 3
    pool_b = pairs * 5  # at saturation matches end quickly: no pair may run dry
    frame_bytes = 160
    print(
        f"live bench: {pairs} concurrent Spectacular Bid matches (2 clients each), "
        f"{args.daphnes} daphne process(es), PostgreSQL + Redis, the Procfile's clock and ai "
        f"workers + sweeper; warm-up {warmup:.0f} s, measured {measure:.0f} s per phase"
    )
    t0 = time.monotonic()
    stack, db_name, ports = start_stack(
        "live-bench", redis_db=12, extra_env={"LIVE_BENCH_RELAY": "1"}, daphnes=args.daphnes
    )
    global CPU_SAMPLER, RSS_SAMPLER
    CPU_SAMPLER = lambda: cpu_by_kind(stack, db_name)  # noqa: E731
    RSS_SAMPLER = lambda: daphne_rss_mb(stack)  # noqa: E731
    if args.py_spy is not None:
        global PROFILER
        PROFILER = py_spy_recorder(stack, args.py_spy)
    try:
        a, b = f"bench-a-{uuid.uuid4().hex[:6]}", f"bench-b-{uuid.uuid4().hex[:6]}"
        stack.django(USERS.format(a=a, b=b))
        sessions = []
        for name in (a, b):
            http = Http(stack.base_url)
            http.login(name, f"pw-{name}-123")
            sid = http.cookie("sessionid")
            assert sid, "login gave no session cookie"
            sessions.append(sid)
        t1 = time.monotonic()
        pool_rate = make_matches(stack, a, b, pool_a, seed=1)
        pool_sat = make_matches(stack, a, b, pool_b, seed=100_000)
        pool_fault = make_matches(stack, a, b, pool_a, seed=200_000) if "c" in args.phases else []
        print(
            f"setup: stack {t1 - t0:.1f} s, {pool_a + pool_b + len(pool_fault)} matches created in "
            f"{time.monotonic() - t1:.1f} s (one Django shell call per pool)"
        )
        ws_urls = [f"ws://127.0.0.1:{p}" for p in ports]
        origin = stack.base_url
        sess = (sessions[0], sessions[1])

        run = Run(
            stack,
            ws_urls,
            origin,
            sess,
            pairs,
            ramp,
            warmup,
            relay_ramp,
            relay_warmup,
            measure,
            frame_bytes,
        )
        if "m" in args.phases:
            memory_probe(run, args.idle_clients)
        if "a" in args.phases:
            paced(run, pool_rate)
        if "b" in args.phases:
            saturated(run, pool_sat)
        if "c" in args.phases:
            fault(run, pool_fault)
        print(f"\ntotal {time.monotonic() - t0:.0f} s; {load()}")
    finally:
        stop_stack(stack, db_name)


if __name__ == "__main__":
    main()
