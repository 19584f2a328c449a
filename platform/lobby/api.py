"""Public REST API of the lobby: games and open tables."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from . import selectors


class GameSerializer(serializers.Serializer):
    slug = serializers.CharField()
    title = serializers.CharField()
    seat_counts = serializers.ListField(child=serializers.IntegerField())
    bot_levels = serializers.ListField(child=serializers.CharField())


class TableSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField(allow_null=True)
    is_ai = serializers.BooleanField()


class TableSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game_title = serializers.CharField()
    rated = serializers.BooleanField()
    status = serializers.CharField()
    seats = TableSeatSerializer(many=True)


class GamesView(APIView):
    @extend_schema(responses=GameSerializer(many=True))
    def get(self, request: Request) -> Response:
        return Response(GameSerializer(selectors.game_choices(), many=True).data)


class TablesView(APIView):
    @extend_schema(responses=TableSerializer(many=True))
    def get(self, request: Request) -> Response:
        user_id = request.user.pk if request.user.is_authenticated else None
        tables = selectors.lobby_tables(user_id=user_id)["open_tables"]
        return Response(TableSerializer(tables, many=True).data)
