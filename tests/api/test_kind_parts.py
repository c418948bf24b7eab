"""arbitre.api.kind_parts: every kind on the seam has its typed part in each common message, and
every piece of a kind's data (views for every viewer, events public and private, an action's
result, standings, records) goes through its typed message and comes back equal: what a gRPC
client reads field by field is what the gateway serves as JSON."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitre.api.kind_parts import (
    OPTIONAL_PARTED_MESSAGES,
    PARTED_MESSAGES,
    SESSION_EVENTS,
    event_part,
    has_part,
    part,
    put_event,
    put_part,
    put_part_changes,
)
from arbitre.rules.kinds import kind, names
from arbitre.rules.kinds.base import ActionRefusedError, Event, Setup, Stage, Viewer
from arbitre.rules.kinds.duel.words import WordList
from arbitre.services.session.seam.seating import JOINED
from arbitre.v1 import session_pb2
from tests.rules.kinds.duel.samples import GUESSES
from tests.rules.kinds.duplicate.games import lesser_move, referee
from tests.rules.kinds.duplikta.test_kind import SHORT, Hashed, new, play

DUEL = kind("duel")
DUPLICATE = kind("duplicate")
DUPLIKTA = kind("duplikta")
INDECIX = kind("indecix")
WORDS = WordList("en", GUESSES, ("CHIOT", "FORTE", "TARTE"))


def test_every_kind_has_its_part_in_every_common_message() -> None:
    for name in sorted(names()):
        for message_name, oneof in PARTED_MESSAGES.items():
            message = getattr(session_pb2, message_name)()
            assert has_part(message, name), (name, message_name)
            field = message.DESCRIPTOR.fields_by_name[name]
            assert field.containing_oneof.name == oneof


def test_an_optional_part_is_a_kind_s_and_in_its_oneof() -> None:
    for message_name, oneof in OPTIONAL_PARTED_MESSAGES.items():
        descriptor = getattr(session_pb2, message_name).DESCRIPTOR
        fields = [field.name for field in descriptor.oneofs_by_name[oneof].fields]
        assert fields, message_name
        assert set(fields) <= set(names()), (message_name, fields)
    assert has_part(session_pb2.GameReview(), "indecix")
    assert not has_part(session_pb2.GameReview(), "duel")  # the duel's games have no review


def test_a_kind_without_a_part_is_told() -> None:
    event = session_pb2.GameEvent()
    assert not put_event(event, "scrabblette", "turn_started", {})  # no such kind's part
    assert not put_event(event, "duel", "no_such_event", {})
    assert event.WhichOneof("payload") is None
    assert not has_part(session_pb2.GameState(), "players")  # a field, but no kind's part


@pytest.mark.parametrize(
    ("event_type", "data"),
    [
        ("created", {"seed_commitment": "ab" * 32}),
        ("created", {"seed_commitment": None}),
        ("game_started", {"scheduled": False}),
        ("paused", {"turn": 3, "remaining_ms": 1_200, "reason": ""}),
        ("paused", {"turn": 3, "remaining_ms": 1_200, "reason": "away"}),
        ("resumed", {"turn": 3, "deadline_ms": 1_700_000_000_000}),
        ("parked", {"turn": 2, "reason": "the referee is unreachable"}),
        ("package_opened", {"package_hash": "cd" * 32, "seed_commitment": "ef" * 32}),
        ("next_count", {"turn": 2, "ready": 1, "of": 3}),
    ],
)
def test_the_sessions_own_events_are_typed(event_type: str, data: dict[str, Any]) -> None:
    event = session_pb2.GameEvent(type=event_type)
    assert put_event(event, SESSION_EVENTS, event_type, data)
    assert event.WhichOneof("payload") == SESSION_EVENTS
    assert event_part(event) == (event_type, data)


@pytest.mark.parametrize(
    ("event_type", "data"),
    [
        ("player_joined", {"player": "p1", "name": "Zoé", "players": 1, "robot": None}),
        ("player_joined", {"player": "p2", "name": "Robot", "players": 2, "robot": "expert"}),
        (
            "turn_started",
            {"turn": 1, "rack": "IEMTABR", "board": ["." * 15] * 15, "deadline_ms": 9},
        ),
        ("answer_count", {"turn": 1, "answers": 2, "players": 3}),
        (
            "turn_revealed",
            {
                "turn": 1,
                "top": {"move": "H3 ABIMER", "score": 24, "tiles": 6, "blanks": 0},
                "answers": 2,
            },
        ),
        ("game_over", {"reason": "max_turns"}),
    ],
)
def test_duplicates_events_are_typed(event_type: str, data: dict[str, Any]) -> None:
    """Duplicate's events, from either path in the session, travel typed too."""
    event = session_pb2.GameEvent(type=event_type)
    assert put_event(event, "duplicate", event_type, data)
    assert event_part(session_pb2.GameEvent.FromString(event.SerializeToString())) == (
        event_type,
        data,
    )


