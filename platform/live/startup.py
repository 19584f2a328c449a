"""What a daphne or worker process loads once at start, before it serves anything.

Without it the first command or clock job of each process imports every game engine, the channel
layer and the Redis client, and starts the publisher: a few hundred milliseconds that, in a burst of
deadlines, every match of the first clock job waits through.  Loading it all up front also puts it
under ``gc.freeze()``, out of the garbage collector's walks.  The apps around live load their own
modules in their ``AppConfig.ready`` (ratings, matchmaking, tournaments and chat import their
services there to register live's hooks), which runs before this.
"""

from __future__ import annotations

import gc

from channels.layers import get_channel_layer

from games.registry import all_games

from . import publish


def warm_up_and_freeze() -> None:
    all_games()
    get_channel_layer()
    publish.start_publisher()
    # Everything loaded so far lives as long as the process: move it out of the collector's sight,
    # so a full collection walks only what requests and jobs allocate (a full walk of every Django
    # and game object stalled all connections of a process for tens of milliseconds at a time).
    gc.collect()
    gc.freeze()
