"""A whole match against the AI through real daphne + Celery workers, as an outside bot plays it.

Runs on the embedded default (SQLite + the wheel's Redis) and on PostgreSQL + Redis.  The client is
tests/support/protocol_client.py, written from docs/protocol.md alone.  The tests that only play run
on the test process's shared stack of their mode, each with a player of its own; the one that kills
daphne and restarts the store has a stack of its own (on PostgreSQL, with a server of its own).
"""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from games.registry import get_game
from support.hidden import replay_hands, tile_like
from support.protocol_client import Http, match_socket, play_match, watch_match
from support.stack import STACK_MODES, unique

pytestmark = pytest.mark.system


def make_player(stack, prefix: str) -> Http:
    """A new user (named ``prefix`` and a number: the stack may be shared), logged in."""
    name = unique(prefix)
    stack.django(
        "from accounts.models import User; import json; "
        f"User.objects.create_user(username='{name}', password='pw-{name}-123'); "
        "print(json.dumps(1))"
    )
    http = Http(stack.base_url)
    http.login(name, f"pw-{name}-123")
    return http


@pytest.mark.parametrize("mode", STACK_MODES)
def test_whole_match_against_the_ai_over_a_real_websocket(shared_stack, mode) -> None:
    stack = shared_stack(mode)
    http = make_player(stack, "botty")
    started = http.request("POST", "/api/play-ai/", {"game": "spectacular_bid", "level": "random"})
    match_id = started["match_id"]

    async def both():
        return await asyncio.gather(
            play_match(http, stack.ws_base, match_id, rng=random.Random(5)),
            watch_match(stack.ws_base, stack.base_url, match_id),
        )

    player, spectator = asyncio.run(both())
    final = player.states()[-1]
    assert final["match"]["status"] == "finished"
    assert sorted(r["placing"] for r in final["match"]["result"]) == [1, 2]

    # The move log (published once the match is over) is the truth: replaying it reproduces the
    # stored state, with seq numbers 1..n and no gaps or duplicates.
    moves = http.request("GET", f"/api/matches/{match_id}/moves/")
    assert [m["seq"] for m in moves] == list(range(1, len(moves) + 1))
    secret = stack.django(
        "import json; from live.models import Match; "
        f"m = Match.objects.get(pk={match_id}); "
        "print(json.dumps({'seed': m.seed, 'options': m.options, 'state': m.state}))"
    )
    game = get_game("spectacular_bid")
    hands, replayed = replay_hands(game, secret["seed"], secret["options"], 2, moves)
    assert replayed.to_json() == secret["state"]

    # No message to the player ever held a tile of the AI's hand; none to the spectator held any
    # tile of either hand (errors and resync snapshots included).
    for message in player.messages:
        seq = message.get("seq", None)
        if seq is None:
            assert not list(tile_like(message))
            continue
        assert not set(tile_like(message)) & hands[seq][1], message
    for message in spectator.messages:
        if "seq" in message:
            assert not set(tile_like(message)) & (
                hands[message["seq"]][0] | hands[message["seq"]][1]
            )
    assert spectator.states()[-1]["match"]["status"] == "finished"


MATCH_ROW = (
    "import json; from live.models import Match, Move; "
    "m = Match.objects.get(pk={id}); "
    "print(json.dumps({{'seq': m.seq, 'state': m.state, 'clock': m.clock, 'status': m.status, "
    "'moves': list(Move.objects.filter(match=m).order_by('seq').values_list('seq', 'command_id'))"
    "}}))"
)


