"""A game's state as JSON: what ``GET /v1/games/{id}`` answers and the ``state`` event carries,
made from the session's ``GameState`` message: the session's part and the kind's view for the
caller. The session service and the gateway both import it (the gateway never imports a
servicer's module).
"""

from __future__ import annotations

from typing import Any

from arbitre.api.kind_parts import part

__all__ = ["game_state_data"]


def game_state_data(state: Any) -> dict[str, Any]:
    """A ``GameState`` as JSON-ready data: the session's part and the kind's view for the
    caller (``view``; ``None`` for a state without one, which no game has)."""
    found = part(state, "view")
    view = None if found is None else found[1]
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
        "package_hash": state.package_hash or None,
        "sealed": state.sealed,
        "key_released": state.key_released,
        "start_at_ms": state.start_at_ms,
        "refereed": state.refereed,
        "you": state.you or None,
        "view": view,
    }
    if state.status == "parked":
        data["parked_reason"] = state.parked_reason
    if state.status == "paused":
        data["paused_reason"] = state.paused_reason or None
    return data
