"""Tests of arbitre.rules.kinds.indecix.kind: events, views, records and replay."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from arbitre.rules.kinds.base import Kind, Viewer
from arbitre.rules.kinds.indecix import INDECIX, BadRecordError, IndecixConfig, IndecixGame, dice
from arbitre.rules.kinds.indecix.game import RESULT_MS
from arbitre.rules.kinds.indecix.kind import view_of
from tests.rules.kinds.indecix.games import (
    SPECTATOR,
    legal,
    new,
    place,
    play_out,
    random_picker,
    roller,
    seed_opening,
    seen,
    set_grid,
    start,
)

EXAMPLE_ROW = ".3256."  # a 1 on A1 captures 3 2 5 (the first example)


def example_game(**config: Any) -> IndecixGame:
    """A game whose first die is a 1 of seat 0, the first example's row on the grid."""
    state = start(seed_opening(1, starter=0), now=1_000, **config)
    set_grid(state, [EXAMPLE_ROW, "......", "......", "......", "......", "......"])
    return state


def test_the_kind_meets_the_interface() -> None:
    kind: Kind[IndecixConfig, IndecixGame, None] = INDECIX
    config = kind.configure({"mode": "blitz", "games": 2})
    assert kind.configure(kind.config_data(config)) == config


# -- events ----------------------------------------------------------------------------------


def test_opening_rolls_the_first_die_publicly() -> None:
    state = new(seed_opening(4, starter=1))
    events = INDECIX.open_next(state, 500)
    assert all(event.private == {} for event in events)
    assert seen(events) == [
        (
            "die_rolled",
            {
                "roll": 1,
                "game": 1,
                "game_roll": 1,
                "player": "bob",
                "seat": 1,
                "face": 4,
                "rolled_at": 500,
                "deadline_at": None,
            },
        )
    ]


def test_the_first_example_through_the_kind() -> None:
    state = example_game()
    outcome = INDECIX.act(state, "ana", {"cell": "A1", "roll": 1}, 2_000)
    placed = dict(outcome.result)
    assert placed["captured"] == ["A2", "A3", "A4"]
    assert placed["captured_dice"] == [
        {"cell": "A2", "face": 3, "player": "ana"},
        {"cell": "A3", "face": 2, "player": "ana"},
        {"cell": "A4", "face": 5, "player": "ana"},
    ]
    assert (placed["capture_points"], placed["suite_points"], placed["points"]) == (10, 0, 10)
    assert placed["scores"] == {"ana": 10, "bob": 0}
    assert (placed["placed"], placed["cell"], placed["face"], placed["at_ms"]) == (
        True,
        "A1",
        1,
        2_000,
    )
    events = seen(outcome.events)
    assert events[0] == ("die_placed", placed)
    assert events[1][0] == "die_rolled"
    assert state.match.games[0].grid.rows()[0] == "1...6."
    tray = INDECIX.view(state, SPECTATOR, 2_000)["trays"][0]
    assert tray["captured_own"] == {"faces": [3, 2, 5], "count": 3, "points": 10}
    assert tray["remaining"] == 17


def test_the_suite_example_through_the_kind_marks_the_line() -> None:
    state = start(seed_opening(4, starter=0))
    set_grid(state, ["615.23", "......", "......", "......", "......", "......"])
    result = place(state, "A4")
    assert result["suites"] == [{"line": "A", "points": 34, "pure": True}]
    view = INDECIX.view(state, SPECTATOR, 0)
    assert view["marked"] == [{"line": "A", "player": "ana", "seat": 0}]
    assert view["trays"][0]["suites"] == {"count": 1, "points": 34}


def test_a_capture_breaks_a_marked_line() -> None:
    state = start(seed_opening(4, starter=0))
    set_grid(state, ["......", "615.23", "......", "......", "......", "......"])
    place(state, "B4")  # ana completes row B
    game = state.match.games[0]
    assert game.marked == {1: 0}
    roll = state.match.current
    assert roll is not None
    assert state.match.seats[roll.player] == "bob"
    # put a borne above a die of row B whose face lies between it and bob's die
    if roll.face == 4:
        column, borne = 5, 1  # B5 holds a 2: between 1 and 4
    else:
        column, borne = 4, (6 if roll.face < 4 else 1)  # B4 holds a 4
    rows = game.grid.rows()
    rows[0] = "." * (column - 1) + str(borne) + "." * (6 - column)
    set_grid(state, rows)
    result = place(state, f"C{column}")
    assert result["captured"] == [f"B{column}"]
    assert game.marked == {}
    assert INDECIX.view(state, SPECTATOR, 0)["marked"] == []


