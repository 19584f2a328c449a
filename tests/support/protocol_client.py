"""A client of the live protocol written from docs/protocol.md alone (stdlib + ``websockets``).

It is what an outside programmer would write to let a bot play on the platform: log in through the
REST API, start a match, then speak the WebSocket protocol until the match is over.
"""

from __future__ import annotations

import asyncio
import http.cookiejar
import json
import random
import urllib.request
import uuid
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import connect


class Http:
    """A cookie-keeping HTTP session with Django's CSRF header."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def cookie(self, name: str) -> str | None:
        return next((c.value for c in self.jar if c.name == name), None)

    def request(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(f"{self.base_url}{path}", data=data, method=method)
        req.add_header("Content-Type", "application/json")
        req.add_header("Referer", self.base_url + "/")
        if token := self.cookie("csrftoken"):
            req.add_header("X-CSRFToken", token)
        with self.opener.open(req, timeout=30) as response:
            return json.loads(response.read() or b"null")

    def login(self, username: str, password: str) -> None:
        self.request("POST", "/api/auth/login/", {"username": username, "password": password})


@dataclass
class Transcript:
    """Every message one connection received, in order."""

    messages: list[dict[str, Any]] = field(default_factory=list)

    def states(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == "state"]


def match_socket(http: Http, ws_base: str, match_id: int) -> connect:
    """The logged-in user's WebSocket connection to a match (use with ``async with``)."""
    return connect(
        f"{ws_base}/ws/match/{match_id}/",
        origin=http.base_url,
        additional_headers={"Cookie": f"sessionid={http.cookie('sessionid')}"},
        max_size=2**22,
    )


async def play_match(
    http: Http,
    ws_base: str,
    match_id: int,
    *,
    rng: random.Random,
    max_moves: int = 5000,
    timeout: float = 300,
    stop_after: int | None = None,
) -> Transcript:
    """Play every decision of the logged-in user's seats until the match ends (or, with
    ``stop_after``, until that many moves were acknowledged)."""
    transcript = Transcript()
    async with match_socket(http, ws_base, match_id) as ws:
        latest: dict[int, dict[str, Any]] = {}
        waiting_for: str | None = None
        moves = acks = 0
        async with asyncio.timeout(timeout):
            while True:
                message = json.loads(await ws.recv())
                transcript.messages.append(message)
                if message["type"] == "state":
                    seat = message["seat"]
                    if seat is None or message["seq"] >= latest.get(seat, {"seq": -1})["seq"]:
                        latest[seat] = message
                    if message["match"]["status"] in ("finished", "aborted"):
                        return transcript
                elif message["type"] == "ack" and message["command_id"] == waiting_for:
                    waiting_for = None
                    acks += 1
                    if stop_after is not None and acks >= stop_after:
                        return transcript
                elif message["type"] == "error":
                    if message.get("command_id") == waiting_for:
                        waiting_for = None
                    await ws.send(json.dumps({"type": "resync"}))
                    continue
                if waiting_for is not None or moves >= max_moves:
                    continue
                newest = max((s["seq"] for s in latest.values()), default=0)
                for seat, state in latest.items():
                    if state["seq"] == newest and state["legal"]:
                        legal = state["legal"]
                        ready = [a for a in legal if a.get("kind") in ("ready", "reveal")]
                        action = ready[0] if ready else rng.choice(legal)
                        waiting_for = uuid.uuid4().hex
                        await ws.send(
                            json.dumps(
                                {
                                    "type": "action",
                                    "command_id": waiting_for,
                                    "seat": seat,
                                    "seq": state["seq"],
                                    "action": action,
                                }
                            )
                        )
                        moves += 1
                        break


async def watch_match(ws_base: str, origin: str, match_id: int, timeout: float = 300) -> Transcript:
    """A spectator's connection (no session) until the match ends."""
    transcript = Transcript()
    async with connect(f"{ws_base}/ws/match/{match_id}/", origin=origin, max_size=2**22) as ws:
        async with asyncio.timeout(timeout):
            while True:
                message = json.loads(await ws.recv())
                transcript.messages.append(message)
                if message["type"] == "state" and message["match"]["status"] in (
                    "finished",
                    "aborted",
                ):
                    return transcript
