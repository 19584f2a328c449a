"""Public REST API for games and matches (docs/api.md).

Hidden information never leaves through here while it is hidden: a running match shows the public
view (what spectators see) and its clock; the move log, and the record that reveals every deal,
are published only once the match is over (a live log would reveal hidden choices).
"""

from __future__ import annotations

import html
import re
from functools import cache
from typing import Any

from django.conf import settings
from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    extend_schema,
    extend_schema_field,
    extend_schema_view,
)
from rest_framework import serializers, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import ListEndpoint, ListRateThrottle
from games.core import Game, event_for
from games.registry import get_game

from . import catalogue, embargo, providers, timebase
from .clock import clock_public
from .models import Match, MatchStatus, Move

# --- games ----------------------------------------------------------------------------------------


@cache
def _rules_summary(slug: str, lang: str) -> str:
    """The first paragraph of the game's rules help in ``lang``, as plain text."""
    template = catalogue.rules_templates(slug).get(lang) or catalogue.rules_templates(slug)["en"]
    with translation.override(lang):
        page = render_to_string(template)
    found = re.search(r"<p[^>]*>(.*?)</p>", page, flags=re.S)
    text = re.sub(r"<[^>]+>", "", found.group(1) if found else "")
    return " ".join(html.unescape(text).split())


def _levels(game: Game[Any]) -> list[dict[str, Any]]:
    ratings = providers.ratings().ai_level_ratings([game.slug]).get(game.slug, {})
    return [
        {"level": level, "rating": round(ratings[level]) if level in ratings else None}
        for level in game.bots
    ]


def game_data(game: Game[Any], request: Request) -> dict[str, Any]:
    lang = translation.get_language() or settings.LANGUAGE_CODE
    lang = lang[:2] if lang[:2] in catalogue.LANGUAGES else "en"
    return {
        "slug": game.slug,
        "title": game.title,
        "title_localized": catalogue.game_title(game, lang),
        "seat_counts": list(game.seat_counts),
        "bot_levels": list(game.bots),
        "levels": _levels(game),
        "rating_mode": game.rating_mode.value,
        "time_control": {
            "bank_ms": game.time_control.bank_ms,
            "delay_ms": game.time_control.delay_ms,
        },
        "rules_summary": _rules_summary(game.slug, lang),
        "rules_language": lang,
        "url": request.build_absolute_uri(reverse("v1:game-detail", args=[game.slug])),
    }


class LevelSerializer(serializers.Serializer):
    level = serializers.CharField()
    rating = serializers.IntegerField(
        allow_null=True, help_text="The AI level's current rating in this game (null: unrated)."
    )


class TimeControlSerializer(serializers.Serializer):
    bank_ms = serializers.IntegerField()
    delay_ms = serializers.IntegerField()


class GameSerializer(serializers.Serializer):
    slug = serializers.CharField()
    title = serializers.CharField(
        help_text="The game's English name (stable: clients may key on it)."
    )
    title_localized = serializers.CharField(
        help_text="The game's name in the request's language (Accept-Language), as pages show it."
    )
    seat_counts = serializers.ListField(child=serializers.IntegerField())
    bot_levels = serializers.ListField(
        child=serializers.CharField(), help_text="AI levels, weakest first."
    )
    levels = LevelSerializer(many=True)
    rating_mode = serializers.CharField()
    time_control = TimeControlSerializer()
    rules_summary = serializers.CharField(
        help_text="The rules help's first paragraph, in the request's language (Accept-Language)."
    )
    rules_language = serializers.CharField()
    url = serializers.URLField()


def _playable() -> list[Game[Any]]:
    games = list(catalogue.playable_games().values())
    featured = settings.LOBBY_FEATURED_GAME
    return sorted(games, key=lambda g: (g.slug != featured, g.title))


