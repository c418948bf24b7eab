"""The session service (``arbitre.v1.Session``): the life of a duplicate game, all its state in
Redis (:mod:`arbitre.services.session_store`), so that any replica serves any game and a replica
started after another died picks up where it stopped.

A game is created ``waiting``; players join; the organiser starts it (``running``). Each turn is
a *phase*: ``turn`` (answers open until the deadline), ``closing`` (answers shut, results being
written), ``reveal`` (the results shown for ``reveal_seconds``), then the next turn, until the
rules end the game (``over``). The organiser may pause (the clock stops) and resume (the deadline
moves by the paused time). The rules of the game are :class:`~arbitre.rules.duplicate.
DuplicateGame`'s, saved between steps with :mod:`arbitre.rules.game_snapshot`; tops come from the
movegen service, verdicts from the scoring service, which also keeps the standings.

An answer is judged when it arrives (scoring ``Judge``: the points of the pose are returned at
once, the words' validity is kept for the reveal) and stored by one Redis script that refuses it
when late. A turn ends at its deadline, or as soon as every player has answered. Every replica
runs a :class:`Clock` that sweeps the games whose next step is due; steps are taken under the
game's lock and written in one transaction (never twice).

Errors: a bad request is ``INVALID_ARGUMENT``, an unknown game ``NOT_FOUND``, a missing token
``UNAUTHENTICATED``, a wrong one ``PERMISSION_DENIED``, an action the game cannot take now
``FAILED_PRECONDITION`` (late answer, wrong turn, game started), a peer service or Redis down
``UNAVAILABLE`` (retry).

``python -m arbitre.services.session [--address HOST:PORT]`` serves it alone: address from
``ARBITRE_SESSION_ADDRESS`` (else ``127.0.0.1:50054``), peers from ``ARBITRE_MOVEGEN_ADDRESS``,
``ARBITRE_SCORING_ADDRESS`` and ``ARBITRE_DICTIONARY_ADDRESS``, Redis from ``REDIS_URL``
(required).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import functools
import json
import logging
import os
import random
import secrets
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent import futures
from dataclasses import dataclass
from typing import Any, NoReturn

import grpc
import redis as redis_module

from arbitre.engine.robots import Robot, RobotLevel, common_words
from arbitre.rules import registration as registrations
from arbitre.rules.duplicate import Answer, DuplicateGame, PlayedTurn, Verdict
from arbitre.rules.errors import ArbitreError
from arbitre.rules.game_config import PRESETS, GameConfig
from arbitre.rules.game_package import PackageError, check_package
from arbitre.rules.game_record import game_record, game_sheet, replay_record, top_record
from arbitre.rules.game_sheet import format_sheet
from arbitre.rules.game_snapshot import SnapshotError, restore, snapshot
from arbitre.rules.simultane_results import (
    MAX_CENTRE_FILE_SIZE,
    CentreResultsError,
    read_centre_results,
    results_csv,
    results_data,
    simultane_results,
    view,
)
from arbitre.services.game_keys import is_game_id
from arbitre.services.logs import configure_logging
from arbitre.services.positions import abort
from arbitre.services.redis_server import connect, redis_url
from arbitre.services.remote_referee import (
    PEER_TIMEOUT,
    PositionSettings,
    RemoteConfigError,
    RemoteReferee,
    position_settings,
)
from arbitre.services.scoring import MAX_MOVE_CHARS
from arbitre.services.server import CHANNEL_OPTIONS, Registration, serve_forever, start
from arbitre.services.session_store import (
    AnswerRefusedError,
    GameBusyError,
    JoinRefusedError,
    Lock,
    LostLockError,
    SessionStore,
    new_secret,
    same_token,
    token_hash,
)
from arbitre.v1 import (
    common_pb2,
    dictionary_pb2,
    dictionary_pb2_grpc,
    movegen_pb2,
    movegen_pb2_grpc,
    scoring_pb2,
    scoring_pb2_grpc,
    session_pb2,
    session_pb2_grpc,
)

__all__ = [
    "DEFAULT_ADDRESS",
    "SERVICE_NAME",
    "Clock",
    "Peers",
    "SessionService",
    "game_state_data",
    "main",
    "registration",
]

log = logging.getLogger(__name__)

SERVICE_NAME = "arbitre.v1.Session"
DEFAULT_ADDRESS = "127.0.0.1:50054"
ADDRESS_VARIABLE = "ARBITRE_SESSION_ADDRESS"
#: Most players in one game.
MAX_PLAYERS = 20_000
#: Longest player name, game title and configuration text accepted.
MAX_TITLE_CHARS = 120
MAX_CONFIG_CHARS = 16_384
#: Longest reveal.
MAX_REVEAL_SECONDS = 600
#: A table (seed 003) seats 2 to 6 players, people and robots: at least one opponent.
MIN_TABLE_SEATS = 2
MAX_TABLE_SEATS = 6
#: Most best moves a revealed turn lists.
MAX_BEST_MOVES = 100
#: A game's state lists its first players only (a table's, all of them): a simultané's state
#: would otherwise grow with its thousands of players, and be read by each of them.
MAX_LISTED_PLAYERS = 100
#: Most events an ``Events`` stream sends from before its state (a gateway's buffer).
MAX_BACKLOG = 10_000
#: Largest pre-drawn game package (a full game is some 30 KB).
MAX_PACKAGE_CHARS = 1_000_000
#: How far ahead a start may be scheduled (a year, in ms).
MAX_SCHEDULE_MS = 366 * 24 * 3600 * 1000
#: The file holding the operator's key that signs game packages.
PACKAGE_KEY_VARIABLE = "ARBITRE_PACKAGE_KEY_FILE"
#: How often an idle event stream says it is alive, and how long one Redis read waits.
PING_SECONDS = 15.0
_BLOCK_MS = 2_000
#: Worker threads of the session service run alone: every open event stream holds one.
SESSION_WORKERS = 1_024
#: After a step fails (a peer down), when it is tried again.
RETRY_MS = 1_000
#: When a robot answers: between these shares of the turn's clock.
ROBOT_MOMENT = (0.2, 0.7)
#: How many moves a robot asks the movegen service for (best first; 0: every one), and whether
#: with their words, by level.
ROBOT_MOVES: dict[RobotLevel, tuple[int, bool]] = {
    RobotLevel.EXPERT: (12, False),
    RobotLevel.CONFIRME: (0, False),
    RobotLevel.DEBUTANT: (5_000, True),
}
ROBOT_NAMES = {
    RobotLevel.EXPERT: "Robot Expert",
    RobotLevel.CONFIRME: "Robot Confirmé",
    RobotLevel.DEBUTANT: "Robot Débutant",
}


@dataclass(frozen=True, slots=True)
class Peers:
    """Stubs of the services the session calls."""

    movegen: Any
    scoring: Any
    dictionary: Any

    @classmethod
    def at(cls, movegen: str, scoring: str, dictionary: str) -> Peers:
        """Stubs over channels to the three addresses (one channel per distinct address)."""
        channels: dict[str, Any] = {}

        def channel(address: str) -> Any:
            if address not in channels:
                channels[address] = grpc.insecure_channel(address, options=CHANNEL_OPTIONS)
            return channels[address]

        return cls(
            movegen_pb2_grpc.MoveGeneratorStub(channel(movegen)),
            scoring_pb2_grpc.ScoringStub(channel(scoring)),
            dictionary_pb2_grpc.DictionaryStub(channel(dictionary)),
        )


class _RefusedError(Exception):
    """A call to end with ``code`` and ``message``."""

    def __init__(self, code: Any, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _refuse(code: Any, message: str) -> NoReturn:
    raise _RefusedError(code, message)


def _config_of(game: Mapping[str, str]) -> GameConfig:
    return GameConfig.from_mapping(json.loads(game["config"]))


def _settings_of(game: Mapping[str, str]) -> PositionSettings:
    return PositionSettings(game["tiles"], game["rules"], game["lexicon"])


class SessionService(session_pb2_grpc.SessionServicer):
    """Duplicate games in ``redis`` (a redis-py client), with ``peers`` for tops and verdicts."""

    def __init__(self, redis: Any, peers: Peers | None, package_key: bytes | None = None) -> None:
        self.store = SessionStore(redis)
        self._peers = peers
        #: The operator's key: with one, only packages it signed are played.
        self.package_key = package_key
        self.background = futures.ThreadPoolExecutor(max_workers=4, thread_name_prefix="step")
        self._stepping: set[str] = set()
        self._stepping_lock = threading.Lock()

    @property
    def peers(self) -> Peers:
        if self._peers is None:
            raise RuntimeError("the session service has no peers yet")
        return self._peers

    @peers.setter
    def peers(self, peers: Peers) -> None:
        self._peers = peers

    # -- plumbing ---------------------------------------------------------------------------

    def _call(self, context: Any, action: Callable[[], Any]) -> Any:
        """Run ``action``, turning refusals and outages into the call's status."""
        try:
            return action()
        except _RefusedError as refused:
            abort(context, refused.code, refused.message)
        except grpc.RpcError as error:
            code = error.code() if hasattr(error, "code") else None
            if code in (grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.NOT_FOUND):
                abort(context, code, error.details())
            log.warning("a peer service failed: %s", error)
            abort(context, grpc.StatusCode.UNAVAILABLE, "a service this game needs is down; retry")
        except redis_module.RedisError as error:
            log.warning("Redis failed: %s", error)
            abort(context, grpc.StatusCode.UNAVAILABLE, "the game store is unreachable; retry")
        except GameBusyError:
            abort(context, grpc.StatusCode.UNAVAILABLE, "the game is busy; retry")
        except LostLockError:
            abort(context, grpc.StatusCode.UNAVAILABLE, "the game changed meanwhile; retry")
        except Exception:
            log.exception("session call failed")
            abort(context, grpc.StatusCode.INTERNAL, "the session service failed; see its log")

    def _game(self, game_id: str) -> dict[str, str]:
        game = self.store.game(game_id)
        if "kind" not in game:
            _refuse(grpc.StatusCode.NOT_FOUND, f"no game {game_id!r}")
        return game

    def _organiser(self, game: Mapping[str, str], token: str) -> None:
        if not token:
            _refuse(grpc.StatusCode.UNAUTHENTICATED, "the organiser's token is missing")
        if not same_token(token, game.get("organiser")):
            _refuse(grpc.StatusCode.PERMISSION_DENIED, "not the organiser's token for this game")

    def _player(self, game_id: str, token: str) -> str:
        if not token:
            _refuse(grpc.StatusCode.UNAUTHENTICATED, "the player's token is missing")
        player = self.store.player_of(game_id, token)
        if player is None:
            _refuse(grpc.StatusCode.PERMISSION_DENIED, "not a player's token for this game")
        return player

    # -- creating and joining ---------------------------------------------------------------

    def CreateGame(self, request: Any, context: Any) -> Any:  # noqa: N802
        return self._call(context, lambda: self._create(request))

    def _create(self, request: Any) -> Any:
        if request.kind not in (common_pb2.GAME_KIND_UNSPECIFIED, common_pb2.GAME_KIND_DUPLICATE):
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "only duplicate games are played yet")
        if len(request.config_json) > MAX_CONFIG_CHARS:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "the configuration is too long")
        if len(request.title) > MAX_TITLE_CHARS:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"a title is at most {MAX_TITLE_CHARS} chars")
        if not 0 <= request.reveal_seconds <= MAX_REVEAL_SECONDS:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"reveal_seconds: 0 to {MAX_REVEAL_SECONDS}")
        if request.seats and not MIN_TABLE_SEATS <= request.seats <= MAX_TABLE_SEATS:
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT,
                f"a table has {MIN_TABLE_SEATS} to {MAX_TABLE_SEATS} seats (0: no limit)",
            )
        now = self.store.now_ms()
        if request.start_at_ms and not now < request.start_at_ms <= now + MAX_SCHEDULE_MS:
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT,
                "start_at_ms: a moment in the coming year (Unix ms, UTC)",
            )
        package = self._read_package(request.package_json) if request.package_json else None
        if package is not None:
            if request.config_json not in ("", "{}") or request.preset or request.has_seed:
                _refuse(
                    grpc.StatusCode.INVALID_ARGUMENT,
                    "a package brings its configuration and seed: give no config, preset or seed",
                )
            record = package["record"]
            try:
                config = GameConfig.from_mapping(record.get("config"))
            except ArbitreError as error:
                _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"the package's configuration: {error}")
            seed = record.get("seed")
            if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
                _refuse(grpc.StatusCode.INVALID_ARGUMENT, "the package's seed is not a seed")
        else:
            config = self._read_config(request.preset or "fisf", request.config_json or "{}")
            seed = request.seed if request.has_seed else secrets.randbits(62)
            if seed >= 2**63:
                _refuse(grpc.StatusCode.INVALID_ARGUMENT, "the seed must be below 2**63")
        lexicons = self.peers.dictionary.ListLexicons(
            dictionary_pb2.ListLexiconsRequest(), timeout=PEER_TIMEOUT
        ).lexicons
        known = {info.id: info for info in lexicons}
        if config.lexicon not in known:
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT,
                f"unknown lexicon {config.lexicon[:40]!r}; on offer: {', '.join(sorted(known))}",
            )
        try:
            settings = position_settings(config, config.lexicon)
        except RemoteConfigError as error:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, str(error))
        if package is not None:
            self._check_replay(package, known[config.lexicon].hash, settings, config)
        game = DuplicateGame(config, seed, self._referee(settings, config))
        organiser = new_secret()
        game_id = secrets.token_urlsafe(9)
        fields: dict[str, str | int] = {
            "kind": "duplicate",
            "status": "waiting",
            "phase": "",
            "turn": 0,
            "deadline_ms": 0,
            "remaining_ms": 0,
            "players": 0,
            "config": json.dumps(config.to_mapping()),
            "lexicon": config.lexicon,
            "lexicon_hash": known[config.lexicon].hash,
            "tiles": settings.tiles,
            "rules": settings.rules,
            "title": request.title or (str(package.get("title") or "") if package else ""),
            "reveal_ms": request.reveal_seconds * 1000,
            "late_join": "1" if request.late_join else "0",
            "seats": request.seats,
            "package_hash": package["content_hash"] if package is not None else "",
            "start_at_ms": request.start_at_ms,
            "board": "/".join(game.board.rows()),
            "rack": "",
            "rack_tiles": "",
            "bag_count": len(game.bag),
            "end_reason": "",
            "created_ms": self.store.now_ms(),
            "seed": seed,
            "organiser": token_hash(organiser),
        }
        if not self.store.create(game_id, fields, snapshot(game), ("created", {})):
            _refuse(grpc.StatusCode.UNAVAILABLE, "game id collision; retry")
        log.info("game %s created (%s, lexicon %s)", game_id, config.name, config.lexicon)
        return session_pb2.CreateGameResponse(
            game_id=game_id, organiser_token=organiser, state=self._state(game_id, "")
        )

    def _read_package(self, text: str) -> Any:
        """The package in ``text``, its hash (and signature, with the operator's key) checked."""
        if len(text) > MAX_PACKAGE_CHARS:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "the package is too long")
        try:
            package = json.loads(text)
        except (ValueError, RecursionError):
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "the package is not valid JSON")
        try:
            return check_package(package, self.package_key)
        except PackageError as error:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"bad_package: {error}")

    def _check_replay(
        self, package: Any, lexicon_hash: str, settings: PositionSettings, config: GameConfig
    ) -> None:
        """Refuse a package made over another lexicon, or whose tirages and tops this server
        does not find again, turn by turn."""
        record = package["record"]
        stated = record.get("lexicon")
        if not isinstance(stated, Mapping) or stated.get("hash") != lexicon_hash:
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT,
                f"bad_package: made over another lexicon than this server's {config.lexicon!r} "
                "(the content hashes differ)",
            )
        if record.get("players"):
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "bad_package: a package has no players")
        try:
            replay_record(record, self._referee(settings, config))
        except ArbitreError as error:
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT,
                f"bad_package: it does not replay on this server: {error}",
            )

    @staticmethod
    def _read_config(preset_name: str, text: str) -> GameConfig:
        base = PRESETS.get(preset_name.lower())
        if base is None:
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT,
                f"unknown preset {preset_name[:40]!r}; known: {', '.join(sorted(PRESETS))}",
            )
        try:
            overrides = json.loads(text)
        except (ValueError, RecursionError):
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "the configuration is not valid JSON")
        if not isinstance(overrides, dict):
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "the configuration is a JSON object")
        try:
            return GameConfig.from_mapping({**base.to_mapping(), **overrides})
        except ArbitreError as error:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"configuration: {error}")

    def _referee(self, settings: PositionSettings, config: GameConfig) -> RemoteReferee:
        return RemoteReferee(settings, config, self.peers.movegen, self.peers.scoring)

    def Join(self, request: Any, context: Any) -> Any:  # noqa: N802
        return self._call(context, lambda: self._join(request))

    def _join(self, request: Any) -> Any:
        game_id = self._checked_id(request.game_id)
        try:
            entry = registrations.registration(
                request.name, request.club, request.serie, request.country
            )
        except ArbitreError as error:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, str(error))
        return self._seat(game_id, entry, None)

    def _seat(
        self, game_id: str, entry: registrations.Registration, robot: RobotLevel | None
    ) -> Any:
        """A new player (a robot when ``robot`` is a level) at the waiting game."""
        name = entry.name
        fields = {key: value for key, value in entry.to_mapping().items() if key != "name"}
        player, token = "p" + secrets.token_urlsafe(6), new_secret()
        seats = int(self._game(game_id).get("seats") or 0)
        try:
            count = self.store.join(
                game_id,
                player,
                name,
                token,
                seats or MAX_PLAYERS,
                fields if any(fields.values()) else None,
            )
        except JoinRefusedError as refused:
            if refused.reason == "no_game":
                _refuse(grpc.StatusCode.NOT_FOUND, f"no game {game_id!r}")
            if refused.reason == "full" and seats:
                _refuse(
                    grpc.StatusCode.FAILED_PRECONDITION,
                    f"table_full: every seat of the table is taken ({seats})",
                )
            if refused.reason == "full":
                _refuse(grpc.StatusCode.FAILED_PRECONDITION, f"the game is full ({MAX_PLAYERS})")
            _refuse(
                grpc.StatusCode.FAILED_PRECONDITION,
                "the game has started and takes no late players: joining is closed",
            )
        event: dict[str, Any] = {"player": player, "name": name, "players": count}
        if robot is not None:
            self.store.add_robot(game_id, player, robot.value, token)
            event["robot"] = robot.value
        self.store.event_now(game_id, "player_joined", event)
        return session_pb2.JoinResponse(
            player_id=player,
            player_token="" if robot is not None else token,
            state=self._state(game_id, ""),
        )

    def AddRobot(self, request: Any, context: Any) -> Any:  # noqa: N802
        return self._call(context, lambda: self._add_robot(request))

    def _add_robot(self, request: Any) -> Any:
        game_id = self._checked_id(request.game_id)
        self._organiser(self._game(game_id), request.token)
        try:
            level = RobotLevel(request.level)
        except ValueError:
            known = ", ".join(level.value for level in RobotLevel)
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"a robot's level is one of: {known}")
        try:
            entry = registrations.registration(request.name or ROBOT_NAMES[level])
        except ArbitreError as error:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, str(error))
        return self._seat(game_id, entry, level)

    def _checked_id(self, game_id: str) -> str:
        if not is_game_id(game_id):
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"{game_id[:80]!r} is not a game id")
        return game_id

    # -- organiser commands -----------------------------------------------------------------

    def Start(self, request: Any, context: Any) -> Any:  # noqa: N802
        return self._call(context, lambda: self._command(request, self._start))

    def Pause(self, request: Any, context: Any) -> Any:  # noqa: N802
        return self._call(context, lambda: self._command(request, self._pause))

    def Resume(self, request: Any, context: Any) -> Any:  # noqa: N802
        return self._call(context, lambda: self._command(request, self._resume))

    def _command(self, request: Any, action: Callable[[str, Lock, dict[str, str]], None]) -> Any:
        game_id = self._checked_id(request.game_id)
        self._organiser(self._game(game_id), request.token)
        with self.store.locked(game_id) as lock:
            action(game_id, lock, self._game(game_id))
        return self._state(game_id, "")

    def _start(self, game_id: str, lock: Lock, game: dict[str, str]) -> None:
        if game["status"] != "waiting":
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, f"the game is {game['status']} already")
        if int(game["players"]) < 1:
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, "a game needs at least one player")
        if int(game.get("seats") or 0) and int(game["players"]) < MIN_TABLE_SEATS:
            _refuse(
                grpc.StatusCode.FAILED_PRECONDITION,
                "not_enough_players: a table needs at least one opponent, person or robot",
            )
        played = self._restore(game_id, game)
        self._next_turn(game_id, lock, game, played, [("game_started", {})], self.store.now_ms())

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
        played = self._restore(game_id, game)
        started = ("game_started", {"scheduled": True})
        self._next_turn(game_id, lock, game, played, [started], now)

    def _pause(self, game_id: str, lock: Lock, game: dict[str, str]) -> None:
        if game["status"] != "running":
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, f"the game is {game['status']}")
        if game["phase"] == "closing":
            _refuse(grpc.StatusCode.UNAVAILABLE, "the turn is closing; retry")
        now = self.store.now_ms()
        remaining = max(0, int(game["deadline_ms"]) - now)

        def write(pipe: Any) -> None:
            self.store.set_game(
                pipe, game_id, {"status": "paused", "remaining_ms": remaining, "deadline_ms": 0}
            )
            self.store.set_deadline(pipe, game_id, None)
            self.store.add_event(
                pipe, game_id, "paused", {"turn": int(game["turn"]), "remaining_ms": remaining}
            )

        self.store.commit(lock, write)

    def _resume(self, game_id: str, lock: Lock, game: dict[str, str]) -> None:
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
            self.store.add_event(
                pipe, game_id, "resumed", {"turn": int(game["turn"]), "deadline_ms": deadline}
            )

        self.store.commit(lock, write)

    # -- steps ------------------------------------------------------------------------------

    def _restore(self, game_id: str, game: Mapping[str, str]) -> DuplicateGame:
        saved = self.store.saved_game(game_id)
        if saved is None:
            raise SnapshotError(f"game {game_id}: no saved state")
        config = _config_of(game)
        return restore(saved, self._referee(_settings_of(game), config))

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

        def write(pipe: Any) -> None:
            if extra is not None:
                extra(pipe)
            self.store.set_state(pipe, game_id, state)
            self.store.set_game(pipe, game_id, fields)
            self.store.set_deadline(pipe, game_id, due)
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
        except Exception:
            log.exception("game %s: step failed; retrying in %d ms", game_id, RETRY_MS)
            with contextlib.suppress(redis_module.RedisError):
                self.store.postpone(game_id, self.store.now_ms() + RETRY_MS)
        finally:
            with contextlib.suppress(redis_module.RedisError):  # else it expires
                self.store.release(lock)

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

    # -- robots -----------------------------------------------------------------------------

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
        found = self.peers.movegen.AllMoves(
            movegen_pb2.MovesRequest(
                position=_settings_of(game).position(game["board"].split("/")),
                rack=game["rack_tiles"],
                tie_break=list(config.tie_break),
                limit=limit,
                with_words=with_words,
            ),
            timeout=PEER_TIMEOUT,
        )
        vocabulary = None
        if level is RobotLevel.DEBUTANT:
            vocabulary = common_words(config.tiles.language or "fr")
        seat_number = [player_id for player_id, _ in self.store.roster(game_id)].index(player)
        choices = random.Random(f"{game['seed']}/{turn}/{seat_number}")  # replayable
        robot = Robot(level, choices, vocabulary)
        chosen = robot.pick(
            list(found.moves),
            lambda: found.top.top if found.top.HasField("top") else None,
            lambda move: [word.word for word in move.words],
        )
        if chosen is None:
            log.info("game %s: robot %s passes turn %d", game_id, player, turn)
            return
        request = session_pb2.AnswerRequest(
            game_id=game_id, turn=turn, token=seat["token"], move=chosen.notation
        )
        self._answer(request)

    # -- answers ----------------------------------------------------------------------------

    def Answer(self, request: Any, context: Any) -> Any:  # noqa: N802
        return self._call(context, lambda: self._answer(request))

    def Preview(self, request: Any, context: Any) -> Any:  # noqa: N802
        return self._call(context, lambda: self._preview(request))

    def _preview(self, request: Any) -> Any:
        _game_id, _player, judged = self._judged(request)
        return session_pb2.AnswerResponse(
            turn=request.turn, move=request.move.strip(), score=judged.score
        )

    def _answer(self, request: Any) -> Any:
        game_id, player, judged = self._judged(request)
        answer = {
            "move": request.move.strip(),
            "score": judged.score,
            "points": judged.points,
            "words": [word.word for word in judged.words],
            "unknown_words": list(judged.unknown_words),
        }
        try:
            count, players = self.store.answer(game_id, request.turn, player, answer)
        except AnswerRefusedError as refused:
            self._check_open(self.store.game(game_id), request.turn, self.store.now_ms())
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, f"the answer is refused: {refused.reason}")
        if count >= players:
            self.store.due_now(game_id)
            self.background.submit(self.step, game_id)
        return session_pb2.AnswerResponse(
            turn=request.turn, move=answer["move"], score=judged.score, answers=count
        )

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
        judged = self.peers.scoring.Judge(
            scoring_pb2.JudgeRequest(
                position=_settings_of(game).position(game["board"].split("/")),
                move=request.move.strip(),
                rack=game["rack_tiles"],
            ),
            timeout=PEER_TIMEOUT,
        )
        if not judged.legal:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"{judged.error_code}: {judged.error}")
        return game_id, player, judged

    def Next(self, request: Any, context: Any) -> Any:  # noqa: N802
        return self._call(context, lambda: self._next(request))

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

    # -- reading ----------------------------------------------------------------------------

    def GetGame(self, request: Any, context: Any) -> Any:  # noqa: N802
        return self._call(
            context, lambda: self._state(self._checked_id(request.game_id), request.token)
        )

    def _state(self, game_id: str, token: str) -> Any:
        table = self.store.table(game_id, MAX_LISTED_PLAYERS)
        game, roster, robots, now = table.game, table.roster, table.robots, table.now_ms
        if "kind" not in game:
            _refuse(grpc.StatusCode.NOT_FOUND, f"no game {game_id!r}")
        turn = int(game["turn"])
        answering = game["phase"] in ("turn", "closing") and game["status"] in ("running", "paused")
        answered = table.answered if answering else frozenset()
        state = session_pb2.GameState(
            game_id=game_id,
            kind=common_pb2.GAME_KIND_DUPLICATE,
            status=game["status"],
            phase=game["phase"],
            turn=turn,
            board=game["board"].split("/"),
            rack=game["rack"],
            deadline_ms=int(game["deadline_ms"]),
            remaining_ms=int(game["remaining_ms"]),
            server_time_ms=now,
            players=[
                session_pb2.Player(
                    id=player,
                    name=name,
                    answered=player in answered,
                    robot=robots.get(player, {}).get("level", ""),
                    **table.registrations.get(player, {}),
                )
                for player, name in roster
            ],
            answers=table.answers if answering else 0,
            player_count=table.player_count,
            config_json=game["config"],
            lexicon=game["lexicon"],
            end_reason=game["end_reason"],
            title=game["title"],
            bag_count=int(game["bag_count"]),
            reveal_seconds=int(game["reveal_ms"]) // 1000,
            late_join=game.get("late_join") == "1",
            seats=int(game.get("seats") or 0),
            package_hash=game.get("package_hash", ""),
            start_at_ms=int(game.get("start_at_ms") or 0),
        )
        if game["phase"] == "reveal":
            state.ready = self.store.ready_count(game_id, turn)
        if token and answering:
            player = self.store.player_of(game_id, token)
            mine = self.store.answer_of(game_id, turn, player) if player else None
            if mine is not None:
                state.my_answer = mine["move"]
                state.my_score = int(mine["score"])
        return state

    def GetTurn(self, request: Any, context: Any) -> Any:  # noqa: N802
        return self._call(context, lambda: self._turn(request))

    def _turn(self, request: Any) -> Any:
        game_id = self._checked_id(request.game_id)
        game = self._game(game_id)
        result = self.store.result(game_id, request.turn)
        if result is None:
            if 1 <= request.turn <= int(game["turn"]):
                _refuse(
                    grpc.StatusCode.FAILED_PRECONDITION, f"turn {request.turn} is not revealed yet"
                )
            _refuse(grpc.StatusCode.NOT_FOUND, f"no turn {request.turn} in game {game_id}")
        if not 0 <= request.best_moves <= MAX_BEST_MOVES:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"best_moves: 0 to {MAX_BEST_MOVES}")
        best: list[Any] = []
        if request.best_moves:
            found = self.peers.movegen.AllMoves(
                movegen_pb2.MovesRequest(
                    position=_settings_of(game).position(result["board"]),
                    rack=result["tiles"],
                    tie_break=list(_config_of(game).tie_break),
                    limit=request.best_moves,
                ),
                timeout=PEER_TIMEOUT,
            )
            best = list(found.moves)
        top = result["top"]
        return session_pb2.TurnResult(
            best_moves=best,
            turn=result["turn"],
            rack=result["rack"],
            board=result["board"],
            top=common_pb2.ScoredMove(
                notation=top["move"], score=top["score"], tiles=top["tiles"], blanks=top["blanks"]
            ),
            alternatives=result["alternatives"],
            answers=[
                session_pb2.AnswerResult(
                    player=line["player"],
                    name=line["name"],
                    move=line["move"],
                    points=line["points"],
                    score=line["score"],
                    negatif=line["negatif"],
                    top=line["top"],
                    solo=line["solo"],
                    words=line["words"],
                    unknown_words=line["unknown_words"],
                )
                for line in result["answers"]
            ],
        )

    def GetStandings(self, request: Any, context: Any) -> Any:  # noqa: N802
        return self._call(context, lambda: self._standings(request))

    def _standings(self, request: Any) -> Any:
        game_id = self._checked_id(request.game_id)
        self._game(game_id)
        if request.offset < 0 or request.limit < 0:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "offset and limit must be >= 0")
        names = dict(self.store.roster(game_id))
        page = self.peers.scoring.Standings(
            scoring_pb2.StandingsRequest(
                kind=common_pb2.GAME_KIND_DUPLICATE,
                game_id=game_id,
                offset=request.offset,
                limit=request.limit,
            ),
            timeout=PEER_TIMEOUT,
        )
        lines = list(page.standings)
        if page.turns == 0:  # nothing closed yet: everyone shares the first place
            players = sorted(names)[request.offset :]
            if request.limit:
                players = players[: request.limit]
            lines = [
                scoring_pb2.Standing(rank=1, player=player, percent_of_top=100.0)
                for player in players
            ]
        return session_pb2.GameStandings(
            standings=[
                session_pb2.NamedStanding(standing=line, name=names.get(line.player, ""))
                for line in lines
            ],
            top_total=page.top_total,
            turns=page.turns,
            players=len(names),
        )

    def GetRecord(self, request: Any, context: Any) -> Any:  # noqa: N802
        return self._call(context, lambda: self._record(request))

    def _record(self, request: Any) -> Any:
        game_id = self._checked_id(request.game_id)
        game = self._game(game_id)
        record, played = self._record_of(game_id, game)
        sheet = format_sheet(game_sheet(played, game["title"] or None))
        return session_pb2.GameRecord(
            record_json=json.dumps(record, ensure_ascii=False), sheet=sheet
        )

    def _record_of(
        self, game_id: str, game: Mapping[str, str]
    ) -> tuple[dict[str, Any], DuplicateGame]:
        """The game's record (closed turns, names and registrations) and the game itself."""
        played = self._restore(game_id, game)
        roster = self.store.roster(game_id)
        played.players = tuple(player for player, _ in roster)
        played.turns = [self._with_answers(game_id, turn) for turn in played.turns]
        record = game_record(played, game["lexicon"], game["lexicon_hash"])
        record["names"] = dict(roster)
        registered = self.store.registrations(game_id)
        record["registrations"] = {
            player: {"name": name, **registered.get(player, {})} for player, name in roster
        }
        record["game_id"] = game_id
        return record, played

    # -- a simultané's results --------------------------------------------------------------

    def GetResults(self, request: Any, context: Any) -> Any:  # noqa: N802
        return self._call(context, lambda: self._results(request))

    def _results(self, request: Any) -> Any:
        game_id = self._checked_id(request.game_id)
        game = self._game(game_id)
        record, _played = self._record_of(game_id, game)
        centres = [
            read_centre_results(text, record, name)
            for name, text in sorted(self.store.centres(game_id).items())
        ]
        lines = simultane_results(record, centres)
        filters = {
            "serie": request.serie,
            "club": request.club,
            "country": request.country,
            "centre": request.centre,
        }
        if any(filters.values()):
            lines = view(lines, **{key: value or None for key, value in filters.items()})
        answer = session_pb2.Results(
            top_total=int(record["top_total"]), turns=len(record["turns"]), lines=len(lines)
        )
        if request.csv:
            answer.csv = results_csv(lines)
        else:
            answer.results_json = json.dumps(results_data(lines), ensure_ascii=False)
        return answer

    def UploadCentre(self, request: Any, context: Any) -> Any:  # noqa: N802
        return self._call(context, lambda: self._upload_centre(request))

    def _upload_centre(self, request: Any) -> Any:
        game_id = self._checked_id(request.game_id)
        game = self._game(game_id)
        self._organiser(game, request.token)
        centre = request.centre.strip()
        if not 0 < len(centre) <= registrations.MAX_CLUB_CHARS or not centre.isprintable():
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT,
                f"a centre's name is 1 to {registrations.MAX_CLUB_CHARS} printable characters",
            )
        if len(request.csv) > MAX_CENTRE_FILE_SIZE:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "the centre results file is too long")
        if game["status"] != "over":
            _refuse(
                grpc.StatusCode.FAILED_PRECONDITION,
                "centres' results are merged once the game is over",
            )
        record, _played = self._record_of(game_id, game)
        try:
            checked = read_centre_results(request.csv, record, centre)
        except CentreResultsError as error:
            return session_pb2.UploadCentreResponse(
                accepted=False,
                centre=centre,
                problems=[
                    session_pb2.CentreProblem(line=line, message=message)
                    for line, message in error.problems
                ],
            )
        self.store.set_centre(game_id, centre, request.csv)
        log.info("game %s: centre %r merged (%d players)", game_id, centre, len(checked.players))
        return session_pb2.UploadCentreResponse(
            accepted=True, centre=centre, players=len(checked.players)
        )

    def _with_answers(self, game_id: str, turn: PlayedTurn) -> PlayedTurn:
        result = self.store.result(game_id, turn.number) or {"answers": []}
        answers = tuple(
            Answer(
                line["player"],
                line["move"],
                Verdict(
                    line["points"],
                    line["score"],
                    tuple(line["words"]),
                    tuple(line["unknown_words"]),
                ),
            )
            for line in sorted(result["answers"], key=lambda line: line["player"])
            if line["move"]
        )
        return dataclasses.replace(turn, answers=answers)

    # -- events -----------------------------------------------------------------------------

    def Events(self, request: Any, context: Any) -> Iterator[Any]:  # noqa: N802
        try:
            game_id = self._checked_id(request.game_id)
            if len(request.after) > 40:
                _refuse(grpc.StatusCode.INVALID_ARGUMENT, "after is an event id")
            if not 0 <= request.backlog <= MAX_BACKLOG:
                _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"backlog: 0 to {MAX_BACKLOG}")
            after = request.after
            if not after:
                after = self.store.last_event_id(game_id)
                state = self._state(game_id, "")
                yield session_pb2.GameEvent(
                    id=after, type="state", data_json=json.dumps(game_state_data(state))
                )
                if state.status == "over":
                    return
                if request.backlog:
                    for event_id, fields in self.store.events_until(
                        game_id, after, request.backlog
                    ):
                        yield session_pb2.GameEvent(
                            id=event_id,
                            type=fields.get("type", ""),
                            data_json=fields.get("data", ""),
                            backlog=True,
                        )
                    yield session_pb2.GameEvent(id=after, type="ping", data_json="{}")
            else:
                self._game(game_id)
                yield session_pb2.GameEvent(id=after, type="ping", data_json="{}")
            quiet_since = time.monotonic()
            while context.is_active():
                try:
                    found = self.store.events_after(game_id, after, _BLOCK_MS)
                except redis_module.ResponseError:
                    _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"{after!r} is not an event id")
                for event_id, fields in found:
                    after = event_id
                    yield session_pb2.GameEvent(
                        id=event_id, type=fields.get("type", ""), data_json=fields.get("data", "")
                    )
                    if fields.get("type") == "game_over":
                        return
                if found:
                    quiet_since = time.monotonic()
                elif time.monotonic() - quiet_since > PING_SECONDS:
                    quiet_since = time.monotonic()
                    yield session_pb2.GameEvent(id=after, type="ping", data_json="{}")
        except _RefusedError as refused:
            abort(context, refused.code, refused.message)
        except redis_module.RedisError:
            abort(context, grpc.StatusCode.UNAVAILABLE, "the game store is unreachable; retry")


