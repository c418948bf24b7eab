"""Pre-drawn Indecix deals: the dice of a match drawn in advance, for a *contest* in which many
tables play the same rolls (:mod:`arbitre.rules.contest` ranks them across tables).

A **deal** is the record a package (:mod:`arbitre.rules.game_package`) holds for Indecix: the
match's configuration (mode, Blitz clock, aids, games; every table plays the same), its seed,
the seed's commitment, and what the seed decides, written out so that an organiser or a centre
reads the dice without running the generator: the first game's starter and every game's 36
faces. Since a seed decides the rolls alone (:mod:`~arbitre.rules.kinds.indecix.dice`: the
game id is not part of it), every table created from the deal rolls the same die at the same
roll, to the same seat.

A server plays a deal only once it has drawn it again from the seed (:func:`package_game`): a
deal whose faces, starter or commitment differ from the seed's is refused, whatever its
signature. A game from a deal takes only its colours from the request; every other setting is
the deal's.

>>> from arbitre.rules.kinds.indecix.config import configure
>>> deal = deal_record(configure({"games": 2}), 7)
>>> deal["starter"] in (0, 1), len(deal["games"]), len(deal["games"][0])
(True, 2, 36)
>>> package_game(deal, package_config(deal["config"], {}))
7
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds.base import InvalidConfigError
from arbitre.rules.kinds.indecix.config import IndecixConfig, config_data, configure
from arbitre.rules.kinds.indecix.dice import commitment, faces, starter

__all__ = ["DEAL_FORMAT", "DealMismatchError", "deal_record", "package_config", "package_game"]

#: The format of a deal, the record of an Indecix package.
DEAL_FORMAT = "arbitre.indecix-deal/1"
#: The kind a deal says it is for.
_KIND = "indecix"
#: The settings a game from a deal may give itself: the rest is the deal's.
_LEFT_TO_THE_GAME = frozenset({"colours"})
#: The largest seed (the session's bound).
_MAX_SEED = 2**63 - 1


class DealMismatchError(ArbitreError):
    """A deal that is not what its seed draws (or not a deal at all)."""

    code = "bad_package"


def deal_record(config: IndecixConfig, seed: int) -> dict[str, Any]:
    """The deal of a match of ``config`` played from ``seed``: see the module."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= _MAX_SEED:
        raise InvalidConfigError(f"a seed is a whole number from 0 to 2**63 - 1 (got {seed!r})")
    return {
        "format": DEAL_FORMAT,
        "kind": _KIND,
        "config": config_data(config),
        "seed": seed,
        "commitment": commitment(seed),
        "starter": starter(seed, 1),
        "games": [list(faces(seed, game)) for game in range(1, config.games + 1)],
    }


def package_config(rules: Mapping[str, Any], settings: Mapping[str, Any]) -> IndecixConfig:
    """The configuration of a game from a deal whose ``config`` is ``rules``, with the game's
    own ``settings`` (``colours`` only); :class:`InvalidConfigError` for rules that do not hold
    or another setting."""
    brought = sorted(set(settings) - _LEFT_TO_THE_GAME)
    if brought:
        raise InvalidConfigError(
            f"a deal brings its rules and seed: give none of {', '.join(brought)}"
        )
    if not isinstance(rules, Mapping):
        raise InvalidConfigError("the deal has no configuration")
    return configure({**rules, **settings})


def package_game(record: Mapping[str, Any], config: IndecixConfig) -> int:
    """The seed of the deal ``record`` once checked: a deal of ``config``'s rules (its colours
    aside) whose commitment, starter and faces are the ones its seed draws;
    :class:`InvalidConfigError` for another configuration, :class:`DealMismatchError` where
    it differs."""
    if not isinstance(record, Mapping) or record.get("format") != DEAL_FORMAT:
        raise DealMismatchError(f"the package holds no Indecix deal ({DEAL_FORMAT!r})")
    if record.get("kind") != _KIND:
        raise DealMismatchError(f"the deal is not for {_KIND} (kind {record.get('kind')!r})")
    rules = record.get("config")
    if not isinstance(rules, Mapping):
        raise DealMismatchError("the deal has no configuration")
    dealt = package_config(rules, {"colours": list(config.colours)})
    if dealt != config:
        raise InvalidConfigError("the game's configuration is not the deal's")
    seed = record.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= _MAX_SEED:
        raise DealMismatchError(f"the deal's seed is not a whole number below 2**63 ({seed!r})")
    drawn = deal_record(config, seed)
    for field in ("commitment", "starter", "games"):  # as JSON: true is not 1, 2.0 not 2
        if json.dumps(record.get(field)) != json.dumps(drawn[field]):
            raise DealMismatchError(f"the deal's {field} is not what its seed draws")
    return seed
