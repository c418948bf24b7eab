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

from arbitre.engine.robots.duplicate import Robot, RobotLevel, common_words
from arbitre.lexicons.shipped import LANGUAGES as LEXICON_LANGUAGES
from arbitre.rules import registration as registrations
from arbitre.rules.duplicate import Answer, DuplicateGame, PlayedTurn, Verdict
from arbitre.rules.errors import ArbitreError
from arbitre.rules.fair_play import board_fingerprint, helps_live_turn, rack_key
from arbitre.rules.game_config import PRESETS, GameConfig, overridden
from arbitre.rules.game_package import PackageError, check_package
from arbitre.rules.game_record import game_record, game_sheet, replay_record, top_record
from arbitre.rules.game_sheet import format_sheet
from arbitre.rules.game_snapshot import SnapshotError, restore, snapshot
from arbitre.rules.sealed_package import (
    MAX_KEY_TEXT,
    PackageKind,
    ReleaseKey,
    SealedSummary,
    check_sealed,
    open_sealed,
    package_kind,
)
from arbitre.rules.seed_commitment import SALT_HEX_CHARS, commitment
from arbitre.rules.simultane_results import (
    MAX_CENTRE_FILE_SIZE,
    CentreResultsError,
    read_centre_results,
    results_csv,
    results_data,
    simultane_results,
    view,
)
from arbitre.services import open_tables
from arbitre.services.game_keys import GameKeys, is_game_id
from arbitre.services.internal_auth import Credentials, Identity, open_channel
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
    "seats_refusal",
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
#: Most ``Events`` streams the process serves at once. Each holds a worker thread while it
#: lasts (a gateway needs one per game it serves, not one per client), so they may take a
#: quarter of the workers and unary calls always find one; beyond, RESOURCE_EXHAUSTED.
MAX_EVENT_STREAMS = SESSION_WORKERS // 4
_EVENT_STREAMS = threading.BoundedSemaphore(MAX_EVENT_STREAMS)
#: After a step fails (a peer down), when it is tried again: this, doubled after each failure
#: in a row, up to :data:`MAX_RETRY_MS`.
RETRY_MS = 1_000
MAX_RETRY_MS = 30_000
#: A game whose step fails this many times in a row for a reason other than an outage (Redis
#: or a peer unreachable, which is retried for as long as it lasts) is parked: its steps stop,
#: its state says why, the organiser may resume it once the cause is mended.
MAX_STEP_FAILURES = 5
#: A silence of the clocks' heartbeat this long is an outage: the running games' clocks are
#: extended by it (a clock ticks every 0.1 s).
OUTAGE_MS = 5_000
#: How long a game's data is kept in Redis, by what it is doing (refreshed at every step): a
#: finished game's results and record for a week; a game not started (waiting, counted from
#: its creation or its scheduled start), paused or parked, a week; a running game, two days
#: past its last step (each turn is a step, so only a game nobody's clock runs expires).
FINISHED_TTL_MS = 7 * 24 * 3600 * 1000
IDLE_TTL_MS = 7 * 24 * 3600 * 1000
RUNNING_TTL_MS = 2 * 24 * 3600 * 1000
#: Longest board row count, row and rack a fair-play check reads (the layouts go to 26x26).
MAX_CHECKED_ROWS = 26
MAX_CHECKED_RACK = 16
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
    def at(cls, movegen: str, scoring: str, dictionary: str, token: str | None = None) -> Peers:
        """Stubs over channels to the three addresses (one channel per distinct address), every
        call carrying ``token``, the session's credential (none: peers that run open)."""
        channels: dict[str, Any] = {}

        def channel(address: str) -> Any:
            if address not in channels:
                channels[address] = open_channel(address, token, CHANNEL_OPTIONS)
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
        seats_problem = seats_refusal(request.seats)
        if seats_problem:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, seats_problem)
        now = self.store.now_ms()
        if request.start_at_ms and not now < request.start_at_ms <= now + MAX_SCHEDULE_MS:
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT,
                "start_at_ms: a moment in the coming year (Unix ms, UTC)",
            )
        package, sealed = (
            self._read_package(request.package_json) if request.package_json else (None, None)
        )
        seed: int | None
        given = request.config_json not in ("", "{}") or request.preset or request.has_seed
        if package is not None and given:
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT,
                "a package brings its configuration and seed: give no config, preset or seed",
            )
        if sealed is not None:  # its seed comes with its release key, at the start
            config, seed = sealed.config, None
        elif package is not None:
            config, seed = self._package_game(package)
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
        if sealed is not None and sealed.lexicon_hash != known[config.lexicon].hash:
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT,
                f"bad_package: sealed over another lexicon than this server's {config.lexicon!r} "
                "(the content hashes differ)",
            )
        if package is not None and sealed is None:
            self._check_replay(package, known[config.lexicon].hash, settings, config)
        # A sealed package's game is drawn once it is opened; until then, the empty board and
        # the full bag of its rules, from any seed.
        game = DuplicateGame(config, seed or 0, self._referee(settings, config))
        organiser = new_secret()
        game_id = secrets.token_urlsafe(9)
        title = request.title
        if not title and sealed is not None:
            title = sealed.title[:MAX_TITLE_CHARS]
        elif not title and package is not None:
            title = str(package.get("title") or "")[:MAX_TITLE_CHARS]
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
            "title": title,
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
            "created_ms": now,
            "refereed": "1" if request.refereed else "0",
            "organiser": token_hash(organiser),
            **(_seed_fields(seed) if seed is not None else {}),
        }
        if sealed is not None:
            fields["sealed_package"] = request.package_json
        lifetime = IDLE_TTL_MS + max(0, request.start_at_ms - now)
        created = ("created", {"seed_commitment": fields.get("seed_commitment") or None})
        state = snapshot(game) if seed is not None else {}
        if not self.store.create(game_id, fields, state, created, lifetime):
            _refuse(grpc.StatusCode.UNAVAILABLE, "game id collision; retry")
        log.info("game %s created (%s, lexicon %s)", game_id, config.name, config.lexicon)
        return session_pb2.CreateGameResponse(
            game_id=game_id, organiser_token=organiser, state=self._state(game_id, "")
        )

    def _read_package(self, text: str) -> tuple[Any, SealedSummary | None]:
        """The package in ``text``, its hash (and signature, with the operator's key) checked,
        and, for a sealed package, what it says of itself."""
        if len(text) > MAX_PACKAGE_CHARS:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "the package is too long")
        try:
            package = json.loads(text)
        except (ValueError, RecursionError):
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "the package is not valid JSON")
        try:
            if package_kind(package) is PackageKind.SEALED:
                return package, check_sealed(package, self.package_key)
            return check_package(package, self.package_key), None
        except PackageError as error:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"bad_package: {error}")

    @staticmethod
    def _package_game(package: Any) -> tuple[GameConfig, int]:
        """The configuration and the seed of an open package's game."""
        record = package["record"]
        try:
            config = GameConfig.from_mapping(record.get("config"))
        except ArbitreError as error:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"the package's configuration: {error}")
        seed = record.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "the package's seed is not a seed")
        return config, seed

    def _opened(self, game: Mapping[str, str], key_text: str) -> Any:
        """The package a sealed game plays, opened with the release key ``key_text`` and
        checked (it replays on this server); refuses a missing, mistyped or wrong key."""
        if not key_text:
            _refuse(
                grpc.StatusCode.FAILED_PRECONDITION,
                "the game's package is sealed: give its release key (release_key)",
            )
        try:
            key = ReleaseKey.from_text(key_text)
            package = open_sealed(json.loads(game["sealed_package"]), key, self.package_key)
        except PackageError as error:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"{error.code}: {error}")
        self._check_replay(package, game["lexicon_hash"], _settings_of(game), _config_of(game))
        return package

    def _open_package(
        self, game_id: str, lock: Lock, game: dict[str, str], key_text: str
    ) -> dict[str, str]:
        """A sealed game, opened with ``key_text`` (else the key the organiser released) and
        drawn from its package's seed: the game as it now stands. An open game as it is."""
        if not game.get("sealed_package"):
            return game
        package = self._opened(game, key_text or game.get("release_key", ""))
        config, seed = self._package_game(package)
        played = DuplicateGame(config, seed, self._referee(_settings_of(game), config))
        fields: dict[str, str | int] = {
            **_seed_fields(seed),
            "sealed_package": "",
            "release_key": "",
            "opened_package_hash": package["content_hash"],
        }
        opened = {
            "package_hash": package["content_hash"],
            "seed_commitment": fields["seed_commitment"],
        }

        def write(pipe: Any) -> None:
            self.store.set_state(pipe, game_id, snapshot(played))
            self.store.set_game(pipe, game_id, fields)
            self.store.add_event(pipe, game_id, "package_opened", opened)

        self.store.commit(lock, write)
        log.info("game %s: sealed package opened (%s)", game_id, package["content_hash"][:16])
        return self._game(game_id)

    def ReleasePackage(self, request: Any, context: Any) -> Any:  # noqa: N802
        return self._call(context, lambda: self._command(request, self._release_key))

    def _release_key(self, game_id: str, lock: Lock, game: dict[str, str], key: str) -> None:
        """Keep the release key of a waiting sealed game (checked: it opens the package, which
        replays here) for its scheduled start; the package stays sealed until then."""
        if game["status"] != "waiting" or not game.get("sealed_package"):
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, "the game has no sealed package to open")
        self._opened(game, key)
        text = ReleaseKey.from_text(key).text()
        self.store.commit(
            lock, lambda pipe: self.store.set_game(pipe, game_id, {"release_key": text})
        )

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
            return overridden(base, overrides, LEXICON_LANGUAGES)
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
        if robot is not None:  # its token is forgotten here: nobody can answer as a robot
            self.store.add_robot(game_id, player, robot.value)
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
                pipe, game_id, {"status": "paused", "remaining_ms": remaining, "deadline_ms": 0}
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
        """Queue on ``pipe``: the open turn of the refereed ``game`` is (not) live."""
        if game.get("refereed") == "1" and game.get("phase") == "turn" and game.get("rack_tiles"):
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
            self.store.add_event(pipe, game_id, "resumed", {"turn": int(game.get("turn") or 0)})

        self.store.commit(lock, write)
        log.info("game %s: resumed by its organiser after being parked", game_id)

    # -- steps ------------------------------------------------------------------------------

    def _restore(self, game_id: str, game: Mapping[str, str]) -> DuplicateGame:
        if game.get("sealed_package"):
            _refuse(
                grpc.StatusCode.FAILED_PRECONDITION,
                "the game's package is sealed until the start: nothing of it is played yet",
            )
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
        self._keep(game_id, player, turn, chosen.notation, self._judge(game, chosen.notation))

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
            remaining_ms=_remaining_ms(game, now),
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
            seed_commitment=game.get("seed_commitment", ""),
            refereed=game.get("refereed") == "1",
            sealed=bool(game.get("sealed_package")),
            key_released=bool(game.get("release_key")),
            parked_reason=game.get("parked_reason", "") if game["status"] == "parked" else "",
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
        return _without_secrets(record, game), played

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

    # -- open tables ------------------------------------------------------------------------

    def ListTables(self, request: Any, context: Any) -> Any:  # noqa: N802
        return self._call(context, lambda: self._list_tables(request))

    def _list_tables(self, request: Any) -> Any:
        """The open tables created within a waiting game's lifetime, newest first."""
        if request.limit < 0:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "limit: 0 (the most) or more")
        now = self.store.now_ms()
        limit = request.limit or open_tables.MAX_LISTED_TABLES
        found = open_tables.listed(self.store.redis, now, IDLE_TTL_MS, limit)
        return session_pb2.TableList(
            tables=[session_pb2.OpenTable(**dataclasses.asdict(table)) for table in found],
            server_time_ms=now,
        )

    # -- fair play --------------------------------------------------------------------------

    def CheckPosition(self, request: Any, context: Any) -> Any:  # noqa: N802
        return self._call(context, lambda: self._check_position(request))

    def _check_position(self, request: Any) -> Any:
        rows = list(request.board)
        if (
            len(rows) > MAX_CHECKED_ROWS
            or any(len(row) > MAX_CHECKED_ROWS for row in rows)
            or len(request.rack) > MAX_CHECKED_RACK
            or len(request.move) > MAX_MOVE_CHARS
        ):  # no game's position: the analysis itself says what is wrong with it
            return session_pb2.PositionCheckResponse(live=False)
        racks = self.store.live_racks(board_fingerprint(rows))
        live = helps_live_turn(racks, rows, rack=request.rack, move=request.move)
        return session_pb2.PositionCheckResponse(live=live)

    # -- events -----------------------------------------------------------------------------

    def Events(self, request: Any, context: Any) -> Iterator[Any]:  # noqa: N802
        """The game's events from now (``after`` empty: its ``state``, then its last
        ``backlog`` events up to it, marked, and a ping at its id) or after the event id
        ``after`` (a ping at it first); the stream ends after ``game_over`` (at once for a game
        already over). An ``after`` later than the game's last event is INVALID_ARGUMENT; past
        :data:`MAX_EVENT_STREAMS` streams at once, RESOURCE_EXHAUSTED."""
        try:
            game_id = self._checked_id(request.game_id)
            after = request.after
            milliseconds, dash, sequence = after.partition("-")
            if after and not (
                dash
                and all(
                    part.isascii() and part.isdigit() and len(part) <= 20 and int(part) < 2**64
                    for part in (milliseconds, sequence)
                )
            ):
                _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"{after[:40]!r} is not an event id")
            if not 0 <= request.backlog <= MAX_BACKLOG:
                _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"backlog: 0 to {MAX_BACKLOG}")
            streams = _EVENT_STREAMS
            if not streams.acquire(blocking=False):
                _refuse(
                    grpc.StatusCode.RESOURCE_EXHAUSTED,
                    f"this session serves {MAX_EVENT_STREAMS} event streams, its most; retry",
                )
            try:
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
                    game = self._game(game_id)
                    last = self.store.last_event_id(game_id)
                    last_key = tuple(int(part) for part in last.split("-"))
                    key = (int(milliseconds), int(sequence))
                    if key > last_key:
                        _refuse(
                            grpc.StatusCode.INVALID_ARGUMENT,
                            f"{after} is later than the last event of game {game_id} ({last})",
                        )
                    yield session_pb2.GameEvent(id=after, type="ping", data_json="{}")
                    if game.get("status") == "over" and key == last_key:
                        return  # nothing comes after the end
                quiet_since = time.monotonic()
                while context.is_active():
                    found = self.store.events_after(game_id, after, _BLOCK_MS)
                    for event_id, fields in found:
                        after = event_id
                        yield session_pb2.GameEvent(
                            id=event_id,
                            type=fields.get("type", ""),
                            data_json=fields.get("data", ""),
                        )
                        if fields.get("type") == "game_over":
                            return
                    if found:
                        quiet_since = time.monotonic()
                    elif time.monotonic() - quiet_since > PING_SECONDS:
                        quiet_since = time.monotonic()
                        yield session_pb2.GameEvent(id=after, type="ping", data_json="{}")
            finally:
                streams.release()
        except _RefusedError as refused:
            abort(context, refused.code, refused.message)
        except redis_module.RedisError:
            abort(context, grpc.StatusCode.UNAVAILABLE, "the game store is unreachable; retry")


