"""What a viewer of a duplicate game may see, built from what they may know only.

Public while a turn is open: the board, the tirage, the deadline, who has answered and how
many, who left. Secret per player: their own answer to the open turn and its score on the board
(not yet whether its words are valid). Hidden from everyone until the turn closes: its top and
every other answer; until the game ends (and then only in its record): the seed, hence every
tirage to come. A closed turn is public whole: its :func:`reveal` (the record's line of the
turn: the tirage, the top and the moves tied with it, every answer with its points, négatif,
top and solo) and the board it left.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from arbitre.rules.duplicate import DuplicateGame, PlayedTurn
from arbitre.rules.game_record import top_record, turn_record
from arbitre.rules.kinds.base import Stage, Viewer
from arbitre.rules.kinds.duplicate.config import KIND_NAME, config_data
from arbitre.rules.kinds.duplicate.state import DuplicateState

__all__ = ["reveal", "view"]


def reveal(game: DuplicateGame, turn: PlayedTurn) -> dict[str, Any]:
    """The closed ``turn`` as everyone sees it once revealed: its record line (see
    :func:`arbitre.rules.game_record.game_record`), every answer given, with the number of
    players it was played by."""
    return {**turn_record(turn, game), "players": len(game.players)}


def view(state: DuplicateState, viewer: Viewer, now_ms: int) -> dict[str, Any]:
    """``state`` as ``viewer`` may see it at ``now_ms`` (see the module docstring), JSON-ready.

    Always: ``kind``, ``game_id``, ``stage``, ``turn`` (open or last closed, 0 before the
    first), ``config``, ``players`` (ids, whether each answered the open turn and whether each
    left: who left stays listed), ``board``, ``bag_count``, ``turns`` (each closed turn's
    tirage, top and points by player), ``top_total``, ``standings``, ``end_reason``. While a
    turn is open: ``rack`` (FISF notation), ``tiles``, ``deadline_ms``, ``remaining_ms``,
    ``answers`` (how many seated players answered) and, for a player who answered,
    ``my_answer`` (``move`` and ``score``). Between two turns and at the end: ``reveal``, the
    last closed turn revealed; between two turns, ``next_ms``, when the next turn opens by
    itself (``None`` while nobody is seated).
    """
    game = state.game
    stage = state.stage
    open_turn = stage is Stage.PLAYING
    data: dict[str, Any] = {
        "kind": KIND_NAME,
        "game_id": state.game_id,
        "stage": stage.value,
        "turn": game.number if open_turn else len(game.turns),
        "config": config_data(state.config),
        "players": [
            {
                "id": player,
                "answered": open_turn and player in state.answered,
                "left": player in state.left,
            }
            for player in game.players
        ],
        "board": list(game.board.rows()),
        "bag_count": len(game.bag),
        "turns": [
            {
                "turn": turn.number,
                "rack": turn.draw.notation,
                "top": top_record(turn.top),
                "points": dict(turn.scores(game.players).points),
            }
            for turn in game.turns
        ],
        "top_total": game.top_total,
        "standings": [asdict(standing) for standing in game.standings()],
        "end_reason": game.end.value if game.end is not None else None,
    }
    draw = game.current_draw
    if open_turn and draw is not None and state.deadline_ms is not None:
        data["rack"] = draw.notation
        data["tiles"] = draw.rack
        data["deadline_ms"] = state.deadline_ms
        data["remaining_ms"] = max(0, state.deadline_ms - now_ms)
        data["answers"] = state.answer_count
        mine = state.answered.get(viewer.player) if viewer.player is not None else None
        if mine is not None:
            data["my_answer"] = {"move": mine.move, "score": mine.score}
    elif game.turns:
        data["reveal"] = reveal(game, game.turns[-1])
        if stage is Stage.BETWEEN:
            data["next_ms"] = state.next_turn_ms
    return data
