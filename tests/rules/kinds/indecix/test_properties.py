"""Property tests of the Indecix kind: whatever the seed and the choices, a game is 36 rolls,
faces stay distinct in every line, dice are conserved, scores add up, refusals change
nothing, saving and replaying give the same game, and no view tells a roll to come."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitre.rules.kinds.base import ActionRefusedError, Event, Stage, Viewer
from arbitre.rules.kinds.indecix import INDECIX, IndecixGame, moves
from arbitre.rules.kinds.indecix.game import Secrets
from arbitre.rules.kinds.indecix.grid import LINE_CELLS, cell_name, face_of
from tests.rules.kinds.indecix.games import SPECTATOR, legal, new, roller, snapshot

SEEDS = st.integers(10**12, 2**63 - 1)  # long seeds: their digits appear nowhere by chance
#: The players' choices, from the seed of a random.Random.
CHOICES = st.integers(0, 2**32).map(random.Random)
SLOW = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_invariants(state: IndecixGame) -> None:
    """Faces distinct in every line; every die rolled is on the grid or in a tray; each tray's
    dice left to roll; each score the sum of its categories."""
    for game in state.match.games:
        cells = game.grid.cells
        for line in LINE_CELLS:
            faces = [face_of(cells[cell]) for cell in line if cells[cell]]
            assert len(faces) == len(set(faces))
        resolved = [roll for roll in game.rolls if not roll.is_open]
        pair = game.trays()
        in_trays = sum(
            len(tray.captured_own) + len(tray.captured_opponent) + len(tray.unplayed_opponent)
            for tray in pair
        )
        assert game.grid.dice() + in_trays == len(resolved)
        for seat, tray in enumerate(pair):
            rolled = sum(1 for roll in game.rolls if roll.player == seat)
            assert tray.remaining == 18 - rolled
            assert tray.total == (
                sum(tray.captured_own)
                + 2 * sum(tray.captured_opponent)
                + len(tray.unplayed_opponent)
                + sum(tray.suite_points)
            )


def points_of(events: list[Event]) -> dict[tuple[int, str], int]:
    """Each player's points per game, added up from the events alone."""
    totals: dict[tuple[int, str], int] = {}
    for event in events:
        message = event.public
        assert message is not None
        data = message.data
        if message.type == "die_placed":
            key = (data["game"], data["player"])
            totals[key] = totals.get(key, 0) + data["points"]
        elif message.type == "die_lost":
            key = (data["game"], data["to"])
            totals[key] = totals.get(key, 0) + 1
    return totals


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SEEDS, CHOICES)
def test_any_game_of_legal_choices_ends_after_exactly_36_rolls(
    seed: int, chooser: random.Random
) -> None:
    state = new(seed)
    events = list(INDECIX.open_next(state, 0))
    while state.match.current is not None:
        roll = state.match.current
        action = {"cell": chooser.choice(legal(state)), "roll": roll.number}
        events.extend(INDECIX.act(state, roller(state), action, 0).events)
        check_invariants(state)
    assert state.match.stage is Stage.OVER
    game = state.match.games[0]
    assert len(game.rolls) == 36
    assert [sum(1 for r in game.rolls if r.player == seat) for seat in (0, 1)] == [18, 18]
    totals = points_of(events)
    for seat, tray in enumerate(game.trays()):
        assert tray.total == totals.get((1, state.match.seats[seat]), 0)
    assert {s.player: s.total for s in INDECIX.standings(state)} == {
        p: totals.get((1, p), 0) for p in state.match.seats
    }


def session(state: IndecixGame, chooser: random.Random) -> Iterator[int]:
    """Play ``state`` to its end with every kind of step (placements, illegal drops, timeouts,
    leaves and returns, pauses, next games), yielding the time after each step."""
    now = 0
    while state.match.stage is not Stage.OVER:
        now += chooser.randrange(1, 4_000)
        match = state.match
        roll = match.current
        absent = sorted(match.absent)
        if roll is None:
            INDECIX.open_next(state, now)
        elif absent and chooser.random() < 0.3:
            INDECIX.seat(state, chooser.choice(absent), now)
        elif chooser.random() < 0.03:
            INDECIX.leave(state, chooser.choice([p for p in match.seats if p not in absent]), now)
        elif roll.deadline_ms is not None and chooser.random() < 0.15:
            if chooser.random() < 0.5:
                INDECIX.shift(state, chooser.randrange(1, 30_000))
            else:
                now = max(now, roll.deadline_ms)
                INDECIX.close(state, now)
        else:
            if roll.deadline_ms is not None:
                now = min(now, roll.deadline_ms - 1)
            grid = match.games[-1].grid
            illegal = [
                cell_name(cell) for cell in grid.free() if not moves.is_legal(grid, cell, roll.face)
            ]
            cells = legal(state)
            if illegal and match.config.mode.value == "master" and chooser.random() < 0.2:
                cells = illegal
            action = {"cell": chooser.choice(cells), "roll": roll.number}
            INDECIX.act(state, roller(state), action, now)
        yield now


