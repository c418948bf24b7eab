"""Shifting a duplicate game's times to come (a pause, an outage): the open turn keeps the time
it had left, the reveal the time it had left; what is past stays as it was."""

from __future__ import annotations

from typing import Any

from arbitre.rules.kinds.base import Phase, Setup, Stage, Viewer
from tests.rules.kinds.duplicate.games import (
    PLAYERS,
    SEED,
    duplicate,
    fingerprint,
    play_game,
    referee,
    refused,
    tops_of,
)

TURN_MS = 60_000
REVEAL_MS = 4_000
PAUSE_MS = 30_000


def new_state() -> Any:
    game_kind = duplicate()
    config = game_kind.configure({"seconds_per_turn": 60, "reveal_seconds": 4})
    return game_kind.new_game(config, Setup("g1", SEED, PLAYERS), referee(config.game))


def test_a_pause_mid_turn_keeps_the_time_left() -> None:
    """Paused from 20 s to 50 s into the turn: 40 s are left, as when it stopped; an answer
    after the first deadline is taken, one at the new deadline is too late."""
    game_kind = duplicate()
    state = new_state()
    top = tops_of(state.config.game, SEED)[0][1]
    game_kind.open_next(state, 0)
    game_kind.act(state, "ana", {"move": top}, 10_000)
    before = game_kind.view(state, Viewer.spectator(), 20_000)["remaining_ms"]
    game_kind.shift(state, PAUSE_MS)
    deadline = TURN_MS + PAUSE_MS
    assert game_kind.phase(state, 50_000) == Phase(
        Stage.PLAYING, 1, frozenset(PLAYERS), deadline, deadline
    )
    view = game_kind.view(state, Viewer.spectator(), 20_000 + PAUSE_MS)
    assert (view["deadline_ms"], view["remaining_ms"]) == (deadline, before)
    refused("too_late", lambda: game_kind.act(state, "bob", {"move": top}, deadline), state)
    game_kind.act(state, "bob", {"move": top}, TURN_MS + 1_000)  # past the first deadline
    assert game_kind.phase(state, TURN_MS + 1_000).due_ms == TURN_MS + 1_000
    game_kind.close(state, TURN_MS + 1_000)
    assert (state.times[0].opened_ms, state.times[0].closed_ms) == (0, TURN_MS + 1_000)


def test_a_pause_during_the_reveal_moves_the_next_opening() -> None:
    game_kind = duplicate()
    state = new_state()
    game_kind.open_next(state, 0)
    game_kind.close(state, 5_000)
    assert game_kind.phase(state, 6_000).next_ms == 5_000 + REVEAL_MS
    record = game_kind.record(state)
    game_kind.shift(state, PAUSE_MS)
    opens = 5_000 + REVEAL_MS + PAUSE_MS
    assert game_kind.phase(state, 6_000 + PAUSE_MS) == Phase(Stage.BETWEEN, 1, next_ms=opens)
    assert game_kind.view(state, Viewer("ana"), 6_000 + PAUSE_MS)["next_ms"] == opens
    assert game_kind.record(state) == record  # the closed turn's times are history
    game_kind.open_next(state, opens)
    assert game_kind.phase(state, opens).deadline_ms == opens + TURN_MS


def test_a_negative_shift_moves_times_earlier() -> None:
    game_kind = duplicate()
    state = new_state()
    game_kind.open_next(state, 0)
    game_kind.shift(state, -10_000)
    assert game_kind.phase(state, 0).deadline_ms == TURN_MS - 10_000


def test_nothing_to_come_nothing_shifted() -> None:
    game_kind = duplicate()
    for state in (new_state(), play_game({"max_turns": 2}).state):
        before = fingerprint(state)
        game_kind.shift(state, PAUSE_MS)
        assert fingerprint(state) == before
