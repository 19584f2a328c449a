"""The authentication backends (``AUTHENTICATION_BACKENDS``), in this order."""

from __future__ import annotations

import logging
from typing import Any

from axes.backends import AxesStandaloneBackend
from django.contrib.auth.backends import ModelBackend
from django.http import HttpRequest

from config.security import is_loopback_request

from .security import DEMO_OPERATOR_PASSWORD

log = logging.getLogger(__name__)


class LoginAttemptsBackend(AxesStandaloneBackend):
    """django-axes' lockout check (it logs nobody in; it refuses a locked-out attempt).

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
        return super().authenticate(request, username, password, **kwargs)  # type: ignore[no-any-return]


class AccountBackend(ModelBackend):
    """Django's model backend, except that the demo operator password (printed by ``make run``)
    only works for a request made on this machine: a site reachable from elsewhere never
    accepts it, whatever the account's password is."""

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
                return None
        return user
