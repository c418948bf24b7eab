"""Redis restarted in the middle of a game (duplicate on the game kinds' seam, Duel de Mots,
Indecix, dupliKta), with persistence on (an append-only file, as ``arbitre up`` and the
deploy's Redis keep): while it is down, calls fail as unavailable and change nothing; once it
is back, the game goes on from where it was, and every answer the service acknowledged before
the restart is in the record."""

from __future__ import annotations

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
from arbitre.services.internal_auth import open_channel
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.platform import Platform, start_platform
from arbitre.services.redis_server import EmbeddedRedis, connect
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

PATIENCE = 30.0
PLAYERS = 6


@pytest.fixture
def server(tmp_path: Path) -> Iterator[EmbeddedRedis]:
    """A Redis of its own, with persistence, that the test stops and starts again."""
    running = EmbeddedRedis(data_dir=tmp_path / "redis", port=free_port(), persistence=True)
    running.start()
    yield running
    if running.running:
        running.stop()


@pytest.fixture
def platform(cache: Path, server: EmbeddedRedis) -> Iterator[Platform]:
    running = start_platform(LexiconRegistry(), connect(server.url))
    yield running
    running.stop(0)


def view_in(state: Any) -> dict[str, Any]:
    found = part(state, "view")
    assert found is not None
    view: dict[str, Any] = found[1]
    return view


def wait(stub: Any, game_id: str, done: Any) -> Any:
    give_up = time.monotonic() + PATIENCE
    while True:
        try:
            state = stub.GetGame(session_pb2.GetGameRequest(game_id=game_id), timeout=5)
        except grpc.RpcError:
            state = None
        if state is not None and done(state):
            return state
        assert time.monotonic() < give_up, "the game did not get there"
        time.sleep(0.05)


def test_a_redis_restart_loses_no_acknowledged_answer(
    platform: Platform, server: EmbeddedRedis
) -> None:
    generator = MoveGenerator(load_lexicon("fr"))
    with open_channel(platform.address, platform.gateway_token) as channel:
        stub = session_pb2_grpc.SessionStub(channel)

        def answer(player: Any, move: str, timeout: float | None = None) -> Any:
            return stub.Act(
                session_pb2.ActRequest(
                    game_id=game_id,
                    token=player.player_token,
                    duplicate=duplicate_pb2.DuplicateAction(move=move, turn=1),
                ),
                timeout=timeout,
            ).duplicate

        config = {"max_turns": 2, "seconds_per_turn": 20}
        created = stub.CreateGame(
            session_pb2.CreateGameRequest(
                kind=common_pb2.GAME_KIND_DUPLICATE,
                duplicate=fill(duplicate_pb2.DuplicateConfig(), config),
                has_seed=True,
                seed=8,
            )
        )
        game_id = created.game_id
        players = [
            stub.Join(session_pb2.JoinRequest(game_id=game_id, name=f"P{number}"))
            for number in range(PLAYERS)
        ]
        state = stub.Start(session_pb2.GameCommand(game_id=game_id, token=created.organiser_token))
        view = view_in(state)
        moves = generator.prepare(Board.from_rows(list(view["board"]))).moves(view["tiles"])
        acknowledged: dict[str, str] = {}
        for player, move in zip(players[:3], moves[1:4], strict=True):
            acknowledged[player.player_id] = answer(player, move.notation).move
        server.stop()  # a clean shutdown: the append-only file is complete
        with pytest.raises(grpc.RpcError) as down:
            answer(players[3], moves[5].notation, timeout=10)
        assert down.value.code() == grpc.StatusCode.UNAVAILABLE
        server.start()  # the same port and data directory
        back = wait(stub, game_id, lambda s: s.status == "running")
        assert (back.turn, back.phase) == (1, "turn")
        time.sleep(SPECTATOR_VIEW_SECONDS + 0.05)  # the count every viewer shares, built anew
        assert view_in(stub.GetGame(session_pb2.GetGameRequest(game_id=game_id)))["answers"] == 3
        for player, move in zip(players[3:], moves[5:8], strict=True):
            acknowledged[player.player_id] = answer(player, move.notation).move
        second = wait(stub, game_id, lambda s: s.turn == 2 and s.phase == "turn")
        assert view_in(second)["rack"]
        found = part(stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)), "kind_record")
        assert found is not None
        (first,) = found[1]["turns"]
        kept = {answer["player"]: answer["move"] for answer in first["answers"] if answer["move"]}
        assert kept == acknowledged


