"""Tournaments end to end with real processes: daphne, the Celery ``clock`` and ``ai`` workers,
beat (the tournament sweep and the arena pass) against PostgreSQL + Redis (and the embedded
default for the two-seat Swiss).

* A 16-player Swiss of One Poker (14 AI entries and two people played by scripted WebSocket
  clients) starts by its ETA job at the start time and runs its rounds to the end by itself.
* A 12-player multi-seat Swiss of Zheng Shangyou (tables of three; one person, eleven AI).
* The race of the issue: the last two games of a round end at the same instant in two different
  processes, and the next round is paired exactly once (the tournament row lock).

Afterwards the standings are checked for consistency: every round seats every active player once
(at a table or with a bye), no pair meets twice in the two-seat Swiss, the points add up to the
decided games and byes, each table's result is its match's result, the API's JSON and CSV agree,
and rated games changed ratings exactly once per seat (tables with an AI are never rated).

Every test runs on the test process's shared stack (beat runs there), with an organiser, people and
a tournament of its own.
"""

from __future__ import annotations

import asyncio
import csv
import io
import json
import random
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from typing import Any

import pytest

from support.protocol_client import Http, play_match
from support.stack import ROOT, STACK_MODES, unique

pytestmark = pytest.mark.system

PEOPLE = """
import json
from django.contrib.auth.models import Permission
from accounts.models import User
org = User.objects.create_user(username={org!r}, password="pw-org-123")
org.user_permissions.add(Permission.objects.get(codename="organise_tournament"))
for n in {humans!r}:
    User.objects.create_user(username=n, password=f"pw-{{n}}-123")
print(json.dumps(org.pk))
"""

CREATE = """
import json
from datetime import timedelta
from django.utils import timezone
from tournaments import services
t = services.tournament_create(organiser_id={org}, spec=services.TournamentSpec(
    name={name!r}, game={game!r}, format="swiss", rounds={rounds}, max_players=64,
    starts_at=timezone.now() + timedelta(hours=1), round_break_s=1, rated=True,
    bank_ms=60_000, delay_ms=5_000))
if {ai}:
    services.entry_add_ai(tournament_id=t.pk, by_user_id={org}, level={level!r}, count={ai})
print(json.dumps(t.pk))
"""

START_IN = """
import json
from datetime import timedelta
from django.db import transaction
from django.utils import timezone
from tournaments.models import Tournament
from tournaments.services.common import enqueue_on_commit
with transaction.atomic():
    t = Tournament.objects.select_for_update().get(pk={tid})
    t.starts_at = t.registration_closes = timezone.now() + timedelta(seconds={start_in})
    t.save(update_fields=["starts_at", "registration_closes"])
    enqueue_on_commit("start", t.pk, eta=t.starts_at)
print(json.dumps(t.starts_at.isoformat()))
"""


FACTS = """
import json
from live.models import Match
from ratings.models import RatingChange
from tournaments import selectors
from tournaments.models import Tournament, Pairing, Bye, Entry, Round
t = Tournament.objects.get(pk={tid})
pairings = [
    {{"round": p.round.number, "players": p.players, "status": p.status, "placings": p.placings,
      "absent": p.absent, "match": p.match_id, "match_status": p.match.status if p.match else None,
      "match_result": p.match.result if p.match else None,
      "rated": p.match.rated if p.match else None,
      "humans": [s.user_id is not None for s in p.match.seats.order_by("seat")]}}
    for p in Pairing.objects.filter(tournament=t).select_related("round", "match")
]
print(json.dumps({{
    "status": t.status, "rounds": t.rounds, "current": t.current_round,
    "round_numbers": list(Round.objects.filter(tournament=t).values_list("number", flat=True)),
    "pairings": pairings,
    "byes": list(
        Bye.objects.filter(tournament=t).values_list("round__number", "entry_id", "points")
    ),
    "entries": {{
        e.pk: [e.status, e.user_id is not None] for e in Entry.objects.filter(tournament=t)
    }},
    "standings": [r.as_dict() for r in selectors.standings_of(t)],
    "rating_changes": RatingChange.objects.filter(match__tournament_pairing__tournament=t).count(),
    "audit": list(t.audit.values_list("action", flat=True)),
}}))
"""


def login(stack, name: str) -> Http:  # type: ignore[no-untyped-def]
    http = Http(stack.base_url)
    http.login(name, f"pw-{name}-123")
    return http


@dataclass
class Made:
    tid: int
    organiser: int
    people: list[str]
    clients: list[Http]
    entries: list[int]


