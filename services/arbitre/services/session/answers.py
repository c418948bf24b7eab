"""Answers: an answer is judged when it arrives (scoring ``Judge``: the points of the pose are
returned at once, the words' validity is kept for the reveal) and stored by one Redis script
that refuses it when late; the answer that completes a turn steps the game at once. Also the
preview of an answer, the robots' answers (played through the same path at their moment) and
the players ready for the next turn during a reveal."""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping
from typing import Any

import grpc

from arbitre.engine.robots.duplicate import Robot, RobotLevel, common_words
from arbitre.rules.board import Board
from arbitre.services.remote_referee import PEER_TIMEOUT, RemoteReferee
from arbitre.services.scoring import MAX_MOVE_CHARS
from arbitre.services.session.base import _config_of, _settings_of
from arbitre.services.session.limits import ROBOT_MOVES
from arbitre.services.session.refusals import _refuse, _RefusedError
from arbitre.services.session.steps import Steps
from arbitre.services.session_store import AnswerRefusedError
from arbitre.v1 import scoring_pb2, session_pb2

__all__ = ["Answers"]

log = logging.getLogger(__package__)


class Answers(Steps):
    """The session service's part that takes the players' and the robots' answers."""

    def robot_answer(self, member: str) -> None:
        """Play a due robot answer (``game id/turn/player id``, claimed by this replica) through
        the path of every answer; a robot whose turn has passed stays silent. Never raises."""
        try:
            self._robot_answer(member)
        except _RefusedError as refused:
            log.info("robot answer %s refused: %s", member, refused.message)
        except Exception:
            log.exception("robot answer %s failed", member)

    def _robot_answer(self, member: str) -> None:
        game_id, turn_text, player = member.split("/")
        turn = int(turn_text)
        game = self.store.game(game_id)
        if game.get("phase") != "turn" or game.get("turn") != turn_text:
            return
        if game.get("status") == "paused":  # it answers once the game resumes
            with self.store.redis.pipeline(transaction=False) as pipe:
                self.store.schedule_robot(pipe, game_id, turn, player, self.store.now_ms() + 500)
                pipe.execute()
            return
        seat = self.store.robots(game_id).get(player)
        if game.get("status") != "running" or seat is None:
            return
        level = RobotLevel(seat["level"])
        config = _config_of(game)
        limit, with_words = ROBOT_MOVES[level]
        referee = RemoteReferee(_settings_of(game), config, self.peers.movegen, self.peers.scoring)
        board = Board.from_rows(game["board"].split("/"), config.layout)
        found = referee.robot_moves(board, game["rack_tiles"], limit, with_words)
        vocabulary = None
        if level is RobotLevel.DEBUTANT:
            vocabulary = common_words(config.tiles.language or "fr")
        seat_number = [player_id for player_id, _ in self.store.roster(game_id)].index(player)
        choices = random.Random(f"{game['seed']}/{turn}/{seat_number}")  # replayable
        robot = Robot(level, choices, vocabulary)
        chosen = robot.pick(found.moves, lambda: found.top, lambda move: move.words)
        if chosen is None:
            log.info("game %s: robot %s passes turn %d", game_id, player, turn)
            return
        self._keep(game_id, player, turn, chosen.notation, self._judge(game, chosen.notation))

    def _preview(self, request: Any) -> Any:
        _game_id, _player, judged = self._judged(request)
        return session_pb2.AnswerResponse(
            turn=request.turn, move=request.move.strip(), score=judged.score
        )

    def _answer(self, request: Any) -> Any:
        game_id, player, judged = self._judged(request)
        return self._keep(game_id, player, request.turn, request.move.strip(), judged)

    def _keep(self, game_id: str, player: str, turn: int, move: str, judged: Any) -> Any:
        """Store ``player``'s judged answer ``move`` to ``turn`` (refused when late); step the
        game at once when every player has answered."""
        answer = {
            "move": move,
            "score": judged.score,
            "points": judged.points,
            "words": [word.word for word in judged.words],
            "unknown_words": list(judged.unknown_words),
        }
        try:
            count, players = self.store.answer(game_id, turn, player, answer)
        except AnswerRefusedError as refused:
            self._check_open(self.store.game(game_id), turn, self.store.now_ms())
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, f"the answer is refused: {refused.reason}")
        if count >= players:
            self.store.due_now(game_id)
            self.background.submit(self.step, game_id)
        return session_pb2.AnswerResponse(turn=turn, move=move, score=judged.score, answers=count)

    def _seated(self, game_id: str, token: str) -> tuple[dict[str, str], str]:
        """The game and the id of the player whose token is ``token`` (one Redis round trip);
        refuses a missing token, an unknown game, a token that is not a player's of it."""
        if not token:
            _refuse(grpc.StatusCode.UNAUTHENTICATED, "the player's token is missing")
        game, player = self.store.game_and_player(game_id, token)
        if "kind" not in game:
            _refuse(grpc.StatusCode.NOT_FOUND, f"no game {game_id!r}")
        if player is None:
            _refuse(grpc.StatusCode.PERMISSION_DENIED, "not a player's token for this game")
        return game, player

    def _judged(self, request: Any) -> tuple[str, str, Any]:
        """The game, the player and the scoring service's judgement of an answer to the open
        turn; refuses a malformed, unauthorised, late or illegal one."""
        game_id = self._checked_id(request.game_id)
        if len(request.move) > MAX_MOVE_CHARS or not request.move.strip():
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "a move in FISF notation: 'H4 MOT'")
        game, player = self._seated(game_id, request.token)
        self._check_open(game, request.turn)
        return game_id, player, self._judge(game, request.move.strip())

    def _judge(self, game: Mapping[str, str], move: str) -> Any:
        """The scoring service's judgement of ``move`` on the game's open turn; refuses an
        illegal one."""
        judged = self.peers.scoring.Judge(
            scoring_pb2.JudgeRequest(
                position=_settings_of(game).position(game["board"].split("/")),
                move=move,
                rack=game["rack_tiles"],
            ),
            timeout=PEER_TIMEOUT,
        )
        if not judged.legal:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"{judged.error_code}: {judged.error}")
        return judged

    def _next(self, request: Any) -> Any:
        game_id = self._checked_id(request.game_id)
        game, player = self._seated(game_id, request.token)
        if game["status"] == "paused":
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, "the game is paused")
        if game["phase"] != "reveal" or int(game["turn"]) != request.turn:
            _refuse(
                grpc.StatusCode.FAILED_PRECONDITION,
                f"turn {request.turn} is not being revealed",
            )
        ready, people = self.store.ready(game_id, request.turn, player)
        if ready >= people:
            self.store.due_now(game_id)  # should this call fail, a clock takes the step
            with self.store.locked(game_id) as lock:
                game = self._game(game_id)
                revealing = game["phase"] == "reveal" and int(game["turn"]) == request.turn
                if revealing and game["status"] == "running":
                    played = self._restore(game_id, game)
                    self._next_turn(game_id, lock, game, played, [], self.store.now_ms())
        return session_pb2.NextResponse(turn=request.turn, ready=ready, of=people)

    def _check_open(self, game: Mapping[str, str], turn: int, now: int | None = None) -> None:
        """Refuse an answer to ``turn`` when it is not open, saying why; the deadline is
        checked when ``now`` is given (the answer script checks it anyway)."""
        status, phase, current = game.get("status"), game.get("phase"), int(game.get("turn", 0))
        if status == "waiting":
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, "the game has not started")
        if status == "over":
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, "the game is over")
        if status == "paused":
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, "the game is paused")
        if turn != current:
            _refuse(
                grpc.StatusCode.FAILED_PRECONDITION,
                f"turn {turn} is not the open turn (turn {current} is)",
            )
        if phase != "turn" or (now is not None and now >= int(game["deadline_ms"])):
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, f"turn {turn} is closed: too late")
