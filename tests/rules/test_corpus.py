"""Replay recorded games (tests/data/corpus, see its README) and reproduce every published score.

Each game is placed move by move on a board, checking the rack, with the tile set of its
language and the rules of its variant; a withdrawn phony is taken back off the board.
"""

from __future__ import annotations

from typing import Any

import pytest

from arbitre.rules import Board, Move, Placement, Rack, score_move, tile_set
from tests.corpus import GAMES, corrected_score, game_id, rules_for


def test_corpus_size() -> None:
    turns = [turn for game in GAMES for turn in game["turns"]]
    assert len(GAMES) == 108
    assert len(turns) == 2845
    assert sum(turn.get("type", "play") == "play" for turn in turns) == 2504
    assert sum("known_discrepancy" in turn for turn in turns) == 1


@pytest.mark.parametrize(
    "game", GAMES, ids=[game_id(index, game) for index, game in enumerate(GAMES)]
)
def test_replay(game: dict[str, Any]) -> None:
    tiles = tile_set(game["language"])
    rules = rules_for(game)
    board = Board.empty()
    previous: Placement | None = None
    for turn in game["turns"]:
        kind = turn.get("type", "play")
        label = f"turn {turn['n']} {turn['position']} {turn['word']}"
        if kind == "withdrawn":
            assert previous is not None, f"{label}: nothing to withdraw"
            board.remove((row, col) for row, col, _ in previous.new_tiles)
            previous = None
            continue
        if kind != "play":
            continue
        move = Move.from_notation(turn["position"], turn["word"])
        placement, result = score_move(board, move, tiles, rules, Rack.from_text(turn["rack"]))
        if "known_discrepancy" in turn:
            assert result.total != turn["score"], label
            correct = corrected_score(turn["known_discrepancy"])
            if correct is not None:
                assert result.total == correct, label
        else:
            assert result.total == turn["score"], f"{label}: {result}"
        board.apply(placement)
        previous = placement
