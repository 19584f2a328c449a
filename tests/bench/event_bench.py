"""Round turnover of a Swiss tournament on real processes (issue #33 §1): daphne(s), the Procfile's
clock and ai workers, the clock sweeper, PostgreSQL and Redis, production settings (the shape of
tests/bench/live_bench.py's stack, whose helpers it reuses).

A Swiss of ``--players`` N people in one two-seat game (Spectacular Bid), ``--rounds`` rounds,
no round break.  A connected sample of scripted clients (``--sample``, all N when N is smaller)
holds one ``/ws/notify/`` socket each, logged in by a session made for it (a log-in through the
API costs ~0.8 s of PBKDF2 per person, which measures nothing here).  Every round's results are
entered back to back through ``live.services.match_resign`` (the service a client's resign
command calls) by one Django shell process of the stack; the last one's commit time is the start
of the turnover.  From it, per round:

(i)   the next round's pairing committed (its ``Round`` row visible to another connection),
(ii)  every match of it started (every table's pairing holds a running match),
(iii) each connected player's "round N: your game" notification (``kind == "tournament_round"``)
      received by its client — p50/p99/max,

polled from the bench process over its own PostgreSQL connection every 5 ms, and the CPU each
kind of server process used from the last result until the last notification arrived (or 30 s).
After the last round: no round paired twice, no match lost or started twice, every player in
exactly one match or one bye per round.

Run ``.venv/bin/python tests/bench/event_bench.py`` (N = 100, 1,000 and 10,000, about 10 minutes;
``--players 100,1000`` for fewer; ``--quick``: 100 players, 2 rounds).  Prints figures only;
asserts nothing.  Needs PostgreSQL and Redis on 127.0.0.1 (5432, 6379).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import psycopg  # noqa: E402
from live_bench import cpu_by_kind, load, pct, start_stack, stop_stack  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402
from websockets.exceptions import ConnectionClosed, InvalidHandshake  # noqa: E402

from support.stack import Stack  # noqa: E402

# --- inside the stack (one Django shell process that stays up) ---------------------------------

SETUP = """
import json
from datetime import timedelta
from importlib import import_module
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import Permission
from django.utils import timezone
from accounts.models import User
from tournaments import services
tag = {tag!r}
org = User.objects.create_user(username="org-" + tag)
org.user_permissions.add(Permission.objects.get(codename="organise_tournament"))
users = []
for i in range({players}):
    u = User(username=f"p{{i}}-" + tag)
    u.set_unusable_password()
    users.append(u)
User.objects.bulk_create(users, batch_size=1000)
users = list(User.objects.filter(username__endswith="-" + tag).exclude(pk=org.pk).order_by("pk"))
t = services.tournament_create(organiser_id=org.pk, spec=services.TournamentSpec(
    name="Event bench " + tag, game="spectacular_bid", format="swiss", rounds={rounds},
    starts_at=timezone.now() + timedelta(hours=1), max_players={players}, round_break_s=0,
    bank_ms=3_600_000, delay_ms=60_000, rated=False))
for u in users:
    services.entry_register(tournament_id=t.pk, user_id=u.pk)
