"""arbitre.api.proto_schema: the JSON Schema of a kind's data, made from its messages, accepts
the kind's own data (a played game's views, events, results, standings and record) and refuses
data its messages would refuse; descriptions come from the .proto comments."""

from __future__ import annotations

import random
from typing import Any

import jsonschema
import pytest
from referencing import Registry, Resource

from arbitre.api.proto_schema import SCHEMA_PREFIX, components, description_of
from arbitre.rules.kinds import kind
from arbitre.rules.kinds.base import Event, Setup, Viewer
from arbitre.rules.kinds.duel.words import WordList
from arbitre.v1 import duel_pb2, duplikta_pb2, indecix_pb2
from tests.rules.kinds.duel.samples import GUESSES
from tests.rules.kinds.duplikta.test_kind import SHORT, Hashed, new, play
from tests.rules.kinds.indecix.games import legal, roller

DUEL = kind("duel")
WORDS = WordList("en", GUESSES, ("CHIOT", "FORTE", "TARTE"))
MESSAGES = (
    duel_pb2.DuelView,
    duel_pb2.DuelRecord,
    duel_pb2.DuelGuessResult,
    duel_pb2.DuelStandingDetails,
    duel_pb2.DuelConfig,
    duel_pb2.DuelAction,
    duel_pb2.DuelEvent,
    indecix_pb2.IndecixView,
    indecix_pb2.IndecixRecord,
    indecix_pb2.IndecixRoll,
    indecix_pb2.IndecixStandingDetails,
    indecix_pb2.IndecixConfig,
    indecix_pb2.IndecixAction,
    indecix_pb2.IndecixEvent,
    duplikta_pb2.DupliktaView,
    duplikta_pb2.DupliktaRecord,
    duplikta_pb2.DupliktaResult,
    duplikta_pb2.DupliktaStandingDetails,
    duplikta_pb2.DupliktaConfig,
    duplikta_pb2.DupliktaAction,
    duplikta_pb2.DupliktaEvent,
)


def descriptor_of(message: Any) -> Any:
    """A message type's descriptor (the generated stubs type it loosely)."""
    return message.DESCRIPTOR


SCHEMAS = components([descriptor_of(message) for message in MESSAGES])


def validator(name: str) -> jsonschema.Draft202012Validator:
    """A validator of the component ``name``, its references resolved among the components."""
    document = {"components": {"schemas": SCHEMAS}}
    registry = Registry().with_resource("urn:arbitre", Resource.opaque(document))
    schema = {"$ref": f"urn:arbitre{SCHEMA_PREFIX}{name}"}
    return jsonschema.Draft202012Validator(schema, registry=registry)


def valid(name: str, data: Any) -> bool:
    return bool(validator(name).is_valid(data))


def played() -> tuple[Any, list[tuple[str, Any]], list[Any]]:
    """A finished three-round game, its public events and its guesses' results."""
    config = DUEL.configure({"rounds": 3, "reveal_seconds": 0, "seats": 4})
    state = DUEL.new_game(config, Setup("g", 11, ("ana", "bob", "cyd")), WORDS)
    events = list(DUEL.open_next(state, 0))
    results = []
    now = 0
    for number in (1, 2, 3):
        word = state.secrets.words[number - 1]
        for player, text in (("ana", "CRANE"), ("bob", word), ("cyd", "SLATE"), ("ana", word)):
            now += 1_000
            outcome = DUEL.act(state, player, {"guess": text, "round": number}, now)
            results.append(outcome.result)
            events += outcome.events
        events += DUEL.close(state, now)
        if number < 3:
            events += DUEL.open_next(state, now)
    typed = [(e.public.type, e.public.data) for e in events if e.public is not None]
    return state, typed, results


def test_a_played_games_data_fits_its_schemas() -> None:
    state, events, results = played()
    assert valid("DuelRecord", DUEL.record(state))
    for viewer in (None, "ana", "zed"):
        assert valid("DuelView", DUEL.view(state, Viewer(viewer), 0))
    for result in results:
        assert valid("DuelGuessResult", result)
    for line in DUEL.standings(state):
        assert valid("DuelStandingDetails", dict(line.details))
    assert valid("DuelConfig", {"rounds": 5})
    assert valid("DuelAction", {"guess": "crane", "round": 1})
    event_types = {f.name: f.message_type.name for f in descriptor_of(duel_pb2.DuelEvent).fields}
    assert {event for event, _ in events} >= {
        "round_started",
        "rival_row",
        "round_over",
        "game_over",
    }
    for event, data in events:
        assert valid(event_types[event], dict(data)), event


