"""Benchmark of whole duplicate games played by the tops: ms per game and per turn.

Run: ``python benchmarks/bench_game.py [--quick] [--json] [--seeds N] [--rounds R]``. Plays, for
each variant of the FISF preset (normal, joker, 7sur8, 7et8) over the French lexicon, the game of
seeds 0..N-1 (default 50) to its end and cut at 20 turns (``max_turns=20``), as ``arbitre
simulate`` does: a :class:`~arbitre.engine.referee.MoveGeneratorReferee` built for the game, then
every turn drawn (tirage rule, rejections, "any move?"), its top found and put on the board.

A round plays every game once, variant by variant; each game's figure is its fastest round (a
burst of load on a shared machine spoils one run, not all of them), after an untimed warm-up
round. Per game and per turn (the game's time over its number of turns), median and p95 over the
games, and the 20-turn game against the DESIGN §5 target: a whole 20-turn game with tops in less
than 0.5 s. Every round must play the same game (same turns, same total): the games are checked
to be reproducible. An instrumented pass (not timed) splits a game's time between the move
generator (tops, "any move?") and the rest (draws, placement, bookkeeping).
``--quick`` plays 5 seeds in one round, as a smoke test.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING

from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.rules import Board, DuplicateGame, GameConfig, Move, TopChoice, Variant, Verdict
from arbitre.rules import preset as game_preset

if TYPE_CHECKING:  # mypy reads benchmarks/ as a package under the repository root
    from benchmarks.bench_movegen import machine, p95
else:  # run as a script, this directory is on sys.path
    from bench_movegen import machine, p95

PRESET = "fisf"
VARIANTS = tuple(variant.value for variant in Variant)
SHORT_GAME = 20
#: DESIGN §5: a whole game of 20 turns played by the tops in less than half a second.
TARGET_MS = 500.0
DEFAULT_SEEDS = 50
QUICK_SEEDS = 5


@dataclass(frozen=True)
class Played:
    """What a game came to: turns, top total, why it ended."""

    turns: int
    top_total: int
    end: str


@dataclass
class GameTiming:
    variant: str
    max_turns: int | None
    seed: int
    ms: float  # fastest round
    turns: int
    top_total: int
    end: str

    @property
    def ms_per_turn(self) -> float:
        return self.ms / self.turns if self.turns else 0.0


def config_for(variant: str, max_turns: int | None) -> GameConfig:
    return game_preset(PRESET, variant=variant, max_turns=max_turns)


def play(config: GameConfig, seed: int, lexicon: Lexicon) -> Played:
    """The game of the tops, referee included (what ``arbitre simulate`` does)."""
    game = DuplicateGame(config, seed, MoveGeneratorReferee(lexicon, config))
    game.play_to_end()
    return Played(len(game.turns), game.top_total, game.end.value if game.end else "")


def time_games(
    lexicon: Lexicon, variants: Sequence[str], seeds: int, rounds: int
) -> list[GameTiming]:
    """Every (variant, full or 20-turn, seed) game: the fastest of ``rounds`` timed rounds."""
    games = [
        (variant, max_turns, config_for(variant, max_turns), seed)
        for variant in variants
        for max_turns in (None, SHORT_GAME)
        for seed in range(seeds)
    ]
    outcome = [play(config, seed, lexicon) for _, _, config, seed in games]  # warm-up
    best = [float("inf")] * len(games)
    for _ in range(rounds):
        for index, (variant, _, config, seed) in enumerate(games):
            gc.collect()
            gc.disable()
            try:
                start = time.perf_counter()
                played = play(config, seed, lexicon)
                elapsed = time.perf_counter() - start
            finally:
                gc.enable()
            if played != outcome[index]:
                raise AssertionError(f"{variant} seed {seed}: {played} != {outcome[index]}")
            best[index] = min(best[index], elapsed)
    return [
        GameTiming(variant, max_turns, seed, seconds * 1000, **asdict(played))
        for (variant, max_turns, _, seed), played, seconds in zip(games, outcome, best, strict=True)
    ]


class TimedReferee(MoveGeneratorReferee):
    """The game's referee, adding up the time spent in the move generator."""

    seconds = 0.0

    def top(self, board: Board, rack: str) -> TopChoice | None:
        start = time.perf_counter()
        try:
            return super().top(board, rack)
        finally:
            self.seconds += time.perf_counter() - start

    def has_move(self, board: Board, rack: str) -> bool:
        start = time.perf_counter()
        try:
            return super().has_move(board, rack)
        finally:
            self.seconds += time.perf_counter() - start

    def judge(self, board: Board, move: Move, rack: str) -> Verdict:
        start = time.perf_counter()
        try:
            return super().judge(board, move, rack)
        finally:
            self.seconds += time.perf_counter() - start


def generator_share(lexicon: Lexicon, variant: str, seeds: int) -> float:
    """The share of a whole game's time spent in the move generator, over ``seeds`` games."""
    inside = total = 0.0
    config = config_for(variant, None)
    for seed in range(seeds):
        start = time.perf_counter()
        referee = TimedReferee(lexicon, config)
        DuplicateGame(config, seed, referee).play_to_end()
        total += time.perf_counter() - start
        inside += referee.seconds
    return inside / total if total else 0.0


@dataclass
class Figures:
    """The games of one variant, full or cut at 20 turns."""

    variant: str
    max_turns: int | None
    games: int
    turns_mean: float
    turns_min: int
    turns_max: int
    top_total_mean: float
    ends: dict[str, int]
    game_median_ms: float
    game_p95_ms: float
    game_max_ms: float
    turn_median_ms: float
    turn_p95_ms: float
    generator_share: float | None  # full games only
    target_ratio_median: float | None  # 20-turn games only: median ÷ 0.5 s
    target_ratio_p95: float | None


