from django.urls import path

from .consumers import QueueConsumer

# The notification socket (/ws/notify/) is live's and routed there (live.routing); the queue's
# ``matched`` reaches it through the group matchmaking registers (matchmaking.apps).
websocket_urlpatterns = [
    path("ws/queue/", QueueConsumer.as_asgi()),
]
