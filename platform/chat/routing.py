from django.urls import re_path

from .consumers import ChatConsumer

websocket_urlpatterns = [
    re_path(
        r"^ws/chat/(?P<kind>match|tournament)/(?P<target_id>[0-9]{1,19})/$",
        ChatConsumer.as_asgi(),
    ),
]
