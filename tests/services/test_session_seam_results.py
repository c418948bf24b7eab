"""A simultané's results across tables for a kind on the seam (duplicate created with a typed
configuration), over real gRPC services and a real Redis: ``GetResults`` (the online players
with their registrations and the centres' players ranked together, views, CSV),
``UploadCentre`` (the organiser merges a centre's file once the game is over; a bad file is
refused whole, every problem listed) and ``GetRecord``'s game sheet, for a game whose tops the
test learns from the engine (the rules' results modules are tested on their own:
``tests/rules/kinds/duplicate/test_results.py``)."""

from __future__ import annotations

import json
from typing import Any

import grpc
import pytest
import redis

from arbitre.api.proto_data import fill
from arbitre.rules.board import Board
from arbitre.rules.kinds import kind
from arbitre.services.game_keys import GameKeys
from arbitre.v1 import common_pb2, duel_pb2, duplicate_pb2, session_pb2
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401
from tests.rules.kinds.duplicate.games import lesser_move, referee
from tests.services.test_session_seam_features import refused, view_of, wait_for

DUPLICATE = kind("duplicate")
SEED = 20_261_202
TITLE = "Simultané du 12 mars"
SETTINGS = {"max_turns": 2, "seconds_per_turn": 30, "reveal_seconds": 0}
PLAYERS = [("Ana", "Club de Lyon", "S1", "FRA"), ("Bea", "Club de Liège", "S3", "BEL")]


def create(stub: Any) -> Any:
    """A game of :data:`SEED` and :data:`SETTINGS`."""
    return stub.CreateGame(
        session_pb2.CreateGameRequest(
            kind=common_pb2.GAME_KIND_DUPLICATE,
            duplicate=fill(duplicate_pb2.DuplicateConfig(), SETTINGS),
            has_seed=True,
            seed=SEED,
            title=TITLE,
        )
    )


def join_all(stub: Any, game_id: str) -> list[str]:
    """Seat :data:`PLAYERS` with their registrations; their tokens."""
    return [
        stub.Join(
            session_pb2.JoinRequest(
                game_id=game_id, name=name, club=club, serie=serie, country=country
            )
        ).player_token
        for name, club, serie, country in PLAYERS
    ]


def upload(stub: Any, game: dict[str, Any], centre: str, text: str) -> Any:
    return stub.UploadCentre(
        session_pb2.UploadCentreRequest(
            game_id=game["id"], token=game["organiser"], centre=centre, csv=text
        )
    )


def results(stub: Any, game_id: str, **fields: Any) -> Any:
    return stub.GetResults(session_pb2.ResultsRequest(game_id=game_id, **fields))


def lines_of(found: Any) -> list[dict[str, Any]]:
    """The results' lines without the player ids (each game has its own)."""
    return [{**line, "player": ""} for line in json.loads(found.results_json)]


def figures(found: Any) -> tuple[int, int, int]:
    return found.top_total, found.turns, found.lines


@pytest.fixture
def games(stub: Any) -> dict[str, dict[str, Any]]:
    """A 2-turn game played to its end: Ana answers the tops, Bea a lesser move each turn."""
    seam = create(stub)
    tokens = join_all(stub, seam.game_id)
    stub.Start(session_pb2.GameCommand(game_id=seam.game_id, token=seam.organiser_token))
    rules = DUPLICATE.configure(SETTINGS).game
    tops = []
    for number in (1, 2):
        seen = wait_for(
            lambda n=number: (
                (v := view_of(stub, seam.game_id))["turn"] == n and v["stage"] == "playing" and v
            )
        )
        top = referee(rules).top(Board.from_rows(seen["board"], rules.layout), seen["tiles"])
        assert top is not None
        tops.append(top.score)
        best = top.move.notation()
        lesser = lesser_move(rules, seen["board"], seen["tiles"], best) or best
        for token, move in zip(tokens, (best, lesser), strict=True):
            stub.Act(
                session_pb2.ActRequest(
                    game_id=seam.game_id,
                    token=token,
                    duplicate=duplicate_pb2.DuplicateAction(move=move, turn=number),
                )
            )
    wait_for(lambda: view_of(stub, seam.game_id)["stage"] == "over")
    return {"seam": {"id": seam.game_id, "organiser": seam.organiser_token, "tops": tops}}


def centre_file(tops: list[int]) -> str:
    first, second = tops
    return (
        "name,club,serie,country,total,t1,t2\n"
        f"Zoé Roy,Club de Nantes,S1,FRA,{first + second},{first},{second}\n"
        '"Martin, Luc",Club de Nantes,S3,BEL,0,0,0\n'
    )


def test_the_online_players_are_ranked_with_their_registrations(
    stub: Any, games: dict[str, dict[str, Any]]
) -> None:
    seam = games["seam"]["id"]
    found = results(stub, seam)
    assert figures(found) == (sum(games["seam"]["tops"]), 2, 2)
    lines = json.loads(found.results_json)
    assert [(line["place"], line["name"], line["club"], line["serie"]) for line in lines] == [
        (1, "Ana", "Club de Lyon", "S1"),
        (2, "Bea", "Club de Liège", "S3"),
    ]
    assert lines[0]["negatif"] == 0
    assert lines[0]["score"] == sum(games["seam"]["tops"]) > lines[1]["score"]
    assert all(line["player"] and line["source"] == "online" for line in lines)
    for view in ({"serie": "s3"}, {"club": "Club de Lyon"}, {"country": "FRA"}):
        shown = results(stub, seam, **view)
        assert figures(shown)[2] == 1
        assert json.loads(shown.results_json)[0]["view_place"] == 1
    exported = results(stub, seam, csv=True)
    assert exported.csv.startswith("place,name,score,negatif,")
    assert not exported.results_json
    assert exported.csv.count("\n") == 3  # the header and the two players
    assert figures(exported) == figures(found)