def test_game_over_reveals_the_seed_and_the_standings() -> None:
    state = new(21)
    events = seen([*INDECIX.open_next(state, 0), *play_out(state)])
    kinds = [kind for kind, _ in events]
    assert kinds[-2:] == ["game_ended", "game_over"]
    ended, over = events[-2][1], events[-1][1]
    assert over["seed"] == 21
    assert [line["player"] for line in over["standings"]] == [
        s.player for s in INDECIX.standings(state)
    ]
    assert set(ended["scores"]) == {"ana", "bob"}
    assert ended["grid"] == state.match.games[0].grid.rows()
    assert kinds.count("die_rolled") == 36
    assert kinds.count("die_placed") + kinds.count("die_lost") == 36


# -- views -----------------------------------------------------------------------------------


def test_a_spectator_sees_the_game_but_no_aids() -> None:
    state = example_game(aids={"legal_cells": True, "capture_preview": True})
    view = INDECIX.view(state, SPECTATOR, 1_500)
    assert view["you"] is None
    assert view["grid"][0] == EXAMPLE_ROW
    assert view["current"] == {
        "roll": 1,
        "game": 1,
        "game_roll": 1,
        "player": "ana",
        "seat": 0,
        "face": 1,
        "rolled_at": 1_000,
        "deadline_at": None,
        "remaining_ms": None,
    }
    assert "legal_cells" not in json.dumps(view).replace('"legal_cells": true', "")
    assert view["seed"] is None
    assert view["commitment"] == dice.commitment(state.secrets.seed)
    assert [p["colour"] for p in view["players"]] == ["blue", "red"]
    assert view_of(state.match, Viewer("zed"), 0)["you"] is None


def test_the_roller_sees_the_aids_that_are_on() -> None:
    state = example_game(aids=[{"legal_cells": True, "capture_preview": True}, {}])
    you = INDECIX.view(state, Viewer("ana"), 1_500)["you"]
    assert you["to_play"] is True
    assert you["legal_cells"] == legal(state)
    preview = {p["cell"]: p for p in you["previews"]}
    assert preview["A1"] == {
        "cell": "A1",
        "captured": ["A2", "A3", "A4"],
        "capture_points": 10,
        "suite_points": 0,
        "points": 10,
    }
    assert set(preview) == set(you["legal_cells"])
    other = INDECIX.view(state, Viewer("bob"), 1_500)["you"]
    assert (other["to_play"], other["legal_cells"], other["previews"]) == (False, None, None)


def test_aids_that_are_off_are_not_shown() -> None:
    state = example_game(aids={"legal_cells": False, "capture_preview": True})
    you = INDECIX.view(state, Viewer("ana"), 0)["you"]
    assert you["legal_cells"] is None
    assert you["previews"] is not None
    state = example_game(aids={"legal_cells": False})
    you = INDECIX.view(state, Viewer("ana"), 0)["you"]
    assert (you["legal_cells"], you["previews"]) == (None, None)


def test_master_shows_no_aids() -> None:
    state = example_game(mode="master")
    you = INDECIX.view(state, Viewer("ana"), 0)["you"]
    assert (you["legal_cells"], you["previews"]) == (None, None)
    assert you["aids"] == {"legal_cells": False, "capture_preview": False}


def test_blitz_views_count_down() -> None:
    state = start(3, now=1_000, mode="blitz", blitz_seconds=12)
    current = INDECIX.view(state, SPECTATOR, 4_000)["current"]
    assert (current["deadline_at"], current["remaining_ms"]) == (13_000, 9_000)
    assert INDECIX.view(state, SPECTATOR, 20_000)["current"]["remaining_ms"] == 0


def test_the_view_of_a_waiting_game() -> None:
    view = INDECIX.view(new(), Viewer("ana"), 0)
    assert (view["stage"], view["roll"], view["game"], view["current"]) == ("waiting", 0, 0, None)
    assert view["grid"] == ["......"] * 6
    assert view["trays"] is None
    assert view["you"]["seat"] == 0


def test_the_view_shows_the_rolls_of_the_game_and_past_results() -> None:
    state = start(8, games=2)
    play_out(state)
    INDECIX.open_next(state, 0)
    place(state, legal(state)[0])
    view = INDECIX.view(state, SPECTATOR, 0)
    assert view["game"] == 2
    assert len(view["history"]) == 1
    assert [result["game"] for result in view["results"]] == [1]
    assert view["results"][0]["scores"] == {
        s: t.total for s, t in zip(state.match.seats, state.match.games[0].trays(), strict=True)
    }


# -- records and replay ----------------------------------------------------------------------


def finished_game(seed: int = 12, **config: Any) -> IndecixGame:
    state = start(seed, **config)
    now = 0
    while state.match.current is not None or not state.match.over:
        now += 1_000
        if state.match.current is None:
            INDECIX.open_next(state, now)
        else:
            place(state, random_picker(seed + now)(legal(state)), now)
    return state


