"""The record of a duplicate game on the game-kind seam, and its replay.

The record is :func:`arbitre.rules.game_record.game_record`'s (closed turns only), with the
seam's additions: ``kind``, ``game_id``, ``reveal_seconds`` and ``times`` (when each closed turn
opened and closed). The seed, which tells every tirage to come, is left out until the game is
over. The lexicon is named by the configuration's id and by the content hash its referee judges
with, when the referee tells it (a ``lexicon_hash`` attribute: the engine's and the session's
referees have one); else the hash is empty.

:func:`replay` plays a record again through :func:`arbitre.rules.game_record.replay_record`,
which checks every tirage, top and answer's points against it: only a record that holds its
seed (a finished game's) replays.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arbitre.rules.duplicate import Referee
from arbitre.rules.game_record import RecordMismatchError, game_record, replay_record
from arbitre.rules.kinds.base import Stage
from arbitre.rules.kinds.duplicate.config import KIND_NAME, REVEAL_KEY, read_config
from arbitre.rules.kinds.duplicate.state import DuplicateState, TurnTimes

__all__ = ["record", "replay"]


def record(state: DuplicateState) -> dict[str, Any]:
    """The record of ``state`` as it stands (see the module docstring), JSON-ready."""
    game = state.game
    data = game_record(game, game.config.lexicon, str(getattr(game.referee, "lexicon_hash", "")))
    if state.stage is not Stage.OVER:
        del data["seed"]
    data["kind"] = KIND_NAME
    data["game_id"] = state.game_id
    data[REVEAL_KEY] = state.config.reveal_seconds
    data["times"] = [[times.opened_ms, times.closed_ms] for times in state.times]
    return data


def replay(data: Mapping[str, Any], referee: Referee) -> DuplicateState:
    """The game ``data`` records, played again with ``referee`` and checked turn by turn;
    :class:`RecordMismatchError` (or another :class:`~arbitre.rules.errors.ArbitreError`) when
    it does not hold together. A record without ``times`` (one written by
    :func:`~arbitre.rules.game_record.game_record` alone) replays with every time 0."""
    if not isinstance(data, Mapping):
        raise RecordMismatchError("a record is a mapping")
    if data.get("kind", KIND_NAME) != KIND_NAME:
        raise RecordMismatchError(f"not a record of a {KIND_NAME} game")
    game = replay_record(data, referee)
    rules = data["config"]  # replay_record checked it is a mapping
    config = read_config({**rules, REVEAL_KEY: data.get(REVEAL_KEY, 0)})
    game_id = data.get("game_id", "")
    if not isinstance(game_id, str):
        raise RecordMismatchError("game_id must be a string")
    times = data.get("times", [[0, 0]] * len(game.turns))
    if not isinstance(times, list) or len(times) != len(game.turns):
        raise RecordMismatchError("times must give [opened_ms, closed_ms] for every turn")
    turn_times = []
    for pair in times:
        if not (
            isinstance(pair, list)
            and len(pair) == 2
            and all(isinstance(ms, int) and not isinstance(ms, bool) for ms in pair)
        ):
            raise RecordMismatchError("times must give [opened_ms, closed_ms] for every turn")
        turn_times.append(TurnTimes(pair[0], pair[1]))
    state = DuplicateState(config, game_id, game, times=turn_times)
    if state.stage is Stage.BETWEEN:  # a record of the rules alone may stop before the end
        state.next_ms = turn_times[-1].closed_ms + config.reveal_ms
    return state