def test_a_centre_is_merged(stub: Any, games: dict[str, dict[str, Any]]) -> None:
    text = centre_file(games["seam"]["tops"])
    merged = upload(stub, games["seam"], " Nantes ", text)
    assert (merged.accepted, merged.centre, merged.players) == (True, "Nantes", 2)
    seam = games["seam"]["id"]
    found = results(stub, seam)
    assert [(line["place"], line["name"], line["source"]) for line in lines_of(found)] == [
        (1, "Ana", "online"),
        (1, "Zoé Roy", "centre"),
        (3, "Bea", "online"),
        (4, "Martin, Luc", "centre"),
    ]
    nantes = results(stub, seam, centre="nantes")
    assert {line["name"] for line in lines_of(nantes)} == {"Zoé Roy", "Martin, Luc"}
    s1 = results(stub, seam, serie="S1", csv=True)
    assert [row.split(",")[1] for row in s1.csv.splitlines()[1:]] == ["Ana", "Zoé Roy"]
    assert s1.lines == 2


def test_a_bad_centre_file_is_refused_whole_and_changes_nothing(
    stub: Any,
    games: dict[str, dict[str, Any]],
    redis_db: redis.Redis,  # noqa: F811
) -> None:
    first = games["seam"]["tops"][0]
    text = (
        "name,club,serie,country,total,t1,t2\n"
        f"Good,Club,S1,FRA,{first},{first},0\n"
        f"Over the top,Club,S2,FRA,{first + 1},{first + 1},0\n"
        "Bad serie,Club,S9,FRA,0,0,0\n"
        "Wrong sum,Club,S1,FRA,5,1,1\n"
    )
    found = upload(stub, games["seam"], "Lille", text)
    assert not found.accepted
    assert [problem.line for problem in found.problems] == [3, 4, 5]
    names = {line["name"] for line in lines_of(results(stub, games["seam"]["id"]))}
    assert names == {"Ana", "Bea"}  # nothing of the file, not even its good line
    assert not redis_db.exists(GameKeys(games["seam"]["id"]).centres)


def test_only_the_organiser_merges_centres(stub: Any, games: dict[str, dict[str, Any]]) -> None:
    game = games["seam"]
    text = centre_file(game["tops"])
    for token, code in (
        ("", grpc.StatusCode.UNAUTHENTICATED),
        ("x", grpc.StatusCode.PERMISSION_DENIED),
    ):
        error = refused(lambda t=token: upload(stub, {**game, "organiser": t}, "Nantes", text))
        assert error.code() is code
    for centre in ("", "x" * 61, "tab\there"):
        error = refused(lambda c=centre: upload(stub, game, c, text))
        assert error.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert len(lines_of(results(stub, game["id"]))) == 2


def test_the_record_has_the_game_sheet(stub: Any, games: dict[str, dict[str, Any]]) -> None:
    sheet = stub.GetRecord(session_pb2.GetGameRequest(game_id=games["seam"]["id"])).sheet
    assert sheet.startswith(TITLE + "\n")
    assert f"Top : {sum(games['seam']['tops'])} points en 2 coups" in sheet


def test_a_centre_is_refused_before_the_end(stub: Any) -> None:
    created = create(stub)
    game = {"id": created.game_id, "organiser": created.organiser_token}
    join_all(stub, created.game_id)
    text = "name,club,serie,country,total\nZoé Roy,Club,S1,FRA,0\n"
    error = refused(lambda: upload(stub, game, "Nantes", text))
    assert error.code() is grpc.StatusCode.FAILED_PRECONDITION
    assert "once the game is over" in str(error.details())
    stub.Start(session_pb2.GameCommand(game_id=created.game_id, token=created.organiser_token))
    wait_for(lambda: view_of(stub, created.game_id)["stage"] == "playing")
    error = refused(lambda: upload(stub, game, "Nantes", text))
    assert error.code() is grpc.StatusCode.FAILED_PRECONDITION
    found = results(stub, created.game_id)  # the results are over the closed turns: none yet
    assert figures(found) == (0, 0, 2)
    assert {line["score"] for line in json.loads(found.results_json)} == {0}


def test_a_kind_without_results_across_tables_is_refused(stub: Any) -> None:
    created = stub.CreateGame(
        session_pb2.CreateGameRequest(
            kind=common_pb2.GAME_KIND_WORD_DUEL,
            duel=fill(duel_pb2.DuelConfig(), {"language": "en", "rounds": 1, "seats": 2}),
        )
    )
    game = {"id": created.game_id, "organiser": created.organiser_token}
    for call in (
        lambda: results(stub, created.game_id),
        lambda: upload(stub, game, "Nantes", "name,club,serie,country,total\n"),
    ):
        error = refused(call)
        assert error.code() is grpc.StatusCode.FAILED_PRECONDITION
        assert str(error.details()).startswith("no_results:")
    record = stub.GetRecord(session_pb2.GetGameRequest(game_id=created.game_id))
    assert record.sheet == ""
