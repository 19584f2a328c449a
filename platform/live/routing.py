from django.urls import path

from .consumers import MatchConsumer

websocket_urlpatterns = [path("ws/match/<int:match_id>/", MatchConsumer.as_asgi())]
websocket_urlpatterns += __import__("live.relay", fromlist=["bench_routes"]).bench_routes()
