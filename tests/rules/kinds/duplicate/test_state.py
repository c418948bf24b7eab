"""A duplicate kind's state saved as JSON-ready data (:meth:`Kind.save`) and loaded mid-turn or
between two turns (:meth:`Kind.load`) goes on exactly as the saved one would: its answers, who
left, its shifted deadline and next opening included. Data it did not write is refused with
``bad_state``, and never another error."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitre.rules.kinds.base import Setup, Viewer
from arbitre.rules.kinds.duplicate.state import StateDataError, state_data
from tests.rules.kinds.duplicate.games import (
    JSON,
    SEED,
    duplicate,
    paths,
    referee,
    seen,
    tops_of,
)

TRIO = ("ana", "bob", "cyd")
VIEWERS = (Viewer.spectator(), Viewer("ana"), Viewer("bob"), Viewer("cyd"))


def through_json(data: dict[str, Any]) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(json.dumps(data))
    return loaded


def mid_turn() -> tuple[Any, list[str]]:
    """A game in its second turn: ana answered, cyd left, the deadline shifted by a pause."""
    game_kind = duplicate()
    config = game_kind.configure({"max_turns": 3, "reveal_seconds": 1})
    state = game_kind.new_game(config, Setup("g1", SEED, TRIO), referee(config.game))
    tops = [top for _, top in tops_of(config.game, SEED)]
    game_kind.open_next(state, 0)
    game_kind.act(state, "bob", {"move": tops[0]}, 10)
    game_kind.close(state, 20)
    game_kind.open_next(state, 1_020)
    game_kind.act(state, "ana", {"move": tops[1]}, 1_030)
    game_kind.leave(state, "cyd", 1_035)
    game_kind.shift(state, 5_000)
    return state, tops


def test_a_state_saved_mid_turn_goes_on_as_the_original() -> None:
    game_kind = duplicate()
    state, tops = mid_turn()
    saved = through_json(game_kind.save(state))
    restored = game_kind.load(saved, referee(state.config.game))
    assert game_kind.save(restored) == saved
    assert restored.left == {"cyd": 1_035}
    assert restored.deadline_ms == 1_020 + state.config.turn_ms + 5_000
    for viewer in VIEWERS:
        assert game_kind.view(restored, viewer, 1_040) == game_kind.view(state, viewer, 1_040)
    assert game_kind.phase(restored, 1_040) == game_kind.phase(state, 1_040)
    going_on = []
    for game in (state, restored):
        events = list(game_kind.act(game, "bob", {"move": tops[1]}, 1_045).events)
        assert game_kind.phase(game, 1_045).due_ms == 1_045  # cyd is not awaited
        events += [*game_kind.close(game, 1_050), *game_kind.open_next(game, 2_050)]
        events += game_kind.act(game, "bob", {"move": tops[2]}, 2_060).events
        events += [*game_kind.close(game, 2_070), *game_kind.open_next(game, 3_070)]
        going_on.append(seen(events, Viewer.spectator()))
    assert going_on[0] == going_on[1]
    assert game_kind.standings(restored) == game_kind.standings(state)
    assert game_kind.record(restored) == game_kind.record(state)


def test_a_state_saved_during_the_reveal_opens_the_next_turn_when_the_original_would() -> None:
    game_kind = duplicate()
    state, _ = mid_turn()
    game_kind.close(state, 1_050)
    game_kind.shift(state, 700)  # a pause during the reveal
    restored = game_kind.load(through_json(game_kind.save(state)), referee(state.config.game))
    assert game_kind.phase(restored, 1_100) == game_kind.phase(state, 1_100)
    assert game_kind.phase(restored, 1_100).next_ms == 1_050 + 1_000 + 700
    assert game_kind.save(restored) == game_kind.save(state)


def test_save_is_the_state_modules_data() -> None:
    state, _ = mid_turn()
    assert duplicate().save(state) == state_data(state)


@pytest.mark.parametrize(
    "change",
    [
        {"format": "arbitre.kinds.duplicate.state/1"},
        {"answered": {"ana": ["H8 MOT", 3]}},
        {"answered": {"zed": ["H8 MOT", 3, 0, 0]}},
        {"left": {"zed": 5}},
        {"left": {"cyd": "5"}},
        {"left": None},
        {"times": []},
        {"opened_ms": None},
        {"deadline_ms": True},
        {"next_ms": 5},
        {"game_id": None},
        {"config": {"reveal_seconds": -1}},
        {"game": {"format": "other"}},
    ],
)
def test_malformed_saved_states_are_refused(change: dict[str, object]) -> None:
    game_kind = duplicate()
    state, _ = mid_turn()
    with pytest.raises(StateDataError) as raised:
        game_kind.load({**game_kind.save(state), **change}, referee(state.config.game))
    assert raised.value.code == "bad_state"


SAVED, _ = mid_turn()
SAVED_DATA = through_json(duplicate().save(SAVED))
SAVED_PATHS = paths(SAVED_DATA)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SAVED_PATHS), JSON | st.just(KeyError))
def test_any_damaged_state_is_refused_or_loads(path: tuple[Any, ...], new: Any) -> None:
    """One value anywhere in saved data replaced by any JSON value (or its key removed): the
    load refuses it with ``bad_state`` (any other error fails the test), or builds a state that
    saves."""
    data = through_json(SAVED_DATA)
    *parents, last = path
    holder = data
    for key in parents:
        holder = holder[key]
    if new is KeyError:
        del holder[last]
    else:
        holder[last] = new
    game_kind = duplicate()
    try:
        loaded = game_kind.load(data, referee(SAVED.config.game))
    except StateDataError as error:
        code = error.code
    else:
        json.dumps(game_kind.save(loaded))
        code = "bad_state"
    assert code == "bad_state"
