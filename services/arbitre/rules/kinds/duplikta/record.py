"""The record of a dupliKta game, and its replay.

A record is JSON-ready data: ``kind`` (``"duplikta"``), ``version``, ``config``
(:func:`~arbitre.rules.kinds.duplikta.config.config_data`), ``seed``, ``players`` (in seating
order), ``turns``, ``end`` (``null`` while the game goes on), ``adjustment`` and ``totals``.
Each closed turn holds its shared ``rack``, its ``actions`` in the order the game took them,
``installed``, ``criterion``, each player's ``points`` and the computer's ``best`` move
(``{"move": notation or null, "score": n}``, a
:class:`~arbitre.rules.kinds.duplikta.game.BestMove`). An action is one of
``{"player", "redraw": token}``, ``{"player", "exchange": token, "for": wanted}`` and
``{"player", "confirm": notation or null, "ms", "loupe", "returned"}``; a player with no
confirm passed at the close. Actions refused by the rules changed nothing and are not recorded.

:func:`replay` plays the actions again on a new game of the same options, seed and players
with the given tools, and checks every turn's rack, installed player, criterion, points and best
move and the end against the record: the same record replays to the same totals and best moves
on every machine, with a lexicon that judges the same words (a record of version 1, before the
best moves, is refused).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arbitre.rules.errors import ArbitreError
from arbitre.rules.game_record import RecordMismatchError
from arbitre.rules.kinds.duplikta.config import KIND_NAME, config_data, configure
from arbitre.rules.kinds.duplikta.game import DupliktaGame, Tools

__all__ = ["RECORD_VERSION", "RecordMismatchError", "game_record", "replay"]

#: The version of the record's format.
RECORD_VERSION = 2


def game_record(game: DupliktaGame) -> dict[str, Any]:
    """The record of ``game``'s closed turns (see the module docstring)."""
    return {
        "kind": KIND_NAME,
        "version": RECORD_VERSION,
        "config": config_data(game.config),
        "seed": game.seed,
        "players": list(game.players),
        "turns": [
            {
                "rack": turn.rack,
                "actions": [dict(action) for action in game.actions[turn.number - 1]],
                "installed": turn.installed,
                "criterion": turn.criterion.value,
                "points": turn.points,
                "best": turn.best.data(),
            }
            for turn in game.turns
        ],
        "end": None if game.end is None else game.end.value,
        "adjustment": dict(game.adjustment),
        "totals": game.totals(),
    }


def replay(data: Mapping[str, Any], tools: Tools) -> DupliktaGame:
    """The game ``data`` records, played again with ``tools`` and checked turn by turn;
    :class:`RecordMismatchError` when it does not hold together."""
    if not isinstance(data, Mapping) or data.get("kind") != KIND_NAME:
        raise RecordMismatchError(f"not a record of a {KIND_NAME} game")
    if data.get("version") != RECORD_VERSION:
        raise RecordMismatchError(f"a record of version {RECORD_VERSION} is expected")
    turns = data.get("turns")
    players = data.get("players")
    seed = data.get("seed")
    if not isinstance(turns, list) or not isinstance(players, list) or not isinstance(seed, int):
        raise RecordMismatchError("a record needs its seed, players and turns")
    try:
        game = DupliktaGame(configure(data.get("config", {})), seed, tools, tuple(players))
        for number, turn in enumerate(turns, start=1):
            _replay_turn(game, number, turn)
    except RecordMismatchError:
        raise
    except ArbitreError as error:
        raise RecordMismatchError(f"the record does not replay: {error}") from None
    end = None if game.end is None else game.end.value
    if end != data.get("end"):
        raise RecordMismatchError(f"the game ends {end!r}, the record says {data.get('end')!r}")
    if game.totals() != data.get("totals"):
        raise RecordMismatchError(
            f"the totals come out {game.totals()}, the record says {data.get('totals')}"
        )
    return game


def _replay_turn(game: DupliktaGame, number: int, turn: object) -> None:
    if not isinstance(turn, Mapping) or not isinstance(turn.get("actions"), list):
        raise RecordMismatchError(f"turn {number}: a turn holds its rack and actions")
    rack = game.deal()
    if rack is None or rack != turn.get("rack"):
        raise RecordMismatchError(
            f"turn {number}: the rack comes out {rack}, not {turn.get('rack')}"
        )
    for action in turn["actions"]:
        _act(game, number, action)
    played = game.close_turn()
    if (
        played.installed != turn.get("installed")
        or played.criterion.value != turn.get("criterion")
        or played.points != turn.get("points")
    ):
        raise RecordMismatchError(
            f"turn {number}: {played.installed} installed by {played.criterion.value} with "
            f"{played.points}; the record says {turn.get('installed')} by "
            f"{turn.get('criterion')} with {turn.get('points')}"
        )
    if played.best.data() != turn.get("best"):
        raise RecordMismatchError(
            f"turn {number}: the best move comes out {played.best.data()}, the record says "
            f"{turn.get('best')}"
        )


def _act(game: DupliktaGame, number: int, action: object) -> None:
    if not isinstance(action, Mapping) or not isinstance(action.get("player"), str):
        raise RecordMismatchError(f"turn {number}: an action names its player")
    player = action["player"]
    if "redraw" in action:
        game.redraw(player, action["redraw"])
    elif "exchange" in action:
        game.exchange(player, action["exchange"], action.get("for", ""))
    elif "confirm" in action:
        game.confirm(
            player,
            action["confirm"],
            action.get("ms"),
            loupe=action.get("loupe", ""),
            returned=action.get("returned", ""),
        )
    else:
        raise RecordMismatchError(f"turn {number}: unknown action {sorted(action)}")
