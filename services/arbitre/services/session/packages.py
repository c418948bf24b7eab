"""Pre-drawn game packages: reading the one a game is created from (its content hash and, with
the operator's key, its signature checked), checking that it replays on this server, and opening
a sealed one with its release key, at the start or once the organiser released the key; the
operator's key, from the file the environment names."""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Mapping
from typing import Any

import grpc

from arbitre.rules.duplicate import DuplicateGame
from arbitre.rules.errors import ArbitreError
from arbitre.rules.game_config import GameConfig
from arbitre.rules.game_package import PackageError, check_package
from arbitre.rules.game_record import replay_record
from arbitre.rules.game_snapshot import snapshot
from arbitre.rules.sealed_package import (
    PackageKind,
    ReleaseKey,
    SealedSummary,
    check_sealed,
    open_sealed,
    package_kind,
)
from arbitre.services.remote_referee import PositionSettings
from arbitre.services.session.base import SessionBase, _config_of, _seed_fields, _settings_of
from arbitre.services.session.limits import MAX_PACKAGE_CHARS, PACKAGE_KEY_VARIABLE
from arbitre.services.session.refusals import _refuse
from arbitre.services.session_store import Lock

__all__ = ["Packages", "opened_fields", "package_key_from_environment"]

log = logging.getLogger(__package__)


class Packages(SessionBase):
    """The session service's part that reads, checks and opens game packages."""

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

    def _unsealed(self, game: Mapping[str, str], key_text: str) -> Any:
        """The package a sealed game (of any kind) plays, opened with the release key
        ``key_text``, not checked further: FAILED_PRECONDITION without a key,
        INVALID_ARGUMENT for a mistyped or wrong one."""
        if not key_text:
            _refuse(
                grpc.StatusCode.FAILED_PRECONDITION,
                "the game's package is sealed: give its release key (release_key)",
            )
        try:
            key = ReleaseKey.from_text(key_text)
            return open_sealed(json.loads(game["sealed_package"]), key, self.package_key)
        except PackageError as error:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"{error.code}: {error}")

    def _opened(self, game: Mapping[str, str], key_text: str) -> Any:
        """The package a sealed game plays, opened with the release key ``key_text`` and
        checked (it replays on this server); refuses a missing, mistyped or wrong key."""
        package = self._unsealed(game, key_text)
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
        fields, opened = opened_fields(package, seed)

        def write(pipe: Any) -> None:
            self.store.set_state(pipe, game_id, snapshot(played))
            self.store.set_game(pipe, game_id, fields)
            self.store.add_event(pipe, game_id, "package_opened", opened)

        self.store.commit(lock, write)
        log.info("game %s: sealed package opened (%s)", game_id, package["content_hash"][:16])
        return self._game(game_id)

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


def opened_fields(
    package: Mapping[str, Any], seed: int
) -> tuple[dict[str, str | int], dict[str, str]]:
    """What opening a sealed ``package`` of ``seed`` writes in its game's hash (the seed and
    its commitment, the package no longer sealed, its hash) and the ``package_opened`` event's
    data (every kind's)."""
    fields: dict[str, str | int] = {
        **_seed_fields(seed),
        "sealed_package": "",
        "release_key": "",
        "opened_package_hash": package["content_hash"],
    }
    opened = {
        "package_hash": package["content_hash"],
        "seed_commitment": str(fields["seed_commitment"]),
    }
    return fields, opened


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