def _seed_fields(seed: int) -> dict[str, str | int]:
    """A game's seed with a fresh salt and their commitment, as the game hash keeps them."""
    salt = secrets.token_hex(SALT_HEX_CHARS // 2)
    return {"seed": seed, "seed_salt": salt, "seed_commitment": commitment(seed, salt)}


def _without_secrets(record: dict[str, Any], game: Mapping[str, str]) -> dict[str, Any]:
    """``record`` (closed turns only) as anybody may see it: the seed's commitment always; the
    seed and its salt only once the game is over (before, they would tell every tirage and top
    to come)."""
    committed = game.get("seed_commitment")
    if game.get("status") != "over":
        record.pop("seed", None)
    elif committed:
        record["seed_salt"] = game["seed_salt"]
    if committed:
        record["seed_commitment"] = committed
    return record


def seats_refusal(seats: int) -> str:
    """Why ``seats`` cannot be a game's (the one wording of the service and the gateway), or
    ``""`` when it can: 0 (no limit) or a table of :data:`MIN_TABLE_SEATS` to
    :data:`MAX_TABLE_SEATS`."""
    if seats == 0 or MIN_TABLE_SEATS <= seats <= MAX_TABLE_SEATS:
        return ""
    return (
        f"seats: a table has {MIN_TABLE_SEATS} to {MAX_TABLE_SEATS} seats, or 0 for no limit; "
        f"not {seats}"
    )


def _remaining_ms(game: Mapping[str, str], now: int) -> int:
    """What the clock has left: until ``deadline_ms`` while running (the turn's or the reveal's
    time), what it had left when paused, else 0."""
    deadline = int(game["deadline_ms"])
    if game["status"] == "running" and deadline:
        return max(0, deadline - now)
    return int(game["remaining_ms"])


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
        "seed_commitment": state.seed_commitment or None,
        "refereed": state.refereed,
        "sealed": state.sealed,
        "key_released": state.key_released,
    }
    if state.status == "parked":
        data["parked_reason"] = state.parked_reason
    if state.phase == "reveal":
        data["ready"] = state.ready
    if state.my_answer:
        data["my_answer"] = {"move": state.my_answer, "score": state.my_score}
    return data


