from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView
from rest_framework.routers import DefaultRouter

from accounts import views as account_views
from accounts.api import LoginView, ProfileView
from live.api import MatchViewSet
from lobby.api import GamesView, PlayAIView, TablesView
from matchmaking.api import QueueView
from ratings.api import LeaderboardView

from . import health

router = DefaultRouter()
router.register("matches", MatchViewSet, basename="match")

api = [
    path("", include(router.urls)),
    path("games/", GamesView.as_view(), name="api-games"),
    path("tables/", TablesView.as_view(), name="api-tables"),
    path("play-ai/", PlayAIView.as_view(), name="api-play-ai"),
    path("queue/", QueueView.as_view(), name="api-queue"),
    path("users/<str:username>/", ProfileView.as_view(), name="api-profile"),
    path("auth/login/", LoginView.as_view(), name="api-login"),
    path("leaderboards/<str:game>/", LeaderboardView.as_view(), name="api-leaderboard"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
]

urlpatterns = [
    path("", include("lobby.urls")),
    path("accounts/login/", account_views.login, name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/", include("accounts.urls")),
    path("match/", include("live.urls")),
    path("leaderboards/", include("ratings.urls")),
    path("queue/", include("matchmaking.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("api/", include(api)),
    path("healthz/", health.full, name="health"),
    path("healthz/live", health.live, name="health-live"),
    path("healthz/ready", health.ready, name="health-ready"),
]
