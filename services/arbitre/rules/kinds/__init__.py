"""The registry of game kinds: name -> :class:`~arbitre.rules.kinds.base.Kind`.

Each kind is a package of its own under ``arbitre.rules.kinds`` and registers itself here when
imported; :func:`kind` imports the built-in kinds on first use, so a caller needs only the name
a game stores. Shared code asks the registry, never which kind it serves.

>>> kind("duel").title
'Duel de Mots'
>>> names()
('duel', 'duplicate', 'duplikta', 'indecix')
"""

from __future__ import annotations

import importlib
from typing import Any

from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds.base import Kind

__all__ = ["BUILT_IN", "UnknownKindError", "kind", "names", "register"]

#: The kinds that ship with Arbitre, by name -> the module that registers it.
BUILT_IN: dict[str, str] = {
    "duel": "arbitre.rules.kinds.duel",
    "duplicate": "arbitre.rules.kinds.duplicate",
    "duplikta": "arbitre.rules.kinds.duplikta",
    "indecix": "arbitre.rules.kinds.indecix",
}

_KINDS: dict[str, Kind[Any, Any, Any]] = {}


class UnknownKindError(ArbitreError):
    """No game kind has this name."""

    code = "unknown_kind"


def register(game_kind: Kind[Any, Any, Any]) -> Kind[Any, Any, Any]:
    """Add ``game_kind`` to the registry under its name (a second kind of the same name is an
    error) and return it."""
    known = _KINDS.get(game_kind.name)
    if known is not None and known is not game_kind:
        raise ValueError(f"a game kind named {game_kind.name!r} is already registered")
    _KINDS[game_kind.name] = game_kind
    return game_kind


def kind(name: str) -> Kind[Any, Any, Any]:
    """The kind registered as ``name``, or :class:`UnknownKindError`."""
    if name not in _KINDS and name in BUILT_IN:
        importlib.import_module(BUILT_IN[name])
    try:
        return _KINDS[name]
    except KeyError:
        raise UnknownKindError(
            f"no game kind is named {name!r}; the kinds are: {', '.join(names())}"
        ) from None


def names() -> tuple[str, ...]:
    """Every kind's name, built-in ones included, sorted."""
    return tuple(sorted(set(BUILT_IN) | set(_KINDS)))
