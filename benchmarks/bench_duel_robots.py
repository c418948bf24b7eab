"""Benchmark of the Duel de Mots robots: guesses per round, rounds solved, time of a guess.

Run: ``python benchmarks/bench_duel_robots.py [--language LANG ...] [--level LEVEL ...]
[--limit N] [--enable] [--json]``. For each language (default: every language with a shipped
list, read by ``arbitre.engine.duel_words.load``; a list that cannot be read is reported) and
each robot level (``arbitre.engine.robots.duel``, default all three), a robot plays one round
against every secret of the list (or ``--limit N`` of them, evenly spaced), robot seed = the
secret's place, as a table would: it is given only its own rows. Reports, per language, the
pattern table's size, the time to build it, to find the openers and to rank the secrets by
frequency; per level, the mean guesses of a round (a lost round counted as 7), the mean over
the solved rounds, the share solved within six tries, the time of a guess (mean, p99, max, ms;
the table and the openers already built, the expert's second guesses not: each is searched on
its first visit) and the targets: expert ≤ 3.6 guesses with every round solved and a p99 under
50 ms, confirmé 4.0-4.5 with ≥ 95 % solved, débutant 4.8-5.5 with some rounds lost.
``--enable`` adds the English development list (every 5-letter ENABLE word, its 2,300 most
frequent by wordfreq as secrets) as language ``en-enable``.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import json
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from arbitre.engine import duel_words
from arbitre.engine.robots.duel import TRIES, DuelRobot, pattern_table
from arbitre.engine.robots.duplicate import RobotLevel
from arbitre.lexicons.shipped import SHIPPED
from arbitre.rules.kinds.duel.alphabet import display
from arbitre.rules.kinds.duel.marks import found, mark
from arbitre.rules.kinds.duel.words import WordList

#: A round the robot did not solve counts as this many guesses in the mean.
LOST = TRIES + 1
#: Per level: the mean guesses aimed at (lost = 7) and the share solved it must reach.
TARGETS: dict[RobotLevel, tuple[float, float, float]] = {
    RobotLevel.EXPERT: (1.0, 3.6, 1.0),
    RobotLevel.CONFIRME: (4.0, 4.5, 0.95),
    RobotLevel.DEBUTANT: (4.8, 5.5, 0.0),
}
#: The targets as people read them.
TARGET_TEXT = {
    RobotLevel.EXPERT: "≤ 3.6, all solved, p99 < 50 ms",
    RobotLevel.CONFIRME: "4.0-4.5, ≥ 95 % solved",
    RobotLevel.DEBUTANT: "4.8-5.5, some lost",
}
#: The expert's time a guess must stay under (ms, p99).
EXPERT_MS = 50.0
ENABLE = "en-enable"


def enable_list() -> WordList:
    """Every 5-letter ENABLE word; the 2,300 most frequent (wordfreq) are the secrets."""
    import wordfreq

    with gzip.open(SHIPPED["en"].path, "rt", encoding="utf-8") as lines:
        words = sorted({w.strip().upper() for w in lines if len(w.strip()) == 5})
    ranked = sorted(words, key=lambda w: (-wordfreq.zipf_frequency(w.lower(), "en"), w))
    return WordList("en", frozenset(words), tuple(sorted(ranked[:2300])), "enable-dev")


def rss_mb() -> float:
    """This process's resident memory (``VmRSS``), MB."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def play_level(words: WordList, level: RobotLevel, secrets: Sequence[int]) -> dict[str, Any]:
    """One round per secret (by place) for a robot of ``level``; its figures."""
    tries: list[int] = []
    times: list[float] = []
    for place in secrets:
        secret = words.secrets[place]
        robot = DuelRobot(words, level, place)
        rows: list[tuple[str, tuple[Any, ...]]] = []
        while len(rows) < TRIES:
            began = time.perf_counter()
            guess = robot.guess(rows)
            times.append(time.perf_counter() - began)
            rows.append((guess, mark(secret, guess)))
            if found(rows[-1][1]):
                break
        tries.append(len(rows) if found(rows[-1][1]) else LOST)
    solved = [count for count in tries if count <= TRIES]
    times.sort()
    low, high, share = TARGETS[level]
    mean = statistics.fmean(tries)
    solved_share = len(solved) / len(tries)
    p99 = times[min(len(times) - 1, int(0.99 * len(times)))] * 1000
    on_target = low <= mean <= high and solved_share >= share
    if level is RobotLevel.EXPERT:
        on_target = on_target and p99 < EXPERT_MS
    if level is RobotLevel.DEBUTANT:
        on_target = on_target and solved_share < 1.0
    return {
        "rounds": len(tries),
        "mean_guesses": round(mean, 3),
        "mean_guesses_solved": round(statistics.fmean(solved), 3) if solved else None,
        "solved": round(solved_share, 4),
        "distribution": {str(k): tries.count(k) for k in sorted(set(tries))},
        "guess_ms_mean": round(statistics.fmean(times) * 1000, 2),
        "guess_ms_p99": round(p99, 2),
        "guess_ms_max": round(times[-1] * 1000, 2),
        "target": TARGET_TEXT[level],
        "on_target": on_target,
    }


