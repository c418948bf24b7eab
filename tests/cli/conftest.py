"""Helpers to run the real ``arbitre`` command in a subprocess.

The fixtures give each test module one lexicon cache (a shipped lexicon is compiled once per
module); :func:`lines_of` and :func:`results` write and read the JSON lines of ``score`` and
``solve``.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One lexicon cache for the module: a shipped lexicon is compiled once."""
    return tmp_path_factory.mktemp("cache")


@pytest.fixture(scope="module")
def environment(cache: Path) -> dict[str, str]:
    """The environment of an ``arbitre`` subprocess: this one, with the module's lexicon cache."""
    return {**os.environ, "ARBITRE_CACHE_DIR": str(cache)}


def command(arguments: Iterable[object]) -> list[str]:
    """The command line of ``python -m arbitre ARGUMENTS``."""
    return [sys.executable, "-m", "arbitre", *map(str, arguments)]


@pytest.fixture(scope="module")
def arbitre(environment: dict[str, str]) -> Callable[..., subprocess.CompletedProcess[bytes]]:
    """Run ``python -m arbitre ARGS`` on the bytes ``stdin``, with ``env`` added to the
    environment; returns CompletedProcess."""

    def run(
        *arguments: object, stdin: bytes = b"", env: dict[str, str] | None = None
    ) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run(
            command(arguments),
            capture_output=True,
            env={**environment, **(env or {})},
            check=False,
            timeout=300,
            input=stdin,
        )

    return run


@pytest.fixture(scope="module")
def arbitre_process(environment: dict[str, str]) -> Callable[..., subprocess.Popen[bytes]]:
    """Start ``python -m arbitre ARGS`` with a pipe on stdin, stdout and stderr; returns Popen."""

    def begin(*arguments: object) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            command(arguments),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=environment,
        )

    return begin


@pytest.fixture
def word_list(tmp_path: Path) -> Path:
    path = tmp_path / "club.txt"
    path.write_text("fabacée\nkief\nwindy\nchacune\nah\nla\n", encoding="utf-8")
    return path


def lines_of(*requests: object) -> bytes:
    """JSON lines for stdin: each request (a dict, or bytes as they are) and a newline."""
    return b"".join(
        (r if isinstance(r, bytes) else json.dumps(r).encode()) + b"\n" for r in requests
    )


class FailingInput(io.RawIOBase):
    """A stdin that gives some lines, then fails as a broken device would."""

    def __init__(self, *lines: bytes) -> None:
        self.lines = list(reversed(lines))

    def readline(self, size: int | None = -1) -> bytes:
        if self.lines:
            return self.lines.pop()
        raise OSError(5, "Input/output error")


def results(completed: subprocess.CompletedProcess[bytes]) -> list[Any]:
    """The JSON answers of a run that succeeded."""
    assert completed.returncode == 0, completed.stderr.decode()
    return [json.loads(line) for line in completed.stdout.decode().splitlines()]
