"""Generate the Python gRPC code of ``protos/`` into ``services/arbitre/v1`` (or check it).

``python -m arbitre.codegen`` writes ``*_pb2.py``, ``*_pb2.pyi`` and ``*_pb2_grpc.py`` for every
``protos/arbitre/v1/*.proto``, and their descriptor set with comments (``descriptors.binpb``);
``python -m arbitre.codegen --check`` generates into a temporary directory and exits 1 when the
checked-in files differ (drift), 0 when they match. The output depends only on the ``.proto``
files and the pinned ``grpcio-tools`` version (see ``pyproject.toml``). Works from a checkout:
it needs ``protos/`` beside ``services/``.
"""

from __future__ import annotations

import argparse
import filecmp
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

#: The repository's root, where ``protos/`` and ``services/`` live.
ROOT = Path(__file__).resolve().parents[2]
PROTOS = ROOT / "protos"
#: Where the generated package ``arbitre.v1`` lives.
TARGET = ROOT / "services" / "arbitre" / "v1"
#: The descriptor set of the ``.proto`` files with their comments, written beside the code: the
#: gateway's OpenAPI document takes the descriptions of a kind's messages from it
#: (:mod:`arbitre.api.proto_schema`).
DESCRIPTOR_SET = "descriptors.binpb"
_INIT = '"""Generated gRPC code of ``protos/arbitre/v1`` (``python -m arbitre.codegen``)."""\n'


def proto_files() -> list[Path]:
    """The ``.proto`` files, sorted."""
    return sorted((PROTOS / "arbitre" / "v1").glob("*.proto"))


def generate(out_root: Path) -> Path:
    """Generate the code under ``out_root/arbitre/v1``; returns that directory."""
    from grpc_tools import protoc  # a development dependency

    package = out_root / "arbitre" / "v1"
    package.mkdir(parents=True, exist_ok=True)
    include = Path(protoc.__file__).parent / "_proto"
    arguments = [
        "protoc",
        f"-I{PROTOS}",
        f"-I{include}",
        f"--python_out={out_root}",
        f"--pyi_out={out_root}",
        f"--grpc_python_out={out_root}",
        f"--descriptor_set_out={package / DESCRIPTOR_SET}",
        "--include_source_info",
        *(str(path.relative_to(PROTOS)) for path in proto_files()),
    ]
    status = protoc.main(arguments)
    if status != 0:
        raise RuntimeError(f"protoc failed with status {status}")
    (package / "__init__.py").write_text(_INIT, encoding="utf-8")
    return package


def differences(generated: Path, target: Path = TARGET) -> list[str]:
    """Files that differ between a fresh generation and ``target`` (missing, extra, changed)."""
    fresh = {path.name for path in generated.iterdir() if path.is_file()}
    current = set()
    if target.is_dir():
        current = {path.name for path in target.iterdir() if path.is_file()}
    changed = [
        name
        for name in sorted(fresh & current)
        if not filecmp.cmp(generated / name, target / name, shallow=False)
    ]
    return sorted(fresh - current) + sorted(current - fresh) + changed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m arbitre.codegen", description=__doc__)
    parser.add_argument("--check", action="store_true", help="report drift, write nothing")
    arguments = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        generated = generate(Path(scratch))
        drift = differences(generated)
        if arguments.check:
            for name in drift:
                print(f"arbitre.codegen: {name} differs from protos/", file=sys.stderr)
            return 1 if drift else 0
        TARGET.mkdir(parents=True, exist_ok=True)
        for stale in TARGET.glob("*_pb2*.py*"):
            stale.unlink()
        for path in generated.iterdir():
            if path.is_file():
                (TARGET / path.name).write_bytes(path.read_bytes())
    print(f"arbitre.codegen: {len(proto_files())} protos generated into {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
