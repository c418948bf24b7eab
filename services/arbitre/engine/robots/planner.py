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

from arbitre.rules.kinds.base import DealOrder

__all__ = [
    "Dealer",
    "Plan",
    "Planner",
    "Reviewer",
    "dealer_for",
    "planner_for",
    "reviewer_for",
    "warm_up",
]


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
    "duplikta": "arbitre.engine.robots.duplikta",  # Tourlou
    "indecix": "arbitre.engine.robots.indecix",
}


def _found(modules: Mapping[str, str], kind_name: str, name: str) -> Any:
    """The function ``name`` of ``kind_name``'s module in ``modules``, or ``None``."""
    module = modules.get(kind_name)
    return None if module is None else getattr(importlib.import_module(module), name)


def planner_for(kind_name: str) -> Planner | None:
    """The planner of ``kind_name``'s robots, or ``None`` when the kind has no robots."""
    planner: Planner | None = _found(_MODULES, kind_name, "plan")
    return planner


#: ``reviewer(record)`` -> a finished game's review, JSON-ready (the kind's review message).
Reviewer = Callable[[Mapping[str, Any]], dict[str, Any]]

#: The kinds whose finished games the engine reviews move by move, by kind name -> module (its
#: ``review``).
_REVIEWS: dict[str, str] = {
    "indecix": "arbitre.engine.robots.indecix_review",
}


def reviewer_for(kind_name: str) -> Reviewer | None:
    """The review of ``kind_name``'s finished games by its strongest robot, or ``None``."""
    reviewer: Reviewer | None = _found(_REVIEWS, kind_name, "review")
    return reviewer


#: ``dealer(order, tools)`` -> the record of the package a configuration asked the server to
#: deal (a :class:`~arbitre.rules.kinds.base.DealOrder`, of a kind that is
#: :class:`~arbitre.rules.kinds.base.Dealing`), played in advance by the kind's robot with the
#: kind's ``tools``: the services then check it as any package before a game is made from it.
Dealer = Callable[[DealOrder, Any], dict[str, Any]]

#: The kinds whose robots deal packages, by kind name -> module (its ``deal``).
_DEALERS: dict[str, str] = {
    "duplikta": "arbitre.engine.robots.duplikta",  # Tourlou's scenarios
}


def dealer_for(kind_name: str) -> Dealer | None:
    """The dealer of ``kind_name``'s packages dealt by the server, or ``None``."""
    dealer: Dealer | None = _found(_DEALERS, kind_name, "deal")
    return dealer


def warm_up(kind_name: str, tools: Any) -> None:
    """Build now what ``kind_name``'s robots playing with ``tools`` compute on first use (the
    module's ``prepare``, when it has one: the duel's pattern table takes a second or two), so
    that a robot's first move of a game is not late."""
    module = _MODULES.get(kind_name)
    if module is not None:
        prepare = getattr(importlib.import_module(module), "prepare", None)
        if prepare is not None:
            prepare(tools)
