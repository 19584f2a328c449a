"""Sign-up and profile pages."""

from __future__ import annotations

from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from live.selectors import matches_of_user
from ratings.selectors import profile_ratings

from .forms import SignupForm
from .models import User


def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("lobby:index")
    return render(request, "accounts/signup.html", {"form": form})


def profile(request: HttpRequest, username: str) -> HttpResponse:
    profile_user = get_object_or_404(User, username=username)
    return render(
        request,
        "accounts/profile.html",
        {
            "profile_user": profile_user,
            "ratings": profile_ratings(user=profile_user),
            "recent_matches": matches_of_user(user=profile_user, limit=20),
        },
    )
