from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)
from rest_framework.routers import SimpleRouter

from accounts import api as accounts_api
from accounts import views as account_views
from accounts.api import LoginView, ProfileView
from analysis.api import MatchAnalysisView
from live import api as live_api
from live.api import MatchViewSet
from lobby.api import PlayAIView, TablesView
from matchmaking.api import QueueView
from operations import views as operations_views
from ratings import api as ratings_api
from tournaments.api import TournamentViewSet

from . import health
from .api import ApiRootView

router = SimpleRouter()
router.register("matches", MatchViewSet, basename="match")
router.register("tournaments", TournamentViewSet, basename="tournament")

# The unversioned API of before: the same paths and views as they were (clients keep working);
# the schema and docs/api.md describe /api/v1/ below.
api = [
    path("", ApiRootView.as_view(), name="api-root"),
    path("", include(router.urls)),
    path("games/", live_api.GamesUnversionedView.as_view(), name="api-games"),
    path("tables/", TablesView.as_view(), name="api-tables"),
    path("play-ai/", PlayAIView.as_view(), name="api-play-ai"),
    path("queue/", QueueView.as_view(), name="api-queue"),
    path("users/<str:username>/", ProfileView.as_view(), name="api-profile"),
    path("auth/login/", LoginView.as_view(), name="api-login"),
    path(
        "leaderboards/<str:game>/",
        ratings_api.UnversionedLeaderboardView.as_view(),
        name="api-leaderboard",
    ),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
]

# Version 1 of the public API (docs/api.md): the root links every resource.
api_v1 = [
    path("", ApiRootView.as_view(), name="root"),
    path("matches/<int:match_id>/analysis/", MatchAnalysisView.as_view(), name="match-analysis"),
    path("", include(router.urls)),
    path("games/", live_api.GamesView.as_view(), name="games"),
    path("games/<str:slug>/", live_api.GameDetailView.as_view(), name="game-detail"),
    path("tables/", TablesView.as_view(), name="tables"),
    path("play-ai/", PlayAIView.as_view(), name="play-ai"),
    path("queue/", QueueView.as_view(), name="queue"),
    path("users/", accounts_api.UsersView.as_view(), name="users"),
    path("users/<str:username>/", ProfileView.as_view(), name="user-detail"),
    path("leaderboards/", ratings_api.LeaderboardsView.as_view(), name="leaderboards"),
    path("leaderboards/<str:game>/", ratings_api.LeaderboardView.as_view(), name="leaderboard"),
    path("auth/login/", LoginView.as_view(), name="login"),
    path("account/bot/", accounts_api.BotAccountView.as_view(), name="bot-account"),
    path("tokens/", accounts_api.TokensView.as_view(), name="tokens"),
    path(
        "tokens/revoke-all/", accounts_api.TokensRevokeAllView.as_view(), name="tokens-revoke-all"
    ),
    path("tokens/<int:token_id>/", accounts_api.TokenView.as_view(), name="token"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
]

urlpatterns = [
    path("", include("lobby.urls")),
    path("accounts/login/", account_views.login, name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/", include("accounts.urls")),
    path("match/", include("live.urls")),
    path("", include("live.watch_urls")),
    path("leaderboards/", include("ratings.urls")),
    path("queue/", include("matchmaking.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("challenges/", include("challenges.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/dashboard/", operations_views.dashboard, name="operations-dashboard"),
    path("admin/login/", account_views.admin_login, name="admin-login"),  # + LOGIN_RATE
    path("admin/", admin.site.urls),
    path("api/v1/", include((api_v1, "v1"))),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="v1:schema"), name="api-docs"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="v1:schema"), name="api-redoc"),
    path("api/", include(api)),
    path("metrics", operations_views.metrics_view, name="metrics"),
    path("healthz/", health.full, name="health"),
    path("healthz/live", health.live, name="health-live"),
    path("healthz/ready", health.ready, name="health-ready"),
]
