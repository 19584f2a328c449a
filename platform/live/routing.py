from django.urls import path

from .consumers import MatchConsumer
from .relay import bench_routes

websocket_urlpatterns = [
    path("ws/match/<int:match_id>/", MatchConsumer.as_asgi()),
    *bench_routes(),  # the benchmark's bare relay, only when LIVE_BENCH_RELAY is on
]