class Clock:
    """A replica's sweeper: every ``interval`` seconds, step every game whose deadline passed
    and play the robot answers that are due (each claimed by one replica). Its tick is also the
    clocks' heartbeat: after an outage (no tick for :data:`OUTAGE_MS` or more: Redis down, or
    every replica), the running games' deadlines move by the outage's length."""

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
                outage = store.tick(OUTAGE_MS)
                if outage:
                    log.warning("clock: %d ms without a clock tick: running turns extended", outage)
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
    ``ARBITRE_DICTIONARY_ADDRESS`` (each service's own default address otherwise), called with
    the session's credential from the environment (see :mod:`arbitre.services.internal_auth`)."""
    return Peers.at(
        environ.get("ARBITRE_MOVEGEN_ADDRESS") or "127.0.0.1:50052",
        environ.get("ARBITRE_SCORING_ADDRESS") or "127.0.0.1:50053",
        environ.get("ARBITRE_DICTIONARY_ADDRESS") or "127.0.0.1:50051",
        Credentials.from_environment(environ).token(Identity.SESSION),
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
    from arbitre.services.redis_health import RedisHealthWatcher

    clock = Clock(service)
    clock.start()
    watcher = RedisHealthWatcher(client, running.health, [SERVICE_NAME])
    watcher.start()
    print(f"arbitre session: listening on port {running.port}", flush=True)
    serve_forever(running)
    watcher.stop()
    clock.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
