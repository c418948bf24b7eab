"""Robots and late players at the session service's tables (duplicate games on the game kinds'
seam). Robots, seated by the organiser, answer every turn through the path of every answer
(judged, kept by the parts store, counted in the events), each at a moment of its own, as their
level plays; their tokens never leave the service. A game that takes late players (a
simultané) lets them join after the start: they play the remaining turns and score 0 on the
missed ones."""

from __future__ import annotations

import json
import time
from typing import Any

import grpc
import pytest

from arbitre.api.game_events import event_json
from arbitre.api.kind_parts import part
from arbitre.api.proto_data import fill
from arbitre.engine.robots.duplicate import RobotLevel, common_words
from arbitre.rules.board import Board
from arbitre.rules.kinds import kind
from arbitre.services.session.seam import robots as seam_robots
from arbitre.v1 import common_pb2, duplicate_pb2, session_pb2
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401
from tests.rules.kinds.duplicate.games import referee

DUPLICATE = kind("duplicate")

TURNS = 3
#: The robots' seed in the test of their levels.
ROBOT_SEED = 20261204
SECONDS = 3


def create(stub: Any, seed: int = 11, **settings: Any) -> Any:
    config = {"max_turns": TURNS, "seconds_per_turn": SECONDS, **settings}
    return stub.CreateGame(
        session_pb2.CreateGameRequest(
            kind=common_pb2.GAME_KIND_DUPLICATE,
            duplicate=fill(duplicate_pb2.DuplicateConfig(), config),
            has_seed=True,
            seed=seed,
        )
    )


def seat(stub: Any, created: Any, level: str, token: str | None = None) -> Any:
    return stub.AddRobot(
        session_pb2.AddRobotRequest(
            game_id=created.game_id,
            token=created.organiser_token if token is None else token,
            level=level,
        )
    )


def play_out(stub: Any, game_id: str) -> list[dict[str, Any]]:
    """Until the game is over: each of its turns as ``GetTurn`` reveals it."""
    give_up = time.monotonic() + 90
    while stub.GetGame(session_pb2.GetGameRequest(game_id=game_id)).status != "over":
        assert time.monotonic() < give_up, "the game never ended"
        time.sleep(0.1)
    turns = []
    for turn in range(1, TURNS + 1):
        found = part(
            stub.GetTurn(session_pb2.GetTurnRequest(game_id=game_id, turn=turn)), "kind_turn"
        )
        assert found is not None
        turns.append(found[1])
    return turns


def record_of(stub: Any, game_id: str) -> dict[str, Any]:
    found = part(stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)), "kind_record")
    assert found is not None
    record: dict[str, Any] = found[1]
    return record


def test_robots_answer_every_turn_as_their_level_plays(
    stub: Any,
    redis_db: Any,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A robot draws its choices from the game's and its own ids (new at every run): here from a
    # seed of the test's, so that the expert's tops (90 % of its turns) are the same each run.
    monkeypatch.setattr(seam_robots, "_robot_seed", lambda game_id, player: ROBOT_SEED)
    created = create(stub)
    game_id = created.game_id
    human = stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Ann"))
    robots = {level.value: seat(stub, created, level.value) for level in RobotLevel}
    for seated in robots.values():
        assert seated.player_token == ""  # a robot's token never leaves the service
    state = stub.Start(session_pb2.GameCommand(game_id=game_id, token=created.organiser_token))
    assert {player.name: player.robot for player in state.players} == {
        "Ann": "",
        "Robot Expert": "expert",
        "Robot Confirmé": "confirme",
        "Robot Débutant": "debutant",
    }
    turns = play_out(stub, game_id)  # Ann never answers: each turn runs to its deadline
    vocabulary = common_words("fr")
    by_robot: dict[str, list[tuple[int, Any]]] = {level: [] for level in robots}
    for turn in turns:
        lines = {line["player"]: line for line in turn["answers"]}
        assert human.player_id not in lines  # no answer of hers
        for level, seated in robots.items():
            by_robot[level].append((turn["top"]["score"], lines.get(seated.player_id)))
    expert = by_robot["expert"]
    assert all(line is not None and line["move"] for _, line in expert)
    assert sum(line is not None and line["points"] == top for top, line in expert) >= 2
    for top, line in by_robot["confirme"]:
        assert line is not None
        assert line["move"]
        assert line["points"] <= top
    for _, line in by_robot["debutant"]:
        if line is not None and line["move"]:
            assert all(word in vocabulary for word in line["words"])
    # The robots' answers went through the path of every answer: answer_count events (at most
    # one per answer: close answers share one).
    events = [
        (event.type, json.loads(event_json(event)))
        for event in stub.Events(session_pb2.EventsRequest(game_id=game_id, after="0-0"))
    ]
    counted = sum(kind == "answer_count" for kind, _ in events)
    answered = sum(1 for lines in by_robot.values() for _, line in lines if line is not None)
    assert 0 < counted <= answered
    # The record gives the robots' points back, and their names.
    record = record_of(stub, game_id)
    recorded = {
        (turn["number"], line["player"]): line["points"]
        for turn in record["turns"]
        for line in turn["answers"]
    }
    assert recorded == {
        (number, line["player"]): line["points"]
        for number, turn in enumerate(turns, start=1)
        for line in turn["answers"]
    }
    names = stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)).names
    assert names[robots["expert"].player_id] == "Robot Expert"


