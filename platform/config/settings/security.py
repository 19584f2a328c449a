"""Who may reach the site and how: host names, the secret key, HTTPS switches, the proxies in
front, log-in backends, the lockout and the per-address rates, the Content-Security-Policy
(docs/architecture.md "Security").  The helpers live in ``config.security``."""

from __future__ import annotations

import os
from datetime import timedelta

from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

from config.security import (
    InsecureConfiguration,
    inline_script_hashes,
    secret_key,
    serves_only_loopback,
)

from .base import TEMPLATES
from .environment import RUN_DIR, env_bool, env_int, env_str

ALLOWED_HOSTS = env_str("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",")
CSRF_TRUSTED_ORIGINS = [o for o in env_str("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o]
# Served only on loopback (the embedded default, the test stacks): no other host name is allowed.
# Then a missing DJANGO_SECRET_KEY means a random key kept in the run directory; anywhere else it
# stops the site from starting, and the demo operator password is refused (accounts.backends).
SERVES_ONLY_LOOPBACK = serves_only_loopback(ALLOWED_HOSTS)
try:
    SECRET_KEY = secret_key(os.environ, RUN_DIR, loopback_only=SERVES_ONLY_LOOPBACK)
except InsecureConfiguration as exc:
    raise ImproperlyConfigured(str(exc)) from None
# The operator account `manage.py ensure_operator` creates when missing (make run); the demo
# password is refused off loopback (accounts.backends, ensure_operator).
OPERATOR_USERNAME = env_str("OPERATOR_USERNAME", "operator")
OPERATOR_PASSWORD = env_str("OPERATOR_PASSWORD", "")

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

# --- Log-in ------------------------------------------------------------------------------------
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
LOGIN_RATE = env_str("LOGIN_RATE", "60/hour")
SIGNUP_RATE = env_str("SIGNUP_RATE", "20/hour")

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
