"""``/api/v1/matches/<id>/analysis/``: GET reads a match's analysis, POST asks for it (idempotent;
anyone who may read the match's record may ask).  403 ``match_running`` while the match runs,
403 ``deal_embargoed`` while other tables still play its deal, 404 for no match, 409
``not_available`` when asking for a game (or match) with no analysis."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import APIException, NotFound, PermissionDenied
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from live import embargo

from . import selectors, services
from .selectors import AnalysisError


class AnalysisSerializer(serializers.Serializer[dict[str, object]]):
    match = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.ChoiceField(
        choices=["none", "pending", "running", "done", "failed", "unavailable"]
    )
    result = serializers.JSONField(
        allow_null=True,
        help_text=(
            "The game's analysis once done (Bridge: docs/games/bridge.md; every other game: "
            "the moments analysis, docs/architecture.md)."
        ),
    )
    finished_at = serializers.DateTimeField(allow_null=True)


class NotAvailable(APIException):
    status_code = status.HTTP_409_CONFLICT
    default_code = "not_available"


def _refusal(exc: AnalysisError) -> APIException:
    if exc.code == "not_found":
        return NotFound(exc.message)
    if exc.code == embargo.CODE:
        return embargo.refuse_api()
    if exc.code == "not_available":
        return NotAvailable(exc.message)
    return PermissionDenied(exc.message, code=exc.code)


class MatchAnalysisView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=AnalysisSerializer)
    def get(self, request: Request, match_id: int) -> Response:
        """The analysis of a finished match and how far its job is."""
        try:
            return Response(selectors.analysis_read(match_id=match_id, user=request.user))
        except AnalysisError as exc:
            raise _refusal(exc) from None

    @extend_schema(request=None, responses={202: AnalysisSerializer})
    def post(self, request: Request, match_id: int) -> Response:
        """Ask for the analysis (queued once; asking again changes nothing)."""
        try:
            services.analysis_request(match_id=match_id, user=request.user)
            read = selectors.analysis_read(match_id=match_id, user=request.user)
        except AnalysisError as exc:
            raise _refusal(exc) from None
        return Response(read, status=status.HTTP_202_ACCEPTED)
