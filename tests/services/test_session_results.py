"""A simultané's results at the session service (a duplicate game on the game kinds' seam):
online players with their registrations and the centres that played offline, ranked together;
views by série, club, country and centre; the CSV export; a centre's file merged once the game
is over, and refused whole, every bad line reported, when anything in it is wrong."""

from __future__ import annotations

import csv
import io
import json
import time
from pathlib import Path
from typing import Any

import grpc
import pytest

from arbitre.api.kind_parts import part
from arbitre.api.proto_data import fill
from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.movegen import MoveGenerator
from arbitre.rules.board import Board
from arbitre.v1 import common_pb2, duplicate_pb2, session_pb2
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

PATIENCE = 20.0
PLAYERS = [("Ana", "Club de Lyon", "S1", "FRA"), ("Bea", "Club de Liège", "S3", "BEL")]


def wait(stub: Any, game_id: str, done: Any) -> Any:
    give_up = time.monotonic() + PATIENCE
    while True:
        state = stub.GetGame(session_pb2.GetGameRequest(game_id=game_id))
        if done(state):
            return state
        assert time.monotonic() < give_up, f"still {state.status}/{state.phase}/{state.turn}"
        time.sleep(0.05)


def view_in(state: Any) -> dict[str, Any]:
    found = part(state, "view")
    assert found is not None
    view: dict[str, Any] = found[1]
    return view


def upload(stub: Any, game: dict[str, Any], centre: str, text: str) -> Any:
    return stub.UploadCentre(
        session_pb2.UploadCentreRequest(
            game_id=game["id"], token=game["organiser"], centre=centre, csv=text
        )
    )


def results(stub: Any, game_id: str, **fields: Any) -> Any:
    return stub.GetResults(session_pb2.ResultsRequest(game_id=game_id, **fields))


@pytest.fixture
def game(stub: Any, cache: Path) -> dict[str, Any]:
    """A 2-turn game (duplicate on the game kinds' seam) over: Ana plays the tops, Bea the
    second best move each turn."""
    generator = MoveGenerator(load_lexicon("fr"))
    config = {"max_turns": 2, "seconds_per_turn": 30}
    created = stub.CreateGame(
        session_pb2.CreateGameRequest(
            kind=common_pb2.GAME_KIND_DUPLICATE,
            duplicate=fill(duplicate_pb2.DuplicateConfig(), config),
            has_seed=True,
            seed=4,
        )
    )
    game_id = created.game_id
    tokens = {}
    for name, club, serie, country in PLAYERS:
        joined = stub.Join(
            session_pb2.JoinRequest(
                game_id=game_id, name=name, club=club, serie=serie, country=country
            )
        )
        tokens[name] = joined.player_token
    found = {"id": game_id, "organiser": created.organiser_token}
    with pytest.raises(grpc.RpcError) as early:
        upload(stub, found, "Nantes", "name,club,serie,country,total\n")
    assert early.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    stub.Start(session_pb2.GameCommand(game_id=game_id, token=created.organiser_token))
    for turn in (1, 2):
        state = wait(stub, game_id, lambda s, n=turn: s.turn == n and s.phase == "turn")
        view = view_in(state)
        moves = generator.prepare(Board.from_rows(list(view["board"]))).moves(view["tiles"])
        second = next(move for move in moves if move.score < moves[0].score)
        for name, move in (("Ana", moves[0]), ("Bea", second)):
            stub.Act(
                session_pb2.ActRequest(
                    game_id=game_id,
                    token=tokens[name],
                    duplicate=duplicate_pb2.DuplicateAction(move=move.notation, turn=turn),
                )
            )
    wait(stub, game_id, lambda s: s.status == "over")
    record = part(stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)), "kind_record")
    assert record is not None
    found["record"] = record[1]
    found["tops"] = [turn["top"]["score"] for turn in record[1]["turns"]]
    return found


