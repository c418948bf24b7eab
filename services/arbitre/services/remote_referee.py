"""The rules' :class:`~arbitre.rules.duplicate.Referee` over the network: tops, "any move?" and
the robots' moves (a :class:`~arbitre.engine.robots.moves.MoveSource`) from the movegen service,
verdicts from the scoring service.

A game configuration reaches those services as a ``Position`` (tile set preset, rules preset,
lexicon id), so only configurations a position can say are played remotely:
:func:`position_settings` checks that and raises :class:`RemoteConfigError` otherwise.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from arbitre.engine.robots.moves import RobotMove, RobotMoves
from arbitre.rules.board import Board
from arbitre.rules.duplicate import TopChoice, Verdict
from arbitre.rules.errors import ArbitreError
from arbitre.rules.game_config import GameConfig
from arbitre.rules.layout import STANDARD
from arbitre.rules.move import Move
from arbitre.rules.tiles import PRESETS as TILE_PRESETS
from arbitre.rules.tiles import tile_set
from arbitre.v1 import common_pb2, movegen_pb2, scoring_pb2

__all__ = [
    "PEER_TIMEOUT",
    "VERDICTS_KEPT",
    "PositionSettings",
    "RemoteConfigError",
    "RemoteReferee",
]

#: Seconds a call to a peer service may take before it counts as down.
PEER_TIMEOUT = 5.0
#: Verdicts a referee keeps (by position, move and rack).
VERDICTS_KEPT = 8_192


class RemoteConfigError(ArbitreError):
    """A configuration the services cannot play: a custom tile set, board or bonuses."""

    code = "bad_config"


@dataclass(frozen=True, slots=True)
class PositionSettings:
    """How a game's positions are named to the services."""

    tiles: str
    rules: str
    lexicon: str

    def position(self, rows: tuple[str, ...] | list[str]) -> Any:
        return common_pb2.Position(
            kind=common_pb2.GAME_KIND_DUPLICATE,
            rows=list(rows),
            tiles=self.tiles,
            rules=self.rules,
            lexicon=self.lexicon,
        )


def position_settings(config: GameConfig, lexicon: str) -> PositionSettings:
    """The position settings of ``config`` played over ``lexicon`` (an id)."""
    try:
        preset_tiles = tile_set(config.tiles.name)
    except ArbitreError:
        preset_tiles = None
    if preset_tiles != config.tiles:
        raise RemoteConfigError(
            f"games on the services use a preset tile set ({', '.join(TILE_PRESETS)})"
        )
    if config.layout != STANDARD:
        raise RemoteConfigError("games on the services use the standard board")
    if config.bonuses is not None:
        raise RemoteConfigError("games on the services use the variant's own bonuses")
    return PositionSettings(config.tiles.name, config.rules.name, lexicon)


class RemoteReferee:
    """Tops, "any move?", the robots' moves and verdicts for one game, asked of the movegen and
    scoring services (``movegen`` and ``scoring`` are stubs). A failed call raises the
    ``grpc.RpcError``."""

    def __init__(self, settings: PositionSettings, config: GameConfig, movegen: Any, scoring: Any):
        self.settings = settings
        self.tie_break = list(config.tie_break)
        self.movegen = movegen
        self.scoring = scoring
        #: Verdicts by (board rows, move, rack), newest last: a verdict depends on nothing else
        #: (the lexicon and rules are this referee's), and the thousands of answers of a
        #: simultané's turn are a few hundred moves, judged once each at the close.
        self._verdicts: OrderedDict[tuple[tuple[str, ...], str, str], Verdict] = OrderedDict()
        self._verdicts_lock = threading.Lock()
        #: The content hash of the lexicon the peers judge with, when known (a record names
        #: it: :data:`arbitre.rules.duplicate.Referee` ``lexicon_hash``).
        self.lexicon_hash = ""

    def _request(self, board: Board, rack: str) -> Any:
        return movegen_pb2.MovesRequest(
            position=self.settings.position(board.rows()), rack=rack, tie_break=self.tie_break
        )

    def top(self, board: Board, rack: str) -> TopChoice | None:
        found = self.movegen.Top(self._request(board, rack), timeout=PEER_TIMEOUT)
        if not found.HasField("top"):
            return None
        chosen = found.top
        return TopChoice(
            Move.from_notation(chosen.notation, size=board.size),
            chosen.score,
            chosen.tiles,
            chosen.blanks,
            tuple(
                Move.from_notation(other.notation, size=board.size)
                for other in found.best_moves
                if other.notation != chosen.notation
            ),
        )

    def has_move(self, board: Board, rack: str) -> bool:
        answer = self.movegen.HasMove(self._request(board, rack), timeout=PEER_TIMEOUT)
        return bool(answer.has_move)

    def robot_moves(self, board: Board, rack: str, limit: int, with_words: bool) -> RobotMoves:
        """The moves a robot chooses from (see
        :meth:`~arbitre.engine.robots.moves.MoveSource.robot_moves`): one ``AllMoves`` call."""
        request = self._request(board, rack)
        request.limit, request.with_words = limit, with_words
        found = self.movegen.AllMoves(request, timeout=PEER_TIMEOUT)
        top = _robot_move(found.top.top) if found.top.HasField("top") else None
        return RobotMoves(tuple(_robot_move(move) for move in found.moves), top)

    def judge(self, board: Board, move: Move, rack: str) -> Verdict:
        """The scoring service's verdict, asked once per position, move and rack while this
        referee keeps it (:data:`VERDICTS_KEPT`, the most recently used)."""
        rows = tuple(board.rows())
        key = (rows, move.notation(), rack)
        with self._verdicts_lock:
            kept = self._verdicts.get(key)
            if kept is not None:
                self._verdicts.move_to_end(key)
                return kept
        answer = self.scoring.Judge(
            scoring_pb2.JudgeRequest(position=self.settings.position(rows), move=key[1], rack=rack),
            timeout=PEER_TIMEOUT,
        )
        if not answer.legal:
            verdict = Verdict(0, 0, error_code=answer.error_code)
        else:
            verdict = Verdict(
                answer.points,
                answer.score,
                tuple(word.word for word in answer.words),
                tuple(answer.unknown_words),
            )
        with self._verdicts_lock:
            self._verdicts[key] = verdict
            while len(self._verdicts) > VERDICTS_KEPT:
                self._verdicts.popitem(last=False)
        return verdict


def _robot_move(move: Any) -> RobotMove:
    """A ``ScoredMove`` message as a robot weighs it."""
    return RobotMove(move.notation, move.score, move.tiles, tuple(w.word for w in move.words))