def summarise(timings: list[GameTiming], shares: dict[str, float]) -> list[Figures]:
    out = []
    for variant in dict.fromkeys(t.variant for t in timings):
        for max_turns in (None, SHORT_GAME):
            rows = [t for t in timings if t.variant == variant and t.max_turns == max_turns]
            game_ms = [t.ms for t in rows]
            turn_ms = [t.ms_per_turn for t in rows]
            short = max_turns is not None
            out.append(
                Figures(
                    variant=variant,
                    max_turns=max_turns,
                    games=len(rows),
                    turns_mean=statistics.fmean(t.turns for t in rows),
                    turns_min=min(t.turns for t in rows),
                    turns_max=max(t.turns for t in rows),
                    top_total_mean=statistics.fmean(t.top_total for t in rows),
                    ends=dict(sorted(Counter(t.end for t in rows).items())),
                    game_median_ms=statistics.median(game_ms),
                    game_p95_ms=p95(game_ms),
                    game_max_ms=max(game_ms),
                    turn_median_ms=statistics.median(turn_ms),
                    turn_p95_ms=p95(turn_ms),
                    generator_share=None if short else shares.get(variant),
                    target_ratio_median=statistics.median(game_ms) / TARGET_MS if short else None,
                    target_ratio_p95=p95(game_ms) / TARGET_MS if short else None,
                )
            )
    return out


@dataclass
class Report:
    machine: dict[str, object]
    load_average: tuple[float, float]
    quick: bool
    preset: str
    lexicon: str
    seeds: int
    rounds: int
    target_ms: float
    figures: list[Figures]
    slowest: list[GameTiming]


def print_markdown(report: Report) -> None:
    info = report.machine
    print(
        f"{report.seeds} seeds × {len(report.figures) // 2} variants × (whole game, "
        f"{SHORT_GAME} turns), preset {report.preset}, lexicon {report.lexicon}, fastest of "
        f"{report.rounds} round(s); {info['nproc']} cores ({info['cpu']}), Python "
        f"{info['python']}, load average {report.load_average[0]:.2f} → "
        f"{report.load_average[1]:.2f}, core {info['core']}"
        + (", --quick" if report.quick else "")
        + "\n"
    )
    print(
        "| variant | game | turns mean (min–max) | ms per game, median / p95 (max) "
        "| ms per turn, median / p95 | move generator share | ÷ 0.5 s target, median / p95 |"
    )
    print("|---|---|---|---|---|---|---|")
    for f in report.figures:
        kind = "whole" if f.max_turns is None else f"{f.max_turns} turns"
        share = "" if f.generator_share is None else f"{f.generator_share:.0%}"
        ratio = (
            ""
            if f.target_ratio_median is None or f.target_ratio_p95 is None
            else f"{f.target_ratio_median:.3f} / {f.target_ratio_p95:.3f}"
        )
        print(
            f"| {f.variant} | {kind} | {f.turns_mean:.1f} ({f.turns_min}–{f.turns_max}) "
            f"| {f.game_median_ms:.1f} / {f.game_p95_ms:.1f} ({f.game_max_ms:.1f}) "
            f"| {f.turn_median_ms:.2f} / {f.turn_p95_ms:.2f} | {share} | {ratio} |"
        )
    print("\n| variant | top total, mean (whole games) | ends (whole games) |")
    print("|---|---|---|")
    for f in report.figures:
        if f.max_turns is None:
            ends = ", ".join(f"{name} {count}" for name, count in f.ends.items())
            print(f"| {f.variant} | {f.top_total_mean:.0f} | {ends} |")
    print("\nSlowest whole games:")
    for t in report.slowest:
        print(
            f"- {t.variant} seed {t.seed}: {t.ms:.1f} ms, {t.turns} turns "
            f"({t.ms_per_turn:.2f} ms/turn), top {t.top_total}"
        )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_SEEDS} seeds, one round")
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    parser.add_argument("--seeds", type=int, help=f"seeds 0..N-1 (default {DEFAULT_SEEDS})")
    parser.add_argument("--rounds", type=int, help="timed rounds per game (default 3)")
    parser.add_argument("--variant", choices=VARIANTS, action="append", help="(repeatable)")
    arguments = parser.parse_args(argv)
    quick: bool = arguments.quick
    seeds: int = arguments.seeds or (QUICK_SEEDS if quick else DEFAULT_SEEDS)
    rounds: int = arguments.rounds or (1 if quick else 3)
    variants: list[str] = arguments.variant or list(VARIANTS)
    if seeds < 1 or rounds < 1:
        parser.error("--seeds and --rounds must be at least 1")

    load_before = os.getloadavg()[0]
    lexicon = load_lexicon(game_preset(PRESET).lexicon)
    timings = time_games(lexicon, variants, seeds, rounds)
    shares = {variant: generator_share(lexicon, variant, seeds) for variant in variants}
    whole = [t for t in timings if t.max_turns is None]
    report = Report(
        machine=machine(),
        load_average=(load_before, os.getloadavg()[0]),
        quick=quick,
        preset=PRESET,
        lexicon=f"{lexicon.info.id} ({lexicon.info.word_count:,} words)",
        seeds=seeds,
        rounds=rounds,
        target_ms=TARGET_MS,
        figures=summarise(timings, shares),
        slowest=sorted(whole, key=lambda t: -t.ms)[:3],
    )
    if arguments.json:
        print(json.dumps(asdict(report), indent=2, ensure_ascii=False))
    else:
        print_markdown(report)


if __name__ == "__main__":
    main()
