"""Benchmark of one Duel de Mots guess through the session service, in CPU: a room of N
players, every guess taken once through the service's own method (no gRPC: what the session
does for a guess) and once over real gRPC from a client in the same process (what the gRPC
server and client add), against the rules' judge alone measured in the same run.

Run: ``python benchmarks/bench_duel_guess.py [--players N] [--guesses G] [--json]``. Starts an
embedded Redis (or uses ``REDIS_URL``'s database 15, flushed) and the four services on one gRPC
server in this process; creates a room (``seats`` 0) of N players (default 2,000), opens its
round and has G of them (default 2,000) guess a word of the list, one after the other from one
thread. The process's CPU time over the guesses, divided by their number, is a guess's CPU:
its ratio to the judge alone says what the session adds (reads, the keep script, the answer).
The figures are CPU, not latency: they hold on a loaded machine.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from arbitre.api.proto_data import fill
from arbitre.engine.duel_words import load
from arbitre.rules.kinds import kind
from arbitre.services.internal_auth import open_channel
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.platform import start_platform
from arbitre.services.redis_server import EmbeddedRedis, connect, redis_url
from arbitre.v1 import common_pb2, duel_pb2, session_pb2, session_pb2_grpc

DUEL: Any = kind("duel")


def cpu_per_call(calls: Sequence[Callable[[], object]]) -> float:
    """The process's CPU time per call, in ms, over ``calls`` made one after the other."""
    started = time.process_time()
    for call in calls:
        call()
    return (time.process_time() - started) * 1000 / len(calls)


def room(stub: Any, players: int) -> tuple[str, list[str], str]:
    """A started room of ``players``: its id, the players' tokens and the first one's id."""
    config = {"language": "en", "rounds": 1, "round_seconds": 180, "seats": 0}
    created = stub.CreateGame(
        session_pb2.CreateGameRequest(
            kind=common_pb2.GAME_KIND_WORD_DUEL,
            duel=fill(duel_pb2.DuelConfig(), config),
            has_seed=True,
            seed=7,
        )
    )
    joined = [
        stub.Join(session_pb2.JoinRequest(game_id=created.game_id, name=f"p{n}"))
        for n in range(players)
    ]
    tokens = [player.player_token for player in joined]
    command = session_pb2.GameCommand(game_id=created.game_id, token=created.organiser_token)
    stub.Start(command)
    return created.game_id, tokens, joined[0].player_id


def measure(players: int, guesses: int) -> dict[str, float]:
    embedded = None
    url = redis_url()
    if url:
        url = url.rsplit("/", 1)[0] + "/15"
    else:
        embedded = EmbeddedRedis(persistence=False)
        embedded.start()
        url = embedded.url
    database = connect(url)
    database.flushdb()
    running = start_platform(LexiconRegistry(), database)
    try:
        channel = open_channel(running.address, running.gateway_token)
        stub: Any = session_pb2_grpc.SessionStub(channel)  # type: ignore[no-untyped-call]
        words = load("en")
        service = running.session
        picked = random.Random(1).sample(sorted(words.guesses), 2)
        game_id, tokens, first = room(stub, players)
        count = min(guesses, len(tokens))

        def act(token: str, word: str, key: str) -> Callable[[], object]:
            request = session_pb2.ActRequest(
                game_id=game_id,
                token=token,
                request_id=key,
                duel=duel_pb2.DuelAction(guess=word, round=1),
            )
            return lambda: service._act(request)  # a guess without gRPC

        def over_grpc(token: str, word: str, key: str) -> Callable[[], object]:
            request = session_pb2.ActRequest(
                game_id=game_id,
                token=token,
                request_id=key,
                duel=duel_pb2.DuelAction(guess=word, round=1),
            )
            return lambda: stub.Act(request, timeout=30)

        direct = cpu_per_call([act(t, picked[0], f"a-{n}") for n, t in enumerate(tokens[:count])])
        remote = cpu_per_call(
            [over_grpc(t, picked[1], f"b-{n}") for n, t in enumerate(tokens[:count])]
        )
        context = service.parts.read(game_id, 1, first).context
        now = int(context["opened_ms"]) + 1
        judge = cpu_per_call(
            [
                lambda: DUEL.judge(
                    context, None, first, {"guess": picked[0], "round": 1}, now, words
                )
                for _ in range(count)
            ]
        )
        channel.close()
    finally:
        running.stop(0)
        if embedded is not None:
            embedded.stop()
    return {
        "players": players,
        "guesses": count,
        "judge_ms": round(judge, 4),
        "session_ms": round(direct, 3),
        "over_grpc_ms": round(remote, 3),
        "session_per_judge": round(direct / judge, 1),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--guesses", type=int, default=2000)
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args(argv)
    result = measure(arguments.players, arguments.guesses)
    if arguments.json:
        print(json.dumps(result))
    else:
        print(
            f"{result['players']:,} players, {result['guesses']:,} guesses: judge alone "
            f"{result['judge_ms']} ms CPU; a guess through the session {result['session_ms']} ms "
            f"({result['session_per_judge']}x the judge); over gRPC (server and client in this "
            f"process) {result['over_grpc_ms']} ms"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
