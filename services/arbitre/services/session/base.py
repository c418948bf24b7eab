"""What every part of the session service shares: its store, its peers and the operator's
package key, and the look-ups that most calls make (a game, its organiser's and players'
tokens, a game id's form)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from concurrent import futures
from typing import Any

import grpc

from arbitre.engine.robots.duplicate import RobotLevel
from arbitre.rules import registration as registrations
from arbitre.rules.errors import ArbitreError
from arbitre.rules.seed_commitment import SALT_HEX_CHARS, commitment
from arbitre.services.game_keys import is_game_id
from arbitre.services.session.limits import ROBOT_NAMES
from arbitre.services.session.peers import Peers
from arbitre.services.session.refusals import _refuse
from arbitre.services.session_store import SessionStore, same_token

__all__ = ["SessionBase", "registration_of", "robot_of"]


def _seed_fields(seed: int) -> dict[str, str | int]:
    """A game's seed with a fresh salt and their commitment, as the game hash keeps them."""
    salt = secrets.token_hex(SALT_HEX_CHARS // 2)
    return {"seed": seed, "seed_salt": salt, "seed_commitment": commitment(seed, salt)}


def registration_of(request: Any) -> registrations.Registration:
    """The registration a ``JoinRequest`` gives (its name, club, série, country), or
    INVALID_ARGUMENT saying what is wrong."""
    try:
        return registrations.registration(
            request.name, request.club, request.serie, request.country
        )
    except ArbitreError as error:
        _refuse(grpc.StatusCode.INVALID_ARGUMENT, str(error))


def robot_of(request: Any) -> tuple[RobotLevel, registrations.Registration]:
    """The level and the registration (its name, or the level's) an ``AddRobotRequest``
    gives, or INVALID_ARGUMENT saying what is wrong."""
    try:
        level = RobotLevel(request.level)
    except ValueError:
        known = ", ".join(level.value for level in RobotLevel)
        _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"a robot's level is one of: {known}")
    try:
        return level, registrations.registration(request.name or ROBOT_NAMES[level])
    except ArbitreError as error:
        _refuse(grpc.StatusCode.INVALID_ARGUMENT, str(error))


class SessionBase:
    """The state of a session service, over ``redis`` (a redis-py client) with ``peers``; each
    part of the service (:mod:`arbitre.services.session.lobby`, ``steps``, ``answers``...) is a
    subclass of it, and :class:`~arbitre.services.session.service.SessionService` all of them."""

    def __init__(self, redis: Any, peers: Peers | None, package_key: bytes | None = None) -> None:
        self.store = SessionStore(redis)
        self._peers = peers
        #: The operator's key: with one, only packages it signed are played.
        self.package_key = package_key
        self.background = futures.ThreadPoolExecutor(max_workers=4, thread_name_prefix="step")

    @property
    def peers(self) -> Peers:
        if self._peers is None:
            raise RuntimeError("the session service has no peers yet")
        return self._peers

    @peers.setter
    def peers(self, peers: Peers) -> None:
        self._peers = peers

    def _game(self, game_id: str) -> dict[str, str]:
        game = self.store.game(game_id)
        if "kind" not in game:
            _refuse(grpc.StatusCode.NOT_FOUND, f"no game {game_id!r}")
        return game

    def _organiser(self, game: Mapping[str, str], token: str) -> None:
        """Refuse ``token`` unless it is the game's organiser token, or a credential of the
        account that created the game signed in (:meth:`_account_organises`)."""
        if not token:
            _refuse(grpc.StatusCode.UNAUTHENTICATED, "the organiser's token is missing")
        if same_token(token, game.get("organiser")):
            return
        account = game.get("organiser_account")
        if not (account and self._account_organises(token, account)):
            _refuse(grpc.StatusCode.PERMISSION_DENIED, "not the organiser's token for this game")

    def _account_organises(self, token: str, account_id: str) -> bool:
        """Whether ``token`` is a credential of the account ``account_id`` (the accounts'
        part of the servicer answers; none here)."""
        return False

    def _checked_id(self, game_id: str) -> str:
        if not is_game_id(game_id):
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"{game_id[:80]!r} is not a game id")
        return game_id

    def _state(self, game_id: str, token: str) -> Any:
        """The game's ``GameState`` as the caller (a player's ``token``, else a spectator) may
        see it: the seam's."""
        raise NotImplementedError
