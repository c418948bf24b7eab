"""Benchmark of a duplicate simultané on the game kinds' seam against the session's own
duplicate path, end to end over gRPC: the same seed, configuration and answers on both.

Run: ``python benchmarks/bench_duplicate_seam.py [--players N ...] [--json]``. It starts the four
services on an embedded Redis of its own (nothing else is touched), then for each size (default
200 and 1,000 players) and each path creates a game, seats the players, starts it and has every
player answer one of the turn's 200 best moves, one after another from one client, then waits
for the reveal.
Reported, in ms, per path: ``join`` (one join, the mean), ``answer_p50`` and ``answer_p99`` (one
answer), ``close`` (from the last answer to the turn revealed), ``player_view`` (a player's
GetGame, the mean of 20), ``spectator_view`` (likewise), ``standings_page`` (the first 50 lines,
the mean of 20); and the ratio seam / own path for each. A ratio above 1 is what the seam still
costs more than the path it is to replace (issue 14, docs/kinds.md).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

from arbitre.api.kind_parts import part
from arbitre.api.proto_data import fill
from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.rules.board import Board
from arbitre.rules.kinds import kind
from arbitre.services.internal_auth import open_channel
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.platform import start_platform
from arbitre.services.redis_server import EmbeddedRedis, connect
from arbitre.v1 import common_pb2, duplicate_pb2, session_pb2, session_pb2_grpc

SIZES = (200, 1_000)
SEED = 77
SETTINGS: dict[str, Any] = {"max_turns": 2, "seconds_per_turn": 600}
#: How many different moves the players answer.
MOVES = 200
FIGURES = (
    "join",
    "answer_p50",
    "answer_p99",
    "close",
    "player_view",
    "spectator_view",
    "standings_page",
)
#: How long a run waits for the session's clock to reveal a turn.
REVEAL_WAIT_SECONDS = 120.0


@contextmanager
def services() -> Iterator[Any]:
    """A session stub over the four services on an embedded Redis of their own."""
    with (
        tempfile.TemporaryDirectory() as scratch,
        EmbeddedRedis(data_dir=Path(scratch), persistence=False) as server,
    ):
        running = start_platform(LexiconRegistry(), connect(server.url))
        try:
            with open_channel(running.address, running.gateway_token) as channel:
                stub: Any = session_pb2_grpc.SessionStub(channel)  # type: ignore[no-untyped-call]
                yield stub
        finally:
            running.stop(0)


def create(stub: Any, on_seam: bool) -> Any:
    """A game of the benchmark's settings on the seam (typed) or on the own path (JSON)."""
    if on_seam:
        return stub.CreateGame(
            session_pb2.CreateGameRequest(
                kind=common_pb2.GAME_KIND_DUPLICATE,
                duplicate=fill(duplicate_pb2.DuplicateConfig(), SETTINGS),
                has_seed=True,
                seed=SEED,
            )
        )
    return stub.CreateGame(
        session_pb2.CreateGameRequest(
            kind=common_pb2.GAME_KIND_DUPLICATE,
            config_json=json.dumps(SETTINGS),
            has_seed=True,
            seed=SEED,
        )
    )


def mean_ms(action: Callable[[], object], times: int) -> float:
    started = time.perf_counter()
    for _ in range(times):
        action()
    return (time.perf_counter() - started) * 1000 / times


def answers(stub: Any, seam_game: str, token: str) -> list[str]:
    """The open turn's :data:`MOVES` best moves, from the engine (the benchmark's knowledge
    only): the players' answers, player ``n`` the ``n % MOVES``-th, as a simultané's answers
    are a few hundred moves."""
    found = part(stub.GetGame(session_pb2.GetGameRequest(game_id=seam_game, token=token)), "view")
    assert found is not None
    view = found[1]
    config = kind("duplicate").configure(SETTINGS).game
    referee = MoveGeneratorReferee(load_lexicon(config.lexicon), config)
    board = Board.from_rows(view["board"], config.layout)
    found_moves = referee.robot_moves(board, view["tiles"], MOVES, False).moves
    assert found_moves
    return [move.notation for move in found_moves]