@functools.lru_cache(maxsize=256)
def _presentation(config_json: str) -> tuple[tuple[str, ...], str]:
    """The board layout (rows of the text map: ``T`` triple word, ``D`` double word, ``t``
    triple letter, ``d`` double letter, ``*`` the start, ``.`` plain) and the tile set (JSON:
    letter -> count and value, blanks) of a game's configuration: what a page draws, from the
    rules' own definitions rather than a copy of them."""
    try:
        config = GameConfig.from_mapping(json.loads(config_json))
    except (ArbitreError, ValueError):
        return (), "{}"
    tiles = config.tiles
    letters = {info.letter: {"count": info.count, "value": info.value} for info in tiles.letters}
    tile_set = {"letters": letters, "blanks": tiles.blanks, "blank_value": tiles.blank_value}
    return tuple(config.layout.to_text().splitlines()), json.dumps(tile_set)


def game_state_data(state: Any) -> dict[str, Any]:
    """A ``GameState`` as JSON-ready data: what ``GET /v1/games/{id}`` and the ``state`` event
    show (the caller's own answer only when there is one), with the board's layout and the tile
    set a page draws."""
    layout, tile_set = _presentation(state.config_json or "{}")
    data: dict[str, Any] = {
        "game_id": state.game_id,
        "kind": "duplicate",
        "title": state.title,
        "status": state.status,
        "phase": state.phase,
        "turn": state.turn,
        "board": list(state.board),
        "rack": state.rack,
        "deadline_ms": state.deadline_ms,
        "remaining_ms": state.remaining_ms,
        "server_time_ms": state.server_time_ms,
        "players": [
            {
                "id": player.id,
                "name": player.name,
                "answered": player.answered,
                "robot": player.robot or None,
                "club": player.club,
                "serie": player.serie,
                "country": player.country,
            }
            for player in state.players
        ],
        "answers": state.answers,
        "player_count": state.player_count,
        "config": json.loads(state.config_json) if state.config_json else {},
        "board_layout": list(layout),
        "tile_set": json.loads(tile_set),
        "lexicon": state.lexicon,
        "end_reason": state.end_reason,
        "bag_count": state.bag_count,
        "reveal_seconds": state.reveal_seconds,
        "late_join": state.late_join,
        "seats": state.seats,
        "package_hash": state.package_hash or None,
        "start_at_ms": state.start_at_ms,
    }
    if state.phase == "reveal":
        data["ready"] = state.ready
    if state.my_answer:
        data["my_answer"] = {"move": state.my_answer, "score": state.my_score}
    return data


