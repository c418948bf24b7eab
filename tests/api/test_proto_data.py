"""arbitre.api.proto_data: JSON-ready data into typed messages and back, losslessly, and a clear
error (with where) for data that does not fit."""

from __future__ import annotations

from typing import Any

import pytest

from arbitre.api.proto_data import ProtoDataError, fill, to_data
from arbitre.v1 import duel_pb2


def test_an_object_with_nulls_and_nested_messages_round_trips() -> None:
    data = {
        "round": 2,
        "row": 0,
        "letters": "CRANE",
        "marks": ".Yx.G",
        "tries_used": 1,
        "tries_left": 5,
        "found": False,
        "points": None,
        "extra_copy": {"letter": "A", "count": 1},
    }
    message = fill(duel_pb2.DuelGuessResult(), data)
    assert message.extra_copy.letter == "A"
    assert not message.HasField("points")
    assert to_data(message) == data
    assert to_data(fill(duel_pb2.DuelGuessResult(), {**data, "extra_copy": None})) == {
        **data,
        "extra_copy": None,
    }


def test_positional_messages_and_boxes() -> None:
    guesses = [["ana", "CRANE", 1_000], ["bob", "SLATE", 2_500]]
    rounds = {
        "round": 1,
        "opened_ms": 0,
        "closed_ms": 9,
        "ends_ms": 9,
        "commitment": "c",
        "word": "FORTE",
        "salt": "s",
        "players": ["ana", "bob"],
        "guesses": guesses,
    }
    message = fill(duel_pb2.DuelRecordedRound(), rounds)
    assert message.guesses[1].at_ms == 2_500
    assert to_data(message) == rounds
    details = {"rounds_found": 1, "tries": 2, "solve_ms": 3, "round_points": [None, 75, 0]}
    boxed = fill(duel_pb2.DuelStandingDetails(), details)
    assert [p.HasField("value") for p in boxed.round_points] == [False, True, True]
    assert to_data(boxed) == details


def test_maps_and_unset_settings() -> None:
    grid = {
        "rows": [],
        "keyboard": {"C": ".", "R": "Y"},
        "tries_used": 0,
        "tries_left": 6,
        "found": False,
        "points": None,
        "guessing": True,
    }
    assert to_data(fill(duel_pb2.DuelGrid(), grid)) == grid
    config = fill(duel_pb2.DuelConfig(), {"rounds": 5})
    assert to_data(config, nulls=False) == {"rounds": 5}  # the others take their defaults
    assert to_data(config)["language"] is None


@pytest.mark.parametrize(
    ("message", "data", "where", "says"),
    [
        (duel_pb2.DuelConfig(), {"colour": "red"}, "colour", "unknown field"),
        (duel_pb2.DuelConfig(), {"rounds": "three"}, "rounds", "expected an integer"),
        (duel_pb2.DuelConfig(), {"rounds": True}, "rounds", "expected an integer"),
        (duel_pb2.DuelConfig(), {"rounds": 2**40}, "rounds", "out of range"),
        (duel_pb2.DuelConfig(), {"language": 7}, "language", "expected text"),
        (duel_pb2.DuelConfig(), ["en"], "", "expected an object"),
        (duel_pb2.DuelRivalGrid(), {"found": 1}, "found", "expected true or false"),
        (duel_pb2.DuelRivalGrid(), {"found": None}, "found", "may not be null"),
        (duel_pb2.DuelRivalGrid(), {"rows": "GGGGG"}, "rows", "expected a list"),
        (duel_pb2.DuelRivalGrid(), {"rows": [1]}, "rows[0]", "expected text"),
        (duel_pb2.DuelGrid(), {"keyboard": {"C": 1}}, "keyboard.C", "expected text"),
        (duel_pb2.DuelGrid(), {"keyboard": []}, "keyboard", "expected an object"),
        (duel_pb2.DuelRecordedRound(), {"guesses": [["ana", "CRANE"]]}, "guesses[0]", "3 values"),
        (duel_pb2.DuelRecordedRound(), {"guesses": [{"player": "a"}]}, "guesses[0]", "a list"),
        (duel_pb2.DuelStandingDetails(), {"round_points": ["x"]}, "round_points[0]", "integer"),
    ],
)
def test_data_that_does_not_fit_says_where(message: Any, data: Any, where: str, says: str) -> None:
    with pytest.raises(ProtoDataError) as error:
        fill(message, data)
    assert error.value.path.startswith(where)
    assert says in str(error.value)
