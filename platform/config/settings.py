"""Settings for every way the platform runs.

One code path: the embedded default (SQLite + a Redis server the run command starts itself) and
production (``DATABASE_URL`` / ``REDIS_URL``) differ only in these environment variables.  Without a
``REDIS_URL`` (the in-process unit tests) the channel layer is in-memory and Celery runs eagerly.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

from config.security import (
    InsecureConfiguration,
    inline_script_hashes,
    secret_key,
    serves_only_loopback,
)

BASE_DIR = Path(__file__).resolve().parents[2]
RUN_DIR = Path(os.environ.get("PLATFORM_RUN_DIR", BASE_DIR / "var"))
RUN_DIR.mkdir(parents=True, exist_ok=True)


def env_bool(name: str, default: bool) -> bool:
    return os.environ.get(name, str(default)).lower() in ("1", "true", "yes", "on")


def env_int(name: str, default: int) -> int:
    return int(os.environ.get(name, default))


DEBUG = env_bool("DJANGO_DEBUG", False)
ALLOWED_HOSTS = os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",")
CSRF_TRUSTED_ORIGINS = [
    o for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o
]
# Served only on loopback (the embedded default, the test stacks): no other host name is allowed.
# Then a missing DJANGO_SECRET_KEY means a random key kept in the run directory; anywhere else it
# stops the site from starting, and the demo operator password is refused (accounts.backends).
SERVES_ONLY_LOOPBACK = serves_only_loopback(ALLOWED_HOSTS)
try:
    SECRET_KEY = secret_key(os.environ, RUN_DIR, loopback_only=SERVES_ONLY_LOOPBACK)
except InsecureConfiguration as exc:
    raise ImproperlyConfigured(str(exc)) from None

# --- HTTPS and headers (docs/architecture.md, "Security") -------------------------------------
# Behind a proxy that terminates TLS (the k8s ingress), say so: it sets X-Forwarded-Proto.
if env_bool("DJANGO_SECURE_PROXY_SSL_HEADER", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("DJANGO_SSL_REDIRECT", False)
SECURE_REDIRECT_EXEMPT = [r"^healthz/", r"^metrics$"]  # probes and scrapes speak plain HTTP
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", False)
SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", False)
# Reverse proxies in front that append to X-Forwarded-For (the ingress: 1).  Client addresses for
# the login lockout, the sign-up limit and the WebSocket caps come from there (config.security).
TRUSTED_PROXY_COUNT = env_int("DJANGO_TRUSTED_PROXY_COUNT", 0)

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
    "drf_spectacular_sidecar",  # Swagger UI and Redoc served from here (CSP: self only)
    "axes",
    "django_htmx",
    "channels",
    "accounts",
    "live",
    "lobby",
    "ratings",
    "matchmaking",
    "tournaments",
    "operations",
    "chat",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "axes.middleware.AxesMiddleware",  # last: turns a lockout into its 429 answer
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
# A kept connection is checked before its first use in each request or database call: after the
# database server restarts, the next handshake or command gets a new connection instead of an
# error on the dead one (found by the store-restart system test: HTTP 500 on the WebSocket
# handshake).
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several processes (daphne, workers, beat) share the file: wait for locks instead of failing.
    DATABASES["default"]["OPTIONS"] = {"timeout": 20, "transaction_mode": "IMMEDIATE"}
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    # In-process tests: a file, not Django's shared-cache memory database, whose table locks
    # ("database table is locked") are not waited for; consumer threads and the test thread
    # then meet the same lock waiting as the real processes do.
    RUN_DIR.mkdir(parents=True, exist_ok=True)
    # One file per test process, so that two test runs on one machine never share a database.
    DATABASES["default"]["TEST"] = {"NAME": str(RUN_DIR / f"test-db-{os.getpid()}.sqlite3")}
elif env_bool("DATABASE_PREPARED_STATEMENTS", True):
    # Server-side binding lets psycopg prepare a statement the fifth time a connection runs it:
    # PostgreSQL then stops planning the statements every move runs (planning the row lock alone
    # took 0.8 ms, several times its execution).  Turn it off behind a pooler in transaction mode,
    # which cannot keep a connection's prepared statements.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        server_side_binding=True, prepare_threshold=5
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTHENTICATION_BACKENDS = [
    "accounts.backends.LoginAttemptsBackend",  # django-axes: refuses locked-out attempts
    "accounts.backends.AccountBackend",  # the model backend, minus the demo password off loopback
]
# Brute-force protection (django-axes, docs/architecture.md "Security"): after LOGIN_FAILURE_LIMIT
# wrong passwords for one user name from one address, every log-in of that pair answers 429 for
# LOGIN_LOCKOUT_MINUTES (each further attempt restarts the wait), on /accounts/login/,
# /api/auth/login/ and the admin alike.  The attempts live in the database: every web process
# sees them.  `manage.py axes_reset` lifts every lockout.
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_LOCKOUT_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "config.security.request_client_address"
AXES_LOCKOUT_CALLABLE = "accounts.security.lockout_response"
AXES_DISABLE_ACCESS_LOG = True  # successful log-ins are not the lockout's business
# Per client address (accounts.security.AddressRateThrottle; atomic counters in Redis,
# config.rate_counter): log-in attempts on both log-in paths, on top of the lockout (it stops one
# address from trying one password on many user names), and sign-up attempts.  "<n>/<s|m|h|d>".
LOGIN_RATE = os.environ.get("LOGIN_RATE", "60/hour")
SIGNUP_RATE = os.environ.get("SIGNUP_RATE", "20/hour")

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("de", "Deutsch")]
LOCALE_PATHS = [BASE_DIR / "frontend" / "locale"]  # apps with a catalog of their own: <app>/locale/
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
# The start of every key and channel name the platform uses in Redis (config/redis_keys.py): two
# platforms, or two test runs, on one Redis server stay apart.  Empty in production.
REDIS_NAMESPACE = os.environ.get("REDIS_NAMESPACE", "")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "live.layer.BatchingPubSubChannelLayer",
            # Pub/sub: one subscription per group a process holds members of, one PUBLISH per
            # group sent to (live/layer.py says why not the list-backed default layer).
            # Redis pub/sub channels are shared by every database of a server: the namespace keeps
            # two platforms on one Redis (or two test stacks) from hearing each other's groups.
            "CONFIG": {"hosts": [{"address": REDIS_URL}], "prefix": f"{REDIS_NAMESPACE}asgi"},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# The Django cache, in Redis so that every web process shares it.  (The throttles count in Redis
# directly, atomically: config.rate_counter.)
CACHES = {
    "default": (
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": REDIS_NAMESPACE,
        }
        if REDIS_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

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
if REDIS_NAMESPACE:  # the queues ("clock", "ai"), kombu's bookkeeping and the workers' broadcasts
    CELERY_BROKER_TRANSPORT_OPTIONS["global_keyprefix"] = REDIS_NAMESPACE
# A worker outlives a Redis restart: it keeps trying to reconnect (forever) instead of exiting; and
# where it still dies, the embedded runner (config.supervisor) or Kubernetes starts it again.
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
# Group commit (live/group_commit.py): the match commands of a web process go to LIVE_WRITER_LANES
# writer threads (one database connection each); a lane applies whatever waits for it, at most
# LIVE_WRITER_BATCH commands, in one transaction.  Off: one transaction per command on the thread
# pool (the shape before; kept for comparison in tests/bench/live_bench.py).
LIVE_GROUP_COMMIT = env_bool("LIVE_GROUP_COMMIT", True)
LIVE_WRITER_LANES = env_int("LIVE_WRITER_LANES", 4)
LIVE_WRITER_BATCH = env_int("LIVE_WRITER_BATCH", 64)
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
    "tournaments-sweep": {
        "task": "tournaments.tasks.sweep",
        "schedule": 5.0,
        "options": {"queue": "clock", "expires": 10.0},
    },
    "tournaments-arena-pass": {
        "task": "tournaments.tasks.arena_pass",
        "schedule": 2.0,
        "options": {"queue": "clock", "expires": 4.0},
    },
}

# --- Live play --------------------------------------------------------------------------------
LIVE_MAX_FRAME_BYTES = env_int("LIVE_MAX_FRAME_BYTES", 4096)
LIVE_RATE_LIMIT = env_int("LIVE_RATE_LIMIT", 60)
LIVE_RATE_WINDOW_S = float(os.environ.get("LIVE_RATE_WINDOW_S", "2"))
# Connection caps and the shared message budget (docs/protocol.md "Limits and close codes"): at
# most this many open sockets per logged-in user and per client address, across every daphne; the
# LIVE_RATE_LIMIT budget is one per user (per address for anonymous sockets), whatever the number
# of sockets.  In Redis (LIVE_LIMITS_REDIS_URL, by default REDIS_URL); without one, per process.
LIVE_MAX_SOCKETS_PER_USER = env_int("LIVE_MAX_SOCKETS_PER_USER", 10)
LIVE_MAX_SOCKETS_PER_ADDRESS = env_int("LIVE_MAX_SOCKETS_PER_ADDRESS", 50)
# A socket's place is a lease its process renews; a killed process's sockets free theirs after it.
LIVE_SOCKET_LEASE_S = env_int("LIVE_SOCKET_LEASE_S", 60)
# The spectator count (live.spectators) goes out this long after a spectator came or went: one
# frame for a burst of arrivals.
LIVE_SPECTATOR_ANNOUNCE_S = float(os.environ.get("LIVE_SPECTATOR_ANNOUNCE_S", "1"))
LIVE_LIMITS_REDIS_URL = os.environ.get("LIVE_LIMITS_REDIS_URL", REDIS_URL)
AI_BUDGET = env_int("AI_BUDGET", 0)  # 0: each bot's own default
# An AI move not made this long after it became due is queued again (its job may have been lost).
AI_RESEND_S = env_int("AI_RESEND_S", 15)
# Outages (live.liveness): web processes and the sweeper beat every OUTAGE_BEAT_S; a gap longer
# than OUTAGE_TOLERANCE_S aborts, unrated, every match whose clock ran through it.
OUTAGE_BEAT_S = float(os.environ.get("OUTAGE_BEAT_S", "1"))
OUTAGE_TOLERANCE_S = float(os.environ.get("OUTAGE_TOLERANCE_S", "20"))
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
API_LIST_RATE = os.environ.get("API_LIST_RATE", "1200/minute")
# Where every throttle counts (config.rate_counter): one atomic Lua step per request in Redis.
RATE_LIMITS_REDIS_URL = os.environ.get("RATE_LIMITS_REDIS_URL", REDIS_URL)
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

# --- Operations (docs/operations.md) -----------------------------------------------------------
# /metrics answers staff, loopback requests without proxy headers, and Bearer METRICS_TOKEN; with
# METRICS_PORT every web process also serves it on that port (k8s: scraped there, never public).
METRICS_TOKEN = os.environ.get("METRICS_TOKEN", "")
METRICS_PORT = env_int("METRICS_PORT", 0)
# Moves committed less than this long ago are left to the next scrape (a slower transaction with
# a lower id could still commit; docs/operations.md "Metrics").
METRICS_SETTLE_S = float(os.environ.get("METRICS_SETTLE_S", "10"))
CELERY_BEAT_SCHEDULE["operations-sanctions-expire"] = {
    "task": "operations.tasks.sanctions_expire",
    "schedule": 60.0,
    "options": {"expires": 60.0},
}

# --- Content-Security-Policy (Django's own middleware) ---------------------------------------
# Scripts only from this origin (the ES modules and htmx under /static/) plus the templates' inline
# scripts by hash; styles may be inline (the queue panel's <style>, the boards' SVG style
# attributes, htmx's indicator rule); no plugins, no framing, forms only to this origin.
_csp = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, *inline_script_hashes(TEMPLATES[0]["DIRS"])],
    "style-src": [CSP.SELF, CSP.UNSAFE_INLINE],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
# DJANGO_CSP_REPORT_ONLY=true: browsers only report what the policy would block.
if env_bool("DJANGO_CSP_REPORT_ONLY", False):
    SECURE_CSP_REPORT_ONLY = _csp
else:
    SECURE_CSP = _csp

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
    "loggers": {
        "daphne": {"level": "WARNING"},
        "django.channels.server": {"level": "WARNING"},
        "axes": {"level": "WARNING"},  # failures and lockouts; not its chatter on every log-in
    },
}
