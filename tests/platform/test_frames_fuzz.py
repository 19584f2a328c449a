"""Fuzzing the match socket (issue 15, item 6): generated frames of every kind — wrong types, huge
numbers, deep nesting, unicode, raw garbage, and every action kind of every game with its fields
mangled — sent in-process through Channels' communicator.

Asserted for every frame: the answer is a frame of docs/protocol.md (an ``error`` with a documented
code, ``pong``, ``ack`` or ``state``), never a close (1011) except the documented 4009 for an
oversized frame; nothing is logged at ERROR; and the match changes only by acknowledged commands:
between two checks without an ``ack`` its row and move log are identical, and every new move is an
acknowledged command.

``examples(5_000, 100_000)`` frames (tests/support/sizes.py): quick by default, 100,000 in CI,
shared equally by the games, one test per game (so that pytest-xdist can spread what was one test of
minutes), each with a seed of its own.  A failure names the seed and the frame.
"""

from __future__ import annotations

import json
import logging
import random
import uuid
from dataclasses import dataclass, field
from typing import Any

import orjson
import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from games.registry import all_games
from live.services import SeatSpec, match_start
from support.live import snapshot
from support.sizes import examples

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

FRAMES = examples(5_000, 100_000)
SEED = 20_251_204
BATCH = 25  # frames sent before their answers are read (the consumer answers in order)
CHECK_EVERY = 1_000  # frames between two comparisons of the match with the database
MAX_FRAME_BYTES = 4096  # LIVE_MAX_FRAME_BYTES's default, which the test keeps

DOCUMENTED_ERRORS = {
    "malformed",
    "unknown_type",
    "not_a_player",
    "not_your_seat",
    "not_your_turn",
    "stale_seq",
    "match_over",
    "illegal_action",
}

SCALARS: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1,
    7,
    255,
    2**31,
    -(2**63),
    2**53 - 1,
    2**53,
    2**64,
    10**30,
    -(10**30),
    0.5,
    -0.0,
    1e308,
    float("inf"),
    float("nan"),
    "",
    "x",
    "ready",
    "place",
    "W",
    "origin",
    "\u0000",
    "\ud800",
    "é",
    "🂡",
    "\u202e",
    "ß" * 40,
    "A" * 2000,
]
DUPLICATE_NAME_RESYNC = '{"type":"ping","type":"resync"}'
TEXT_GARBAGE = [
    "",
    " ",
    "null",
    "true",
    "0",
    "[]",
    "{}",
    '"x"',
    "{",
    '{"type":"ping"',
    '{"type":"ping","t":1}}',
    "\ufeff" + '{"type":"ping","t":1}',
    DUPLICATE_NAME_RESYNC,
    "{'type': 'ping'}",
    '{"type":"ping","t":01}',
    '{"type":"ping","t":1e99999}',
    '{"type":"ping","t":-}',
    "\x00",
    "NaN",
]


def junk(rng: random.Random, depth: int = 0) -> Any:
    """Any JSON-ish value: scalars of every type and size, containers, nesting up to 20 deep."""
    roll = rng.random()
    if roll < 0.55 or depth > 20:
        return rng.choice(SCALARS)
    if roll < 0.65:
        return "".join(chr(rng.choice([rng.randrange(32, 0x2FF), rng.randrange(0x1F000, 0x1FAFF)]))
                       for _ in range(rng.randrange(1, 12)))  # fmt: skip
    if roll < 0.8:
        return [junk(rng, depth + 1) for _ in range(rng.randrange(0, 4))]
    if roll < 0.9:
        return {rng.choice(["kind", "tile", "end", "amount", "cards", "card", "x", ""]): junk(
            rng, depth + 1
        ) for _ in range(rng.randrange(0, 4))}  # fmt: skip
    nested: Any = rng.choice(SCALARS)
    for _ in range(rng.randrange(1, 24)):
        nested = [nested] if rng.random() < 0.7 else {"k": nested}
    return nested


