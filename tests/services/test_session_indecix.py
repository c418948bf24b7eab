"""Indecix on the session service: the game kinds' seam end to end over real gRPC and a real
Redis, for a kind that acts under the game's lock (one player at a time, no parts). A match is
created, two players join and place every die from their own view (their legal cells, an aid),
the standings and the record follow, and the record replays with the rules; refused placements
change nothing; a robot plays a whole game through the path of everyone's; a Blitz die not
placed in time is lost by the clock. Nothing a client receives before the end holds a die still
to roll or the seed."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import grpc
import pytest

from arbitre.api.kind_parts import event_part
from arbitre.api.proto_data import fill, to_data
from arbitre.rules.kinds import kind
from arbitre.rules.kinds.indecix import dice
from arbitre.v1 import common_pb2, duel_pb2, indecix_pb2, session_pb2
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

INDECIX = kind("indecix")
#: Long enough that no clock time or hash holds it by chance: a leak shows.
SEED = 731_904_286_517_209


def create(stub: Any, **config: Any) -> Any:
    return stub.CreateGame(
        session_pb2.CreateGameRequest(
            kind=common_pb2.GAME_KIND_INDECIX,
            indecix=fill(indecix_pb2.IndecixConfig(), config),
            has_seed=True,
            seed=SEED,
            title="indecix",
        )
    )


def join(stub: Any, game_id: str, name: str) -> Any:
    return stub.Join(session_pb2.JoinRequest(game_id=game_id, name=name))


def command(stub: Any, method: str, created: Any) -> Any:
    request = session_pb2.GameCommand(game_id=created.game_id, token=created.organiser_token)
    return getattr(stub, method)(request)


def place(stub: Any, game_id: str, token: str, cell: str, roll: int) -> Any:
    action = indecix_pb2.IndecixAction(cell=cell, roll=roll)
    return stub.Act(session_pb2.ActRequest(game_id=game_id, token=token, indecix=action))


def view_in(state: Any) -> dict[str, Any]:
    assert state.WhichOneof("view") == "indecix"
    data: dict[str, Any] = to_data(state.indecix)
    return data


def state_of(stub: Any, game_id: str, token: str = "") -> Any:
    state = stub.GetGame(session_pb2.GetGameRequest(game_id=game_id, token=token))
    assert state.kind == common_pb2.GAME_KIND_INDECIX
    assert state.kind_name == "indecix"
    return state


def view(stub: Any, game_id: str, token: str = "") -> dict[str, Any]:
    return view_in(state_of(stub, game_id, token))


def refusal(call: Any) -> tuple[grpc.StatusCode, str]:
    with pytest.raises(grpc.RpcError) as raised:
        call()
    return raised.value.code(), raised.value.details()


def wait_for(predicate: Any, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def events(stub: Any, game_id: str) -> list[Any]:
    """Every event of a finished game, from its first one to ``game_over``."""
    stream = stub.Events(session_pb2.EventsRequest(game_id=game_id, after="0-0"))
    return [event for event in stream if event.type != "ping"]


def rolls_in(data: Any) -> Iterator[int]:
    """Every roll number anywhere in ``data`` (a view, a result, an event)."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "roll" and isinstance(value, int):
                yield value
            yield from rolls_in(value)
    elif isinstance(data, list):
        for item in data:
            yield from rolls_in(item)


def nothing_to_come(data: Any, text: str, roll: int) -> None:
    """``data`` (as JSON ``text`` too), received while roll ``roll`` was the last rolled, names
    no later roll and holds no seed."""
    assert max(rolls_in(data), default=0) <= roll, text
    assert str(SEED) not in text
    if isinstance(data, dict) and "seed" in data:
        assert data["seed"] is None


