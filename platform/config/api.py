"""What every endpoint of the public REST API shares (docs/api.md): the version prefix, the root
that links every resource, one JSON shape for errors, pagination and the list throttle, and the
OpenAPI schema's hooks.

The API is versioned by path: ``/api/v1/…``.  The unversioned ``/api/…`` paths of before are the
same views (kept so existing clients keep working) and are left out of the schema, which
describes ``/api/v1/`` only.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404
from drf_spectacular.utils import extend_schema, extend_schema_serializer, inline_serializer
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView, exception_handler

from config.api_limits import ListRateThrottle, Pagination

VERSION = "v1"
PREFIX = f"/api/{VERSION}/"

# --- errors -------------------------------------------------------------------------------------


@extend_schema_serializer(component_name="ApiError")
class ApiErrorSerializer(serializers.Serializer):
    """The one shape of every error answer of the API."""

    code = serializers.CharField(help_text="Stable, for programs: e.g. not_found, invalid.")
    detail = serializers.CharField(help_text="A sentence for people.")
    fields = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="Only for code=invalid: the messages per request field.",
    )


def _first_code(codes: Any) -> str:
    if isinstance(codes, str):
        return codes
    if isinstance(codes, list) and codes:
        return _first_code(codes[0])
    if isinstance(codes, dict) and codes:
        return _first_code(next(iter(codes.values())))
    return "error"


def _messages(detail: Any) -> dict[str, list[str]]:
    if isinstance(detail, dict):
        return {
            str(k): [str(m) for m in (v if isinstance(v, list) else [v])] for k, v in detail.items()
        }
    return {"non_field_errors": [str(m) for m in detail]}


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's handler (status, headers such as ``Retry-After``), answered in the one shape:
    ``{"code", "detail"}``, plus ``fields`` for invalid input."""
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    response = exception_handler(exc, context)
    if response is None or not isinstance(exc, exceptions.APIException):
        return response
    if isinstance(exc, exceptions.ValidationError):
        body: dict[str, Any] = {
            "code": "invalid",
            "detail": "the request is not valid; see fields",
            "fields": _messages(exc.detail),
        }
    else:
        codes = exc.get_codes()
        code = _first_code(codes)
        if isinstance(exc, exceptions.Throttled):
            code = "throttled"
        body = {"code": code, "detail": str(exc.detail)}
    response.data = body
    return response


def error_response(code: str, detail: str, status_code: int = 400, **extra: Any) -> Response:
    """An error answer built by a view itself (a service refused): the same shape."""
    return Response({"code": code, "detail": detail, **extra}, status=status_code)


# --- lists: pagination and throttling ------------------------------------------------------------


class ListEndpoint:
    """Mixin for list views: pagination and the list throttle."""

    pagination_class = Pagination
    throttle_classes = [ListRateThrottle]


def query_flag(request: Request, name: str) -> bool | None:
    """A true/false query parameter (``?is_bot=``, ``?bots=``): None when absent; anything but
    true/false, 1/0 or yes/no is invalid input (400)."""
    value = request.query_params.get(name)
    if value is None:
        return None
    if value.lower() in ("true", "1", "yes"):
        return True
    if value.lower() in ("false", "0", "no"):
        return False
    raise serializers.ValidationError({name: ["true or false"]})


def paginate(view: Any, request: Request, rows: Any, serializer: Any) -> Response:
    """Page ``rows`` (a queryset or list) for an APIView that is not a generic view."""
    pager = Pagination()
    page = pager.paginate_queryset(rows, request, view=view)
    return pager.get_paginated_response(serializer(page, many=True).data)


# --- the root -------------------------------------------------------------------------------------

RESOURCES: list[tuple[str, str, dict[str, Any]]] = [
    ("games", "v1:games", {}),
    ("tables", "v1:tables", {}),
    ("matches", "v1:match-list", {}),
    ("users", "v1:users", {}),
    ("leaderboards", "v1:leaderboards", {}),
    ("queue", "v1:queue", {}),
    ("play_ai", "v1:play-ai", {}),
    ("tokens", "v1:tokens", {}),
    ("bot_account", "v1:bot-account", {}),
    ("login", "v1:login", {}),
    ("schema", "v1:schema", {}),
    ("docs", "api-docs", {}),
    ("redoc", "api-redoc", {}),
]
OPTIONAL_RESOURCES: list[tuple[str, str]] = [("tournaments", "v1:tournament-list")]
"""Linked when the app that serves them is installed (their URL name resolves)."""


class ApiRootView(APIView):
    """Every resource of the API, linked; start here."""

    permission_classes = [AllowAny]

    @extend_schema(
        operation_id="root",
        responses=inline_serializer(
            "ApiRoot",
            fields={
                "version": serializers.CharField(),
                "resources": serializers.DictField(child=serializers.URLField()),
            },
        ),
    )
    def get(self, request: Request) -> Response:
        links: dict[str, str] = OrderedDict()
        for name, url_name, kwargs in RESOURCES:
            links[name] = reverse(url_name, kwargs=kwargs, request=request)
        for name, url_name in OPTIONAL_RESOURCES:
            try:
                links[name] = reverse(url_name, request=request)
            except Exception:  # not installed (yet)
                continue
        return Response({"version": VERSION, "resources": links}, status=status.HTTP_200_OK)


# --- schema hooks ---------------------------------------------------------------------------------


def only_versioned_paths(endpoints: list[Any], **kwargs: Any) -> list[Any]:
    """The schema describes ``/api/v1/`` only (the unversioned paths are the same views)."""
    return [e for e in endpoints if e[0].startswith(PREFIX)]


ERROR_STATUSES = {
    "400": "Invalid input, or the action is not possible now (see code).",
    "401": "Not logged in, or a wrong or revoked API token.",
    "403": "Not allowed for this account.",
    "404": "No such resource.",
    "429": "Too many requests; see Retry-After.",
}


def document_errors(result: dict[str, Any], generator: Any, **kwargs: Any) -> dict[str, Any]:
    """Every operation answers errors in the one shape: add it to each operation that does not
    describe that status itself."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas["ApiError"] = {
        "type": "object",
        "description": "The one shape of every error answer.",
        "properties": {
            "code": {"type": "string", "example": "not_found"},
            "detail": {"type": "string", "example": "Not found."},
            "fields": {
                "type": "object",
                "additionalProperties": {"type": "array", "items": {"type": "string"}},
            },
        },
        "required": ["code", "detail"],
        "additionalProperties": True,
    }
    ref = {"$ref": "#/components/schemas/ApiError"}
    for methods in result.get("paths", {}).values():
        for operation in methods.values():
            responses = operation.setdefault("responses", {})
            for code, text in ERROR_STATUSES.items():
                answer = responses.setdefault(code, {"description": text})
                answer.setdefault("content", {"application/json": {"schema": ref}})
    return result


ErrorSerializer = ApiErrorSerializer