def mangle(rng: random.Random, value: Any) -> Any:
    """``value`` (an action) with one thing wrong: a field replaced, dropped, added or renamed, a
    number pushed out of range, a list shortened or lengthened, the whole thing re-wrapped."""
    if isinstance(value, dict) and value:
        out = dict(value)
        key = rng.choice(list(out))
        how = rng.randrange(7)
        if how == 0:
            out[key] = junk(rng)
        elif how == 1:
            del out[key]
        elif how == 2:
            out[rng.choice(["extra", "kind", "seat", "amount", "tile", "end"])] = junk(rng)
        elif how == 3:
            out[key] = mangle(rng, out[key])
        elif how == 4:
            out[key + rng.choice(["", "_", "s"])] = out.pop(key)
        elif how == 5 and isinstance(out[key], int | float) and not isinstance(out[key], bool):
            out[key] = rng.choice([-out[key], out[key] * 10**6, out[key] + 1, -1, 2**53, 10**30])
        else:
            out["kind"] = rng.choice([junk(rng), str(out.get("kind", "")).upper(), "place", ""])
        return out
    if isinstance(value, list):
        out_list = list(value)
        how = rng.randrange(4)
        if how == 0 and out_list:
            out_list[rng.randrange(len(out_list))] = junk(rng)
        elif how == 1 and out_list:
            out_list.pop()
        elif how == 2:
            out_list.append(junk(rng))
        else:
            out_list = [out_list] if rng.random() < 0.5 else out_list[::-1]
        return out_list
    if isinstance(value, int | float) and not isinstance(value, bool):
        return rng.choice(
            [-value, value + 1, value * 10**9, 10**30, 2**53, float(value), str(value)]
        )
    return junk(rng)


def dumps(rng: random.Random, message: Any) -> str:
    """JSON text the way different clients write it (ASCII-escaped or not; NaN as a literal)."""
    try:
        return json.dumps(message, ensure_ascii=rng.random() < 0.5)
    except (ValueError, TypeError):
        return json.dumps(message, ensure_ascii=True)


@dataclass
class Frame:
    text: str | None = None
    data: bytes | None = None
    answers: int = 1  # a resync is answered with one snapshot per seat
    oversized: bool = False


@dataclass
class Table:
    """One game's match as the fuzzing client sees it."""

    game: str
    seats: int
    match: Any = None
    comm: WebsocketCommunicator | None = None
    legal: dict[int, list[Any]] = field(default_factory=dict)
    seq: int = 0
    status: str = "running"
    acked: set[tuple[str, int]] = field(default_factory=set)
    before: Any = None