class GamesView(APIView):
    """The games on the site: seat counts, AI levels (with their ratings), rating mode, time
    control and a rules summary.  The catalogue is short and fixed per deployment, so it is one
    unpaginated list (docs/api.md); ``?seats=`` filters it."""

    throttle_classes = [ListRateThrottle]

    @extend_schema(
        operation_id="games_list",
        parameters=[
            OpenApiParameter("seats", int, description="Only games playable by this many seats.")
        ],
        responses=GameSerializer(many=True),
        examples=[
            OpenApiExample(
                "One game",
                response_only=True,
                value=[
                    {
                        "slug": "spectacular_bid",
                        "title": "Spectacular Bid",
                        "title_localized": "Spectacular Bid",
                        "seat_counts": [2],
                        "bot_levels": ["random", "greedy"],
                        "levels": [{"level": "random", "rating": 1180}],
                        "rating_mode": "duel",
                        "time_control": {"bank_ms": 600000, "delay_ms": 10000},
                        "rules_summary": "This is the automated digital edition …",
                        "rules_language": "en",
                        "url": "https://play.example.com/api/v1/games/spectacular_bid/",
                    }
                ],
            )
        ],
    )
    def get(self, request: Request) -> Response:
        games = _playable()
        seats = request.query_params.get("seats")
        if seats is not None:
            if not seats.isdigit():
                raise serializers.ValidationError({"seats": ["a whole number"]})
            games = [g for g in games if int(seats) in g.seat_counts]
        return Response(GameSerializer([game_data(g, request) for g in games], many=True).data)


class GameBriefSerializer(serializers.Serializer):
    slug = serializers.CharField()
    title = serializers.CharField()
    seat_counts = serializers.ListField(child=serializers.IntegerField())
    bot_levels = serializers.ListField(child=serializers.CharField())


class GamesUnversionedView(APIView):
    """``/api/games/`` as it was before /api/v1/ (kept working for old clients, not in the
    schema): the same games in the same order as :class:`GamesView`, four fields each."""

    @extend_schema(responses=GameBriefSerializer(many=True))
    def get(self, request: Request) -> Response:
        rows = [
            {
                "slug": g.slug,
                "title": g.title,
                "seat_counts": list(g.seat_counts),
                "bot_levels": list(g.bots),
            }
            for g in _playable()
        ]
        return Response(GameBriefSerializer(rows, many=True).data)


class GameDetailView(APIView):
    @extend_schema(operation_id="games_retrieve", responses=GameSerializer)
    def get(self, request: Request, slug: str) -> Response:
        game = catalogue.playable_games().get(slug)
        if game is None:
            raise NotFound(f"there is no game {slug!r}")
        return Response(GameSerializer(game_data(game, request)).data)


# --- matches --------------------------------------------------------------------------------------


class SeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField(source="display_name")
    is_ai = serializers.SerializerMethodField()
    ai_level = serializers.SerializerMethodField()
    is_bot = serializers.SerializerMethodField(
        help_text="A bot account (a program playing through the API), not a person."
    )
    user = serializers.SerializerMethodField(help_text="The player's profile (null for the AI).")

    def get_is_ai(self, obj: Any) -> bool:
        return not obj.user_id

    def get_ai_level(self, obj: Any) -> str | None:
        return obj.ai_level or None

    def get_is_bot(self, obj: Any) -> bool:
        return bool(obj.user_id and obj.user.is_bot)

    @extend_schema_field({"type": "string", "format": "uri", "nullable": True})
    def get_user(self, obj: Any) -> str | None:
        if not obj.user_id:
            return None
        url = reverse("v1:user-detail", args=[obj.user.username])
        request = self.context.get("request")
        return request.build_absolute_uri(url) if request else url


EMBARGO_HIDES = {
    "seq": None,
    "result": None,
    "end_reason": "",
    "abort_reason": "",
    "ended_at": None,
}
"""What a match whose deal is embargoed for the reader shows instead (``live.embargo``): what a
table still playing would show.  How many moves it took, when and how it ended, and its result
would tell a player at another table how the deal went (docs/api.md)."""


