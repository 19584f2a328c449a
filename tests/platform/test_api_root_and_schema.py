"""The versioned API: /api/v1/ with a root that links every resource, the unversioned paths of
before still answering, and the interactive schema pages (docs/api.md)."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db(transaction=True)

RESOURCES = {
    "games",
    "tables",
    "matches",
    "users",
    "leaderboards",
    "queue",
    "play_ai",
    "tokens",
    "bot_account",
    "login",
    "schema",
    "docs",
    "redoc",
    "tournaments",
}


def test_the_root_links_every_resource_and_every_link_answers(make_user) -> None:
    client = Client()
    client.force_login(make_user())
    body = client.get("/api/v1/").json()
    assert body["version"] == "v1"
    assert set(body["resources"]) == RESOURCES
    for name, url in body["resources"].items():
        response = client.get(url)
        # log-in and play-ai only take POST: 405 says the link is alive
        assert response.status_code in (200, 405), (name, url, response.status_code)


def test_the_unversioned_paths_keep_working_and_link_the_root() -> None:
    client = Client()
    for path in ["/api/games/", "/api/tables/", "/api/matches/", "/api/leaderboards/x/"]:
        assert client.get(path).status_code in (200, 404), path
    assert "matches" in client.get("/api/").json()["resources"]


def test_the_schema_describes_version_1_with_the_operation_ids_clients_use() -> None:
    schema = Client().get("/api/schema/?format=json").json()
    paths = schema["paths"]
    assert all(p.startswith("/api/v1/") for p in paths)
    assert len(paths) >= 20
    operations = {op["operationId"] for methods in paths.values() for op in methods.values()}
    assert {
        "auth_login_create",
        "games_list",
        "play_ai_create",
        "matches_list",
        "matches_record_retrieve",
        "users_list",
        "users_retrieve",
        "leaderboards_retrieve",
        "queue_retrieve",
        "tokens_create",
        "tokens_destroy",
        "account_bot_create",
        "root",
    } <= operations
    assert Client().get("/api/v1/schema/?format=json").json()["paths"] == paths
    assert schema["components"]["securitySchemes"]["botToken"]["scheme"] == "bearer"


def test_every_operation_documents_the_error_shape() -> None:
    schema = Client().get("/api/v1/schema/?format=json").json()
    error = schema["components"]["schemas"]["ApiError"]
    assert error["required"] == ["code", "detail"]
    for path, methods in schema["paths"].items():
        for method, op in methods.items():
            for status in ("400", "401", "403", "404", "429"):
                assert status in op["responses"], (path, method, status)


def test_swagger_ui_and_redoc_are_served_from_this_site() -> None:
    client = Client()
    swagger = client.get("/api/docs/")
    assert swagger.status_code == 200
    html = swagger.content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in html
    assert "cdn.jsdelivr" not in html and "<script>" not in html  # CSP: scripts from here only
    script = client.get("/api/docs/?script=")
    assert script.status_code == 200 and "/api/v1/schema/" in script.content.decode()
    redoc = client.get("/api/redoc/")
    assert redoc.status_code == 200 and "drf_spectacular_sidecar/redoc" in redoc.content.decode()