def test_online_players_are_ranked_with_their_registrations(
    stub: Any, game: dict[str, Any]
) -> None:
    found = results(stub, game["id"])
    top_total = sum(game["tops"])
    assert (found.top_total, found.turns, found.lines) == (top_total, 2, 2)
    lines = json.loads(found.results_json)
    assert [(line["place"], line["name"], line["club"], line["serie"]) for line in lines] == [
        (1, "Ana", "Club de Lyon", "S1"),
        (2, "Bea", "Club de Liège", "S3"),
    ]
    assert lines[0]["score"] == top_total
    assert lines[0]["negatif"] == 0
    assert lines[1]["negatif"] < 0
    assert {line["source"] for line in lines} == {"online"}


def test_a_centre_is_merged_and_shows_in_every_view(stub: Any, game: dict[str, Any]) -> None:
    first, second = game["tops"]
    text = (
        "name,club,serie,country,total,t1,t2\n"
        f"Zoé Roy,Club de Nantes,S1,FRA,{first + second},{first},{second}\n"
        f'"Martin, Luc",Club de Nantes,S3,BEL,{first},{first},0\n'
    )
    merged = upload(stub, game, "Nantes", text)
    assert (merged.accepted, merged.centre, merged.players) == (True, "Nantes", 2)
    lines = json.loads(results(stub, game["id"]).results_json)
    assert [(line["place"], line["name"], line["source"]) for line in lines][:2] == [
        (1, "Ana", "online"),
        (1, "Zoé Roy", "centre"),  # the same total: a shared place
    ]
    assert len(lines) == 4
    s1 = json.loads(results(stub, game["id"], serie="s1").results_json)
    assert [(line["name"], line["view_place"]) for line in s1] == [("Ana", 1), ("Zoé Roy", 1)]
    belgians = json.loads(results(stub, game["id"], country="BEL").results_json)
    assert {line["name"] for line in belgians} == {"Bea", "Martin, Luc"}
    nantes = json.loads(results(stub, game["id"], centre="Nantes").results_json)
    assert {line["name"] for line in nantes} == {"Zoé Roy", "Martin, Luc"}
    exported = results(stub, game["id"], csv=True).csv
    rows = list(csv.DictReader(io.StringIO(exported)))
    assert [row["name"] for row in rows] == [line["name"] for line in lines]
    assert rows[0].keys() >= {"place", "name", "score", "negatif", "serie", "club", "country"}
    again = upload(stub, game, "Nantes", text.replace("Zoé Roy", "Zoé Roy-Martin"))
    assert again.accepted  # a centre's new file replaces its earlier one
    names = {line["name"] for line in json.loads(results(stub, game["id"]).results_json)}
    assert "Zoé Roy-Martin" in names
    assert "Zoé Roy" not in names


def test_a_bad_centre_file_is_refused_whole_with_every_bad_line(
    stub: Any, game: dict[str, Any]
) -> None:
    first = game["tops"][0]
    text = (
        "name,club,serie,country,total,t1,t2\n"
        f"Good,Club,S1,FRA,{first},{first},0\n"
        f"Over the top,Club,S2,FRA,{first + 1},{first + 1},0\n"
        "Bad serie,Club,S9,FRA,0,0,0\n"
        f"Wrong sum,Club,S1,FRA,5,1,1\n"
    )
    refused = upload(stub, game, "Lille", text)
    assert not refused.accepted
    assert [problem.line for problem in refused.problems] == [3, 4, 5]
    assert all(problem.message for problem in refused.problems)
    names = {line["name"] for line in json.loads(results(stub, game["id"]).results_json)}
    assert names == {"Ana", "Bea"}  # nothing of the file, not even its good line


def test_only_the_organiser_merges_centres(stub: Any, game: dict[str, Any]) -> None:
    for token, code in [
        ("", grpc.StatusCode.UNAUTHENTICATED),
        ("x", grpc.StatusCode.PERMISSION_DENIED),
    ]:
        with pytest.raises(grpc.RpcError) as caught:
            upload(stub, {**game, "organiser": token}, "Nantes", "name,club,serie,country,total\n")
        assert caught.value.code() == code
    for centre in ("", "x" * 61, "tab\there"):
        with pytest.raises(grpc.RpcError) as caught:
            upload(stub, game, centre, "name,club,serie,country,total\n")
        assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
