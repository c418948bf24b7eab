"""Checked reads of JSON-ready data (saved games, records, contexts): each gives the value when it
has the expected type, else raises the caller's error naming ``what`` was read.

The kinds read their stored forms with these, each with its own error class (a saved game's
``bad_state``, a record's ``bad_record``), so that a message reads the same whatever the kind::

    >>> from arbitre.rules.errors import ArbitreError
    >>> integer(3, "a row's time", ArbitreError)
    3
    >>> integer(True, "a row's time", ArbitreError)
    Traceback (most recent call last):
    ...
    arbitre.rules.errors.ArbitreError: a row's time must be a whole number (got True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arbitre.rules.errors import ArbitreError

__all__ = ["flag", "integer", "mapping", "sequence", "text"]


def mapping(value: object, what: str, error: type[ArbitreError]) -> Mapping[str, Any]:
    """``value`` when it is a mapping, else ``error``."""
    if not isinstance(value, Mapping):
        raise error(f"{what} must be a mapping")
    return value


def sequence(value: object, what: str, error: type[ArbitreError]) -> Sequence[Any]:
    """``value`` when it is a list (or a tuple), else ``error``."""
    if not isinstance(value, list | tuple):
        raise error(f"{what} must be a list")
    return value


def text(value: object, what: str, error: type[ArbitreError]) -> str:
    """``value`` when it is a string, else ``error``."""
    if not isinstance(value, str):
        raise error(f"{what} must be text (got {value!r})")
    return value


def flag(value: object, what: str, error: type[ArbitreError]) -> bool:
    """``value`` when it is ``True`` or ``False``, else ``error``."""
    if not isinstance(value, bool):
        raise error(f"{what} must be true or false (got {value!r})")
    return value


def integer(value: object, what: str, error: type[ArbitreError]) -> int:
    """``value`` when it is a whole number (not a boolean), else ``error``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(f"{what} must be a whole number (got {value!r})")
    return value
