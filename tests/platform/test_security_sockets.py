"""Connection caps and the shared message budget (issue 15, item 7), against a real Redis as several
daphnes share it, and the per-process stand-in without one."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application
from live.services import SeatSpec, match_start
from live.socket_caps import SocketLimits, socket_limits
from support.live import use_socket_limits_store
from support.stack import REDIS_PORT, reachable, unique

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

URL = f"redis://127.0.0.1:{REDIS_PORT}/3"


@pytest.fixture(params=["redis", "memory"])
async def limits(request, settings) -> AsyncIterator[str]:  # type: ignore[no-untyped-def]
    """The limits kept in Redis (as production and the embedded default run), or per process."""
    use_socket_limits_store(request.param, settings, URL)
    yield request.param
    await socket_limits.close()


def session_cookie(user) -> bytes:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def open_socket(
    path: str, user=None, address: str = "192.0.2.10", forwarded: str | None = None
) -> tuple[WebsocketCommunicator, dict[str, Any]]:  # type: ignore[no-untyped-def]
    """A socket from ``address`` (as daphne reports the peer); its first message."""
    headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
    if user is not None:
        headers.append((b"cookie", await database_sync_to_async(session_cookie)(user)))
    if forwarded is not None:
        headers.append((b"x-forwarded-for", forwarded.encode()))
    comm = WebsocketCommunicator(application, path, headers=headers)
    comm.scope["client"] = [address, 50000]
    connected, _ = await comm.connect()
    assert connected
    out = await comm.receive_output(timeout=5)
    return comm, json.loads(out["text"])


async def closed_with(comm: WebsocketCommunicator) -> int:
    while True:
        out = await comm.receive_output(timeout=5)
        if out["type"] == "websocket.close":
            return int(out["code"])


@database_sync_to_async
def a_match(make_user):  # type: ignore[no-untyped-def]
    a, b = make_user(), make_user()
    match = match_start(
        game_slug="spectacular_bid", seats=[SeatSpec(user_id=a.pk), SeatSpec(user_id=b.pk)], seed=3
    )
    return match, a


async def test_one_user_gets_at_most_the_per_user_cap_of_sockets(
    limits, settings, make_user
) -> None:
    settings.LIVE_MAX_SOCKETS_PER_USER = 3
    match, user = await a_match(make_user)
    path = f"/ws/match/{match.pk}/"
    socks = []
    for i in range(3):  # from different addresses: the user's cap, not the address's
        comm, first = await open_socket(path, user, address=f"192.0.2.{20 + i}")
        assert first["type"] == "state"
        socks.append(comm)
    # The queue socket counts too: a user's sockets are counted across endpoints.
    refused, error = await open_socket("/ws/queue/", user, address="192.0.2.99")
    assert error["code"] == "too_many_sockets" and "per user" in error["message"]
    assert await closed_with(refused) == 4030
    refused, error = await open_socket(path, user, address="192.0.2.98")
    assert await closed_with(refused) == 4030
    # Closing one frees its place at once.
    await socks.pop().disconnect()
    again, first = await open_socket(path, user)
    assert first["type"] == "state"
    for comm in [*socks, again]:
        await comm.disconnect()


async def test_one_address_gets_at_most_the_per_address_cap_of_sockets(
    limits, settings, make_user
) -> None:
    settings.LIVE_MAX_SOCKETS_PER_ADDRESS = 4
    match, user = await a_match(make_user)
    path = f"/ws/match/{match.pk}/"
    socks = [(await open_socket(path, address="198.51.100.7"))[0] for _ in range(3)]
    socks.append((await open_socket(path, user, address="198.51.100.7"))[0])  # logged in: counts
    refused, error = await open_socket(path, address="198.51.100.7")
    assert error["code"] == "too_many_sockets" and "per address" in error["message"]
    assert await closed_with(refused) == 4031
    other, first = await open_socket(path, address="198.51.100.8")
    assert first["type"] == "state"
    for comm in [*socks, other]:
        await comm.disconnect()


async def test_behind_a_trusted_proxy_the_forwarded_address_counts(
    limits, settings, make_user
) -> None:
    settings.LIVE_MAX_SOCKETS_PER_ADDRESS = 2
    settings.TRUSTED_PROXY_COUNT = 1
    match, _ = await a_match(make_user)
    path = f"/ws/match/{match.pk}/"
    ingress = "10.0.0.5"  # every socket arrives from the ingress
    socks = [
        (await open_socket(path, address=ingress, forwarded=f"203.0.113.{i}"))[0] for i in range(4)
    ]
    # What a client writes in front of the proxy's entry is ignored.
    spoofing = [
        (await open_socket(path, address=ingress, forwarded=f"1.2.3.{i}, 203.0.113.50"))
        for i in range(3)
    ]
    assert [first["type"] for _, first in spoofing] == ["state", "state", "error"]
    assert await closed_with(spoofing[2][0]) == 4031
    for comm in socks + [c for c, _ in spoofing[:2]]:
        await comm.disconnect()


async def test_a_users_sockets_share_one_message_budget(limits, settings, make_user) -> None:
    settings.LIVE_RATE_LIMIT = 10
    settings.LIVE_RATE_WINDOW_S = 60
    match, user = await a_match(make_user)
    path = f"/ws/match/{match.pk}/"
    socks = [(await open_socket(path, user, address=f"192.0.2.{30 + i}"))[0] for i in range(5)]
    for i in range(10):  # two each: the whole budget, spread over five sockets
        await socks[i % 5].send_json_to({"type": "ping", "t": i})
        out = json.loads(await socks[i % 5].receive_from(timeout=5))
        assert out["type"] == "pong" and out["t"] == i
    await socks[3].send_json_to({"type": "ping", "t": 10})
    assert json.loads(await socks[3].receive_from(timeout=5))["code"] == "rate_limited"
    assert await closed_with(socks[3]) == 4029
    # Another user is not affected.
    other = await database_sync_to_async(make_user)()
    comm, _ = await open_socket("/ws/queue/", other)
    await comm.send_json_to({"type": "ping", "t": 1})
    while json.loads(await comm.receive_from(timeout=5))["type"] != "pong":
        pass
    for c in [*socks[:3], socks[4], comm]:
        await c.disconnect()


async def test_anonymous_sockets_of_one_address_share_one_budget(
    limits, settings, make_user
) -> None:
    settings.LIVE_RATE_LIMIT = 4
    settings.LIVE_RATE_WINDOW_S = 60
    match, _ = await a_match(make_user)
    path = f"/ws/match/{match.pk}/"
    socks = [(await open_socket(path, address="203.0.113.80"))[0] for _ in range(2)]
    for i in range(4):
        await socks[i % 2].send_json_to({"type": "ping", "t": i})
        assert json.loads(await socks[i % 2].receive_from(timeout=5))["type"] == "pong"
    await socks[0].send_json_to({"type": "ping"})
    assert json.loads(await socks[0].receive_from(timeout=5))["code"] == "rate_limited"
    assert await closed_with(socks[0]) == 4029
    elsewhere, _ = await open_socket(path, address="203.0.113.81")
    await elsewhere.send_json_to({"type": "ping"})
    assert json.loads(await elsewhere.receive_from(timeout=5))["type"] == "pong"
    for c in (socks[1], elsewhere):
        await c.disconnect()


async def test_the_budget_refills_over_its_window(limits, settings) -> None:
    settings.LIVE_RATE_LIMIT = 4
    settings.LIVE_RATE_WINDOW_S = 2.0
    key = SocketLimits.budget_key(None, "192.0.2.200")
    assert [await socket_limits.spend(key) for _ in range(5)] == [True] * 4 + [False]
    await asyncio.sleep(0.6)  # a message's share of the window (0.5 s) has come back
    assert [await socket_limits.spend(key) for _ in range(2)] == [True, False]


async def test_frames_asking_in_one_turn_get_each_budgets_answer_in_the_order_they_asked(
    limits, settings
) -> None:
    """Frames that ask for their budgets during one turn of the event loop are answered together
    (one Redis call): each budget still gives exactly its limit, to the first frames that asked,
    and one budget used up does not refuse another's frames."""
    settings.LIVE_RATE_LIMIT = 3
    settings.LIVE_RATE_WINDOW_S = 60.0
    a, b = (SocketLimits.budget_key(None, f"192.0.2.{n}") for n in (210, 211))
    order = [a, b, a, a, a, b, a]
    answers = await asyncio.gather(*(socket_limits.spend(key) for key in order))
    assert answers == [True, True, True, True, False, True, False]


