"""The Django site itself: apps, middleware, URLs, templates, passwords, languages and static
files."""

from __future__ import annotations

from .environment import BASE_DIR, RUN_DIR, env_bool

DEBUG = env_bool("DJANGO_DEBUG", False)

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
    "challenges",
    "analysis",
    "demo",
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

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "en"
# Accept-Language zh-CN, zh-SG and plain zh resolve to zh-hans (Django's fallbacks, prefix match).
LANGUAGES = [("en", "English"), ("de", "Deutsch"), ("zh-hans", "简体中文")]
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