def test_a_played_indecix_matchs_data_fits_its_schemas() -> None:
    """Two games of Blitz with previews on: placements, dice lost to the clock, a record in
    the middle of a game and at the end."""
    indecix = kind("indecix")
    config = indecix.configure({"mode": "blitz", "games": 2, "aids": {"capture_preview": True}})
    state = indecix.new_game(config, Setup("g", 5, ("ana", "bob")), None)
    events = list(indecix.open_next(state, 0))
    results = []
    records = []
    now = 0
    while state.match.current is not None or not state.match.over:
        if state.match.current is None:
            events += indecix.open_next(state, now)
            continue
        roll = state.match.current
        if roll.number % 7 == 0:  # lost to the clock
            now = roll.deadline_ms or now
            events += indecix.close(state, now)
            continue
        now += 1_000
        outcome = indecix.act(
            state, roller(state), {"cell": legal(state)[-1], "roll": roll.number}, now
        )
        results.append(outcome.result)
        events += outcome.events
        if roll.number == 20:
            records.append(indecix.record(state))
            for viewer in (None, "ana", "bob", "zed"):
                assert valid("IndecixView", indecix.view(state, Viewer(viewer), now))
    records.append(indecix.record(state))
    for record in records:
        assert valid("IndecixRecord", record)
    for viewer in (None, "ana", "zed"):
        assert valid("IndecixView", indecix.view(state, Viewer(viewer), now))
    for result in results:
        assert valid("IndecixRoll", result)
    for line in indecix.standings(state):
        assert valid("IndecixStandingDetails", dict(line.details))
    assert valid("IndecixConfig", {"mode": "master", "aids": [{}, {"legal_cells": False}]})
    assert valid("IndecixAction", {"cell": "C4", "roll": 1})
    assert not valid("IndecixAction", {"cell": "C4", "roll": 1, "face": 6})  # no forged die
    event_types = {
        f.name: f.message_type.name for f in descriptor_of(indecix_pb2.IndecixEvent).fields
    }
    typed = [(e.public.type, e.public.data) for e in events if e.public is not None]
    assert {event for event, _ in typed} >= {
        "die_rolled",
        "die_placed",
        "die_lost",
        "game_ended",
        "game_over",
    }
    for event, data in typed:
        assert valid(event_types[event], dict(data)), event


def test_a_played_duplikta_games_data_fits_its_schemas() -> None:
    """A game of a token set of one's own played to its end by random steps (requests at the
    loupe, moves accepted and refused, passes, a player away): views, events public and
    private, results, records in the middle of the game and at the end."""
    duplikta = kind("duplikta")
    state = new(41_327_905_118, tools=Hashed(), tile_set=SHORT, clock=30)
    events: list[Event] = []
    views: list[dict[str, Any]] = []
    records: list[dict[str, Any]] = []
    chooser = random.Random(2)
    for number, taken in enumerate(play(state, chooser)):
        events.extend(taken.events)
        if number % 40 == 0:
            views.extend(duplikta.view(state, Viewer(v), taken.now) for v in (None, "ana", "zed"))
            records.append(duplikta.record(state))
    views.extend(duplikta.view(state, Viewer(v), 10**13) for v in (None, "ana", "bob"))
    records.append(duplikta.record(state))
    for view in views:
        assert valid("DupliktaView", view)
    for record in records:
        assert valid("DupliktaRecord", record)
    for line in duplikta.standings(state):
        assert valid("DupliktaStandingDetails", dict(line.details))
    event_types = {
        f.name: f.message_type.name for f in descriptor_of(duplikta_pb2.DupliktaEvent).fields
    }
    told = [
        (message.type, message.data)
        for event in events
        for message in (event.public, *event.private.values())
        if message is not None
    ]
    assert {event for event, _ in told} >= {
        "turn_dealt",
        "loupe",
        "confirmed",
        "player_confirmed",
        "turn_closed",
        "game_over",
    }
    for event, data in told:
        if event == "player_joined":  # the session names the seat in a kind's announcement
            data = {**data, "name": "Ana", "robot": None}
        assert valid(event_types[event], dict(data)), event
        if event in ("loupe", "confirmed"):  # an action's result is its player's own message
            assert valid("DupliktaResult", dict(data)), event
    assert valid("DupliktaConfig", {"tiles": "en", "clock": None, "handicaps": [0, 3]})
    assert valid("DupliktaConfig", {"tile_set": SHORT})
    assert not valid("DupliktaConfig", {"tiles": SHORT})  # a set of one's own is tile_set
    for action in (
        {"turn": 1, "redraw": "K"},
        {"turn": 1, "exchange": "K", "for": "E"},
        {"turn": 1, "confirm": None, "loupe": "K", "returned": ""},
        {"turn": 1, "confirm": "H8 JOUR"},
    ):
        assert valid("DupliktaAction", action), action
    assert not valid("DupliktaAction", {"turn": 1, "confirm": 7})
    assert not valid("DupliktaAction", {"turn": 1, "confirm": None, "rack": "ABC"})


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("DuelConfig", {"rounds": "three"}),
        ("DuelConfig", {"colour": "red"}),
        ("DuelAction", {"guess": 5}),
        (
            "DuelStandingDetails",
            {"rounds_found": 1, "tries": 1, "solve_ms": 1, "round_points": ["x"]},
        ),
        ("DuelRecordedGuess", ["ana", "CRANE"]),
        ("DuelRow", {"letters": "CRANE", "marks": "G...."}),  # at_ms missing
    ],
)
def test_data_its_messages_refuse_its_schema_refuses(name: str, data: Any) -> None:
    assert not valid(name, data)


def test_descriptions_come_from_the_proto_comments() -> None:
    assert "commitment" in description_of(descriptor_of(duel_pb2.DuelRoundStarted))
    assert "a room" in SCHEMAS["DuelConfig"]["properties"]["seats"]["description"]
    assert SCHEMAS["DuelRecordedGuess"]["type"] == "array"  # positional
    points = SCHEMAS["DuelStandingDetails"]["properties"]["round_points"]["items"]
    assert {"type": "null"} in points["anyOf"]  # a box: a value or null
