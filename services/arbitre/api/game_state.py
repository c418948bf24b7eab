"""A game's state as JSON: what ``GET /v1/games/{id}`` answers and the ``state`` event carries,
made from the session's ``GameState`` message. The session service and the gateway both import
it (the gateway never imports a servicer's module).

A duplicate game's state adds what a page draws from the rules' own definitions (the board's
premium layout and the tile set); a game of a kind on the seam (Duel de Mots) is the session's
part and the kind's view for the caller.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from arbitre.api.kind_parts import part
from arbitre.rules.errors import ArbitreError
from arbitre.rules.game_config import GameConfig
from arbitre.rules.kinds.duplicate.view import presentation

__all__ = ["game_state_data"]


@functools.lru_cache(maxsize=256)
def _presentation(config_json: str) -> tuple[tuple[str, ...], str]:
    """The board layout and the tile set (JSON) of a game's configuration
    (:func:`arbitre.rules.kinds.duplicate.view.presentation`), ``()`` and ``{}`` for one that
    does not read."""
    try:
        config = GameConfig.from_mapping(json.loads(config_json))
    except (ArbitreError, ValueError):
        return (), "{}"
    layout, tile_set = presentation(config)
    return layout, json.dumps(dict(tile_set))


def game_state_data(state: Any) -> dict[str, Any]:
    """A ``GameState`` as JSON-ready data: what ``GET /v1/games/{id}`` and the ``state`` event
    show (the caller's own answer only when there is one), with the board's layout and the tile
    set a page draws; for a game kind on the seam, the session's part and the kind's view."""
    view = part(state, "view")
    if view is not None:
        return _kind_state_data(state, view[1])
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


def _kind_state_data(state: Any, view: dict[str, Any]) -> dict[str, Any]:
    """The ``GameState`` of a game kind on the seam as JSON-ready data: the session's part and
    the kind's view for the caller (``view``)."""
    data: dict[str, Any] = {
        "game_id": state.game_id,
        "kind": state.kind_name,
        "title": state.title,
        "status": state.status,
        "phase": state.phase,
        "turn": state.turn,
        "deadline_ms": state.deadline_ms,
        "remaining_ms": state.remaining_ms,
        "server_time_ms": state.server_time_ms,
        "seats": state.seats,
        "player_count": state.player_count,
        "players": [
            {"id": player.id, "name": player.name, "robot": player.robot}
            for player in state.players
        ],
        "seed_commitment": state.seed_commitment or None,
        "start_at_ms": state.start_at_ms,
        "refereed": state.refereed,
        "you": state.you or None,
        "view": view,
    }
    if state.status == "parked":
        data["parked_reason"] = state.parked_reason
    return data
