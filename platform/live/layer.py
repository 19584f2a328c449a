"""The Redis channel layer, with one addition: sending many groups their own message at once.

A match update goes to every seat's group and to the spectators' group, and under load several
updates wait in the publisher at the same time.  ``group_send`` costs four Redis round trips per
group (expire the group, read its members, expire each member's queue, the delivery script);
:meth:`BatchingRedisChannelLayer.group_send_many` does the same work for any number of (group,
message) pairs in two pipelined round trips per Redis host.

Delivery order is kept: channels_redis queues are sorted sets scored by send time and read lowest
score first, so each message of a batch gets its own, strictly increasing score in the order given.
The rest (capacity checks, message expiry, the ``__asgi_channel__`` routing of process-local
channels) is channels_redis's own, reused through its helper methods.
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from channels_redis.core import RedisChannelLayer

_DELIVER = """
local over_capacity = 0
local n = #KEYS
local expiry = ARGV[3 * n + 1]
for i = 1, n do
    if redis.call('ZCOUNT', KEYS[i], '-inf', '+inf') < tonumber(ARGV[n + i]) then
        redis.call('ZADD', KEYS[i], ARGV[2 * n + i], ARGV[i])
        redis.call('EXPIRE', KEYS[i], expiry)
    else
        over_capacity = over_capacity + 1
    end
end
return over_capacity
"""

_SCORE_STEP = 1e-6
"""Score distance between messages of one batch: far below any real gap between two batches."""


class BatchingRedisChannelLayer(RedisChannelLayer):  # type: ignore[misc]
    async def group_send_many(self, items: Sequence[tuple[str, dict[str, Any]]]) -> None:
        """Send each group its message, in the order given."""
        by_host: dict[int, list[tuple[int, str, dict[str, Any]]]] = defaultdict(list)
        for n, (group, message) in enumerate(items):
            assert self.require_valid_group_name(group), "Group name not valid"
            by_host[self.consistent_hash(group)].append((n, group, message))
        now = time.time()
        # (order, queue key, serialized message, capacity) per Redis host of the queue.
        deliveries: dict[int, list[tuple[int, str, bytes, int]]] = defaultdict(list)
        for host, entries in by_host.items():
            pipe = self.connection(host).pipeline(transaction=False)
            for _, group, _ in entries:
                key = self._group_key(group)
                pipe.zremrangebyscore(key, min=0, max=int(now) - self.group_expiry)
                pipe.zrange(key, 0, -1)
            replies = await pipe.execute()
            for (n, _, message), members in zip(entries, replies[1::2], strict=True):
                names = [m.decode("utf8") for m in members]
                keys_by_host, key_message, key_capacity = self._map_channel_keys_to_connection(
                    names, message
                )
                for queue_host, keys in keys_by_host.items():
                    deliveries[queue_host].extend(
                        (n, k, key_message[k], key_capacity[k]) for k in keys
                    )
        for queue_host, rows in deliveries.items():
            rows.sort(key=lambda row: row[0])
            keys = [row[1] for row in rows]
            args: list[Any] = [row[2] for row in rows]
            args += [row[3] for row in rows]
            args += [now + n * _SCORE_STEP for n in range(len(rows))]
            args.append(self.expiry)
            pipe = self.connection(queue_host).pipeline(transaction=False)
            for key in dict.fromkeys(keys):
                pipe.zremrangebyscore(key, min=0, max=int(now) - int(self.expiry))
            pipe.eval(_DELIVER, len(keys), *keys, *args)
            await pipe.execute()
