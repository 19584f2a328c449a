"""The Prometheus endpoint: platform figures computed when scraped (docs/operations.md, "Metrics").

prometheus-client, not django-prometheus: django-prometheus counts requests and queries per
process by instrumenting middleware and database wrappers — the hot path — and needs a
multiprocess directory to add up daphne and Celery processes.  The figures asked for here are
facts the platform already records durably, so they are read at scrape time instead:

* from the database — matches running / started / ended by reason, moves committed, the move
  round trip inside the server (arrival → commit), flags, AI decision time, queue sizes and waits,
  time incidents, node clock offsets, the heartbeat (moves via :mod:`operations.tallies`);
* from Redis — Celery queue lengths, open WebSockets (the connection caps' places), and the clock
  jobs' lateness, which the clock workers add up there (:mod:`operations.clocklag`).

Every process therefore reports the same platform-wide values; aggregate across scraped pods with
``max``, not ``sum`` (the one per-process series is the process collector's own).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterator
from typing import Any

from django.conf import settings
from django.db import close_old_connections
from prometheus_client import CollectorRegistry, generate_latest, start_http_server
from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
    Metric,
)
from prometheus_client.process_collector import ProcessCollector

from . import clocklag, selectors, tallies

log = logging.getLogger(__name__)
NS = "platform"


def _histograms(
    values: dict[str, dict[str, float]], name: str, label_names: list[str], doc: str
) -> HistogramMetricFamily:
    family = HistogramMetricFamily(f"{NS}_{name}", doc, labels=label_names)
    counts = values.get(f"{name}_count", {})
    sums = values.get(f"{name}_sum", {})
    buckets = values.get(f"{name}_bucket", {})
    for key, count in sorted(counts.items()):
        labels = tallies.parse_labels(key)
        mine = []
        for bkey, n in buckets.items():
            blabels = tallies.parse_labels(bkey)
            le = blabels.pop("le")
            if blabels == labels:
                mine.append((le, n))
        mine.sort(key=lambda p: float("inf") if p[0] == "+Inf" else float(p[0]))
        if not mine or mine[-1][0] != "+Inf":
            mine.append(("+Inf", count))
        family.add_metric(
            [labels[n] for n in label_names], buckets=mine, sum_value=sums.get(key, 0.0)
        )
    return family


def _counter(
    values: dict[str, dict[str, float]], name: str, label_names: list[str], doc: str
) -> CounterMetricFamily:
    family = CounterMetricFamily(f"{NS}_{name}", doc, labels=label_names)
    for key, value in sorted(values.get(name, {}).items()):
        labels = tallies.parse_labels(key)
        family.add_metric([labels[n] for n in label_names], value)
    return family


class PlatformCollector:
    """The platform's figures, read afresh at each scrape."""

    def collect(self) -> Iterator[Metric]:
        close_old_connections()
        try:
            yield from self._collect()
        finally:
            close_old_connections()

    def _collect(self) -> Iterator[Metric]:
        try:
            tallies.tallies_catch_up()
        except Exception:  # report the tallies as they stand rather than nothing
            log.exception("catching up the move tallies failed")
        values = tallies.tallies()
        yield _counter(values, tallies.MOVES, ["game", "kind"], "Moves committed, by kind.")
        yield _histograms(
            values,
            tallies.MOVE_COMMIT,
            ["game"],
            "Players' commands: arrival at the server to commit (the server's share of the "
            "round trip; the ack leaves right after).",
        )
        yield _counter(values, tallies.FLAGS, ["game", "outcome"], "Flags (time losses).")
        yield _histograms(
            values,
            tallies.AI_DECISION,
            ["game", "level"],
            "AI moves: from the commit that made the AI's decision due to its move's arrival "
            "(queueing and thinking).",
        )
        yield from self._matches()
        yield from self._queues()
        yield from self._time()
        yield from self._redis()

    def _matches(self) -> Iterator[Metric]:
        running = GaugeMetricFamily(f"{NS}_matches_running", "Matches running.", labels=["game"])
        for row in selectors.running_by_game():
            running.add_metric([row["game"]], row["running"])
        yield running
        started = CounterMetricFamily(f"{NS}_matches_started", "Matches started.", labels=["game"])
        for game, n in sorted(selectors.started_by_game().items()):
            started.add_metric([game], n)
        yield started
        ended = CounterMetricFamily(
            f"{NS}_matches_ended", "Matches ended, by reason.", labels=["game", "status", "reason"]
        )
        for row in selectors.ended_by_reason():
            ended.add_metric([row["game"], row["status"], row["reason"]], row["n"])
        yield ended

    def _queues(self) -> Iterator[Metric]:
        waiting = GaugeMetricFamily(
            f"{NS}_queue_waiting", "Players waiting in the ranked queue.", labels=["game", "rated"]
        )
        longest = GaugeMetricFamily(
            f"{NS}_queue_longest_wait_seconds",
            "The longest wait in each queue.",
            labels=["game", "rated"],
        )
        for row in selectors.queues():
            labels = [row["game"], str(row["rated"]).lower()]
            waiting.add_metric(labels, row["waiting"])
            longest.add_metric(labels, row["longest_wait_s"])
        yield waiting
        yield longest
        yield GaugeMetricFamily(
            f"{NS}_queue_cooldowns",
            "Users cooled down after no-shows.",
            value=selectors.cooldowns_active(),
        )

    def _time(self) -> Iterator[Metric]:
        incidents = CounterMetricFamily(
            f"{NS}_time_incidents", "Time incidents (unreliable time), by kind.", labels=["kind"]
        )
        for kind, n in sorted(selectors.incidents_by_kind().items()):
            incidents.add_metric([kind], n)
        yield incidents
        offset = GaugeMetricFamily(
            f"{NS}_node_clock_offset_seconds",
            "Each node's offset to the time reference.",
            labels=["node"],
        )
        reliable = GaugeMetricFamily(
            f"{NS}_node_clock_reliable", "1 if the node's time is trusted.", labels=["node"]
        )
        for n in selectors.node_clocks():
            offset.add_metric([n["node"]], n["offset_ms"] / 1000)
            reliable.add_metric([n["node"]], 1.0 if n["reliable"] else 0.0)
        yield offset
        yield reliable
        beat = GaugeMetricFamily(
            f"{NS}_heartbeat_age_seconds",
            "Since a web process last beat (an outage above OUTAGE_TOLERANCE_S).",
            labels=["name"],
        )
        for b in selectors.heartbeats():
            beat.add_metric([b["name"]], b["age_s"])
        yield beat

    def _redis(self) -> Iterator[Metric]:
        celery = selectors.celery_queues()
        if celery is not None:
            lengths = GaugeMetricFamily(
                f"{NS}_celery_queue_length", "Messages waiting in a Celery queue.", labels=["queue"]
            )
            for queue, n in celery["queues"].items():
                lengths.add_metric([queue], n)
            yield lengths
            yield GaugeMetricFamily(
                f"{NS}_celery_unacked",
                "Messages workers hold (ETA clock jobs, prefetched).",
                value=celery["unacked"],
            )
        sockets = selectors.websocket_connections()
        if sockets is not None:
            yield GaugeMetricFamily(
                f"{NS}_websocket_connections", "Open WebSockets (match and queue).", value=sockets
            )
        lag = selectors._safe(clocklag.total)
        if lag is not None:
            family = HistogramMetricFamily(
                f"{NS}_clock_job_lateness_seconds",
                "Clock jobs: start minus the end of their slot — how late flags fall.",
            )
            buckets = [(f"{le:g}", n) for le, n in lag["buckets"]] + [("+Inf", lag["count"])]
            family.add_metric([], buckets=buckets, sum_value=lag["sum"])
            yield family


def registry() -> CollectorRegistry:
    reg = CollectorRegistry(auto_describe=False)
    reg.register(PlatformCollector())  # type: ignore[arg-type]
    ProcessCollector(registry=reg)
    return reg


_registry: CollectorRegistry | None = None
_lock = threading.Lock()


def exposition() -> bytes:
    global _registry
    with _lock:
        if _registry is None:
            _registry = registry()
    return generate_latest(_registry)


_server: Any = None


def start_metrics_server() -> None:
    """Serve ``/metrics`` on ``METRICS_PORT`` from this process (web processes under k8s): a port
    the Service and the ingress never expose, so no Host header or token is needed there."""
    global _server, _registry
    port = settings.METRICS_PORT
    if not port or _server is not None:
        return
    with _lock:
        if _registry is None:
            _registry = registry()
    _server = start_http_server(port, registry=_registry)
    log.info("metrics served", extra={"port": port})
