"""Public REST API of the lobby: open tables and playing against the AI (the games list is live's:
``live.api``)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from live.errors import LiveError

from . import selectors, services, time_controls


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


class TablesView(APIView):
    @extend_schema(responses=TableSerializer(many=True))
    def get(self, request: Request) -> Response:
        user_id = request.user.pk if request.user.is_authenticated else None
        tables = selectors.lobby_tables(user_id=user_id)["open_tables"]
        return Response(TableSerializer(tables, many=True).data)


@extend_schema_field({"type": "string", "enum": list(time_controls.CHOICES)})
class TimeControlField(serializers.CharField):
    """A time control choice (``lobby.time_controls``).  The service checks it, not DRF, so an
    unknown one is refused as the lobby's form refuses it: ``bad_time_control``."""


class PlayAISerializer(serializers.Serializer):
    game = serializers.CharField()
    level = serializers.CharField()
    pass_and_play = serializers.BooleanField(default=False)
    time_control = TimeControlField(
        required=False,
        allow_blank=True,
        help_text=(
            "The clock (optional; omitted: standard, the game's own). relaxed: bank and delay 3x "
            "the standard; long: 10x; untimed: no clock runs, and a seat that has not acted for a "
            "day forfeits. Games against the AI are unrated, so any choice is allowed. "
            "An unknown choice is refused with code bad_time_control and nothing is started."
        ),
    )


class StartedSerializer(serializers.Serializer):
    match_id = serializers.IntegerField()
    ws_path = serializers.CharField()


class PlayAIView(APIView):
    """Start a match against the AI at once (what the lobby's "play" button does), with the
    standard clock or a chosen one (``time_control``, as in the lobby's form)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=PlayAISerializer, responses={201: StartedSerializer})
    def post(self, request: Request) -> Response:
        form = PlayAISerializer(data=request.data)
        form.is_valid(raise_exception=True)
        try:
            match = services.ai_match_start(
                user_id=request.user.pk,
                game_slug=form.validated_data["game"],
                level=form.validated_data["level"],
                pass_and_play=form.validated_data["pass_and_play"],
                time_control=form.validated_data.get("time_control", ""),
            )
        except LiveError as exc:
            return Response({"code": exc.code, "detail": exc.message}, status=400)
        return Response({"match_id": match.pk, "ws_path": f"/ws/match/{match.pk}/"}, status=201)
