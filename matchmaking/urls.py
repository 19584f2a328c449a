from django.urls import path

from . import views

app_name = "matchmaking"
urlpatterns = [
    path("", views.queue_page, name="queue"),
    path("panel/", views.queue_panel, name="panel"),
    path("join/", views.join, name="join"),
    path("leave/", views.leave, name="leave"),
]