store = import_module(settings.SESSION_ENGINE).SessionStore
sessions = []
for u in users[:{sample}]:
    s = store()
    s[SESSION_KEY] = str(u.pk)
    s[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[-1]  # the model backend
    s[HASH_SESSION_KEY] = u.get_session_auth_hash()
    s.create()
    sessions.append([u.pk, s.session_key])
print(json.dumps({{"tournament": t.pk, "sessions": sessions,
                  "cookie": settings.SESSION_COOKIE_NAME}}))
"""

START = """
import json
from tournaments import services
from tournaments.models import Tournament
t = Tournament.objects.get(pk={tid})
print(json.dumps(services.tournament_start(tournament_id=t.pk, now=t.starts_at)))
"""

END_ROUND = """
import json, random, time, uuid
from live.services import match_resign
from tournaments.models import Pairing, PairingStatus
rng = random.Random({seed})
rows = list(Pairing.objects.filter(tournament_id={tid}, round__number={number},
    status=PairingStatus.PLAYING, match__isnull=False).values_list("match_id", "players"))
from tournaments.models import Entry
user_of = dict(Entry.objects.filter(tournament_id={tid}).values_list("pk", "user_id"))
rng.shuffle(rows)
first = time.time()
for match_id, players in rows:
    loser = user_of[players[rng.randrange(2)]]
    match_resign(match_id=match_id, command_id=uuid.uuid4().hex, user_id=loser)
print(json.dumps({{"first": first, "last": time.time(), "results": len(rows)}}))
"""

CHECK = """
import json
from collections import Counter
from live.models import Match
from tournaments.models import Bye, Entry, Pairing, Round
tid = {tid}
entries = set(Entry.objects.filter(tournament_id=tid).values_list("pk", flat=True))
rounds = Counter(Round.objects.filter(tournament_id=tid).values_list("number", flat=True))
out = {{"rounds": len(rounds), "paired_twice": sum(1 for n in rounds.values() if n > 1),
        "bad_rounds": [], "matches": 0, "duplicated": 0, "lost": 0}}
refs = Counter()
for number in sorted(rounds):
    seen = Counter()
    for players, match_id, earlier in Pairing.objects.filter(
            tournament_id=tid, round__number=number).values_list(
            "players", "match_id", "earlier_matches"):
        seen.update(players)
        refs.update([m for m in [match_id, *earlier] if m is not None])
    seen.update(Bye.objects.filter(tournament_id=tid, round__number=number)
                .values_list("entry_id", flat=True))
    if set(seen) != entries or any(n != 1 for n in seen.values()):
        out["bad_rounds"].append(number)
made = set(Match.objects.filter(created_by__username="org-" + {tag!r})
           .values_list("pk", flat=True))
out["matches"] = len(made)
out["duplicated"] = sum(1 for n in refs.values() if n > 1)
out["lost"] = len(made ^ set(refs))
print(json.dumps(out))
"""


# --- what the bench process watches ------------------------------------------------------------


@dataclass
class Turnover:
    number: int  # the round that starts
    tables: int
    last_result: float = 0.0
    paired: float | None = None
    started: float | None = None
    notified: dict[int, float] = field(default_factory=dict)


@dataclass
class Clients:
    turnovers: dict[int, Turnover] = field(default_factory=dict)
    connected: int = 0
    failures: int = 0
    gave_up: int = 0
    other_kinds: int = 0
    closed_by_server: list[int] = field(default_factory=list)
    stop: bool = False


async def notify_client(url: str, origin: str, cookie: str, user_id: int, clients: Clients) -> None:
    """One open page's notification socket: connects (again, when the server turned it away or
    dropped it), and notes when each round's "your game" notice arrives."""
    counted = False
    for attempt in range(10):
        try:
            ws = await connect(
                url, origin=origin, additional_headers={"Cookie": cookie}, open_timeout=20
            )
        except (OSError, TimeoutError, InvalidHandshake):
            clients.failures += 1
            await asyncio.sleep(0.5 * (attempt + 1))
            continue
        if not counted:
            clients.connected += 1
            counted = True
        try:
            async for raw in ws:
                message = json.loads(raw)
                if message.get("kind") != "tournament_round":
                    clients.other_kinds += 1
                    continue
                turnover = clients.turnovers.get(int(message.get("round", 0)))
                if turnover is not None and user_id not in turnover.notified:
                    turnover.notified[user_id] = time.time()
        except ConnectionClosed:
            pass
        finally:
            await ws.close()
        if clients.stop:
            return
        clients.closed_by_server.append(ws.close_code or 0)
        await asyncio.sleep(1.0)
    if not counted:
        clients.gave_up += 1


def poll_round(dsn: str, tid: int, turnover: Turnover, until: float) -> None:
    """(i) and (ii), seen from another connection, as the players' pages would see them."""
    with psycopg.connect(dsn, autocommit=True) as conn:
        while time.time() < until:
            row = conn.execute(
                "SELECT r.id, (SELECT count(*) FROM tournaments_pairing p "
                "JOIN live_match m ON m.id = p.match_id "
                "WHERE p.round_id = r.id AND m.status = 'running') "
                "FROM tournaments_round r WHERE r.tournament_id = %s AND r.number = %s",
                (tid, turnover.number),
            ).fetchone()
            now = time.time()
            if row is not None:
                if turnover.paired is None:
                    turnover.paired = now
                if row[1] >= turnover.tables:
                    turnover.started = now
                    return
            time.sleep(0.005)


def fmt(values: list[float]) -> str:
    if not values:
        return "none received"
    return (
        f"p50 {pct(values, 50) * 1000:7.0f} ms  p99 {pct(values, 99) * 1000:7.0f} ms  "
        f"max {max(values) * 1000:7.0f} ms  (n={len(values)})"
    )


def since(t: float | None, t0: float) -> str:
    return "not seen" if t is None else f"{(t - t0) * 1000:7.0f} ms"


