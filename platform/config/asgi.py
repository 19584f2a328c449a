"""ASGI entry point: HTTP through Django, WebSockets through the live consumers."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from accounts.tokens import TokenAuthMiddleware  # noqa: E402
from chat.routing import websocket_urlpatterns as chat_websocket_urlpatterns  # noqa: E402
from live.liveness import start_beating  # noqa: E402
from live.routing import fallback_websocket_urlpatterns, websocket_urlpatterns  # noqa: E402
from live.sockets import StoreOutageGuard  # noqa: E402
from live.startup import warm_up_and_freeze  # noqa: E402
from matchmaking.routing import websocket_urlpatterns as queue_websocket_urlpatterns  # noqa: E402
from operations.metrics import start_metrics_server  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # A database away while the session or token is read: 4013, not HTTP 500 (live.sockets).
        "websocket": StoreOutageGuard(
            AllowedHostsOriginValidator(
                AuthMiddlewareStack(
                    # A bot's "Authorization: Bearer <token>" replaces the session (docs/api.md).
                    TokenAuthMiddleware(
                        URLRouter(
                            websocket_urlpatterns
                            + queue_websocket_urlpatterns
                            + chat_websocket_urlpatterns
                            + fallback_websocket_urlpatterns
                        )
                    )
                )
            )
        ),
    }
)

warm_up_and_freeze()
if Path(sys.argv[0]).name == "daphne":
    # A web server is what receives commands: its beat says the platform is up (live.liveness).
    # Only a real server beats: importing the application (tests, tools) must not.
    start_beating()
    start_metrics_server()  # on METRICS_PORT, if set (operations.metrics)
