"""A game's steps: the organiser's commands (start, pause, resume), the scheduled start, and
the steps a clock takes: close a turn (standings, then the reveal), end a reveal, draw the next
turn or end the game. A turn ends at its deadline, or as soon as every player has answered.
Steps are taken under the game's lock and written in one transaction (never twice); a game whose
step keeps failing is parked until its organiser resumes it."""

from __future__ import annotations

import contextlib
import json
import logging
import random
from collections.abc import Callable, Mapping
from typing import Any

import grpc
import redis as redis_module

from arbitre.api.tables import MIN_TABLE_SEATS
from arbitre.rules.duplicate import DuplicateGame
from arbitre.rules.fair_play import board_fingerprint, rack_key
from arbitre.rules.game_record import top_record
from arbitre.rules.game_snapshot import SnapshotError, snapshot
from arbitre.rules.sealed_package import MAX_KEY_TEXT
from arbitre.services.game_keys import GameKeys
from arbitre.services.remote_referee import PEER_TIMEOUT
from arbitre.services.session.limits import (
    FINISHED_TTL_MS,
    IDLE_TTL_MS,
    MAX_RETRY_MS,
    MAX_STEP_FAILURES,
    RETRY_MS,
    ROBOT_MOMENT,
    RUNNING_TTL_MS,
)
from arbitre.services.session.packages import Packages
from arbitre.services.session.reading import Reading
from arbitre.services.session.refusals import _refuse
from arbitre.services.session_store import Lock
from arbitre.v1 import common_pb2, scoring_pb2

__all__ = ["Steps"]

log = logging.getLogger(__package__)


def _stored_live(game: Mapping[str, str]) -> frozenset[tuple[str, str]]:
    """The positions (board fingerprint, rack key) of a refereed game on the seam that its last
    step stored in its hash (``live_positions``): its open turn's, parked or not; none for
    another game."""
    return frozenset((board, rack) for board, rack in json.loads(game.get("live_positions", "[]")))


