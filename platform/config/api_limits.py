"""The API's list defaults, importable from settings (``REST_FRAMEWORK``) without importing DRF's
views: pagination, and the throttles — every one of them counted atomically in Redis
(``config.rate_counter``), never with DRF's racy cache throttles (docs/api.md)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.throttling import BaseThrottle

from config import rate_counter
from config.security import request_client_address


class Pagination(LimitOffsetPagination):
    """``?limit=`` (default 50, at most 200) and ``?offset=``; answers ``{count, next,
    previous, results}``."""

    default_limit = 50
    max_limit = 200


class AtomicRateThrottle(BaseThrottle):
    """A DRF throttle whose count is one atomic step in Redis (``config.rate_counter``): at most
    the rate's count in any window, however many requests arrive at once and on however many web
    processes.  Subclasses name the ``scope``, the rate (:meth:`rate`) and whom a request counts
    for (:meth:`ident`)."""

    scope = ""

    def __init__(self) -> None:
        self._wait_s: float | None = None

    def rate(self) -> str:
        raise NotImplementedError

    def ident(self, request: Any) -> str:
        raise NotImplementedError

    def allow_request(self, request: Any, view: Any) -> bool:
        self._wait_s = rate_counter.hit(
            f"{self.scope}:{self.ident(request)}", rate_counter.Rate.parse(self.rate())
        )
        return self._wait_s is None

    def wait(self) -> float | None:
        """Seconds until a request would be admitted again (DRF's ``Retry-After``)."""
        return self._wait_s


class ListRateThrottle(AtomicRateThrottle):
    """Every GET of the API: ``API_LIST_RATE`` requests per user (per client address when not
    logged in), counted together by all web processes.  Writes have limits of their own."""

    scope = "list"

    def rate(self) -> str:
        return str(settings.API_LIST_RATE)

    def ident(self, request: Any) -> str:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            return f"user:{user.pk}"
        return f"addr:{request_client_address(request)}"

    def allow_request(self, request: Any, view: Any) -> bool:
        if request.method != "GET":
            return True
        return super().allow_request(request, view)
