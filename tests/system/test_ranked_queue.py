"""Ranked play end to end with real processes: two players join the queue over WebSockets, the
matchmaker (a beat job on the ``clock`` worker) seats them, they play the match to its end through
the live protocol, and their ratings change exactly once.

Runs on the embedded default (SQLite + the wheel's Redis) and on PostgreSQL + Redis, on the test
process's shared stack of each mode: its players are new (their own names), and they join only once
no one else waits in the game's rated queue, so they can only be matched with each other.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

import pytest
from websockets.asyncio.client import connect

from support.protocol_client import Http, Transcript, play_match
from support.stack import STACK_MODES, unique

pytestmark = pytest.mark.system

GAME = "spectacular_bid"


def make_player(stack, name: str) -> Http:  # type: ignore[no-untyped-def]
    """A new user called ``name`` (a name of the test's own: the stack may be shared), logged in."""
    stack.django(
        "from accounts.models import User; import json; "
        f"User.objects.create_user(username='{name}', password='pw-{name}-123'); "
        "print(json.dumps(1))"
    )
    http = Http(stack.base_url)
    http.login(name, f"pw-{name}-123")
    return http


QUEUED = (
    "import json; from matchmaking.models import QueueEntry; "
    f"rows = QueueEntry.objects.filter(game='{GAME}', rated=True); "
    "print(json.dumps(list(rows.values_list('user__username', flat=True))))"
)


def wait_until_nobody_queues(stack, timeout: float = 150) -> None:  # type: ignore[no-untyped-def]
    """Until the game's rated queue is empty.  On a shared stack an earlier test may have left a
    player in it (its socket closed while queued); the matchmaker removes such an entry once it
    was not seen for the queue's grace (15 s; 60 s for a player put back after a no-show) — and
    until then it could be seated with a player of this test."""
    deadline = time.monotonic() + timeout
    while left := stack.django(QUEUED):
        assert time.monotonic() < deadline, f"still queued after {timeout} s: {left}"
        time.sleep(1)


async def queue_until_matched(
    http: Http, ws_base: str, seen: list[dict[str, Any]]
) -> dict[str, Any]:
    """Join the rated queue over ``/ws/queue/`` and wait for the ``matched`` message."""
    headers = {"Cookie": f"sessionid={http.cookie('sessionid')}"}
    async with connect(
        f"{ws_base}/ws/queue/", origin=http.base_url, additional_headers=headers
    ) as ws:
        async with asyncio.timeout(60):
            seen.append(json.loads(await ws.recv()))
            await ws.send(json.dumps({"type": "join", "game": GAME, "rated": True}))
            while True:
                message = json.loads(await ws.recv())
                seen.append(message)
                if message["type"] == "matched":
                    return message


@pytest.mark.parametrize("mode", STACK_MODES)
def test_two_players_queue_play_and_their_ratings_change_once(shared_stack, mode) -> None:
    stack = shared_stack(mode)  # with beat: the matchmaker's pass
    names = [unique("ann"), unique("bob")]
    players = [make_player(stack, name) for name in names]
    wait_until_nobody_queues(stack)
    seen: list[list[dict[str, Any]]] = [[], []]

    async def one(index: int) -> tuple[dict[str, Any], Transcript]:
        http = players[index]
        matched = await queue_until_matched(http, stack.ws_base, seen[index])
        transcript = await play_match(
            http, stack.ws_base, matched["match_id"], rng=random.Random(index)
        )
        return matched, transcript

    async def both() -> list[tuple[dict[str, Any], Transcript]]:
        return await asyncio.gather(one(0), one(1))

    (matched_a, played_a), (matched_b, played_b) = asyncio.run(both())
    match_id = matched_a["match_id"]
    assert matched_b == matched_a
    assert matched_a == {
        "type": "matched",
        "match_id": match_id,
        "url": f"/match/{match_id}/",
        "ws_path": f"/ws/match/{match_id}/",
    }
    # Each saw its live queue status before the match: waited time, rating window, place.
    for messages in seen:
        assert messages[0] == {"type": "idle", "cooldown_s": 0}
        statuses = [m for m in messages if m["type"] == "status"]
        assert statuses and statuses[0]["game"] == GAME and statuses[0]["rated"] is True
        assert statuses[0]["window"]["low"] <= 1500 <= statuses[0]["window"]["high"]
    final = played_a.states()[-1]["match"]
    assert (final["status"], final["rated"]) == ("finished", True)
    assert played_b.states()[-1]["match"]["status"] == "finished"

    time.sleep(2)  # let any duplicate end-of-match work (clock jobs, the sweeper) run and fail
    facts = stack.django(
        "import json; from live.models import Match; from ratings.models import Rating, "
        "RatingChange; from matchmaking.models import QueueEntry; "
        f"m = Match.objects.get(pk={match_id}); "
        "print(json.dumps({"
        "'from_queue': m.from_queue, 'result': m.result, "
        "'seats': list(m.seats.order_by('seat').values_list('user__username', flat=True)), "
        f"'changes': list(RatingChange.objects.filter(match_id={match_id}).order_by('seat')"
        ".values_list('seat', 'before', 'after')), "
        "'ratings': {r.user.username: [r.rating, r.games] for r in Rating.objects.filter("
        f"game='{GAME}', user__username__in={names!r})}}, "
        f"'queued': QueueEntry.objects.filter(user__username__in={names!r}).count()}}))"
    )
    assert facts["queued"] == 0
    assert sorted(facts["seats"]) == sorted(names)
    placing = {r["seat"]: r["placing"] for r in facts["result"]}
    # Exactly one change per seat; both were new (1500, provisional K = 40): ±20, or 0 for a draw.
    assert [c[0] for c in facts["changes"]] == [0, 1]
    for seat, before, after in facts["changes"]:
        other = placing[1 - seat]
        expected = 20 if placing[seat] < other else -20 if placing[seat] > other else 0
        assert (before, round(after - before, 6)) == (1500, expected)
        assert facts["ratings"][facts["seats"][seat]] == [after, 1]
    assert facts["from_queue"] is True  # a missed first decision would have aborted it
