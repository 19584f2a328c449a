"""Watching (docs/players.md "Watching"): the list of live games and the TV pages."""

from django.urls import path

from . import views

app_name = "watch"
urlpatterns = [
    path("watch/", views.watch_list, name="list"),
    path("tv/", views.tv_page, name="tv"),
    path("tv/current.json", views.tv_current, name="tv_current"),
    path("tv/<slug:game>/", views.tv_page, name="tv_game"),
    path("tv/<slug:game>/current.json", views.tv_current, name="tv_game_current"),
]
