"""A PostgreSQL server of a test's own: Debian's binaries, a fresh cluster in a temporary folder,
a free loopback port.

For the tests that restart the database server: restarting the machine's shared server would
break every other test run (and every other xdist worker) using it at that moment.  The server is
the same PostgreSQL the shared one is, started and stopped with ``pg_ctl`` as the ``postgres`` user
(``initdb`` refuses to run as root).
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from support import leftovers

AS_POSTGRES = ["setpriv", "--reuid=postgres", "--regid=postgres", "--clear-groups"]


def _bin() -> Path | None:
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    return versions[-1].parent if versions else None


def available() -> bool:
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        return False
    return _bin() is not None and shutil.which("setpriv") is not None


@dataclass
class PrivatePostgres:
    folder: Path
    port: int
    bin: Path

    @property
    def data(self) -> Path:
        return self.folder / "data"

    def url(self, database: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def _pg_ctl(self, *args: str, timeout: float = 120) -> None:
        subprocess.run(
            [*AS_POSTGRES, str(self.bin / "pg_ctl"), *args, "-D", str(self.data)],
            check=True,
            capture_output=True,
            timeout=timeout,
        )

    def restart(self) -> None:
        """Stop the server (fast shutdown: open connections are cut) and start it again."""
        self._pg_ctl("restart", "-m", "fast", "-w", "-l", str(self.folder / "server.log"))

    def stop(self) -> None:
        try:
            self._pg_ctl("stop", "-m", "immediate", timeout=30)
        except subprocess.CalledProcessError:
            pass  # not running
        shutil.rmtree(self.folder, ignore_errors=True)
        leftovers.forget("folder", self._record())

    def _record(self) -> dict[str, str]:
        return {"path": str(self.folder), "pg_ctl": str(self.bin / "pg_ctl")}


def start(port: int) -> PrivatePostgres:
    """A new cluster on ``port`` with a database ``gp_sys`` (trust authentication, loopback)."""
    bin_dir = _bin()
    assert bin_dir is not None, "PostgreSQL's server binaries are not installed"
    folder = Path(tempfile.mkdtemp(prefix="gp-pg-"))
    user = pwd.getpwnam("postgres")
    os.chown(folder, user.pw_uid, user.pw_gid)
    server = PrivatePostgres(folder=folder, port=port, bin=bin_dir)
    leftovers.note("folder", server._record())
    subprocess.run(
        [
            *AS_POSTGRES,
            str(bin_dir / "initdb"),
            "-D",
            str(server.data),
            "-U",
            "postgres",
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--no-sync",
            "--no-instructions",
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1"
    server._pg_ctl("start", "-w", "-o", options, "-l", str(folder / "server.log"))
    subprocess.run(
        [
            *AS_POSTGRES,
            str(bin_dir / "createdb"),
            "-h",
            "127.0.0.1",
            "-p",
            str(port),
            "-U",
            "postgres",
            "gp_sys",
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return server