def test_a_table_of_robots_plays_itself_and_closes_turns_early(stub: Any) -> None:
    created = create(stub, seed=3)
    for level in ("expert", "confirme"):
        seat(stub, created, level)
    stub.Start(session_pb2.GameCommand(game_id=created.game_id, token=created.organiser_token))
    turns = play_out(stub, created.game_id)
    for turn in turns:
        assert len(turn["answers"]) == 2  # everyone answered: early close
        assert all(line["move"] for line in turn["answers"])


def test_only_the_organiser_seats_robots_of_a_known_level_before_the_start(stub: Any) -> None:
    created = create(stub)
    player = stub.Join(session_pb2.JoinRequest(game_id=created.game_id, name="Ann"))
    cases = [
        (lambda: seat(stub, created, "expert", token=""), grpc.StatusCode.UNAUTHENTICATED),
        (
            lambda: seat(stub, created, "expert", token=player.player_token),
            grpc.StatusCode.PERMISSION_DENIED,
        ),
        (lambda: seat(stub, created, "grandmaster"), grpc.StatusCode.INVALID_ARGUMENT),
    ]
    for call, code in cases:
        with pytest.raises(grpc.RpcError) as caught:
            call()
        assert caught.value.code() == code
    stub.Start(session_pb2.GameCommand(game_id=created.game_id, token=created.organiser_token))
    with pytest.raises(grpc.RpcError) as caught:
        seat(stub, created, "expert")
    assert caught.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    state = stub.GetGame(session_pb2.GetGameRequest(game_id=created.game_id))
    assert [p.name for p in state.players] == ["Ann"]


def view_of(stub: Any, game_id: str, token: str = "") -> dict[str, Any]:
    found = part(stub.GetGame(session_pb2.GetGameRequest(game_id=game_id, token=token)), "view")
    assert found is not None
    view: dict[str, Any] = found[1]
    return view


def test_a_late_player_plays_the_remaining_turns_and_scores_0_on_the_missed_ones(
    stub: Any,
) -> None:
    """A simultané takes late players (late_join); other games close joining at the start."""
    created = create(stub, seed=21, seconds_per_turn=4, late_join=True)
    game_id = created.game_id
    seat(stub, created, "expert")
    state = stub.Start(session_pb2.GameCommand(game_id=game_id, token=created.organiser_token))
    view = part(state, "view")
    assert view is not None
    assert view[1]["config"]["late_join"] is True
    rules = DUPLICATE.configure(view[1]["config"]).game
    give_up = time.monotonic() + 60
    while stub.GetGame(session_pb2.GetGameRequest(game_id=game_id)).turn < 2:
        assert time.monotonic() < give_up
        time.sleep(0.05)
    late = stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Zoé"))
    answered: dict[int, int] = {}  # the late player plays: the tops of the turns left
    while (seen := view_of(stub, game_id, late.player_token))["stage"] != "over":
        assert time.monotonic() < give_up, "the game never ended"
        if seen["stage"] != "playing" or seen["turn"] in answered or seen["my_answer"]:
            time.sleep(0.05)
            continue
        top = referee(rules).top(Board.from_rows(seen["board"], rules.layout), seen["tiles"])
        assert top is not None
        kept = stub.Act(
            session_pb2.ActRequest(
                game_id=game_id,
                token=late.player_token,
                duplicate=duplicate_pb2.DuplicateAction(
                    move=top.move.notation(), turn=seen["turn"]
                ),
            )
        )
        answered[seen["turn"]] = kept.duplicate.score
    assert answered
    assert 1 not in answered
    turns = play_out(stub, game_id)
    assert late.player_id not in {line["player"] for line in turns[0]["answers"]}
    for number in answered:
        lines = {line["player"]: line for line in turns[number - 1]["answers"]}
        assert lines[late.player_id]["points"] == answered[number]
    points = [line["points"] for line in view_of(stub, game_id)["turns"]]
    assert points[0].get(late.player_id, 0) == 0  # the turn missed: 0
    standings = stub.GetStandings(session_pb2.GetStandingsRequest(game_id=game_id))
    totals = {line.name: line.standing.total for line in standings.standings}
    assert totals["Zoé"] == sum(answered.values()) > 0
    assert late.player_id in record_of(stub, game_id)["players"]
    with pytest.raises(grpc.RpcError) as caught:  # the game is over: no more players
        stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Tard"))
    assert caught.value.code() == grpc.StatusCode.FAILED_PRECONDITION
