"""Public REST API for leaderboards (established players only) and AI level ratings."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.registry import all_games

from . import selectors


class LeaderboardRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    username = serializers.CharField()
    rating = serializers.IntegerField()
    games = serializers.IntegerField()


class AILevelSerializer(serializers.Serializer):
    level = serializers.CharField()
    rating = serializers.IntegerField()
    games = serializers.IntegerField()


class LeaderboardSerializer(serializers.Serializer):
    game = serializers.CharField()
    players = LeaderboardRowSerializer(many=True)
    ai_levels = AILevelSerializer(many=True)


class LeaderboardView(APIView):
    @extend_schema(responses=LeaderboardSerializer)
    def get(self, request: Request, game: str) -> Response:
        if game not in all_games():
            raise NotFound(f"there is no game {game!r}")
        data = {
            "game": game,
            "players": selectors.leaderboard(game=game),
            "ai_levels": selectors.ai_ratings(game=game),
        }
        return Response(LeaderboardSerializer(data).data)
