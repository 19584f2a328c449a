"""An arena tournament of 2,000 players over real processes: daphne, the ``clock`` and ``ai`` Celery
workers, beat (the arena's pairing pass every 2 s and the tournament sweep) and the clock sweeper,
against PostgreSQL + Redis (the stack of ``live_bench.start_stack``, plus beat).

The players: ``--people`` (200 by default) scripted people, each signed in, finding their next
game the way a browser page does (the notice endpoint every page polls, every ``--poll`` 5 s as the
page does) and playing it over the WebSocket protocol with random legal moves; any others are AI
entries of the ``random`` level (the single AI worker of the Procfile is then the bottleneck:
measured, ~80 ms of its time per AI move on this machine) or, with ``--others resign``, people
without a page whose games end at a random moment (``--game-s`` LO,HI seconds after the table
started, uniform) through ``live.services.match_resign``, the service a client's resign command
calls, from one Django shell of the stack (issue #33: an arena of 2,000 players on two cores; AI
moves or 2,000 browsers would measure the bench, not the pairing). The game is One Poker (a few
moves a game); the arena runs ``--minutes`` (5). By default the 1,800 others resign at a random
moment; ``--others ai --players 256 --people 256 --minutes 3`` is the earlier all-people run.

Printed figures (nothing is asserted):

* games started and finished per second over the arena;
* the pairing pass's lateness: from beat's ask (every 2 s) to the pass's commit, from beat's and
  the clock worker's logs (issue #33: p99 ≤ 1 s for 2,000 players over 5 minutes);
* time in the pool: for every game after a player's first, the time from the end of their previous
  game to the start of the next (the time spent in the pool), p50 / p99 / max — the pass runs every
  2 s, so up to ~2 s is the design, beyond it is lateness;
* lost results: games whose match finished but whose table has no result, tables whose result
  differs from their match's, and whether the arena's points equal a recomputation from the games.

Run ``.venv/bin/python tests/bench/arena_bench.py`` (``--quick``: 64 people for one minute).
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
from datetime import datetime
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
    bank_ms={bank_ms}, delay_ms=5_000))
for p in people:
    services.entry_register(tournament_id=t.pk, user_id=p.pk)
others = []
if {resigners}:
    others = [User(username=f"r{{i}}") for i in range({players} - {people})]
    for u in others:
        u.set_unusable_password()
    User.objects.bulk_create(others, batch_size=1000)
    others = list(User.objects.filter(username__startswith="r").order_by("pk"))
    for u in others:
        services.entry_register(tournament_id=t.pk, user_id=u.pk)
elif {players} > {people}:
    services.entry_add_ai(tournament_id=t.pk, by_user_id=org.pk, level="random",
                          count={players} - {people})
print(json.dumps({{"id": t.pk, "organiser": org.pk, "sessions": sessions,
                  "resigners": [u.pk for u in others]}}))
"""

START = """
import json
from tournaments import services
print(json.dumps(services.tournament_start_now(tournament_id={tid}, by_user_id={org})))
"""

