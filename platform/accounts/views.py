"""Log-in, sign-up and profile pages."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import login as auth_login
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from ratings.selectors import profile_ratings

from .forms import LoginForm, SignupForm
from .models import User
from .security import (
    LoginRateThrottle,
    SignupRateThrottle,
    form_with_error,
    login_page_with_error,
    retry_message,
    throttled_post,
)
from .selectors import recent_matches, tournament_history


def _signup_refused(request: HttpRequest, wait_s: int) -> HttpResponse:
    form = SignupForm(initial={"username": request.POST.get("username", "")})
    return render(
        request, "accounts/signup.html", {"form": form_with_error(form, retry_message(wait_s))}
    )


def _login_refused(request: HttpRequest, wait_s: int) -> HttpResponse:
    return login_page_with_error(request, retry_message(wait_s), 429)


# Django's log-in page; each POST counts against LOGIN_RATE per address (the lockout per user name
# and address is django-axes', in the authentication backends).  Its form says when the account
# is suspended, to whoever gave the right password (accounts.suspension).
login = throttled_post(LoginRateThrottle, _login_refused)(
    auth_views.LoginView.as_view(authentication_form=LoginForm)
)


def _admin_site_login(
    request: HttpRequest, extra_context: dict[str, object] | None = None
) -> HttpResponse:
    """The admin's log-in page, counted against the same ``LOGIN_RATE`` as the other two log-in
    paths (without it, an address could try a password on many user names there unhindered)."""
    return admin.site.login(request, extra_context)


admin_login = throttled_post(LoginRateThrottle, _login_refused)(_admin_site_login)


@throttled_post(SignupRateThrottle, _signup_refused)
def signup(request: HttpRequest) -> HttpResponse:
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        auth_login(request, user, backend="accounts.backends.AccountBackend")
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
            "recent_matches": recent_matches(user=profile_user, limit=20),
            "tournaments": tournament_history(user=profile_user),
        },
    )
