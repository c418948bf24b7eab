"""The session service as separate processes over one Redis: one is killed (SIGKILL) in the
middle of a turn (of a duplicate game on the game kinds' seam, a Duel de Mots round, an
Indecix match or a dupliKta game), another takes over and the game finishes with no
acknowledged answer lost; meanwhile a second replica with its own clock runs too, and every
turn is still closed exactly once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest

from arbitre.api.kind_parts import part
from arbitre.api.proto_data import fill, to_data
from arbitre.engine.duel_words import load
from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.movegen import MoveGenerator
from arbitre.rules import Board
from arbitre.rules.kinds import kind
from arbitre.rules.kinds.base import Setup, Viewer
from arbitre.services import dictionary, movegen, scoring
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.redis_server import connect
from arbitre.services.server import RunningServer, start
from arbitre.services.session import Clock, Peers, SessionService
from arbitre.services.session.limits import SPECTATOR_VIEW_SECONDS
from arbitre.v1 import (
    common_pb2,
    duel_pb2,
    duplicate_pb2,
    indecix_pb2,
    session_pb2,
    session_pb2_grpc,
)
from tests.network import free_port
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401
from tests.services.test_session_duplikta import (
    NAMES,
    SMALL_SET,
    confirm_request,
    confirms_in,
    faulted_game_over,
    steady,
    told,
    wait_for,
)
from tests.services.test_session_duplikta import Table as DupliktaTable
from tests.services.test_session_duplikta import act as duplikta_act
from tests.services.test_session_indecix import INDECIX, Table

STARTUP_SECONDS = 60.0
TURNS = 3


@pytest.fixture(scope="module")
def peers_server(
    tmp_path_factory: pytest.TempPathFactory,
    redis_url: str,  # noqa: F811
) -> Iterator[RunningServer]:
    """Movegen, dictionary and scoring (standings in the tests' Redis) on a free port."""
    cache = tmp_path_factory.mktemp("cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("ARBITRE_CACHE_DIR", str(cache))
        registry = LexiconRegistry()
        running = start(
            [
                movegen.registration(registry),
                dictionary.registration(registry),
                scoring.registration(registry, connect(redis_url)),
            ]
        )
        yield running
        running.stop(0)


def start_replica(redis_url: str, peers: str) -> tuple[subprocess.Popen[bytes], Any]:  # noqa: F811
    """``python -m arbitre.services.session`` on a free port, and a stub to it once serving."""
    port = free_port()
    environment = {
        **os.environ,
        "REDIS_URL": redis_url,
        "ARBITRE_MOVEGEN_ADDRESS": peers,
        "ARBITRE_SCORING_ADDRESS": peers,
        "ARBITRE_DICTIONARY_ADDRESS": peers,
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "arbitre.services.session", "--address", f"127.0.0.1:{port}"],
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    channel = grpc.insecure_channel(f"127.0.0.1:{port}")
    try:
        grpc.channel_ready_future(channel).result(timeout=STARTUP_SECONDS)
    except grpc.FutureTimeoutError:
        process.kill()
        raise AssertionError(process.stderr.read().decode() if process.stderr else "") from None
    return process, session_pb2_grpc.SessionStub(channel)


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.kill()
    process.wait(timeout=30)


def answer(stub: Any, game_id: str, turn: int, token: str, move: str) -> None:
    stub.Act(
        session_pb2.ActRequest(
            game_id=game_id,
            token=token,
            duplicate=duplicate_pb2.DuplicateAction(move=move, turn=turn),
        )
    )


def view_of(stub: Any, game_id: str) -> dict[str, Any]:
    found = part(stub.GetGame(session_pb2.GetGameRequest(game_id=game_id)), "view")
    assert found is not None
    view: dict[str, Any] = found[1]
    return view


def open_turn(stub: Any, game_id: str, turn: int) -> dict[str, Any]:
    """Until ``turn`` is open (or the game over): the game's view then."""
    give_up = time.monotonic() + 60
    while time.monotonic() < give_up:
        state = stub.GetGame(session_pb2.GetGameRequest(game_id=game_id))
        if state.status == "over" or (state.turn == turn and state.phase == "turn"):
            return view_of(stub, game_id)
        time.sleep(0.05)
    raise AssertionError(f"turn {turn} never opened")


def some_moves(view: dict[str, Any], count: int) -> list[str]:
    generator = MoveGenerator(load_lexicon("fr"))
    moves = generator.prepare(Board.from_rows(list(view["board"]))).moves(view["tiles"], count)
    return [move.notation for move in moves]


@pytest.mark.slow
def test_a_killed_replica_loses_no_answer(
    peers_server: RunningServer,
    redis_url: str,  # noqa: F811
    redis_db: Any,  # noqa: F811
) -> None:
    first, stub = start_replica(redis_url, peers_server.address)
    second: subprocess.Popen[bytes] | None = None
    other_clock: Clock | None = None
    try:
        created = stub.CreateGame(
            session_pb2.CreateGameRequest(
                kind=common_pb2.GAME_KIND_DUPLICATE,
                duplicate=fill(
                    duplicate_pb2.DuplicateConfig(), {"max_turns": TURNS, "seconds_per_turn": 6}
                ),
                has_seed=True,
                seed=77,
            )
        )
        game_id = created.game_id
        tokens = {
            name: stub.Join(session_pb2.JoinRequest(game_id=game_id, name=name)).player_token
            for name in ("Ann", "Bob", "Cid")
        }
        stub.Start(session_pb2.GameCommand(game_id=game_id, token=created.organiser_token))
        view = open_turn(stub, game_id, 1)
        moves = some_moves(view, 3)
        acknowledged: dict[tuple[int, str], str] = {}
        for name, move in zip(("Ann", "Bob"), moves, strict=False):
            answer(stub, game_id, 1, tokens[name], move)
            acknowledged[(1, name)] = move

        first.send_signal(signal.SIGKILL)  # in the middle of turn 1
        first.wait(timeout=30)
        second, stub = start_replica(redis_url, peers_server.address)
        # A second replica with its own clock, in this process: two sweepers on one game.
        service = SessionService(connect(redis_url), Peers.at(*[peers_server.address] * 3))
        other_clock = Clock(service)
        other_clock.start()

        state = stub.GetGame(session_pb2.GetGameRequest(game_id=game_id))
        assert (state.turn, state.phase) == (1, "turn")
        # the answers given to the dead replica are there (the count every viewer shares
        # may be built a moment after them)
        time.sleep(SPECTATOR_VIEW_SECONDS + 0.05)
        assert view_of(stub, game_id)["answers"] == 2
        answer(stub, game_id, 1, tokens["Cid"], moves[-1])
        acknowledged[(1, "Cid")] = moves[-1]  # every player answered: the turn ends now
        for turn in range(2, TURNS + 1):
            view = open_turn(stub, game_id, turn)
            if view["stage"] == "over":
                break
            move = some_moves(view, 1)[0]
            for name in ("Ann", "Cid"):
                answer(stub, game_id, turn, tokens[name], move)
                acknowledged[(turn, name)] = move
        give_up = time.monotonic() + 60
        while stub.GetGame(session_pb2.GetGameRequest(game_id=game_id)).status != "over":
            assert time.monotonic() < give_up, "the game never ended"
            time.sleep(0.1)

        found = part(stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)), "kind_record")
        assert found is not None
        record = found[1]
        over = stub.GetGame(session_pb2.GetGameRequest(game_id=game_id))
        names = {player.id: player.name for player in over.players}
        recorded = {
            (turn["number"], names[line["player"]]): line["move"]
            for turn in record["turns"]
            for line in turn["answers"]
        }
        assert recorded == acknowledged
        assert len(record["turns"]) == TURNS
        # Each turn was closed once: one reveal per turn, whatever the number of clocks.
        events = [
            event.type
            for event in stub.Events(session_pb2.EventsRequest(game_id=game_id, after="0-0"))
        ]
        assert events.count("turn_revealed") == TURNS
        assert events.count("turn_started") == TURNS
        standings = stub.GetStandings(session_pb2.GetStandingsRequest(game_id=game_id))
        totals = {line.name: line.standing.total for line in standings.standings}
        expected = {name: 0 for name in ("Ann", "Bob", "Cid")}
        for turn in record["turns"]:
            for line in turn["answers"]:
                expected[names[line["player"]]] += line["points"]
        assert totals == expected
    finally:
        if other_clock is not None:
            other_clock.stop()
        stop(first)
        if second is not None:
            second.send_signal(signal.SIGTERM)
            assert second.wait(timeout=30) == 0  # graceful shutdown


