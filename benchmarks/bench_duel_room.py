"""Benchmark of a Duel de Mots room's steps on the rules alone, by the room's size.

Run: ``python benchmarks/bench_duel_room.py [--players N ...] [--repeat R] [--json]``. For each
size (default 1,000, 4,000 and 10,000 players, seated one by one as a room's joins are, then a
round opened with one guess from each), the time of what the session does at each step or
read: ``load`` (a saved game back to its state), ``save``, ``attach`` and ``detach`` (the state
from its rest and parts, and back), a spectator's ``view``, ``judge`` (one guess against the
context), and the ``close`` of the round. Each figure is the best of ``--repeat`` runs (default
3), in ms. The last column is the ratio of the largest room's time to the smallest's: a step
that grows with the room as it should is near the ratio of their sizes (10 by default), one
that grows faster (a player looked up in a list per player) shows at once.
"""

from __future__ import annotations

import argparse
import copy
import json
import time
from collections.abc import Callable, Sequence
from typing import Any

from arbitre.engine.duel_words import load
from arbitre.rules.kinds import kind
from arbitre.rules.kinds.base import Setup, Viewer

DUEL: Any = kind("duel")
SIZES = (1_000, 4_000, 10_000)
STEPS = ("load", "save", "attach", "detach", "view", "judge", "close")


def best_ms(action: Callable[[], object], repeat: int) -> float:
    """The shortest of ``repeat`` runs of ``action``, in ms."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return min(times)


def room(players: int) -> tuple[Any, Any]:
    """A room of ``players`` seated one by one, its round open, one guess from each; and its
    word list."""
    words = load("en")
    config = DUEL.configure({"rounds": 1, "seats": 0, "round_seconds": 180})
    state = DUEL.new_game(config, Setup("bench", 11, ("p0", "p1")), words)
    for number in range(2, players):
        DUEL.seat(state, f"p{number}", 0)
    DUEL.open_next(state, 1_000)
    word = state.secrets.words[0]
    other = next(w for w in sorted(words.guesses) if w != word)
    for number in range(players):
        DUEL.act(state, f"p{number}", {"guess": other, "round": 1}, 2_000 + number)
    return state, words


def measure(players: int, repeat: int) -> dict[str, float]:
    """Every step's time for a room of ``players``."""
    state, words = room(players)
    saved = DUEL.save(state)
    rest, parts, orders = DUEL.detach(state)
    context = DUEL.context(state)
    last = f"p{players - 1}"
    word = state.secrets.words[0]
    return {
        "load": best_ms(lambda: DUEL.load(saved, words), repeat),
        "save": best_ms(lambda: DUEL.save(state), repeat),
        "attach": best_ms(lambda: DUEL.attach(rest, parts, orders, words), repeat),
        "detach": best_ms(lambda: DUEL.detach(state), repeat),
        "view": best_ms(lambda: DUEL.view(state, Viewer(None), 3_000), repeat),
        "judge": best_ms(
            lambda: DUEL.judge(
                context, DUEL.part(state, last), last, {"guess": word, "round": 1}, 3_000, words
            ),
            repeat,
        ),
        "close": best_ms(lambda: DUEL.close(copy.deepcopy(state), 200_000), 1),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args(argv)
    sizes = sorted(arguments.players)
    figures = {size: measure(size, arguments.repeat) for size in sizes}
    growth = sizes[-1] / sizes[0]
    ratios = {step: figures[sizes[-1]][step] / max(figures[sizes[0]][step], 1e-6) for step in STEPS}
    if arguments.json:
        print(json.dumps({"sizes": sizes, "ms": figures, "ratio": ratios, "size_ratio": growth}))
        return 0
    print(f"{'step':<8}" + "".join(f"{size:>12,}" for size in sizes) + f"{'ratio':>10}")
    for step in STEPS:
        row = "".join(f"{figures[size][step]:>10.1f}ms" for size in sizes)
        print(f"{step:<8}{row}{ratios[step]:>9.1f}x")
    print(f"(rooms {growth:.0f}x larger: a step that grows with the room is near {growth:.0f}x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