def test_a_redis_restart_loses_no_acknowledged_guess_of_a_duel(
    platform: Platform, server: EmbeddedRedis
) -> None:
    """A Duel de Mots room across a Redis restart: a guess while it is down is unavailable and
    spends nothing; the rows acknowledged before are there after, and the round goes on."""
    duel = kind("duel")
    config = {"language": "en", "rounds": 1, "round_seconds": 90, "reveal_seconds": 0}
    with open_channel(platform.address, platform.gateway_token) as channel:
        stub = session_pb2_grpc.SessionStub(channel)
        created = stub.CreateGame(
            session_pb2.CreateGameRequest(
                kind=common_pb2.GAME_KIND_WORD_DUEL,
                duel=fill(duel_pb2.DuelConfig(), config),
                has_seed=True,
                seed=9,
            )
        )
        game_id = created.game_id
        state = duel.new_game(duel.configure(config), Setup(game_id, 9, ()), load("en"))
        secret = state.secrets.words[0]
        other = "CRANE" if secret != "CRANE" else "SLATE"
        players = [
            stub.Join(session_pb2.JoinRequest(game_id=game_id, name=f"P{number}"))
            for number in range(3)
        ]
        stub.Start(session_pb2.GameCommand(game_id=game_id, token=created.organiser_token))

        def guess(player: Any, text: str, timeout: float = 10) -> Any:
            action = duel_pb2.DuelAction(guess=text, round=1)
            request = session_pb2.ActRequest(
                game_id=game_id, token=player.player_token, duel=action
            )
            return stub.Act(request, timeout=timeout)

        guess(players[0], other)
        guess(players[1], secret)
        server.stop()
        with pytest.raises(grpc.RpcError) as down:
            guess(players[2], other)
        assert down.value.code() == grpc.StatusCode.UNAVAILABLE
        server.start()
        wait(stub, game_id, lambda s: s.status == "running")
        view = to_data(
            stub.GetGame(
                session_pb2.GetGameRequest(game_id=game_id, token=players[0].player_token)
            ).duel
        )
        assert [row["letters"] for row in view["you"]["grid"]["rows"]] == [other]
        for player in (players[0], players[2]):
            guess(player, secret)
        over = wait(stub, game_id, lambda s: s.status == "over")
        record = to_data(stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)).duel)
        names = {player.id: player.name for player in over.players}
        guesses = [
            (names[player], letters) for player, letters, _ in record["rounds"][0]["guesses"]
        ]
        assert sorted(guesses) == sorted(
            [("P0", other), ("P0", secret), ("P1", secret), ("P2", secret)]
        )


def test_a_redis_restart_loses_no_acknowledged_placement_of_an_indecix_match(
    platform: Platform, server: EmbeddedRedis
) -> None:
    """An Indecix match across a Redis restart: a placement while it is down is unavailable and
    changes nothing; the dice placed before are on the grid after, a placement retried under
    its request_id is taken once, and the match plays to its end with every acknowledged
    placement in its record, which replays to the same final state."""
    with open_channel(platform.address, platform.gateway_token) as channel:
        stub = session_pb2_grpc.SessionStub(channel)
        table = Table(stub)
        game_id = table.game_id
        stub.Start(session_pb2.GameCommand(game_id=game_id, token=table.created.organiser_token))
        acknowledged: dict[int, dict[str, Any]] = {}  # roll: what Act answered

        def spectated() -> dict[str, Any]:
            return view_in(stub.GetGame(session_pb2.GetGameRequest(game_id=game_id)))

        def next_placement() -> session_pb2.ActRequest | None:
            """The open die on its player's first legal cell, under a request_id (``None`` once
            the match is over)."""
            turn = table.to_play()
            if turn is None:
                return None
            name, seen = turn
            roll = seen["current"]["roll"]
            action = indecix_pb2.IndecixAction(cell=seen["you"]["legal_cells"][0], roll=roll)
            return session_pb2.ActRequest(
                game_id=game_id, token=table.token(name), indecix=action, request_id=f"r{roll}"
            )

        def take(request: session_pb2.ActRequest) -> None:
            answer = stub.Act(request, timeout=10)
            assert not answer.replayed
            acknowledged[request.indecix.roll] = to_data(answer.indecix)

        last: session_pb2.ActRequest | None = None
        for _ in range(7):
            last = next_placement()
            assert last is not None
            take(last)
        assert last is not None
        pending = next_placement()
        assert pending is not None
        before = spectated()
        assert before["current"]["roll"] == pending.indecix.roll

        server.stop()  # a clean shutdown: the append-only file is complete
        with pytest.raises(grpc.RpcError) as down:
            stub.Act(pending, timeout=10)
        assert down.value.code() == grpc.StatusCode.UNAVAILABLE
        server.start()  # the same port and data directory
        back = wait(stub, game_id, lambda s: s.status == "running")
        assert back.phase == "turn"
        after = spectated()
        assert after == before  # the same grid, scores and open die: nothing taken while down
        placed = {line["roll"]: line for line in after["history"] if line["placed"]}
        assert placed.keys() == acknowledged.keys()
        for roll, line in placed.items():  # a view's history: the results less the scores
            assert line == {k: v for k, v in acknowledged[roll].items() if k != "scores"}

        again = stub.Act(last, timeout=10)  # acknowledged before the restart, asked again
        assert again.replayed
        assert to_data(again.indecix) == acknowledged[last.indecix.roll]
        assert spectated() == before
        take(pending)  # refused while Redis was down: taken now, under the same request_id
        assert spectated()["roll"] > before["roll"]
        again = stub.Act(pending, timeout=10)
        assert again.replayed
        assert to_data(again.indecix) == acknowledged[pending.indecix.roll]

        while (request := next_placement()) is not None:
            take(request)
        over = wait(stub, game_id, lambda s: s.status == "over")
        final = view_in(over)
        record = to_data(stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)).indecix)
        assert record["over"]
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