@pytest.mark.parametrize("mode", STACK_MODES)
def test_bad_commands_over_a_real_websocket_change_nothing_and_a_retry_applies_once(
    shared_stack, mode
) -> None:
    """On the database of each mode (SQLite, PostgreSQL): an illegal action, a stale seq and
    another's seat each get their specific error and leave the match row and the move log as they
    were; a retried command id is acknowledged, not applied."""
    stack = shared_stack(mode)
    http = make_player(stack, "picky")
    match_id = http.request(
        "POST", "/api/play-ai/", {"game": "spectacular_bid", "level": "random"}
    )["match_id"]

    async def talk() -> None:
        async with match_socket(http, stack.ws_base, match_id) as ws:

            async def reply(command: dict) -> dict:
                await ws.send(json.dumps(command))
                while True:
                    message = json.loads(await ws.recv())
                    if message.get("command_id") == command["command_id"]:
                        return message

            async def my_turn() -> dict:
                # Seat 0 to act once the AI's sealed opening bid is in (seq ≥ 1): Spectacular Bid
                # opens with both seats bidding at once, and an AI bid landing between our read of
                # the row and our bad commands would make them stale (seen on a loaded machine).
                # The AI then waits for our bid, so nothing moves while the test probes.
                while True:
                    message = json.loads(await ws.recv())
                    if (
                        message["type"] == "state"
                        and message["seat"] == 0
                        and message["legal"]
                        and message["seq"] >= 1
                    ):
                        return message

            async with asyncio.timeout(60):
                state = await my_turn()
                before = await asyncio.to_thread(stack.django, MATCH_ROW.format(id=match_id))
                while before["seq"] != state["seq"]:  # the AI's sealed bid landed meanwhile
                    state = await my_turn()
                    before = await asyncio.to_thread(stack.django, MATCH_ROW.format(id=match_id))
                legal = state["legal"][0]
                bad = [
                    ({"seat": 0, "seq": state["seq"], "action": {"kind": "no-such"}}, "illegal"),
                    ({"seat": 0, "seq": state["seq"] - 1, "action": legal}, "stale_seq"),
                    ({"seat": 1, "seq": state["seq"], "action": legal}, "not_your_seat"),
                ]
                for n, (fields, code) in enumerate(bad):
                    answer = await reply({"type": "action", "command_id": f"bad-{n}", **fields})
                    assert answer["type"] == "error", answer
                    assert answer["code"].startswith(code), answer
                assert (
                    await asyncio.to_thread(stack.django, MATCH_ROW.format(id=match_id)) == before
                )

                good = {"type": "action", "command_id": "once", "seat": 0, "action": legal}
                first = await reply(good)
                again = await reply(good)
                assert first["type"] == again["type"] == "ack"
                assert first["seq"] == again["seq"] == before["seq"] + 1
                after = await asyncio.to_thread(stack.django, MATCH_ROW.format(id=match_id))
                assert [cid for _, cid in after["moves"]].count("once") == 1
                assert after["moves"][: len(before["moves"])] == before["moves"]

    asyncio.run(talk())


def _restart_store(stack, mode: str) -> None:
    """Restart what keeps the platform's messages (embedded: its own Redis server, on the same
    port) or its durable facts (PostgreSQL: the stack's own server — never the machine's, which
    other test runs use)."""
    if mode == "embedded":
        port = int(stack.env["REDIS_URL"].rsplit(":", 1)[1].split("/")[0])
        (old,) = stack.extra
        old.kill()
        old.wait(timeout=10)
        stack.start_embedded_redis(port)
    else:
        stack.private_pg.restart()


@pytest.mark.parametrize("mode", STACK_MODES)
def test_acknowledged_moves_survive_kill_9_of_daphne_and_a_store_restart(make_stack, mode) -> None:
    """Every move a client saw acknowledged is in the move log exactly once after daphne is killed
    (kill -9) and started again, and after the store restarts (embedded: Redis; PostgreSQL: the
    database server); the client reconnects and resyncs to the match as stored.  (A stack of its
    own: it kills and restarts processes.)"""
    stack = make_stack(mode, own_postgres_server=(mode == "postgres"))
    http = make_player(stack, "steadfast")
    match_id = http.request(
        "POST", "/api/play-ai/", {"game": "spectacular_bid", "level": "random"}
    )["match_id"]
    rng = random.Random(8)

    def play(moves: int):
        return asyncio.run(
            play_match(http, stack.ws_base, match_id, rng=rng, stop_after=moves, timeout=120)
        )

    acked: dict[str, int] = {}
    first_states: list[dict] = []
    for disrupt in (lambda: stack.kill("web"), lambda: _restart_store(stack, mode), None):
        transcript = play(3)
        first_states.append(transcript.states()[0])
        acked.update({m["command_id"]: m["seq"] for m in transcript.messages if m["type"] == "ack"})
        if disrupt is None:
            break
        disrupt()
        if "web" not in stack.procs:
            stack.start_web()
        stack.wait_ready()
    row = stack.django(MATCH_ROW.format(id=match_id))
    logged = dict((cid, seq) for seq, cid in row["moves"])
    assert {cid: logged.get(cid) for cid in acked} == acked  # each acknowledged move, at its seq
    assert len(acked) >= 9
    # Each reconnection began with a snapshot no older than the last acknowledgement before it.
    assert first_states[1]["seq"] >= max(list(acked.values())[:3])
    assert first_states[2]["seq"] >= max(list(acked.values())[:6])