RESIGN = """
import json, random, time, uuid
from live.errors import LiveError
from live.services import match_resign
from tournaments.models import Entry, Pairing, PairingStatus, Tournament, TournamentStatus
rng = random.Random(7)
tid, lo, hi = {tid}, {lo}, {hi}
resigners = set({resigners})
user_of = dict(Entry.objects.filter(tournament_id=tid).values_list("pk", "user_id"))
due = {{}}
resigned = over = 0
late = []
codes = {{}}
while True:
    now = time.time()
    for match_id, players in Pairing.objects.filter(
            tournament_id=tid, status=PairingStatus.PLAYING, match__isnull=False
    ).values_list("match_id", "players"):
        if match_id not in due:
            mine = [user_of[p] for p in players if user_of[p] in resigners]
            if mine:
                due[match_id] = (now + rng.uniform(lo, hi), rng.choice(mine))
    for match_id, (at, user_id) in list(due.items()):
        if at is None or at > now:
            continue
        try:
            match_resign(match_id=match_id, command_id=uuid.uuid4().hex, user_id=user_id)
            resigned += 1
            late.append(time.time() - at)
        except LiveError as exc:  # the game ended first (a flag, the other player)
            over += 1
            codes[exc.code] = codes.get(exc.code, 0) + 1
        due[match_id] = (None, user_id)
    if Tournament.objects.filter(pk=tid, status=TournamentStatus.FINISHED).exists():
        break
    time.sleep(0.2)
late.sort()
print(json.dumps({{"resigned": resigned, "over": over, "codes": codes,
                  "late_p99": late[int(0.99 * len(late))] if late else 0}}))
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
    arena_s = facts["ends"] - facts["started"]
    started = [r for r in rows if r["created"] <= facts["ends"]]
    print(f"players {players}, arena {minutes} min, ran {span:.0f} s until the last game ended")
    print(
        f"games: {len(rows)} paired, {len(done)} finished, {len(done) / span:.2f} finished/s; "
        f"{len(started) / arena_s:.2f} started/s over the arena's {arena_s:.0f} s"
    )
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


_STAMP = r"\[(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}): "
_ASKED = re.compile(_STAMP + r".*Sending due task tournaments-arena-pass")
_RECEIVED = re.compile(_STAMP + r".*tournaments\.tasks\.arena_pass\[([0-9a-f-]+)\] received")
_DONE = re.compile(_STAMP + r".*tournaments\.tasks\.arena_pass\[([0-9a-f-]+)\] succeeded in")


def _stamp(text: str) -> float:
    return datetime.strptime(text, "%Y-%m-%d %H:%M:%S,%f").timestamp()


def report_passes(run_dir: Path, facts: dict[str, Any]) -> None:
    """The pairing pass's lateness, from beat's and the clock worker's logs: for every pass that
    ran while the arena was open, the time from beat's ask (every 2 s) to the pass's commit."""
    beat = (run_dir / "beat.log").read_text(errors="replace")
    worker = (run_dir / "worker-clock.log").read_text(errors="replace")
    asks = sorted(_stamp(m.group(1)) for m in _ASKED.finditer(beat))
    received = {m.group(2): _stamp(m.group(1)) for m in _RECEIVED.finditer(worker)}
    late = []
    for m in _DONE.finditer(worker):
        done, got = _stamp(m.group(1)), received.get(m.group(2))
        if got is None or not facts["started"] <= got <= facts["ends"]:
            continue
        before = [a for a in asks if a <= got + 0.01]
        if before:
            late.append(done - before[-1])
    if not late:
        print("pairing-pass lateness: no pass found in the logs")
        return
    print(
        f"pairing-pass lateness (beat's ask to the pass's commit), {len(late)} passes: p50 "
        f"{statistics.median(late) * 1000:.0f} ms, p99 {percentile(late, 0.99) * 1000:.0f} ms, "
        f"max {max(late) * 1000:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument(
        "--people", type=int, default=200, help="scripted people; the rest: --others"
    )
    parser.add_argument(
        "--poll", type=float, default=5.0, help="seconds between notice polls (the page's 5 s)"
    )
    parser.add_argument(
        "--others",
        choices=("ai", "resign"),
        default="resign",
        help="the entries beyond --people: random-level AI, or people whose games end by a "
        "resignation at a random moment (through the service a client's resign calls)",
    )
    parser.add_argument(
        "--game-s", default="20,120", help="with --others resign: a game's length, LO,HI seconds"
    )
    parser.add_argument("--minutes", type=int, default=5)
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
            [
                *(str(BIN / "celery"), "-A", "config", "beat", "--schedule"),
                *(str(stack.run_dir / "b"), "--loglevel", "INFO"),  # its asks: the pass lateness
            ],
        )
        made = stack.django(
            SETUP.format(
                people=args.people,
                players=args.players,
                minutes=args.minutes,
                game=GAME,
                resigners=args.others == "resign",
                # A table nobody moves at ends by forfeit after the first-move time (a quarter of
                # the bank, at least 20 s): the resigning people's games must be able to outlast it.
                bank_ms=600_000 if args.others == "resign" else 60_000,
            ),
            timeout=1800,
        )
        tid = made["id"]
        others = "resigning at a random moment" if args.others == "resign" else "AI"
        print(
            f"setup: tournament {tid}, {args.people} scripted people, "
            f"{args.players - args.people} {others}"
        )
        t0 = time.time()
        print("start:", stack.django(START.format(tid=tid, org=made["organiser"]), timeout=600))
        stop_at = t0 + args.minutes * 60 + 5
        lo, hi = (float(x) for x in args.game_s.split(","))
        resigning = RESIGN.format(tid=tid, lo=lo, hi=hi, resigners=made["resigners"])
        counts, resigned = asyncio.run(
            _people(
                stack,
                made["sessions"],
                stop_at,
                args.poll,
                resigning if made["resigners"] else None,
                args.minutes * 60 + 600,
            )
        )
        if resigned is not None:
            print(
                f"resignations: {resigned['resigned']} entered, {resigned['over']} games over "
                f"before theirs {resigned['codes'] or ''}, p99 "
                f"{resigned['late_p99'] * 1000:.0f} ms after the moment drawn"
            )
        if counts:
            print(f"people played {sum(counts)} games ({min(counts)}–{max(counts)} each)")
        facts = _wait_finished(stack, tid, timeout=args.minutes * 60 + 300)
        report(facts, args.minutes, args.players)
        report_passes(stack.run_dir, facts)
    finally:
        stop_stack(stack, db_name)


async def _people(
    stack: Stack,
    sessions: list[str],
    stop_at: float,
    poll_s: float,
    resigning: str | None,
    timeout: float,
) -> tuple[list[int], Any]:
    """The scripted people, and beside them (``resigning``) the shell that ends the other
    people's games, until the arena has finished."""
    ending = (
        asyncio.to_thread(stack.django, resigning, timeout, check=True)
        if resigning is not None
        else asyncio.sleep(0, None)
    )
    played, resigned = await asyncio.gather(
        asyncio.gather(
            *(
                person(stack.base_url, stack.ws_base, key, stop_at, seed=i, poll_s=poll_s)
                for i, key in enumerate(sessions)
            )
        ),
        ending,
    )
    return list(played), resigned


def _wait_finished(stack: Stack, tid: int, timeout: float) -> dict[str, Any]:
    deadline = time.time() + timeout
    while True:
        facts = stack.django(FACTS.format(tid=tid), timeout=600)
        if facts["status"] == "finished" or time.time() > deadline:
            return facts  # type: ignore[no-any-return]
        time.sleep(3)


if __name__ == "__main__":
    main()
