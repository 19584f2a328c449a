"""Offline checks of the Kubernetes manifests in k8s/.

The schema check runs kubernetes-validate (bundled schemas, no cluster needed) in strict mode, so an
unknown or misspelt field fails. The other tests check what a schema cannot: one image for every
process, probes on every Deployment, and the process commands agreeing with the Procfile that the
embedded default runs (same programs, queues, node names; listen address, port, pool size and the
like may differ), so k8s/ keeps mirroring the Procfile's process types; and the scale-out knobs of
docs/architecture.md "Capacity": a CPU autoscaler on every Deployment that may scale and none on the
singletons, PgBouncer in transaction mode in front of PostgreSQL for every process but the
migrations, the channel layer's Redis under a name of its own. No database needed.
"""

from __future__ import annotations

import configparser
import functools
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
K8S = REPO / "k8s"
PROCFILE = REPO / "Procfile"
NAMESPACE = "gameplatform"
IMAGE = "ghcr.io/example/gameplatform:latest"
COMPONENT = "app.kubernetes.io/component"
NAME = "app.kubernetes.io/name"
POOLER_SERVICE = f"gameplatform-pgbouncer.{NAMESPACE}.svc.cluster.local"
# Deployments whose pods share the load and may be many (an HPA each); the others are fixed: beat
# must be exactly one, the sweepers' work is a poll that more replicas repeat rather than share,
# and each PgBouncer replica brings a pool of its own to PostgreSQL.
AUTOSCALED = {"web", "worker-clock", "worker-ai", "worker-analysis"}
FIXED = {"beat", "sweeper", "pooler"}

# The process types, as the task brief and the Procfile define them.
EXPECTED_COMMANDS = {
    "web": "daphne -b 0.0.0.0 -p 8000 config.asgi:application",
    "worker-ai": "celery -A config worker -Q ai --concurrency 2 -n ai@%h",
    "worker-analysis": "celery -A config worker -Q analysis --concurrency 1 -n analysis@%h",
    "worker-clock": (
        "celery -A config worker -Q clock --concurrency 2 --prefetch-multiplier 1 -n clock@%h"
    ),
    "beat": "celery -A config beat",
    "sweeper": "python manage.py clock_sweeper",
    "migrate": "python manage.py migrate --noinput",
}
CLUSTER_SCOPED = {"Namespace", "PriorityClass"}


def manifest_files() -> list[Path]:
    return sorted(K8S.glob("*.yaml"))


@functools.cache
def load_documents() -> list[dict[str, Any]]:
    documents = []
    for path in manifest_files():
        with path.open(encoding="utf-8") as stream:
            documents.extend(doc for doc in yaml.safe_load_all(stream) if doc)
    return documents


def of_kind(kind: str) -> list[dict[str, Any]]:
    return [doc for doc in load_documents() if doc["kind"] == kind]


def all_workloads() -> list[dict[str, Any]]:
    """Every Deployment and Job, the pooler's too."""
    return [doc for doc in load_documents() if doc["kind"] in ("Deployment", "Job")]


def workloads() -> list[dict[str, Any]]:
    """The platform's own processes (the image built from this repository): not the pooler."""
    return [doc for doc in all_workloads() if doc["metadata"]["labels"][NAME] == "gameplatform"]


def by_component(kind: str) -> dict[str, dict[str, Any]]:
    return {doc["spec"]["template"]["metadata"]["labels"][COMPONENT]: doc for doc in of_kind(kind)}


def named(kind: str, name: str) -> dict[str, Any]:
    (doc,) = [d for d in of_kind(kind) if d["metadata"]["name"] == name]
    return doc


def app_secret() -> dict[str, str]:
    data: dict[str, str] = named("Secret", "gameplatform-secrets")["stringData"]
    return data


def pgbouncer_ini() -> configparser.ConfigParser:
    ini = configparser.ConfigParser(inline_comment_prefixes=None, interpolation=None)
    ini.read_string(named("ConfigMap", "gameplatform-pgbouncer")["data"]["pgbouncer.ini"])
    return ini