def test_a_killed_replica_loses_no_guess_of_a_duel(
    peers_server: RunningServer,
    redis_url: str,  # noqa: F811
    redis_db: Any,  # noqa: F811
) -> None:
    """A Duel de Mots room: guesses acknowledged by a replica killed mid-round are in the
    round when another replica (and a second clock) carries it on, and the round closes once."""
    duel = kind("duel")
    config = {"language": "en", "rounds": 1, "round_seconds": 90, "reveal_seconds": 0}
    first, stub = start_replica(redis_url, peers_server.address)
    second: subprocess.Popen[bytes] | None = None
    other_clock: Clock | None = None
    try:
        created = stub.CreateGame(
            session_pb2.CreateGameRequest(
                kind=common_pb2.GAME_KIND_WORD_DUEL,
                duel=fill(duel_pb2.DuelConfig(), config),
                has_seed=True,
                seed=5,
            )
        )
        game_id = created.game_id
        word = duel.new_game(duel.configure(config), Setup(game_id, 5, ()), load("en"))
        secret = word.secrets.words[0]
        others = [w for w in ("CRANE", "SLATE", "PLUMB") if w != secret][:2]
        tokens = {
            name: stub.Join(session_pb2.JoinRequest(game_id=game_id, name=name)).player_token
            for name in ("Ann", "Bob", "Cid")
        }
        stub.Start(session_pb2.GameCommand(game_id=game_id, token=created.organiser_token))

        def guess(name: str, text: str, key: str) -> Any:
            action = duel_pb2.DuelAction(guess=text, round=1)
            request = session_pb2.ActRequest(
                game_id=game_id, token=tokens[name], duel=action, request_id=key
            )
            return to_data(stub.Act(request).duel)

        acknowledged = {("Ann", others[0]), ("Ann", others[1]), ("Bob", others[0])}
        guess("Ann", others[0], "a1")
        guess("Ann", others[1], "a2")
        guess("Bob", others[0], "b1")

        first.send_signal(signal.SIGKILL)  # in the middle of round 1
        first.wait(timeout=30)
        second, stub = start_replica(redis_url, peers_server.address)
        service = SessionService(connect(redis_url), Peers.at(*[peers_server.address] * 3))
        other_clock = Clock(service)
        other_clock.start()

        assert guess("Ann", others[1], "a2")["row"] == 1  # a retry: the first answer again
        for name in ("Ann", "Bob", "Cid"):
            assert guess(name, secret, f"{name}-found")["found"] is True
            acknowledged.add((name, secret))
        give_up = time.monotonic() + 60
        while stub.GetGame(session_pb2.GetGameRequest(game_id=game_id)).status != "over":
            assert time.monotonic() < give_up, "the round never closed"
            time.sleep(0.1)

        record = to_data(stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)).duel)
        state = stub.GetGame(session_pb2.GetGameRequest(game_id=game_id))
        names = {player.id: player.name for player in state.players}
        recorded = {
            (names[player], letters) for player, letters, _ in record["rounds"][0]["guesses"]
        }
        assert recorded == acknowledged
        assert len(record["rounds"][0]["guesses"]) == len(acknowledged)
        assert duel.replay(record, load("en")).table.over
        events = [
            event.type
            for event in stub.Events(session_pb2.EventsRequest(game_id=game_id, after="0-0"))
        ]
        assert events.count("round_over") == 1
        assert events.count("round_started") == 1
    finally:
        if other_clock is not None:
            other_clock.stop()
        stop(first)
        if second is not None:
            second.send_signal(signal.SIGTERM)
            assert second.wait(timeout=30) == 0  # graceful shutdown


