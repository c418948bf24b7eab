"""Benchmark of judging answers: place + score + lexicon lookups, over every corpus position.

Run: ``python benchmarks/bench_scoring.py``. Replays the 2,504 plays of the recorded games in
``tests/data/corpus`` to collect real positions, then times, per answer (median over positions
of the best of several runs):

- ``place``, ``score`` and ``judge`` (both plus a lexicon lookup of every word formed);
- ``score_request``: a whole analysis request (board parsed from its 15 rows, move notation
  parsed, judged, result built);
- the baseline: ``json.loads`` of the same request line, measured in the same run;
- ``arbitre score`` end to end in a subprocess: answers per second over the whole corpus.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from arbitre.engine.analysis import Analyst
from arbitre.engine.judge import judge
from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.rules import (
    CLASSIC,
    DUPLICATE,
    SEVEN_AMONG_EIGHT,
    Board,
    Move,
    PlayRules,
    Rack,
    TileSet,
    place,
    score,
    tile_set,
)

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "data" / "corpus" / "games.jsonl"


@dataclass
class Position:
    board: Board
    move: Move
    rack: Rack
    tiles: TileSet
    rules: PlayRules
    lexicon: Lexicon
    request: str


def positions() -> list[Position]:
    """Every play of the corpus, with the board as it stood before it."""
    found = []
    lexicons = {language: load_lexicon(language) for language in ("fr", "en")}
    for line in CORPUS.read_text(encoding="utf-8").splitlines():
        game = json.loads(line)
        tiles = tile_set(game["language"])
        rules = CLASSIC if game["variant"] == "classic" else DUPLICATE
        if game.get("eliot_variant") == "7among8":
            rules = SEVEN_AMONG_EIGHT
        board = Board.empty()
        previous = None
        for turn in game["turns"]:
            kind = turn.get("type", "play")
            if kind == "withdrawn" and previous is not None:
                board.remove((row, col) for row, col, _ in previous.new_tiles)
            if kind != "play":
                continue
            move = Move.from_notation(turn["position"], turn["word"])
            request = {
                "board": board.rows(),
                "move": move.notation(),
                "rack": turn["rack"],
                "tiles": game["language"],
                "rules": rules.name,
            }
            found.append(
                Position(
                    board.copy(),
                    move,
                    Rack.from_text(turn["rack"]),
                    tiles,
                    rules,
                    lexicons[game["language"]],
                    json.dumps(request),
                )
            )
            previous = place(board, move, tiles, rules)
            board.apply(previous)
    return found


def per_call_microseconds(
    action: Callable[[], object], repeats: int = 5, number: int = 20
) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(number):
            action()
        best = min(best, (time.perf_counter() - start) / number)
    return best * 1e6


def main() -> None:
    cases = positions()
    analyst = Analyst()
    timings: dict[str, list[float]] = {
        "json.loads (baseline)": [],
        "place": [],
        "score": [],
        "judge": [],
        "score_request": [],
    }
    for case in cases:
        placement = place(case.board, case.move, case.tiles, case.rules, case.rack)
        request = json.loads(case.request)
        actions: dict[str, Callable[[], object]] = {
            "json.loads (baseline)": partial(json.loads, case.request),
            "place": partial(place, case.board, case.move, case.tiles, case.rules, case.rack),
            "score": partial(score, case.board, placement, case.tiles, case.rules),
            "judge": partial(
                judge, case.board, case.move, case.tiles, case.rules, case.lexicon, case.rack
            ),
            "score_request": partial(analyst.score_request, request),
        }
        for name, action in actions.items():
            timings[name].append(per_call_microseconds(action))
    baseline = statistics.median(timings["json.loads (baseline)"])
    print(f"{len(cases)} corpus positions\n")
    print("| per answer | median µs | p90 µs | × json.loads |")
    print("|---|---|---|---|")
    for name, values in timings.items():
        values.sort()
        median = statistics.median(values)
        p90 = values[int(len(values) * 0.9)]
        print(f"| {name} | {median:.1f} | {p90:.1f} | {median / baseline:.1f} |")

    stdin = "\n".join(case.request for case in cases).encode() + b"\n"
    start = time.perf_counter()
    completed = subprocess.run(
        [sys.executable, "-m", "arbitre", "score"],
        input=stdin,
        capture_output=True,
        check=True,
    )
    elapsed = time.perf_counter() - start
    lines = completed.stdout.splitlines()
    assert len(lines) == len(cases)
    legal = sum(json.loads(line)["legal"] for line in lines)
    print(
        f"\n`arbitre score` end to end: {len(cases)} lines in {elapsed:.2f} s "
        f"= {len(cases) / elapsed:,.0f} answers/s (process start and lexicon load included; "
        f"{legal} legal)"
    )


if __name__ == "__main__":
    main()
