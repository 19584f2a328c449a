"""The live benchmark's yardsticks (platform/live/relay.py), driven in-process: if they sent less
than they claim, the benchmark would compare the live path with too cheap a relay."""

from __future__ import annotations

import json

import pytest
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.urls import path

from live.relay import MoveShapedRelayConsumer, RelayConsumer

# django_db: Channels tidies database connections when a socket disconnects.
pytestmark = [pytest.mark.asyncio, pytest.mark.django_db]

APP = URLRouter(
    [
        path("relay/<str:name>/", RelayConsumer.as_asgi()),
        path("move/<str:name>/<str:partner>/", MoveShapedRelayConsumer.as_asgi()),
    ]
)


async def opened(url: str) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(APP, url)
    connected, _ = await comm.connect()
    assert connected
    return comm


async def test_bare_relay_sends_each_frame_back_to_its_sender() -> None:
    comm = await opened("/relay/solo/")
    await comm.send_to(text_data='{"command_id": "x1"}')
    assert json.loads(await comm.receive_from(timeout=5)) == {"command_id": "x1"}
    await comm.disconnect()


async def test_move_shaped_relay_acks_and_sends_a_state_sized_frame_to_both_seats() -> None:
    mover, partner = await opened("/move/a/b/"), await opened("/move/b/a/")
    await mover.send_to(text_data=json.dumps({"command_id": "c1", "size": 2000}))
    ack = json.loads(await mover.receive_from(timeout=5))
    assert ack == {"type": "ack", "command_id": "c1"}
    own = await mover.receive_from(timeout=5)
    seen = await partner.receive_from(timeout=5)
    assert own == seen
    assert len(own) == 2000
    assert json.loads(own)["command_id"] == "c1"
    assert await mover.receive_nothing(timeout=0.2)
    await mover.disconnect()
    await partner.disconnect()


async def test_move_shaped_relay_refuses_group_names_it_cannot_use() -> None:
    comm = WebsocketCommunicator(APP, "/move/a/b%20c/")
    connected, code = await comm.connect()
    assert not connected
    assert code == 4000