class Table:
    """A match of two players over the stub, every response kept with the roll it came at."""

    def __init__(self, stub: Any, **config: Any) -> None:
        self.stub = stub
        self.created = create(stub, **config)
        self.game_id = self.created.game_id
        self.players = {
            name: join(stub, self.game_id, name) for name in ("Ana", "Bob")
        }  # Ana sits first: seat 0
        self.received: list[tuple[int, Any]] = []  # (roll then, a message received)

    def token(self, name: str) -> str:
        return str(self.players[name].player_token)

    def keep(self, roll: int, message: Any) -> Any:
        self.received.append((roll, message))
        return message

    def to_play(self) -> tuple[str, dict[str, Any]] | None:
        """Who is to place the open die, and their view; ``None`` once the match is over or
        between two of its games."""
        for name in self.players:
            state = state_of(self.stub, self.game_id, self.token(name))
            seen = view_in(state)
            self.keep(seen["roll"], state)
            if seen["stage"] in ("over", "between"):
                return None
            if seen["you"]["to_play"]:
                return name, seen
        raise AssertionError("nobody is to play while the match is not over")

    def play_out(self) -> list[dict[str, Any]]:
        """Place every die on a legal cell of the player's own view: the results."""
        results = []
        while (turn := self.to_play()) is not None:
            name, seen = turn
            cells = seen["you"]["legal_cells"]
            assert cells, seen  # a die with no legal cell is never the player's to place
            roll = seen["current"]["roll"]
            answer = self.keep(
                roll, place(self.stub, self.game_id, self.token(name), cells[0], roll)
            )
            assert answer.WhichOneof("result") == "indecix"
            results.append(to_data(answer.indecix))
        return results


def test_a_match_plays_to_its_end_and_its_record_replays(stub: Any) -> None:
    table = Table(stub)
    game_id = table.game_id
    assert table.created.state.status == "waiting"
    assert table.created.state.seats == 2
    assert table.created.state.seed_commitment
    started = command(stub, "Start", table.created)
    assert (started.status, started.phase, started.turn) == ("running", "turn", 1)
    first = view_in(started)
    assert first["stage"] == "playing"
    assert first["current"]["roll"] == 1
    assert first["you"] is None  # the organiser is no player: a spectator's view

    results = table.play_out()
    assert 0 < len(results) <= 36
    assert all(result["placed"] for result in results)
    assert sum(result["points"] for result in results) > 0

    state = state_of(stub, game_id)
    assert (state.status, state.phase) == ("over", "")
    final = view_in(state)
    assert final["seed"] == SEED
    assert len(final["results"]) == 1

    found = stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id))
    assert found.WhichOneof("kind_record") == "indecix"
    assert found.seed_salt  # the game over: the salt that checks the session's commitment
    assert set(found.names.values()) == {"Ana", "Bob"}
    record = to_data(found.indecix)
    assert record["over"]
    assert record["seed"] == SEED
    assert len(record["games"][0]["rolls"]) == 36
    replayed = INDECIX.replay(record, None)
    assert INDECIX.record(replayed) == record

    standings = stub.GetStandings(session_pb2.GetStandingsRequest(game_id=game_id))
    lines = [
        (line.standing.rank, line.name, line.standing.total, line.indecix.suites)
        for line in standings.standings
    ]
    names = {table.players[name].player_id: name for name in table.players}
    assert lines == [
        (line.rank, names[line.player], line.total, line.details["suites"])
        for line in INDECIX.standings(replayed)
    ]
    assert [line["total"] for line in record["standings"]] == [line[2] for line in lines]

    streamed = events(stub, game_id)
    types = [event.type for event in streamed]
    for expected in ("created", "player_joined", "game_started", "die_rolled", "die_placed"):
        assert expected in types
    assert types[-2:] == ["game_ended", "game_over"]
    assert types.count("die_rolled") == 36
    for event in streamed:  # every event typed: the session's own or the kind's, no JSON
        assert event.WhichOneof("payload") in ("session", "indecix"), event.type
        assert not event.data_json
    joined = [to_data(e.indecix.player_joined) for e in streamed if e.type == "player_joined"]
    assert [(e["name"], e["seat"], e["robot"]) for e in joined] == [
        ("Ana", 0, None),
        ("Bob", 1, None),
    ]