def tournament_with_people(  # type: ignore[no-untyped-def]
    stack, *, people: int, game: str, rounds: int, start_in: float | None, ai: int
) -> Made:
    """A Swiss of ``game`` with ``ai`` random AI entries and ``people`` new users who register
    through the API, starting ``start_in`` seconds after they have all registered.  It is created
    an hour ahead and its start is moved once it is full (queueing the start's ETA job as creating
    it does): a start fixed at creation could overtake the registrations on a busy machine, where
    adding the AI entries alone took longer than the seconds given (each person joining round 1 is
    checked).  ``start_in=None`` leaves the start an hour ahead, for a test that starts it."""
    names = [unique(f"{game[:3]}-person-") for _ in range(people)]
    organiser = stack.django(PEOPLE.format(org=unique("org"), humans=names))
    clients = [login(stack, name) for name in names]
    tid = stack.django(
        CREATE.format(
            org=organiser,
            name=unique("System cup "),
            game=game,
            rounds=rounds,
            level="random",
            ai=ai,
        )
    )
    entries = []
    for client in clients:
        entry = client.request("POST", f"/api/tournaments/{tid}/register/")
        assert entry["joined_round"] == 1, "the tournament started before its people registered"
        entries.append(entry["entry_id"])
    if start_in is not None:
        stack.django(START_IN.format(tid=tid, start_in=start_in))
    return Made(tid, organiser, names, clients, entries)


async def play_as(http: Http, ws_base: str, tid: int, entry_id: int, seed: int) -> list[int]:
    """A scripted player: watch the rounds over the REST API and play every live game of theirs
    through the WebSocket protocol until the tournament is over."""
    rng = random.Random(seed)
    played: list[int] = []
    async with asyncio.timeout(600):
        while True:
            info = await asyncio.to_thread(http.request, "GET", f"/api/tournaments/{tid}/")
            if info["status"] in ("finished", "cancelled"):
                return played
            rounds = await asyncio.to_thread(http.request, "GET", f"/api/tournaments/{tid}/rounds/")
            mine = [
                table["match_id"]
                for r in rounds
                for table in r["tables"]
                if table["live"]
                and table["match_id"] not in played
                and entry_id in [p["entry_id"] for p in table["players"]]
            ]
            if not mine:
                await asyncio.sleep(0.3)
                continue
            await play_match(http, ws_base, mine[0], rng=rng, timeout=300)
            played.append(mine[0])


def wait_finished(stack, tid: int, timeout: float = 600) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with urllib.request.urlopen(f"{stack.base_url}/api/tournaments/{tid}/", timeout=10) as r:
            body = json.loads(r.read())
        if body["status"] in ("finished", "cancelled"):
            return body
        time.sleep(1)
    raise AssertionError(f"tournament {tid} did not finish: {body}")


def check_consistent(stack, tid: int, *, two_seats: bool, players: int) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    facts = stack.django(FACTS.format(tid=tid))
    assert facts["status"] == "finished", facts["audit"]
    assert facts["round_numbers"] == list(range(1, facts["rounds"] + 1))
    assert facts["audit"].count("finished") == 1
    # Every round seats every player once: at one table or with one bye.
    for number in facts["round_numbers"]:
        seated = [e for p in facts["pairings"] if p["round"] == number for e in p["players"]]
        seated += [e for r, e, _ in facts["byes"] if r == number]
        assert sorted(seated) == sorted(int(e) for e in facts["entries"]), number
    if two_seats:
        meetings = [frozenset(p["players"]) for p in facts["pairings"]]
        assert len(meetings) == len(set(meetings)), "a repeat pairing"
    # Each table's result is its match's result (no one absent: every table was played).
    for p in facts["pairings"]:
        assert p["status"] == "done" and p["match_status"] == "finished"
        by_seat = {r["seat"]: r["placing"] for r in p["match_result"]}
        if not p["absent"]:
            assert p["placings"] == [by_seat[i] for i in range(len(p["players"]))]
        assert p["rated"] == all(p["humans"])  # AI tables are never rated
    # Points add up: one point per decided table (placement points sum to 1 … per table: k/2
    # for two seats of 1+0, and 1.5 for three seats of 1, ½, 0) plus the byes.
    table_points = sum(len(p["players"]) / 2 for p in facts["pairings"])
    bye_points = sum(points for _, _, points in facts["byes"])
    total = sum(r["score"] for r in facts["standings"])
    assert total == pytest.approx(table_points + bye_points)
    assert len(facts["standings"]) == players
    ranks = [r["rank"] for r in facts["standings"]]
    assert ranks == sorted(ranks) and ranks[0] == 1
    rated_seats = sum(len(p["players"]) for p in facts["pairings"] if p["rated"])
    assert facts["rating_changes"] == rated_seats
    # The API's JSON and CSV exports agree with each other and with the standings.
    with urllib.request.urlopen(f"{stack.base_url}/api/tournaments/{tid}/standings/") as r:
        body = json.loads(r.read())
    with urllib.request.urlopen(
        f"{stack.base_url}/api/tournaments/{tid}/standings/?format=csv"
    ) as r:
        rows = list(csv.reader(io.StringIO(r.read().decode())))
    assert [r["entry_id"] for r in body["standings"]] == [int(r[1]) for r in rows[1:]]
    assert [r["entry_id"] for r in body["standings"]] == [r["entry_id"] for r in facts["standings"]]
    assert body["provisional"] is False
    return facts


