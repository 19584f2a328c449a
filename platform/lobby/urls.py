from django.urls import path

from . import views

app_name = "lobby"
urlpatterns = [
    path("", views.index, name="index"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("tables/", views.tables, name="tables"),
    path("play-ai/", views.play_ai, name="play_ai"),
    path("tables/new/", views.create_table, name="create_table"),
    path("tables/<int:table_id>/join/", views.join_table, name="join_table"),
    path("tables/<int:table_id>/cancel/", views.cancel_table, name="cancel_table"),
    path("rematch/<int:match_id>/", views.rematch_offer, name="rematch_offer"),
    path("rematch/<int:match_id>/decline/", views.rematch_decline, name="rematch_decline"),
]