def round_trip_event(name: str, event: Event, players: list[str]) -> None:
    for viewer in [None, *players]:
        seen = event.seen_by(Viewer(viewer))
        if seen is None:
            continue
        data = dict(seen.data)
        if seen.type == JOINED:  # the session names the seat in a kind's announcement
            data.update(name="Ana", robot=None)
        message = session_pb2.GameEvent(type=seen.type)
        assert put_event(message, name, seen.type, data), seen.type
        assert event_part(session_pb2.GameEvent.FromString(message.SerializeToString())) == (
            seen.type,
            data,
        )


def changes_written(name: str, views: list[Any]) -> None:
    """Each view written over the one before it (:func:`put_part_changes`) gives the message
    writing it whole gives: views of every viewer, each moment, so that lists grow, shrink and
    change items, and keys come and go."""
    for base, data in itertools.pairwise(views):
        whole = session_pb2.GameState()
        put_part(whole, name, data)
        changed = session_pb2.GameState()
        put_part(changed, name, base)
        put_part_changes(changed, name, data, base)
        assert changed == whole
        assert changed.SerializeToString(deterministic=True) == whole.SerializeToString(
            deterministic=True
        )


def round_trip(message: Any, oneof: str, name: str, data: Any) -> None:
    put_part(message, name, data)
    again = type(message).FromString(message.SerializeToString())
    assert part(again, oneof) == (name, data)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**62),
    players=st.sampled_from((2, 5, 60)),  # 60: a room, whose views list the first 50
    steps=st.integers(0, 400),
)
def test_duel_data_round_trips_through_its_typed_parts(seed: int, players: int, steps: int) -> None:
    chance = random.Random(seed)
    seats = 0 if players > 8 else 8
    config = DUEL.configure({"rounds": 3, "reveal_seconds": 0, "seats": seats})
    seated = [f"p{n}" for n in range(players)]
    state = DUEL.new_game(config, Setup("g", seed, tuple(seated[:2])), WORDS)
    events: list[Event] = []
    for player in seated[2:]:
        events.extend(DUEL.seat(state, player, 0))
    now = 0
    events.extend(DUEL.open_next(state, now))
    results: list[Any] = []
    views: list[Any] = []
    for _ in range(steps):
        now += chance.choice((0, 10, 500, 5_000))
        phase = DUEL.phase(state, now)
        if phase.stage is Stage.OVER:
            break
        if phase.stage is Stage.PLAYING and phase.due_ms is not None and now >= phase.due_ms:
            events.extend(DUEL.close(state, now))
            continue
        if phase.stage is Stage.BETWEEN:
            events.extend(DUEL.open_next(state, now))
            continue
        player = chance.choice(seated)
        roll = chance.random()
        try:
            if roll < 0.03:
                events.extend(DUEL.leave(state, player, now))
            elif roll < 0.06:
                events.extend(DUEL.seat(state, f"late{chance.randrange(5)}", now))
            else:
                word = chance.choice(
                    [state.secrets.words[state.table.number - 1], *sorted(GUESSES)]
                )
                outcome = DUEL.act(state, player, {"guess": word, "round": phase.number}, now)
                results.append(outcome.result)
                events.extend(outcome.events)
        except ActionRefusedError:
            pass
        if chance.random() < 0.05:
            viewer = chance.choice([None, *seated])
            views.append(DUEL.view(state, Viewer(viewer), now))
    while state.table.stage is not Stage.OVER:
        now += 1
        if state.table.stage is Stage.PLAYING:
            events.extend(DUEL.close(state, now))
        else:
            events.extend(DUEL.open_next(state, now))
    views.extend(DUEL.view(state, Viewer(v), now) for v in (None, *seated[:3]))

    everyone = sorted(state.table.players)
    for event in events:
        round_trip_event("duel", event, everyone)
    for result in results:
        round_trip(session_pb2.ActResponse(), "result", "duel", result)
    for view in views:
        round_trip(session_pb2.GameState(), "view", "duel", view)
    changes_written("duel", views)
    for line in DUEL.standings(state):
        round_trip(session_pb2.NamedStanding(), "details", "duel", dict(line.details))
    round_trip(session_pb2.GameRecord(), "kind_record", "duel", DUEL.record(state))
    round_trip(session_pb2.CreateGameRequest(), "kind_config", "duel", DUEL.config_data(config))
    round_trip(session_pb2.ActRequest(), "action", "duel", {"guess": "crane", "round": 1})


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**62),
    players=st.sampled_from((1, 3, 60)),  # 60: a simultané, whose views list the first 50
    max_turns=st.integers(1, 4),
)
def test_duplicate_data_round_trips_through_its_typed_parts(
    seed: int, players: int, max_turns: int
) -> None:
    chance = random.Random(seed)
    config = DUPLICATE.configure({"max_turns": max_turns, "reveal_seconds": 2})
    tools = referee(config.game)
    seated = [f"p{n:02}" for n in range(players)]
    state = DUPLICATE.new_game(config, Setup("g", seed, tuple(seated)), tools)
    events: list[Event] = []
    results: list[Any] = []
    views: list[Any] = []
    now = 0
    while DUPLICATE.phase(state, now).stage is not Stage.OVER:
        events.extend(DUPLICATE.open_next(state, now))
        if DUPLICATE.phase(state, now).stage is Stage.OVER:
            break
        top = state.game.current_top
        assert top is not None
        rows, tiles = list(state.game.board.rows()), state.game.current_draw.rack
        lesser = lesser_move(config.game, rows, tiles, top.move.notation())
        for player in seated:
            now += chance.choice((0, 10, 500))
            move = top.move.notation() if lesser is None or chance.random() < 0.5 else lesser
            if chance.random() < 0.8:
                outcome = DUPLICATE.act(state, player, {"move": move}, now)
                results.append(outcome.result)
                events.extend(outcome.events)
        views.extend(DUPLICATE.view(state, Viewer(v), now) for v in (None, seated[-1]))
        now += 1
        events.extend(DUPLICATE.close(state, now))
        views.extend(DUPLICATE.view(state, Viewer(v), now) for v in (None, seated[-1]))
        now += config.reveal_ms
    views.extend(DUPLICATE.view(state, Viewer(v), now) for v in (None, *seated[:2], seated[-1]))
    for view in views:  # a simultané's view lists the first players and the viewer
        assert len(view["players"]) <= 51
        assert len(view["standings"]) <= 51
    for event in events:
        round_trip_event("duplicate", event, seated)
    for result in results:
        round_trip(session_pb2.ActResponse(), "result", "duplicate", result)
    for view in views:
        round_trip(session_pb2.GameState(), "view", "duplicate", view)
    changes_written("duplicate", views)
    for line in DUPLICATE.standings(state):
        round_trip(session_pb2.NamedStanding(), "details", "duplicate", dict(line.details))
    round_trip(session_pb2.GameRecord(), "kind_record", "duplicate", DUPLICATE.record(state))
    round_trip(
        session_pb2.CreateGameRequest(), "kind_config", "duplicate", DUPLICATE.config_data(config)
    )
    round_trip(session_pb2.ActRequest(), "action", "duplicate", {"move": "H4 MOT", "turn": 1})


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**62),
    mode=st.sampled_from(("classic", "blitz", "master")),
    games=st.integers(1, 2),
    previews=st.booleans(),
)
def test_indecix_data_round_trips_through_its_typed_parts(
    seed: int, mode: str, games: int, previews: bool
) -> None:
    """Every roll placed, lost to the clock, dropped illegally (Master), a player away and
    back: each piece of the match's data, placements and losses mixed in results, histories and
    records, goes through the typed messages and comes back equal."""
    chance = random.Random(seed)
    aids = {"legal_cells": mode != "master", "capture_preview": previews and mode != "master"}
    settings_ = {"mode": mode, "games": games, "aids": [aids, {"legal_cells": False}]}
    if mode == "master":
        del settings_["aids"]
    config = INDECIX.configure(settings_)
    seated = ["ana", "bob"]
    state = INDECIX.new_game(config, Setup("g", seed, ()), None)
    events: list[Event] = []
    for player in seated:
        events.extend(INDECIX.seat(state, player, 0))
    now = 0
    views: list[Any] = [INDECIX.view(state, Viewer(v), now) for v in (None, *seated)]
    results: list[Any] = []
    records: list[Any] = []
    events.extend(INDECIX.open_next(state, now))
    while True:
        phase = INDECIX.phase(state, now)
        if phase.stage is Stage.OVER:
            break
        if phase.stage is Stage.BETWEEN:
            records.append(INDECIX.record(state))
            events.extend(INDECIX.open_next(state, now))
            continue
        now += chance.choice((0, 10, 500, 4_000))
        if phase.due_ms is not None and now >= phase.due_ms:
            events.extend(INDECIX.close(state, now))
            continue
        player = next(iter(phase.actors)) if phase.actors else chance.choice(seated)
        roll = chance.random()
        try:
            if roll < 0.02:
                events.extend(INDECIX.leave(state, player, now))
                events.extend(INDECIX.seat(state, player, now + 1))
            else:
                cell = f"{chance.choice('ABCDEF')}{chance.randrange(1, 7)}"
                outcome = INDECIX.act(state, player, {"cell": cell, "roll": phase.number}, now)
                results.append(outcome.result)
                events.extend(outcome.events)
        except ActionRefusedError:
            pass
        if chance.random() < 0.1:
            views.append(INDECIX.view(state, Viewer(chance.choice([None, *seated])), now))
    views.extend(INDECIX.view(state, Viewer(v), now) for v in (None, *seated))
    records.append(INDECIX.record(state))

    for event in events:
        round_trip_event("indecix", event, seated)
    for result in results:
        round_trip(session_pb2.ActResponse(), "result", "indecix", result)
    for view in views:
        round_trip(session_pb2.GameState(), "view", "indecix", view)
    changes_written("indecix", views)
    for line in INDECIX.standings(state):
        round_trip(session_pb2.NamedStanding(), "details", "indecix", dict(line.details))
    for record in records:
        round_trip(session_pb2.GameRecord(), "kind_record", "indecix", record)
    round_trip(
        session_pb2.CreateGameRequest(), "kind_config", "indecix", INDECIX.config_data(config)
    )
    round_trip(session_pb2.ActRequest(), "action", "indecix", {"cell": "C4", "roll": 7})
    assert {"die_placed", "die_rolled", "game_over"} <= {
        event.public.type for event in events if event.public is not None
    }


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(10**12, 2**62),
    choices=st.integers(0, 2**32),
    clock=st.sampled_from((0, 30, 120)),
    own_set=st.booleans(),
)
def test_duplikta_data_round_trips_through_its_typed_parts(
    seed: int, choices: int, clock: int, own_set: bool
) -> None:
    """A game played to its end by random steps (the rules' tests' ``play``): requests at the
    loupe met, mutated and unmet, moves accepted and refused, passes with tokens out of the
    rack, a player away and back, pauses. Its events (public, and each player's own: the
    rack dealt, a request's or a confirm's result), the actions' results, views of every
    viewer at many moments, standings and records, in the middle of the game and at its end,
    go through the typed messages and come back equal."""
    chance = random.Random(choices)
    settings_: dict[str, Any] = {"clock": clock, "handicaps": [0, 2]}
    if own_set:
        settings_["tile_set"] = SHORT
    state = new(seed, tools=Hashed(), **settings_)
    seated = list(state.seats)
    viewers = [None, *seated, "zed"]
    events: list[Event] = []
    views: list[Any] = [DUPLIKTA.view(state, Viewer(v), 0) for v in viewers]
    records: list[Any] = [DUPLIKTA.record(state)]
    now = 0
    for taken in play(state, chance):
        now = taken.now
        events.extend(taken.events)
        if chance.random() < 0.1:
            views.append(DUPLIKTA.view(state, Viewer(chance.choice(viewers)), now))
        if chance.random() < 0.02:
            records.append(DUPLIKTA.record(state))
    views.extend(DUPLIKTA.view(state, Viewer(v), now) for v in viewers)
    records.append(DUPLIKTA.record(state))
    results = [  # an action's result is its player's own message of the action's event
        message.data
        for event in events
        for message in event.private.values()
        if message.type in ("loupe", "confirmed")
    ]

    for event in events:
        round_trip_event("duplikta", event, seated)
    for result in results:
        round_trip(session_pb2.ActResponse(), "result", "duplikta", result)
    for view in views:
        round_trip(session_pb2.GameState(), "view", "duplikta", view)
    changes_written("duplikta", views)
    for line in DUPLIKTA.standings(state):
        round_trip(session_pb2.NamedStanding(), "details", "duplikta", dict(line.details))
    for record in records:
        round_trip(session_pb2.GameRecord(), "kind_record", "duplikta", record)
    round_trip(
        session_pb2.CreateGameRequest(),
        "kind_config",
        "duplikta",
        DUPLIKTA.config_data(state.config),
    )
    for action in (
        {"turn": 1, "redraw": "K"},
        {"turn": 2, "exchange": "K", "for": "?"},
        {"turn": 3, "confirm": "H8 JOUR"},
        {"turn": 4, "confirm": None},  # a pass: the key is there, and null
        {"turn": 5, "confirm": None, "loupe": "KW", "returned": "E"},
    ):
        round_trip(session_pb2.ActRequest(), "action", "duplikta", action)
    told = {event.public.type for event in events if event.public is not None}
    assert {"turn_dealt", "player_confirmed", "turn_closed", "game_over"} <= told
    assert {"loupe", "confirmed"} <= {m.type for e in events for m in e.private.values()}
    ended = DUPLIKTA.view(state, Viewer(None), now)
    assert ended["stage"] == "over"
    assert ended["seed"] == seed


