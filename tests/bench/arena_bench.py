"""An arena tournament of 256 players over real processes: daphne, the ``clock`` and ``ai`` Celery
workers, beat (the arena's pairing pass every 2 s and the tournament sweep) and the clock sweeper,
against PostgreSQL + Redis (the stack of ``live_bench.start_stack``, plus beat).

The players: ``--people`` (all 256 by default) scripted people, each signed in, finding their next
game the way a browser page does (the notice endpoint every page polls, every ``--poll`` 5 s as the
page does) and playing it over the WebSocket protocol with random legal moves; any others are AI
entries of the ``random`` level (the single AI worker of the Procfile is then the bottleneck:
measured, ~80 ms of its time per AI move on this machine). The game is One Poker (a few moves
a game); the arena runs ``--minutes`` (3).

Printed figures (nothing is asserted):

* games finished per second over the arena;
* pairing lateness: for every game after a player's first, the time from the end of their previous
  game to the start of the next (the time spent in the pool), p50 / p99 / max — the pass runs every
  2 s, so up to ~2 s is the design, beyond it is lateness;
* lost results: games whose match finished but whose table has no result, tables whose result
  differs from their match's, and whether the arena's points equal a recomputation from the games.

Run ``.venv/bin/python tests/bench/arena_bench.py`` (``--quick``: 64 players for one minute).
Needs PostgreSQL and Redis on 127.0.0.1 (5432, 6379).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import statistics
import sys
import time
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "bench"))

from live_bench import start_stack, stop_stack  # noqa: E402

from support.protocol_client import Http, play_match  # noqa: E402
from support.stack import BIN, Stack  # noqa: E402

GAME = "one_poker"

SETUP = """
import json
from datetime import timedelta
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import Permission
from django.contrib.sessions.backends.db import SessionStore
from django.utils import timezone
from accounts.models import User
from tournaments import services
org = User.objects.create_user(username="org", password="pw-org-123")
org.user_permissions.add(Permission.objects.get(codename="organise_tournament"))
org = User.objects.get(pk=org.pk)
hashed = make_password("pw-person-123")  # hashed once: 256 hashes would take minutes
User.objects.bulk_create([User(username=f"p{{i}}", password=hashed) for i in range({people})])
people = list(User.objects.filter(username__startswith="p").exclude(pk=org.pk).order_by("pk"))
sessions = []
for p in people:  # signed-in sessions, as the log-in page would leave them
    store = SessionStore()
    store[SESSION_KEY] = str(p.pk)
    store[BACKEND_SESSION_KEY] = "accounts.backends.AccountBackend"
    store[HASH_SESSION_KEY] = p.get_session_auth_hash()
    store.create()
    sessions.append(store.session_key)
t = services.tournament_create(organiser_id=org.pk, spec=services.TournamentSpec(
    name="Arena bench", game={game!r}, format="arena", arena_minutes={minutes},
    max_players={players}, starts_at=timezone.now() + timedelta(days=1), rated=False,
    bank_ms=60_000, delay_ms=5_000))
for p in people:
    services.entry_register(tournament_id=t.pk, user_id=p.pk)
if {players} > {people}:
    services.entry_add_ai(tournament_id=t.pk, by_user_id=org.pk, level="random",
                          count={players} - {people})
print(json.dumps({{"id": t.pk, "organiser": org.pk, "sessions": sessions}}))
"""

START = """
import json
from tournaments import services
print(json.dumps(services.tournament_start_now(tournament_id={tid}, by_user_id={org})))
"""

FACTS = """
import json
from live.models import Match
from matchmaking import arena
from tournaments import records, selectors
from tournaments.models import Pairing, Tournament
t = Tournament.objects.get(pk={tid})
rows = []
for p in Pairing.objects.filter(tournament=t).select_related("match").order_by("pk"):
    rows.append({{
        "players": p.players, "status": p.status, "placings": p.placings, "absent": p.absent,
        "created": p.created_at.timestamp(),
        "ended": p.ended_at.timestamp() if p.ended_at else None,
        "match_status": p.match.status if p.match else None,
        "end_reason": p.match.end_reason if p.match else "",
        "match_placings": [r["placing"] for r in sorted(p.match.result, key=lambda r: r["seat"])]
        if p.match and p.match.result else None,
    }})
