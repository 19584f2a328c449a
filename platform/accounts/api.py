"""Public REST API for people (docs/api.md): profiles with ratings and recent matches, the user
list, a session log-in for programs, and bot accounts with their API tokens.  (The leaderboards
are the ratings app's: ``ratings.api``.)"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import authenticate, login
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404
from django.urls import reverse
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
)
from rest_framework import generics, serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.parsers import JSONParser
from rest_framework.permissions import SAFE_METHODS, AllowAny, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api import (
    ErrorSerializer,
    ListRateThrottle,
    Pagination,
    error_response,
    query_flag,
)
from ratings.selectors import profile_ratings

from . import selectors, services
from .models import User
from .security import LoginRateThrottle, cross_site
from .suspension import suspended_user_id, suspension_message
from .tokens import BearerTokenAuthentication

# --- profiles and the user list -------------------------------------------------------------------


class RatingSerializer(serializers.Serializer):
    game = serializers.CharField()
    rating = serializers.IntegerField()
    games = serializers.IntegerField()
    provisional = serializers.BooleanField()


class RecentMatchSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    game_title = serializers.CharField()
    status = serializers.CharField()
    rated = serializers.BooleanField()
    seats = serializers.ListField(child=serializers.IntegerField())
    placing = serializers.IntegerField(allow_null=True)
    end_reason = serializers.CharField(allow_null=True)
    ended_at = serializers.DateTimeField(allow_null=True)


class ProfileSerializer(serializers.Serializer):
    username = serializers.CharField()
    date_joined = serializers.DateTimeField()
    is_bot = serializers.BooleanField(help_text="A bot account: a program playing via the API.")
    ratings = RatingSerializer(many=True)
    recent_matches = RecentMatchSerializer(many=True)


class UserRowSerializer(serializers.Serializer):
    username = serializers.CharField()
    is_bot = serializers.BooleanField()
    date_joined = serializers.DateTimeField()
    url = serializers.SerializerMethodField()

    def get_url(self, obj: User) -> str:
        return self.context["request"].build_absolute_uri(
            reverse("v1:user-detail", args=[obj.username])
        )


class UsersView(generics.ListAPIView):
    """Accounts, by name; ``?q=`` searches names, ``?is_bot=`` keeps bots or people."""

    serializer_class = UserRowSerializer
    pagination_class = Pagination
    throttle_classes = [ListRateThrottle]

    @extend_schema(
        operation_id="users_list",
        parameters=[
            OpenApiParameter("q", str, description="Part of the username."),
            OpenApiParameter("is_bot", bool, description="Bots only (true) or people (false)."),
        ],
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    def get_queryset(self) -> Any:
        return selectors.users_public(
            search=self.request.query_params.get("q", "").strip(),
            is_bot=query_flag(self.request, "is_bot"),
        )


class ProfileView(APIView):
    """A public profile: ratings per game and the ten most recent matches."""

    @extend_schema(operation_id="users_retrieve", responses=ProfileSerializer)
    def get(self, request: Request, username: str) -> Response:
        user = get_object_or_404(User, username=username, is_active=True)
        data = {
            "username": user.username,
            "date_joined": user.date_joined,
            "is_bot": user.is_bot,
            "ratings": profile_ratings(user=user, charts=False),
            "recent_matches": selectors.recent_matches(user=user),
        }
        return Response(ProfileSerializer(data).data)


# --- log-in ---------------------------------------------------------------------------------------


class LoginSerializer(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField()


class LoginResultSerializer(serializers.Serializer):
    username = serializers.CharField()
    csrftoken = serializers.CharField(
        help_text="Send it back as the X-CSRFToken header with this session's unsafe requests."
    )


class LoginView(APIView):
    """Starts a session (cookie) so a program can then open the live WebSocket as that user.

    JSON only (a form post answers 415), and refused (403) when a browser sends it from another
    site's page: a foreign page must not log its visitor in to an account of the attacker's
    (log-in CSRF).  Wrong passwords count towards the lockout (429, ``Retry-After``), and the
    attempts of one address towards ``LOGIN_RATE`` (429).  Bots may use an API token instead.
    """

    permission_classes = [AllowAny]
    authentication_classes: list[type] = []
    parser_classes = [JSONParser]
    throttle_classes = [LoginRateThrottle]

    @extend_schema(
        operation_id="auth_login_create",
        request=LoginSerializer,
        responses={
            200: OpenApiResponse(
                LoginResultSerializer,
                description="Logged in: the response sets the session cookie (sessionid) and the "
                "csrftoken cookie.",
            ),
            400: OpenApiResponse(ErrorSerializer, description="Wrong user name or password."),
            403: OpenApiResponse(
                ErrorSerializer,
                description="Sent from another site's page (code cross_site), or the right "
                "password of a suspended account (code account_suspended: the detail says until "
                "when).",
            ),
            415: OpenApiResponse(ErrorSerializer, description="Not JSON."),
            429: OpenApiResponse(
                ErrorSerializer,
                description="Locked out after repeated wrong passwords for this user name from "
                "this address, or too many attempts from this address; see Retry-After.",
            ),
        },
    )
    def post(self, request: Request) -> Response:
        if cross_site(request._request):
            return error_response(
                "cross_site", "log-in from another site refused", status.HTTP_403_FORBIDDEN
            )
        form = LoginSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        user = authenticate(request._request, **form.validated_data)
        if user is None:
            suspended = suspended_user_id(request._request)
            if suspended is not None:  # only ever set after the right password
                return error_response(
                    "account_suspended",
                    suspension_message(user_id=suspended),
                    status.HTTP_403_FORBIDDEN,
                )
            return error_response("wrong_credentials", "wrong username or password")
        login(request._request, user)
        # Programs send this back as X-CSRFToken with their session's unsafe requests.
        return Response({"username": user.username, "csrftoken": get_token(request._request)})


# --- bot accounts and tokens ----------------------------------------------------------------------


class BotAccountSerializer(serializers.Serializer):
    username = serializers.CharField()
    is_bot = serializers.BooleanField()


class BotAccountView(APIView):
    """Your account's bot status; POST turns it into a bot account (only before its first match;
    irreversible except by an operator)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(operation_id="account_bot_retrieve", responses=BotAccountSerializer)
    def get(self, request: Request) -> Response:
        return Response({"username": request.user.username, "is_bot": request.user.is_bot})

    @extend_schema(
        operation_id="account_bot_create",
        request=None,
        responses={200: BotAccountSerializer, 400: ErrorSerializer},
    )
    def post(self, request: Request) -> Response:
        try:
            user = services.bot_upgrade(user_id=request.user.pk)
        except services.AccountError as exc:
            return error_response(exc.code, exc.message)
        return Response({"username": user.username, "is_bot": user.is_bot})


class TokenSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    prefix = serializers.CharField(help_text="The token's first characters.")
    created_at = serializers.DateTimeField()
    last_used_at = serializers.DateTimeField(allow_null=True)
    revoked_at = serializers.DateTimeField(allow_null=True)


class NewTokenSerializer(TokenSerializer):
    token = serializers.CharField(
        help_text="The token itself: shown only now. Send it as 'Authorization: Bearer <token>'."
    )


class TokenRequestSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=60, help_text="What the token is for.")


def _token_row(token: Any) -> dict[str, Any]:
    return {
        "id": token.pk,
        "name": token.name,
        "prefix": token.prefix,
        "created_at": token.created_at,
        "last_used_at": token.last_used_at,
        "revoked_at": token.revoked_at,
    }


class SignedInSession(BasePermission):
    """Tokens are created and revoked from a signed-in session only (as on lichess), never with
    a token: a token that could mint tokens would outlive its own revocation (issue 28).
    Reading the list is allowed either way (it shows no secret)."""

    message = "API tokens are created and revoked from a signed-in session, not with a token"
    code = "session_required"

    def has_permission(self, request: Request, view: Any) -> bool:
        if request.method in SAFE_METHODS:
            return True
        return not isinstance(request.successful_authenticator, BearerTokenAuthentication)


SESSION_ONLY = {
    403: OpenApiResponse(
        ErrorSerializer,
        description="Sent with an API token (code session_required): log in with a password.",
    )
}


class TokensView(generics.ListAPIView):
    """Your personal API tokens (bot accounts only): list, create (from a signed-in session)."""

    permission_classes = [IsAuthenticated, SignedInSession]
    throttle_classes = [ListRateThrottle]
    serializer_class = TokenSerializer
    pagination_class = Pagination

    @extend_schema(operation_id="tokens_list")
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    def get_queryset(self) -> Any:
        return selectors.tokens_of(user=self.request.user)

    @extend_schema(
        operation_id="tokens_create",
        request=TokenRequestSerializer,
        responses={201: NewTokenSerializer, 400: ErrorSerializer, **SESSION_ONLY},
        examples=[
            OpenApiExample("Create", request_only=True, value={"name": "my bot on server 2"}),
        ],
    )
    def post(self, request: Request) -> Response:
        form = TokenRequestSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        try:
            token, secret = services.token_create(
                user_id=request.user.pk, name=form.validated_data["name"]
            )
        except services.AccountError as exc:
            return error_response(exc.code, exc.message)
        return Response({**_token_row(token), "token": secret}, status=status.HTTP_201_CREATED)


class TokenView(APIView):
    """One of your tokens; DELETE revokes it (at once, on every server; from a signed-in
    session)."""

    permission_classes = [IsAuthenticated, SignedInSession]

    @extend_schema(
        operation_id="tokens_destroy", request=None, responses={204: None, **SESSION_ONLY}
    )
    def delete(self, request: Request, token_id: int) -> Response:
        if not services.token_revoke(token_id=token_id, user_id=request.user.pk):
            raise NotFound("no such open token of yours")
        return Response(status=status.HTTP_204_NO_CONTENT)


class RevokedSerializer(serializers.Serializer):
    revoked = serializers.IntegerField(help_text="How many open tokens were revoked now.")


class TokensRevokeAllView(APIView):
    """Revoke every open token of your account at once (one of them may have leaked); from a
    signed-in session."""

    permission_classes = [IsAuthenticated, SignedInSession]

    @extend_schema(
        operation_id="tokens_revoke_all",
        request=None,
        responses={200: RevokedSerializer, **SESSION_ONLY},
    )
    def post(self, request: Request) -> Response:
        revoked = services.tokens_revoke_all(user_id=request.user.pk)
        return Response({"revoked": len(revoked)})
