"""Settings are grouped by concern (``config/settings/``, one module per group) and read one way:
every setting is declared once, with its default, in the settings package, and the code reads it
as ``django.conf.settings.X`` when it needs it — no ``getattr(settings, name, default)`` with a
default of its own, no ``os.environ`` outside the settings."""

from __future__ import annotations

import ast
import pkgutil
import re
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.management import call_command

import config.settings as settings_package

ROOT = Path(__file__).resolve().parents[2]
CODE = [ROOT / "platform", ROOT / "ratings", ROOT / "matchmaking"]
SETTINGS_DIR = ROOT / "platform" / "config" / "settings"
ENVIRONMENT_ALLOWED = {
    # Before Django starts: the launcher builds its processes' environment, and the entry points
    # name the settings module.
    "platform/config/embedded.py",
    "platform/config/asgi.py",
    "platform/config/celery.py",
    # The bench relay's old fallback, unreachable now that LIVE_BENCH_RELAY is declared (live is
    # another change's to tidy).
    "platform/live/relay.py",
}
READ = re.compile(r"\bsettings\.([A-Z][A-Z0-9_]*)\b")


def _sources() -> list[Path]:
    return [
        p
        for base in CODE
        for p in base.rglob("*.py")
        if "migrations" not in p.parts and SETTINGS_DIR not in p.parents
    ]


def _declared(path: Path) -> set[str]:
    """The upper-case names a settings module assigns at its top level (or in a top-level if)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, ast.AnnAssign)
            else []
        )
        names.update(t.id for t in targets if isinstance(t, ast.Name) and t.id.isupper())
    return names


def test_each_setting_has_one_home_and_the_package_assembles_them_all() -> None:
    homes: dict[str, list[str]] = {}
    for info in pkgutil.iter_modules(settings_package.__path__):
        for name in _declared(SETTINGS_DIR / f"{info.name}.py"):
            homes.setdefault(name, []).append(info.name)
    assert {name: where for name, where in homes.items() if len(where) > 1} == {}
    assert len(homes) > 90
    assert [name for name in homes if not hasattr(settings, name)] == []


def test_the_code_reads_settings_one_way() -> None:
    offenders = []
    for path in _sources():
        text = path.read_text()
        where = str(path.relative_to(ROOT))
        if re.search(r"getattr\(\s*settings\s*,", text):
            offenders.append(f"{where}: getattr(settings, …)")
        if re.search(r"os\.environ|os\.getenv", text) and where not in ENVIRONMENT_ALLOWED:
            offenders.append(f"{where}: os.environ")
    assert offenders == []


def test_every_setting_the_code_reads_is_declared() -> None:
    missing = set()
    for path in _sources():
        for name in READ.findall(path.read_text()):
            if not hasattr(settings, name):
                missing.add(f"{path.relative_to(ROOT)}: {name}")
    assert missing == set()


@pytest.mark.django_db
def test_the_operator_command_takes_its_account_from_the_settings(settings: Any) -> None:
    """``OPERATOR_USERNAME`` / ``OPERATOR_PASSWORD`` are settings now, not environment reads of
    the command's own (the demo password off loopback: test_security_settings.py)."""
    from accounts.models import User

    settings.OPERATOR_USERNAME = "chief"
    settings.OPERATOR_PASSWORD = "a-long-chosen-password"
    call_command("ensure_operator", stdout=StringIO())
    assert User.objects.get(username="chief").check_password("a-long-chosen-password")
