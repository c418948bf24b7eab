"""Saving and restoring a duplicate game: a game restored at any step plays on exactly as the
original (same tirages, tops, answers and results), through a JSON round trip; malformed data is
refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

from arbitre.rules import DuplicateGame, GameConfig, Variant
from arbitre.rules.game_record import game_record
from arbitre.rules.game_snapshot import SnapshotError, restore, snapshot
from tests.rules.test_duplicate import new_game, referee


def through_json(game: DuplicateGame) -> DuplicateGame:
    data = json.loads(json.dumps(snapshot(game)))
    return restore(data, referee(game.config))


def play(game: DuplicateGame, turns: int) -> None:
    """Play ``turns`` turns; each player answers the top, a bad move or nothing."""
    for _ in range(turns):
        if game.start_turn() is None:
            return
        top = game.current_top
        assert top is not None
        game.answer("ann", top.move.notation())
        game.answer("bob", "H4 ZZZ")
        game.close_turn()


@pytest.mark.parametrize("variant", [variant.value for variant in Variant])
@pytest.mark.parametrize("stop_after", [0, 3, 9])
def test_a_restored_game_plays_on_as_the_original(variant: str, stop_after: int) -> None:
    config = GameConfig(variant=Variant(variant), max_turns=14)
    original = new_game(config, 31 + stop_after, ("ann", "bob", "cid"))
    play(original, stop_after)
    copy = through_json(original)
    assert snapshot(copy) == snapshot(original)
    play(original, 20)
    play(copy, 20)
    assert game_record(copy, "fr", "h") == game_record(original, "fr", "h")
    assert copy.end == original.end


def test_an_open_turn_is_saved_with_its_answers() -> None:
    game = new_game(GameConfig(), 5, ("ann", "bob"))
    play(game, 2)
    game.start_turn()
    game.answer("bob", "A1 NOPE")
    copy = through_json(game)
    assert copy.turn_open
    assert copy.current_draw == game.current_draw
    assert copy.current_top == game.current_top
    assert copy.close_turn() == game.close_turn()


def test_a_finished_game_stays_finished() -> None:
    game = new_game(GameConfig(max_turns=2), 9)
    game.play_to_end()
    copy = through_json(game)
    assert copy.over
    assert copy.start_turn() is None


def mangled(change: Any) -> dict[str, Any]:
    game = new_game(GameConfig(), 5, ("ann", "bob"))
    play(game, 2)
    data: dict[str, Any] = json.loads(json.dumps(snapshot(game)))
    change(data)
    return data


@pytest.mark.parametrize(
    "change",
    [
        lambda data: data.update(format="other"),
        lambda data: data.pop("bag"),
        lambda data: data["bag"].update(contents="abc"),
        lambda data: data.update(board=["X" * 15] * 14),
        lambda data: data.update(seed=True),
        lambda data: data["turns"][0]["top"].update(move="Q99 ZZ"),
        lambda data: data["turns"][0]["draw"].update(minimum=[1]),
        lambda data: data["turns"].reverse(),
        lambda data: data.update(end="bored"),
        lambda data: data.update(open={"draw": {}, "top": {}, "answers": {}}),
        lambda data: data["config"].update(variant="chess"),
        lambda data: data["turns"][0]["answers"][0]["verdict"].update(error_code=5),
    ],
)
def test_malformed_data_is_refused(change: Any) -> None:
    with pytest.raises(SnapshotError):
        restore(mangled(change), referee(GameConfig()))
