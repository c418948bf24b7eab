"""The container image and the Kubernetes manifests of ``deploy/``, checked offline.

Both overlays are rendered by ``kubectl kustomize`` (Debian's ``kubectl``; without it these tests
skip, and fail under ``CI=true``), every object is validated against the Kubernetes JSON schemas
that the ``kubernetes-validate`` package ships (strict: an unknown field fails), and the tests
below check what a schema cannot: that the pieces fit together, who may reach whom
(NetworkPolicies) and which pod holds which credential.
"""

from __future__ import annotations

import copy
import functools
import os
import re
import shutil
import subprocess
import tomllib
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import urlsplit

import kubernetes_validate  # type: ignore[import-untyped]
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
K8S = DEPLOY / "k8s"
OVERLAYS = ("local", "production")

#: The oldest Kubernetes the manifests are for, and the newest whose schemas the package ships.
KUBERNETES_VERSIONS = ("1.31", kubernetes_validate.utils.latest_version())

#: The gRPC services: port, and the name their health service reports.
GRPC_SERVICES = {
    "dictionary": (50051, "arbitre.v1.Dictionary"),
    "movegen": (50052, "arbitre.v1.MoveGenerator"),
    "scoring": (50053, "arbitre.v1.Scoring"),
    "session": (50054, "arbitre.v1.Session"),
}
GATEWAY_PORT = 8080
ARBITRE_DEPLOYMENTS = frozenset({*GRPC_SERVICES, "gateway"})
#: Who needs Redis.
REDIS_CLIENTS = frozenset({"scoring", "session", "gateway"})
#: Who needs the archive's database (DATABASE_URL): the session alone migrates and writes it.
DATABASE_CLIENTS = frozenset({"session"})
#: The datastores: StatefulSets with a claim, each behind a headless Service.
DATASTORES = frozenset({"redis", "postgres"})
#: Each datastore's password in the Secret, and who may hold it: the server and its clients.
DATASTORE_PASSWORDS = {
    "redis-password": {"redis", *REDIS_CLIENTS},
    "postgres-password": {"postgres", *DATABASE_CLIENTS},
}
SECRET = "arbitre-secrets"
CONFIG = "arbitre-config"
#: The Secret's keys, and which of them each workload may hold (the gateway never holds the
#: session's credential: only the session may close a turn).
SECRET_KEYS = frozenset(
    {
        "api-keys",
        "redis-password",
        "postgres-password",
        "package-key",
        "gateway-token",
        "session-token",
    }
)
CREDENTIALS = {
    "gateway": {"gateway-token"},
    "session": {"gateway-token", "session-token"},
    "scoring": {"gateway-token", "session-token"},
    "movegen": {"gateway-token", "session-token"},
    "dictionary": {"gateway-token", "session-token"},
    "redis": set(),
    "postgres": set(),
}
#: The variable naming each credential's file (arbitre.services.internal_auth).
CREDENTIAL_VARIABLES = {
    "gateway-token": "ARBITRE_GATEWAY_TOKEN_FILE",
    "session-token": "ARBITRE_SESSION_TOKEN_FILE",
}
#: Who may connect to each workload: workloads of the namespace, or ``namespace:NAME``.
CALLERS = {
    "redis": {"session", "scoring", "gateway"},
    "postgres": {"session"},
    "session": {"gateway"},
    "scoring": {"gateway", "session"},
    "movegen": {"gateway", "session"},
    "dictionary": {"gateway", "session"},
    "gateway": {"namespace:ingress-nginx"},
}
#: The port each workload is reached on.
PORTS = {**{name: port for name, (port, _) in GRPC_SERVICES.items()}, "gateway": 8080}
PORTS["redis"] = 6379
PORTS["postgres"] = 5432
#: The official PostgreSQL image, pinned to a release (MAJOR.MINOR, a variant after a dash).
POSTGRES_IMAGE = re.compile(r"docker\.io/library/postgres:(\d+)\.(\d+)(-[a-z0-9.]+)?")

#: A Kubernetes object as YAML gives it.
Object = dict[str, Any]

#: Kinds with a pod template at ``spec.template``.
POD_TEMPLATE_KINDS = frozenset({"Deployment", "ReplicaSet", "StatefulSet", "DaemonSet", "Job"})


# ---- rendering and lookups


def kubectl() -> str:
    """The kubectl binary; the test skips without one (fails under ``CI=true``)."""
    found = shutil.which("kubectl")
    if found is None:
        reason = "kubectl is not installed (Debian's package kubectl renders the overlays)"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    return found


