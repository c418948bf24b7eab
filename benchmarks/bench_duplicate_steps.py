"""Benchmark of a duplicate simultané's steps as the session stores them, turn after turn: its
closed turns saved inside the state (as before the chapters) against kept apart
(:class:`~arbitre.rules.kinds.base.Chaptered`: written once, read back once per process).

Run: ``python benchmarks/bench_duplicate_steps.py [--players N] [--turns T] [--json]``. A game
of N players (default 10,000) plays T turns (default 8), every player answering the top. At
each turn's close, each way's *step* is what the session does under the game's lock around
the close: read the state back (JSON, then ``attach`` with the open turn's parts) and write it
(``detach`` to JSON), with the bytes of the saved state. The closed turns kept apart are read
back as the session does: once (the last column: a replica that did not write it), then from
its memory. The last line is each way's last turn over its first: a step that does not grow
with the turns played stays near 1.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from typing import Any

from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.rules.kinds.base import Setup
from arbitre.rules.kinds.duplicate import DUPLICATE


def step_ms(state: Any, tools: Any, apart: bool) -> tuple[float, int]:
    """One step's read and write of ``state`` (ms), and the bytes of the state saved. Kept
    apart, the closed turns are in the process's memory (it wrote or read each once)."""
    if apart:
        rest, parts, orders = DUPLICATE.detach_open(state)
        known = tuple(DUPLICATE.chapters(state))
    else:
        rest, parts, orders = DUPLICATE.detach(state)
    saved = json.dumps(rest)
    stored = {player: json.dumps(part) for player, part in parts.items()}
    started = time.perf_counter()
    loaded = {player: json.loads(part) for player, part in stored.items()}
    if apart:
        again = DUPLICATE.attach_open(json.loads(saved), loaded, orders, known, tools)
    else:
        again = DUPLICATE.attach(json.loads(saved), loaded, orders, tools)
    json.dumps(DUPLICATE.detach_open(again)[0] if apart else DUPLICATE.detach(again)[0])
    return (time.perf_counter() - started) * 1000, len(saved)


def chapter_ms(state: Any) -> float:
    """What reading the last closed turn back costs a process that has not (once), in ms."""
    text = json.dumps(DUPLICATE.chapter_data(DUPLICATE.chapters(state)[-1]))
    started = time.perf_counter()
    DUPLICATE.chapter_from(json.loads(text), state.config)
    return (time.perf_counter() - started) * 1000


def measure(players: int, turns: int) -> list[dict[str, float]]:
    """Each turn's step both ways, in ms, and the saved state's bytes."""
    config = DUPLICATE.configure({"max_turns": turns})
    tools = MoveGeneratorReferee(load_lexicon("fr"), config.game)
    names = tuple(f"p{n}" for n in range(players))
    state = DUPLICATE.new_game(config, Setup("bench", 7, names), tools)
    rows = []
    now = 1_000_000
    for _ in range(turns):
        DUPLICATE.open_next(state, now)
        top = state.game.current_top
        if top is None:
            break
        move = top.move.notation()
        for player in names:
            DUPLICATE.act(state, player, {"move": move}, now + 1_000)
        whole, whole_bytes = step_ms(state, tools, False)
        apart, apart_bytes = step_ms(state, tools, True)
        DUPLICATE.close(state, now + 2_000)
        rows.append(
            {
                "whole_ms": whole,
                "whole_bytes": whole_bytes,
                "apart_ms": apart,
                "apart_bytes": apart_bytes,
                "chapter_ms": chapter_ms(state),
            }
        )
        now += 200_000
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--turns", type=int, default=8)
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args(argv)
    rows = measure(arguments.players, arguments.turns)
    if arguments.json:
        print(json.dumps({"players": arguments.players, "turns": rows}))
        return 0
    print(f"{arguments.players:,} players; each turn's step (read and write the state, ms)")
    print("| turn | turns inside: ms | bytes | turns apart: ms | bytes | ratio | read it once |")
    print("|---|---|---|---|---|---|---|")
    for number, row in enumerate(rows, start=1):
        print(
            f"| {number} | {row['whole_ms']:.0f} | {row['whole_bytes']:,} | "
            f"{row['apart_ms']:.0f} | {row['apart_bytes']:,} | "
            f"{row['whole_ms'] / row['apart_ms']:.1f}x | {row['chapter_ms']:.0f} |"
        )
    first, last = rows[0], rows[-1]
    print(
        f"last turn over first: inside {last['whole_ms'] / first['whole_ms']:.1f}x, "
        f"apart {last['apart_ms'] / first['apart_ms']:.1f}x"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