class Clock:
    """A replica's sweeper: every ``interval`` seconds, step every game whose deadline passed
    and play the robot answers that are due (each claimed by one replica)."""

    def __init__(self, service: SessionService, interval: float = 0.1) -> None:
        self.service = service
        self.interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="session-clock", daemon=True)
        self._running: set[str] = set()
        self._guard = threading.Lock()

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=10)

    def _run(self) -> None:
        store = self.service.store
        while not self._stop.wait(self.interval):
            try:
                due = store.due_games(store.now_ms())
            except redis_module.RedisError as error:
                log.warning("clock: Redis unreachable: %s", error)
                continue
            for game_id in due:
                with self._guard:
                    if game_id in self._running:
                        continue
                    self._running.add(game_id)
                self.service.background.submit(self._step, game_id)
            try:
                answers = store.due_robot_answers(store.now_ms())
                claimed = [member for member in answers if store.claim_robot_answer(member)]
            except redis_module.RedisError as error:
                log.warning("clock: Redis unreachable: %s", error)
                continue
            for member in claimed:
                self.service.background.submit(self.service.robot_answer, member)

    def _step(self, game_id: str) -> None:
        try:
            self.service.step(game_id)
        finally:
            with self._guard:
                self._running.discard(game_id)


def registration(
    redis: Any, peers: Peers | None, package_key: bytes | None = None
) -> tuple[Registration, SessionService]:
    """The session servicer, ready for :func:`arbitre.services.server.start`, and the service
    (to start its :class:`Clock`)."""
    service = SessionService(redis, peers, package_key)
    return (
        Registration(
            SERVICE_NAME,
            lambda server: session_pb2_grpc.add_SessionServicer_to_server(service, server),
        ),
        service,
    )


