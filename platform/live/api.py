"""Public REST API for matches: list, detail, and the move log once a match is over."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response

from .models import Match, MatchStatus, Move


class SeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField(source="display_name")
    is_ai = serializers.SerializerMethodField()

    def get_is_ai(self, obj: Any) -> bool:
        return not obj.user_id


class MatchSerializer(serializers.ModelSerializer):
    seats = SeatSerializer(many=True, read_only=True)

    class Meta:
        model = Match
        fields = [
            "id",
            "game",
            "status",
            "rated",
            "seq",
            "seats",
            "result",
            "end_reason",
            "abort_reason",
            "created_at",
            "ended_at",
        ]


class MoveSerializer(serializers.ModelSerializer):
    class Meta:
        model = Move
        fields = ["seq", "seat", "kind", "action", "arrived_ms", "committed_ms", "detail"]


class MatchViewSet(viewsets.ReadOnlyModelViewSet):
    """Matches.  Hidden information (hands, the snapshot) is never part of this API; the move log
    is published only when a match is over, because a live log would reveal hidden choices."""

    serializer_class = MatchSerializer
    queryset = Match.objects.prefetch_related("seats__user").order_by("-id")

    @extend_schema(responses=MoveSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None)
    def moves(self, request: Request, pk: str | None = None) -> Response:
        match = get_object_or_404(Match, pk=pk)
        if match.status in (MatchStatus.RUNNING, MatchStatus.WAITING):
            raise PermissionDenied("the move log is published when the match is over")
        return Response(MoveSerializer(match.moves.order_by("seq"), many=True).data)
