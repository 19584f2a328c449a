"""Public REST API for people: profiles with ratings, and a session log-in for programs."""

from __future__ import annotations

from django.contrib.auth import authenticate, login
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from ratings.selectors import profile_ratings

from .models import User


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
    """Starts a session (cookie) so a program can then open the live WebSocket as that user."""

    permission_classes = [AllowAny]
    authentication_classes: list[type] = []

    @extend_schema(request=LoginSerializer, responses={200: None, 400: None})
    def post(self, request: Request) -> Response:
        form = LoginSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        user = authenticate(request, **form.validated_data)
        if user is None:
            return Response(
                {"detail": "wrong username or password"}, status=status.HTTP_400_BAD_REQUEST
            )
        login(request._request, user)
        # Programs send this back as X-CSRFToken with their session's unsafe requests.
        return Response({"username": user.username, "csrftoken": get_token(request._request)})
