from django.urls import path, re_path

from .consumers import MatchConsumer
from .notify_socket import NotifyConsumer
from .relay import bench_routes
from .sockets import NotFoundConsumer

websocket_urlpatterns = [
    path("ws/match/<int:match_id>/", MatchConsumer.as_asgi()),
    path("ws/notify/", NotifyConsumer.as_asgi()),  # site-wide notifications (live.notifications)
    *bench_routes(),  # the benchmark's bare relay, only when LIVE_BENCH_RELAY is on
]

# Last in the router (config.asgi): any other path is answered with close code 4004, not HTTP 500.
fallback_websocket_urlpatterns = [re_path(r"", NotFoundConsumer.as_asgi())]
