"""Helpers of the Indecix tests: games started and played, grids put in place, snapshots."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from arbitre.rules.kinds.base import ActionRefusedError, Event, Setup, Stage, Viewer
from arbitre.rules.kinds.indecix import INDECIX, IndecixGame, dice, moves
from arbitre.rules.kinds.indecix.grid import Grid, cell_name

PLAYERS = ("ana", "bob")
SPECTATOR = Viewer.spectator()


def new(seed: int = 7, *, players: tuple[str, ...] = PLAYERS, **config: Any) -> IndecixGame:
    """A game of ``config`` from ``seed``, not started."""
    return INDECIX.new_game(INDECIX.configure(config), Setup("g1", seed, players), None)


def start(seed: int = 7, *, now: int = 0, **config: Any) -> IndecixGame:
    """A game of ``config`` from ``seed``, its first die rolled at ``now``."""
    state = new(seed, **config)
    INDECIX.open_next(state, now)
    return state


def roller(state: IndecixGame) -> str:
    """The player whose die is open."""
    roll = state.match.current
    assert roll is not None
    return state.match.seats[roll.player]


def legal(state: IndecixGame) -> list[str]:
    """The legal cells of the open die."""
    roll = state.match.current
    game = state.match.game
    assert roll is not None
    assert game is not None
    return [cell_name(cell) for cell in moves.legal_cells(game.grid, roll.face)]


def place(state: IndecixGame, cell: str, now: int = 0) -> dict[str, Any]:
    """The roller puts the open die on ``cell``: the result."""
    roll = state.match.current
    assert roll is not None
    outcome = INDECIX.act(state, roller(state), {"cell": cell, "roll": roll.number}, now)
    return dict(outcome.result)


def play_out(
    state: IndecixGame, pick: Callable[[list[str]], str] | None = None, now: int = 0
) -> list[Event]:
    """Place every die until no roll is open (the first legal cell, or ``pick``'s): the
    events."""
    events: list[Event] = []
    while state.match.current is not None:
        cells = legal(state)
        roll = state.match.current
        action = {"cell": (pick or min)(cells), "roll": roll.number}
        events.extend(INDECIX.act(state, roller(state), action, now).events)
    return events


def random_picker(seed: int) -> Callable[[list[str]], str]:
    chooser = random.Random(seed)
    return lambda cells: chooser.choice(cells)


def set_grid(state: IndecixGame, rows: list[str]) -> None:
    """Put the grid ``rows`` in place in the open game (a white-box setting of a position)."""
    game = state.match.game
    assert game is not None
    game.grid = Grid.from_rows(rows)


@cache
def seed_opening(face: int, starter: int = 0) -> int:
    """The first seed whose first game starts with seat ``starter`` rolling ``face``."""
    for seed in range(10_000):
        if dice.starter(seed, 1) == starter and dice.faces(seed, 1)[0] == face:
            return seed
    raise AssertionError("no such seed")


def viewers(state: IndecixGame) -> list[Viewer]:
    return [SPECTATOR, *(Viewer(p) for p in state.match.seats), Viewer("zed")]


def snapshot(state: IndecixGame, now: int) -> tuple[Any, ...]:
    """Everything a client or the storage may read of ``state`` at ``now``, as JSON."""
    views = [json.dumps(INDECIX.view(state, v, now), sort_keys=True) for v in viewers(state)]
    return (
        json.dumps(INDECIX.save(state), sort_keys=True),
        json.dumps(INDECIX.record(state), sort_keys=True),
        views,
        INDECIX.phase(state, now),
        [INDECIX.standings(state)],
    )


def refused(state: IndecixGame, code: str, call: Callable[[], Any], now: int = 0) -> None:
    """``call`` is refused with ``code`` and changes nothing."""
    before = snapshot(state, now)
    with pytest.raises(ActionRefusedError) as error:
        call()
    assert error.value.code == code, str(error.value)
    assert snapshot(state, now) == before


def seen(events: list[Event] | tuple[Event, ...]) -> list[tuple[str, dict[str, Any]]]:
    """The public events as (type, data)."""
    return [(e.public.type, dict(e.public.data)) for e in events if e.public is not None]


def finished(state: IndecixGame) -> bool:
    return state.match.stage is Stage.OVER