def test_nothing_received_before_the_end_holds_a_roll_to_come_or_the_seed(stub: Any) -> None:
    """Every state, result and event a player received while roll n was the last rolled names
    no roll after n (the faces of the game's later rolls, drawn again here from the seed, are
    nowhere in it) and no seed; the record read before the end neither."""
    table = Table(stub, aids=[{"capture_preview": True}, {"capture_preview": True}])
    game_id = table.game_id
    table.keep(1, command(stub, "Start", table.created))  # the first die is rolled
    for _ in range(6):  # a record and a spectator's state in the middle of the game
        turn = table.to_play()
        assert turn is not None
        name, seen = turn
        roll = seen["current"]["roll"]
        table.keep(roll, stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)))
        table.keep(roll, state_of(stub, game_id))
        cell = seen["you"]["previews"][0]["cell"]
        table.keep(roll, place(stub, game_id, table.token(name), cell, roll))
    table.play_out()
    faces = dice.faces(SEED, 1)
    for roll, message in table.received:
        if isinstance(message, session_pb2.GameState):
            data: Any = to_data(message.indecix)
            if data["stage"] == "over":
                continue
            current = data["current"]
            assert current is None or current["face"] == faces[current["game_roll"] - 1]
        elif isinstance(message, session_pb2.GameRecord):
            data = to_data(message.indecix)
            assert not message.seed_salt
        else:
            data = to_data(message.indecix)
        nothing_to_come(data, json.dumps(data) + str(message), roll)
    last_rolled = 0
    for event in events(stub, game_id):
        typed = event_part(event)
        assert typed is not None
        data = typed[1]
        if event.type == "die_rolled":
            assert data["roll"] == last_rolled + 1  # rolled one at a time, in order
            assert data["face"] == faces[data["game_roll"] - 1]
            last_rolled = data["roll"]
        elif event.type in ("die_placed", "die_lost"):
            assert data["roll"] == last_rolled  # the open die only
        if event.type != "game_over":
            nothing_to_come(data, json.dumps(data) + str(event), last_rolled)


def test_refused_placements_change_nothing(stub: Any) -> None:
    table = Table(stub)
    game_id = table.game_id
    ana, bob = table.token("Ana"), table.token("Bob")
    code, message = refusal(lambda: place(stub, game_id, ana, "C4", 1))
    assert (code, message.split(":")[0]) == (grpc.StatusCode.FAILED_PRECONDITION, "not_started")
    command(stub, "Start", table.created)
    turn = table.to_play()
    assert turn is not None
    name, seen = turn
    roll = seen["current"]["roll"]
    mover, other = (ana, bob) if name == "Ana" else (bob, ana)
    cell = seen["you"]["legal_cells"][0]
    place(stub, game_id, mover, cell, roll)  # one die on the grid, the other's roll open
    before = view(stub, game_id, other)
    assert before["you"]["to_play"]
    now_roll = before["current"]["roll"]
    free = before["you"]["legal_cells"][0]
    refused = [
        (other, {"cell": cell, "roll": now_roll}, "FAILED_PRECONDITION", "occupied"),
        (other, {"cell": free, "roll": roll}, "FAILED_PRECONDITION", "wrong_roll"),
        (mover, {"cell": free, "roll": now_roll}, "FAILED_PRECONDITION", "not_your_turn"),
        (other, {"cell": "G7", "roll": now_roll}, "INVALID_ARGUMENT", "bad_cell"),
        (other, {"cell": "C4"}, "INVALID_ARGUMENT", "bad_action"),
    ]
    illegal = [  # free cells the open die's face forbids (if the two faces are the same)
        f"{row}{column}"
        for row in "ABCDEF"
        for column in range(1, 7)
        if f"{row}{column}" not in before["you"]["legal_cells"] and f"{row}{column}" != cell
    ]
    if illegal:
        refused.append(
            (other, {"cell": illegal[0], "roll": now_roll}, "FAILED_PRECONDITION", "illegal_cell")
        )
    for token, action, status, code_word in refused:
        request = session_pb2.ActRequest(
            game_id=game_id, token=token, indecix=fill(indecix_pb2.IndecixAction(), action)
        )
        code, message = refusal(lambda request=request: stub.Act(request))
        assert (code.name, message.split(":")[0]) == (status, code_word), message
    code, message = refusal(  # another kind's action
        lambda: stub.Act(
            session_pb2.ActRequest(
                game_id=game_id, token=other, duel=duel_pb2.DuelAction(guess="x")
            )
        )
    )
    assert (code, message.split(":")[0]) == (grpc.StatusCode.INVALID_ARGUMENT, "bad_action")
    code, _ = refusal(lambda: place(stub, game_id, "x" * 20, cell, now_roll))
    assert code == grpc.StatusCode.PERMISSION_DENIED
    code, message = refusal(lambda: command(stub, "OpenNext", table.created))
    assert message.startswith("round_open:")
    assert view(stub, game_id, other) == before  # nothing changed
    code, message = refusal(lambda: join(stub, game_id, "Cyd"))
    assert (code, message.split(":")[0]) == (grpc.StatusCode.FAILED_PRECONDITION, "table_full")


