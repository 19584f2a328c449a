"""Security helpers the settings and the request paths share (docs/architecture.md, "Security").

Imported by the settings themselves (``config.settings.security``), so nothing here reads
Django's settings at import time.

* Where the site is served: only on loopback (the embedded default, the test stacks) or elsewhere.
  The secret key and the demo operator password depend on it.
* Which address a request or a WebSocket comes from, behind ``TRUSTED_PROXY_COUNT`` reverse proxies
  (the k8s ingress): the same answer for the login lockout, the sign-up limit and the socket caps.
* The hashes of the templates' inline scripts, for the Content-Security-Policy.
"""

from __future__ import annotations

import base64
import hashlib
import ipaddress
import os
import re
import secrets
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from django.conf import settings

LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1", "[::1]", "testserver"})
"""Host names that only reach this machine (``testserver`` is Django's test client)."""

BUILT_IN_KEY = "dev-only-not-secret-change-me-in-production-0123456789"
"""The key every installation used before keys were generated: public, never accepted again."""


class InsecureConfiguration(Exception):
    """A setting that must not be used where the site is served (raised while settings load)."""


def serves_only_loopback(allowed_hosts: Iterable[str]) -> bool:
    """True when every allowed host name is a loopback name: Django then answers nobody else."""
    hosts = [h.strip().lower() for h in allowed_hosts if h.strip()]
    return bool(hosts) and all(h in LOOPBACK_HOSTS for h in hosts)


def secret_key(environ: Mapping[str, str], run_dir: Path, *, loopback_only: bool) -> str:
    """The site's secret key.

    ``DJANGO_SECRET_KEY`` wins.  Without it a loopback-only site (the embedded default, the test
    stacks) uses a random key generated once per run directory (``<run dir>/secret_key``, shared by
    all processes of one installation); anywhere else the site refuses to start.  A placeholder
    (the old built-in key, the k8s Secret's ``CHANGE-ME``) is refused outside loopback too.
    """
    given = environ.get("DJANGO_SECRET_KEY", "").strip()
    if given and given != BUILT_IN_KEY and "change-me" not in given.lower():
        return given
    if not loopback_only:
        why = "is not set" if not given else "is a placeholder"
        raise InsecureConfiguration(
            f"DJANGO_SECRET_KEY {why}, and DJANGO_ALLOWED_HOSTS serves names other than loopback: "
            "set DJANGO_SECRET_KEY to a long random value (e.g. python -c 'import secrets; "
            "print(secrets.token_urlsafe(50))')"
        )
    if given:
        return given  # a placeholder on loopback: harmless, and what the caller asked for
    return _run_dir_key(run_dir / "secret_key")


def _run_dir_key(path: Path) -> str:
    """Read the installation's key, creating it atomically if no process has yet."""
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(secrets.token_urlsafe(50))
    try:
        os.link(tmp, path)  # atomic: exactly one process's key becomes the installation's
    except FileExistsError:
        pass
    finally:
        tmp.unlink()
    return _read_key(path)


def _read_key(path: Path) -> str:
    key = path.read_text().strip()
    if len(key) < 50:
        raise InsecureConfiguration(f"{path} holds no usable key; delete it to make a new one")
    return key


# --- Client addresses --------------------------------------------------------------------------


def client_address(forwarded_for: str | None, peer: str | None, proxies: int) -> str:
    """The client's address: with ``proxies`` trusted reverse proxies in front, the entry of
    ``X-Forwarded-For`` the outermost of them appended (counted from the right, as each proxy
    appends the address it received from; what a client writes further left is ignored);
    otherwise, or when the header is missing or unusable, the connection's peer."""
    if proxies > 0 and forwarded_for:
        entries = [e.strip() for e in forwarded_for.split(",") if e.strip()]
        if entries:
            candidate = _normalised(entries[-min(proxies, len(entries))])
            if candidate is not None:
                return candidate
    return _normalised(peer or "") or "unknown"


def _normalised(text: str) -> str | None:
    try:
        return str(ipaddress.ip_address(text.strip("[]")))
    except ValueError:
        host, _, port = text.rpartition(":")  # "1.2.3.4:5678", "[::1]:5678"
        if host and port.isdigit():
            return _normalised(host)
        return None


def request_client_address(request: Any) -> str:
    """The client address of a Django request (axes' ``AXES_CLIENT_IP_CALLABLE``, throttles)."""
    return client_address(
        request.META.get("HTTP_X_FORWARDED_FOR"),
        request.META.get("REMOTE_ADDR"),
        settings.TRUSTED_PROXY_COUNT,
    )


def is_loopback_request(request: Any) -> bool:
    """True only for a request made on this machine straight to the site: the peer is a loopback
    address and no proxy forwarded it (a local reverse proxy in front of a public site connects
    from loopback too, but says whom it forwards for)."""
    if request is None:
        return False
    meta = request.META
    if any(h in meta for h in ("HTTP_X_FORWARDED_FOR", "HTTP_X_REAL_IP", "HTTP_FORWARDED")):
        return False
    try:
        return ipaddress.ip_address(meta.get("REMOTE_ADDR", "")).is_loopback
    except ValueError:
        return False


# --- Content-Security-Policy -------------------------------------------------------------------

_SCRIPT = re.compile(r"<script(?P<attrs>[^>]*)>(?P<body>.*?)</script>", re.S | re.I)
_EXECUTABLE_TYPES = {"", "module", "text/javascript", "application/javascript"}


def inline_script_hashes(template_dirs: Iterable[Path]) -> list[str]:
    """CSP source expressions (``'sha256-…'``) for every inline script of the site's templates.

    Only scripts without template syntax in their text can be hashed ahead of time; the CSP test
    renders the pages and fails on any inline script the policy does not allow.
    """
    found: set[str] = set()
    for folder in template_dirs:
        for path in sorted(Path(folder).rglob("*.html")):
            for match in _SCRIPT.finditer(path.read_text(encoding="utf-8")):
                attrs, body = match["attrs"], match["body"]
                if re.search(r"\bsrc\s*=", attrs, re.I) or not body.strip():
                    continue
                kind = re.search(r"""\btype\s*=\s*["']?([^"'\s>]*)""", attrs, re.I)
                if kind and kind.group(1).lower() not in _EXECUTABLE_TYPES:
                    continue  # data blocks (json_script) are not executed
                if re.search(r"\{[{%#]", body):
                    continue
                found.add(script_hash(body))
    return sorted(found)


def script_hash(body: str) -> str:
    digest = hashlib.sha256(body.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode()}'"
