"""The batching pub/sub channel layer (platform/live/layer.py) against a real Redis: each group gets
its own message, only its members receive it, and a consumer's messages arrive in the order they
were given — also when several updates of one match go out in one batch."""

from __future__ import annotations

import asyncio
import os

import pytest
import redis

from live.layer import BatchingPubSubChannelLayer
from support.stack import REDIS_PORT, reachable, unique

URL = f"redis://127.0.0.1:{REDIS_PORT}/6"
# Pub/sub channels ignore database numbers: this process's own prefix keeps another test run's
# groups (and publisher connections) apart from these.
PREFIX = unique(f"gpt{os.getpid()}layer")
PUBLISHER = f"publisher-under-test-{os.getpid()}"


@pytest.fixture
def layer() -> BatchingPubSubChannelLayer:
    if not reachable(REDIS_PORT):
        if os.environ.get("CI") == "true":
            pytest.fail("Redis is not reachable on 127.0.0.1")
        pytest.skip("Redis is not reachable on 127.0.0.1")
    return BatchingPubSubChannelLayer(hosts=[{"address": URL}], prefix=PREFIX)


async def nothing_more(layer: BatchingPubSubChannelLayer, channel: str) -> bool:
    try:
        await asyncio.wait_for(layer.receive(channel), timeout=0.3)
    except TimeoutError:
        return True
    return False


async def test_each_group_gets_its_own_message_and_nobody_else_does(layer) -> None:
    seat0 = await layer.new_channel()
    seat1 = await layer.new_channel()
    spectator = await layer.new_channel()
    await layer.group_add("m-seat-0", seat0)
    await layer.group_add("m-seat-1", seat1)
    await layer.group_add("m-public", spectator)
    await layer.group_send_many(
        [
            ("m-seat-0", {"type": "match.state", "text": "hand of seat 0"}),
            ("m-seat-1", {"type": "match.state", "text": "hand of seat 1"}),
            ("m-public", {"type": "match.state", "text": "no hands"}),
            ("m-empty", {"type": "match.state", "text": "to nobody"}),
        ]
    )
    assert (await layer.receive(seat0))["text"] == "hand of seat 0"
    assert (await layer.receive(seat1))["text"] == "hand of seat 1"
    assert (await layer.receive(spectator))["text"] == "no hands"
    for channel in (seat0, seat1, spectator):
        assert await nothing_more(layer, channel)
    await layer.flush()


async def test_a_batch_of_many_updates_arrives_in_order_for_every_member(layer) -> None:
    one_tab = await layer.new_channel()
    other_tab = await layer.new_channel()
    both_seats = await layer.new_channel()  # pass-and-play: one connection in both seat groups
    for channel in (one_tab, other_tab, both_seats):
        await layer.group_add("g-seat-0", channel)
    await layer.group_add("g-seat-1", both_seats)
    items = []
    for seq in range(1, 41):
        items.append(("g-seat-0", {"type": "match.state", "text": f"0:{seq}"}))
        items.append(("g-seat-1", {"type": "match.state", "text": f"1:{seq}"}))
    await layer.group_send_many(items)
    for channel in (one_tab, other_tab):
        got = [(await layer.receive(channel))["text"] for _ in range(40)]
        assert got == [f"0:{seq}" for seq in range(1, 41)]
    got = [(await layer.receive(both_seats))["text"] for _ in range(80)]
    assert got == [text for _, message in items for text in [message["text"]]]
    await layer.flush()


async def test_an_update_sent_after_redis_dropped_the_publishers_connection_still_arrives(
    layer,
) -> None:
    """What a Redis restart does to a process that published before: its pooled connection is
    dead and fails on next use.  The publisher tries again and the member hears the update (this
    was a stalled match: the AI's move committed, its frame lost)."""
    from live.publish import send_with_retries

    publisher = BatchingPubSubChannelLayer(
        hosts=[{"address": URL, "client_name": PUBLISHER}], prefix=PREFIX
    )
    member = await layer.new_channel()
    await layer.group_add("r-seat-0", member)
    assert await send_with_retries(publisher, [("r-seat-0", {"seq": 1})])
    assert "1" in (await layer.receive(member))["text"]
    admin = redis.Redis.from_url(URL)
    killed = [
        admin.client_kill_filter(_id=client["id"])
        for client in admin.client_list()
        if client["name"] == PUBLISHER
    ]
    assert killed, "the publisher's connection was not found"
    assert await send_with_retries(publisher, [("r-seat-0", {"seq": 2})])
    assert '"seq":2' in (await layer.receive(member))["text"]
    await publisher.flush()
    await layer.flush()
