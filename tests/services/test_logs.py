"""Structured logs: one JSON object per record with ARBITRE_LOG_FORMAT=json, text otherwise."""

from __future__ import annotations

import io
import json
import logging
import subprocess
import sys

import pytest

from arbitre.services.logs import JsonFormatter, configure_logging

SCRIPT = """
import logging
from arbitre.services.logs import configure_logging
configure_logging()
log = logging.getLogger("arbitre.test")
log.info("game %s created", "abc")
log.debug("hidden")
try:
    1 / 0
except ZeroDivisionError:
    log.exception("step failed")
"""


def run(environment: dict[str, str]) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=environment, capture_output=True, timeout=60, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stderr.splitlines()


def test_json_logs_are_one_object_per_line() -> None:
    lines = run({"ARBITRE_LOG_FORMAT": "json", "PATH": "/usr/bin:/bin"})
    records = [json.loads(line) for line in lines]
    assert [record["message"] for record in records] == ["game abc created", "step failed"]
    assert records[0]["level"] == "INFO"
    assert records[0]["logger"] == "arbitre.test"
    assert records[0]["time"].endswith("+00:00")
    assert "ZeroDivisionError" in records[1]["exception"]


def test_text_logs_and_the_level_variable() -> None:
    lines = run({"ARBITRE_LOG_LEVEL": "debug", "PATH": "/usr/bin:/bin"})
    assert any("arbitre.test INFO game abc created" in line for line in lines)
    assert any("hidden" in line for line in lines)


def test_the_formatter_keeps_non_ascii_text() -> None:
    record = logging.LogRecord("x", logging.WARNING, __file__, 1, "joueur %s", ("Zoé",), None)
    assert json.loads(JsonFormatter().format(record))["message"] == "joueur Zoé"


def test_the_handler_follows_stderr_and_survives_a_closed_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A stderr swapped in while logging was configured (pytest's capsys does that, then closes
    it) is not kept: later records go to the stderr of their time, with no "Logging error"."""
    root = logging.getLogger()
    saved = (root.handlers[:], root.level)
    monkeypatch.setattr(logging, "raiseExceptions", True)
    try:
        swapped = io.StringIO()
        monkeypatch.setattr(sys, "stderr", swapped)
        configure_logging({})
        swapped.close()
        later = io.StringIO()
        monkeypatch.setattr(sys, "stderr", later)
        logging.getLogger("arbitre.test").info("game %s created", "abc")
        assert "arbitre.test INFO game abc created" in later.getvalue()
        assert "Logging error" not in later.getvalue()  # what handleError writes there
    finally:
        root.handlers[:] = saved[0]
        root.setLevel(saved[1])
