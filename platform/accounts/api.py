"""Public REST API for people: profiles with ratings, and a session log-in for programs."""

from __future__ import annotations

from django.contrib.auth import authenticate, login
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import JSONParser
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from ratings.selectors import profile_ratings

from .models import User
from .security import LoginRateThrottle, cross_site


class RatingSerializer(serializers.Serializer):
    game = serializers.CharField()
    rating = serializers.IntegerField()
    games = serializers.IntegerField()
    provisional = serializers.BooleanField()


class ProfileSerializer(serializers.Serializer):
    username = serializers.CharField()
    date_joined = serializers.DateTimeField()
    ratings = RatingSerializer(many=True)


class LoginSerializer(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField()


class LoginResultSerializer(serializers.Serializer):
    username = serializers.CharField()
    csrftoken = serializers.CharField(
        help_text="Send it back as the X-CSRFToken header with this session's unsafe requests."
    )


class ProfileView(APIView):
    @extend_schema(responses=ProfileSerializer)
    def get(self, request: Request, username: str) -> Response:
        user = get_object_or_404(User, username=username)
        data = {
            "username": user.username,
            "date_joined": user.date_joined,
            "ratings": profile_ratings(user=user),
        }
        return Response(ProfileSerializer(data).data)


class LoginView(APIView):
    """Starts a session (cookie) so a program can then open the live WebSocket as that user.

    JSON only (a form post answers 415), and refused (403) when a browser sends it from another
    site's page: a foreign page must not log its visitor in to an account of the attacker's
    (log-in CSRF).  Wrong passwords count towards the lockout (429, ``Retry-After``), and the
    attempts of one address towards ``LOGIN_RATE`` (429).
    """

    permission_classes = [AllowAny]
    authentication_classes: list[type] = []
    parser_classes = [JSONParser]
    throttle_classes = [LoginRateThrottle]

    @extend_schema(
        request=LoginSerializer,
        responses={
            200: OpenApiResponse(
                LoginResultSerializer,
                description="Logged in: the response sets the session cookie (sessionid) and the "
                "csrftoken cookie.",
            ),
            400: OpenApiResponse(description="Wrong user name or password."),
            403: OpenApiResponse(description="Sent by a browser from another site's page."),
            415: OpenApiResponse(description="Not JSON."),
            429: OpenApiResponse(
                description="Locked out after repeated wrong passwords for this user name from "
                "this address, or too many attempts from this address; see Retry-After."
            ),
        },
    )
    def post(self, request: Request) -> Response:
        if cross_site(request._request):
            return Response(
                {"detail": "log-in from another site refused"}, status=status.HTTP_403_FORBIDDEN
            )
        form = LoginSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        user = authenticate(request._request, **form.validated_data)
        if user is None:
            return Response(
                {"detail": "wrong username or password"}, status=status.HTTP_400_BAD_REQUEST
            )
        login(request._request, user)
        # Programs send this back as X-CSRFToken with their session's unsafe requests.
        return Response({"username": user.username, "csrftoken": get_token(request._request)})
