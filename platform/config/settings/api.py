"""The public REST API (docs/api.md): Django REST framework, its throttle, the OpenAPI schema."""

from __future__ import annotations

from .environment import env_str

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.tokens.BearerTokenAuthentication",  # bots' personal API tokens (docs/api.md)
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "config.api_limits.Pagination",
    "PAGE_SIZE": 50,
    # Every GET of the API counts against API_LIST_RATE per user (per address when anonymous).
    "DEFAULT_THROTTLE_CLASSES": ["config.api_limits.ListRateThrottle"],
    "EXCEPTION_HANDLER": "config.api.api_exception_handler",  # one JSON shape for every error
}
API_LIST_RATE = env_str("API_LIST_RATE", "1200/minute")
SPECTACULAR_SETTINGS = {
    "TITLE": "Game platform API",
    "DESCRIPTION": "Games, lobby tables, matches (public view while running; move log and every "
    "deal once over), profiles, leaderboards, the ranked queue, bot accounts and their API "
    "tokens. Errors: {code, detail[, fields]}. See docs/api.md and docs/protocol.md.",
    "VERSION": "1",
    # The schema describes /api/v1/ (the unversioned paths are the same views, kept working).
    "SCHEMA_PATH_PREFIX": r"/api/v1",
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {"MatchStatusEnum": "live.models.MatchStatus"},
    "PREPROCESSING_HOOKS": ["config.api.only_versioned_paths"],
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "config.api.document_errors",
    ],
}
