"""Tourlou, dupliKta's robot (issue 15): at each turn it confirms a move of its own rack chosen
at its level, or passes.

Tourlou plays through the same path as people: it is given only its own seat's view of the game
(:meth:`arbitre.rules.kinds.base.Kind.view` for its player id: the board, its own copy of the
rack in ``you``, the clock; never the opponent's move) and answers the same action as a person,
``{"turn": n, "confirm": "H8 JOUR"}``, or ``{"turn": n, "confirm": null}`` to pass. It never
uses Chances (no request at the loupe, nothing put on the loupe or back in the box at a pass)
and never reverses words: its moves are the move generator's over the game's lexicon alone,
scored as dupliKta scores (:meth:`arbitre.engine.kind_tools.Words.moves`, see
:mod:`arbitre.engine.duplikta_moves`), so they are always legal and accepted. The first move
covers the centre and may be vertical. With the clock on it never confirms a move placing more
than :data:`~arbitre.rules.kinds.duplikta.game.CLOCK_MAX_BLANKS` blanks, which the rules refuse
(it cannot letter blanks at the loupe): such moves are left out of those it chooses from, and
of the top, before its level chooses; when every move it was given places too many, it looks
at all its rack's moves *(decision)*.

Its levels are duplicate's robots' (:class:`~arbitre.engine.robots.duplicate.RobotLevel`):
the same choosing code (:meth:`Robot.pick <arbitre.engine.robots.duplicate.Robot.pick>`) among
the moves each level asks for (:data:`~arbitre.engine.robots.duplicate.ROBOT_MOVES`): the
expert plays the best move most of the time, the confirmé a share of it, the débutant common
words, never 7 tokens, and now and then nothing (a pass).

It also deals Tourlou's scenarios (:func:`deal`, dupliKta's
:data:`~arbitre.engine.robots.planner.Dealer`): the whole game played in advance, its move of
each turn the one of rank :func:`~arbitre.rules.kinds.duplikta.scenario.level_rank` at the
scenario's level (:func:`scenario_move`).

It answers at a moment of its own, drawn from its seed and the turn: a share
:data:`CLOCK_MOMENT` of the turn's clock after the deal, or, with the clock off,
:data:`NO_CLOCK_MOMENT_MS` after it. What it answers and when is a pure function of its view,
level, seed and tools, so any replica asking again gets the same plan.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from arbitre.engine.robots.duplicate import (
    PROFILES,
    ROBOT_MOVES,
    Robot,
    RobotLevel,
    common_words,
)
from arbitre.engine.robots.moves import MoveSource, RobotMove, RobotMoves
from arbitre.engine.robots.planner import Plan
from arbitre.rules.board import Board
from arbitre.rules.kinds.base import DealOrder
from arbitre.rules.kinds.duplikta.config import DupliktaConfig, configure
from arbitre.rules.kinds.duplikta.game import CLOCK_MAX_BLANKS, DupliktaGame
from arbitre.rules.kinds.duplikta.scenario import (
    MAX_TURNS,
    Scenario,
    level_rank,
    scenario_record,
)
from arbitre.rules.move import Move
from arbitre.rules.tiles import BLANK, TileSet

if TYPE_CHECKING:
    from arbitre.engine.kind_tools import Words

__all__ = [
    "CLOCK_MOMENT",
    "NO_CLOCK_MOMENT_MS",
    "Moves",
    "blanks_placed",
    "deal",
    "plan",
    "scenario_game",
    "scenario_move",
]

#: With the clock on, Tourlou confirms between these shares of the turn's clock.
CLOCK_MOMENT = (0.1, 0.4)
#: With the clock off, Tourlou confirms between these milliseconds after the deal.
NO_CLOCK_MOMENT_MS = (3_000, 8_000)


class Moves(Protocol):
    """What Tourlou asks of dupliKta's tools: the moves of positions played with a token set
    (:meth:`arbitre.engine.kind_tools.Words.moves`)."""

    def moves(self, tiles: TileSet, reversed_words: bool = ...) -> MoveSource: ...


def plan(view: Mapping[str, Any], level: str, seed: int, tools: Moves) -> Plan | None:
    """Tourlou's confirm for the open turn, from its own view of the game (the
    :data:`~arbitre.engine.robots.planner.Planner` of dupliKta).

    ``None`` unless a turn is open and Tourlou may act in it (seated, present, not confirmed).
    Its moment is the deal plus a share :data:`CLOCK_MOMENT` of the clock (with the clock off,
    :data:`NO_CLOCK_MOMENT_MS`), drawn from ``seed`` and the turn. With the clock on, before
    that moment: an empty plan at it, nothing asked of ``tools`` (the view tells the time left).
    Else its confirm: the move its level picks among its rack's moves on the board, or a pass
    when it picks none.
    """
    you = view.get("you")
    if view.get("stage") != "playing" or not isinstance(you, Mapping):
        return None
    rack = you.get("rack")
    if not you.get("actor") or you.get("confirm") is not None or not isinstance(rack, str):
        return None
    clock = view["clock"]
    dealt, deadline = clock.get("dealt_ms"), clock.get("deadline_ms")
    if not isinstance(dealt, int):
        return None
    turn = int(view["turn"])
    choices = random.Random(f"tourlou/{seed}/{turn}")
    if isinstance(deadline, int):
        at_ms = dealt + int(choices.uniform(*CLOCK_MOMENT) * (deadline - dealt))
        remaining = clock.get("remaining_ms")
        if isinstance(remaining, int) and deadline - remaining < at_ms:
            return Plan({}, at_ms)
    else:
        at_ms = dealt + int(choices.uniform(*NO_CLOCK_MOMENT_MS))
    robot_level = RobotLevel(level)
    tiles = configure(view["config"]).tiles
    limit, with_words = ROBOT_MOVES[robot_level]
    board = Board.from_rows(view["board"])
    source = tools.moves(tiles)
    found = source.robot_moves(board, rack, limit, with_words)
    if isinstance(deadline, int) and rack.count(BLANK) > CLOCK_MAX_BLANKS:
        found = _few_blanks(found, board)
        if not found.moves and limit:
            found = _few_blanks(source.robot_moves(board, rack, 0, with_words), board)
    vocabulary = None
    if PROFILES[robot_level].common_only:
        vocabulary = common_words(tiles.language or "fr")
    robot = Robot(robot_level, choices, vocabulary)
    chosen = robot.pick(found.moves, lambda: found.top, lambda move: move.words)
    return Plan({"turn": turn, "confirm": None if chosen is None else chosen.notation}, at_ms)


def blanks_placed(notation: str, board: Board) -> int:
    """How many blanks the move ``notation`` places on ``board``: its lowercase letters on
    empty squares (a blank already on the board is not placed again)."""
    move = Move.from_notation(notation, size=board.size)
    row, col = move.position.row, move.position.col
    step_row, step_col = (0, 1) if move.position.horizontal else (1, 0)
    return sum(
        letter.islower() and not board[row + offset * step_row, col + offset * step_col]
        for offset, letter in enumerate(move.word)
    )


def _few_blanks(found: RobotMoves, board: Board) -> RobotMoves:
    """``found`` without the moves placing more than :data:`CLOCK_MAX_BLANKS` blanks."""

    def fits(move: RobotMove | None) -> bool:
        return move is not None and blanks_placed(move.notation, board) <= CLOCK_MAX_BLANKS

    moves = tuple(move for move in found.moves if fits(move))
    top = found.top if fits(found.top) else (moves[0] if moves else None)
    return RobotMoves(moves, top)


def scenario_move(
    source: MoveSource, board: Board, rack: str, level: int, clock: bool
) -> str | None:
    """Tourlou's move at ``level`` (1 to 6) of a scenario
    (:mod:`arbitre.rules.kinds.duplikta.scenario`): among every move of ``rack`` on ``board``
    best first (with the ``clock`` on, those placing at most two blanks), the one of rank
    :func:`~arbitre.rules.kinds.duplikta.scenario.level_rank`; ``None`` (a pass) without any."""
    found = source.robot_moves(board, rack, 0, False)
    if clock:
        found = _few_blanks(found, board)
    if not found.moves:
        return None
    return found.moves[level_rank(level, len(found.moves))].notation


def scenario_game(
    number: int, level: int, seed: int, base: DupliktaConfig, tools: Words
) -> tuple[DupliktaConfig, list[str]]:
    """Tourlou's scenario ``number`` at ``level`` played from ``seed`` with the rules of
    ``base`` (which holds no scenario) and ``tools``, to the game's end (at most
    :data:`~arbitre.rules.kinds.duplikta.scenario.MAX_TURNS` turns): the configuration with
    the scenario and its moves, and the rack dealt at each turn. The person passes every turn:
    Tourlou's word is always the one installed, so the person's moves never change the
    racks."""
    source = tools.moves(base.tiles)
    game = DupliktaGame(base, seed, tools, ("person", "tourlou"))
    ms = 0 if base.clock_on else None
    racks: list[str] = []
    moves: list[str | None] = []
    while not game.over and len(moves) < MAX_TURNS:
        rack = game.deal()
        assert rack is not None  # a game not over deals
        move = scenario_move(source, game.board, rack, level, base.clock_on)
        game.confirm("tourlou", move, ms)
        game.confirm("person", None, ms)
        game.close_turn()
        racks.append(rack)
        moves.append(move)
    return replace(base, scenario=Scenario(number, level, tuple(moves))), racks


def deal(order: DealOrder, tools: Words) -> dict[str, Any]:
    """dupliKta's dealer: the record (:func:`~arbitre.rules.kinds.duplikta.scenario.
    scenario_record`) of the scenario ``order`` asks for (``{"number", "level"}``, its rules
    ``order.config``, its seed ``order.seed``), played by :func:`scenario_game` over the
    lexicon of ``tools``, which it names by id and content hash. Not checked here: the
    services play it again from its seed before a game is made from it."""
    number, level = order.order["number"], order.order["level"]
    config, racks = scenario_game(number, level, order.seed, order.config, tools)
    info = tools.lexicon.info
    return scenario_record(config, order.seed, racks, {"id": info.id, "hash": info.hash})
