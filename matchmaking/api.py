"""Public REST API of the queue: status, join, leave (``/api/queue/``).

A program without a WebSocket keeps its place by asking for its status at least every
``QUEUE_GRACE_S`` seconds: the status read counts as presence, as an open queue socket does.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from . import selectors, services
from .errors import QueueError


class JoinSerializer(serializers.Serializer):
    game = serializers.CharField()
    rated = serializers.BooleanField(default=True)


class WindowSerializer(serializers.Serializer):
    width = serializers.IntegerField()
    low = serializers.IntegerField()
    high = serializers.IntegerField()


class StatusSerializer(serializers.Serializer):
    type = serializers.ChoiceField(choices=["status", "idle"])
    cooldown_s = serializers.IntegerField(required=False)
    game = serializers.CharField(required=False)
    game_title = serializers.CharField(required=False)
    rated = serializers.BooleanField(required=False)
    rating = serializers.IntegerField(required=False)
    waited_s = serializers.IntegerField(required=False)
    window = WindowSerializer(required=False)
    position = serializers.IntegerField(required=False)
    size = serializers.IntegerField(required=False)
    priority = serializers.BooleanField(required=False)
    ai_fill_in_s = serializers.IntegerField(required=False)
    match = serializers.DictField(required=False, help_text="The running queue match, if any.")


def _status(user_id: int) -> dict[str, object]:
    services.queue_heartbeat(user_id=user_id)
    status = selectors.queue_status(user_id=user_id)
    if (matched := selectors.queue_match(user_id=user_id)) is not None:
        status["match"] = matched
    return status


class QueueView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=StatusSerializer)
    def get(self, request: Request) -> Response:
        return Response(_status(request.user.pk))

    @extend_schema(request=JoinSerializer, responses={200: StatusSerializer})
    def post(self, request: Request) -> Response:
        form = JoinSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        try:
            services.queue_join(
                user_id=request.user.pk,
                game_slug=form.validated_data["game"],
                rated=form.validated_data["rated"],
            )
        except QueueError as exc:
            return Response({"code": exc.code, "detail": exc.message, **exc.extra}, status=400)
        return Response(_status(request.user.pk))

    @extend_schema(request=None, responses={200: StatusSerializer})
    def delete(self, request: Request) -> Response:
        services.queue_leave(user_id=request.user.pk)
        return Response(_status(request.user.pk))
