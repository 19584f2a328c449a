"""The staff dashboard page and the metrics endpoint (thin: they call selectors)."""

from __future__ import annotations

import hmac

from django.conf import settings
from django.contrib import admin
from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET
from prometheus_client import CONTENT_TYPE_LATEST

from config.security import is_loopback_request

from . import selectors
from .metrics import exposition


@staff_member_required
@require_GET
def dashboard(request: HttpRequest) -> HttpResponse:
    """Matches, queues, Celery, clock lateness, time incidents, node clocks and heartbeats."""
    context = {
        **admin.site.each_context(request),
        "title": "Dashboard",
        "data": selectors.dashboard(),
    }
    return render(request, "operations/dashboard.html", context)


def _may_scrape(request: HttpRequest) -> bool:
    token = settings.METRICS_TOKEN
    header = request.headers.get("Authorization", "")
    if token and hmac.compare_digest(header, f"Bearer {token}"):
        return True
    if request.user.is_authenticated and request.user.is_staff:
        return True
    return is_loopback_request(request)


@require_GET
def metrics_view(request: HttpRequest) -> HttpResponse:
    """Prometheus text format.  Staff, a request on this machine, or ``Bearer METRICS_TOKEN``;
    anyone else gets 404 (the path says nothing to the public).  In k8s it is scraped on
    ``METRICS_PORT`` instead (operations.metrics.start_metrics_server)."""
    if not _may_scrape(request):
        return HttpResponse(status=404)
    return HttpResponse(exposition(), content_type=CONTENT_TYPE_LATEST)
