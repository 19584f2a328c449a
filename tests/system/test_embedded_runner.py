"""``make run``'s runner with real processes: one crashed process no longer stops the platform.

The runner (``python -m config.embedded``) is started as ``make run`` starts it, on a free port and
a run folder of its own; then its daphne and its Redis server are killed with SIGKILL, and the
platform must come back by itself: daphne answering again, the Celery workers of both queues
answering again through the restarted Redis.  Ctrl-C (SIGINT) then stops every process.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from support.stack import ROOT, free_port

pytestmark = pytest.mark.system


def _processes_with(marker: str, where: str = "cmdline") -> dict[int, str]:
    """Every process whose command line (or environment) contains ``marker``."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            text = (entry / where).read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if marker in text:
            found[int(entry.name)] = text
    return found


def _redis_of(log: Path) -> int:
    """The runner's Redis server, as its log names it (Redis rewrites its command line and
    environment, so /proc cannot tell which one is the runner's)."""
    pids = re.findall(r"redis +\| started \(pid (\d+)\)", log.read_text())
    return int(pids[-1])


def _health(port: int) -> dict | None:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz/", timeout=3) as r:
            return json.loads(r.read())
    except Exception:
        return None


def _wait_healthy(port: int, log: Path, timeout: float) -> None:
    """Until the site answers with the database, Redis and a worker on each queue ok."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        body = _health(port)
        queues = (body or {}).get("workers", {}).get("queues", {})
        if body and body["status"] == "ok" and queues.get("ai") and queues.get("clock"):
            return
        time.sleep(0.5)
    raise AssertionError(f"not healthy after {timeout} s; last {_health(port)}\n{log.read_text()}")


def test_killed_daphne_and_killed_redis_come_back_and_ctrl_c_stops_everything(
    tmp_path: Path,
) -> None:
    port = free_port()
    run_dir = tmp_path / "run"
    log = tmp_path / "runner.log"
    env = {
        **os.environ,
        "WEB_PORT": str(port),
        "PLATFORM_RUN_DIR": str(run_dir),
        "LOG_FORMAT": "plain",
    }
    for name in ("REDIS_URL", "DATABASE_URL"):
        env.pop(name, None)
    with log.open("wb") as out:
        runner = subprocess.Popen(
            [sys.executable, "-m", "config.embedded"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        _wait_healthy(port, log, timeout=120)

        (daphne,) = _processes_with(f"-p {port} config.asgi:application")
        os.kill(daphne, signal.SIGKILL)
        _wait_healthy(port, log, timeout=60)
        assert "killed by signal 9; starting it again" in log.read_text()
        assert daphne not in _processes_with(f"-p {port} config.asgi:application")

        redis = _redis_of(log)
        os.kill(redis, signal.SIGKILL)
        # The runner starts a new Redis server (its log names it), and the site becomes healthy
        # again through it — a health check right after the kill could still see the old state.
        deadline = time.monotonic() + 60
        while _redis_of(log) == redis:
            assert time.monotonic() < deadline, f"no new Redis server\n{log.read_text()}"
            time.sleep(0.2)
        _wait_healthy(port, log, timeout=120)
        assert runner.poll() is None, "the runner must outlive its children's crashes"

        os.kill(runner.pid, signal.SIGINT)
        assert runner.wait(timeout=30) == 0
        assert not _processes_with(f"PLATFORM_RUN_DIR={run_dir}", "environ")
        assert not Path(f"/proc/{_redis_of(log)}").exists()
    finally:
        if runner.poll() is None:
            os.killpg(runner.pid, signal.SIGKILL)
        for pid in _processes_with(f"PLATFORM_RUN_DIR={run_dir}", "environ"):
            os.kill(pid, signal.SIGKILL)
        if log.exists() and "redis" in log.read_text():
            with contextlib.suppress(ProcessLookupError):
                os.kill(_redis_of(log), signal.SIGKILL)
