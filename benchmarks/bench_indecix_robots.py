"""Benchmark of the Indecix robots: each level's win rate against the others, and its time per
move.

Run: ``python benchmarks/bench_indecix_robots.py [--games N] [--level LEVEL ...] [--json]``.
Every pair of levels (``arbitre.engine.robots.indecix``, default all three) plays ``N`` seeded
games (default 1,000) through the game kind, as a table would: each robot is given only its own
view (``IndecixKind.view``) and answers a placement that the kind then takes. The games go in
twos, seeds 0, 1, 2, ...: the same seed (the same rolls, the same starter seat) twice, the
levels swapping seats, so that both meet the same luck (duplicate dice); an odd ``N`` plays the
last seed once. Reports, per pair, the first level's wins, losses and draws, its win rate (a
draw counts half) and its mean margin in points; per level, its win rate against all the
others, its mean score, and the time of a move (``choose`` on the view: mean, p50, p99, max, ms)
against the target: the strongest level under 100 ms a move.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import statistics
import time
from collections.abc import Sequence
from typing import Any

from arbitre.engine.robots.indecix import IndecixLevel, choose
from arbitre.rules.kinds.base import Setup, Viewer
from arbitre.rules.kinds.indecix import INDECIX

#: The strongest level's time a move must stay under (ms, mean).
TARGET_MS = 100.0
PLAYERS = ("p0", "p1")


def play(seed: int, levels: tuple[str, str], times: dict[str, list[float]]) -> tuple[int, int]:
    """One game of ``seed``, ``levels[0]`` at seat 0; both scores (seat 0 first). Each move's
    time is added to ``times`` under its level."""
    config = INDECIX.configure({})
    state = INDECIX.new_game(config, Setup(f"bench-{seed}", seed, PLAYERS), None)
    INDECIX.open_next(state, 0)
    while (roll := state.match.current) is not None:
        player = PLAYERS[roll.player]
        view = INDECIX.view(state, Viewer(player), 0)
        level = levels[roll.player]
        began = time.perf_counter()
        action = choose(view, level)
        times[level].append(time.perf_counter() - began)
        if action is None:
            raise AssertionError(f"{level} gave no placement for roll {roll.number}")
        INDECIX.act(state, player, action, 0)
    totals = {line.player: line.total for line in INDECIX.standings(state)}
    return totals[PLAYERS[0]], totals[PLAYERS[1]]


def bench_pair(
    first: str, second: str, games: int, times: dict[str, list[float]]
) -> dict[str, Any]:
    """``games`` games of ``first`` against ``second`` (see the module); its figures."""
    wins = losses = draws = 0
    margins: list[int] = []
    scores: dict[str, list[int]] = {first: [], second: []}
    for number in range(games):
        seed, swapped = divmod(number, 2)
        seats = (second, first) if swapped else (first, second)
        score = play(seed, seats, times)
        mine, theirs = (score[1], score[0]) if swapped else score
        scores[first].append(mine)
        scores[second].append(theirs)
        margins.append(mine - theirs)
        wins += mine > theirs
        losses += mine < theirs
        draws += mine == theirs
    return {
        "first": first,
        "second": second,
        "games": games,
        "wins": wins,
        "losses": losses,
        "draws": draws,
        "win_rate": round((wins + draws / 2) / games, 4),
        "mean_margin": round(statistics.fmean(margins), 2),
        "scores": scores,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, metavar="N", help="games per pair")
    parser.add_argument("--level", action="append", choices=[level.value for level in IndecixLevel])
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args(argv)
    levels = list(dict.fromkeys(arguments.level or [level.value for level in IndecixLevel]))
    if len(levels) < 2 or arguments.games < 1:
        parser.error("two levels or more, and one game or more")
    times: dict[str, list[float]] = {level: [] for level in levels}
    began = time.perf_counter()
    pairs = [
        bench_pair(first, second, arguments.games, times)
        for first, second in itertools.combinations(levels, 2)
    ]
    results: dict[str, Any] = {
        "games_per_pair": arguments.games,
        "seconds": round(time.perf_counter() - began, 1),
        "machine": f"{os.cpu_count()} cores, Python {platform.python_version()}",
        "pairs": [{k: v for k, v in pair.items() if k != "scores"} for pair in pairs],
        "levels": {},
    }
    order = [level.value for level in IndecixLevel]
    strongest = max(levels, key=order.index)
    for level in levels:
        wins = 0.0
        played = 0
        scores: list[int] = []
        for pair in pairs:
            if level not in (pair["first"], pair["second"]):
                continue
            flip = level == pair["second"]
            won = pair["losses"] if flip else pair["wins"]
            wins += won + pair["draws"] / 2
            played += pair["games"]
            scores.extend(pair["scores"][level])
        moves = sorted(times[level])
        mean_ms = statistics.fmean(moves) * 1000
        figures = {
            "win_rate": round(wins / played, 4),
            "mean_score": round(statistics.fmean(scores), 2),
            "moves": len(moves),
            "move_ms_mean": round(mean_ms, 2),
            "move_ms_p50": round(moves[len(moves) // 2] * 1000, 2),
            "move_ms_p99": round(moves[min(len(moves) - 1, int(0.99 * len(moves)))] * 1000, 2),
            "move_ms_max": round(moves[-1] * 1000, 2),
        }
        if level == strongest:
            figures["on_target"] = mean_ms < TARGET_MS
        results["levels"][level] = figures
    if arguments.json:
        print(json.dumps(results, indent=2))
    else:
        print_tables(results)
    return 0


def print_tables(results: dict[str, Any]) -> None:
    """``results`` as two Markdown tables (the pairs, then the levels)."""
    print(
        f"{results['seconds']} s, {results['games_per_pair']} games per pair, {results['machine']}"
    )
    print()
    print("| level | against | wins | losses | draws | win rate | mean margin (points) |")
    print("|---|---|---|---|---|---|---|")
    for pair in results["pairs"]:
        print(
            f"| {pair['first']} | {pair['second']} | {pair['wins']} | {pair['losses']} "
            f"| {pair['draws']} | {pair['win_rate']:.1%} | {pair['mean_margin']:+} |"
        )
    print()
    print(
        "| level | win rate against the others | mean score | moves "
        "| ms a move: mean / p50 / p99 / max | target |"
    )
    print("|---|---|---|---|---|---|")
    for level, figures in results["levels"].items():
        target = ""
        if "on_target" in figures:
            target = f"< {TARGET_MS:.0f} ms: {'yes' if figures['on_target'] else 'NO'}"
        print(
            f"| {level} | {figures['win_rate']:.1%} | {figures['mean_score']} "
            f"| {figures['moves']:,} | {figures['move_ms_mean']} / {figures['move_ms_p50']} / "
            f"{figures['move_ms_p99']} / {figures['move_ms_max']} | {target} |"
        )


if __name__ == "__main__":
    raise SystemExit(main())
