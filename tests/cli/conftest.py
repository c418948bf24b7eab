"""Helpers to run the real ``arbitre`` command in a subprocess."""

import os
import subprocess
import sys

import pytest


@pytest.fixture
def arbitre(tmp_path):
    """Run ``python -m arbitre ARGS`` with its own lexicon cache; returns CompletedProcess."""
    env = {**os.environ, "ARBITRE_CACHE_DIR": str(tmp_path / "cache")}

    def run(*arguments, stdin=b""):
        return subprocess.run(
            [sys.executable, "-m", "arbitre", *map(str, arguments)],
            capture_output=True,
            env=env,
            check=False,
            timeout=300,
            input=stdin,
        )

    return run


@pytest.fixture
def word_list(tmp_path):
    path = tmp_path / "club.txt"
    path.write_text("fabacée\nkief\nwindy\nchacune\nah\nla\n", encoding="utf-8")
    return path