def pod_spec(workload: dict[str, Any]) -> dict[str, Any]:
    return workload["spec"]["template"]["spec"]


def all_containers(workload: dict[str, Any]) -> list[dict[str, Any]]:
    spec = pod_spec(workload)
    return spec.get("initContainers", []) + spec["containers"]


def process_command(workload: dict[str, Any]) -> list[str]:
    (container,) = pod_spec(workload)["containers"]
    return container.get("command", []) + container.get("args", [])


def read_procfile(path: Path) -> dict[str, str]:
    """Procfile lines are `name: command`; blank lines and # comments are skipped."""
    entries = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = re.fullmatch(r"\s*([A-Za-z0-9_-]+)\s*:\s*(.+?)\s*", line)
        assert match, f"unparsable Procfile line: {line!r}"
        entries[match[1]] = match[2]
    return entries


def test_manifests_pass_kubernetes_validate_strict() -> None:
    executable = Path(sys.executable).parent / "kubernetes-validate"
    files = manifest_files()
    assert files, "no k8s/*.yaml files"
    result = subprocess.run(
        [str(executable), "--strict", *map(str, files)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "ERROR" not in output and "WARN" not in output, output
    # Every document was checked against a schema, none skipped as unknown.
    assert output.count(" passed for resource ") == len(load_documents()), output


def test_namespaced_objects_live_in_the_gameplatform_namespace() -> None:
    for doc in load_documents():
        namespace = doc["metadata"].get("namespace")
        expected = None if doc["kind"] in CLUSTER_SCOPED else NAMESPACE
        assert namespace == expected, f"{doc['kind']}/{doc['metadata']['name']}"
    assert [ns["metadata"]["name"] for ns in of_kind("Namespace")] == [NAMESPACE]


def test_every_deployment_and_job_container_uses_the_one_image() -> None:
    images = {
        f"{doc['kind']}/{doc['metadata']['name']}/{container['name']}": container["image"]
        for doc in workloads()
        for container in all_containers(doc)
    }
    assert len(images) == len(EXPECTED_COMMANDS)
    assert set(images.values()) == {IMAGE}, images


def test_process_commands_are_the_expected_ones() -> None:
    commands = {
        doc["spec"]["template"]["metadata"]["labels"][COMPONENT]: process_command(doc)
        for doc in workloads()
    }
    expected = {name: shlex.split(command) for name, command in EXPECTED_COMMANDS.items()}
    assert commands == expected
    assert set(by_component("Job")) == {"migrate"}


# Options that take a value, under one spelling (aliases map to the short form).
VALUE_OPTIONS = {
    "-A": "-A", "--app": "-A",
    "-Q": "-Q", "--queues": "-Q",
    "-n": "-n", "--hostname": "-n",
    "-c": "-c", "--concurrency": "-c",
    "--prefetch-multiplier": "--prefetch-multiplier",
    "-b": "-b", "--bind": "-b",
    "-p": "-p", "--port": "-p",
    "-s": "-s", "--schedule": "-s",
    "-l": "-l", "--loglevel": "-l",
}  # fmt: skip
# Where a machine-local Procfile and the cluster may rightly differ: listen address and port
# (loopback and a free port locally, the pod network and 8000 in a pod), pool size (machine
# size), beat's schedule file location, Celery's cluster-chatter switches and log level.
# Everything else must agree: program, app, subcommand, ASGI application, queues, node names
# (the liveness probes ping them), prefetch.
DEPLOYMENT_SPECIFIC = {
    "-b", "-p", "-c", "-s", "-l", "--without-gossip", "--without-mingle", "--without-heartbeat",
}  # fmt: skip


def without_priority(command: list[str]) -> list[str]:
    """`command` without a leading ``nice [-n N]``: on one host the Procfile lowers the AI worker's
    CPU priority; in k8s its own pod and CPU limits do that."""
    if command[:1] != ["nice"]:
        return command
    rest = command[1:]
    return rest[2:] if rest[:1] == ["-n"] else rest


def essential(command: list[str]) -> tuple[list[str], dict[str, str | None]]:
    """A command as (positional words, options), minus the deployment-specific options."""
    words: list[str] = []
    options: dict[str, str | None] = {}
    tokens = iter(without_priority(command))
    for token in tokens:
        name, has_value, value = token.partition("=")
        if token.startswith("--") and has_value and name in VALUE_OPTIONS:
            options[VALUE_OPTIONS[name]] = value
        elif token in VALUE_OPTIONS:
            options[VALUE_OPTIONS[token]] = next(tokens, None)
        elif token.startswith("-"):
            options[token] = None
        else:
            words.append(token)
    return words, {k: v for k, v in options.items() if k not in DEPLOYMENT_SPECIFIC}


def procfile_mismatches(procfile: Path) -> list[str]:
    """Why k8s/ does not mirror `procfile`: each process there must exist here, same essentials."""
    commands = {
        doc["spec"]["template"]["metadata"]["labels"][COMPONENT]: process_command(doc)
        for doc in workloads()
    }
    problems = []
    for name, line in read_procfile(procfile).items():
        if name not in commands:
            problems.append(f"{name}: in the Procfile, no k8s workload")
        elif essential(commands[name]) != essential(shlex.split(line)):
            problems.append(f"{name}: k8s {shlex.join(commands[name])!r} != Procfile {line!r}")
    return problems


def test_process_commands_match_the_procfile() -> None:
    if not PROCFILE.exists():
        pytest.skip("no Procfile at the repository root yet")
    assert procfile_mismatches(PROCFILE) == []


def test_procfile_comparison_reports_differences(tmp_path: Path) -> None:
    """The Procfile check itself, on stand-in Procfiles (runs even before the real one exists)."""
    procfile = tmp_path / "Procfile"
    lines = [f"{name}: {command}" for name, command in EXPECTED_COMMANDS.items()]
    procfile.write_text("# process types\n\n" + "\n".join(lines) + "\n", encoding="utf-8")
    assert procfile_mismatches(procfile) == []
    # Machine-local values and Celery tuning switches are not differences.
    procfile.write_text(
        "web: daphne -b 127.0.0.1 -p ${WEB_PORT:-8000} config.asgi:application\n"
        "worker-ai: nice -n 10 celery --app=config worker --queues ai -c 1 --hostname ai@%h"
        " --without-gossip --without-mingle\n"
        "beat: celery -A config beat --schedule ${RUN_DIR:-var}/celerybeat-schedule\n",
        encoding="utf-8",
    )
    assert procfile_mismatches(procfile) == []
    # Another queue, node name, prefetch or ASGI app is; so is a process k8s/ lacks.
    procfile.write_text(
        "web: daphne -b 0.0.0.0 -p 8000 config.asgi:app\n"
        "worker-ai: celery -A config worker -Q ai,clock -n ai@%h\n"
        "worker-clock: celery -A config worker -Q clock -n clock@%h\n"
        "worker: celery -A config worker -Q ai,clock\n",
        encoding="utf-8",
    )
    assert procfile_mismatches(procfile) == [
        "web: k8s 'daphne -b 0.0.0.0 -p 8000 config.asgi:application'"
        " != Procfile 'daphne -b 0.0.0.0 -p 8000 config.asgi:app'",
        "worker-ai: k8s 'celery -A config worker -Q ai --concurrency 2 -n ai@%h'"
        " != Procfile 'celery -A config worker -Q ai,clock -n ai@%h'",
        "worker-clock: k8s 'celery -A config worker -Q clock --concurrency 2"
        " --prefetch-multiplier 1 -n clock@%h'"
        " != Procfile 'celery -A config worker -Q clock -n clock@%h'",
        "worker: in the Procfile, no k8s workload",
    ]


def test_every_deployment_container_has_probes() -> None:
    deployments = by_component("Deployment")
    assert set(deployments) == {
        "web",
        "worker-ai",
        "worker-analysis",
        "worker-clock",
        "beat",
        "sweeper",
        "pooler",
    }
    for name, deployment in deployments.items():
        for container in all_containers(deployment):
            assert "livenessProbe" in container, f"{name}/{container['name']}"
    (web,) = pod_spec(deployments["web"])["containers"]
    assert web["livenessProbe"]["httpGet"]["path"] == "/healthz/live"
    assert web["readinessProbe"]["httpGet"]["path"] == "/healthz/ready"
    assert web["livenessProbe"]["httpGet"]["port"] == "http"
    assert web["ports"] == [{"name": "http", "containerPort": 8000, "protocol": "TCP"}]


@pytest.mark.parametrize(
    ("component", "queue"),
    [("worker-ai", "ai"), ("worker-analysis", "analysis"), ("worker-clock", "clock")],
)
def test_worker_liveness_pings_its_own_node(component: str, queue: str) -> None:
    """The probe's -d name must be the worker's -n name with %h expanded to $HOSTNAME."""
    (container,) = pod_spec(by_component("Deployment")[component])["containers"]
    command = process_command(by_component("Deployment")[component])
    assert command[command.index("-n") + 1] == f"{queue}@%h"
    assert command[command.index("-Q") + 1] == queue
    assert container["livenessProbe"]["exec"]["command"] == [
        "sh",
        "-c",
        f"celery -A config inspect ping -d {queue}@$HOSTNAME --timeout 5",
    ]


def test_web_deployment_service_and_replicas() -> None:
    deployments = by_component("Deployment")
    web = deployments["web"]
    assert autoscalers()["web"]["spec"]["minReplicas"] == 2
    service = named("Service", "gameplatform-web")
    assert service["spec"]["ports"] == [
        {"name": "http", "port": 80, "targetPort": "http", "protocol": "TCP"}
    ]
    labels = web["spec"]["template"]["metadata"]["labels"]
    assert service["spec"]["selector"].items() <= labels.items()


def test_beat_runs_exactly_once_and_is_recreated() -> None:
    beat = by_component("Deployment")["beat"]
    assert beat["spec"]["replicas"] == 1
    assert beat["spec"]["strategy"] == {"type": "Recreate"}


def test_clock_workers_outrank_ai_workers() -> None:
    priorities = {pc["metadata"]["name"]: pc["value"] for pc in of_kind("PriorityClass")}
    deployments = by_component("Deployment")
    clock = priorities[pod_spec(deployments["worker-clock"])["priorityClassName"]]
    ai = priorities[pod_spec(deployments["worker-ai"])["priorityClassName"]]
    assert autoscalers()["worker-clock"]["spec"]["minReplicas"] == 2
    assert clock > ai


def test_disruption_budgets_cover_web_and_clock_workers() -> None:
    deployments = by_component("Deployment")
    covered = set()
    for pdb in of_kind("PodDisruptionBudget"):
        selector = pdb["spec"]["selector"]["matchLabels"]
        for name, deployment in deployments.items():
            if selector.items() <= deployment["spec"]["template"]["metadata"]["labels"].items():
                covered.add(name)
    assert covered == {"web", "worker-clock", "pooler"}


def test_every_container_has_resources_and_a_locked_down_security_context() -> None:
    for doc in all_workloads():
        spec = pod_spec(doc)
        assert spec["securityContext"]["runAsNonRoot"] is True
        mounts_tmp = {v["name"] for v in spec["volumes"] if "emptyDir" in v}
        for container in all_containers(doc):
            where = f"{doc['metadata']['name']}/{container['name']}"
            for bound in ("requests", "limits"):
                assert set(container["resources"][bound]) == {"cpu", "memory"}, where
            security = container["securityContext"]
            assert security["readOnlyRootFilesystem"] is True, where
            assert security["allowPrivilegeEscalation"] is False, where
            tmp = [m for m in container["volumeMounts"] if m["mountPath"] == "/tmp"]
            assert len(tmp) == 1 and tmp[0]["name"] in mounts_tmp, where


def test_configuration_comes_from_the_configmap_and_secret() -> None:
    config = named("ConfigMap", "gameplatform-config")
    secret = named("Secret", "gameplatform-secrets")
    required = {
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "TIME_REFERENCE": "postgres",
        "LOG_FORMAT": "json",
        "CLOCK_SWEEP_SECONDS": "1",
    }
    assert config["data"].items() >= required.items()
    assert "DJANGO_ALLOWED_HOSTS" in config["data"]
    assert set(secret["stringData"]) == {
        "DJANGO_SECRET_KEY",
        "DATABASE_URL",
        "DATABASE_DIRECT_URL",
        "REDIS_URL",
        "CHANNEL_REDIS_URL",
    }
    env_from = [
        {"configMapRef": {"name": config["metadata"]["name"]}},
        {"secretRef": {"name": secret["metadata"]["name"]}},
    ]
    for doc in workloads():
        for container in all_containers(doc):
            assert container["envFrom"] == env_from, doc["metadata"]["name"]


def test_database_and_redis_urls_point_at_external_name_services() -> None:
    external = {
        s["metadata"]["name"]: s["spec"]["externalName"]
        for s in of_kind("Service")
        if s["spec"].get("type") == "ExternalName"
    }
    assert external == {
        "postgres": "postgres.example.internal",
        "redis": "redis.example.internal",
        "redis-channels": "redis.example.internal",
    }
    secret = app_secret()
    database = urlsplit(secret["DATABASE_DIRECT_URL"])
    redis = urlsplit(secret["REDIS_URL"])
    assert (database.scheme, database.hostname, database.port) == (
        "postgres",
        f"postgres.{NAMESPACE}.svc.cluster.local",
        5432,
    )
    assert (redis.scheme, redis.hostname, redis.port) == (
        "redis",
        f"redis.{NAMESPACE}.svc.cluster.local",
        6379,
    )
    channels = urlsplit(secret["CHANNEL_REDIS_URL"])
    assert (channels.scheme, channels.hostname, channels.port) == (
        "redis",
        f"redis-channels.{NAMESPACE}.svc.cluster.local",
        6379,
    )


# --- scaling out (docs/architecture.md "Capacity") ----------------------------------------------


def autoscalers() -> dict[str, dict[str, Any]]:
    """Each HorizontalPodAutoscaler by the component of the Deployment it scales."""
    deployments = {doc["metadata"]["name"]: doc for doc in of_kind("Deployment")}
    found = {}
    for hpa in of_kind("HorizontalPodAutoscaler"):
        target = hpa["spec"]["scaleTargetRef"]
        assert (target["apiVersion"], target["kind"]) == ("apps/v1", "Deployment")
        deployment = deployments[target["name"]]
        found[deployment["spec"]["template"]["metadata"]["labels"][COMPONENT]] = hpa
    return found


def test_every_deployment_that_scales_has_a_cpu_autoscaler_and_the_singletons_none() -> None:
    hpas = autoscalers()
    assert set(hpas) == AUTOSCALED
    assert set(by_component("Deployment")) == AUTOSCALED | FIXED
    for name, hpa in hpas.items():
        assert hpa["apiVersion"] == "autoscaling/v2", name
        assert hpa["metadata"]["labels"][COMPONENT] == name
        (metric,) = hpa["spec"]["metrics"]
        assert metric["type"] == "Resource" and metric["resource"]["name"] == "cpu", name
        target = metric["resource"]["target"]
        assert target["type"] == "Utilization" and 0 < target["averageUtilization"] <= 100, name
        # Two at least, so a PodDisruptionBudget's one may go; room to grow above that.
        assert 2 <= hpa["spec"]["minReplicas"] < hpa["spec"]["maxReplicas"], name


def test_autoscaled_deployments_leave_the_count_to_the_autoscaler_and_request_cpu() -> None:
    """A replica count in the manifest would reset the autoscaler's at every apply; utilisation is
    a share of the CPU request, so every container must request CPU."""
    deployments = by_component("Deployment")
    for name in AUTOSCALED:
        assert "replicas" not in deployments[name]["spec"], name
        for container in all_containers(deployments[name]):
            assert container["resources"]["requests"]["cpu"], f"{name}/{container['name']}"
    assert deployments["beat"]["spec"]["replicas"] == 1
    assert deployments["sweeper"]["spec"]["replicas"] == 2
    assert deployments["pooler"]["spec"]["replicas"] == 2


def test_pooler_runs_pgbouncer_in_transaction_mode_in_front_of_postgres() -> None:
    ini = pgbouncer_ini()
    assert ini["pgbouncer"]["pool_mode"] == "transaction"
    # psycopg's prepared statements survive transaction pooling only when PgBouncer tracks them.
    assert int(ini["pgbouncer"]["max_prepared_statements"]) > 0
    assert int(ini["pgbouncer"]["max_db_connections"]) >= int(ini["pgbouncer"]["default_pool_size"])
    backend = dict(part.split("=", 1) for part in ini["databases"]["gameplatform"].split())
    direct = urlsplit(app_secret()["DATABASE_DIRECT_URL"])
    assert (backend["host"], int(backend["port"]), backend["dbname"]) == (
        direct.hostname,
        direct.port,
        direct.path.lstrip("/"),
    )
    pooler = by_component("Deployment")["pooler"]
    (container,) = pod_spec(pooler)["containers"]
    # Pinned to a PgBouncer that keeps prepared statements in transaction mode (1.22+).
    image, _, tag = container["image"].rpartition(":")
    assert image.endswith("pgbouncer") and re.fullmatch(r"\d+\.\d+\.\d+", tag), container["image"]
    assert tuple(int(n) for n in tag.split(".")) >= (1, 22, 0)
    (port,) = container["ports"]
    assert port["containerPort"] == int(ini["pgbouncer"]["listen_port"])
    mounted = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
    config_file = container["command"][-1]
    assert mounted[str(Path(config_file).parent)] == "config"
    auth_file = ini["pgbouncer"]["auth_file"]
    assert mounted[str(Path(auth_file).parent)] == "auth"
    volumes = {v["name"]: v for v in pod_spec(pooler)["volumes"]}
    assert volumes["config"]["configMap"]["name"] == "gameplatform-pgbouncer"
    assert volumes["auth"]["secret"]["secretName"] == "gameplatform-pgbouncer"
    users = named("Secret", "gameplatform-pgbouncer")["stringData"][Path(auth_file).name]
    pooled = urlsplit(app_secret()["DATABASE_URL"])
    assert f'"{pooled.username}" "{pooled.password}"' in users.splitlines()


def test_the_processes_reach_postgres_through_the_pooler_and_the_migrations_directly() -> None:
    secret = app_secret()
    pooled, direct = urlsplit(secret["DATABASE_URL"]), urlsplit(secret["DATABASE_DIRECT_URL"])
    service = named("Service", "gameplatform-pgbouncer")
    (port,) = service["spec"]["ports"]
    assert (pooled.hostname, pooled.port) == (POOLER_SERVICE, port["port"])
    assert service["spec"]["selector"].items() <= (
        by_component("Deployment")["pooler"]["spec"]["template"]["metadata"]["labels"].items()
    )
    # The same account and database either way: only the route differs.
    assert (pooled.username, pooled.password, pooled.path) == (
        direct.username,
        direct.password,
        direct.path,
    )
    config = named("ConfigMap", "gameplatform-config")["data"]
    assert config["DATABASE_TRANSACTION_POOLER"] == "true"
    overrides = {
        doc["spec"]["template"]["metadata"]["labels"][COMPONENT]: {
            env["name"]: env.get("value", env.get("valueFrom"))
            for container in all_containers(doc)
            for env in container.get("env", [])
        }
        for doc in workloads()
    }
    assert overrides.pop("migrate") == {
        "DATABASE_URL": {
            "secretKeyRef": {"name": "gameplatform-secrets", "key": "DATABASE_DIRECT_URL"}
        },
        "DATABASE_TRANSACTION_POOLER": "false",
    }
    # Every other process keeps the pooler's URL from the Secret.
    assert all("DATABASE_URL" not in env for env in overrides.values()), overrides
