"""Public REST API for leaderboards: the index and one board per game under ``/api/v1/``, and the
unversioned ``/api/leaderboards/<game>/`` of before, kept in the shape it had.  Both read the one
board (``selectors.leaderboard_rows``): the old path is the v1 board's first page less the
fields v1 added (``is_bot``, ``count``, ``next``, ``previous``)."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import ListRateThrottle, Pagination, query_flag
from games.registry import all_games
from live import catalogue

from . import selectors


class LeaderboardRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    username = serializers.CharField()
    is_bot = serializers.BooleanField()
    rating = serializers.IntegerField()
    games = serializers.IntegerField()


class AILevelSerializer(serializers.Serializer):
    level = serializers.CharField()
    rating = serializers.IntegerField()
    games = serializers.IntegerField()


class LeaderboardSerializer(serializers.Serializer):
    game = serializers.CharField()
    count = serializers.IntegerField(help_text="Established players in all (every page).")
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    players = LeaderboardRowSerializer(many=True)
    ai_levels = AILevelSerializer(many=True)


class LeaderboardIndexSerializer(serializers.Serializer):
    game = serializers.CharField()
    title = serializers.CharField(help_text="The game's English name.")
    title_localized = serializers.CharField(
        help_text="The game's name in the request's language (Accept-Language)."
    )
    url = serializers.URLField()


def _known_game(game: str) -> str:
    if game not in all_games():
        raise NotFound(f"there is no game {game!r}")
    return game


class LeaderboardsView(APIView):
    """One leaderboard per game on the site."""

    throttle_classes = [ListRateThrottle]

    @extend_schema(
        operation_id="leaderboards_list", responses=LeaderboardIndexSerializer(many=True)
    )
    def get(self, request: Request) -> Response:
        rows = [
            {
                "game": g.slug,
                "title": g.title,
                "title_localized": catalogue.game_title(g),
                "url": request.build_absolute_uri(reverse("v1:leaderboard", args=[g.slug])),
            }
            for g in catalogue.playable_games().values()
        ]
        return Response(LeaderboardIndexSerializer(rows, many=True).data)


class LeaderboardView(APIView):
    """Established players of a game (``PROVISIONAL_GAMES`` rated games or more), best first,
    paginated (``limit``/``offset``); bots are listed with ``is_bot`` and share the pool
    (``?bots=false`` leaves them out).  ``ai_levels``: the AI levels' own ratings."""

    throttle_classes = [ListRateThrottle]

    @extend_schema(
        operation_id="leaderboards_retrieve",
        parameters=[
            OpenApiParameter("bots", bool, description="false: people only; true: bots only."),
            OpenApiParameter("limit", int),
            OpenApiParameter("offset", int),
        ],
        responses=LeaderboardSerializer,
    )
    def get(self, request: Request, game: str) -> Response:
        _known_game(game)
        pager = Pagination()
        rows = selectors.leaderboard_rows(game=game, bots=query_flag(request, "bots"))
        page = pager.paginate_queryset(rows, request, view=self) or []
        data = {
            "game": game,
            "count": pager.count,
            "next": pager.get_next_link(),
            "previous": pager.get_previous_link(),
            "players": selectors.leaderboard_entries(page, first_rank=pager.offset + 1),
            "ai_levels": selectors.ai_ratings(game=game),
        }
        return Response(LeaderboardSerializer(data).data)


# --- the unversioned path of before (not in the schema; docs/api.md "Versions") -----------------


class UnversionedLeaderboardRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    username = serializers.CharField()
    rating = serializers.IntegerField()
    games = serializers.IntegerField()


class UnversionedLeaderboardSerializer(serializers.Serializer):
    game = serializers.CharField()
    players = UnversionedLeaderboardRowSerializer(many=True)
    ai_levels = AILevelSerializer(many=True)


class UnversionedLeaderboardView(APIView):
    """``/api/leaderboards/<game>/``: the first 100 established players and the AI levels, in the
    shape this path always had (no pages, no ``is_bot``)."""

    throttle_classes = [ListRateThrottle]

    @extend_schema(responses=UnversionedLeaderboardSerializer)
    def get(self, request: Request, game: str) -> Response:
        data = {
            "game": _known_game(game),
            "players": selectors.leaderboard(game=game),
            "ai_levels": selectors.ai_ratings(game=game),
        }
        return Response(UnversionedLeaderboardSerializer(data).data)
