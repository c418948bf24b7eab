"""The duplicate kind's record and replay: a record holds the closed turns only and no seed
while the game runs; a finished game's record replays to the same game (standings, view)."""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from typing import Any

import pytest

from arbitre.rules.errors import ArbitreError
from arbitre.rules.game_record import RecordMismatchError, game_record
from arbitre.rules.kinds.base import Setup, Stage, Viewer
from tests.rules.kinds.duplicate.games import (
    PLAYERS,
    SEED,
    duplicate,
    play_game,
    referee,
    tops_of,
)


def through_json(data: Mapping[str, Any]) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(json.dumps(data))
    return loaded


def test_a_finished_record_replays_to_the_same_game() -> None:
    game_kind = duplicate()
    played = play_game({"reveal_seconds": 3, "seconds_per_turn": 90})
    state = played.state
    record = game_kind.record(state)
    assert record["seed"] == SEED
    assert record["kind"] == "duplicate"
    assert record["end"] is not None
    assert len(record["turns"]) == played.turns
    assert record["reveal_seconds"] == 3
    assert len(record["times"]) == played.turns
    replayed = game_kind.replay(through_json(record), referee(state.config.game))
    assert game_kind.phase(replayed, 0).stage is Stage.OVER
    assert game_kind.standings(replayed) == game_kind.standings(state)
    for viewer in (Viewer.spectator(), Viewer("ana")):
        assert game_kind.view(replayed, viewer, 5) == game_kind.view(state, viewer, 5)
    assert game_kind.record(replayed) == record


def test_a_record_of_a_running_game_keeps_the_seed_and_the_open_turn_secret() -> None:
    game_kind = duplicate()
    config = game_kind.configure({})
    state = game_kind.new_game(config, Setup("g1", SEED, PLAYERS), referee(config.game))
    tops = tops_of(config.game, SEED)
    for number in (1, 2):
        game_kind.open_next(state, number * 1_000)
        game_kind.act(state, "ana", {"move": tops[number - 1][1]}, number * 1_000 + 5)
        if number == 1:
            game_kind.close(state, number * 1_000 + 10)
    record = game_kind.record(state)
    text = json.dumps(record)
    assert "seed" not in record
    assert str(SEED) not in text
    assert [turn["rack"] for turn in record["turns"]] == [tops[0][0]]
    assert tops[1][1] not in text
    assert tops[1][0] not in text
    assert record["end"] is None
    with pytest.raises(ArbitreError):  # no seed, no replay
        game_kind.replay(record, referee(config.game))


def test_a_record_written_by_the_rules_alone_replays() -> None:
    """The session's records (``game_record``, without the seam's times) replay too."""
    game_kind = duplicate()
    played = play_game({"max_turns": 4})
    plain = game_record(played.direct, "fr", "")
    replayed = game_kind.replay(through_json(plain), referee(played.direct.config))
    assert game_kind.standings(replayed) == game_kind.standings(played.state)
    assert game_kind.phase(replayed, 0).stage is Stage.OVER


def test_a_record_that_does_not_hold_together_is_refused() -> None:
    game_kind = duplicate()
    played = play_game({"max_turns": 2})
    record = game_kind.record(played.state)
    rules = played.state.config.game
    edited = copy.deepcopy(record)
    edited["turns"][0]["answers"][0]["points"] += 1
    with pytest.raises(RecordMismatchError):
        game_kind.replay(edited, referee(rules))
    for key, value in (("kind", "duel"), ("times", [[0, 0]]), ("game_id", 3)):
        with pytest.raises(RecordMismatchError):
            game_kind.replay({**record, key: value}, referee(rules))
    with pytest.raises(ArbitreError):
        game_kind.replay({**record, "reveal_seconds": -1}, referee(rules))
