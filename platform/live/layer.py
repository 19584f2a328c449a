"""The Redis channel layer of every real deployment: channels_redis's pub/sub layer, plus sending
many groups their own message in one round trip.

Why pub/sub rather than channels_redis's default (list-backed) layer: live frames are worth
something only while they are fresh, and a client that missed one gets a full snapshot on reconnect
or ``resync`` (every frame carries ``seq``).  The default layer pays for at-least-once delivery with
four Redis round trips per message received (restore the backup queue, pop, back up, clear the
backup) and four per group sent to; on a daphne serving hundreds of matches that was a fifth of its
CPU.  With pub/sub a process subscribes once per group it holds members of, a send is one
``PUBLISH`` per group, and a received message goes straight to the local consumers' queues.

A match update goes to every seat's group and to the spectators' group, and under load several
updates wait in the publisher at the same time: :meth:`BatchingPubSubChannelLayer.group_send_many`
publishes any number of (group, message) pairs in one pipelined round trip per Redis host.  One
connection, one pipeline, in the order given: Redis delivers them to every subscriber in that order.

It reaches into channels_redis's per-loop layer and shard objects (``_get_layer``, ``_get_shard``,
``_lock``, ``_ensure_redis``, ``_redis``); channels-redis is pinned in pyproject.toml and
tests/platform/test_channel_layer.py checks the behaviour against a real Redis.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from channels_redis.pubsub import RedisPubSubChannelLayer


class BatchingPubSubChannelLayer(RedisPubSubChannelLayer):  # type: ignore[misc]
    async def group_send_many(self, items: Sequence[tuple[str, dict[str, Any]]]) -> None:
        """Send each group its message, in the order given."""
        layer = self._get_layer()
        by_shard: dict[Any, list[tuple[str, bytes]]] = {}
        for group, message in items:
            name = layer._get_group_channel_name(group)
            by_shard.setdefault(layer._get_shard(name), []).append((name, self.serialize(message)))
        for shard, rows in by_shard.items():
            async with shard._lock:
                shard._ensure_redis()
                pipe = shard._redis.pipeline(transaction=False)
                for name, data in rows:
                    pipe.publish(name, data)
                await pipe.execute()
