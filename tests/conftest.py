"""What every test shares: the ``slow`` marker's switch.

A developer's run (``python -m pytest``) leaves out the tests marked ``slow``: the rebuilds of
the shipped word lists and lexicons, the move generator's brute-force completeness properties,
a thousand duplicate games per variant, whole games against robots (in the browser and on the
services), the load drivers' smoke runs, a replica killed mid-game. They run with ``--slow``,
and always under ``CI=true``: CI runs every test.
"""

from __future__ import annotations

import os

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--slow",
        action="store_true",
        help="also run the tests marked slow (CI=true always does)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--slow") or os.environ.get("CI") == "true":
        return
    skip = pytest.mark.skip(reason="slow: run with --slow (CI=true runs every test)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