def refusals(state: IndecixGame, now: int, chooser: random.Random) -> None:
    """Actions the rules refuse, each changing nothing."""
    roll = state.match.current
    attempts: list[tuple[str, dict[str, Any]]] = [("zed", {"cell": "A1", "roll": 1})]
    if roll is not None:
        mover = state.match.seats[roll.player]
        other = state.match.seats[1 - roll.player]
        occupied = [c for c in range(36) if state.match.games[-1].grid.cells[c]]
        attempts += [
            (other, {"cell": "A1", "roll": roll.number}),
            (mover, {"cell": "A1", "roll": roll.number + chooser.choice([-1, 1, 40])}),
            (mover, {"cell": "A1", "roll": roll.number, "face": 6}),
        ]
        if occupied:
            attempts.append(
                (mover, {"cell": cell_name(chooser.choice(occupied)), "roll": roll.number})
            )
    before = snapshot(state, now)
    for player, action in attempts:
        try:
            INDECIX.act(state, player, action, now)
        except ActionRefusedError:
            pass
        else:
            raise AssertionError(f"{action} was accepted")
        assert snapshot(state, now) == before


@SLOW
@given(
    SEEDS,
    st.sampled_from(["classic", "blitz", "master"]),
    st.integers(1, 2),
    CHOICES,
)
def test_any_session_keeps_the_rules_and_saves_and_replays(
    seed: int, mode: str, games: int, chooser: random.Random
) -> None:
    state = new(seed, mode=mode, games=games)
    for now in session(state, chooser):
        check_invariants(state)
        if chooser.random() < 0.1:
            refusals(state, now, chooser)
        if chooser.random() < 0.1:
            loaded = INDECIX.load(json.loads(json.dumps(INDECIX.save(state))), None)
            assert snapshot(loaded, now) == snapshot(state, now)
    assert all(len(game.rolls) == 36 for game in state.match.games)
    assert len(state.match.games) == games
    record = json.loads(json.dumps(INDECIX.record(state)))
    replayed = INDECIX.replay(record, None)
    assert INDECIX.standings(replayed) == INDECIX.standings(state)
    assert INDECIX.record(replayed) == record


def future_faces(state: IndecixGame) -> list[int]:
    """The faces still to roll in the open game."""
    game = state.match.games[-1]
    return list(state.secrets.faces(game.number)[len(game.rolls) :])


def with_another_future(state: IndecixGame) -> IndecixGame:
    """A copy of ``state`` whose past is the same and whose rolls to come all differ."""
    other = copy.deepcopy(state)
    game = state.match.games[-1]
    made = len(game.rolls)
    faces = state.secrets.faces(game.number)
    changed = faces[:made] + tuple(face % 6 + 1 for face in faces[made:])
    other.secrets = Secrets(state.secrets.seed + 1)
    other.secrets._faces[game.number] = changed
    return other


@SLOW
@given(SEEDS, st.sampled_from(["classic", "blitz"]), CHOICES)
def test_no_view_or_record_tells_a_roll_to_come(
    seed: int, mode: str, chooser: random.Random
) -> None:
    state = new(seed, mode=mode, aids={"legal_cells": True, "capture_preview": True})
    INDECIX.open_next(state, 0)
    viewers = [SPECTATOR, *(Viewer(p) for p in state.match.seats)]
    while state.match.current is not None:
        if chooser.random() < 0.3:
            check_views(state, viewers, seed)
        roll = state.match.current
        action = {"cell": chooser.choice(legal(state)), "roll": roll.number}
        upcoming = future_faces(state)
        events = INDECIX.act(state, roller(state), action, 0).events
        for event in events:
            assert all(event.seen_by(viewer) == event.public for viewer in viewers)
            message = event.public
            assert message is not None
            if message.type != "game_over":
                assert str(seed) not in json.dumps(message.data)
            if message.type == "die_rolled":
                assert message.data["face"] == upcoming.pop(0)  # only the die just rolled
    assert str(seed) in json.dumps(INDECIX.view(state, SPECTATOR, 0))  # revealed at the end


def check_views(state: IndecixGame, viewers: list[Viewer], seed: int) -> None:
    """Neither the views nor the record of ``state`` tell its seed or a roll to come."""
    other = with_another_future(state)
    future = future_faces(state)
    for viewer in viewers:
        text = json.dumps(INDECIX.view(state, viewer, 0), sort_keys=True)
        assert str(seed) not in text
        shown = json.loads(text)
        assert shown == INDECIX.view(other, viewer, 0)  # the rolls to come change nothing
        made = [roll["face"] for roll in shown["history"]] + [shown["current"]["face"]]
        assert made == [roll.face for roll in state.match.games[-1].rolls]
        if len(future) >= 8:  # the sequence to come is nowhere in it
            assert json.dumps(future) not in text
            assert "".join(map(str, future)) not in text.replace(" ", "")
    record = json.dumps(INDECIX.record(state))
    assert str(seed) not in record
    assert json.loads(record) == INDECIX.record(other)
