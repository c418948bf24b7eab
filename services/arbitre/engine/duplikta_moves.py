"""dupliKta's moves: the move generator scored as dupliKta scores, for its robot Tourlou and the
computer's best move of each turn.

dupliKta plays the project's letter-board rules with its own values
(:mod:`arbitre.rules.kinds.duplikta.scoring`): a blank is worth the letter it stands for, on the
board as in a move, and a letter the token set lacks keeps its preset value. Its move generator
is the engine's (:class:`~arbitre.engine.movegen.MoveGenerator`) over the set's
:attr:`~arbitre.rules.kinds.duplikta.scoring.TokenValues.scoring_tiles` with
``blank_as_letter`` and dupliKta's :data:`~arbitre.rules.kinds.duplikta.config.RULES` (the first
word horizontal or vertical through the centre, +50 for 7 tokens), so its scores are the rules'
(the tests check it on many positions). With reversed words unlocked, it runs over the lexicon
and its words read backwards (:func:`~arbitre.engine.lexicon.with_reversed_words`): a move is
found when each word it forms is valid one way or the other, as the rules judge it.

:func:`moves_for` gives one :class:`DupliktaMoves` per lexicon, token set and reversed words,
built once per process; it keeps the last boards it prepared, so a turn's board is prepared
once for its robot and its best move.

>>> from arbitre.engine.lexicon import Lexicon
>>> from arbitre.rules.tiles import FRENCH
>>> moves = moves_for(Lexicon.from_words(["JOUR", "OUI"]), FRENCH)
>>> moves.best(Board.empty(), "JOUR?AB")
'H5 JOUR'
>>> found = moves.robot_moves(Board.empty(), "JO?R", 0, False)  # the blank worth a U
>>> [(move.notation, move.score) for move in found.moves][:2]  # vertical too
[('8E JOuR', 22), ('8F JOuR', 22)]
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from arbitre.engine.lexicon import Lexicon, with_reversed_words
from arbitre.engine.movegen import DEFAULT_TIE_BREAK, MoveGenerator, PreparedBoard
from arbitre.engine.robots.moves import RobotMoves, robot_moves
from arbitre.rules.board import Board
from arbitre.rules.kinds.duplikta.config import RULES
from arbitre.rules.kinds.duplikta.scoring import token_values
from arbitre.rules.tiles import TileSet

__all__ = ["BOARDS_KEPT", "KEPT", "DupliktaMoves", "moves_for"]

#: Prepared boards a :class:`DupliktaMoves` keeps (most recently used last).
BOARDS_KEPT = 16


class DupliktaMoves:
    """The moves of dupliKta positions over one lexicon and token set (see the module
    docstring): a robot's :class:`~arbitre.engine.robots.moves.MoveSource` and the best move."""

    def __init__(self, lexicon: Lexicon, tiles: TileSet, reversed_words: bool = False) -> None:
        self.tiles = tiles
        self.reversed_words = reversed_words
        self.lexicon = with_reversed_words(lexicon) if reversed_words else lexicon
        self.generator = MoveGenerator(
            self.lexicon,
            token_values(tiles).scoring_tiles,
            RULES,
            DEFAULT_TIE_BREAK,
            blank_as_letter=True,
        )
        self._boards: OrderedDict[tuple[str, ...], PreparedBoard] = OrderedDict()
        self._lock = threading.Lock()

    def prepared(self, board: Board) -> PreparedBoard:
        """``board`` prepared (a copy: the board may change afterwards), reused while one of
        the last :data:`BOARDS_KEPT` boards holds the same tiles."""
        key = board.rows()
        with self._lock:
            found = self._boards.get(key)
            if found is not None:
                self._boards.move_to_end(key)
                return found
        found = self.generator.prepare(board.copy())
        with self._lock:
            self._boards[key] = found
            while len(self._boards) > BOARDS_KEPT:
                self._boards.popitem(last=False)
        return found

    def robot_moves(self, board: Board, rack: str, limit: int, with_words: bool) -> RobotMoves:
        """The legal moves of ``rack`` on ``board``, best first, and the top (see
        :meth:`~arbitre.engine.robots.moves.MoveSource.robot_moves`)."""
        return robot_moves(self.prepared(board), rack, limit, with_words)

    def best(self, board: Board, rack: str) -> str | None:
        """The notation of the best move of ``rack`` (``?`` for a blank) on ``board``: the
        highest score, ties broken by the default tie-break (fewest blanks, most tokens, reading
        order; horizontal on an empty board); ``None`` when the rack has no move."""
        if not rack:
            return None
        top = self.prepared(board).top(rack).top
        return None if top is None else top.notation


#: The :class:`DupliktaMoves` a process keeps (token sets of one's own are many).
KEPT = 32
_made: OrderedDict[tuple[str, TileSet, bool], DupliktaMoves] = OrderedDict()
_made_lock = threading.Lock()


def moves_for(lexicon: Lexicon, tiles: TileSet, reversed_words: bool = False) -> DupliktaMoves:
    """The :class:`DupliktaMoves` of ``lexicon`` and ``tiles`` (with reversed words or not),
    made once per process while it is among the last :data:`KEPT` asked for."""
    key = (lexicon.info.hash, tiles, reversed_words)
    with _made_lock:
        found = _made.get(key)
        if found is not None:
            _made.move_to_end(key)
            return found
    made = DupliktaMoves(lexicon, tiles, reversed_words)
    with _made_lock:
        found = _made.setdefault(key, made)
        while len(_made) > KEPT:
            _made.popitem(last=False)
        return found
