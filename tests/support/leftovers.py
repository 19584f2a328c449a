"""What a test process leaves outside itself, written down so that nothing outlives it.

System and browser tests start process groups (daphne, Celery, the sweeper, private Redis and
PostgreSQL servers) and create PostgreSQL databases and Redis namespaces on servers other runs
share.  A test process normally removes them at teardown; a run killed half-way (SIGKILL, a CI
time-out) cannot.  Two nets catch that:

* every process is started under ``setpriv --pdeathsig KILL`` (the kernel kills it when the test
  process dies; Celery's pool children set the same for themselves);
* everything is also written down in ``$TMPDIR/gameplatform-test-runs/<pid>.json`` as it is made,
  and the first stack a later run builds removes whatever a dead run's file still lists.

A run is known dead by its pid *and* its start time (``/proc/<pid>/stat``), so a reused pid is
never mistaken for the run that wrote the file.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shutil
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path
from tempfile import gettempdir
from typing import Any

RUNS = Path(gettempdir()) / "gameplatform-test-runs"
PDEATHSIG = ["setpriv", "--pdeathsig", "KILL", "--"] if shutil.which("setpriv") else []


def started(pid: int) -> int | None:
    """The start time of process ``pid`` (clock ticks since boot), None if there is none."""
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return int(raw[raw.rindex(")") + 2 :].split()[19])


def _me() -> dict[str, int]:
    pid = os.getpid()
    return {"pid": pid, "start": started(pid) or 0}


@contextlib.contextmanager
def _locked() -> Iterator[None]:
    RUNS.mkdir(parents=True, exist_ok=True)
    with open(RUNS / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def _file() -> Path:
    return RUNS / f"{os.getpid()}.json"


def _read(path: Path) -> dict[str, Any]:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return {}


def note(kind: str, value: Any) -> None:
    """Write down that this process made ``value`` (a ``kind``: ``group``, ``database``,
    ``namespace`` or ``folder``)."""
    with _locked():
        data = _read(_file()) or {"owner": _me()}
        data.setdefault(kind, [])
        if value not in data[kind]:
            data[kind].append(value)
        _file().write_text(json.dumps(data))


def forget(kind: str, value: Any) -> None:
    """``value`` is gone: removed by this process itself."""
    with _locked():
        data = _read(_file())
        if value in data.get(kind, []):
            data[kind].remove(value)
            if any(data[k] for k in data if k != "owner"):
                _file().write_text(json.dumps(data))
            else:
                _file().unlink(missing_ok=True)


def process_group(pid: int) -> dict[str, int]:
    """The record of a process group this process leads (its leader's pid and start time)."""
    return {"pid": pid, "start": started(pid) or 0}


def kill_group(group: dict[str, int]) -> None:
    """Kill a recorded process group if its leader is still the process that was recorded."""
    if started(group["pid"]) == group["start"]:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(group["pid"], signal.SIGKILL)


def sweep(drop_database: Any, drop_namespace: Any) -> None:
    """Remove what dead runs left: their process groups, databases, Redis namespaces and
    folders.  ``drop_database(name)`` and ``drop_namespace(url, prefix)`` do the server side."""
    with _locked():
        files = sorted(RUNS.glob("*.json"))
        dead = []
        for path in files:
            data = _read(path)
            owner = data.get("owner", {})
            if started(int(owner.get("pid", 0))) != owner.get("start"):
                dead.append((path, data))
    for path, data in dead:
        for group in data.get("group", []):
            kill_group(group)
        for folder in data.get("folder", []):
            _remove_folder(folder)
        for name in data.get("database", []):
            with contextlib.suppress(Exception):
                drop_database(name)
        for url, prefix in data.get("namespace", []):
            with contextlib.suppress(Exception):
                drop_namespace(url, prefix)
        path.unlink(missing_ok=True)


def _remove_folder(folder: dict[str, Any]) -> None:
    """A private server's folder: stop what may still run there, then remove it."""
    if folder.get("pg_ctl"):
        subprocess.run(
            [
                "setpriv",
                "--reuid=postgres",
                "--regid=postgres",
                "--clear-groups",
                folder["pg_ctl"],
                "stop",
                "-D",
                folder["path"],
                "-m",
                "immediate",
            ],
            capture_output=True,
            timeout=30,
            check=False,
        )
    shutil.rmtree(folder["path"], ignore_errors=True)