def kubectl_kustomize(directory: Path) -> list[Object]:
    """The objects ``kubectl kustomize directory`` gives."""
    result = subprocess.run(
        [kubectl(), "kustomize", str(directory)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return [item for item in yaml.safe_load_all(result.stdout) if item is not None]


def identity(item: Object) -> tuple[str, str, str, str]:
    """``(apiVersion, kind, namespace, name)``: what makes an object unique."""
    metadata = item["metadata"]
    return item["apiVersion"], item["kind"], metadata.get("namespace", ""), metadata["name"]


def pod_spec(item: Object) -> dict[str, Any] | None:
    """The pod spec of a workload's template, or None for other kinds."""
    if item["kind"] not in POD_TEMPLATE_KINDS:
        return None
    spec: dict[str, Any] = item["spec"]["template"]["spec"]
    return spec


@functools.cache
def _rendered(overlay: str) -> tuple[Object, ...]:
    return tuple(kubectl_kustomize(K8S / "overlays" / overlay))


def rendered(overlay: str) -> list[Object]:
    """The overlay's objects (a copy the test may change)."""
    return copy.deepcopy(list(_rendered(overlay)))


@pytest.fixture(params=OVERLAYS)
def overlay(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


@pytest.fixture
def objects(overlay: str) -> list[Object]:
    return rendered(overlay)


def of_kind(objects: list[Object], kind: str) -> list[Object]:
    return [item for item in objects if item["kind"] == kind]


def named(objects: list[Object], kind: str, name: str) -> Object:
    matches = [item for item in of_kind(objects, kind) if item["metadata"]["name"] == name]
    assert len(matches) == 1, f"{kind}/{name}: {len(matches)} found"
    return matches[0]


def workloads(objects: list[Object]) -> list[Object]:
    return [item for item in objects if pod_spec(item) is not None]


def containers(item: Object) -> list[dict[str, Any]]:
    spec = pod_spec(item)
    assert spec is not None
    return [*spec.get("initContainers", []), *spec["containers"]]


def main_container(item: Object) -> dict[str, Any]:
    """The container named as its workload (each of ours has one)."""
    spec = pod_spec(item)
    assert spec is not None
    matches: list[dict[str, Any]] = [
        c for c in spec["containers"] if c["name"] == item["metadata"]["name"]
    ]
    assert len(matches) == 1, f"{item['metadata']['name']}: no container of its name"
    return matches[0]


def template_labels(item: Object) -> dict[str, str]:
    labels: dict[str, str] = item["spec"]["template"]["metadata"]["labels"]
    return labels


def selects(selector: dict[str, str], labels: dict[str, str]) -> bool:
    return bool(selector) and all(labels.get(key) == value for key, value in selector.items())


def autoscaler_of(objects: list[Object], deployment: str) -> Object | None:
    for hpa in of_kind(objects, "HorizontalPodAutoscaler"):
        if hpa["spec"]["scaleTargetRef"]["name"] == deployment:
            return hpa
    return None


def least_replicas(objects: list[Object], item: Object) -> int:
    """The replicas a workload runs at least: its autoscaler's minimum, else its own count."""
    hpa = autoscaler_of(objects, item["metadata"]["name"])
    if hpa is not None:
        return int(hpa["spec"]["minReplicas"])
    return int(item["spec"].get("replicas", 1))


def quantity(text: str | int) -> float:
    """A Kubernetes quantity (``100m``, ``2``, ``512Mi``, ``1Gi``) as a number."""
    match = re.fullmatch(r"(\d+(?:\.\d+)?)(m|Ki|Mi|Gi|Ti|k|M|G)?", str(text))
    assert match, f"not a quantity: {text!r}"
    scale = {"m": 1e-3, "Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "Ti": 2**40, "k": 1e3, "M": 1e6}
    scale["G"] = 1e9
    return float(match[1]) * scale.get(match[2] or "", 1)


def declared_ports(item: Object) -> dict[str | int, int]:
    """The container ports of a workload, by name and by number."""
    ports: dict[str | int, int] = {}
    for container in containers(item):
        for port in container.get("ports", []):
            ports[port["containerPort"]] = port["containerPort"]
            if "name" in port:
                ports[port["name"]] = port["containerPort"]
    return ports


def config_data(objects: list[Object]) -> dict[str, str]:
    data: dict[str, str] = named(objects, "ConfigMap", CONFIG)["data"]
    return data


def environment(objects: list[Object], container: dict[str, Any]) -> list[tuple[str, str]]:
    """The variables a container gets, in Kubernetes' order: envFrom, then env. A value from
    a Secret reads ``<secret NAME KEY>``."""
    variables: list[tuple[str, str]] = []
    for source in container.get("envFrom", []):
        reference = source["configMapRef"]["name"]
        variables.extend(named(objects, "ConfigMap", reference)["data"].items())
    for variable in container.get("env", []):
        if "value" in variable:
            variables.append((variable["name"], variable["value"]))
        else:
            secret = variable["valueFrom"]["secretKeyRef"]
            variables.append((variable["name"], f"<secret {secret['name']} {secret['key']}>"))
    return variables


def expanded(value: str, variables: dict[str, str]) -> str:
    """``value`` with ``$(NAME)`` replaced as the kubelet does."""
    return re.sub(r"\$\((\w+)\)", lambda match: variables.get(match[1], match[0]), value)


# ---- every object is a valid Kubernetes object


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
def test_objects_are_valid_against_the_kubernetes_schemas(
    objects: list[Object], version: str
) -> None:
    failures = []
    for item in objects:
        try:
            kubernetes_validate.validate(item, version, strict=True)
        except kubernetes_validate.ValidationError as error:
            path = ".".join(str(part) for part in error.path)
            failures.append(f"{item['kind']}/{item['metadata']['name']} {path}: {error.message}")
    assert not failures, "\n".join(failures)


def test_everything_is_deployed(objects: list[Object]) -> None:
    deployments = {item["metadata"]["name"] for item in of_kind(objects, "Deployment")}
    assert deployments == ARBITRE_DEPLOYMENTS
    statefulsets = sorted(item["metadata"]["name"] for item in of_kind(objects, "StatefulSet"))
    assert statefulsets == sorted(DATASTORES)
    services = {item["metadata"]["name"] for item in of_kind(objects, "Service")}
    assert services == {*ARBITRE_DEPLOYMENTS, *DATASTORES}
    namespaces = [item["metadata"]["name"] for item in of_kind(objects, "Namespace")]
    assert namespaces == ["arbitre"]
    for item in objects:
        if item["kind"] != "Namespace":
            assert item["metadata"]["namespace"] == "arbitre", identity(item)
        labels = item["metadata"]["labels"]
        assert labels["app.kubernetes.io/part-of"] == "arbitre", identity(item)
    for item in workloads(objects):
        assert template_labels(item)["app.kubernetes.io/name"] == item["metadata"]["name"]


# ---- the services and their probes


@pytest.mark.parametrize("name", sorted(GRPC_SERVICES))
def test_grpc_services_listen_on_their_port_and_are_probed_there(
    objects: list[Object], name: str
) -> None:
    port, health_name = GRPC_SERVICES[name]
    container = main_container(named(objects, "Deployment", name))
    assert container["command"] == ["python", "-m", f"arbitre.services.{name}"]
    # --address wins over ARBITRE_<NAME>_ADDRESS, the clients' address of the Service
    assert container["args"] == ["--address", f"0.0.0.0:{port}"]
    assert [p["containerPort"] for p in container["ports"]] == [port]
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        assert set(container[probe]) & {"grpc", "httpGet", "tcpSocket", "exec"} == {"grpc"}, probe
        assert container[probe]["grpc"]["port"] == port, probe
    assert container["readinessProbe"]["grpc"]["service"] == health_name
    assert (
        container["startupProbe"]["failureThreshold"] * container["startupProbe"]["periodSeconds"]
        >= 30
    )


def test_the_gateway_is_ready_with_its_peers_and_alive_on_its_own(objects: list[Object]) -> None:
    container = main_container(named(objects, "Deployment", "gateway"))
    assert container["command"] == ["python", "-m", "arbitre.gateway"]
    assert container["args"] == ["--host", "0.0.0.0", "--port", str(GATEWAY_PORT)]
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    assert ports == {"http": GATEWAY_PORT}
    readiness = container["readinessProbe"]["httpGet"]
    assert readiness["path"] == "/healthz"
    assert ports.get(readiness["port"], readiness["port"]) == GATEWAY_PORT
    for probe in ("livenessProbe", "startupProbe"):
        check = container[probe]["httpGet"]
        # /healthz is 503 when a peer is down: a liveness on it would restart every gateway
        assert check["path"] == "/v1/openapi.json", probe
        assert ports.get(check["port"], check["port"]) == GATEWAY_PORT, probe
    # /healthz waits up to a second per peer
    assert container["readinessProbe"]["timeoutSeconds"] >= len(GRPC_SERVICES)


def test_services_select_their_pods_and_target_declared_ports(objects: list[Object]) -> None:
    for service in of_kind(objects, "Service"):
        name = service["metadata"]["name"]
        selector = service["spec"]["selector"]
        selected = [item for item in workloads(objects) if selects(selector, template_labels(item))]
        assert [item["metadata"]["name"] for item in selected] == [name]
        ports = declared_ports(selected[0])
        for port in service["spec"]["ports"]:
            target = port.get("targetPort", port["port"])
            assert target in ports, f"Service {name}: targetPort {target} is not declared"
            assert ports[target] == port["port"], f"Service {name}: port {port['port']}"


def test_peer_addresses_are_the_services(objects: list[Object]) -> None:
    data = config_data(objects)
    for name, (port, _) in GRPC_SERVICES.items():
        address = data[f"ARBITRE_{name.upper()}_ADDRESS"]
        balanced = address.startswith("dns:///")
        host, _, number = address.removeprefix("dns:///").partition(":")
        assert host == name
        service = named(objects, "Service", host)
        # A balanced service is headless: its name resolves to every pod, not to one address.
        assert balanced == (service["spec"].get("clusterIP") == "None"), name
        assert balanced == (name == "movegen"), name
        assert int(number) in [p["port"] for p in service["spec"]["ports"]]
        assert int(number) == port
    # nothing overrides the ConfigMap's addresses
    for item in workloads(objects):
        for container in containers(item):
            names = {variable["name"] for variable in container.get("env", [])}
            assert not {n for n in names if re.fullmatch(r"ARBITRE_\w+_ADDRESS", n)}


def test_redis_clients_reach_the_redis_service(objects: list[Object]) -> None:
    redis_port = named(objects, "Service", "redis")["spec"]["ports"][0]["port"]
    for item in workloads(objects):
        name = item["metadata"]["name"]
        if name == "redis":
            continue
        variables = dict(environment(objects, main_container(item)))
        if name not in REDIS_CLIENTS:
            assert "REDIS_URL" not in variables, name
            continue
        url = urlsplit(expanded(variables["REDIS_URL"], variables))
        assert (url.scheme, url.hostname, url.port) == ("redis", "redis", redis_port), name
        assert url.password == f"<secret {SECRET} redis-password>", name
    redis = main_container(named(objects, "StatefulSet", "redis"))
    variables = dict(environment(objects, redis))
    arguments = [expanded(argument, variables) for argument in redis["args"]]
    password = arguments[arguments.index("--requirepass") + 1]
    assert password == f"<secret {SECRET} redis-password>"


def test_the_session_reaches_the_postgres_service(objects: list[Object]) -> None:
    """Only the session gets DATABASE_URL: the archive's PostgreSQL, as its server's user and
    database, with the Secret's password; the URL takes the driver Arbitre installs."""
    from arbitre.services.archive.store import engine_url

    port = named(objects, "Service", "postgres")["spec"]["ports"][0]["port"]
    server = dict(environment(objects, main_container(named(objects, "StatefulSet", "postgres"))))
    assert server["POSTGRES_PASSWORD"] == f"<secret {SECRET} postgres-password>"
    for item in workloads(objects):
        name = item["metadata"]["name"]
        if name in DATASTORES:
            continue
        variables = dict(environment(objects, main_container(item)))
        if name not in DATABASE_CLIENTS:
            assert "DATABASE_URL" not in variables, name
            continue
        url = urlsplit(expanded(variables["DATABASE_URL"], variables))
        assert (url.scheme, url.hostname, url.port) == ("postgresql", "postgres", port), name
        assert url.username == server["POSTGRES_USER"], name
        assert url.path == f"/{server['POSTGRES_DB']}", name
        assert url.password == f"<secret {SECRET} postgres-password>", name
        plain = expanded(variables["DATABASE_URL"], {**variables, "POSTGRES_PASSWORD": "x"})
        assert engine_url(plain).drivername == "postgresql+psycopg", name


def test_datastore_passwords_are_held_by_their_server_and_clients(objects: list[Object]) -> None:
    for item in workloads(objects):
        name = item["metadata"]["name"]
        held = secret_keys_held(item)
        for key, holders in DATASTORE_PASSWORDS.items():
            assert (key in held) == (name in holders), f"{name} {key}"


def test_variables_are_defined_before_they_are_used(objects: list[Object]) -> None:
    for item in workloads(objects):
        for container in containers(item):
            defined: set[str] = set()
            for name, value in environment(objects, container):
                for used in re.findall(r"\$\((\w+)\)", value):
                    assert used in defined, f"{container['name']}: {name} uses {used} too early"
                defined.add(name)
            for word in (*container.get("command", []), *container.get("args", [])):
                for used in re.findall(r"\$\((\w+)\)", word):
                    assert used in defined, f"{container['name']}: {used} is not defined"


def test_referenced_config_exists(overlay: str, objects: list[Object]) -> None:
    """The ConfigMap is always rendered; the Secret only locally, as a marked placeholder:
    production's is created by hand (see deploy/README.md), never overwritten by an apply."""
    secrets = of_kind(objects, "Secret")
    used = set()
    for item in workloads(objects):
        for container in containers(item):
            for source in container.get("envFrom", []):
                named(objects, "ConfigMap", source["configMapRef"]["name"])
            for variable in container.get("env", []):
                reference = variable.get("valueFrom", {}).get("secretKeyRef")
                if reference is not None:
                    assert reference["name"] == SECRET
                    assert not reference.get("optional", False)
                    used.add(reference["key"])
        for volume in item["spec"]["template"]["spec"].get("volumes", []):
            if "secret" in volume:
                assert volume["secret"]["secretName"] == SECRET
                assert not volume["secret"].get("optional", False)
                used.update(entry["key"] for entry in volume["secret"]["items"])
    assert used == SECRET_KEYS
    if overlay == "production":
        assert secrets == []
        return
    [secret] = secrets
    assert secret["metadata"]["name"] == SECRET
    assert secret["metadata"]["annotations"]["arbitre.example/placeholder"] == "true"
    assert set(secret["stringData"]) == used
    for password in DATASTORE_PASSWORDS:  # it goes in a URL
        assert re.fullmatch(r"[A-Za-z0-9]+", secret["stringData"][password]), password


def test_the_readme_creates_the_secret_the_pods_use() -> None:
    text = (DEPLOY / "README.md").read_text(encoding="utf-8")
    command = re.search(r"create secret generic arbitre-secrets(.*?)```", text, re.S)
    assert command, "deploy/README.md: no command creating the Secret"
    keys = set(re.findall(r"--from-literal=([\w-]+)=", command[1]))
    assert keys == SECRET_KEYS


def secret_keys_held(item: Object) -> set[str]:
    """The keys of the Secret a workload's pods hold: in variables or mounted as files."""
    spec = pod_spec(item)
    assert spec is not None
    held: set[str] = set()
    for container in containers(item):
        for variable in container.get("env", []):
            reference = variable.get("valueFrom", {}).get("secretKeyRef")
            if reference is not None:
                held.add(reference["key"])
    for volume in spec.get("volumes", []):
        if "secret" in volume:
            held.update(entry["key"] for entry in volume["secret"]["items"])
    return held


def mounted_files(item: Object, container: dict[str, Any]) -> dict[str, str]:
    """The files of the Secret mounted in ``container``: path to key."""
    spec = pod_spec(item)
    assert spec is not None
    volumes = {volume["name"]: volume for volume in spec.get("volumes", [])}
    files = {}
    for mount in container.get("volumeMounts", []):
        secret = volumes.get(mount["name"], {}).get("secret")  # else a claim or emptyDir
        if secret is None:
            continue
        assert mount.get("readOnly") is True, mount["name"]
        for entry in secret["items"]:
            files[f"{mount['mountPath']}/{entry['path']}"] = entry["key"]
    return files


def test_each_pod_holds_only_the_credentials_it_needs(objects: list[Object]) -> None:
    for item in workloads(objects):
        name = item["metadata"]["name"]
        held = secret_keys_held(item) & set(CREDENTIAL_VARIABLES)
        assert held == CREDENTIALS[name], name
        container = main_container(item)
        variables = dict(environment(objects, container))
        files = mounted_files(item, container)
        for key, variable in CREDENTIAL_VARIABLES.items():
            if key in CREDENTIALS[name]:
                # the service reads the file the variable names: the Secret's key, mounted
                assert files.get(variables.get(variable, "")) == key, f"{name} {variable}"
            else:
                assert variable not in variables, f"{name} {variable}"
                assert variable.removesuffix("_FILE") not in variables, name
    gateway = named(objects, "Deployment", "gateway")
    assert "session-token" not in secret_keys_held(gateway)


def test_the_local_credentials_are_ones_the_services_accept() -> None:
    from arbitre.services.internal_auth import Credentials, Identity

    [secret] = of_kind(rendered("local"), "Secret")
    data = secret["stringData"]
    credentials = Credentials(
        {Identity.GATEWAY: data["gateway-token"], Identity.SESSION: data["session-token"]}
    )
    assert credentials.identify(data["gateway-token"]) == Identity.GATEWAY


def test_no_pod_turns_reflection_on(objects: list[Object]) -> None:
    for item in workloads(objects):
        for container in containers(item):
            names = {name for name, _ in environment(objects, container)}
            assert "ARBITRE_GRPC_REFLECTION" not in names, item["metadata"]["name"]


def policy_callers(policy: Object, objects: list[Object]) -> set[tuple[str, int]]:
    """Who a policy lets in, on which port: ``(workload or namespace:NAME, port)``."""
    allowed: set[tuple[str, int]] = set()
    for rule in policy["spec"].get("ingress", []):
        sources: set[str] = set()
        for peer in rule["from"]:
            assert set(peer) <= {"podSelector", "namespaceSelector"}, peer
            if "namespaceSelector" in peer:
                assert "podSelector" not in peer, peer
                labels = peer["namespaceSelector"]["matchLabels"]
                sources.add(f"namespace:{labels['kubernetes.io/metadata.name']}")
                continue
            selector = peer["podSelector"]["matchLabels"]
            selected = [w for w in workloads(objects) if selects(selector, template_labels(w))]
            assert selected, selector
            sources.update(w["metadata"]["name"] for w in selected)
        for port in rule["ports"]:
            assert port.get("protocol", "TCP") == "TCP"
            allowed.update((source, int(port["port"])) for source in sources)
    return allowed


def test_network_policies_let_in_only_each_services_callers(objects: list[Object]) -> None:
    policies = of_kind(objects, "NetworkPolicy")
    for policy in policies:
        assert policy["spec"]["policyTypes"] == ["Ingress"], policy["metadata"]["name"]
    # one policy selects every pod and lets nothing in: what no policy names is refused
    [deny] = [policy for policy in policies if policy["spec"]["podSelector"] == {}]
    assert "ingress" not in deny["spec"]
    for item in workloads(objects):
        name = item["metadata"]["name"]
        mine = [
            policy
            for policy in policies
            if policy is not deny
            and selects(policy["spec"]["podSelector"]["matchLabels"], template_labels(item))
        ]
        assert [policy["metadata"]["name"] for policy in mine] == [name]
        allowed = policy_callers(mine[0], objects)
        assert allowed == {(caller, PORTS[name]) for caller in CALLERS[name]}, name
        assert PORTS[name] in declared_ports(item).values(), name


# ---- resources, security, disruptions, scaling


def test_every_container_has_requests_and_limits(objects: list[Object]) -> None:
    for item in workloads(objects):
        for container in containers(item):
            resources = container["resources"]
            for resource in ("cpu", "memory"):
                request = quantity(resources["requests"][resource])
                limit = quantity(resources["limits"][resource])
                assert 0 < request <= limit, f"{container['name']} {resource}"


def test_every_pod_runs_unprivileged(objects: list[Object]) -> None:
    for item in workloads(objects):
        spec = pod_spec(item)
        assert spec is not None
        name = item["metadata"]["name"]
        pod = spec["securityContext"]
        assert pod["runAsNonRoot"] is True, name
        assert pod["runAsUser"] > 0, name
        assert pod["seccompProfile"] == {"type": "RuntimeDefault"}, name
        assert spec["automountServiceAccountToken"] is False, name
        # service links would put variables such as GATEWAY_PORT=tcp://... in every pod
        assert spec["enableServiceLinks"] is False, name
        volumes = {volume["name"]: volume for volume in spec.get("volumes", [])}
        claims = {
            claim["metadata"]["name"] for claim in item["spec"].get("volumeClaimTemplates", [])
        }
        for container in containers(item):
            context = container["securityContext"]
            assert context.get("runAsUser", pod["runAsUser"]) > 0, name
            assert context["allowPrivilegeEscalation"] is False, name
            assert context["readOnlyRootFilesystem"] is True, name
            assert context["capabilities"] == {"drop": ["ALL"]}, name
            for mount in container.get("volumeMounts", []):
                assert mount["name"] in volumes or mount["name"] in claims, name
            if name in ARBITRE_DEPLOYMENTS:
                # Python, gRPC and werkzeug write temporary files: /tmp is an emptyDir
                [tmp] = [m for m in container["volumeMounts"] if m["mountPath"] == "/tmp"]
                assert "emptyDir" in volumes[tmp["name"]], name


def test_every_deployment_has_a_disruption_budget(objects: list[Object]) -> None:
    budgets = of_kind(objects, "PodDisruptionBudget")
    covered = []
    for budget in budgets:
        selector = budget["spec"]["selector"]["matchLabels"]
        selected = [item for item in workloads(objects) if selects(selector, template_labels(item))]
        assert len(selected) == 1, budget["metadata"]["name"]
        # maxUnavailable keeps draining possible even with one replica (local)
        assert budget["spec"]["maxUnavailable"] == 1
        assert "minAvailable" not in budget["spec"]
        covered.append(selected[0]["metadata"]["name"])
    assert sorted(covered) == sorted(ARBITRE_DEPLOYMENTS)


def test_autoscalers_scale_existing_deployments_on_cpu(objects: list[Object]) -> None:
    hpas = of_kind(objects, "HorizontalPodAutoscaler")
    assert sorted(hpa["metadata"]["name"] for hpa in hpas) == ["gateway", "movegen"]
    for hpa in hpas:
        target = hpa["spec"]["scaleTargetRef"]
        assert (target["apiVersion"], target["kind"]) == ("apps/v1", "Deployment")
        deployment = named(objects, "Deployment", target["name"])
        # a replicas field would fight the autoscaler at every apply
        assert "replicas" not in deployment["spec"], target["name"]
        assert 1 <= hpa["spec"]["minReplicas"] <= hpa["spec"]["maxReplicas"]
        [metric] = hpa["spec"]["metrics"]
        assert metric["resource"]["name"] == "cpu"
        assert metric["resource"]["target"]["type"] == "Utilization"
        # utilisation is measured against the request
        assert "cpu" in main_container(deployment)["resources"]["requests"]


def test_redis_keeps_its_data_on_a_volume(objects: list[Object]) -> None:
    redis = named(objects, "StatefulSet", "redis")
    assert redis["spec"]["replicas"] == 1
    service = named(objects, "Service", redis["spec"]["serviceName"])
    assert service["spec"]["clusterIP"] == "None"
    [claim] = redis["spec"]["volumeClaimTemplates"]
    assert quantity(claim["spec"]["resources"]["requests"]["storage"]) >= 2**30
    container = main_container(redis)
    options = dict(zip(container["args"][::2], container["args"][1::2], strict=True))
    assert options["--appendonly"] == "yes"
    assert options["--maxmemory-policy"] == "noeviction"
    [mount] = [m for m in container["volumeMounts"] if m["name"] == claim["metadata"]["name"]]
    assert mount["mountPath"] == options["--dir"]
    limit = quantity(container["resources"]["limits"]["memory"])
    maxmemory = quantity(options["--maxmemory"].replace("mb", "Mi").replace("gb", "Gi"))
    assert maxmemory < limit


def test_postgres_keeps_its_data_on_a_volume(objects: list[Object]) -> None:
    postgres = named(objects, "StatefulSet", "postgres")
    assert postgres["spec"]["replicas"] == 1
    service = named(objects, "Service", postgres["spec"]["serviceName"])
    assert service["spec"]["clusterIP"] == "None"
    [claim] = postgres["spec"]["volumeClaimTemplates"]
    assert quantity(claim["spec"]["resources"]["requests"]["storage"]) >= 2**30
    container = main_container(postgres)
    # the official image, pinned to a release: never a moving `latest`
    assert POSTGRES_IMAGE.fullmatch(container["image"]), container["image"]
    assert [p["containerPort"] for p in container["ports"]] == [PORTS["postgres"]]
    variables = dict(environment(objects, container))
    # PGDATA: a directory of its own inside the claim (initdb refuses the mount's root)
    [mount] = [m for m in container["volumeMounts"] if m["name"] == claim["metadata"]["name"]]
    data = PurePosixPath(variables["PGDATA"])
    assert PurePosixPath(mount["mountPath"]) in data.parents
    spec = pod_spec(postgres)
    assert spec is not None
    # the image's postgres user (initdb needs the uid in /etc/passwd): no switch of user
    context = spec["securityContext"]
    assert (context["runAsUser"], context["runAsGroup"], context["fsGroup"]) == (999, 999, 999)
    # a recursive change of the volume at every start could loosen PGDATA's mode
    assert context["fsGroupChangePolicy"] == "OnRootMismatch"
    # the root filesystem is read-only: where PostgreSQL writes outside PGDATA is an emptyDir
    volumes = {volume["name"]: volume for volume in spec["volumes"]}
    mounts = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
    for path in ("/var/run/postgresql", "/tmp", "/dev/shm"):
        assert "emptyDir" in volumes[mounts[path]], path
    assert volumes[mounts["/dev/shm"]]["emptyDir"]["medium"] == "Memory"
    # probed with pg_isready on the port the clients use
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        command = container[probe]["exec"]["command"]
        assert command[0] == "pg_isready", probe
        assert "--host=127.0.0.1" in command, probe
        assert f"--port={PORTS['postgres']}" in command, probe
    # server options (-c NAME=VALUE); shared_buffers well under the memory limit
    arguments = container.get("args", [])
    assert arguments[::2] == ["-c"] * (len(arguments) // 2)
    options = dict(option.split("=", 1) for option in arguments[1::2])
    limit = quantity(container["resources"]["limits"]["memory"])
    shared_buffers = quantity(options.get("shared_buffers", "128MB").replace("MB", "Mi"))
    assert shared_buffers <= limit / 2


# ---- local and production


def test_local_runs_one_of_each_from_the_local_image() -> None:
    objects = rendered("local")
    for item in workloads(objects):
        assert least_replicas(objects, item) == 1, item["metadata"]["name"]
        if item["metadata"]["name"] in ARBITRE_DEPLOYMENTS:
            assert main_container(item)["image"] == "arbitre:dev"
            assert main_container(item).get("imagePullPolicy", "IfNotPresent") == "IfNotPresent"


def test_production_runs_more_and_larger_than_local() -> None:
    local, production = rendered("local"), rendered("production")
    for item in workloads(production):
        name = item["metadata"]["name"]
        mine = named(local, item["kind"], name)
        if name in ARBITRE_DEPLOYMENTS:
            assert least_replicas(production, item) > least_replicas(local, mine), name
            assert least_replicas(production, item) >= 2, name
        big, small = main_container(item)["resources"], main_container(mine)["resources"]
        for kind in ("requests", "limits"):
            for resource in ("cpu", "memory"):
                assert quantity(big[kind][resource]) >= quantity(small[kind][resource]), name
        assert quantity(big["requests"]["cpu"]) > quantity(small["requests"]["cpu"]), name
    for name in ("movegen", "gateway"):
        big, small = (
            named(production, "HorizontalPodAutoscaler", name),
            named(local, "HorizontalPodAutoscaler", name),
        )
        assert big["spec"]["maxReplicas"] > small["spec"]["maxReplicas"]
    image = main_container(named(production, "Deployment", "gateway"))["image"]
    assert "/" in image, image
    assert not image.endswith(":dev"), image


def test_production_logs_json() -> None:
    assert config_data(rendered("production"))["ARBITRE_LOG_FORMAT"] == "json"


def test_production_spreads_sessions_and_gateways() -> None:
    objects = rendered("production")
    for name in ("session", "gateway"):
        item = named(objects, "Deployment", name)
        spec = pod_spec(item)
        assert spec is not None
        labels = template_labels(item)
        [zones] = spec["topologySpreadConstraints"]
        assert zones["topologyKey"] == "topology.kubernetes.io/zone"
        assert selects(zones["labelSelector"]["matchLabels"], labels)
        [term] = spec["affinity"]["podAntiAffinity"][
            "preferredDuringSchedulingIgnoredDuringExecution"
        ]
        assert term["podAffinityTerm"]["topologyKey"] == "kubernetes.io/hostname"
        assert selects(term["podAffinityTerm"]["labelSelector"]["matchLabels"], labels)


def test_production_ingress_streams_events_to_the_gateway() -> None:
    objects = rendered("production")
    [ingress] = of_kind(objects, "Ingress")
    annotations = ingress["metadata"]["annotations"]
    assert annotations["nginx.ingress.kubernetes.io/proxy-buffering"] == "off"
    assert int(annotations["nginx.ingress.kubernetes.io/proxy-read-timeout"]) >= 3600
    gateway = named(objects, "Service", "gateway")
    port_names = {port["name"] for port in gateway["spec"]["ports"]}
    routed = []
    for rule in ingress["spec"]["rules"]:
        for path in rule["http"]["paths"]:
            backend = path["backend"]["service"]
            assert backend["name"] == "gateway"
            assert backend["port"]["name"] in port_names
            routed.append((path["path"], path["pathType"]))
    # /metrics and /healthz are not public
    assert sorted(routed) == [
        ("/", "Exact"),
        ("/t", "Prefix"),
        ("/v1", "Prefix"),
        ("/web", "Prefix"),
    ]
    assert ingress["spec"]["tls"], "the Ingress serves TLS"


# ---- the image


def dockerfile_stages() -> list[list[tuple[str, str]]]:
    """deploy/Dockerfile's instructions, ``(INSTRUCTION, arguments)``, stage by stage."""
    lines: list[str] = []
    pending = ""
    for raw in (DEPLOY / "Dockerfile").read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        lines.append(pending + line)
        pending = ""
    stages: list[list[tuple[str, str]]] = []
    for line in lines:
        instruction, _, arguments = line.partition(" ")
        if instruction.upper() == "FROM":
            stages.append([])
        if stages:
            stages[-1].append((instruction.upper(), arguments.strip()))
    return stages


def test_the_image_is_built_in_one_stage_and_run_from_another() -> None:
    stages = dockerfile_stages()
    assert len(stages) >= 2
    builder, runtime = stages[0], stages[-1]
    assert builder[0][1].endswith(" AS builder")
    assert any(i == "RUN" and "gcc" in a for i, a in builder)
    assert any(i == "RUN" and "pip wheel" in a for i, a in builder)
    text = " ".join(arguments for _, arguments in runtime)
    for tool in ("gcc", "build-essential", "apt-get install", "Cython"):
        assert tool not in text, tool
    # the runtime takes the builder's wheels (a bind mount: not kept in a layer), nothing else
    [from_builder] = [(i, a) for i, a in runtime if "builder" in a]
    assert from_builder[0] == "RUN"
    assert from_builder[1].startswith("--mount=type=bind,from=builder,")
    assert "pip install --no-index" in from_builder[1]


def test_the_image_has_the_archives_postgres_driver() -> None:
    """The session's DATABASE_URL needs psycopg: a dependency of the project, so the builder's
    wheels and the runtime's install have it; its binary build (libpq included): the runtime
    stage has neither libpq nor a compiler."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    drivers = [d for d in project["dependencies"] if re.match(r"psycopg\b", d)]
    assert [re.match(r"psycopg\[binary\]>=3", d) is not None for d in drivers] == [True]
    builder, runtime = dockerfile_stages()[0], dockerfile_stages()[-1]
    assert any(i == "RUN" and "pip wheel --wheel-dir /wheels ." in a for i, a in builder)
    assert any(i == "RUN" and "--find-links=/wheels arbitre" in a for i, a in runtime)


def test_the_image_runs_as_the_pods_user() -> None:
    runtime = dockerfile_stages()[-1]
    users = [arguments for instruction, arguments in runtime if instruction == "USER"]
    assert users, "the runtime stage has no USER"
    user, _, group = users[-1].partition(":")
    assert user.isdigit(), "USER must be a numeric uid"
    assert int(user) != 0, "USER must not be root"
    assert group.isdigit()
    assert int(group) != 0
    assert any(f"--uid {user}" in a for i, a in runtime if i == "RUN")
    for overlay in OVERLAYS:
        for item in workloads(rendered(overlay)):
            if item["metadata"]["name"] in ARBITRE_DEPLOYMENTS:
                context = item["spec"]["template"]["spec"]["securityContext"]
                assert (context["runAsUser"], context["runAsGroup"]) == (int(user), int(group))


def test_the_image_exposes_the_ports_the_pods_use() -> None:
    runtime = dockerfile_stages()[-1]
    exposed = {int(port) for i, a in runtime if i == "EXPOSE" for port in a.split()}
    assert exposed == {GATEWAY_PORT, *(port for port, _ in GRPC_SERVICES.values())}
    [command] = [a for i, a in runtime if i == "CMD"]
    assert yaml.safe_load(command)[:3] == ["python", "-m", "arbitre.gateway"]


def test_the_image_ships_compiled_lexicons_where_the_pods_look() -> None:
    runtime = dockerfile_stages()[-1]
    environment_text = " ".join(a for i, a in runtime if i == "ENV")
    match = re.search(r"ARBITRE_CACHE_DIR=(\S+)", environment_text)
    assert match, "ARBITRE_CACHE_DIR is not set in the image"
    directory = match[1]
    runs = [a for i, a in runtime if i == "RUN"]
    [compile_step] = [run for run in runs if "load_lexicon" in run]
    assert "load_lexicon('fr')" in compile_step
    assert "load_lexicon('en')" in compile_step
    # the cache writes its files private: the non-root user must be able to read them
    assert f"chmod -R a+rX,go-w {directory}" in compile_step
    assert re.search(r"ARBITRE_WEB_DIR=(\S+)", environment_text)
    for overlay in OVERLAYS:
        objects = rendered(overlay)
        for item in workloads(objects):
            for container in containers(item):
                names = {name for name, _ in environment(objects, container)}
                assert not names & {"ARBITRE_CACHE_DIR", "ARBITRE_WEB_DIR", "HOME"}


def test_the_build_context_holds_what_the_dockerfile_copies() -> None:
    patterns = [
        line.strip()
        for line in (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert patterns[0] == "*", "the context starts empty and lets paths in"
    allowed = {pattern[1:].rstrip("/") for pattern in patterns if pattern.startswith("!")}
    sources = []
    for stage in dockerfile_stages():
        for instruction, arguments in stage:
            if instruction in ("COPY", "ADD") and "--from" not in arguments:
                sources.extend(arguments.split()[:-1])
    assert sources
    for source in sources:
        assert source.rstrip("/") in allowed, f"{source} is not in the build context"
        assert (ROOT / source).exists(), source
    for excluded in ("**/.venv", "**/__pycache__", "**/*.so", "**/.git"):
        assert excluded in patterns, excluded
