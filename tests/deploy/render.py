"""Render our kustomize overlays in Python, so the tests need no kustomize binary.

Exactly the kustomize features ``deploy/k8s`` uses, with kustomize's semantics (checked against
``kubectl kustomize`` by ``test_manifests.py`` when kubectl is installed), and a
:class:`RenderError` for anything else, so an overlay cannot drift into a feature that would be
rendered wrongly here:

- ``resources``: YAML files (one or more documents) inside the kustomization's directory, and
  other kustomization directories, built first;
- ``patches``: strategic-merge patches from ``path`` or inline ``patch``, aimed by the patch's own
  kind and name or by a ``target`` naming a kind and an exact name. Maps merge key by key,
  ``null`` deletes a key, lists of containers, env, volumes... merge by their Kubernetes merge
  key (the patch's items first, then the other items, as kustomize orders them), other lists are
  replaced whole. Directives (``$patch``...) and JSON 6902 patches are refused;
- ``namespace``: set on every namespaced object; a Namespace object takes its name;
- ``labels``: ``pairs`` added to every object's labels and, with ``includeTemplates``, to pod
  templates and claim templates; never to selectors (``includeSelectors`` is refused);
- ``replicas``: ``name`` and ``count`` of a Deployment, ReplicaSet or StatefulSet;
- ``images``: ``name`` with ``newName``, ``newTag`` or ``digest``, for every container and init
  container of a pod template.

Transformers run in kustomize's order: patches, namespace, labels, replicas, images.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

__all__ = [
    "Object",
    "RenderError",
    "identity",
    "load_documents",
    "pod_spec",
    "render",
    "split_image",
]

#: A Kubernetes object as YAML gives it.
Object = dict[str, Any]

KUSTOMIZATION_FIELDS = frozenset(
    {"apiVersion", "kind", "namespace", "resources", "labels", "images", "replicas", "patches"}
)

#: Kinds without a namespace that the namespace transformer leaves alone.
CLUSTER_SCOPED = frozenset(
    {
        "Namespace",
        "PersistentVolume",
        "StorageClass",
        "PriorityClass",
        "IngressClass",
        "ClusterRole",
    }
)

#: Kinds whose references to a namespace kustomize would rewrite: not supported here.
UNSUPPORTED_KINDS = frozenset(
    {
        "RoleBinding",
        "ClusterRoleBinding",
        "CustomResourceDefinition",
        "APIService",
        "ValidatingWebhookConfiguration",
        "MutatingWebhookConfiguration",
    }
)

#: Kinds with a pod template at ``spec.template``.
POD_TEMPLATE_KINDS = frozenset({"Deployment", "ReplicaSet", "StatefulSet", "DaemonSet", "Job"})

#: Kinds the ``replicas`` field scales.
SCALABLE_KINDS = frozenset({"Deployment", "ReplicaSet", "StatefulSet"})

#: Lists merged item by item, by the field that identifies an item (Kubernetes' patchMergeKey).
MERGE_KEYS = {
    "containers": "name",
    "initContainers": "name",
    "ephemeralContainers": "name",
    "env": "name",
    "volumes": "name",
    "volumeMounts": "mountPath",
    "imagePullSecrets": "name",
    "topologySpreadConstraints": "topologyKey",
    "hostAliases": "ip",
}

CONTAINER_LISTS = frozenset({"containers", "initContainers", "ephemeralContainers"})

#: An exact object name (kustomize reads a target's name as a regular expression).
EXACT_NAME = re.compile(r"[a-z0-9]([-a-z0-9.]*[a-z0-9])?")


class RenderError(Exception):
    """The kustomization uses something this renderer does not implement, or is wrong."""


def render(directory: Path) -> list[Object]:
    """The objects ``kustomize build directory`` gives, in the order of the resources."""
    directory = directory.resolve()
    kustomization = _kustomization(directory)
    objects: list[Object] = []
    for entry in kustomization.get("resources", []):
        path = (directory / entry).resolve()
        if path.is_dir():
            objects.extend(render(path))
        else:
            objects.extend(load_documents(_inside(directory, entry)))
    _check_unique(objects, directory)
    for patch in kustomization.get("patches", []):
        _apply_patch(objects, patch, directory)
    if "namespace" in kustomization:
        _set_namespace(objects, kustomization["namespace"])
    for labels in kustomization.get("labels", []):
        _add_labels(objects, labels)
    for replicas in kustomization.get("replicas", []):
        _set_replicas(objects, replicas)
    for image in kustomization.get("images", []):
        _set_image(objects, image)
    return objects


def load_documents(path: Path) -> list[Object]:
    """The objects of a YAML file, empty documents skipped."""
    objects = []
    for document in yaml.safe_load_all(path.read_text(encoding="utf-8")):
        if document is None:
            continue
        if not isinstance(document, dict) or not {"apiVersion", "kind", "metadata"} <= set(
            document
        ):
            raise RenderError(f"{path}: a document is not a Kubernetes object")
        if document["kind"] in UNSUPPORTED_KINDS:
            raise RenderError(f"{path}: {document['kind']} is not supported by this renderer")
        objects.append(document)
    return objects


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


def _kustomization(directory: Path) -> dict[str, Any]:
    path = directory / "kustomization.yaml"
    if not path.is_file():
        raise RenderError(f"{directory}: no kustomization.yaml")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise RenderError(f"{path}: not a mapping")
    unknown = set(data) - KUSTOMIZATION_FIELDS
    if unknown:
        raise RenderError(f"{path}: unsupported fields {sorted(unknown)}")
    if data.get("apiVersion") != "kustomize.config.k8s.io/v1beta1":
        raise RenderError(f"{path}: apiVersion must be kustomize.config.k8s.io/v1beta1")
    if data.get("kind") != "Kustomization":
        raise RenderError(f"{path}: kind must be Kustomization")
    return data


def _inside(directory: Path, entry: str) -> Path:
    """A file named by the kustomization: like kustomize, refuse one outside its directory."""
    path = (directory / entry).resolve()
    if not path.is_relative_to(directory):
        raise RenderError(f"{directory}: {entry} is outside the kustomization's directory")
    if not path.is_file():
        raise RenderError(f"{directory}: {entry} does not exist")
    return path


def _check_unique(objects: list[Object], directory: Path) -> None:
    seen: set[tuple[str, str, str, str]] = set()
    for item in objects:
        key = identity(item)
        if key in seen:
            raise RenderError(f"{directory}: {key} is declared twice")
        seen.add(key)


def _apply_patch(objects: list[Object], entry: dict[str, Any], directory: Path) -> None:
    unknown = set(entry) - {"path", "patch", "target"}
    if unknown or ("path" in entry) == ("patch" in entry):
        raise RenderError(f"{directory}: a patch needs exactly one of path or patch: {entry}")
    text = (
        _inside(directory, entry["path"]).read_text(encoding="utf-8")
        if "path" in entry
        else entry["patch"]
    )
    documents = [document for document in yaml.safe_load_all(text) if document is not None]
    if not documents or not all(isinstance(document, dict) for document in documents):
        raise RenderError(f"{directory}: only strategic-merge patches are supported: {entry}")
    target = entry.get("target")
    if target is not None:
        if len(documents) != 1:
            raise RenderError(f"{directory}: a targeted patch must be one document: {entry}")
        if set(target) - {"kind", "name"} or not EXACT_NAME.fullmatch(target.get("name", "")):
            raise RenderError(f"{directory}: a target is a kind and an exact name: {target}")
    for document in documents:
        kind = target["kind"] if target else document.get("kind")
        name = target["name"] if target else document.get("metadata", {}).get("name")
        version = None if target else document.get("apiVersion")
        matches = [
            index
            for index, item in enumerate(objects)
            if item["kind"] == kind
            and item["metadata"]["name"] == name
            and version in (None, item["apiVersion"])
        ]
        if len(matches) != 1:
            raise RenderError(f"{directory}: a patch for {kind}/{name} matches {len(matches)}")
        body = {key: value for key, value in document.items() if key not in ("apiVersion", "kind")}
        metadata = {key: value for key, value in body.get("metadata", {}).items() if key != "name"}
        body["metadata"] = metadata
        objects[matches[0]] = _merge(objects[matches[0]], body, ())


def _merge(base: Any, patch: Any, path: tuple[str, ...]) -> Any:
    """``patch`` merged into ``base`` as a strategic-merge patch (a new value)."""
    if isinstance(patch, dict):
        directives = [key for key in patch if str(key).startswith("$")]
        if directives:
            raise RenderError(f"{'.'.join(path)}: patch directives {directives} not supported")
        if not isinstance(base, dict):
            return _without_nulls(patch)
        merged = dict(base)
        for key, value in patch.items():
            if value is None:
                merged.pop(key, None)
            elif key in merged:
                merged[key] = _merge(merged[key], value, (*path, key))
            else:
                merged[key] = _without_nulls(value)
        return merged
    if isinstance(patch, list) and path:
        if path[-1] == "ports" and len(path) > 1 and path[-2] in CONTAINER_LISTS:
            # kustomize merges container ports by port and protocol, with quirks: not here.
            raise RenderError(f"{'.'.join(path)}: patching container ports is not supported")
        key = MERGE_KEYS.get(path[-1])
        if path[-1] == "ports" and path[-2:] == ("spec", "ports"):
            key = "port"  # a Service's ports
        if key is not None and isinstance(base, list):
            return _merge_list(base, patch, key, path)
    return _without_nulls(patch)


def _merge_list(base: list[Any], patch: list[Any], key: str, path: tuple[str, ...]) -> list[Any]:
    """Items of ``patch`` first (merged into the base's item with the same key), then the
    base's other items: the order kustomize gives."""
    if not all(isinstance(item, dict) and key in item for item in (*base, *patch)):
        raise RenderError(f"{'.'.join(path)}: every item needs its merge key {key!r}")
    by_key = {item[key]: item for item in base}
    merged = []
    for item in patch:
        if item[key] in by_key:
            merged.append(_merge(by_key[item[key]], item, path))
        else:
            merged.append(_without_nulls(item))
    patched = {item[key] for item in patch}
    merged.extend(item for item in base if item[key] not in patched)
    return merged


def _without_nulls(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _without_nulls(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [_without_nulls(item) for item in value]
    return value


def _set_namespace(objects: list[Object], namespace: str) -> None:
    for item in objects:
        if item["kind"] == "Namespace":
            item["metadata"]["name"] = namespace
        elif item["kind"] not in CLUSTER_SCOPED:
            item["metadata"]["namespace"] = namespace


def _add_labels(objects: list[Object], entry: dict[str, Any]) -> None:
    if set(entry) - {"pairs", "includeTemplates", "includeSelectors"}:
        raise RenderError(f"labels: only pairs and includeTemplates are supported: {entry}")
    if entry.get("includeSelectors"):
        raise RenderError("labels: includeSelectors is not supported (selectors are immutable)")
    pairs = {str(key): str(value) for key, value in entry["pairs"].items()}
    for item in objects:
        item["metadata"].setdefault("labels", {}).update(pairs)
        if not entry.get("includeTemplates"):
            continue
        for metadata in _template_metadata(item):
            metadata.setdefault("labels", {}).update(pairs)


def _template_metadata(item: Object) -> Iterator[dict[str, Any]]:
    """The metadata of an object's pod template and claim templates."""
    if item["kind"] in POD_TEMPLATE_KINDS:
        yield item["spec"]["template"].setdefault("metadata", {})
    if item["kind"] == "StatefulSet":
        for claim in item["spec"].get("volumeClaimTemplates", []):
            yield claim.setdefault("metadata", {})
    if item["kind"] == "CronJob":
        raise RenderError("CronJob templates are not supported")


def _set_replicas(objects: list[Object], entry: dict[str, Any]) -> None:
    if set(entry) != {"name", "count"}:
        raise RenderError(f"replicas: name and count only: {entry}")
    matches = [
        item
        for item in objects
        if item["kind"] in SCALABLE_KINDS and item["metadata"]["name"] == entry["name"]
    ]
    if not matches:
        raise RenderError(f"replicas: no workload named {entry['name']!r}")
    for item in matches:
        item["spec"]["replicas"] = int(entry["count"])


def split_image(reference: str) -> tuple[str, str, str]:
    """``(name, ":tag" or "", "@digest" or "")`` of an image reference.

    >>> split_image("registry:5000/team/app:1.2@sha256:ab")
    ('registry:5000/team/app', ':1.2', '@sha256:ab')
    """
    name, at, digest = reference.partition("@")
    slash = name.rfind("/")
    colon = name.rfind(":")
    tag = ""
    if colon > slash:
        name, tag = name[:colon], name[colon:]
    return name, tag, at + digest


def _set_image(objects: list[Object], entry: dict[str, Any]) -> None:
    if "name" not in entry or set(entry) - {"name", "newName", "newTag", "digest"}:
        raise RenderError(f"images: name with newName, newTag or digest only: {entry}")
    for item in objects:
        spec = pod_spec(item)
        if spec is None:
            continue
        for container in (*spec.get("initContainers", []), *spec["containers"]):
            name, tag, digest = split_image(container["image"])
            if name != entry["name"]:
                continue
            new_name = entry.get("newName", name)
            if "digest" in entry:
                container["image"] = f"{new_name}@{entry['digest']}"
            elif "newTag" in entry:
                container["image"] = f"{new_name}:{entry['newTag']}"
            else:
                container["image"] = f"{new_name}{tag}{digest}"