def test_a_killed_replica_loses_no_placement_of_an_indecix_match(
    peers_server: RunningServer,
    redis_url: str,  # noqa: F811
    redis_db: Any,  # noqa: F811
) -> None:
    """An Indecix match: the dice placed through a replica killed mid-game are on the grid when
    another replica (and a second clock) carries it on, a placement retried under its
    request_id is taken once, and the match plays to its end with every acknowledged placement
    in its record, which replays to the same final state."""
    first, stub = start_replica(redis_url, peers_server.address)
    second: subprocess.Popen[bytes] | None = None
    other_clock: Clock | None = None
    try:
        table = Table(stub)
        game_id = table.game_id
        stub.Start(session_pb2.GameCommand(game_id=game_id, token=table.created.organiser_token))
        acknowledged: dict[int, dict[str, Any]] = {}  # roll: what Act answered

        def place_next() -> session_pb2.ActRequest | None:
            """The open die placed on its player's first legal cell, under a request_id: the
            request, or ``None`` once the match is over."""
            turn = table.to_play()
            if turn is None:
                return None
            name, seen = turn
            roll = seen["current"]["roll"]
            action = indecix_pb2.IndecixAction(cell=seen["you"]["legal_cells"][0], roll=roll)
            request = session_pb2.ActRequest(
                game_id=game_id, token=table.token(name), indecix=action, request_id=f"r{roll}"
            )
            answer = table.stub.Act(request)
            assert not answer.replayed
            acknowledged[roll] = to_data(answer.indecix)
            return request

        last: session_pb2.ActRequest | None = None
        for _ in range(7):
            last = place_next()
        assert last is not None
        before = view_of(stub, game_id)
        assert before["stage"] == "playing"
        assert before["current"]["roll"] == last.indecix.roll + 1

        first.send_signal(signal.SIGKILL)  # in the middle of the match, a die open
        first.wait(timeout=30)
        second, stub = start_replica(redis_url, peers_server.address)
        table.stub = stub
        # A second replica with its own clock, in this process: two sweepers on one game.
        service = SessionService(connect(redis_url), Peers.at(*[peers_server.address] * 3))
        other_clock = Clock(service)
        other_clock.start()

        state = stub.GetGame(session_pb2.GetGameRequest(game_id=game_id))
        assert (state.status, state.phase) == ("running", "turn")
        after = view_of(stub, game_id)
        assert after == before  # the same grid, scores and open die
        placed = {line["roll"]: line for line in after["history"] if line["placed"]}
        assert placed.keys() == acknowledged.keys()
        for roll, line in placed.items():  # a view's history: the results less the scores
            assert line == {k: v for k, v in acknowledged[roll].items() if k != "scores"}
        assert after["scores"] == acknowledged[max(acknowledged)]["scores"]

        again = stub.Act(last)  # the answer lost with the replica, asked again
        assert again.replayed
        assert to_data(again.indecix) == acknowledged[last.indecix.roll]
        assert view_of(stub, game_id) == before

        while place_next() is not None:
            pass
        over = stub.GetGame(session_pb2.GetGameRequest(game_id=game_id))
        assert over.status == "over"
        final = view_of(stub, game_id)
        record = to_data(stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)).indecix)
        assert record["over"]
        assert len(acknowledged) > 7  # dice placed through the second replica too
        (game,) = record["games"]
        assert len(game["rolls"]) == 36
        assert {line["roll"]: line for line in game["rolls"] if line["placed"]} == acknowledged
        # the other dice were lost for want of a legal cell, none by a placement taken twice
        assert all(
            line["reason"] == "no_legal_cell" for line in game["rolls"] if not line["placed"]
        )
        replayed = INDECIX.replay(record, None)
        assert INDECIX.record(replayed) == record
        assert INDECIX.view(replayed, Viewer.spectator(), 0) == final
        events = [
            event.type
            for event in stub.Events(session_pb2.EventsRequest(game_id=game_id, after="0-0"))
        ]
        assert events.count("die_rolled") == 36
        assert events.count("die_placed") == len(acknowledged)
        assert events.count("game_over") == 1
    finally:
        if other_clock is not None:
            other_clock.stop()
        stop(first)
        if second is not None:
            second.send_signal(signal.SIGTERM)
            assert second.wait(timeout=30) == 0  # graceful shutdown


