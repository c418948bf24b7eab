"""Game records: written byte for byte the same, replayed and checked turn by turn."""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

import pytest

from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.rules import (
    RECORD_FORMAT,
    ArbitreError,
    DuplicateGame,
    GameConfig,
    RecordMismatchError,
    dumps_record,
    format_sheet,
    game_record,
    game_sheet,
    parse_sheet,
    preset,
    replay_record,
)


@cache
def french() -> Lexicon:
    return load_lexicon("fr")


def played(config: GameConfig, seed: int) -> DuplicateGame:
    players = ("ana", "bob")
    game = DuplicateGame(config, seed, MoveGeneratorReferee(french(), config), players)
    while game.start_turn() is not None:
        top = game.current_top
        assert top is not None
        game.answer("ana", top.move.notation())
        if game.number % 3 == 0:
            game.answer("bob", "H8 ZZ")
        game.close_turn()
    return game


def record_of(config: GameConfig, seed: int) -> dict[str, Any]:
    info = french().info
    return game_record(played(config, seed), info.id, info.hash)


@pytest.mark.parametrize("variant", ["normal", "joker", "7sur8", "7et8"])
def test_a_record_replays_to_the_same_game(variant: str) -> None:
    config = preset("fisf").with_variant(variant)
    record = record_of(config, 11)
    assert record["format"] == RECORD_FORMAT
    text = dumps_record(record)
    assert json.loads(text) == json.loads(json.dumps(record))
    game = replay_record(json.loads(text), MoveGeneratorReferee(french(), config))
    info = french().info
    assert dumps_record(game_record(game, info.id, info.hash)) == text


def test_records_are_byte_identical_run_after_run() -> None:
    config = preset("online", max_turns=12)
    assert dumps_record(record_of(config, 5)) == dumps_record(record_of(config, 5))
    assert dumps_record(record_of(config, 5)) != dumps_record(record_of(config, 6))


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("turns", 2, "rack"), "ABCDEFG"),
        (("turns", 4, "top", "score"), 999),
        (("turns", 4, "top", "move"), "H8 ZA"),
        (("turns", 3, "answers", 0, "points"), 1),
        (("end",), "max_turns"),
        (("seed",), 12),
    ],
)
def test_a_tampered_record_does_not_replay(path: tuple[Any, ...], value: object) -> None:
    config = preset("fisf")
    record = copy.deepcopy(record_of(config, 11))
    target: Any = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(RecordMismatchError) as caught:
        replay_record(record, MoveGeneratorReferee(french(), config))
    assert caught.value.code == "record_mismatch"


@pytest.mark.parametrize("bad", [[], {"format": "other"}, {"format": RECORD_FORMAT}])
def test_what_is_not_a_record_is_refused(bad: object) -> None:
    with pytest.raises(RecordMismatchError):
        replay_record(bad, MoveGeneratorReferee(french(), preset("fisf")))  # type: ignore[arg-type]


def test_the_game_sheet_lists_the_tops() -> None:
    game = played(preset("fisf"), 11)
    sheet = game_sheet(game, "seed 11")
    assert sheet.total == game.top_total
    assert len(sheet.lines) == len(game.turns)
    text = format_sheet(sheet)
    assert text.rstrip().endswith(f"Top : {game.top_total} points en {len(game.turns)} coups")
    assert parse_sheet(text) == sheet
    scrabbles = [line.scrabble for line in sheet.lines]
    assert scrabbles == [turn.top.tiles >= 7 for turn in game.turns]


def test_a_wrong_end_is_named() -> None:
    record = copy.deepcopy(record_of(preset("fisf"), 11))
    record["end"] = "no_move"
    with pytest.raises(RecordMismatchError, match="the game ended \\(bag\\)"):
        replay_record(record, MoveGeneratorReferee(french(), preset("fisf")))


@pytest.mark.parametrize("players", [[1, 2], [""], ["ana", "ana"]])
def test_records_with_bad_players_are_refused(players: list[object]) -> None:
    record = copy.deepcopy(record_of(preset("fisf"), 11))
    record["players"] = players
    with pytest.raises(ArbitreError):
        replay_record(record, MoveGeneratorReferee(french(), preset("fisf")))


def test_answers_carry_their_negatif_top_and_solo() -> None:
    record = record_of(preset("fisf"), 11)
    for turn in record["turns"]:
        for answer in turn["answers"]:
            assert answer["negatif"] == answer["points"] - turn["top"]["score"]
            assert answer["top"] == (answer["points"] == turn["top"]["score"])
            assert answer["solo"] is False  # two players: no solo below 16
    assert any(answer["top"] for turn in record["turns"] for answer in turn["answers"])