class MatchSerializer(serializers.ModelSerializer):
    seats = SeatSerializer(many=True, read_only=True)
    game_title = serializers.SerializerMethodField()
    seq = serializers.IntegerField(
        read_only=True,
        allow_null=True,
        help_text="How many moves the match has made; null while its deal is embargoed for the "
        "reader (deal_embargoed).",
    )
    ws_path = serializers.SerializerMethodField()
    deal_embargoed = serializers.SerializerMethodField(
        help_text="Other tables still play this match's deal: its result, record and move log, "
        "and how far and how it went (seq, clock, end_reason, abort_reason, ended_at), are "
        "withheld until they have all finished (docs/api.md)."
    )

    class Meta:
        model = Match
        fields = [
            "id",
            "game",
            "game_title",
            "status",
            "rated",
            "seq",
            "seats",
            "result",
            "end_reason",
            "abort_reason",
            "created_at",
            "ended_at",
            "ws_path",
            "deal_embargoed",
        ]

    def get_game_title(self, obj: Match) -> str:
        return catalogue.game_title(obj.game)

    def get_ws_path(self, obj: Match) -> str:
        return f"/ws/match/{obj.pk}/"

    def _embargoed_ids(self) -> set[int]:
        """The embargoed matches among those being serialised: one query per list or match."""
        found = self.context.get("embargoed_ids")
        if found is None:
            rows = self.parent.instance if self.parent is not None else [self.instance]
            request = self.context.get("request")
            found = embargo.embargoed_ids(
                match_ids=[m.pk for m in rows], user=getattr(request, "user", None)
            )
            self.context["embargoed_ids"] = found
        return found  # type: ignore[no-any-return]

    def get_deal_embargoed(self, obj: Match) -> bool:
        return obj.pk in self._embargoed_ids()

    def to_representation(self, instance: Match) -> dict[str, Any]:
        data: dict[str, Any] = super().to_representation(instance)
        if data["deal_embargoed"]:
            data.update(EMBARGO_HIDES)
        return data


NULLABLE_OBJECT = {"type": "object", "nullable": True, "additionalProperties": True}


class MatchDetailSerializer(MatchSerializer):
    public_view = serializers.SerializerMethodField(
        help_text="While running: the spectators' view (the game's docs page describes it)."
    )
    clock = serializers.SerializerMethodField(
        help_text="While running (and its deal not embargoed): the clock as in docs/protocol.md."
    )

    class Meta(MatchSerializer.Meta):
        fields = [*MatchSerializer.Meta.fields, "public_view", "clock"]

    @extend_schema_field(NULLABLE_OBJECT)
    def get_public_view(self, obj: Match) -> Any:
        if obj.status != MatchStatus.RUNNING or obj.pk in self._embargoed_ids():
            return None
        return get_game(obj.game).state_from_json(obj.state).view(None)

    @extend_schema_field(NULLABLE_OBJECT)
    def get_clock(self, obj: Match) -> Any:
        if obj.status != MatchStatus.RUNNING or obj.pk in self._embargoed_ids():
            return None  # an embargoed table's clock would tell how far its play has gone
        return clock_public(
            obj.clock,
            now_ms=timebase.stamp().ms,
            stall_bound_ms=settings.STALL_BOUND_S * 1000,
        )


class MoveSerializer(serializers.ModelSerializer):
    class Meta:
        model = Move
        fields = ["seq", "seat", "kind", "action", "arrived_ms", "committed_ms", "detail"]


class RecordEventSerializer(serializers.Serializer):
    seq = serializers.IntegerField(help_text="The move that produced it.")
    event = serializers.DictField(help_text="The event as the public saw it.")
    private = serializers.DictField(
        help_text="Per seat (as a string), what only that seat saw (e.g. the cards dealt to it)."
    )


class RecordSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    seat_count = serializers.IntegerField()
    seed = serializers.CharField(help_text="The match's random seed (as text: it is 62 bits).")
    options = serializers.DictField()
    start_views = serializers.DictField(
        help_text="Per seat (as a string), that seat's view at the start: its first hand."
    )
    moves = MoveSerializer(many=True)
    events = RecordEventSerializer(many=True)
    replayed = serializers.BooleanField(
        help_text="False if the engine could not replay the whole log (see replay_error)."
    )
    replay_error = serializers.CharField(allow_null=True)


def match_record(match: Match) -> dict[str, Any]:
    """A finished match with everything revealed: the move log replayed through the engine, each
    event with every seat's private part (the deals), and each seat's view at the start."""
    game = get_game(match.game)
    state = game.new_state(match.seat_count, dict(match.options), match.seed)
    start_views = {str(s): state.view(s) for s in range(match.seat_count)}
    moves = list(match.moves.order_by("seq"))
    events: list[dict[str, Any]] = []
    error = None
    for move in moves:
        if move.action is None or move.seat is None:
            continue
        try:
            applied = state.apply(move.seat, game.decode_action(move.action))
        except Exception as exc:  # an engine that changed since: say so, keep what replayed
            error = f"seq {move.seq}: {type(exc).__name__}: {exc}"
            break
        for e in applied:
            events.append(
                {
                    "seq": move.seq,
                    "event": event_for(e, None),
                    "private": {str(s): dict(extra) for s, extra in e.private.items()},
                }
            )
    return {
        "id": match.pk,
        "game": match.game,
        "seat_count": match.seat_count,
        "seed": str(match.seed),
        "options": match.options,
        "start_views": start_views,
        "moves": MoveSerializer(moves, many=True).data,
        "events": events,
        "replayed": error is None,
        "replay_error": error,
    }


