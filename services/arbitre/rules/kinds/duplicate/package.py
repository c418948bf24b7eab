"""A duplicate game played from a pre-drawn package (:mod:`arbitre.rules.game_package`): its
configuration, the record's rules with the session's settings the package leaves to its game,
and its seed, once the record replays on this server's referee
(:func:`arbitre.rules.game_record.replay_record`: every tirage and top found again). The
package's hash, signature and lexicon hash are the services' to check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arbitre.rules.duplicate import Referee
from arbitre.rules.errors import ArbitreError
from arbitre.rules.game_config import GameConfig
from arbitre.rules.game_record import RecordMismatchError, replay_record
from arbitre.rules.kinds.base import InvalidConfigError
from arbitre.rules.kinds.duplicate.config import (
    LATE_JOIN_KEY,
    REVEAL_KEY,
    SEATS_KEY,
    DuplicateConfig,
    read_config,
)

__all__ = ["package_config", "package_game"]

#: The settings a package leaves to its game (it brings every rule of its own).
_LEFT_TO_THE_GAME = frozenset({REVEAL_KEY, SEATS_KEY, LATE_JOIN_KEY})


def package_config(rules: Mapping[str, Any], settings: Mapping[str, Any]) -> DuplicateConfig:
    """The configuration of a game from a package whose record's ``config`` is ``rules``, with
    ``settings`` (``reveal_seconds``, ``seats``, ``late_join`` only);
    :class:`InvalidConfigError` for rules that do not hold or another setting."""
    brought = sorted(set(settings) - _LEFT_TO_THE_GAME)
    if brought:
        raise InvalidConfigError(
            f"a package brings its rules and seed: give none of {', '.join(brought)}"
        )
    if not isinstance(rules, Mapping):
        raise InvalidConfigError("the package's record has no configuration")
    try:
        game = GameConfig.from_mapping(rules)
    except ArbitreError as error:
        raise InvalidConfigError(f"the package's configuration: {error}") from None
    return read_config({**game.to_mapping(), **settings})


def package_game(record: Mapping[str, Any], config: DuplicateConfig, referee: Referee) -> int:
    """The seed of the package's ``record`` once checked: a game of ``config``'s rules, without
    players, that replays with ``referee`` turn by turn (:class:`InvalidConfigError` for
    another configuration, :class:`RecordMismatchError` where it differs)."""
    if not isinstance(record, Mapping):
        raise RecordMismatchError("the package holds no game record")
    rules = record.get("config")
    if not isinstance(rules, Mapping) or package_config(rules, {}).game != config.game:
        raise InvalidConfigError("the package's record is a game of another configuration")
    if record.get("players"):
        raise RecordMismatchError("a package has no players")
    seed = record.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
        raise RecordMismatchError("the package's seed is not a seed")
    try:
        replay_record(record, referee)
    except ArbitreError as error:
        raise RecordMismatchError(f"it does not replay on this server: {error}") from None
    return seed
