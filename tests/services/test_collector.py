"""The servers' collector settings: thresholds and pause log from the environment, the pause
watch, and a server that refuses a malformed setting before it starts."""

from __future__ import annotations

import gc
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from arbitre.services.collector import (
    DEFAULT_LOG_MS,
    LOG_MS_VARIABLE,
    THRESHOLDS,
    THRESHOLDS_VARIABLE,
    CollectorSettings,
    PauseWatch,
    thresholds_from_environment,
)

SERVICES = Path(__file__).resolve().parents[2] / "services"


def test_the_servers_thresholds_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(THRESHOLDS_VARIABLE, raising=False)
    monkeypatch.delenv(LOG_MS_VARIABLE, raising=False)
    assert CollectorSettings.from_environment() == CollectorSettings(THRESHOLDS, DEFAULT_LOG_MS)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("1000,15,50", (1000, 15, 50)), (" 700 , 10 , 10 ", (700, 10, 10)), ("", None), ("  ", None)],
)
def test_thresholds_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, text: str, expected: tuple[int, int, int] | None
) -> None:
    monkeypatch.setenv(THRESHOLDS_VARIABLE, text)
    assert thresholds_from_environment() == expected


@pytest.mark.parametrize("text", ["0,10,10", "700,10", "700,10,10,10", "a,b,c", "700,-1,10"])
def test_malformed_thresholds_are_refused(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setenv(THRESHOLDS_VARIABLE, text)
    with pytest.raises(ValueError, match=THRESHOLDS_VARIABLE):
        CollectorSettings.from_environment()


@pytest.mark.parametrize("text", ["soon", "-5"])
def test_a_malformed_pause_log_is_refused(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setenv(LOG_MS_VARIABLE, text)
    with pytest.raises(ValueError, match=LOG_MS_VARIABLE):
        CollectorSettings.from_environment()


def test_the_watch_times_every_collection_and_logs_the_long_ones(
    caplog: pytest.LogCaptureFixture,
) -> None:
    watch = PauseWatch(log_ms=1e-9).install()  # every collection is "long"
    try:
        with caplog.at_level(logging.WARNING, logger="arbitre.services.collector"):
            gc.collect(0)
            gc.collect(2)
    finally:
        watch.uninstall()
    assert watch.counts[0] >= 1
    assert watch.counts[2] >= 1
    assert watch.longest_s[2] > 0
    assert watch.total_s[2] >= watch.longest_s[2]
    logged = [r.getMessage() for r in caplog.records if "generation 2" in r.getMessage()]
    assert logged
    assert f"process {os.getpid()}" in logged[0]
    counted = list(watch.counts)
    gc.collect()
    assert watch.counts == counted  # uninstalled: no longer called


def test_a_watch_that_logs_nothing(caplog: pytest.LogCaptureFixture) -> None:
    watch = PauseWatch(log_ms=0).install()
    try:
        with caplog.at_level(logging.WARNING, logger="arbitre.services.collector"):
            gc.collect()
    finally:
        watch.uninstall()
    assert watch.counts[2] == 1
    assert not [r for r in caplog.records if r.name == "arbitre.services.collector"]


def test_settling_freezes_what_is_alive_and_sets_the_thresholds() -> None:
    """In a process of its own: settling changes the interpreter's collector for good."""
    script = (
        "import gc, json\n"
        "from arbitre.services.collector import CollectorSettings\n"
        "kept = [[i] for i in range(1000)]\n"
        "watch = CollectorSettings((1234, 5, 6), 0).settle()\n"
        "gc.collect()\n"
        "print(json.dumps([gc.get_freeze_count(), gc.get_threshold(), watch.counts[2],"
        " gc.callbacks.count(watch._on_collection)]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, "PYTHONPATH": str(SERVICES)},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    frozen, thresholds, full, installed = json.loads(done.stdout)
    assert frozen >= 1000  # the kept lists at least
    assert thresholds == [1234, 5, 6]
    assert full == 1
    assert installed == 1


@pytest.mark.parametrize(
    "command",
    [
        ["-m", "arbitre.gateway", "--port", "0"],
        ["-m", "arbitre.services.session"],
        ["-m", "arbitre", "up", "--port", "0"],
    ],
    ids=["gateway", "session", "up"],
)
def test_a_server_refuses_to_start_on_a_malformed_setting(command: list[str]) -> None:
    environment = {
        **os.environ,
        "PYTHONPATH": str(SERVICES),
        THRESHOLDS_VARIABLE: "many",
        "REDIS_URL": "redis://127.0.0.1:1/0",
    }
    done = subprocess.run(
        [sys.executable, *command], env=environment, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert THRESHOLDS_VARIABLE in done.stderr
