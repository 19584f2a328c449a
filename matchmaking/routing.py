from django.urls import path

from live.notify_socket import NotifyConsumer

from .consumers import QueueConsumer

# The notification socket sits with the queue's: it also carries the queue's ``matched`` message to
# every other page of the player (live.notifications).
websocket_urlpatterns = [
    path("ws/queue/", QueueConsumer.as_asgi()),
    path("ws/notify/", NotifyConsumer.as_asgi()),
]