def peers_from_environment(environ: Mapping[str, str] = os.environ) -> Peers:
    """Peers at ``ARBITRE_MOVEGEN_ADDRESS``, ``ARBITRE_SCORING_ADDRESS`` and
    ``ARBITRE_DICTIONARY_ADDRESS`` (each service's own default address otherwise)."""
    return Peers.at(
        environ.get("ARBITRE_MOVEGEN_ADDRESS") or "127.0.0.1:50052",
        environ.get("ARBITRE_SCORING_ADDRESS") or "127.0.0.1:50053",
        environ.get("ARBITRE_DICTIONARY_ADDRESS") or "127.0.0.1:50051",
    )


def package_key_from_environment(environ: Mapping[str, str] = os.environ) -> bytes | None:
    """The operator's package key: the contents of the file ``ARBITRE_PACKAGE_KEY_FILE`` names
    (spaces around it dropped); ``None`` when unset. Raises :class:`OSError` for a missing file
    and :class:`ValueError` for an empty one."""
    path = environ.get(PACKAGE_KEY_VARIABLE)
    if not path:
        return None
    with open(path, "rb") as file:
        key = file.read().strip()
    if not key:
        raise ValueError(f"{PACKAGE_KEY_VARIABLE}: {path} is empty")
    return key


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m arbitre.services.session")
    parser.add_argument(
        "--address",
        default=os.environ.get(ADDRESS_VARIABLE, DEFAULT_ADDRESS),
        help=f"HOST:PORT to listen on (default ${ADDRESS_VARIABLE}, else {DEFAULT_ADDRESS})",
    )
    arguments = parser.parse_args(argv)
    configure_logging()
    url = redis_url()
    if not url:
        print(
            "arbitre session: set REDIS_URL (the session keeps its games in Redis)", file=sys.stderr
        )
        return 2
    try:
        client = connect(url)
        client.ping()
        session, service = registration(
            client, peers_from_environment(), package_key_from_environment()
        )
        running = start([session], arguments.address, workers=SESSION_WORKERS)
    except (OSError, RuntimeError, ValueError, redis_module.RedisError) as error:
        print(f"arbitre session: {error}", file=sys.stderr)
        return 2
    clock = Clock(service)
    clock.start()
    print(f"arbitre session: listening on port {running.port}", flush=True)
    serve_forever(running)
    clock.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
