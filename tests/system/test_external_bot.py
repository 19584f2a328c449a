"""An outside program plays a whole match with nothing but docs/protocol.md and the OpenAPI schema.

The bot below is what a programmer outside the project would write from those two documents: the
standard library and the ``websockets`` package, no project code.  It finds every REST call it
makes in the schema (``/api/schema/``, by operation id) and checks every answer against the
response schema there; it speaks the WebSocket protocol as docs/protocol.md describes it — the
snapshot, ``seq``, ``legal``, commands with ``command_id`` and ``seq``, ``ack``, ``error`` and
``resync``, ``ping``/``pong`` and the clock offset, a retried command, a stale one, a reconnect —
and plays a whole match against the AI through real daphne + Celery processes.

Runs on the embedded default (SQLite + the wheel's Redis) and on PostgreSQL + Redis, on the test
process's shared stack of each mode (the bot's account is new, with a name of its own).
"""

from __future__ import annotations

import asyncio
import http.cookiejar
import json
import random
import time
import urllib.error
import urllib.request
import uuid
from typing import Any

import pytest
from websockets.asyncio.client import connect

from support.stack import STACK_MODES, unique

pytestmark = pytest.mark.system

FINISHED = ("finished", "aborted")


class SchemaError(AssertionError):
    """An answer of the API that its OpenAPI schema does not describe."""