class Fuzzer:
    def __init__(self, user: Any, cookie: bytes, seed: int) -> None:
        self.user = user
        self.cookie = cookie
        self.seed = seed
        self.rng = random.Random(seed)
        self.every_action: list[Any] = opening_actions()  # every game's, then those seen
        self.frames = 0
        self.answers: dict[str, int] = {}

    # --- the match --------------------------------------------------------------------------

    async def open(self, table: Table) -> None:
        if table.match is None or table.status != "running":
            table.match = await database_sync_to_async(match_start)(
                game_slug=table.game,
                seats=[SeatSpec(user_id=self.user.pk)] * table.seats,
                seed=self.rng.randrange(2**40),
            )
            table.acked = set()
            table.status = "running"
            table.seq = 0
            table.legal = {}
            table.before = await database_sync_to_async(snapshot)(table.match)
        comm = WebsocketCommunicator(
            application,
            f"/ws/match/{table.match.pk}/",
            headers=[
                (b"origin", b"http://testserver"),
                (b"host", b"testserver"),
                (b"cookie", self.cookie),
            ],
        )
        connected, _ = await comm.connect()
        assert connected
        table.comm = comm
        for _ in range(table.seats):
            self.saw(table, await self.receive(table, None))

    async def check(self, table: Table) -> None:
        """The match changed only by acknowledged commands since the last check."""
        now = await database_sync_to_async(snapshot)(table.match)
        old_moves, new_moves = table.before[-1], now[-1]
        added = new_moves[len(old_moves) :]
        assert new_moves[: len(old_moves)] == old_moves
        # Each new move is an acknowledged (command id, seq); an ack of an older seq is a retried
        # command, acknowledged again and not applied again.
        fresh = {(cid, seq) for cid, seq in table.acked if seq > table.before[0]}
        assert {(m[3], m[0]) for m in added} == fresh, (table.game, added, fresh)
        assert len(added) == len(fresh)
        if not added:
            assert now == table.before, f"{table.game}: the match changed without an ack"
        table.before = now
        table.acked = set()

    # --- frames -------------------------------------------------------------------------------

    def saw(self, table: Table, message: dict[str, Any]) -> None:
        if message["type"] == "state":
            if message["seat"] is not None and message["seq"] >= table.seq:
                table.legal[message["seat"]] = message["legal"]
                self.every_action.extend(message["legal"][:3])
                del self.every_action[:-2000]
            table.seq = max(table.seq, message["seq"])
            table.status = message["match"]["status"]

    async def receive(self, table: Table, frame: Frame | None) -> dict[str, Any]:
        assert table.comm is not None
        out = await table.comm.receive_output(timeout=20)
        if out["type"] != "websocket.send":
            raise AssertionError(f"seed {self.seed}: {out} after frame {str(frame)[:600]}")
        return orjson.loads(out["text"])

    async def exchange(self, table: Table, frames: list[Frame]) -> None:
        assert table.comm is not None
        for frame in frames:  # send_input: the communicator's send_to refuses empty frames
            if frame.data is not None:
                await table.comm.send_input({"type": "websocket.receive", "bytes": frame.data})
            else:
                await table.comm.send_input({"type": "websocket.receive", "text": frame.text})
        for frame in frames:
            left = frame.answers
            while left:
                message = await self.receive(table, frame)
                kind = message["type"]
                self.saw(table, message)
                if kind == "state":
                    if message["reason"] == "snapshot":
                        left -= 1
                    continue
                assert kind in ("error", "pong", "ack"), (frame, message)
                if kind == "error":
                    assert message["code"] in DOCUMENTED_ERRORS, (self.seed, frame, message)
                    kind = message["code"]
                if kind == "ack":
                    table.acked.add((message["command_id"], message["seq"]))
                self.answers[kind] = self.answers.get(kind, 0) + 1
                left -= 1
        self.frames += len(frames)

    async def oversized(self, table: Table) -> None:
        assert table.comm is not None
        await table.comm.send_to(text_data=json.dumps({"type": "ping", "pad": "x" * 5000}))
        while True:
            out = await table.comm.receive_output(timeout=20)
            if out["type"] == "websocket.close":
                assert out["code"] == 4009, out
                break
            self.saw(table, orjson.loads(out["text"]))
        self.frames += 1
        await self.open(table)

    def frame(self, table: Table) -> Frame:
        """A generated frame within the size limit (oversized ones are sent on their own)."""
        for _ in range(20):
            frame = self.any_frame(table)
            size = len((frame.text or "").encode("utf-8", "surrogatepass")) + len(frame.data or b"")
            if size <= MAX_FRAME_BYTES:
                return frame
        return Frame(text='{"type":"ping"}')

    def any_frame(self, table: Table) -> Frame:
        rng = self.rng
        roll = rng.random()
        if roll < 0.06:
            text = rng.choice(TEXT_GARBAGE)
            # A name given twice: the last one counts (docs/protocol.md), so this one is a resync.
            answers = table.seats if text == DUPLICATE_NAME_RESYNC else 1
            return Frame(text=text, answers=answers)
        if roll < 0.09:  # a frame cut short, or raw text
            text = dumps(rng, self.action_message(table))
            return Frame(
                text=text[: rng.randrange(len(text))] if rng.random() < 0.7 else text[::-1]
            )
        if roll < 0.10:
            return Frame(data=bytes(rng.randrange(256) for _ in range(rng.randrange(0, 64))))
        if roll < 0.16:
            return Frame(text=dumps(rng, junk(rng)))
        if roll < 0.24:
            message = {"type": junk(rng)} if rng.random() < 0.6 else {"tipe": "ping"}
            if rng.random() < 0.5:
                message.update({"command_id": junk(rng), "action": junk(rng)})
            return Frame(text=dumps(rng, message))
        if roll < 0.31:
            t = junk(rng) if rng.random() < 0.7 else rng.uniform(-1e15, 1e15)
            return Frame(text=dumps(rng, {"type": "ping", "t": t}))
        if roll < 0.315:
            return Frame(text='{"type":"resync"}', answers=table.seats)
        if roll < 0.34:  # a resignation that cannot be valid (a seat not held, or no command id)
            bad = rng.choice(
                [
                    {"command_id": junk(rng), "seat": rng.randrange(table.seats)},
                    {"command_id": uuid.uuid4().hex, "seat": rng.choice([99, -1, 2**40])},
                    {
                        "command_id": uuid.uuid4().hex,
                        "seat": rng.choice([True, "0", [0], None, 0.5]),
                    },
                ]
            )
            if bad.get("seat") is None:
                bad["seat"] = "zero"
            return Frame(text=dumps(rng, {"type": "resign", **bad}))
        return Frame(text=dumps(rng, self.action_message(table)))

    def action_message(self, table: Table) -> dict[str, Any]:
        rng = self.rng
        seats_with_moves = [s for s, legal in table.legal.items() if legal]
        seat = rng.choice(seats_with_moves or list(range(table.seats)))
        pool = table.legal.get(seat) or []
        if pool and rng.random() < 0.85:
            action: Any = rng.choice(pool)
        elif self.every_action:
            action = rng.choice(self.every_action)  # another game's, or an earlier turn's
        else:
            action = junk(rng)
        for _ in range(rng.choice([0, 1, 1, 1, 2, 3]) if rng.random() < 0.97 else 0):
            action = mangle(rng, action)
        message: dict[str, Any] = {
            "type": "action",
            "command_id": uuid.uuid4().hex,
            "seat": seat,
            "seq": table.seq,
            "action": action,
        }
        if rng.random() < 0.5:
            # Without seq, a command is not checked against the match's seq: more reach the
            # engines (frames sent in one batch after an applied one would be stale).
            del message["seq"]
        for name in ("command_id", "seat", "seq"):
            roll = rng.random()
            if roll < 0.06:
                message[name] = junk(rng)
            elif roll < 0.09:
                message.pop(name, None)
        if rng.random() < 0.03:
            message[rng.choice(["extra", "ACTION", "type "])] = junk(rng)
        return message


