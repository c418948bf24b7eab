"""Benchmark of a Duel de Mots room's record replayed, by the room's size.

Run: ``python benchmarks/bench_duel_replay.py [--players N ...] [--rounds R] [--guesses G]
[--json]``. For each size (default 2,000 and 10,000 players), a room is played through the
kind's own API (:func:`played_room`: everyone seated one by one before the first round, then
each round G guesses a player at random times, some of them leaving and coming back, some
joining during a round), its record written as JSON and read back, and ``DuelKind.replay``
timed on it once, in wall-clock and CPU seconds (``DuelKind.act`` for every guess, the seats,
the leaves and the closes: the session's per-guess path and its whole-state steps, on the rules
alone). The last line is the ratio of the largest room's CPU time to the smallest's, against the
ratio of their guesses: a replay that grows with the record is near the latter (a little above:
the garbage collector's passes over a larger heap).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import time
from collections.abc import Sequence
from typing import Any

from arbitre.engine.duel_words import load
from arbitre.rules.kinds import kind
from arbitre.rules.kinds.base import ActionRefusedError, Setup

DUEL: Any = kind("duel")
SIZES = (2_000, 10_000)


def played_room(
    players: int, rounds: int = 3, guesses: int = 5, seed: int = 1, language: str = "en"
) -> dict[str, Any]:
    """The record (as JSON reads it back) of a finished room of ``players`` played through the
    kind's API with random guesses from the shipped ``language`` list: everyone seated one by
    one before the first round; in each round, each player's ``guesses`` tries spread over the
    first 100 s of the clock (120 s), the last one finding the word for 30 % of them (so the
    closing window opens late and takes most of the guesses); 1 % of the players (one at least)
    leave during a round and come back before the next, and as many newcomers join during a
    round but the last. What the rules refuse (a guess after the round's end, a seat in a full
    room) is left out, as a session would."""
    words = load(language)
    config = DUEL.configure({"rounds": rounds, "seats": 0, "round_seconds": 120})
    state = DUEL.new_game(config, Setup("replay", seed, ()), words)
    draw = random.Random(seed)
    pool = sorted(words.guesses)
    for number in range(players):
        DUEL.seat(state, f"p{number}", number)
    now = players
    span = 100_000 // guesses
    for number in range(1, rounds + 1):
        DUEL.open_next(state, now)
        opened = state.table.rounds[-1]
        word = state.secrets.words[number - 1]
        misses = [w for w in pool if w != word]
        steps: list[tuple[int, int, str, str]] = []  # (at, step, player, letters)
        for player in opened.players:
            tried = draw.sample(misses, guesses)
            if draw.random() < 0.3:
                tried[-1] = word
            for index, letters in enumerate(tried):
                steps.append((now + index * span + draw.randrange(span), 0, player, letters))
        gone = draw.sample(opened.players, max(1, len(opened.players) // 100))
        steps += [(now + draw.randrange(100_000), 1, player, "") for player in gone]
        if number < rounds:
            late = [f"n{number}-{n}" for n in range(len(gone))]
            steps += [(now + draw.randrange(100_000), 2, player, "") for player in late]
        for at_ms, step, player, letters in sorted(steps):
            with contextlib.suppress(ActionRefusedError):
                if step == 0:
                    DUEL.act(state, player, {"guess": letters, "round": number}, at_ms)
                elif step == 1:
                    DUEL.leave(state, player, at_ms)
                else:
                    DUEL.seat(state, player, at_ms)
        now = DUEL.phase(state, now).due_ms
        DUEL.close(state, now)
        now += 1_000
        for player in gone if number < rounds else ():
            with contextlib.suppress(ActionRefusedError):  # table_full: newcomers took the seats
                DUEL.seat(state, player, now)
    record: dict[str, Any] = json.loads(json.dumps(DUEL.record(state)))
    return record


def guesses_of(record: dict[str, Any]) -> int:
    """How many guesses ``record`` holds."""
    return sum(len(r["guesses"]) for r in record["rounds"])


def measure(players: int, rounds: int, guesses: int) -> dict[str, float]:
    """A room of ``players``: its guesses and seating changes, and its replay's time in s (wall
    clock and the process's CPU)."""
    record = played_room(players, rounds, guesses)
    words = load(record["config"]["language"])
    started, cpu = time.perf_counter(), time.process_time()
    DUEL.replay(record, words)
    return {
        "guesses": guesses_of(record),
        "seating": len(record["seating"]),
        "replay_s": time.perf_counter() - started,
        "replay_cpu_s": time.process_time() - cpu,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--guesses", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args(argv)
    sizes = sorted(arguments.players)
    figures = {size: measure(size, arguments.rounds, arguments.guesses) for size in sizes}
    small, large = figures[sizes[0]], figures[sizes[-1]]
    ratio = large["replay_cpu_s"] / max(small["replay_cpu_s"], 1e-9)
    growth = large["guesses"] / max(small["guesses"], 1)
    if arguments.json:
        print(json.dumps({"sizes": sizes, "figures": figures, "ratio": ratio, "growth": growth}))
        return 0
    print(
        "| players | guesses | seating changes | replay, wall (s) | replay, CPU (s) | µs a guess |"
    )
    print("|---|---|---|---|---|---|")
    for size in sizes:
        f = figures[size]
        per = f["replay_cpu_s"] / max(f["guesses"], 1) * 1e6
        print(
            f"| {size:,} | {f['guesses']:,.0f} | {f['seating']:,.0f} | {f['replay_s']:.2f} "
            f"| {f['replay_cpu_s']:.2f} | {per:.0f} |"
        )
    print(
        f"\nreplay {ratio:.1f}x the CPU for {growth:.1f}x the guesses (linear: about {growth:.1f}x)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
