from django.urls import path

from . import views

app_name = "tournaments"
urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("new/", views.tournament_new, name="new"),
    path("notice/", views.notice, name="notice"),
    path("organise/ask/", views.organise_ask, name="organise_ask"),
    path("<int:pk>/", views.tournament_detail, name="detail"),
    path("<int:pk>/standings/", views.tournament_standings, name="standings"),
    path("<int:pk>/round/<int:number>/", views.round_page, name="round"),
    path("<int:pk>/trf/", views.trf_download, name="trf"),
    path("<int:pk>/register/", views.register, name="register"),
    path("<int:pk>/withdraw/", views.withdraw, name="withdraw"),
    path("<int:pk>/partner/", views.partner, name="partner"),
    path("<int:pk>/manage/", views.manage, name="manage"),
]