async def test_two_processes_count_the_same_sockets_and_a_dead_ones_places_expire(
    settings,
) -> None:
    """Two SocketLimits are two daphnes: their caps add up in Redis, and the places a killed
    process held (never released) are free again once their lease runs out."""
    if not reachable(REDIS_PORT):
        if os.environ.get("CI") == "true":
            pytest.fail("Redis is not reachable on 127.0.0.1")
        pytest.skip("Redis is not reachable on 127.0.0.1")
    settings.REDIS_NAMESPACE = unique(f"gpt{os.getpid()}limits") + ":"
    settings.LIVE_LIMITS_REDIS_URL = URL
    settings.LIVE_MAX_SOCKETS_PER_USER = 4
    settings.LIVE_SOCKET_LEASE_S = 2
    first, second = SocketLimits(), SocketLimits()
    for i in range(2):
        assert await first.admit(member=f"a{i}", user_id=7, address="192.0.2.1") is None
        assert await second.admit(member=f"b{i}", user_id=7, address="192.0.2.2") is None
    refusal = await second.admit(member="b9", user_id=7, address="192.0.2.2")
    assert refusal is not None and refusal.code == 4030
    # The first process dies without a word: its renewer stops, its places stay behind.
    await first.close()
    await asyncio.sleep(1.0)  # the second one renews its own leases meanwhile (every 2/3 s)
    assert await second.admit(member="b9", user_id=7, address="192.0.2.2") is not None
    await asyncio.sleep(1.6)
    assert await second.admit(member="b9", user_id=7, address="192.0.2.2") is None
    assert await second.admit(member="b10", user_id=7, address="192.0.2.2") is None
    assert await second.admit(member="b11", user_id=7, address="192.0.2.2") is not None
    await second.close()


async def test_without_redis_the_limits_let_sockets_through(settings, caplog) -> None:
    """Redis away (restarting): sockets and frames are let through, with a warning; the
    per-connection guard still holds."""
    settings.LIVE_LIMITS_REDIS_URL = "redis://127.0.0.1:1/0"
    limits = SocketLimits()
    assert await limits.admit(member="x", user_id=1, address="192.0.2.1") is None
    assert await limits.spend(SocketLimits.budget_key(1, "192.0.2.1"))
    await limits.release("x")
    assert "socket limits unavailable" in caplog.text
    await limits.close()
