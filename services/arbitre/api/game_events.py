"""A game's events as the JSON their clients read (the data of a server-sent event): a kind's
event typed in its part of the ``GameEvent`` (:mod:`arbitre.api.kind_parts`), the ``state``
event's game state, or the JSON data of the others (the session's own events, duplicate's)."""

from __future__ import annotations

import json
from typing import Any

from arbitre.api.game_state import game_state_data
from arbitre.api.kind_parts import event_part

__all__ = ["event_json"]


def event_json(event: Any) -> str:
    """The JSON data of the ``GameEvent`` ``event``."""
    if event.WhichOneof("payload") == "state":
        return json.dumps(game_state_data(event.state), ensure_ascii=False)
    typed = event_part(event)
    if typed is not None:
        return json.dumps(typed[1], ensure_ascii=False)
    return str(event.data_json)
