"""The k8s liveness probe of a Celery worker fails when the worker cannot reach its broker, so the
kubelet restarts it (the embedded runner's supervisor does the same job on one machine)."""

from __future__ import annotations

import re
import shlex
import socket
import subprocess

import pytest
import yaml

from support.stack import BIN, ROOT

pytestmark = pytest.mark.system


def _probe_command(worker_name: str) -> list[str]:
    """The clock worker's liveness probe from k8s/, aimed at ``worker_name``."""
    docs = list(yaml.safe_load_all((ROOT / "k8s" / "21-worker-clock.yaml").read_text()))
    (deploy,) = [d for d in docs if d and d.get("kind") == "Deployment"]
    (container,) = deploy["spec"]["template"]["spec"]["containers"]
    shell_line = container["livenessProbe"]["exec"]["command"][-1]
    words = shlex.split(re.sub(r"clock@\$HOSTNAME", worker_name, shell_line))
    assert words[0] == "celery"
    return [str(BIN / "celery"), *words[1:]]


def _probe(stack, command: list[str]) -> bool:
    """True when the probe passes; a probe still running at k8s's timeoutSeconds (30) fails."""
    try:
        done = subprocess.run(
            command, env=stack.env, cwd=ROOT, capture_output=True, timeout=30, check=False
        )
    except subprocess.TimeoutExpired:
        return False
    return done.returncode == 0


def test_the_worker_liveness_probe_fails_once_the_broker_is_gone(make_stack) -> None:
    stack = make_stack("embedded", workers=False, sweeper=False)
    stack.start_worker("worker-clock", "clock")
    stack.wait_ready(("clock",))
    names = stack.django(
        "import json; from config.celery import app\n"
        "print(json.dumps(sorted((app.control.inspect(timeout=2).active_queues() or {}))))"
    )
    (name,) = names
    assert name.endswith("@" + socket.gethostname())
    command = _probe_command(name)
    assert _probe(stack, command), "the probe must pass while the worker is fine"
    (redis,) = stack.extra
    redis.kill()
    redis.wait(timeout=10)
    assert not _probe(stack, command), "the probe must fail while the broker is unreachable"
