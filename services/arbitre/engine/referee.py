"""The referee of a duplicate game: the move generator and a lexicon behind the rules'
:class:`~arbitre.rules.duplicate.Referee` protocol.

The board is prepared once per position (anchors, cross-checks) and reused for the "any
move?" question of the draw, the top, every answer of the turn and the moves its robots choose
from (it is a :class:`~arbitre.engine.robots.moves.MoveSource`).
"""

from __future__ import annotations

from arbitre.engine.lexicon import Lexicon
from arbitre.engine.movegen import MoveGenerator, PreparedBoard, TieBreak
from arbitre.engine.robots.moves import RobotMoves, robot_moves
from arbitre.rules.board import Board
from arbitre.rules.duplicate import TopChoice, Verdict
from arbitre.rules.errors import ArbitreError, IllegalMoveError
from arbitre.rules.game_config import GameConfig
from arbitre.rules.move import Move

__all__ = ["MoveGeneratorReferee"]


class MoveGeneratorReferee:
    """Tops, "any move?", verdicts and the robots' moves for one game configuration over
    ``lexicon``."""

    def __init__(self, lexicon: Lexicon, config: GameConfig) -> None:
        self.lexicon = lexicon
        self.config = config
        #: The content hash of the lexicon it judges with (a record names it).
        self.lexicon_hash = lexicon.info.hash
        self.generator = MoveGenerator(
            lexicon, config.tiles, config.rules, TieBreak(tuple(config.tie_break))
        )
        self._key: tuple[str, ...] | None = None
        self._prepared: PreparedBoard | None = None

    def prepared(self, board: Board) -> PreparedBoard:
        """``board`` prepared, reused while the board holds the same tiles."""
        key = board.rows()
        if self._prepared is None or key != self._key:
            self._prepared = self.generator.prepare(board.copy())
            self._key = key
        return self._prepared

    def top(self, board: Board, rack: str) -> TopChoice | None:
        found = self.prepared(board).top(rack)
        chosen = found.top
        if chosen is None:
            return None
        return TopChoice(
            chosen.move,
            chosen.score,
            chosen.tiles,
            chosen.blanks,
            tuple(other.move for other in found.best_moves if other != chosen),
        )

    def has_move(self, board: Board, rack: str) -> bool:
        return self.prepared(board).has_move(rack)

    def judge(self, board: Board, move: Move, rack: str) -> Verdict:
        try:
            evaluation = self.prepared(board).evaluate(move, rack)
        except IllegalMoveError as error:
            return Verdict(0, 0, error_code=f"{error.code}:{error.reason}")
        except ArbitreError as error:
            return Verdict(0, 0, error_code=error.code)
        return Verdict(
            evaluation.points,
            evaluation.score,
            tuple(word.word for word in evaluation.words),
            evaluation.unknown_words,
        )

    def robot_moves(self, board: Board, rack: str, limit: int, with_words: bool) -> RobotMoves:
        """The moves a robot chooses from (see
        :meth:`~arbitre.engine.robots.moves.MoveSource.robot_moves`), as the movegen service's
        ``AllMoves`` finds them."""
        return robot_moves(self.prepared(board), rack, limit, with_words)
