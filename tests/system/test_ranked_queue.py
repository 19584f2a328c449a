"""Ranked play end to end with real processes: two players join the queue over WebSockets, the
matchmaker (a beat job on the ``clock`` worker) seats them, they play the match to its end through
the live protocol, and their ratings change exactly once.

Runs on the embedded default (SQLite + the wheel's Redis) and on PostgreSQL + Redis.
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
from support.stack import STACK_MODES

pytestmark = pytest.mark.system

GAME = "spectacular_bid"


def make_player(stack, name: str) -> Http:  # type: ignore[no-untyped-def]
    stack.django(
        "from accounts.models import User; import json; "
        f"User.objects.create_user(username='{name}', password='pw-{name}-123'); "
        "print(json.dumps(1))"
    )
    http = Http(stack.base_url)
    http.login(name, f"pw-{name}-123")
    return http


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
def test_two_players_queue_play_and_their_ratings_change_once(make_stack, mode) -> None:
    stack = make_stack(mode, beat=True)
    players = [make_player(stack, name) for name in ("ann", "bob")]
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
        f"'ratings': {{r.user.username: [r.rating, r.games] for r in Rating.objects.filter(game='{GAME}')}}, "  # noqa: E501
        "'queued': QueueEntry.objects.count()}))"
    )
    assert facts["queued"] == 0
    assert sorted(facts["seats"]) == ["ann", "bob"]
    placing = {r["seat"]: r["placing"] for r in facts["result"]}
    # Exactly one change per seat; both were new (1500, provisional K = 40): ±20, or 0 for a draw.
    assert [c[0] for c in facts["changes"]] == [0, 1]
    for seat, before, after in facts["changes"]:
        other = placing[1 - seat]
        expected = 20 if placing[seat] < other else -20 if placing[seat] > other else 0
        assert (before, round(after - before, 6)) == (1500, expected)
        assert facts["ratings"][facts["seats"][seat]] == [after, 1]
    assert facts["from_queue"] is True  # a missed first decision would have aborted it
