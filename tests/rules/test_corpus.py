"""Replay recorded games (tests/data/corpus, see its README) and reproduce every published score.

Each game is placed move by move on a board by :func:`tests.corpus.replay`, with the tile set of
its language and the rules of its variant (a withdrawn phony is taken back off the board); each
play is scored against the board before it, checking the rack.
"""

from __future__ import annotations

from typing import Any

import pytest

from arbitre.rules import Rack, score_move, tile_set
from tests.corpus import GAMES, corrected_score, game_id, replay, rules_for


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
    for turn in replay(game):
        _, result = score_move(turn.board, turn.move, tiles, rules, Rack.from_text(turn.rack))
        published = turn.record["score"]
        if "known_discrepancy" in turn.record:
            assert result.total != published, turn.label
            correct = corrected_score(turn.record["known_discrepancy"])
            if correct is not None:
                assert result.total == correct, turn.label
        else:
            assert result.total == published, f"{turn.label}: {result}"