def _over(match: Match, request: Request) -> None:
    if match.status in (MatchStatus.RUNNING, MatchStatus.WAITING):
        raise PermissionDenied("the move log is published when the match is over")
    if embargo.deal_embargoed(match_id=match.pk, user=request.user):
        raise embargo.refuse_api()


MATCH_FILTERS = [
    OpenApiParameter("game", str, description="Game slug."),
    OpenApiParameter(
        "status", str, enum=[s.value for s in MatchStatus], description="Match status."
    ),
    OpenApiParameter("player", str, description="Username of a player seated in the match."),
    OpenApiParameter("rated", bool, description="Rated matches only (true) or unrated (false)."),
    OpenApiParameter("bots", bool, description="false: no bot account seated."),
]


@extend_schema_view(list=extend_schema(parameters=MATCH_FILTERS))
class MatchViewSet(ListEndpoint, viewsets.ReadOnlyModelViewSet):
    """Matches, newest first.  Hidden information (hands, the snapshot) is never part of this
    API while it is hidden; the move log and the record are published once a match is over."""

    serializer_class = MatchSerializer

    def get_serializer_class(self) -> type[serializers.BaseSerializer]:
        return MatchDetailSerializer if self.action == "retrieve" else MatchSerializer

    def get_queryset(self) -> QuerySet[Match]:
        rows = Match.objects.prefetch_related("seats__user").order_by("-id")
        params = self.request.query_params
        if self.action != "list":
            return rows
        if game := params.get("game"):
            rows = rows.filter(game=game)
        if status := params.get("status"):
            if status not in MatchStatus.values:
                raise serializers.ValidationError({"status": [f"one of {MatchStatus.values}"]})
            rows = rows.filter(status=status)
        if player := params.get("player"):
            rows = rows.filter(seats__user__username=player).distinct()
        if (rated := params.get("rated")) is not None:
            rows = rows.filter(rated=_boolean("rated", rated))
        if (bots := params.get("bots")) is not None and not _boolean("bots", bots):
            rows = rows.exclude(Q(seats__user__is_bot=True))
        return rows

    @extend_schema(
        responses=MoveSerializer(many=True),
        examples=[
            OpenApiExample(
                "A log",
                response_only=True,
                value=[
                    {
                        "seq": 1,
                        "seat": 0,
                        "kind": "action",
                        "action": {"kind": "ready"},
                        "arrived_ms": 1764672000123,
                        "committed_ms": 1764672000125,
                        "detail": "",
                    }
                ],
            )
        ],
    )
    @action(detail=True, methods=["get"], pagination_class=None)
    def moves(self, request: Request, pk: str | None = None) -> Response:
        """The whole move log of a match that is over (403 while it runs, and while other
        tables still play its deal: ``deal_embargoed``)."""
        match = get_object_or_404(Match, pk=pk)
        _over(match, request)
        return Response(MoveSerializer(match.moves.order_by("seq"), many=True).data)

    @extend_schema(responses=RecordSerializer)
    @action(detail=True, methods=["get"], pagination_class=None)
    def record(self, request: Request, pk: str | None = None) -> Response:
        """A match that is over, with every deal revealed: the seed, options, each seat's view
        at the start, the move log, and every event with each seat's private part (403 while it
        runs, and while other tables still play its deal: ``deal_embargoed``)."""
        match = get_object_or_404(Match, pk=pk)
        _over(match, request)
        return Response(RecordSerializer(match_record(match)).data)


def _boolean(name: str, value: str) -> bool:
    lowered = value.lower()
    if lowered in ("true", "1", "yes"):
        return True
    if lowered in ("false", "0", "no"):
        return False
    raise serializers.ValidationError({name: ["true or false"]})