class Steps(Packages, Reading):
    """The session service's part that starts, pauses, resumes and steps games."""

    def _command(
        self, request: Any, action: Callable[[str, Lock, dict[str, str], str], None]
    ) -> Any:
        """Run an organiser's ``action`` on the game, under its lock, with the request's
        release key."""
        game_id = self._checked_id(request.game_id)
        if len(request.release_key) > MAX_KEY_TEXT:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "release_key: too long for a release key")
        self._organiser(self._game(game_id), request.token)
        with self.store.locked(game_id) as lock:
            action(game_id, lock, self._game(game_id), request.release_key)
        return self._state(game_id, "")

    def _start(self, game_id: str, lock: Lock, game: dict[str, str], key: str) -> None:
        if game["status"] != "waiting":
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, f"the game is {game['status']} already")
        if int(game["players"]) < 1:
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, "a game needs at least one player")
        if int(game.get("seats") or 0) and int(game["players"]) < MIN_TABLE_SEATS:
            _refuse(
                grpc.StatusCode.FAILED_PRECONDITION,
                "not_enough_players: a table needs at least one opponent, person or robot",
            )
        game = self._open_package(game_id, lock, game, key)
        played = self._restore(game_id, game)
        self._next_turn(
            game_id,
            lock,
            game,
            played,
            [("game_started", {"scheduled": False})],
            self.store.now_ms(),
        )

    def _scheduled_start(self, game_id: str, lock: Lock, game: dict[str, str], now: int) -> None:
        """Start a game scheduled to start by now; a game that cannot start then (no player
        where late joins are closed, a table without an opponent) waits for its organiser."""
        start_at = int(game["start_at_ms"])
        if now < start_at:
            self.store.postpone(game_id, start_at)
            return
        players, seats = int(game["players"]), int(game.get("seats") or 0)
        late = game.get("late_join") == "1"
        if (players < 1 and not late) or (seats and players < MIN_TABLE_SEATS):
            log.warning("game %s: not started at its time: %d players", game_id, players)
            self.store.commit(lock, lambda pipe: self.store.set_deadline(pipe, game_id, None))
            return
        if game.get("sealed_package") and not game.get("release_key"):
            log.warning("game %s: not started at its time: its package is still sealed", game_id)
            self.store.commit(lock, lambda pipe: self.store.set_deadline(pipe, game_id, None))
            return
        game = self._open_package(game_id, lock, game, "")
        played = self._restore(game_id, game)
        started = ("game_started", {"scheduled": True})
        self._next_turn(game_id, lock, game, played, [started], now)

    def _pause(self, game_id: str, lock: Lock, game: dict[str, str], _key: str) -> None:
        if game["status"] != "running":
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, f"the game is {game['status']}")
        if game["phase"] == "closing":
            _refuse(grpc.StatusCode.UNAVAILABLE, "the turn is closing; retry")
        now = self.store.now_ms()
        remaining = max(0, int(game["deadline_ms"]) - now)

        def write(pipe: Any) -> None:
            self.store.set_game(
                pipe,
                game_id,
                {
                    "status": "paused",
                    "remaining_ms": remaining,
                    "deadline_ms": 0,
                    "paused_at_ms": now,
                },
            )
            self.store.set_deadline(pipe, game_id, None)
            self.store.set_lifetime(pipe, game_id, int(game["turn"]), IDLE_TTL_MS)
            self.store.add_event(
                pipe, game_id, "paused", {"turn": int(game["turn"]), "remaining_ms": remaining}
            )

        self.store.commit(lock, write)

    def _resume(self, game_id: str, lock: Lock, game: dict[str, str], _key: str) -> None:
        if game["status"] == "parked":
            self._unpark(game_id, lock, game)
            return
        if game["status"] != "paused":
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, f"the game is {game['status']}")
        now = self.store.now_ms()
        deadline = now + int(game["remaining_ms"])
        everyone = game["phase"] == "turn" and self.store.answer_count(
            game_id, int(game["turn"])
        ) >= int(game["players"])
        due = now if everyone else deadline  # every player answered during the pause

        def write(pipe: Any) -> None:
            self.store.set_game(
                pipe, game_id, {"status": "running", "remaining_ms": 0, "deadline_ms": deadline}
            )
            self.store.set_deadline(pipe, game_id, due)
            self.store.set_lifetime(pipe, game_id, int(game["turn"]), RUNNING_TTL_MS)
            self.store.add_event(
                pipe, game_id, "resumed", {"turn": int(game["turn"]), "deadline_ms": deadline}
            )

        self.store.commit(lock, write)

    def _park(self, game_id: str, lock: Lock, reason: str) -> None:
        """Stop stepping a game whose step keeps failing: it says why, the organiser may resume
        it (:meth:`_unpark`) once the cause is mended; nothing of it is lost meanwhile."""
        game = self.store.game(game_id)
        if game.get("status") not in ("running", "waiting"):
            return
        turn = int(game.get("turn") or 0)

        def write(pipe: Any) -> None:
            self._set_live(pipe, game_id, game, False)
            self.store.set_game(
                pipe,
                game_id,
                {"status": "parked", "parked_status": game["status"], "parked_reason": reason},
            )
            self.store.set_deadline(pipe, game_id, None)
            self.store.set_lifetime(pipe, game_id, turn, IDLE_TTL_MS)
            self.store.add_event(pipe, game_id, "parked", {"turn": turn, "reason": reason})

        self.store.commit(lock, write)
        log.error("game %s: parked after %d failed steps: %s", game_id, MAX_STEP_FAILURES, reason)

    def _set_live(self, pipe: Any, game_id: str, game: Mapping[str, str], live: bool) -> None:
        """Queue on ``pipe``: the open turn of the refereed ``game`` is (not) live: on the seam,
        the positions its last step stored; on the duplicate path, its board and rack."""
        if game.get("refereed") != "1":
            return
        for position, rack in _stored_live(game):  # a game on the seam
            self.store.set_live(pipe, game_id, position, rack, live)
        if game.get("phase") == "turn" and game.get("rack_tiles"):
            position = board_fingerprint(game["board"].split("/"))
            self.store.set_live(pipe, game_id, position, rack_key(game["rack_tiles"]), live)

    def _unpark(self, game_id: str, lock: Lock, game: dict[str, str]) -> None:
        """Take a parked game's steps up again, at once (a turn whose time ran out meanwhile
        closes then)."""
        status = game.get("parked_status") or "running"

        def write(pipe: Any) -> None:
            self._set_live(pipe, game_id, game, True)
            self.store.set_game(pipe, game_id, {"status": status, "step_failures": 0})
            pipe.hdel(GameKeys(game_id).game, "parked_reason", "parked_status")
            self.store.set_deadline(pipe, game_id, self.store.now_ms())
            self.store.set_lifetime(pipe, game_id, int(game.get("turn") or 0), RUNNING_TTL_MS)
            resumed = {
                "turn": int(game.get("turn") or 0),
                "deadline_ms": int(game.get("deadline_ms") or 0),
            }
            self.store.add_event(pipe, game_id, "resumed", resumed)

        self.store.commit(lock, write)
        log.info("game %s: resumed by its organiser after being parked", game_id)

    def _next_turn(
        self,
        game_id: str,
        lock: Lock,
        game: Mapping[str, str],
        played: DuplicateGame,
        events: list[tuple[str, dict[str, Any]]],
        now: int,
        extra: Callable[[Any], None] | None = None,
    ) -> None:
        """Draw the next turn (or end the game) and write it with ``events`` and ``extra``."""
        draw = played.start_turn()
        fields: dict[str, str | int]
        if draw is None:
            assert played.end is not None
            fields = {
                "status": "over",
                "phase": "",
                "deadline_ms": 0,
                "rack": "",
                "rack_tiles": "",
                "end_reason": played.end.value,
                "board": "/".join(played.board.rows()),
                "bag_count": len(played.bag),
            }
            events = [*events, ("game_over", {"reason": played.end.value})]
            due: int | None = None
        else:
            # The clock starts once the turn is drawn: closing the last turn of a game of
            # thousands and drawing this one (a move search) took time since ``now``.
            now = max(now, self.store.now_ms())
            due = now + played.config.seconds_per_turn * 1000
            fields = {
                "status": "running",
                "phase": "turn",
                "turn": played.number,
                "deadline_ms": due,
                "board": "/".join(played.board.rows()),
                "rack": draw.notation,
                "rack_tiles": draw.rack,
                "bag_count": len(played.bag),
            }
            events = [
                *events,
                (
                    "turn_started",
                    {
                        "turn": played.number,
                        "rack": draw.notation,
                        "board": list(played.board.rows()),
                        "deadline_ms": due,
                    },
                ),
            ]
        state = snapshot(played)
        robots = self.store.robots(game_id) if draw is not None else {}
        refereed = game.get("refereed") == "1"
        lifetime = FINISHED_TTL_MS if draw is None else RUNNING_TTL_MS

        def write(pipe: Any) -> None:
            if extra is not None:
                extra(pipe)
            self.store.set_state(pipe, game_id, state)
            self.store.set_game(pipe, game_id, fields)
            self.store.set_deadline(pipe, game_id, due)
            self.store.set_lifetime(pipe, game_id, played.number, lifetime)
            if draw is not None and refereed:
                position = board_fingerprint(played.board.rows())
                self.store.set_live(pipe, game_id, position, rack_key(draw.rack), True)
            for player in robots:  # each robot answers at a moment of its own
                moment = random.Random(f"{played.seed}/{played.number}/{player}")
                share = moment.uniform(*ROBOT_MOMENT)
                answer_at = now + int(share * played.config.seconds_per_turn * 1000)
                self.store.schedule_robot(pipe, game_id, played.number, player, answer_at)
            for kind, data in events:
                self.store.add_event(pipe, game_id, kind, data)

        self.store.commit(lock, write)
        if draw is not None:
            log.info("game %s: turn %d (%s)", game_id, played.number, draw.notation)
        else:
            log.info("game %s: over (%s)", game_id, played.end)

    def step(self, game_id: str) -> None:
        """Take the game's due step, if any (close a turn, end a reveal); a replica's clock
        calls it, and so does an answer that completes a turn. Safe to call at any time from any
        replica."""
        lock = self.store.try_lock(game_id)
        if lock is None:
            return
        try:
            game = self.store.game(game_id)
            self._step(game_id, lock, game)
            if game.get("step_failures"):
                self.store.clear_failures(game_id)
        except Exception as error:
            self._failed(game_id, lock, error)
        finally:
            with contextlib.suppress(redis_module.RedisError):  # else it expires
                self.store.release(lock)

    def _failed(self, game_id: str, lock: Lock, error: Exception) -> None:
        """After a failed step: an outage (Redis or a peer unreachable) is retried for as long
        as it lasts; any other failure is retried :data:`MAX_STEP_FAILURES` times, waiting
        longer each time, then the game is parked."""
        outage = isinstance(error, redis_module.RedisError) or (
            isinstance(error, grpc.RpcError)
            and getattr(error, "code", lambda: None)()
            in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED)
        )
        try:
            failures = 1 if outage else self.store.step_failed(game_id)
            if failures >= MAX_STEP_FAILURES:
                reason = f"{type(error).__name__}: {str(error)[:200]}"
                log.exception("game %s: step failed %d times", game_id, failures)
                self._park(game_id, lock, reason)
                return
            wait = min(MAX_RETRY_MS, RETRY_MS * 2 ** (failures - 1))
            log.warning(
                "game %s: step failed (%s); retrying in %d ms",
                game_id,
                error,
                wait,
                exc_info=not outage,
            )
            self.store.postpone(game_id, self.store.now_ms() + wait)
        except Exception:
            log.exception("game %s: step failed, and so did noting it", game_id)

    def _step(self, game_id: str, lock: Lock, game: dict[str, str]) -> None:
        """The step of :meth:`step`, under ``lock``."""
        now = self.store.now_ms()
        if game.get("status") == "waiting" and int(game.get("start_at_ms") or 0):
            self._scheduled_start(game_id, lock, game, now)
            return
        if game.get("status") != "running":
            with self.store.redis.pipeline(transaction=False) as pipe:
                if game.get("status") != "paused":
                    self.store.set_deadline(pipe, game_id, None)
                pipe.execute()
            return
        turn, phase = int(game["turn"]), game["phase"]
        deadline = int(game["deadline_ms"])
        if phase == "turn":
            everyone = self.store.answer_count(game_id, turn) >= int(game["players"])
            if now < deadline and not everyone:
                self.store.postpone(game_id, deadline)
                return
            self.store.commit(
                lock, lambda pipe: self.store.set_game(pipe, game_id, {"phase": "closing"})
            )
            phase = "closing"
        if phase == "closing":
            self._close(game_id, lock, game, turn, now)
        elif phase == "reveal":
            if now < deadline and not self.store.everyone_ready(game_id, turn):
                self.store.postpone(game_id, deadline)
                return
            self._next_turn(game_id, lock, game, self._restore(game_id, game), [], now)

    def _close(
        self, game_id: str, lock: Lock, game: Mapping[str, str], turn: int, now: int
    ) -> None:
        """Close ``turn``: standings first (idempotent), then the reveal and the next step."""
        played = self._restore(game_id, game)
        top = played.current_top
        draw = played.current_draw
        if top is None or draw is None or played.number != turn:
            raise SnapshotError(f"game {game_id}: turn {turn} is not the open one")
        config = played.config
        roster = self.store.roster(game_id)
        answers = self.store.answers(game_id, turn)
        closed = self.peers.scoring.CloseTurn(
            scoring_pb2.CloseTurnRequest(
                kind=common_pb2.GAME_KIND_DUPLICATE,
                game_id=game_id,
                turn=turn,
                top=top.score,
                players=[player for player, _ in roster],
                points=[
                    scoring_pb2.PlayerPoints(player=player, points=int(answer["points"]))
                    for player, answer in answers.items()
                ],
                solo_bonus=config.solo_bonus,
                solo_min_players=config.solo_min_players,
            ),
            timeout=PEER_TIMEOUT,
        )
        solos = set(closed.solos)
        board_before = list(played.board.rows())
        played.close_turn()
        lines = []
        for player, name in roster:
            answer = answers.get(player)
            points = int(answer["points"]) if answer else 0
            lines.append(
                {
                    "player": player,
                    "name": name,
                    "move": answer["move"] if answer else "",
                    "points": points,
                    "score": int(answer["score"]) if answer else 0,
                    "negatif": points - top.score,
                    "top": points == top.score,
                    "solo": player in solos,
                    "words": answer["words"] if answer else [],
                    "unknown_words": answer["unknown_words"] if answer else [],
                }
            )
        lines.sort(key=lambda line: (-line["points"], line["name"], line["player"]))
        result = {
            "turn": turn,
            "rack": draw.notation,
            "tiles": draw.rack,
            "board": board_before,
            "top": top_record(top),
            "alternatives": [move.notation() for move in top.alternatives],
            "answers": lines,
        }
        revealed = (
            "turn_revealed",
            {"turn": turn, "top": result["top"], "answers": len(answers)},
        )

        def save_result(pipe: Any) -> None:
            self.store.set_result(pipe, game_id, turn, result)
            position = board_fingerprint(board_before)
            self.store.set_live(pipe, game_id, position, rack_key(draw.rack), False)

        reveal_ms = int(game["reveal_ms"])
        if reveal_ms > 0:
            due = now + reveal_ms
            state = snapshot(played)

            def write(pipe: Any) -> None:
                save_result(pipe)
                self.store.set_state(pipe, game_id, state)
                self.store.set_game(
                    pipe,
                    game_id,
                    {
                        "phase": "reveal",
                        "deadline_ms": due,
                        "board": "/".join(played.board.rows()),
                    },
                )
                self.store.set_deadline(pipe, game_id, due)
                self.store.add_event(pipe, game_id, *revealed)

            self.store.commit(lock, write)
        else:
            self._next_turn(game_id, lock, game, played, [revealed], now, save_result)
