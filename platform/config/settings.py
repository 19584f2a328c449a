"""Settings for every way the platform runs.

One code path: the embedded default (SQLite + a Redis server the run command starts itself) and
production (``DATABASE_URL`` / ``REDIS_URL``) differ only in these environment variables.  Without a
``REDIS_URL`` (the in-process unit tests) the channel layer is in-memory and Celery runs eagerly.
"""

from __future__ import annotations

import os
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parents[2]
RUN_DIR = Path(os.environ.get("PLATFORM_RUN_DIR", BASE_DIR / "var"))
RUN_DIR.mkdir(parents=True, exist_ok=True)


def env_bool(name: str, default: bool) -> bool:
    return os.environ.get(name, str(default)).lower() in ("1", "true", "yes", "on")


def env_int(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


SECRET_KEY = os.environ.get(
    "DJANGO_SECRET_KEY", "dev-only-not-secret-change-me-in-production-0123456789"
)
DEBUG = env_bool("DJANGO_DEBUG", False)
ALLOWED_HOSTS = os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",")
CSRF_TRUSTED_ORIGINS = [
    o for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o
]

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "django_htmx",
    "channels",
    "accounts",
    "live",
    "lobby",
    "ratings",
    "matchmaking",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
AUTH_USER_MODEL = "accounts.User"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "lobby:index"
LOGOUT_REDIRECT_URL = "lobby:index"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "frontend" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{RUN_DIR / 'db.sqlite3'}"), conn_max_age=60
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several processes (daphne, workers, beat) share the file: wait for locks instead of failing.
    DATABASES["default"]["OPTIONS"] = {"timeout": 20, "transaction_mode": "IMMEDIATE"}
    DATABASES["default"]["CONN_MAX_AGE"] = 0
elif env_bool("DATABASE_PREPARED_STATEMENTS", True):
    # Server-side binding lets psycopg prepare a statement the fifth time a connection runs it:
    # PostgreSQL then stops planning the statements every move runs (planning the row lock alone
    # took 0.8 ms, several times its execution).  Turn it off behind a pooler in transaction mode,
    # which cannot keep a connection's prepared statements.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        server_side_binding=True, prepare_threshold=5
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("de", "Deutsch")]
LOCALE_PATHS = [BASE_DIR / "frontend" / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "frontend" / "static"]
STATIC_ROOT = RUN_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)  # whitenoise serves from the finders; it only wants the folder
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

# --- Redis: channel layer and Celery broker --------------------------------------------------
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "live.layer.BatchingPubSubChannelLayer",
            # Pub/sub: one subscription per group a process holds members of, one PUBLISH per
            # group sent to (live/layer.py says why not the list-backed default layer).
            "CONFIG": {"hosts": [{"address": REDIS_URL}]},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL and env_bool("CELERY_EAGER", True)
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_DEFAULT_QUEUE = "ai"
CELERY_TASK_ROUTES = {
    "live.tasks.ai_move": {"queue": "ai"},
    "live.tasks.clock_tick": {"queue": "clock"},
    "live.tasks.node_clock_check": {"queue": "clock"},
    "matchmaking.tasks.matchmaking_pass": {"queue": "clock"},
}
# An ETA job beyond visibility_timeout is redelivered again and again (STACK.md): keep it far above
# the longest deadline a match can have (the bank plus a delay), and back it with the sweeper.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 6 * 3600}
CLOCK_SWEEP_SECONDS = float(os.environ.get("CLOCK_SWEEP_SECONDS", "1.0"))
CLOCK_SWEEP_THREADS = env_int("CLOCK_SWEEP_THREADS", 4)
# How long the first scheduler of a clock slot's job keeps others from queueing a second one for
# it (live.tasks.schedule_wake): long enough to cover a burst, short so a dead worker's jobs block
# nothing for long.
CLOCK_SLOT_CLAIM_MS = env_int("CLOCK_SLOT_CLAIM_MS", 5000)
CELERY_BEAT_SCHEDULE = {
    "node-clock-check": {"task": "live.tasks.node_clock_check", "schedule": 5.0},
    "matchmaking-pass": {
        "task": "matchmaking.tasks.matchmaking_pass",
        "schedule": 1.0,
        "options": {"queue": "clock", "expires": 2.0},
    },
}

# --- Live play --------------------------------------------------------------------------------
LIVE_MAX_FRAME_BYTES = env_int("LIVE_MAX_FRAME_BYTES", 4096)
LIVE_RATE_LIMIT = env_int("LIVE_RATE_LIMIT", 60)
LIVE_RATE_WINDOW_S = float(os.environ.get("LIVE_RATE_WINDOW_S", "2"))
AI_BUDGET = env_int("AI_BUDGET", 0)  # 0: each bot's own default
LOBBY_FEATURED_GAME = os.environ.get("LOBBY_FEATURED_GAME", "spectacular_bid")

# Time: the reference all nodes agree on, and when time counts as unreliable (docs/architecture.md).
TIME_REFERENCE = os.environ.get("TIME_REFERENCE", "local")  # "local" or "postgres"
TIME_OFFSET_TOLERANCE_MS = env_int("TIME_OFFSET_TOLERANCE_MS", 500)
TIME_STEP_TOLERANCE_MS = env_int("TIME_STEP_TOLERANCE_MS", 2000)
TIME_COMMIT_BOUND_MS = env_int("TIME_COMMIT_BOUND_MS", 2000)
TIME_OFFSET_MAX_AGE_S = env_int("TIME_OFFSET_MAX_AGE_S", 60)
# A phase where the rules stop the clocks (Start/Continue, hand-over) ends by itself after this.
STALL_BOUND_S = env_int("STALL_BOUND_S", 120)

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": ["rest_framework.authentication.SessionAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 50,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Game platform API",
    "DESCRIPTION": "Lobby tables, matches, move logs of finished matches, profiles, ratings.",
    "VERSION": "1",
}

LOG_FORMAT = os.environ.get("LOG_FORMAT", "json")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": {"()": "config.logging.JsonFormatter"},
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"},
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": LOG_FORMAT}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {"daphne": {"level": "WARNING"}, "django.channels.server": {"level": "WARNING"}},
}