def test_a_killed_replica_loses_no_confirm_of_a_duplikta_game(
    peers_server: RunningServer,
    redis_url: str,  # noqa: F811
    redis_db: Any,  # noqa: F811
) -> None:
    """A dupliKta game of two people, the clock on: the confirms acknowledged through a replica
    killed mid-turn (one player confirmed, the other not yet) are in the game when another
    replica (and a second clock) carries it on, a confirm (and a request at the loupe) retried
    under its request_id is taken once, and the game plays to its end with every acknowledged
    confirm in its record, which replays to the same final state."""
    first, stub = start_replica(redis_url, peers_server.address)
    second: subprocess.Popen[bytes] | None = None
    other_clock: Clock | None = None
    try:
        table = DupliktaTable(stub, clock=300, tile_set=SMALL_SET)
        game_id = table.game_id
        stub.Start(session_pb2.GameCommand(game_id=game_id, token=table.created.organiser_token))
        acknowledged: dict[tuple[int, str], dict[str, Any]] = {}  # (turn, name): Act's answer

        def take(request: session_pb2.ActRequest) -> None:
            answer = table.stub.Act(request)
            assert not answer.replayed
            name = request.request_id.split("-")[0]
            acknowledged[(request.duplikta.turn, name)] = told(to_data(answer.duplikta))

        turn = 1
        for _ in range(2):  # two turns through the first replica
            for name in NAMES:
                take(confirm_request(table, name, turn))
            opened = table.next_turn(turn)
            assert opened["stage"] == "playing"
            turn = opened["turn"]
        # Bob puts a token back at the loupe (½ Chance), Ana confirms, Bob has not yet.
        faulted = turn
        loupe = {"turn": turn, "redraw": table.look("Bob")["you"]["rack"][0]}
        redrawn = duplikta_act(stub, game_id, table.token("Bob"), loupe, "Bob-loupe")
        assert not redrawn.replayed
        kept = to_data(redrawn.duplikta)
        assert kept["exchange"]["kind"] == "redraw"
        last = confirm_request(table, "Ana", turn)
        take(last)
        before = wait_for(  # a spectator's view tells it within half a second
            lambda: (
                (v := view_of(stub, game_id))
                and [p["confirmed"] for p in v["players"]] == [True, False]
                and v
            )
        )

        first.send_signal(signal.SIGKILL)  # in the middle of a turn, Bob yet to confirm
        first.wait(timeout=30)
        second, stub = start_replica(redis_url, peers_server.address)
        table.stub = stub
        # A second replica with its own clock, in this process: two sweepers on one game.
        service = SessionService(connect(redis_url), Peers.at(*[peers_server.address] * 3))
        other_clock = Clock(service)
        other_clock.start()

        state = stub.GetGame(session_pb2.GetGameRequest(game_id=game_id))
        assert (state.status, state.phase, state.turn) == ("running", "turn", turn)
        after = view_of(stub, game_id)
        assert steady(after) == steady(before)  # the same board, sheet, confirms and deadline
        assert confirms_in(table, after["sheet"]) == {
            key: value for key, value in acknowledged.items() if key[0] < turn
        }

        again = stub.Act(last)  # the answer lost with the replica, asked again
        assert again.replayed
        assert told(to_data(again.duplikta)) == acknowledged[(turn, "Ana")]
        again = duplikta_act(stub, game_id, table.token("Bob"), loupe, "Bob-loupe")
        assert again.replayed
        assert to_data(again.duplikta) == kept
        mine = table.look("Bob")["you"]  # ½ Chance spent once, one token redrawn
        assert (mine["chances"], mine["exchanges"], mine["rack"]) == (
            kept["chances"],
            [kept["exchange"]],
            kept["rack"],
        )
        time.sleep(SPECTATOR_VIEW_SECONDS + 0.05)  # the view every spectator shares, built anew
        assert steady(view_of(stub, game_id)) == steady(before)

        take(confirm_request(table, "Bob", turn))
        while (opened := table.next_turn(turn))["stage"] != "over":
            turn = opened["turn"]
            for name in NAMES:
                take(confirm_request(table, name, turn))
        over = stub.GetGame(session_pb2.GetGameRequest(game_id=game_id))
        assert over.status == "over"
        final = view_of(stub, game_id)
        record = to_data(stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)).duplikta)
        assert record["over"]
        assert turn > 3  # turns played through the second replica too
        faulted_game_over(stub, table, record, final, over.server_time_ms, acknowledged)
        bob = record["sheet"][faulted - 1]["players"][table.id_of("Bob")]
        assert bob["exchanges"] == [kept["exchange"]]
    finally:
        if other_clock is not None:
            other_clock.stop()
        stop(first)
        if second is not None:
            second.send_signal(signal.SIGTERM)
            assert second.wait(timeout=30) == 0  # graceful shutdown


def test_the_service_alone_needs_redis(tmp_path: Path) -> None:
    environment = {key: value for key, value in os.environ.items() if key != "REDIS_URL"}
    done = subprocess.run(
        [sys.executable, "-m", "arbitre.services.session", "--address", "127.0.0.1:0"],
        env=environment,
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert b"REDIS_URL" in done.stderr
