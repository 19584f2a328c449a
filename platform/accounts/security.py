"""Protecting log-in and sign-up (docs/architecture.md, "Security").

* The lockout after repeated wrong passwords is django-axes' (settings ``AXES_*``); its answer is
  :func:`lockout_response`.
* Attempts per client address are counted by :class:`AddressRateThrottle` (rates ``LOGIN_RATE`` /
  ``SIGNUP_RATE``), one atomic step in the Redis every web process shares.
* The JSON log-in (``/api/auth/login/``) refuses requests from other sites (:func:`cross_site`):
  it takes JSON only, which a foreign page cannot send without a CORS preflight that this site never
  grants, and it checks ``Origin`` itself.
* The demo operator password of ``make run`` is refused unless the request is made on this machine
  (:class:`accounts.backends.AccountBackend`).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import NON_FIELD_ERRORS
from django.forms import Form
from django.forms.utils import ErrorDict
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from config.api_limits import AtomicRateThrottle
from config.security import request_client_address

log = logging.getLogger(__name__)

DEMO_OPERATOR_PASSWORD = "operator-demo-password"
"""What ``ensure_operator`` sets when ``OPERATOR_PASSWORD`` is not given (``make run``): printed on
every start, so it only ever works on loopback."""


class AddressRateThrottle(AtomicRateThrottle):
    """Attempts per client address, at the rate a subclass reads from its setting,
    counted atomically in Redis (``config.rate_counter``): parallel attempts cannot outrun it.

    If Redis cannot be reached (restarting) the attempt is allowed: the lockout (in the database)
    still counts wrong passwords.
    """

    def ident(self, request: Any) -> str:
        return request_client_address(request)


class LoginRateThrottle(AddressRateThrottle):
    scope = "login"

    def rate(self) -> str:
        return str(settings.LOGIN_RATE)


class SignupRateThrottle(AddressRateThrottle):
    scope = "signup"

    def rate(self) -> str:
        return str(settings.SIGNUP_RATE)


def over_rate(request: HttpRequest, throttle: type[AddressRateThrottle]) -> int | None:
    """Count one attempt; the seconds to wait when the address has used up its rate, else None."""
    checker = throttle()
    if checker.allow_request(request, None):
        return None
    return math.ceil(checker.wait() or 1)


def retry_message(wait_s: int) -> str:
    minutes = max(1, math.ceil(wait_s / 60))
    return _("Too many attempts from your address. Try again in %(minutes)d minutes.") % {
        "minutes": minutes
    }


def throttled_post(
    throttle: type[AddressRateThrottle],
    refused: Callable[[HttpRequest, int], HttpResponse],
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Decorate a page view: each POST counts against ``throttle``; over the rate, ``refused``
    answers (with status 429 and ``Retry-After``) instead of the view."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method == "POST" and (wait := over_rate(request, throttle)) is not None:
                response = refused(request, wait)
                response.status_code = 429
                response["Retry-After"] = str(wait)
                return response
            return view(request, *args, **kwargs)

        wrapped.__name__ = getattr(view, "__name__", "view")
        wrapped.__doc__ = view.__doc__
        return wrapped

    return decorate


def form_with_error(form: Form, message: str) -> Form:
    """``form`` (unbound: validating it would check the password again) showing only
    ``message``."""
    form._errors = ErrorDict(
        {NON_FIELD_ERRORS: form.error_class([message], error_class="nonfield")}
    )
    return form


def login_page_with_error(request: HttpRequest, message: str, status: int) -> HttpResponse:
    form = AuthenticationForm(request, initial={"username": request.POST.get("username", "")})
    context = {
        "form": form_with_error(form, message),
        "next": request.POST.get("next") or request.GET.get("next", ""),
    }
    return render(request, "registration/login.html", context, status=status)


def lockout_response(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
    """django-axes' answer to a locked-out log-in (``AXES_LOCKOUT_CALLABLE``): 429 with
    ``Retry-After``, as JSON on the API and as the log-in page with the reason elsewhere."""
    wait_s = int(settings.AXES_COOLOFF_TIME.total_seconds())
    message = _(
        "Too many failed log-ins for this user from your address. Try again in %(minutes)d minutes."
    ) % {"minutes": max(1, math.ceil(wait_s / 60))}
    if request.path.startswith("/api/"):
        # The API's one error shape: a code for programs, the sentence for people.
        response: HttpResponse = JsonResponse({"code": "locked_out", "detail": message}, status=429)
    else:
        response = login_page_with_error(request, message, 429)
    response["Retry-After"] = str(wait_s)
    return response


def cross_site(request: HttpRequest) -> bool:
    """True when a browser sent this request from a page of another site.

    Decided by ``Origin`` (this site, or one of ``CSRF_TRUSTED_ORIGINS``, is fine); without it by
    ``Sec-Fetch-Site``.  A program that sends neither is not a browser page and cannot carry a
    victim's cookies.
    """
    origin = request.headers.get("Origin")
    if origin is None:
        return request.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none")
    if origin == f"{request.scheme}://{request.get_host()}":
        return False
    return not any(_origin_matches(origin, trusted) for trusted in settings.CSRF_TRUSTED_ORIGINS)


def _origin_matches(origin: str, trusted: str) -> bool:
    if origin == trusted:
        return True
    want, got = urlsplit(trusted), urlsplit(origin)
    return (
        want.netloc.startswith("*.")
        and want.scheme == got.scheme
        and got.netloc.endswith(want.netloc[1:])
    )