@pytest.mark.parametrize("mode", STACK_MODES)
def test_sixteen_player_swiss_runs_to_the_end_with_ai_and_scripted_players(
    shared_stack, mode
) -> None:
    stack = shared_stack(mode)
    made = tournament_with_people(stack, people=2, game="one_poker", rounds=4, start_in=3, ai=14)
    tid, clients, entries = made.tid, made.clients, made.entries

    async def both() -> list[list[int]]:
        return await asyncio.gather(
            *(
                play_as(c, stack.ws_base, tid, e, seed=i)
                for i, (c, e) in enumerate(zip(clients, entries, strict=True))
            )
        )

    played = asyncio.run(both())
    wait_finished(stack, tid)
    facts = check_consistent(stack, tid, two_seats=True, players=16)
    assert facts["rounds"] == 4
    # Each person played one game per round (16 players: no byes), through their socket.
    assert [len(p) for p in played] == [4, 4]
    assert "started" in facts["audit"]


@pytest.mark.postgres
def test_twelve_player_multiseat_swiss_runs_to_the_end(shared_stack) -> None:
    stack = shared_stack("postgres")
    made = tournament_with_people(
        stack, people=1, game="zheng_shangyou", rounds=3, start_in=3, ai=11
    )
    tid, (client,), (entry,) = made.tid, made.clients, made.entries
    played = asyncio.run(play_as(client, stack.ws_base, tid, entry, seed=3))
    wait_finished(stack, tid)
    facts = check_consistent(stack, tid, two_seats=False, players=12)
    assert len(played) == 3
    for number in (1, 2, 3):
        sizes = [len(p["players"]) for p in facts["pairings"] if p["round"] == number]
        assert sizes == [3, 3, 3, 3]
    # Seats rotate: nobody sits in the same seat in all three rounds.
    seats: dict[int, list[int]] = {}
    for p in facts["pairings"]:
        for seat, e in enumerate(p["players"]):
            seats.setdefault(e, []).append(seat)
    assert sum(len(set(s)) == 1 for s in seats.values()) <= 2


RACE = """
import json, sys, time
from live.services import match_resign
from tournaments.models import Entry, Pairing
pairing = Pairing.objects.get(pk={pairing})
loser = Entry.objects.get(pk=pairing.players[1]).user_id
print("ready", flush=True)
at = float(sys.stdin.readline())
while time.time() < at:
    time.sleep(0.0005)
began = time.time()
match_resign(match_id=pairing.match_id, command_id="race", user_id=loser)
print(json.dumps([began, time.time()]))
"""


@pytest.mark.postgres
def test_last_two_games_ending_at_once_in_two_processes_pair_the_next_round_once(
    shared_stack,
) -> None:
    stack = shared_stack("postgres")
    made = tournament_with_people(stack, people=4, game="one_poker", rounds=2, start_in=None, ai=0)
    tid = made.tid
    stack.django(
        "import json; from tournaments import services; "
        f"services.tournament_start_now(tournament_id={tid}, by_user_id={made.organiser}); "
        "print(json.dumps(1))"
    )
    pairings = stack.django(
        "import json; from tournaments.models import Pairing; "
        f"rows = Pairing.objects.filter(tournament_id={tid}).values_list('pk', flat=True); "
        "print(json.dumps(list(rows)))"
    )
    assert len(pairings) == 2
    procs = [
        subprocess.Popen(
            [sys.executable, str(ROOT / "manage.py"), "shell", "-c", RACE.format(pairing=p)],
            cwd=ROOT,
            env=stack.env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for p in pairings
    ]
    # Both processes are up (Django loaded, the pairing read) before the moment is set, however
    # long a busy machine takes to start them; then both wait for the same instant.
    for proc in procs:
        while (line := proc.stdout.readline()) and line.strip() != "ready":
            pass
        assert line, proc.communicate(timeout=60)[1]
    at = time.time() + 0.5
    for proc in procs:
        proc.stdin.write(f"{at}\n")
        proc.stdin.flush()
    calls = []
    for proc in procs:
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
        calls.append(json.loads(out.strip().splitlines()[-1]))
    # The two games ended at once: both resignations began at the same moment, and each began
    # before the other had returned (the two ending transactions were in flight together).
    (began_a, ended_a), (began_b, ended_b) = calls
    assert abs(began_a - began_b) < 0.5, calls
    assert max(began_a, began_b) < min(ended_a, ended_b), calls
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        facts = stack.django(FACTS.format(tid=tid))
        if facts["current"] == 2:
            break
        time.sleep(0.5)
    time.sleep(3)  # let every advance job (two from the hooks, the sweep's) run
    facts = stack.django(FACTS.format(tid=tid))
    assert facts["round_numbers"] == [1, 2]
    second = [p for p in facts["pairings"] if p["round"] == 2]
    assert len(second) == 2 and all(p["status"] == "playing" for p in second)
    assert facts["audit"].count("started") == 1