def test_a_match_of_two_games_opens_the_second_at_the_organisers_asking(stub: Any) -> None:
    table = Table(stub, games=2)
    game_id = table.game_id
    command(stub, "Start", table.created)
    table.play_out()
    between = state_of(stub, game_id)
    assert (between.status, between.phase) == ("running", "reveal")
    first = view_in(between)
    assert (first["stage"], first["game"], len(first["results"])) == ("between", 1, 1)
    code, message = refusal(
        lambda: place(stub, game_id, table.token("Ana"), "C4", first["roll"] + 1)
    )
    assert (code, message.split(":")[0]) == (grpc.StatusCode.FAILED_PRECONDITION, "no_roll")
    opened = view_in(command(stub, "OpenNext", table.created))
    assert (opened["game"], opened["current"]["game_roll"]) == (2, 1)
    assert opened["current"]["player"] != first["results"][0]["starter"]  # the starter alternates
    table.play_out()
    record = to_data(stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)).indecix)
    assert [game["game"] for game in record["games"]] == [1, 2]
    assert INDECIX.record(INDECIX.replay(record, None)) == record
    standings = stub.GetStandings(session_pb2.GetStandingsRequest(game_id=game_id))
    assert all(len(line.indecix.games) == 2 for line in standings.standings)


def test_a_bad_configuration_is_refused_with_its_reason(stub: Any) -> None:
    for config, words in (
        ({"mode": "turbo"}, "mode"),
        ({"mode": "blitz", "blitz_seconds": 40}, "blitz_seconds"),
        ({"mode": "master", "aids": [{"legal_cells": True}, {}]}, "master"),
        ({"colours": ["red", "red"]}, "colours"),
        ({"games": 0}, "games"),
    ):
        code, message = refusal(lambda config=config: create(stub, **config))
        assert code == grpc.StatusCode.INVALID_ARGUMENT
        assert words in message, message


def test_a_blitz_die_not_placed_in_time_is_lost_by_the_clock(stub: Any) -> None:
    table = Table(stub, mode="blitz", blitz_seconds=5)
    started = command(stub, "Start", table.created)
    first = view_in(started)["current"]
    assert started.deadline_ms == first["deadline_at"] == first["rolled_at"] + 5_000
    wait_for(lambda: view(stub, table.game_id)["roll"] >= 2, seconds=15)
    lost = view(stub, table.game_id)["history"][0]
    assert (lost["roll"], lost["placed"], lost["reason"]) == (1, False, "timeout")
    assert lost["to"] != lost["player"]


def test_a_retried_placement_is_taken_once_and_a_pause_stops_placements(stub: Any) -> None:
    table = Table(stub, mode="blitz", blitz_seconds=30)
    game_id = table.game_id
    command(stub, "Start", table.created)
    turn = table.to_play()
    assert turn is not None
    name, seen = turn
    roll, cell = seen["current"]["roll"], seen["you"]["legal_cells"][0]
    action = indecix_pb2.IndecixAction(cell=cell, roll=roll)
    request = session_pb2.ActRequest(
        game_id=game_id, token=table.token(name), indecix=action, request_id="place-1"
    )
    first, again = stub.Act(request), stub.Act(request)
    assert (first.replayed, again.replayed) == (False, True)
    assert to_data(again.indecix) == to_data(first.indecix)
    assert view(stub, game_id)["roll"] == roll + 1  # taken once: the next die is rolled
    code, message = refusal(  # the same placement under another id: the die is not theirs now
        lambda: stub.Act(
            session_pb2.ActRequest(
                game_id=game_id, token=table.token(name), indecix=action, request_id="place-2"
            )
        )
    )
    assert message.split(":")[0] == "not_your_turn", message

    turn = table.to_play()
    assert turn is not None
    name, seen = turn
    deadline = seen["current"]["deadline_at"]
    assert command(stub, "Pause", table.created).status == "paused"
    code, message = refusal(
        lambda: place(
            stub, game_id, table.token(name), seen["you"]["legal_cells"][0], seen["current"]["roll"]
        )
    )
    assert (code, message.split(":")[0]) == (grpc.StatusCode.FAILED_PRECONDITION, "paused")
    time.sleep(0.3)
    resumed = view_in(command(stub, "Resume", table.created))
    assert resumed["current"]["roll"] == seen["current"]["roll"]
    assert resumed["current"]["deadline_at"] >= deadline + 300  # the paused time given back
    placed = place(
        stub, game_id, table.token(name), seen["you"]["legal_cells"][0], seen["current"]["roll"]
    )
    assert to_data(placed.indecix)["placed"]


