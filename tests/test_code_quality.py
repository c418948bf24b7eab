"""The code stays ruff- and mypy-clean: CI fails otherwise."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_tool(*arguments):
    result = subprocess.run(
        [sys.executable, "-m", *arguments], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_lint():
    run_tool("ruff", "check", ".")


def test_ruff_format():
    run_tool("ruff", "format", "--check", ".")


def test_mypy_strict():
    run_tool("mypy")