def test_a_redis_restart_loses_no_acknowledged_confirm_of_a_duplikta_game(
    platform: Platform, server: EmbeddedRedis
) -> None:
    """A dupliKta game of two people, the clock on, across a Redis restart mid-turn (one player
    confirmed, the other not yet): a confirm while it is down is unavailable and changes
    nothing; the confirms acknowledged before are in the game after, a confirm (and a request
    at the loupe) retried under its request_id is taken once, and the game plays to its end
    with every acknowledged confirm in its record, which replays to the same final state."""
    with open_channel(platform.address, platform.gateway_token) as channel:
        stub = session_pb2_grpc.SessionStub(channel)
        table = DupliktaTable(stub, clock=300, tile_set=SMALL_SET)
        game_id = table.game_id
        stub.Start(session_pb2.GameCommand(game_id=game_id, token=table.created.organiser_token))
        acknowledged: dict[tuple[int, str], dict[str, Any]] = {}  # (turn, name): Act's answer

        def spectated() -> dict[str, Any]:
            return view_in(stub.GetGame(session_pb2.GetGameRequest(game_id=game_id)))

        def take(request: session_pb2.ActRequest) -> None:
            answer = stub.Act(request, timeout=10)
            assert not answer.replayed
            name = request.request_id.split("-")[0]
            acknowledged[(request.duplikta.turn, name)] = told(to_data(answer.duplikta))

        turn = 1
        for _ in range(2):  # two turns before the restart
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
        pending = confirm_request(table, "Bob", turn)
        before = wait_for(  # a spectator's view tells it within half a second
            lambda: (
                (v := spectated()) and [p["confirmed"] for p in v["players"]] == [True, False] and v
            )
        )

        server.stop()  # a clean shutdown: the append-only file is complete
        with pytest.raises(grpc.RpcError) as down:
            stub.Act(pending, timeout=10)
        assert down.value.code() == grpc.StatusCode.UNAVAILABLE
        server.start()  # the same port and data directory
        back = wait(stub, game_id, lambda s: s.status == "running")
        assert (back.phase, back.turn) == ("turn", turn)
        time.sleep(SPECTATOR_VIEW_SECONDS + 0.05)  # the view every spectator shares, built anew
        after = spectated()
        assert steady(after) == steady(before)  # the same board, sheet, confirms and deadline
        assert confirms_in(table, after["sheet"]) == {
            key: value for key, value in acknowledged.items() if key[0] < turn
        }

        again = stub.Act(last, timeout=10)  # acknowledged before the restart, asked again
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
        take(pending)  # refused while Redis was down: taken now, under the same request_id
        again = stub.Act(pending, timeout=10)
        assert again.replayed
        assert told(to_data(again.duplikta)) == acknowledged[(turn, "Bob")]

        while (opened := table.next_turn(turn))["stage"] != "over":
            turn = opened["turn"]
            for name in NAMES:
                take(confirm_request(table, name, turn))
        over = wait(stub, game_id, lambda s: s.status == "over")
        final = view_in(over)
        record = to_data(stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)).duplikta)
        assert record["over"]
        assert turn > 3  # turns played after the restart too
        faulted_game_over(stub, table, record, final, over.server_time_ms, acknowledged)
        bob = record["sheet"][faulted - 1]["players"][table.id_of("Bob")]
        assert bob["exchanges"] == [kept["exchange"]]