class OpenAPI:
    """The parts of an OpenAPI 3 document a client needs: operations, and checking answers."""

    def __init__(self, document: dict[str, Any]) -> None:
        assert document["openapi"].startswith("3."), document["openapi"]
        self.document = document
        self.operations: dict[str, tuple[str, str, dict[str, Any]]] = {}
        for path, methods in document["paths"].items():
            for method, operation in methods.items():
                self.operations[operation["operationId"]] = (method.upper(), path, operation)

    def resolve(self, schema: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in schema:
            node: Any = self.document
            for part in schema["$ref"].removeprefix("#/").split("/"):
                node = node[part]
            schema = node
        return schema

    def request_fields(self, operation_id: str) -> set[str]:
        _, _, operation = self.operations[operation_id]
        body = operation["requestBody"]["content"]["application/json"]["schema"]
        return set(self.resolve(body)["properties"])

    def check(self, operation_id: str, status: int, body: Any) -> None:
        _, _, operation = self.operations[operation_id]
        response = operation["responses"].get(str(status))
        if response is None:
            raise SchemaError(f"{operation_id}: status {status} is not documented")
        content = response.get("content", {}).get("application/json")
        if content is not None:
            self.validate(content["schema"], body, operation_id)

    def validate(self, schema: dict[str, Any], value: Any, where: str) -> None:
        schema = self.resolve(schema)
        if value is None:
            if schema.get("nullable") or not schema:
                return
            raise SchemaError(f"{where}: null where the schema does not allow it")
        for key in ("oneOf", "anyOf"):
            if key in schema:
                if not any(self._valid(option, value, where) for option in schema[key]):
                    raise SchemaError(f"{where}: {value!r} matches none of {key}")
                return
        for part in schema.get("allOf", []):
            self.validate(part, value, where)
        if "enum" in schema and value not in schema["enum"]:
            raise SchemaError(f"{where}: {value!r} not in {schema['enum']}")
        kind = schema.get("type")
        types = {
            "object": dict,
            "array": list,
            "string": str,
            "integer": int,
            "number": (int, float),
            "boolean": bool,
        }
        if kind is not None and not isinstance(value, types[kind]):
            raise SchemaError(f"{where}: {str(value)[:200]} is not of type {kind}")
        if kind == "integer" and isinstance(value, bool):
            raise SchemaError(f"{where}: {value!r} is not an integer")
        if kind == "object":
            missing = set(schema.get("required", [])) - set(value)
            if missing:
                raise SchemaError(f"{where}: missing {sorted(missing)}")
            for name, prop in schema.get("properties", {}).items():
                if name in value:
                    self.validate(prop, value[name], f"{where}.{name}")
        if kind == "array":
            for i, item in enumerate(value):
                self.validate(schema.get("items", {}), item, f"{where}[{i}]")

    def _valid(self, schema: dict[str, Any], value: Any, where: str) -> bool:
        try:
            self.validate(schema, value, where)
        except SchemaError:
            return False
        return True


class Client:
    """HTTP with a cookie jar; every call is an operation of the schema, checked against it."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.csrftoken: str | None = None
        with self.opener.open(f"{base_url}/api/schema/?format=json", timeout=30) as response:
            self.api = OpenAPI(json.loads(response.read()))

    def cookie(self, name: str) -> str | None:
        return next((c.value for c in self.jar if c.name == name), None)

    def call(
        self, operation_id: str, body: dict[str, Any] | None = None, **params: Any
    ) -> tuple[int, Any]:
        method, path, _ = self.api.operations[operation_id]
        url = self.base_url + path.format(**params)
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(url, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if method not in ("GET", "HEAD", "OPTIONS") and self.csrftoken:
            request.add_header("X-CSRFToken", self.csrftoken)
        try:
            with self.opener.open(request, timeout=30) as response:
                status, raw = response.status, response.read()
        except urllib.error.HTTPError as exc:
            status, raw = exc.code, exc.read()
        answer = json.loads(raw) if raw else None
        self.api.check(operation_id, status, answer)
        return status, answer

    def log_in(self, username: str, password: str) -> None:
        status, answer = self.call(
            "auth_login_create", {"username": username, "password": password}
        )
        assert status == 200, answer
        self.csrftoken = answer["csrftoken"]
        assert self.cookie("sessionid")


class Bot:
    """One logged-in player's connection to one match, as docs/protocol.md describes it."""

    def __init__(self, client: Client, ws_url: str, rng: random.Random) -> None:
        self.client = client
        self.ws_url = ws_url
        self.rng = rng
        self.latest: dict[int, dict[str, Any]] = {}  # per seat, the newest state
        self.seq = -1
        self.offsets: list[float] = []
        self.acked: dict[str, int] = {}
        self.received: list[dict[str, Any]] = []
        self.proved: set[str] = set()

    def connect(self) -> Any:
        return connect(
            self.ws_url,
            origin=self.client.base_url,  # browsers send it; the server checks it
            additional_headers={"Cookie": f"sessionid={self.client.cookie('sessionid')}"},
            max_size=2**22,
        )

    async def receive(self, ws: Any) -> dict[str, Any]:
        message = json.loads(await ws.recv())
        self.received.append(message)
        assert isinstance(message.get("type"), str), message
        if message["type"] == "state":
            self.seen_state(message)
        return message

    def seen_state(self, state: dict[str, Any]) -> None:
        seat = state["seat"]
        assert isinstance(seat, int), "a player's connection gets its own seat's view"
        assert state["reason"] in ("snapshot", "update")
        assert seat in state["match"]["your_seats"]
        clock = state["clock"]
        assert isinstance(clock["server_ms"], int) and isinstance(clock["seats"], list)
        # "A client that receives an update whose seq is not greater than the last one it
        # applied ignores it."
        if state["reason"] == "snapshot" or state["seq"] > self.latest.get(seat, {}).get("seq", -1):
            self.latest[seat] = state
        self.seq = max(self.seq, state["seq"])

    async def until(self, ws: Any, *kinds: str, **fields: Any) -> dict[str, Any]:
        while True:
            message = await self.receive(ws)
            if message["type"] in kinds and all(message.get(k) == v for k, v in fields.items()):
                return message

    def over(self) -> bool:
        return any(s["match"]["status"] in FINISHED for s in self.latest.values())

    async def ping(self, ws: Any) -> None:
        sent = time.time() * 1000
        await ws.send(json.dumps({"type": "ping", "t": sent}))
        pong = await self.until(ws, "pong")
        received = time.time() * 1000
        assert pong["t"] == sent
        self.offsets.append(pong["server_ms"] - (sent + received) / 2)

    async def command(self, ws: Any, message: dict[str, Any]) -> dict[str, Any]:
        """Send a command and return its answer (the ack or the error naming its id)."""
        await ws.send(json.dumps(message))
        while True:
            answer = await self.receive(ws)
            if answer["type"] in ("ack", "error") and answer.get("command_id") == message.get(
                "command_id"
            ):
                return answer

    async def play(self, ws: Any, max_moves: int) -> None:
        """Act whenever a seat of ours has legal actions in the newest state, until the end."""
        moves = 0
        while not self.over() and moves < max_moves:
            mine = [
                s for s, state in self.latest.items() if state["legal"] and state["seq"] == self.seq
            ]
            if not mine:
                await self.receive(ws)  # the AI's move, or the clock, comes as a state
                continue
            seat = mine[0]
            state = self.latest[seat]
            action = self.rng.choice(state["legal"])
            command = {
                "type": "action",
                "command_id": uuid.uuid4().hex,
                "seat": seat,
                "seq": state["seq"],
                "action": action,
            }
            answer = await self.command(ws, command)
            moves += 1
            if answer["type"] == "ack":
                self.acked[command["command_id"]] = answer["seq"]
                assert answer["seq"] > state["seq"]
                await self.prove_protocol(ws, command, answer)
                continue
            # Any doubt is settled by resync (docs/protocol.md).
            assert answer["code"] in ("stale_seq", "not_your_turn", "match_over"), answer
            await ws.send(json.dumps({"type": "resync"}))
            await self.until(ws, "state", reason="snapshot")

    async def prove_protocol(self, ws: Any, command: dict[str, Any], ack: dict[str, Any]) -> None:
        """Once each, right after an applied command: what the protocol promises."""
        if "retry" not in self.proved:
            # "A command whose command_id was already applied is acknowledged again with its
            # original seq and is not applied twice."
            self.proved.add("retry")
            again = await self.command(ws, command)
            assert again == {"type": "ack", "command_id": command["command_id"], "seq": ack["seq"]}
        elif "stale" not in self.proved and not self.over():
            # "A command built on an old view is rejected with stale_seq."
            self.proved.add("stale")
            stale = dict(command, command_id=uuid.uuid4().hex, seq=ack["seq"] - 1)
            answer = await self.command(ws, stale)
            assert answer["type"] == "error", answer
            if answer["code"] == "match_over":  # it ended meanwhile: prove it on another match
                self.proved.discard("stale")
            else:
                assert answer["code"] == "stale_seq", answer
            await self.settle(ws)
        elif "malformed" not in self.proved:
            self.proved.add("malformed")
            await ws.send("this is not JSON")
            error = await self.until(ws, "error")
            assert error["code"] == "malformed"
            await self.settle(ws)

    async def settle(self, ws: Any) -> None:
        await ws.send(json.dumps({"type": "resync"}))
        await self.until(ws, "state", reason="snapshot")


@pytest.fixture
def bot_account(shared_stack, request):  # type: ignore[no-untyped-def]
    """The stack and the bot's username (its password: ``pw-<username>-123``)."""
    stack = shared_stack(request.param)
    username = unique("outsider")
    # The operator gives the bot an account; everything after this is the bot's own doing.
    stack.django(
        "from accounts.models import User; import json; "
        f"User.objects.create_user(username='{username}', password='pw-{username}-123'); "
        "print(json.dumps(1))"
    )
    return stack, username


@pytest.mark.parametrize("bot_account", STACK_MODES, indirect=True)
def test_an_outside_bot_plays_a_whole_match_from_the_documents_alone(bot_account) -> None:
    stack, username = bot_account
    client = Client(stack.base_url)
    client.log_in(username, f"pw-{username}-123")

    # Choose a two-player game with an AI level, as the games list describes them.
    status, games = client.call("games_list")
    assert status == 200
    game = next(g for g in games if g["slug"] == "spectacular_bid")
    assert 2 in game["seat_counts"] and game["bot_levels"]
    assert {"game", "level"} <= client.api.request_fields("play_ai_create")
    status, started = client.call(
        "play_ai_create", {"game": game["slug"], "level": game["bot_levels"][0]}
    )
    assert status == 201, started
    match_id = started["match_id"]
    ws_url = stack.ws_base + started["ws_path"]
    assert started["ws_path"] == f"/ws/match/{match_id}/"

    bot = Bot(client, ws_url, random.Random(15))

    async def run() -> None:
        async with asyncio.timeout(300):
            async with bot.connect() as ws:
                first = await bot.receive(ws)
                assert first["type"] == "state" and first["reason"] == "snapshot"
                assert first["match"]["id"] == match_id and first["match"]["status"] == "running"
                for _ in range(3):
                    await bot.ping(ws)
                await bot.play(ws, max_moves=20)
            # A reconnect gets a fresh snapshot of the bot's own view, at the newest seq.
            seq_before = bot.seq
            async with bot.connect() as ws:
                snap = await bot.receive(ws)
                assert snap["type"] == "state" and snap["reason"] == "snapshot"
                assert snap["seq"] >= seq_before
                await bot.play(ws, max_moves=5000)

    asyncio.run(run())
    final = max(bot.latest.values(), key=lambda s: s["seq"])
    info = final["match"]
    assert info["status"] == "finished", info
    assert info["end_reason"] == "normal" and info["rated"] is False
    assert sorted(r["placing"] for r in info["result"]) == [1, 2]
    assert {"retry", "stale", "malformed"} <= bot.proved
    # The bot's clock agrees with the server's (same machine): the offset estimate is small.
    assert abs(sorted(bot.offsets)[len(bot.offsets) // 2]) < 2000
    # Every message was one the protocol documents.
    assert {m["type"] for m in bot.received} <= {"state", "ack", "error", "pong"}

    # The REST API tells the same story, in the schema's shapes.
    status, match = client.call("matches_retrieve", id=match_id)
    assert status == 200
    assert (match["status"], match["seq"], match["end_reason"]) == (
        "finished",
        final["seq"],
        "normal",
    )
    status, moves = client.call("matches_moves_list", id=match_id)
    assert status == 200
    rows = moves["results"] if isinstance(moves, dict) else moves
    assert [m["seq"] for m in rows] == list(range(1, final["seq"] + 1))
    ours = {m["seq"] for m in rows if m["kind"] == "action" and m["seat"] == final["seat"]}
    assert set(bot.acked.values()) <= ours
