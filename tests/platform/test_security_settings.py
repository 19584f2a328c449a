"""Production settings (issue 15, item 5): the secret key, the HTTPS switches, ``check --deploy``,
the Content-Security-Policy, and the demo operator password that only ever works on loopback."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from django.core.management import CommandError, call_command
from django.test import Client

from accounts.security import DEMO_OPERATOR_PASSWORD
from config.security import BUILT_IN_KEY

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION_SWITCHES = {
    "DJANGO_SECURE_COOKIES": "true",
    "DJANGO_HSTS_SECONDS": "31536000",
    "DJANGO_HSTS_INCLUDE_SUBDOMAINS": "true",
    "DJANGO_HSTS_PRELOAD": "true",
    "DJANGO_SSL_REDIRECT": "true",
    "DJANGO_SECURE_PROXY_SSL_HEADER": "true",
}


def manage(run_dir: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``manage.py`` in a fresh process with only ``env`` on top of a neutral environment."""
    base = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO", "PYTEST", "DATABASE_URL", "REDIS_URL", "LIVE_", "LOGIN_"))
    }
    return subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *args],
        cwd=ROOT,
        env={**base, "PLATFORM_RUN_DIR": str(run_dir), "LOG_FORMAT": "plain", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def settings_of(run_dir: Path, *names: str, **env: str) -> dict[str, object]:
    code = (
        "import json; from django.conf import settings; "
        f"print(json.dumps({{n: getattr(settings, n, None) for n in {list(names)!r}}}))"
    )
    out = manage(run_dir, "shell", "-c", code, **env)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


# --- The secret key ----------------------------------------------------------------------------


def test_a_public_site_without_a_secret_key_refuses_to_start(tmp_path: Path) -> None:
    out = manage(tmp_path, "check", DJANGO_ALLOWED_HOSTS="play.example.com")
    assert out.returncode != 0
    assert "DJANGO_SECRET_KEY is not set" in out.stderr


@pytest.mark.parametrize("key", [BUILT_IN_KEY, "CHANGE-ME-to-a-long-random-string"])
def test_a_public_site_with_a_placeholder_key_refuses_to_start(tmp_path: Path, key: str) -> None:
    out = manage(tmp_path, "check", DJANGO_ALLOWED_HOSTS="play.example.com", DJANGO_SECRET_KEY=key)
    assert out.returncode != 0
    assert "DJANGO_SECRET_KEY is a placeholder" in out.stderr


def test_on_loopback_every_process_of_an_installation_shares_one_generated_key(
    tmp_path: Path,
) -> None:
    """The embedded default and the test stacks: no key given, loopback host names only."""
    first = settings_of(tmp_path, "SECRET_KEY", DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost")
    again = settings_of(tmp_path, "SECRET_KEY")  # the default hosts are loopback too
    other = settings_of(tmp_path / "other", "SECRET_KEY")
    assert first["SECRET_KEY"] == again["SECRET_KEY"]
    assert first["SECRET_KEY"] != other["SECRET_KEY"]
    assert first["SECRET_KEY"] != BUILT_IN_KEY and len(str(first["SECRET_KEY"])) >= 50
    key_file = tmp_path / "secret_key"
    assert key_file.read_text().strip() == first["SECRET_KEY"]
    assert key_file.stat().st_mode & 0o077 == 0  # readable by the owner only


def test_a_given_key_is_used(tmp_path: Path) -> None:
    key = secrets.token_urlsafe(50)
    got = settings_of(
        tmp_path, "SECRET_KEY", DJANGO_ALLOWED_HOSTS="play.example.com", DJANGO_SECRET_KEY=key
    )
    assert got["SECRET_KEY"] == key
    assert not (tmp_path / "secret_key").exists()


def test_production_hashes_slowly_and_only_the_test_settings_do_not(tmp_path: Path) -> None:
    """The fast hasher of config/test_settings.py never reaches a real process: a fresh process
    on the production settings hashes with PBKDF2 (the system and browser tests' stacks are such
    processes)."""
    from django.conf import settings

    got = settings_of(tmp_path, "PASSWORD_HASHERS")
    assert got["PASSWORD_HASHERS"][0] == "django.contrib.auth.hashers.PBKDF2PasswordHasher"
    assert settings.PASSWORD_HASHERS == ["django.contrib.auth.hashers.MD5PasswordHasher"]


# --- HTTPS switches and check --deploy ---------------------------------------------------------


def test_the_https_switches_are_off_by_default_and_on_by_environment(tmp_path: Path) -> None:
    names = (
        "SESSION_COOKIE_SECURE",
        "CSRF_COOKIE_SECURE",
        "SECURE_HSTS_SECONDS",
        "SECURE_HSTS_INCLUDE_SUBDOMAINS",
        "SECURE_HSTS_PRELOAD",
        "SECURE_SSL_REDIRECT",
        "SECURE_PROXY_SSL_HEADER",
        "TRUSTED_PROXY_COUNT",
    )
    off = settings_of(tmp_path, *names)
    assert off == {
        "SESSION_COOKIE_SECURE": False,
        "CSRF_COOKIE_SECURE": False,
        "SECURE_HSTS_SECONDS": 0,
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": False,
        "SECURE_HSTS_PRELOAD": False,
        "SECURE_SSL_REDIRECT": False,
        "SECURE_PROXY_SSL_HEADER": None,
        "TRUSTED_PROXY_COUNT": 0,
    }
    on = settings_of(tmp_path, *names, **PRODUCTION_SWITCHES, DJANGO_TRUSTED_PROXY_COUNT="1")
    assert on == {
        "SESSION_COOKIE_SECURE": True,
        "CSRF_COOKIE_SECURE": True,
        "SECURE_HSTS_SECONDS": 31536000,
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": True,
        "SECURE_HSTS_PRELOAD": True,
        "SECURE_SSL_REDIRECT": True,
        "SECURE_PROXY_SSL_HEADER": ["HTTP_X_FORWARDED_PROTO", "https"],
        "TRUSTED_PROXY_COUNT": 1,
    }


def test_check_deploy_is_clean_with_production_variables(tmp_path: Path) -> None:
    out = manage(
        tmp_path,
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_ALLOWED_HOSTS="play.example.com",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        **PRODUCTION_SWITCHES,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "no issues" in out.stdout


def test_check_deploy_is_clean_with_the_k8s_configuration(tmp_path: Path) -> None:
    """The ConfigMap as deployed, plus a real key in place of the Secret's placeholder."""
    docs = [
        d
        for f in sorted((ROOT / "k8s").glob("*.yaml"))
        for d in yaml.safe_load_all(f.read_text())
        if d
    ]
    (config,) = [
        d
        for d in docs
        if d["kind"] == "ConfigMap" and d["metadata"]["name"] == "gameplatform-config"
    ]
    env = {k: str(v) for k, v in config["data"].items()}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    out = manage(
        tmp_path,
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        **env,
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert env["DJANGO_TRUSTED_PROXY_COUNT"] == "1"  # the ingress appends X-Forwarded-For


@pytest.mark.django_db
def test_with_the_proxy_header_an_https_request_passes_and_plain_http_is_redirected(
    settings,
) -> None:
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_HSTS_SECONDS = 3600
    client = Client()
    plain = client.get("/accounts/login/")
    assert plain.status_code == 301 and plain["Location"].startswith("https://")
    secure = client.get("/accounts/login/", headers={"X-Forwarded-Proto": "https"})
    assert secure.status_code == 200
    assert secure["Strict-Transport-Security"].startswith("max-age=3600")
    # The kubelet's probes speak plain HTTP to the pod.
    assert client.get("/healthz/live").status_code == 200


# --- Content-Security-Policy -------------------------------------------------------------------


def directives(header: str) -> dict[str, list[str]]:
    out = {}
    for part in header.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


SCRIPT = re.compile(r"<script(?P<attrs>[^>]*)>(?P<body>.*?)</script>", re.S | re.I)


@pytest.mark.django_db
def test_every_page_has_a_policy_that_allows_its_own_scripts_and_nothing_else(
    client: Client, make_user
) -> None:
    from live.services import SeatSpec, match_start

    user = make_user()
    match = match_start(
        game_slug="spectacular_bid", seats=[SeatSpec(user_id=user.pk), SeatSpec(ai_level="random")]
    )
    client.force_login(user)
    pages = [
        "/",
        "/tables/",
        "/queue/",
        "/leaderboards/",
        f"/accounts/u/{user.username}/",
        f"/match/{match.pk}/",
        f"/match/{match.pk}/fairness/",
        f"/match/{match.pk}/replay/",
    ]
    anonymous = ["/accounts/login/", "/accounts/signup/", "/"]
    seen_inline = 0
    for url, who in [(u, client) for u in pages] + [(u, Client()) for u in anonymous]:
        response = who.get(url)
        assert response.status_code == 200, url
        policy = directives(response["Content-Security-Policy"])
        assert policy["default-src"] == ["'self'"]
        assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"]
        assert "'unsafe-inline'" not in policy["script-src"]
        assert "'unsafe-eval'" not in policy["script-src"]
        html = response.content.decode()
        for tag in SCRIPT.finditer(html):
            attrs, body = tag["attrs"], tag["body"]
            if "src=" in attrs or 'type="application/json"' in attrs or not body.strip():
                continue
            digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
            assert f"'sha256-{digest}'" in policy["script-src"], (url, body[:80])
            seen_inline += 1
        # No inline event handlers or javascript: URLs, which no hash can allow.
        assert not re.search(r"<[^>]+\son[a-z]+\s*=", html), url
        assert "javascript:" not in html, url
    # The site's own scripts are files now (the lobby's inline module moved to js/lobby.js), so
    # ``seen_inline`` may be 0; an inline script a template adds is held to its hash above.


def test_the_policy_can_be_report_only(tmp_path: Path) -> None:
    got = settings_of(
        tmp_path, "SECURE_CSP", "SECURE_CSP_REPORT_ONLY", DJANGO_CSP_REPORT_ONLY="true"
    )
    assert not got["SECURE_CSP"]
    assert got["SECURE_CSP_REPORT_ONLY"]["script-src"][0] == "'self'"  # type: ignore[index]


# --- The demo operator password ----------------------------------------------------------------


def api_login(client: Client, username: str, password: str, **headers: str):  # type: ignore[no-untyped-def]
    return client.post(
        "/api/auth/login/",
        json.dumps({"username": username, "password": password}),
        content_type="application/json",
        headers=headers,
    )


@pytest.fixture
def demo_operator(db: None, settings):  # type: ignore[no-untyped-def]
    """The demo operator account (``operator`` with the demo password), lockouts forgotten."""
    from django.core.cache import cache

    from accounts.services import operator_ensure

    cache.clear()
    user, _ = operator_ensure(username="operator", password=DEMO_OPERATOR_PASSWORD)
    return user


def test_the_demo_password_works_on_loopback(demo_operator) -> None:
    client = Client(REMOTE_ADDR="127.0.0.1")
    assert api_login(client, "operator", DEMO_OPERATOR_PASSWORD).status_code == 200
    admin = Client(REMOTE_ADDR="::1")
    response = admin.post(
        "/admin/login/?next=/admin/",
        {"username": "operator", "password": DEMO_OPERATOR_PASSWORD, "next": "/admin/"},
    )
    assert response.status_code == 302 and response["Location"] == "/admin/"


@pytest.mark.parametrize(
    ("remote", "headers"),
    [
        ("203.0.113.5", {}),  # daphne bound to a public address
        ("10.1.2.3", {}),  # the k8s ingress
        ("127.0.0.1", {"X-Forwarded-For": "203.0.113.5"}),  # a reverse proxy on the machine
        ("127.0.0.1", {"X-Real-IP": "203.0.113.5"}),
        ("127.0.0.1", {"Forwarded": "for=203.0.113.5"}),
    ],
)
def test_the_demo_password_never_works_from_elsewhere(demo_operator, remote, headers) -> None:
    client = Client(REMOTE_ADDR=remote)
    assert api_login(client, "operator", DEMO_OPERATOR_PASSWORD, **headers).status_code == 400
    form = client.post(
        "/accounts/login/",
        {"username": "operator", "password": DEMO_OPERATOR_PASSWORD},
        headers=headers,
    )
    assert form.status_code == 200 and "_auth_user_id" not in client.session
    admin = client.post(
        "/admin/login/?next=/admin/",
        {"username": "operator", "password": DEMO_OPERATOR_PASSWORD, "next": "/admin/"},
        headers=headers,
    )
    assert admin.status_code == 200 and "_auth_user_id" not in client.session


def test_a_real_operator_password_works_from_anywhere(demo_operator) -> None:
    demo_operator.set_password("a-real-and-long-password")
    demo_operator.save()
    client = Client(REMOTE_ADDR="203.0.113.5")
    assert api_login(client, "operator", "a-real-and-long-password").status_code == 200


def test_ensure_operator_refuses_the_demo_password_off_loopback(db: None, settings) -> None:
    from accounts.models import User

    settings.OPERATOR_PASSWORD = ""  # not set: the demo password
    settings.SERVES_ONLY_LOOPBACK = False
    with pytest.raises(CommandError, match="set OPERATOR_PASSWORD"):
        call_command("ensure_operator")
    assert not User.objects.filter(username="operator").exists()
    settings.OPERATOR_PASSWORD = "a-real-and-long-password"
    call_command("ensure_operator")
    assert User.objects.get(username="operator").check_password("a-real-and-long-password")