async def run_n(
    stack: Stack, ports: list[int], dsn: str, db_name: str, players: int, args: Any
) -> None:
    tag = uuid.uuid4().hex[:6]
    sample = min(players, args.sample)
    t_setup = time.monotonic()
    setup: Any = stack.django(
        SETUP.format(tag=tag, players=players, rounds=args.rounds, sample=sample), timeout=3600
    )
    tid = setup["tournament"]
    print(
        f"\nN = {players}: tournament {tid}, {args.rounds} rounds, {sample} connected clients "
        f"(setup {time.monotonic() - t_setup:.0f} s)"
    )
    clients = Clients()
    tasks = []
    for i, (user_id, key) in enumerate(setup["sessions"]):
        port = ports[i % len(ports)]
        tasks.append(
            asyncio.create_task(
                notify_client(
                    f"ws://127.0.0.1:{port}/ws/notify/",
                    f"http://127.0.0.1:{port}",
                    f"{setup['cookie']}={key}",
                    user_id,
                    clients,
                )
            )
        )
        if i % 20 == 19:
            await asyncio.sleep(0.4)  # a connect costs daphne's database thread a few queries
    deadline = time.monotonic() + 300
    while clients.connected + clients.gave_up < sample and time.monotonic() < deadline:
        await asyncio.sleep(0.2)
    await asyncio.sleep(1.0)
    print(
        f"  connected {clients.connected}/{sample} (failed attempts {clients.failures}, "
        f"gave up {clients.gave_up}, "
        f"closed by the server and reopened: {len(clients.closed_by_server)})"
    )
    tables = players // 2
    clients.turnovers[1] = Turnover(number=1, tables=tables)
    await asyncio.to_thread(stack.django, START.format(tid=tid))
    for number in range(2, args.rounds + 1):
        await asyncio.sleep(2.0)  # the previous round's notices and AI/clock jobs settle
        turnover = Turnover(number=number, tables=tables)
        clients.turnovers[number] = turnover
        cpu0 = cpu_by_kind(stack, db_name)
        ended: Any = await asyncio.to_thread(
            stack.django, END_ROUND.format(seed=number, tid=tid, number=number - 1), 3600
        )
        turnover.last_result = ended["last"]
        cpu1 = cpu_by_kind(stack, db_name)
        until = time.time() + args.timeout
        await asyncio.to_thread(poll_round, dsn, tid, turnover, until)
        while len(turnover.notified) < clients.connected and time.time() < until:
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.5)
        cpu2 = cpu_by_kind(stack, db_name)
        t0 = turnover.last_result
        late = [t - t0 for t in turnover.notified.values()]
        print(
            f"  round {number - 1} → {number}: {ended['results']} results entered in "
            f"{ended['last'] - ended['first']:.1f} s; from the last result: "
            f"(i) paired {since(turnover.paired, t0)}, (ii) all {tables} matches started "
            f"{since(turnover.started, t0)}"
        )
        print(f"    (iii) 'round {number}: your game' at the clients: {fmt(late)}")
        print(f"    {load()}")
        for label, a, b in (("entering results", cpu0, cpu1), ("turnover", cpu1, cpu2)):
            parts = sorted(((k, b[k] - a.get(k, 0.0)) for k in b), key=lambda kv: -kv[1])
            print(
                f"    server CPU, {label}: "
                + ", ".join(f"{k} {v:.2f} s" for k, v in parts if v >= 0.005)
            )
    if clients.closed_by_server:
        codes = sorted(set(clients.closed_by_server))
        print(
            f"  sockets closed by the server and reopened: {len(clients.closed_by_server)} {codes}"
        )
    check: Any = stack.django(CHECK.format(tid=tid, tag=tag), timeout=600)
    print(
        f"  check: {check['rounds']} rounds, paired twice {check['paired_twice']}, "
        f"{check['matches']} matches, lost {check['lost']}, duplicated {check['duplicated']}, "
        f"rounds where a player is not in exactly one match or bye: {check['bad_rounds'] or 0}"
    )
    clients.stop = True
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smoke run: 100 players, 2 rounds")
    parser.add_argument("--players", default=None, help="comma-separated N (100,1000,10000)")
    parser.add_argument("--rounds", type=int, default=None, help="rounds per tournament (3)")
    parser.add_argument("--sample", type=int, default=500, help="connected clients at most")
    parser.add_argument("--daphnes", type=int, default=2, help="daphne processes (2)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds to wait per round")
    args = parser.parse_args()
    logging.getLogger("websockets").setLevel(logging.CRITICAL)  # a dropped socket is counted
    default = "100" if args.quick else "100,1000,10000"
    sizes = [int(n) for n in (args.players or default).split(",")]
    args.rounds = args.rounds or (2 if args.quick else 3)
    print(
        f"event bench: Swiss of {sizes} players, {args.rounds} rounds, {args.daphnes} daphne(s), "
        f"clock and ai workers + sweeper, PostgreSQL + Redis; {load()}"
    )
    stack, db_name, ports = start_stack("event-bench", redis_db=14, daphnes=args.daphnes)
    stack.persistent_shell = True
    try:
        dsn = stack.env["DATABASE_URL"]
        for n in sizes:
            asyncio.run(run_n(stack, ports, dsn, db_name, n, args))
    finally:
        stop_stack(stack, db_name)


if __name__ == "__main__":
    main()
