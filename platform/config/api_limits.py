"""The API's list defaults, importable from settings (``REST_FRAMEWORK``) without importing DRF's
views: pagination and the list throttle (docs/api.md)."""

from __future__ import annotations

import logging
from typing import Any

import redis
from django.conf import settings
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.throttling import SimpleRateThrottle

from config.security import request_client_address

log = logging.getLogger(__name__)


class Pagination(LimitOffsetPagination):
    """``?limit=`` (default 50, at most 200) and ``?offset=``; answers ``{count, next,
    previous, results}``."""

    default_limit = 50
    max_limit = 200


class ListRateThrottle(SimpleRateThrottle):
    """Every list endpoint: ``API_LIST_RATE`` requests per user (per client address when not
    logged in), counted in the cache all web processes share.  If the cache is away the request
    is let through."""

    scope = "list"

    def get_rate(self) -> str | None:
        return getattr(settings, "API_LIST_RATE", "600/minute")

    def get_cache_key(self, request: Any, view: Any) -> str:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            ident = f"user:{user.pk}"
        else:
            ident = f"addr:{request_client_address(request)}"
        return self.cache_format % {"scope": self.scope, "ident": ident}

    def allow_request(self, request: Any, view: Any) -> bool:
        if request.method != "GET":
            return True
        try:
            return super().allow_request(request, view)
        except (OSError, redis.RedisError) as exc:
            log.warning("list throttle unavailable, request allowed: %s", exc)
            return True
