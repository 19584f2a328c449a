"""The WebSocket consumer base every endpoint of the platform uses."""

from __future__ import annotations

from typing import Any

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer


class DirectDispatchConsumer(AsyncWebsocketConsumer):
    """Hands each message straight to its handler.

    Channels tidies the database connections before every handler (``aclose_old_connections``): a
    hop to the process's one shared sync thread and back for every frame in and every group message
    out, which cost a daphne under load about a tenth of its CPU.  Here no handler touches the
    database on the event loop's thread: every database call goes through a thread-pool wrapper
    that tidies the connections of the thread it runs on (``live.consumers.db_call``, Channels'
    ``database_sync_to_async``), so the extra hop tidies nothing.
    """

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"no handler for message type {message['type']}")
        await handler(message)
