"""Before a game starts: creating it (from a preset and its overrides, or from a package),
players joining it, the organiser seating robots at it, and the open tables that wait for
players."""

from __future__ import annotations

import dataclasses
import json
import logging
import secrets
from typing import Any

import grpc

from arbitre.api.tables import seats_refusal
from arbitre.engine.robots.duplicate import RobotLevel
from arbitre.lexicons.shipped import LANGUAGES as LEXICON_LANGUAGES
from arbitre.rules import registration as registrations
from arbitre.rules.duplicate import DuplicateGame
from arbitre.rules.errors import ArbitreError
from arbitre.rules.game_config import PRESETS, GameConfig, overridden
from arbitre.rules.game_snapshot import snapshot
from arbitre.services import open_tables
from arbitre.services.remote_referee import PEER_TIMEOUT, RemoteConfigError, position_settings
from arbitre.services.session.base import _seed_fields, registration_of, robot_of
from arbitre.services.session.limits import (
    IDLE_TTL_MS,
    MAX_CONFIG_CHARS,
    MAX_PLAYERS,
    MAX_REVEAL_SECONDS,
    MAX_SCHEDULE_MS,
    MAX_TITLE_CHARS,
)
from arbitre.services.session.packages import Packages
from arbitre.services.session.reading import Reading
from arbitre.services.session.refusals import _refuse
from arbitre.services.session_store import JoinRefusedError, new_secret, token_hash
from arbitre.v1 import common_pb2, dictionary_pb2, session_pb2

__all__ = ["Lobby"]

log = logging.getLogger(__package__)


class Lobby(Packages, Reading):
    """The session service's part that creates games and seats their players."""

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

    def _join(self, request: Any) -> Any:
        game_id = self._checked_id(request.game_id)
        return self._seat(game_id, registration_of(request), None)

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
        event: dict[str, Any] = {"player": player, "name": name, "players": count, "robot": None}
        if robot is not None:  # its token is forgotten here: nobody can answer as a robot
            self.store.add_robot(game_id, player, robot.value)
            event["robot"] = robot.value
        self.store.event_now(game_id, "player_joined", event)
        return session_pb2.JoinResponse(
            player_id=player,
            player_token="" if robot is not None else token,
            state=self._state(game_id, ""),
        )

    def _add_robot(self, request: Any) -> Any:
        game_id = self._checked_id(request.game_id)
        self._organiser(self._game(game_id), request.token)
        level, entry = robot_of(request)
        return self._seat(game_id, entry, level)

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