def opening_actions() -> list[Any]:
    """The first legal actions of a few deals of every game, encoded as the server sends them: a
    fuzzer of one game still sends other games' actions (it once met them by fuzzing the games one
    after another in one test)."""
    out: list[Any] = []
    for game in all_games().values():
        for deal in range(3):
            state = game.new_state(min(game.seat_counts), {}, 7_919 * deal + 1)
            for decision in state.pending():
                out.extend(game.encode_action(a) for a in state.legal_actions(decision.seat)[:3])
    return out


@database_sync_to_async
def player_and_cookie():  # type: ignore[no-untyped-def]
    from accounts.models import User

    user = User.objects.create_user(username="fuzzer", password="pw-fuzz-123")
    client = Client()
    client.force_login(user)
    return user, f"sessionid={client.cookies['sessionid'].value}".encode()


GAMES = list(all_games())


@pytest.mark.parametrize("slug", GAMES)
async def test_generated_frames_never_crash_a_consumer_nor_change_a_match_unasked(
    slug, settings, wall, caplog
) -> None:
    # Frozen time (the `wall` fixture): no clock runs out while the fuzzer plays, so the only
    # way a match may change is an acknowledged command.
    settings.LIVE_RATE_LIMIT = 10**9
    settings.LIVE_MAX_FRAME_BYTES = MAX_FRAME_BYTES
    user, cookie = await player_and_cookie()
    fuzzer = Fuzzer(user, cookie, SEED + GAMES.index(slug))
    rng = fuzzer.rng
    tables = [Table(game=slug, seats=min(all_games()[slug].seat_counts))]
    share = FRAMES // len(GAMES) + 1
    with caplog.at_level(logging.WARNING):
        for table in tables:
            await fuzzer.open(table)
            sent = 0
            while sent < share:
                if rng.random() < 0.001:
                    await fuzzer.oversized(table)
                    sent += 1
                    continue
                batch = [fuzzer.frame(table) for _ in range(BATCH)]
                await fuzzer.exchange(table, batch)
                sent += len(batch)
                if sent % CHECK_EVERY < BATCH or table.status != "running":
                    await fuzzer.check(table)
                    if table.status != "running":  # played to the end: a new match
                        assert table.comm is not None
                        await table.comm.disconnect()
                        await fuzzer.open(table)
            await fuzzer.check(table)
            assert table.comm is not None
            await table.comm.disconnect()
    print(f"{fuzzer.frames} frames; answers: {sorted(fuzzer.answers.items())}")
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors[:5]]
    assert fuzzer.frames >= share
    # The generator reached every layer: the parser, the codecs and the engines.
    assert {"malformed", "unknown_type", "illegal_action", "pong", "ack"} <= set(fuzzer.answers)