def test_the_record_holds_every_roll_and_the_seed_once_over() -> None:
    state = start(12)
    place(state, legal(state)[0], 10)
    early = INDECIX.record(state)
    assert early["seed"] is None
    assert early["over"] is False
    assert len(early["games"][0]["rolls"]) == 1  # the open roll is not in it
    play_out(state, now=20)
    record = INDECIX.record(state)
    assert record["seed"] == 12
    assert record["over"] is True
    rolls = record["games"][0]["rolls"]
    assert [roll["roll"] for roll in rolls] == list(range(1, 37))
    assert [roll["face"] for roll in rolls] == list(dice.faces(12, 1))
    assert record["commitment"] == early["commitment"]
    assert json.loads(json.dumps(record)) == record


def test_a_record_read_mid_game_holds_the_game_so_far_and_nothing_hidden() -> None:
    state = start(12)
    for at in range(10, 60, 10):
        place(state, legal(state)[0], at)
    view = INDECIX.view(state, SPECTATOR, 70)
    open_game = INDECIX.record(state)["games"][0]
    assert open_game["grid"] == view["grid"]
    assert sum(cell != "." for row in open_game["grid"] for cell in row) == 5
    assert open_game["trays"] == view["trays"]
    assert open_game["scores"] == view["scores"]
    assert open_game["scores"] == open_game["rolls"][-1]["scores"]  # as the last roll left them
    assert open_game["winner"] is None
    assert len(open_game["rolls"]) == 5  # not the open roll: its face is the view's to tell
    assert open_game.get("closed_ms") is None


def test_a_finished_record_replays_to_the_same_game() -> None:
    state = finished_game(12, games=2, mode="blitz")
    record = INDECIX.record(state)
    replayed = INDECIX.replay(copy.deepcopy(record), None)
    assert INDECIX.record(replayed) == record
    assert INDECIX.standings(replayed) == INDECIX.standings(state)


def test_a_record_with_a_master_drop_and_a_timeout_replays() -> None:
    state = start(seed_opening(3), mode="master")
    set_grid(state, ["...3..", "......", "......", "......", "......", "......"])
    # a grid put in place by hand is not in the steps: the record does not replay...
    place(state, "A1")
    play_out(state)
    with pytest.raises(BadRecordError):
        INDECIX.replay(INDECIX.record(state), None)
    # ...while a game played by the rules does, its losses included
    state = start(5, mode="blitz")
    INDECIX.close(state, 10_000)
    play_out(state, now=10_000)
    assert INDECIX.record(INDECIX.replay(INDECIX.record(state), None)) == INDECIX.record(state)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.update(seed=None), "no seed"),
        (lambda r: r.update(seed=13), "commitment"),
        (lambda r: r.update(kind="duel"), "format 1"),
        (lambda r: r.update(format=2), "format 1"),
        (lambda r: r["games"][0]["rolls"][4].update(face=7), "games"),
        (lambda r: r["games"][0]["rolls"][4].update(points=99), "games"),
        (lambda r: r["standings"][0].update(total=999), "standings"),
        (lambda r: r["steps"].pop(), "ends before"),
        (lambda r: r["steps"][3].update(roll=1), "step 4"),
        (lambda r: r["steps"].insert(2, {"step": "close", "at_ms": 5}), "step 3"),
        (lambda r: r.update(players=["ana"]), "step 1"),
        (lambda r: r.update(steps={}), "steps must be a list"),
        (lambda r: r.update(config=[]), "config"),
    ],
)
def test_a_record_that_does_not_hold_together_is_refused(change: Any, message: str) -> None:
    record = INDECIX.record(finished_game(12))
    change(record)
    with pytest.raises(BadRecordError, match=message) as error:
        INDECIX.replay(record, None)
    assert error.value.code == "bad_record"


def test_an_unfinished_record_is_refused() -> None:
    state = start(12)
    place(state, legal(state)[0])
    with pytest.raises(BadRecordError, match="no seed"):
        INDECIX.replay(INDECIX.record(state), None)


def test_the_actor_s_result_is_its_event() -> None:
    state = start(6)
    player = roller(state)
    outcome = INDECIX.act(state, player, {"cell": legal(state)[0], "roll": 1}, 0)
    assert seen(outcome.events)[0][1] == dict(outcome.result)


def test_between_two_games_the_next_opens_by_itself_after_the_result() -> None:
    state = start(12, games=2)
    while state.match.current is not None:
        place(state, legal(state)[0], 100)
    ended = state.match.games[0].closed_ms
    assert ended == 100
    between = INDECIX.phase(state, 200)
    assert (between.stage.value, between.next_ms) == ("between", ended + RESULT_MS)
    INDECIX.shift(state, 2_500)  # a pause between the games: the result lasts as long
    assert INDECIX.phase(state, 200).next_ms == ended + RESULT_MS + 2_500
    INDECIX.open_next(state, ended + 12_500)  # earlier: both ready, or the organiser
    assert INDECIX.phase(state, ended + 12_500).next_ms is None
    play_out(state, now=ended + 13_000)
    assert INDECIX.phase(state, ended + 99_000).next_ms is None  # over: nothing more opens
    assert INDECIX.record(INDECIX.replay(INDECIX.record(state), None)) == INDECIX.record(state)
