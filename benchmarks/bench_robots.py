"""Benchmark of the robots' strength: each level's average % of top over whole games.

Run: ``python benchmarks/bench_robots.py [--games N] [--turns T] [--json]``. Plays N seeded
duplicate games (default 50, seeds 0..N-1, FISF rules, French lexicon, cut at T turns, default
20) with three robots at the table, one per level (``arbitre.engine.robots.duplicate``); each
robot answers every turn as it would at a real table; the referee judges the answers and the
rules' standings give each robot's % of top per game. Reports, per level, the mean, the lowest
and the highest % of top over the games, the share of turns where it played the top and where it
answered nothing, and the targets: Expert >= 90 %, Confirmé 70-85 %, Débutant 30-50 %.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.engine.robots.duplicate import Robot, RobotLevel, common_words
from arbitre.rules import DuplicateGame, GameConfig

TARGETS = {
    RobotLevel.EXPERT: (90.0, 100.0),
    RobotLevel.CONFIRME: (70.0, 85.0),
    RobotLevel.DEBUTANT: (30.0, 50.0),
}


def play(seed: int, turns: int, referee: MoveGeneratorReferee, vocabulary: frozenset[str]) -> Any:
    """One game of the three robots; per level: % of top, tops, passes."""
    config = referee.config
    robots = {
        level.value: Robot(level, random.Random(f"{seed}-{level.value}"), vocabulary)
        for level in RobotLevel
    }
    game = DuplicateGame(config, seed, referee, tuple(robots))
    tops = dict.fromkeys(robots, 0)
    passes = dict.fromkeys(robots, 0)
    while game.start_turn() is not None:
        draw = game.current_draw
        assert draw is not None
        prepared = referee.prepared(game.board)
        for name, robot in robots.items():
            move = robot.choose(prepared, draw.rack)
            if move is None:
                passes[name] += 1
            else:
                game.answer(name, move.notation)
        played = game.close_turn()
        for answer in played.answers:
            tops[answer.player] += answer.points == played.top.score
        if len(game.turns) >= turns:
            break
    standings = {line.player: line for line in game.standings()}
    return {
        name: {
            "percent": standings[name].percent_of_top,
            "tops": tops[name],
            "passes": passes[name],
            "turns": len(game.turns),
        }
        for name in robots
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--turns", type=int, default=20)
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args(argv)
    lexicon = load_lexicon("fr")
    config = GameConfig()
    referee = MoveGeneratorReferee(lexicon, config)
    began = time.perf_counter()
    vocabulary = common_words("fr", lexicon)
    vocabulary_seconds = time.perf_counter() - began
    began = time.perf_counter()
    games = [play(seed, arguments.turns, referee, vocabulary) for seed in range(arguments.games)]
    seconds = time.perf_counter() - began
    results: dict[str, Any] = {
        "games": arguments.games,
        "turns_per_game": arguments.turns,
        "vocabulary": len(vocabulary),
        "vocabulary_seconds": round(vocabulary_seconds, 2),
        "seconds": round(seconds, 1),
        "levels": {},
    }
    for level in RobotLevel:
        percents = [game[level.value]["percent"] for game in games]
        turns = sum(game[level.value]["turns"] for game in games)
        low, high = TARGETS[level]
        mean = statistics.fmean(percents)
        results["levels"][level.value] = {
            "mean_percent_of_top": round(mean, 1),
            "lowest": min(percents),
            "highest": max(percents),
            "tops": round(100 * sum(game[level.value]["tops"] for game in games) / turns, 1),
            "passes": round(100 * sum(game[level.value]["passes"] for game in games) / turns, 1),
            "target": f"{low:g}-{high:g} %",
            "on_target": low <= mean <= high,
        }
    if arguments.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"{arguments.games} games of {arguments.turns} turns, {seconds:.1f} s")
    print("| level | mean % of top | lowest | highest | tops | passes | target | on target |")
    print("|---|---|---|---|---|---|---|---|")
    for name, line in results["levels"].items():
        print(
            f"| {name} | {line['mean_percent_of_top']} | {line['lowest']} | {line['highest']} "
            f"| {line['tops']} % | {line['passes']} % | {line['target']} | {line['on_target']} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