@pytest.mark.slow
def test_a_person_plays_a_whole_game_against_a_robot(stub: Any) -> None:
    created = create(stub)
    game_id = created.game_id
    ana = join(stub, game_id, "Ana")
    stub.AddRobot(
        session_pb2.AddRobotRequest(game_id=game_id, token=created.organiser_token, level="expert")
    )
    command(stub, "Start", created)
    deadline = time.monotonic() + 120
    while (seen := view(stub, game_id, ana.player_token))["stage"] != "over":
        assert time.monotonic() < deadline, "timed out"
        if seen["you"]["to_play"]:
            roll = seen["current"]["roll"]
            place(stub, game_id, ana.player_token, seen["you"]["legal_cells"][0], roll)
        else:
            time.sleep(0.05)
    record = to_data(stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)).indecix)
    robot = next(player for player in record["seats"] if player != ana.player_id)
    placed = [
        roll for roll in record["games"][0]["rolls"] if roll["player"] == robot and roll["placed"]
    ]
    assert placed  # the robot placed its dice through the path of everyone's
    assert INDECIX.record(INDECIX.replay(record, None)) == record


def test_the_next_game_of_a_match_opens_once_both_are_ready_or_after_the_result(
    stub: Any,
) -> None:
    table = Table(stub, games=2)
    game_id = table.game_id
    command(stub, "Start", table.created)
    table.play_out()
    between = state_of(stub, game_id)
    first = view_in(between)
    assert first["stage"] == "between"
    ended = first["results"][0]
    # It opens by itself 15 s after the result (the reveal's deadline), or when both are ready.
    assert between.deadline_ms - between.server_time_ms > 10_000

    def ready(name: str) -> Any:
        request = session_pb2.NextRequest(game_id=game_id, turn=first["roll"])
        request.token = table.token(name)
        return stub.Next(request)

    counts = ready("Ana")
    assert (counts.ready, counts.of) == (1, 2)
    assert view(stub, game_id)["stage"] == "between"  # Bob is not ready yet
    counts = ready("Bob")
    assert (counts.ready, counts.of) == (2, 2)
    opened = view(stub, game_id)
    assert (opened["stage"], opened["game"]) == ("playing", 2)
    assert opened["current"]["player"] != ended["starter"]


def test_against_a_robot_the_persons_ready_opens_the_next_game(stub: Any) -> None:
    created = create(stub, games=2)
    game_id = created.game_id
    ana = join(stub, game_id, "Ana")
    stub.AddRobot(
        session_pb2.AddRobotRequest(
            game_id=game_id, token=created.organiser_token, level="debutant"
        )
    )
    command(stub, "Start", created)
    deadline = time.monotonic() + 120
    while (seen := view(stub, game_id, ana.player_token))["stage"] != "between":
        assert time.monotonic() < deadline, "timed out"
        if seen["you"]["to_play"]:
            roll = seen["current"]["roll"]
            place(stub, game_id, ana.player_token, seen["you"]["legal_cells"][0], roll)
        else:
            time.sleep(0.05)
    request = session_pb2.NextRequest(game_id=game_id, turn=seen["roll"], token=ana.player_token)
    counts = stub.Next(request)
    assert (counts.ready, counts.of) == (1, 1)  # the robot is not waited for
    assert view(stub, game_id)["game"] == 2
