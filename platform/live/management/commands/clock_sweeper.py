"""The clock sweeper process: the last line behind the ETA expiry jobs.

It runs apart from the Celery workers on purpose: when every ``clock`` worker is dead (or Redis lost
the jobs) overdue matches still end within one sweep period.  Several sweepers may run at once; the
``FOR UPDATE SKIP LOCKED`` claim and the conditional ending keep them from ending a match twice.
"""

from __future__ import annotations

import logging
import signal
import time
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import close_old_connections

from live import liveness, services

log = logging.getLogger(__name__)


class Command(BaseCommand):
    help = "Wake overdue matches every CLOCK_SWEEP_SECONDS (run one or more of these)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--once", action="store_true", help="one sweep, then exit")

    def handle(self, *args: Any, once: bool = False, **options: Any) -> None:
        stop = False

        def request_stop(*_: object) -> None:
            nonlocal stop
            stop = True

        signal.signal(signal.SIGTERM, request_stop)
        signal.signal(signal.SIGINT, request_stop)
        period = settings.CLOCK_SWEEP_SECONDS
        while not stop:
            started = time.monotonic()
            close_old_connections()
            try:
                liveness.service_beat(serving=False)  # an outage is handled before anything flags
                handled = services.clock_sweep(threads=settings.CLOCK_SWEEP_THREADS)
                if handled:
                    log.info("sweep woke matches", extra={"count": handled})
            except Exception:
                log.exception("sweep failed")
            if once:
                return
            time.sleep(max(0.0, period - (time.monotonic() - started)))
