"""What a robot of any game kind does next, found by the kind's name.

A robot plays through the same path as people and sees only its seat's view of the game
(:meth:`arbitre.rules.kinds.base.Kind.view` for its own player id): never a secret. A kind's
robot module offers a :data:`Planner`: given that view, the robot's level, its own seed and the
kind's tools, the action it takes next and when (:class:`Plan`), or ``None`` when it has
nothing to do now (not its turn, done with the round). The answer is a pure function of its
arguments, so any replica asking again gets the same plan.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["Plan", "Planner", "planner_for", "warm_up"]


@dataclass(frozen=True, slots=True)
class Plan:
    """A robot's next ``action`` (the kind's, JSON-ready) and the moment it takes it
    (``at_ms``, the session's clock)."""

    action: Mapping[str, Any]
    at_ms: int


#: ``planner(view, level, seed, tools)`` -> the robot's next :class:`Plan`, or ``None``.
Planner = Callable[[Mapping[str, Any], str, int, Any], Plan | None]

#: The kinds whose robots live in the engine, by kind name -> module (its ``plan``).
_MODULES: dict[str, str] = {
    "duel": "arbitre.engine.robots.duel",
    "duplicate": "arbitre.engine.robots.duplicate",
    "indecix": "arbitre.engine.robots.indecix",
}


def planner_for(kind_name: str) -> Planner | None:
    """The planner of ``kind_name``'s robots, or ``None`` when the kind has no robots."""
    module = _MODULES.get(kind_name)
    if module is None:
        return None
    planner: Planner = importlib.import_module(module).plan
    return planner


def warm_up(kind_name: str, tools: Any) -> None:
    """Build now what ``kind_name``'s robots playing with ``tools`` compute on first use (the
    module's ``prepare``, when it has one: the duel's pattern table takes a second or two), so
    that a robot's first move of a game is not late."""
    module = _MODULES.get(kind_name)
    if module is not None:
        prepare = getattr(importlib.import_module(module), "prepare", None)
        if prepare is not None:
            prepare(tools)
