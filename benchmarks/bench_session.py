"""Benchmark of the answer path of a game: latency of one answer through the session service
(gRPC) and through the gateway (HTTP), against a bare scoring ``Judge`` call measured in the same
run, and the time to close a turn of N players.

Run: ``python benchmarks/bench_session.py [--players N] [--threads T] [--json]``. Starts an
embedded Redis (or uses ``REDIS_URL``'s database 15, flushed), the four services on one gRPC
server and the gateway on werkzeug's threaded server, all in this process. One game of N players
(default 300), a long clock; every player answers turn 1 twice (the last counts) from T client
threads (default 8): first over gRPC, then (new game) over HTTP. Reports median and p99 latency
of each path, answers per second, and the ratio of the session's answer to the bare ``Judge``
(what the session adds: a Redis read, the Lua script, an event). Then every player of the gRPC
game has answered, and the time until the turn is revealed is the close of N answers.
"""

from __future__ import annotations

import argparse
import json
import statistics
import threading
import time
import urllib.request
from collections.abc import Callable, Sequence
from concurrent import futures
from typing import TYPE_CHECKING, Any

import grpc
from werkzeug.serving import make_server

from arbitre.api.kind_parts import part
from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.movegen import MoveGenerator
from arbitre.gateway import GatewayConfig, create_app
from arbitre.rules import Board
from arbitre.services.internal_auth import open_channel
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.platform import start_platform
from arbitre.services.redis_server import EmbeddedRedis, connect, redis_url
from arbitre.v1 import (
    common_pb2,
    duplicate_pb2,
    scoring_pb2,
    scoring_pb2_grpc,
    session_pb2,
    session_pb2_grpc,
)

if TYPE_CHECKING:
    from benchmarks.bench_movegen import machine, p95
else:
    from bench_movegen import machine, p95


def p99(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def timed(calls: Sequence[Callable[[], Any]], threads: int) -> tuple[list[float], float]:
    """Each call's latency (ms) and the wall time (s), ``threads`` at a time."""
    latencies: list[float] = []
    lock = threading.Lock()

    def run(call: Callable[[], Any]) -> None:
        began = time.perf_counter()
        call()
        spent = (time.perf_counter() - began) * 1000
        with lock:
            latencies.append(spent)

    began = time.perf_counter()
    with futures.ThreadPoolExecutor(threads) as pool:
        list(pool.map(run, calls))
    return latencies, time.perf_counter() - began


def summary(latencies: list[float], wall: float) -> dict[str, float]:
    return {
        "median_ms": round(statistics.median(latencies), 3),
        "p95_ms": round(p95(latencies), 3),
        "p99_ms": round(p99(latencies), 3),
        "per_second": round(len(latencies) / wall, 1),
    }


def new_game(stub: Any, players: int) -> tuple[str, list[str], dict[str, Any]]:
    """A duplicate game of ``players`` started, their tokens, and its first turn's view."""
    created = stub.CreateGame(
        session_pb2.CreateGameRequest(
            kind=common_pb2.GAME_KIND_DUPLICATE,
            duplicate=duplicate_pb2.DuplicateConfig(max_turns=2, seconds_per_turn=600),
            has_seed=True,
            seed=9,
        )
    )
    tokens = [
        stub.Join(session_pb2.JoinRequest(game_id=created.game_id, name=f"P{i}")).player_token
        for i in range(players)
    ]
    stub.Start(session_pb2.GameCommand(game_id=created.game_id, token=created.organiser_token))
    while True:  # the first turn opens at the start's step
        found = part(stub.GetGame(session_pb2.GetGameRequest(game_id=created.game_id)), "view")
        if found is not None and found[1]["stage"] == "playing":
            return created.game_id, tokens, found[1]
        time.sleep(0.01)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args(argv)

    embedded = None
    url = redis_url()
    if url:
        url = url.rsplit("/", 1)[0] + "/15"
    else:
        embedded = EmbeddedRedis(persistence=False)
        embedded.start()
        url = embedded.url
    client = connect(url)
    client.flushdb()
    platform = start_platform(LexiconRegistry(), client)
    address = platform.address
    app = create_app(GatewayConfig.all_at(address, internal_token=platform.gateway_token))
    http = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=http.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{http.server_port}/v1"
    try:
        channel = open_channel(address, platform.gateway_token)
        stubs: dict[str, Any] = {
            "session": session_pb2_grpc.SessionStub,
            "scoring": scoring_pb2_grpc.ScoringStub,
        }
        session = stubs["session"](channel)
        scoring = stubs["scoring"](channel)
        results: dict[str, Any] = {"machine": machine(), "players": arguments.players}

        game_id, tokens, view = new_game(session, arguments.players)
        rack = view["tiles"]
        moves = MoveGenerator(load_lexicon("fr")).prepare(Board.from_rows(view["board"]))
        found = [move.notation for move in moves.moves(rack, 2)]
        position = common_pb2.Position(rows=view["board"], lexicon="fr")

        def judged(move: str) -> Callable[[], Any]:
            request = scoring_pb2.JudgeRequest(position=position, move=move, rack=rack)
            return lambda: scoring.Judge(request)

        judge = [judged(move) for move in found * arguments.players]
        for call in judge[:50]:
            call()  # warm-up: the lexicon is loaded, the board prepared
        latencies, wall = timed(judge, arguments.threads)
        results["judge_grpc"] = summary(latencies, wall)

        def answer(token: str, move: str) -> Callable[[], Any]:
            action = duplicate_pb2.DuplicateAction(move=move, turn=1)
            return lambda: session.Act(
                session_pb2.ActRequest(game_id=game_id, token=token, duplicate=action)
            )

        # Every player but one answers twice (the last counts); the last player's answer
        # completes the turn, which then closes at once.
        first, wall = timed([answer(token, found[1]) for token in tokens[:-1]], arguments.threads)
        second, wall_more = timed(
            [answer(token, found[0]) for token in tokens[:-1]], arguments.threads
        )
        results["answer_grpc"] = summary(first + second, wall + wall_more)
        answer(tokens[-1], found[0])()
        done_at = time.perf_counter()
        while True:
            try:
                session.GetTurn(session_pb2.GetTurnRequest(game_id=game_id, turn=1))
                break
            except grpc.RpcError:
                time.sleep(0.005)
        results["close_turn_ms"] = round((time.perf_counter() - done_at) * 1000, 1)

        game_id, tokens, view = new_game(session, arguments.players)
        moves = MoveGenerator(load_lexicon("fr")).prepare(Board.from_rows(view["board"]))
        move = moves.moves(view["tiles"], 1)[0].notation

        def post(token: str) -> Callable[[], Any]:
            def call() -> Any:
                request = urllib.request.Request(
                    f"{base}/games/{game_id}/actions",
                    json.dumps({"action": {"move": move, "turn": 1}}).encode(),
                    {"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
                )
                with urllib.request.urlopen(request, timeout=30) as response:
                    return response.read()

            return call

        latencies, wall = timed([post(token) for token in tokens[:-1]], arguments.threads)
        results["answer_http"] = summary(latencies, wall)
        results["answer_over_judge"] = round(
            results["answer_grpc"]["median_ms"] / results["judge_grpc"]["median_ms"], 2
        )
    finally:
        http.shutdown()
        platform.stop(0)
        if embedded is not None:
            embedded.stop()
    if arguments.json:
        print(json.dumps(results, indent=2))
    else:
        for key, value in results.items():
            print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