def bench_language(
    name: str, words: WordList, levels: Sequence[RobotLevel], limit: int | None
) -> dict[str, Any]:
    """The table, openers and frequency figures of ``words``, then each level's rounds."""
    before = rss_mb()
    began = time.perf_counter()
    table = pattern_table(words)
    table_seconds = time.perf_counter() - began
    table_rss = rss_mb() - before
    began = time.perf_counter()
    openers = table.openers()
    opener_seconds = time.perf_counter() - began
    ranks_seconds = None
    if any(level is not RobotLevel.EXPERT for level in levels):
        began = time.perf_counter()
        table.ranks()
        ranks_seconds = round(time.perf_counter() - began, 2)
    total = len(words.secrets)
    count = total if limit is None else min(limit, total)
    secrets = [i * total // count for i in range(count)]
    return {
        "guesses": len(words.guesses),
        "secrets": total,
        "table_mb": round(table.nbytes / 1e6, 1),
        "table_rss_mb": round(table_rss, 1),
        "table_seconds": round(table_seconds, 2),
        "opener_seconds": round(opener_seconds, 2),
        "frequency_seconds": ranks_seconds,
        "openers": [
            {"word": display(table.guesses[place], words.language), "bits": round(bits, 3)}
            for bits, place in openers[:3]
        ],
        "levels": {level.value: play_level(words, level, secrets) for level in levels},
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--language", action="append", metavar="LANG")
    parser.add_argument("--level", action="append", choices=[level.value for level in RobotLevel])
    parser.add_argument("--limit", type=int, metavar="N", help="play N secrets, evenly spaced")
    parser.add_argument("--enable", action="store_true", help="add the ENABLE development list")
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args(argv)
    levels = [
        RobotLevel(value) for value in arguments.level or [level.value for level in RobotLevel]
    ]
    languages = arguments.language or list(duel_words.languages())
    results: dict[str, Any] = {"limit": arguments.limit, "languages": {}, "unavailable": {}}
    lists: list[tuple[str, Callable[[], WordList]]] = [
        (language, functools.partial(duel_words.load, language)) for language in languages
    ]
    if arguments.enable:
        lists.append((ENABLE, enable_list))
    began = time.perf_counter()
    for name, make in lists:
        try:
            words = make()
        except Exception as error:  # a list that cannot be loaded is reported, not fatal
            results["unavailable"][name] = f"{type(error).__name__}: {error}"
            continue
        results["languages"][name] = bench_language(name, words, levels, arguments.limit)
    results["seconds"] = round(time.perf_counter() - began, 1)
    if arguments.json:
        print(json.dumps(results, indent=2, ensure_ascii=False))
        return 0
    print_tables(results)
    return 0


def print_tables(results: dict[str, Any]) -> None:
    """``results`` as two Markdown tables (the lists, then the levels)."""
    print(f"{results['seconds']} s, limit {results['limit'] or 'none (every secret)'}")
    print()
    print(
        "| language | guesses | secrets | table MB (RSS) | table s | openers s | frequencies s "
        "| best openers (bits) |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for name, line in results["languages"].items():
        openers = ", ".join(f"{o['word']} ({o['bits']})" for o in line["openers"])
        print(
            f"| {name} | {line['guesses']:,} | {line['secrets']:,} | {line['table_mb']} "
            f"({line['table_rss_mb']}) | {line['table_seconds']} | {line['opener_seconds']} "
            f"| {line['frequency_seconds'] if line['frequency_seconds'] is not None else '-'} "
            f"| {openers} |"
        )
    print()
    print(
        "| language | level | rounds | mean guesses (lost = 7) | mean, solved rounds | solved "
        "| ms a guess, mean / p99 / max | target | on target |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for name, line in results["languages"].items():
        for level, figures in line["levels"].items():
            print(
                f"| {name} | {level} | {figures['rounds']} | {figures['mean_guesses']} "
                f"| {figures['mean_guesses_solved']} | {figures['solved']:.1%} "
                f"| {figures['guess_ms_mean']} / {figures['guess_ms_p99']} / "
                f"{figures['guess_ms_max']} | {figures['target']} | {figures['on_target']} |"
            )
    if results["unavailable"]:
        print()
    for name, why in results["unavailable"].items():
        print(f"- {name}: not measured ({why})")


if __name__ == "__main__":
    raise SystemExit(main())
