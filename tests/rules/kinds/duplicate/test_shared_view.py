"""A duplicate view in two parts: what every viewer of a moment shares, then a viewer's own part
(:func:`~arbitre.rules.kinds.duplicate.view.shared_view` and
:func:`~arbitre.rules.kinds.duplicate.view.own_view`) give, at every moment of a game of more
players than a view lists, for players seated among the listed ones and after them, ranked
among the first lines and after them, exactly the view its plain definition gives (written out
here, over the whole game), and leave the shared part as it was."""

from __future__ import annotations

import copy
import json
from dataclasses import asdict
from typing import Any

from arbitre.rules.game_record import top_record
from arbitre.rules.kinds.base import LISTED, Setup, Stage, Viewer, listed
from arbitre.rules.kinds.duplicate.config import config_data
from arbitre.rules.kinds.duplicate.view import presentation, reveal
from tests.rules.kinds.duplicate.games import (
    SEED,
    START_MS,
    duplicate,
    lesser_move,
    referee,
    tops_of,
)

#: More players than a view lists; every third answers the top, the next a lesser move.
PLAYERS = tuple(f"p{number:03}" for number in range(LISTED + 12))


def plain_view(state: Any, viewer: Viewer, now_ms: int) -> dict[str, Any]:
    """The duplicate view as its docstring defines it, computed over the whole game."""
    game, stage = state.game, state.stage
    open_turn = stage is Stage.PLAYING
    layout, tile_set = presentation(game.config)
    shown = listed(game.players, viewer.player)
    standings = game.standings()
    lines = frozenset(listed([line.player for line in standings], viewer.player))
    data: dict[str, Any] = {
        "kind": "duplicate",
        "game_id": state.game_id,
        "stage": stage.value,
        "turn": game.number if open_turn else len(game.turns),
        "config": config_data(state.config),
        "board_layout": list(layout),
        "tile_set": copy.deepcopy(dict(tile_set)),
        "players": [
            {"id": p, "answered": open_turn and p in state.answered, "left": p in state.left}
            for p in shown
        ],
        "player_count": len(game.players),
        "board": list(game.board.rows()),
        "bag_count": len(game.bag),
        "turns": [
            {
                "turn": turn.number,
                "rack": turn.draw.notation,
                "top": top_record(turn.top),
                "points": {
                    p: next((a.points for a in turn.answers if a.player == p), 0) for p in shown
                },
            }
            for turn in game.turns
        ],
        "top_total": game.top_total,
        "standings": [asdict(line) for line in standings if line.player in lines],
        "end_reason": game.end.value if game.end is not None else None,
        "rack": None,
        "tiles": None,
        "deadline_ms": None,
        "remaining_ms": None,
        "answers": None,
        "my_answer": None,
        "reveal": None,
        "next_ms": None,
    }
    draw = game.current_draw
    if open_turn and draw is not None and state.deadline_ms is not None:
        data.update(
            rack=draw.notation,
            tiles=draw.rack,
            deadline_ms=state.deadline_ms,
            remaining_ms=max(0, state.deadline_ms - now_ms),
            answers=state.answer_count,
        )
        mine = state.answered.get(viewer.player)
        if mine is not None:
            data["my_answer"] = {"move": mine.move, "score": mine.score}
    elif game.turns:
        data["reveal"] = reveal(game, game.turns[-1], frozenset(shown))
        if stage is Stage.BETWEEN:
            data["next_ms"] = state.next_turn_ms
    return data


def check(state: Any, now_ms: int) -> None:
    game_kind: Any = duplicate()
    shared = game_kind.shared_view(state)
    before = json.dumps(shared.data, sort_keys=True)
    viewers = [Viewer.spectator(), Viewer("stranger")]
    viewers += [Viewer(p) for p in (*PLAYERS[:3], PLAYERS[LISTED - 1], *PLAYERS[LISTED:])]
    for viewer in viewers:
        mine = state.answered.get(viewer.player)
        part = None if mine is None else {"move": mine.move, "score": mine.score}
        own = game_kind.own_view(shared, viewer, part, now_ms)
        assert own == plain_view(state, viewer, now_ms), viewer
        assert game_kind.view(state, viewer, now_ms) == own
    assert json.dumps(shared.data, sort_keys=True) == before


def test_every_viewer_of_every_moment_sees_the_plain_view() -> None:
    game_kind = duplicate()
    config = game_kind.configure({"max_turns": 3})
    rules = config.game
    state = game_kind.new_game(config, Setup("g1", SEED, PLAYERS), referee(rules))
    tops = tops_of(rules, SEED)
    now = START_MS
    check(state, now)
    while True:
        game_kind.open_next(state, now)
        if game_kind.phase(state, now).stage is Stage.OVER:
            check(state, now)
            return
        view = game_kind.view(state, Viewer.spectator(), now)
        top = tops[view["turn"] - 1][1]
        lesser = lesser_move(rules, view["board"], view["tiles"], top) or top
        check(state, now + 10)
        # Later seats answer first: the first lines of the standings are not the first seats.
        for index, player in enumerate(reversed(PLAYERS)):
            if index % 3 == 0:
                game_kind.act(state, player, {"move": top}, now + 100 + index)
            elif index % 3 == 1:
                game_kind.act(state, player, {"move": lesser}, now + 100 + index)
            if index == len(PLAYERS) // 2:
                check(state, now + 500)
        check(state, now + 1_000)
        now += 2_000
        game_kind.close(state, now)
        check(state, now + 5)
        now += config.reveal_ms
