"""The generated gRPC code is what ``protos/`` gives: ``python -m arbitre.codegen --check``."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from arbitre import codegen


def test_the_checked_in_code_matches_the_protos() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "arbitre.codegen", "--check"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert completed.returncode == 0, completed.stderr


def test_drift_is_reported(tmp_path: Path) -> None:
    copy = tmp_path / "checked_in"
    shutil.copytree(codegen.TARGET, copy, ignore=shutil.ignore_patterns("__pycache__"))
    generated = codegen.generate(tmp_path / "fresh")
    assert codegen.differences(generated, copy) == []
    edited = copy / "movegen_pb2.py"
    edited.write_text(edited.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    (copy / "stale_pb2.py").write_text("", encoding="utf-8")
    (copy / "common_pb2.pyi").unlink()
    assert codegen.differences(generated, copy) == [
        "common_pb2.pyi",
        "stale_pb2.py",
        "movegen_pb2.py",
    ]
