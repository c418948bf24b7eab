"""The examples in every module's docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import arbitre

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(arbitre.__path__, prefix="arbitre.")
    if not info.name.endswith("__main__")
    # Alembic's scripts (the archive's migrations) run inside Alembic only, never imported
    and ".migrations." not in info.name
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
