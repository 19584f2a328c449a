"""The authentication backends (``AUTHENTICATION_BACKENDS``), in this order."""

from __future__ import annotations

import logging
from typing import Any

from axes.backends import AxesStandaloneBackend
from axes.exceptions import AxesBackendPermissionDenied
from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.http import HttpRequest

from config.security import is_loopback_request, request_client_address

from .login_budget import password_check_reserve, password_checks_reset
from .security import DEMO_OPERATOR_PASSWORD
from .suspension import mark_suspended

log = logging.getLogger(__name__)


class LoginAttemptsBackend(AxesStandaloneBackend):
    """django-axes' lockout check, then one password check taken from the pair's budget
    (``accounts.login_budget``): it logs nobody in; it refuses a locked-out attempt, and one that
    finds the budget used up by checks still running in parallel, with the same answer.

    A log-in always comes with its request; ``authenticate()`` without one (the test client's
    ``login()``, a shell) has no address to count and is left to the next backend, where axes
    itself would raise.
    """

    def authenticate(  # type: ignore[override]
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> None:
        if request is None:
            return None
        super().authenticate(request, username, password, **kwargs)
        if (
            settings.AXES_ENABLED
            and username is not None
            and not password_check_reserve(request=request, username=username)
        ):
            # axes' own refusal: authenticate() stops here and reports a failed log-in, which
            # axes records, and its middleware answers with the lockout (AXES_LOCKOUT_CALLABLE).
            request.axes_locked_out = True  # type: ignore[attr-defined]
            raise AxesBackendPermissionDenied("no password check left for this user name")
        return None


class AccountBackend(ModelBackend):
    """Django's model backend, except that the demo operator password (printed by ``make run``)
    only works for a request made on this machine: a site reachable from elsewhere never
    accepts it, whatever the account's password is.

    Every password check is logged (user name, address, outcome); a right password gives the
    (user name, address) pair its whole budget of checks back.

    A switched-off (banned) account is refused as before, but when its right password was given
    the request is marked (``accounts.suspension``), so the log-in can say the account is
    suspended instead of "wrong password" — to the one person who knows the password only."""

    _switched_off: Any = None
    """The account whose password was right but which may not log in (one backend instance per
    ``authenticate`` call, so this never outlives the call)."""

    def user_can_authenticate(self, user: Any) -> bool:
        # Django asks this only after the password was found right.
        allowed = super().user_can_authenticate(user)
        if not allowed:
            self._switched_off = user
        return allowed

    def authenticate(  # type: ignore[override]
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> Any:
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is not None and password == DEMO_OPERATOR_PASSWORD:
            if not is_loopback_request(request):
                log.warning(
                    "refused the demo operator password for %r: not a loopback request "
                    "(set a real password in the admin or with manage.py changepassword)",
                    username,
                )
                user = None
        elif user is None and self._switched_off is not None and request is not None:
            if password != DEMO_OPERATOR_PASSWORD or is_loopback_request(request):
                mark_suspended(request, self._switched_off.pk)
            else:
                self._switched_off = None
        if request is not None and username is not None and password is not None:
            log.info(
                "checked the password for %r from %s: %s",
                username,
                request_client_address(request),
                "right"
                if user is not None
                else "right, but the account is switched off"
                if self._switched_off is not None
                else "wrong",
            )
            if user is not None and settings.AXES_ENABLED:
                password_checks_reset(request=request, username=username)
        return user