from live.models import Move
gaps = []
moves_per_game = []
for match_id in Pairing.objects.filter(tournament=t).values_list("match_id", flat=True):
    stamps = list(Move.objects.filter(match_id=match_id).order_by("seq")
                  .values_list("arrived_ms", flat=True))
    moves_per_game.append(len(stamps))
    gaps += [b - a for a, b in zip(stamps, stamps[1:])]
standings = {{r.entry_id: r.score for r in selectors.standings_of(t)}}
again = arena.arena_scores(records.arena_games(t))
print(json.dumps({{
    "status": t.status, "started": t.started_at.timestamp(),
    "ends": t.ends_at.timestamp(), "ended": t.ended_at.timestamp() if t.ended_at else None,
    "pairings": rows, "gaps_ms": gaps, "moves_per_game": moves_per_game,
    "points_match": all(abs(standings[k] - (again[k].points if k in again else 0.0)) < 1e-9
                        for k in standings),
}}))
"""

_MATCH = re.compile(r'href="/match/(\d+)/"')


class Person(Http):
    """A signed-in person: the session cookie comes from the set-up (no log-in round trip)."""

    def __init__(self, base_url: str, session: str) -> None:
        super().__init__(base_url)
        self.session = session

    def cookie(self, name: str) -> str | None:
        return self.session if name == "sessionid" else super().cookie(name)

    def page(self, path: str) -> str:
        req = urllib.request.Request(f"{self.base_url}{path}")
        req.add_header("Cookie", f"sessionid={self.session}")
        with urllib.request.urlopen(req, timeout=30) as response:
            return str(response.read().decode())


async def person(
    base: str, ws_base: str, session: str, stop_at: float, seed: int, poll_s: float
) -> int:
    """A scripted person: poll the notice (as every page of theirs does) and play each game it
    names with random legal moves over the WebSocket protocol."""
    http = Person(base, session)
    rng = random.Random(seed)
    played: set[int] = set()
    await asyncio.sleep(rng.random() * poll_s)  # spread the polls
    while time.time() < stop_at:
        page = await asyncio.to_thread(http.page, "/tournaments/notice/")
        found = _MATCH.search(page)
        if found is None or int(found.group(1)) in played:
            await asyncio.sleep(poll_s)
            continue
        match_id = int(found.group(1))
        played.add(match_id)
        try:
            await play_match(http, ws_base, match_id, rng=rng, timeout=180)
        except Exception as exc:  # a figure, not a crash: the lost-results check says the rest
            print(f"  session {session[:6]}: match {match_id}: {type(exc).__name__}: {exc}")
    return len(played)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(facts: dict[str, Any], minutes: float, players: int) -> None:
    rows = facts["pairings"]
    done = [r for r in rows if r["status"] == "done"]
    span = (facts["ended"] or time.time()) - facts["started"]
    print(f"players {players}, arena {minutes} min, ran {span:.0f} s until the last game ended")
    print(f"games: {len(rows)} paired, {len(done)} finished, {len(done) / span:.2f} games/s")
    statuses = Counter(r["status"] for r in rows)
    reasons = Counter(r["end_reason"] or "running" for r in rows)
    print(f"tables by status: {dict(statuses)}; matches by end: {dict(reasons)}")
    gaps = facts["gaps_ms"]
    if gaps:
        print(
            f"moves per game: median {statistics.median(facts['moves_per_game']):.0f}; time "
            f"between moves: p50 {statistics.median(gaps):.0f} ms, "
            f"p99 {percentile(gaps, 0.99):.0f} ms"
        )
    lengths = [r["ended"] - r["created"] for r in done if r["ended"] is not None]
    if lengths:
        print(
            f"game length (paired to result): p50 {statistics.median(lengths):.1f} s, "
            f"p99 {percentile(lengths, 0.99):.1f} s"
        )
    last_end: dict[int, float] = {}
    waits = []
    for r in sorted(rows, key=lambda r: r["created"]):
        for p in r["players"]:
            if p in last_end:
                waits.append(r["created"] - last_end[p])
        if r["ended"] is not None:
            for p in r["players"]:
                last_end[p] = max(last_end.get(p, 0.0), r["ended"])
    if waits:
        p99 = percentile(waits, 0.99)
        print(
            f"time in the pool between games: p50 {statistics.median(waits):.2f} s, "
            f"p99 {p99:.2f} s, max {max(waits):.2f} s (the pass runs every 2 s; "
            f"pairing lateness beyond that: p99 {max(0.0, p99 - 2):.2f} s)"
        )
    unrecorded = [r for r in rows if r["match_status"] == "finished" and r["status"] != "done"]
    differing = [
        r
        for r in done
        if r["match_placings"] is not None
        and not r["absent"]
        and r["placings"] != r["match_placings"]
    ]
    print(
        f"lost results: {len(unrecorded)} finished games without a result, "
        f"{len(differing)} results differing from their match, "
        f"points equal a recomputation: {facts['points_match']}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=256)
    parser.add_argument(
        "--people", type=int, default=256, help="scripted people; the rest are AI entries"
    )
    parser.add_argument(
        "--poll", type=float, default=5.0, help="seconds between notice polls (the page's 5 s)"
    )
    parser.add_argument("--minutes", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="64 players, one minute")
    args = parser.parse_args()
    if args.quick:
        args.players, args.people, args.minutes = 64, min(args.people, 64), 1
    args.people = min(args.people, args.players)
    stack, db_name, _ = start_stack(
        "arena-bench",
        redis_db=12,
        extra_env={"LIVE_MAX_SOCKETS_PER_ADDRESS": "100000", "LIVE_RATE_LIMIT": "100000"},
    )
    try:
        stack.start(
            "beat",
            [str(BIN / "celery"), "-A", "config", "beat", "--schedule", str(stack.run_dir / "b")],
        )
        made = stack.django(
            SETUP.format(people=args.people, players=args.players, minutes=args.minutes, game=GAME),
            timeout=600,
        )
        tid = made["id"]
        print(f"setup: tournament {tid}, {args.people} people, {args.players - args.people} AI")
        t0 = time.time()
        print("start:", stack.django(START.format(tid=tid, org=made["organiser"]), timeout=600))
        stop_at = t0 + args.minutes * 60 + 5
        counts = asyncio.run(_people(stack, made["sessions"], stop_at, args.poll))
        if counts:
            print(f"people played {sum(counts)} games ({min(counts)}–{max(counts)} each)")
        facts = _wait_finished(stack, tid, timeout=args.minutes * 60 + 300)
        report(facts, args.minutes, args.players)
    finally:
        stop_stack(stack, db_name)


async def _people(stack: Stack, sessions: list[str], stop_at: float, poll_s: float) -> list[int]:
    return list(
        await asyncio.gather(
            *(
                person(stack.base_url, stack.ws_base, key, stop_at, seed=i, poll_s=poll_s)
                for i, key in enumerate(sessions)
            )
        )
    )


def _wait_finished(stack: Stack, tid: int, timeout: float) -> dict[str, Any]:
    deadline = time.time() + timeout
    while True:
        facts = stack.django(FACTS.format(tid=tid), timeout=600)
        if facts["status"] == "finished" or time.time() > deadline:
            return facts  # type: ignore[no-any-return]
        time.sleep(3)


if __name__ == "__main__":
    main()
