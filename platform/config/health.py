"""Health endpoints for probes and operators.

``/healthz/live``: the process answers.  ``/healthz/ready``: the database and Redis answer (503
otherwise).  ``/healthz/``: also whether any Celery worker answers a ping, per queue, as JSON.
"""

from __future__ import annotations

from typing import Any

import redis
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse

from config.celery import app


def _database() -> str | None:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return None
    except Exception as exc:
        return str(exc)


def _redis() -> str | None:
    if not settings.REDIS_URL:
        return None
    try:
        redis.Redis.from_url(settings.REDIS_URL, socket_timeout=1).ping()
        return None
    except Exception as exc:
        return str(exc)


def _workers() -> dict[str, Any]:
    if not settings.REDIS_URL:
        return {"mode": "eager"}
    try:
        replies = app.control.inspect(timeout=1.0).active_queues() or {}
    except Exception as exc:
        return {"error": str(exc)}
    queues: dict[str, int] = {}
    for worker_queues in replies.values():
        for q in worker_queues:
            queues[q["name"]] = queues.get(q["name"], 0) + 1
    return {"workers": len(replies), "queues": queues}


def live(request: HttpRequest) -> JsonResponse:
    return JsonResponse({"status": "ok"})


def ready(request: HttpRequest) -> JsonResponse:
    problems = {k: v for k, v in {"database": _database(), "redis": _redis()}.items() if v}
    return JsonResponse(
        {"status": "fail" if problems else "ok", "problems": problems},
        status=503 if problems else 200,
    )


def full(request: HttpRequest) -> JsonResponse:
    problems = {k: v for k, v in {"database": _database(), "redis": _redis()}.items() if v}
    workers = _workers()
    ok = not problems and "error" not in workers
    return JsonResponse(
        {"status": "ok" if ok else "fail", "problems": problems, "workers": workers},
        status=200 if ok else 503,
    )
