"""Running the site (docs/operations.md): metrics and logging."""

from __future__ import annotations

from .environment import env_float, env_int, env_str

# /metrics answers staff, loopback requests without proxy headers, and Bearer METRICS_TOKEN; with
# METRICS_PORT every web process also serves it on that port (k8s: scraped there, never public).
METRICS_TOKEN = env_str("METRICS_TOKEN", "")
METRICS_PORT = env_int("METRICS_PORT", 0)
# Moves committed less than this long ago are left to the next scrape (a slower transaction with
# a lower id could still commit; docs/operations.md "Metrics").
METRICS_SETTLE_S = env_float("METRICS_SETTLE_S", "10")

LOG_FORMAT = env_str("LOG_FORMAT", "json")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": {"()": "config.logging.JsonFormatter"},
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"},
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": LOG_FORMAT}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {
        "daphne": {"level": "WARNING"},
        "django.channels.server": {"level": "WARNING"},
        "axes": {"level": "WARNING"},  # failures and lockouts; not its chatter on every log-in
    },
}