def test_duplikta_s_pass_is_told_from_an_action_without_a_confirm() -> None:
    """A key that only some actions have is left out when unset, and a pass's ``"confirm":
    null`` is there, and null, for a gRPC client and for the session that reads it (which
    leaves the unset settings out)."""
    request = session_pb2.ActRequest()
    request.duplikta.turn = 1
    request.duplikta.confirm.SetInParent()  # a pass
    assert part(request, "action", nulls=False) == ("duplikta", {"turn": 1, "confirm": None})
    request.duplikta.confirm.value = "8H JOUR"
    assert part(request, "action") == ("duplikta", {"turn": 1, "confirm": "8H JOUR"})
    request.duplikta.ClearField("confirm")
    request.duplikta.redraw = "K"  # a request at the loupe: no confirm key at all
    assert part(request, "action") == ("duplikta", {"turn": 1, "redraw": "K"})
    again = session_pb2.ActRequest()
    put_part(again, "duplikta", {"turn": 1, "confirm": None, "loupe": "KW"})
    assert again.duplikta.HasField("confirm")
    assert not again.duplikta.confirm.HasField("value")


def test_a_typed_configuration_left_unset_takes_the_defaults() -> None:
    """Settings that are lists (minimums, tie-break) or objects (bonuses) may be left unset, and
    set empty stays distinct from unset."""
    request = session_pb2.CreateGameRequest()
    request.duplicate.max_turns = 5
    assert part(request, "kind_config", nulls=False) == ("duplicate", {"max_turns": 5})
    request.duplicate.tie_break.SetInParent()
    assert part(request, "kind_config", nulls=False) == (
        "duplicate",
        {"max_turns": 5, "tie_break": []},
    )


def test_a_view_written_over_another_drops_the_fields_it_lacks() -> None:
    base = {"stage": "playing", "turn": 3, "rack": "ABC", "board": ["A" * 15] * 15}
    data = {"stage": "over", "turn": 3, "board": ["B" * 15] * 15}
    changes_written("duplicate", [base, data, base])
