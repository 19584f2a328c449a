"""Public REST API for tournaments: list and detail, standings (JSON, or CSV with
``?format=csv``), the crosstable and the rounds with every game; registering and withdrawing.
Every endpoint is in the OpenAPI schema (``/api/schema/``)."""

from __future__ import annotations

import csv
import io
from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, renderers, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from . import selectors, services
from .errors import TournamentError
from .models import Tournament


class StandingsCSVRenderer(renderers.BaseRenderer):
    """The standings as CSV: rank, player, rating, score, one column per tie-break, status."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(
        self, data: Any, accepted_media_type: Any = None, renderer_context: Any = None
    ) -> bytes:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        if not isinstance(data, dict) or "standings" not in data:
            writer.writerow(["error"])
            writer.writerow([str(data)])
            return out.getvalue().encode()
        names = data["tiebreaks"]
        writer.writerow(["rank", "entry_id", "player", "ai", "rating", "score", *names, "status"])
        for row in data["standings"]:
            writer.writerow(
                [
                    row["rank"],
                    row["entry_id"],
                    row["name"],
                    int(row["is_ai"]),
                    row["rating"],
                    row["score"],
                    *(row["tiebreaks"].get(n, "") for n in names),
                    row["status"],
                ]
            )
        return out.getvalue().encode()


class TournamentSerializer(serializers.ModelSerializer):
    players = serializers.SerializerMethodField()
    organiser = serializers.CharField(source="organiser.username", read_only=True)

    class Meta:
        model = Tournament
        fields = [
            "id",
            "name",
            "game",
            "format",
            "status",
            "status_reason",
            "rated",
            "seats_per_table",
            "rounds",
            "double_round_robin",
            "knockout_games",
            "arena_minutes",
            "bank_ms",
            "delay_ms",
            "registration_opens",
            "registration_closes",
            "starts_at",
            "max_players",
            "entry_policy",
            "rating_min",
            "rating_max",
            "duplicate_deals",
            "movement",
            "boards_per_round",
            "tiebreak_order",
            "current_round",
            "organiser",
            "started_at",
            "ends_at",
            "ended_at",
            "players",
        ]

    def get_players(self, obj: Tournament) -> int:
        return int(obj.entries.filter(status="active").count())


class StandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    entry_id = serializers.IntegerField()
    name = serializers.CharField()
    is_ai = serializers.BooleanField()
    rating = serializers.IntegerField()
    score = serializers.FloatField()
    tiebreaks = serializers.DictField(child=serializers.FloatField())
    status = serializers.CharField()
    games = serializers.IntegerField()


class StandingsSerializer(serializers.Serializer):
    tournament = serializers.IntegerField()
    rounds = serializers.IntegerField()
    provisional = serializers.BooleanField()
    scores_hidden = serializers.BooleanField(
        help_text="Pairs: the session's scores are published when it is over (empty until then)."
    )
    tiebreaks = serializers.ListField(child=serializers.CharField())
    standings = StandingRowSerializer(many=True)


class ErrorSerializer(serializers.Serializer):
    code = serializers.CharField()
    detail = serializers.CharField()
    message = serializers.CharField()


_FORBIDDEN = frozenset({"not_organiser", "not_your_tournament", "not_operator"})


def _error(exc: TournamentError) -> Response:
    """403 for who may not act, 404 for no such tournament, 400 for everything else."""
    if exc.code in _FORBIDDEN:
        code = status.HTTP_403_FORBIDDEN
    elif exc.code == "no_tournament":
        code = status.HTTP_404_NOT_FOUND
    else:
        code = status.HTTP_400_BAD_REQUEST
    return Response(exc.as_dict(), status=code)


class TournamentViewSet(viewsets.ReadOnlyModelViewSet):
    """Tournaments, newest start first."""

    serializer_class = TournamentSerializer
    queryset = Tournament.objects.select_related("organiser").order_by("-starts_at", "-id")

    @extend_schema(
        responses={
            200: OpenApiResponse(
                StandingsSerializer,
                description="JSON; with ?format=csv the same rows as text/csv.",
            )
        }
    )
    @action(
        detail=True,
        methods=["get"],
        pagination_class=None,
        renderer_classes=[renderers.JSONRenderer, StandingsCSVRenderer],
    )
    def standings(self, request: Request, pk: str | None = None) -> Response:
        tournament = get_object_or_404(Tournament, pk=pk)
        rows = selectors.standings_of(tournament)
        names = selectors.tiebreak_names_of(tournament)
        data = {
            "tournament": tournament.pk,
            "rounds": tournament.current_round,
            "provisional": tournament.status not in ("finished", "cancelled"),
            # Pairs: the session's scores wait for its end (docs/tournaments.md, "Deal embargo").
            "scores_hidden": selectors.pairs_session_hidden(tournament),
            "tiebreaks": names,
            "standings": [r.as_dict() for r in rows],
        }
        response = Response(data)
        if (
            getattr(request, "accepted_renderer", None)
            and request.accepted_renderer.format == "csv"
        ):
            response["Content-Disposition"] = (
                f'attachment; filename="tournament-{tournament.pk}-standings.csv"'
            )
        return response

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    @action(detail=True, methods=["get"], pagination_class=None)
    def crosstable(self, request: Request, pk: str | None = None) -> Response:
        tournament = get_object_or_404(Tournament, pk=pk)
        table = selectors.crosstable_of(tournament)
        for row in table["rows"]:
            row["cells"] = [c.__dict__ for c in row["cells"]]
        return Response(table)

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    @action(detail=True, methods=["get"], pagination_class=None)
    def rounds(self, request: Request, pk: str | None = None) -> Response:
        """Every round: its tables (players, result, the match to watch or replay) and byes."""
        tournament = get_object_or_404(Tournament, pk=pk)
        return Response(selectors.rounds_of(tournament, viewer=request.user))

    @extend_schema(request=None, responses={201: OpenApiTypes.OBJECT, 400: ErrorSerializer})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def register(self, request: Request, pk: str | None = None) -> Response:
        """Register; in a pairs tournament ``{"partner": "<user name>"}`` names a partner."""
        try:
            entry = services.entry_register(
                tournament_id=int(pk or 0),
                user_id=request.user.pk,
                partner_name=str(request.data.get("partner") or ""),
            )
        except TournamentError as exc:
            return _error(exc)
        return Response(
            {"entry_id": entry.pk, "joined_round": entry.joined_round},
            status=status.HTTP_201_CREATED,
        )

    @extend_schema(request=None, responses={200: OpenApiTypes.OBJECT, 400: ErrorSerializer})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def withdraw(self, request: Request, pk: str | None = None) -> Response:
        try:
            services.entry_withdraw(tournament_id=int(pk or 0), by_user_id=request.user.pk)
        except TournamentError as exc:
            return _error(exc)
        return Response({"withdrawn": True})