def measure(stub: Any, players: int) -> dict[str, dict[str, float]]:
    """Every figure for a simultané of ``players`` on each path."""
    games = {path: create(stub, path == "seam") for path in ("seam", "own")}
    tokens: dict[str, list[str]] = {}
    figures: dict[str, dict[str, float]] = {}
    for path, game in games.items():
        started = time.perf_counter()
        tokens[path] = [
            stub.Join(session_pb2.JoinRequest(game_id=game.game_id, name=f"P{n}")).player_token
            for n in range(players)
        ]
        figures[path] = {"join": (time.perf_counter() - started) * 1000 / players}
        stub.Start(session_pb2.GameCommand(game_id=game.game_id, token=game.organiser_token))
    moves = answers(stub, games["seam"].game_id, tokens["seam"][0])
    for path, game in games.items():
        game_id = game.game_id
        first = tokens[path][0]
        as_player = session_pb2.GetGameRequest(game_id=game_id, token=first)
        as_spectator = session_pb2.GetGameRequest(game_id=game_id)
        page = session_pb2.GetStandingsRequest(game_id=game_id, offset=0, limit=50)
        figures[path]["player_view"] = mean_ms(partial(stub.GetGame, as_player), 20)
        figures[path]["spectator_view"] = mean_ms(partial(stub.GetGame, as_spectator), 20)
        latencies = []
        for number, token in enumerate(tokens[path]):
            move = moves[number % len(moves)]
            started = time.perf_counter()
            if path == "seam":
                action = duplicate_pb2.DuplicateAction(move=move, turn=1)
                stub.Act(session_pb2.ActRequest(game_id=game_id, token=token, duplicate=action))
            else:
                stub.Answer(
                    session_pb2.AnswerRequest(game_id=game_id, turn=1, token=token, move=move)
                )
            latencies.append((time.perf_counter() - started) * 1000)
        answered = time.perf_counter()
        give_up = answered + REVEAL_WAIT_SECONDS
        while not _closed(stub, game_id):
            if time.perf_counter() > give_up:
                raise TimeoutError(f"{path}: the turn was not revealed")
            time.sleep(0.005)
        figures[path]["close"] = (time.perf_counter() - answered) * 1000
        latencies.sort()
        figures[path]["answer_p50"] = statistics.median(latencies)
        figures[path]["answer_p99"] = latencies[min(len(latencies) - 1, len(latencies) * 99 // 100)]
        figures[path]["standings_page"] = mean_ms(partial(stub.GetStandings, page), 20)
    return figures


def _closed(stub: Any, game_id: str) -> bool:
    """Whether the game's first turn is closed (revealed, or the next one open)."""
    state = stub.GetGame(session_pb2.GetGameRequest(game_id=game_id))
    return bool(state.turn > 1 or state.phase == "reveal" or state.status == "over")


def report(sizes: Sequence[int]) -> dict[str, Any]:
    with services() as stub:
        results = {str(size): measure(stub, size) for size in sizes}
    ratios = {
        size: {
            figure: round(paths["seam"][figure] / paths["own"][figure], 2)
            if paths["own"][figure] > 0
            else None
            for figure in FIGURES
        }
        for size, paths in results.items()
    }
    rounded = {
        size: {path: {k: round(v, 2) for k, v in got.items()} for path, got in paths.items()}
        for size, paths in results.items()
    }
    return {"sizes": list(sizes), "ms": rounded, "seam_over_own": ratios}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    arguments = parser.parse_args(argv)
    found = report(arguments.players)
    if arguments.json:
        print(json.dumps(found))
        return
    for size in found["sizes"]:
        print(f"{size} players (ms)      {'seam':>10} {'own path':>10} {'ratio':>7}")
        paths = found["ms"][str(size)]
        for figure in FIGURES:
            ratio = found["seam_over_own"][str(size)][figure]
            print(
                f"  {figure:<18} {paths['seam'][figure]:>10.2f} {paths['own'][figure]:>10.2f}"
                f" {ratio if ratio is not None else '-':>7}"
            )


if __name__ == "__main__":
    main()
