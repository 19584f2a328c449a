"""The two settings the scale-out plan turns (docs/architecture.md "Capacity"): the channel layer on
a Redis of its own (``CHANNEL_REDIS_URL``, default ``REDIS_URL``) and PostgreSQL behind a pooler in
transaction mode (``DATABASE_TRANSACTION_POOLER``).  Settings are read once per process, so each
case loads them in a fresh ``manage.py`` process with only the variables it names; loading them
connects to nothing, so the URLs need no server behind them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
BROKER = "redis://broker.example.internal:6379/0"
CHANNELS = "redis://channels.example.internal:6379/0"
POOLED = "postgres://gameplatform:secret@pgbouncer.example.internal:6432/gameplatform"


def settings_in_a_fresh_process(run_dir: Path, **env: str) -> dict[str, Any]:
    """The settings the scale-out knobs touch, as a process with ``env`` (and nothing of the
    caller's database, Redis or Django variables) loads them."""
    names = ["CHANNEL_LAYERS", "CELERY_BROKER_URL", "CACHES", "DATABASES"]
    code = (
        "import json; from django.conf import settings; "
        f"print(json.dumps({{n: getattr(settings, n) for n in {names!r}}}, default=str))"
    )
    base = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO", "PYTEST", "DATABASE_", "REDIS_", "CHANNEL_"))
    }
    out = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "shell", "-c", code],
        cwd=ROOT,
        env={**base, "PLATFORM_RUN_DIR": str(run_dir), "LOG_FORMAT": "plain", **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    loaded: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return loaded


def channel_host(settings: dict[str, Any]) -> str:
    (host,) = settings["CHANNEL_LAYERS"]["default"]["CONFIG"]["hosts"]
    return str(host["address"])


def test_channel_layer_shares_the_broker_redis_unless_given_its_own(tmp_path: Path) -> None:
    shared = settings_in_a_fresh_process(tmp_path, REDIS_URL=BROKER)
    assert channel_host(shared) == BROKER
    apart = settings_in_a_fresh_process(tmp_path, REDIS_URL=BROKER, CHANNEL_REDIS_URL=CHANNELS)
    assert channel_host(apart) == CHANNELS
    assert apart["CHANNEL_LAYERS"]["default"]["BACKEND"] == "live.layer.BatchingPubSubChannelLayer"
    # Only the frames move: Celery's broker and the cache stay on REDIS_URL.
    assert apart["CELERY_BROKER_URL"] == BROKER
    assert apart["CACHES"]["default"]["LOCATION"] == BROKER


def test_transaction_pooler_turns_server_side_cursors_off_and_keeps_prepared_statements(
    tmp_path: Path,
) -> None:
    direct = settings_in_a_fresh_process(tmp_path, DATABASE_URL=POOLED)["DATABASES"]["default"]
    assert direct["DISABLE_SERVER_SIDE_CURSORS"] is False
    pooled = settings_in_a_fresh_process(
        tmp_path, DATABASE_URL=POOLED, DATABASE_TRANSACTION_POOLER="1"
    )["DATABASES"]["default"]
    assert pooled["DISABLE_SERVER_SIDE_CURSORS"] is True
    # PgBouncer >= 1.22 with max_prepared_statements keeps psycopg's prepared statements.
    prepared = {"server_side_binding": True, "prepare_threshold": 5}
    assert pooled["OPTIONS"].items() >= prepared.items()
    # An older pooler: prepared statements off, the cursors still off.
    older = settings_in_a_fresh_process(
        tmp_path,
        DATABASE_URL=POOLED,
        DATABASE_TRANSACTION_POOLER="1",
        DATABASE_PREPARED_STATEMENTS="0",
    )["DATABASES"]["default"]
    assert older["DISABLE_SERVER_SIDE_CURSORS"] is True
    assert "prepare_threshold" not in older.get("OPTIONS", {})
