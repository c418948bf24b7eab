"""Benchmark of the move generator: top and all moves per position, lexicon, memory, threads.

Run: ``python benchmarks/bench_movegen.py [--quick] [--json] [--positions PATH]``. Times the
positions of ``benchmarks/data/positions-fr.jsonl`` (made by ``positions.py``, regenerated if
missing) against the French lexicon and prints Markdown tables (``--json``: one JSON document).
``--quick`` takes a few positions per blank count and fewer repeats, as a smoke test.

Per position, the fastest of several runs after a warm-up pass, summarised as median and p95
by the number of blanks on the rack (0 / 1 / 2):

- core top: the compiled search for the tied best moves, ``generate(counts, TOP)``, on a board
  prepared beforehand;
- core all: every legal move, ``generate(counts, ALL)``; also the average number of moves;
- prepare: the compiled board preparation alone (anchors, cross-checks);
- API top: ``MoveGenerator.prepare(board).top(rack)`` end to end (preparation, search, sort,
  move objects, tie-break).

The core-top and core-all medians are compared with the anchors of DESIGN §5 (wolges and
Quackle, measured elsewhere on other positions and a 318k-word French list: the ratios are
indicative). Also: French lexicon compile (first load into an empty cache, and normalise +
compile alone), load from that cache and resident memory in fresh processes, and top-only
throughput of two threads against one over all positions (the core releases the GIL). Each
position is checked: the TOP search and the best moves of the ALL search must agree.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import math
import multiprocessing
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from arbitre.engine import _movegen
from arbitre.engine._movegen import ALL, TOP
from arbitre.engine._movegen import PreparedBoard as CompiledBoard
from arbitre.engine.lexicon import (
    load_lexicon,
    unload_all,
)
from arbitre.engine.movegen import MoveGenerator
from arbitre.rules import STANDARD, Board

if TYPE_CHECKING:  # mypy reads benchmarks/ as a package under the repository root
    from benchmarks import bench_lexicon, positions
else:  # run as a script, this directory is on sys.path
    import bench_lexicon
    import positions

BLANK_COUNTS = (0, 1, 2)
QUICK_PER_BLANK_COUNT = 10
SLOWEST = 3
#: DESIGN §5: median ms per position by blanks on the rack (0 / 1 / 2), French list, 614
#: mid-game positions. Targets: top within 1.5× wolges, all moves as fast as Quackle.
REFERENCES: dict[str, tuple[float, ...]] = {
    "wolges_top": (0.07, 0.33, 0.76),
    "wolges_all": (0.09, 0.64, 2.5),
    "quackle_all": (0.07, 0.71, 3.8),
}
TOP_TARGET = 1.5
ALL_TARGET = 1.0

# Run in a fresh process: load the lexicon from the cache argv[1], then solve (every move and
# the top) the position argv[2]; print the load time and the resident memory along the way.
# The peak is VmHWM: ru_maxrss survives exec on Linux, so a child reports its parent's peak.
FRESH_PROCESS = """
import json, sys, time
from pathlib import Path

def memory_kb(field):
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:
        return None
    return next(int(line.split()[1]) for line in status.splitlines()
                if line.startswith(field + ":"))

from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.movegen import MoveGenerator
from arbitre.rules import Board
report = {"imported_kb": memory_kb("VmRSS")}
start = time.perf_counter()
lexicon = load_lexicon("fr", cache_dir=Path(sys.argv[1]))
report["load_ms"] = (time.perf_counter() - start) * 1000
report["loaded_kb"] = memory_kb("VmRSS")
position = json.loads(sys.argv[2])
solution = MoveGenerator(lexicon).prepare(Board.from_rows(position["board"])).solve(
    position["rack"])
report["moves"] = len(solution.moves)
report["solved_kb"] = memory_kb("VmRSS")
report["peak_kb"] = memory_kb("VmHWM")
print(json.dumps(report))
"""


@dataclass
class Case:
    """A position ready to time: its board, compiled board and rack counts."""

    position: positions.Position
    board: Board
    compiled: CompiledBoard
    counts: list[int]


@dataclass
class Timings:
    """Per-position fastest times in ms, and the number of moves."""

    core_top: float
    core_all: float
    prepare: float
    api_top: float
    moves: int


def p95(values: Sequence[float]) -> float:
    """The 95th percentile, nearest rank."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def machine() -> dict[str, object]:
    model = platform.processor() or "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    core = Path(_movegen.__file__ or "")
    return {
        # which build of the compiled core was timed (it is being tuned: numbers go stale)
        "core": f"{core.name} sha256 {hashlib.sha256(core.read_bytes()).hexdigest()[:12]}",
        "nproc": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
        "cpu": model,
        "python": platform.python_version(),
        "platform": platform.platform(),
    }


def load_cases(path: Path, generator: MoveGenerator, quick: bool) -> list[Case]:
    if not path.exists():
        print(f"{path} missing: generating it (seed {positions.DEFAULT_SEED})", file=sys.stderr)
        positions.write_positions(positions.generate_positions(lexicon=generator.lexicon), path)
    found = positions.read_positions(path)
    if quick:
        found = [
            p
            for b in BLANK_COUNTS
            for p in [q for q in found if q.blanks == b][:QUICK_PER_BLANK_COUNT]
        ]
    engine = generator.engine(STANDARD)
    cases = []
    for position in found:
        board = Board.from_rows(position.board)
        cases.append(
            Case(position, board, engine.prepare(board.cells), generator.rack_counts(position.rack))
        )
    return cases


def check(case: Case) -> bool:
    """Whether the TOP search finds exactly the best moves of the ALL search."""
    top = case.compiled.generate(case.counts, TOP)
    every = case.compiled.generate(case.counts, ALL)
    top.sort()
    every.sort()
    if len(every) == 0:
        return len(top) == 0
    best = every.best_score()
    tied = []
    for record in every.records():
        if record[0] != best:  # sorted: the best moves come first
            break
        tied.append(record)
    return top.records() == tied


def time_cases(cases: list[Case], generator: MoveGenerator, rounds: int) -> list[Timings]:
    """The fastest of ``rounds`` runs of each measure on each position. A round times every
    position once, measure by measure (all positions for one measure, then the next, so that
    each measure runs after itself and none inherits a cache warmed by another), and a burst of
    load on a shared machine spoils one run, not all of them; an untimed round warms up first."""
    engine = generator.engine(STANDARD)

    def actions(case: Case) -> dict[str, Callable[[], object]]:
        compiled, counts, board, rack = case.compiled, case.counts, case.board, case.position.rack
        return {
            "core_top": lambda: compiled.generate(counts, TOP),
            "core_all": lambda: compiled.generate(counts, ALL),
            "prepare": lambda: engine.prepare(board.cells),
            "api_top": lambda: generator.prepare(board).top(rack),
        }

    measures = [actions(case) for case in cases]
    for named in measures:
        for action in named.values():
            action()
    best = [dict.fromkeys(named, math.inf) for named in measures]
    gc.collect()
    gc.disable()
    try:
        for _ in range(rounds):
            for name in measures[0] if measures else ():
                for named, fastest in zip(measures, best, strict=True):
                    action = named[name]
                    start = time.perf_counter()
                    action()
                    fastest[name] = min(fastest[name], time.perf_counter() - start)
    finally:
        gc.enable()
    return [
        Timings(
            moves=len(case.compiled.generate(case.counts, ALL)),
            **{name: seconds * 1000 for name, seconds in fastest.items()},
        )
        for case, fastest in zip(cases, best, strict=True)
    ]


@dataclass
class BlankFigures:
    """The per-position figures of the positions with ``blanks`` blanks on the rack."""

    blanks: int
    positions: int
    core_top_median_ms: float
    core_top_p95_ms: float
    core_all_median_ms: float
    core_all_p95_ms: float
    prepare_median_ms: float
    prepare_p95_ms: float
    api_top_median_ms: float
    api_top_p95_ms: float
    moves_mean: float
    moves_median: float
    top_vs_wolges: float
    all_vs_wolges: float
    all_vs_quackle: float


@dataclass
class ThreadFigures:
    """Top-only throughput over all positions, positions per second."""

    one_thread: float
    two_threads: float
    ratio: float
    two_processes: float
    process_ratio: float  # what two workers can get on this machine, at that moment


@dataclass
class LexiconFigures:
    words: int
    first_load_s: float
    normalise_s: float
    compile_s: float
    load_fresh_process_ms: float
    rss_imported_mb: float | None
    rss_loaded_mb: float | None
    rss_solved_mb: float | None
    peak_mb: float | None
    solved_rack: str
    solved_moves: int


@dataclass
class SlowPosition:
    measure: str
    ms: float
    moves: int
    rack: str
    board: list[str]


@dataclass
class Report:
    machine: dict[str, object]
    load_average: tuple[float, float]  # 1-minute load average when the run started and ended
    quick: bool
    positions: int
    per_blanks: list[BlankFigures]
    references_ms: dict[str, tuple[float, ...]]
    threads: ThreadFigures
    lexicon: LexiconFigures
    agreeing: int
    slowest: list[SlowPosition]


Work = list[tuple[CompiledBoard, list[int]]]
# The positions of the throughput measure, set before the worker processes fork.
_forked_work: Work = []


def _tops(work: Work, passes: int) -> None:
    for _ in range(passes):
        for compiled, counts in work:
            compiled.generate(counts, TOP)


def _forked_tops(part: int, parts: int, passes: int) -> None:
    _tops(_forked_work[part::parts], passes)


def thread_ratio(cases: list[Case], passes: int) -> ThreadFigures:
    """Top-only throughput over all positions: one thread, two threads, and two forked
    processes (what the machine gives two workers, free of the GIL); each of two workers takes
    every other position. Best of 3 rounds, the three alternating so that all of them see the
    same machine."""
    global _forked_work
    _forked_work = [(case.compiled, case.counts) for case in cases]
    work = _forked_work
    best = {"1 thread": math.inf, "2 threads": math.inf, "2 processes": math.inf}
    context = multiprocessing.get_context("fork")
    with (
        ThreadPoolExecutor(2) as threads,
        ProcessPoolExecutor(2, mp_context=context) as processes,
    ):
        for warm_up in [processes.submit(_forked_tops, k, 2, 1) for k in range(2)]:
            warm_up.result()
        for _ in range(3):
            for name in best:
                start = time.perf_counter()
                if name == "1 thread":
                    threads.submit(_tops, work, passes).result()
                elif name == "2 threads":
                    for future in [threads.submit(_tops, work[k::2], passes) for k in range(2)]:
                        future.result()
                else:
                    for future in [processes.submit(_forked_tops, k, 2, passes) for k in range(2)]:
                        future.result()
                best[name] = min(best[name], time.perf_counter() - start)
    one, two, forked = (len(work) * passes / seconds for seconds in best.values())
    return ThreadFigures(one, two, two / one, forked, forked / one)


def lexicon_figures(solve: positions.Position, quick: bool) -> LexiconFigures:
    """Compile, load from the cache in a fresh process, resident memory of that process."""
    normalise, compile_only, _ = bench_lexicon.compile_seconds("fr", 1 if quick else 3)
    with tempfile.TemporaryDirectory() as cache:
        unload_all()
        start = time.perf_counter()
        lexicon = load_lexicon("fr", cache_dir=Path(cache))
        first_load = time.perf_counter() - start
        unload_all()
        position = json.dumps({"board": solve.board, "rack": solve.rack})
        reports = []
        for _ in range(3 if quick else 5):
            completed = subprocess.run(
                [sys.executable, "-c", FRESH_PROCESS, cache, position],
                capture_output=True,
                text=True,
                check=True,
            )
            reports.append(json.loads(completed.stdout))
    last = reports[-1]
    return LexiconFigures(
        words=lexicon.info.word_count,
        first_load_s=first_load,
        normalise_s=normalise,
        compile_s=compile_only,
        load_fresh_process_ms=statistics.median(report["load_ms"] for report in reports),
        rss_imported_mb=_mb(last["imported_kb"]),
        rss_loaded_mb=_mb(last["loaded_kb"]),
        rss_solved_mb=_mb(last["solved_kb"]),
        peak_mb=_mb(last["peak_kb"]),
        solved_rack=solve.rack,
        solved_moves=last["moves"],
    )


def _mb(kilobytes: int | None) -> float | None:
    return None if kilobytes is None else kilobytes / 1024


def summarise(cases: list[Case], timings: list[Timings]) -> list[BlankFigures]:
    summary = []
    for blanks in BLANK_COUNTS:
        rows = [t for c, t in zip(cases, timings, strict=True) if c.position.blanks == blanks]
        if not rows:
            continue
        figures: dict[str, float] = {}
        for name in ("core_top", "core_all", "prepare", "api_top"):
            values = [getattr(row, name) for row in rows]
            figures[f"{name}_median_ms"] = statistics.median(values)
            figures[f"{name}_p95_ms"] = p95(values)
        summary.append(
            BlankFigures(
                blanks=blanks,
                positions=len(rows),
                moves_mean=statistics.fmean(row.moves for row in rows),
                moves_median=statistics.median(row.moves for row in rows),
                top_vs_wolges=figures["core_top_median_ms"] / REFERENCES["wolges_top"][blanks],
                all_vs_wolges=figures["core_all_median_ms"] / REFERENCES["wolges_all"][blanks],
                all_vs_quackle=figures["core_all_median_ms"] / REFERENCES["quackle_all"][blanks],
                **figures,
            )
        )
    return summary


def slowest(cases: list[Case], timings: list[Timings], measure: str) -> list[SlowPosition]:
    pairs = sorted(zip(cases, timings, strict=True), key=lambda pair: -getattr(pair[1], measure))
    return [
        SlowPosition(measure, getattr(t, measure), t.moves, c.position.rack, list(c.position.board))
        for c, t in pairs[:SLOWEST]
    ]


def _mark(ratio: float, target: float) -> str:
    return f"{ratio:.2f}×" + ("" if ratio <= target else " (over target)")


def print_markdown(report: Report) -> None:
    info, per_blanks = report.machine, report.per_blanks
    split = " / ".join(str(f.positions) for f in per_blanks)
    blank_counts = " / ".join(str(f.blanks) for f in per_blanks)
    print(
        f"{report.positions} positions ({split} with {blank_counts} blanks), "
        f"{info['nproc']} cores ({info['cpu']}), Python {info['python']}, load average "
        f"{report.load_average[0]:.2f} → {report.load_average[1]:.2f}, core {info['core']}"
        + (", --quick" if report.quick else "")
        + "\n"
    )

    def row(label: str, cell: Callable[[BlankFigures], str]) -> None:
        print(f"| {label} | " + " | ".join(cell(f) for f in per_blanks) + " |")

    def median_p95(median: float, high: float) -> str:
        return f"{median:.3f} / {high:.3f}"

    header = " | ".join(f"{f.blanks} blank{'s' if f.blanks != 1 else ''}" for f in per_blanks)
    print(f"| per position, ms | {header} |")
    print("|---|" + "---|" * len(per_blanks))
    row("core top, median / p95", lambda f: median_p95(f.core_top_median_ms, f.core_top_p95_ms))
    row(
        "core all moves, median / p95",
        lambda f: median_p95(f.core_all_median_ms, f.core_all_p95_ms),
    )
    row(
        "board preparation, median / p95",
        lambda f: median_p95(f.prepare_median_ms, f.prepare_p95_ms),
    )
    row(
        "API `prepare(board).top(rack)`, median / p95",
        lambda f: median_p95(f.api_top_median_ms, f.api_top_p95_ms),
    )
    row("moves, mean (median)", lambda f: f"{f.moves_mean:,.0f} ({f.moves_median:,.0f})")

    print(f"\n| median ms | {header} |")
    print("|---|" + "---|" * len(per_blanks))
    for key, label in (
        ("wolges_top", "wolges, top (DESIGN §5)"),
        ("wolges_all", "wolges, all moves"),
        ("quackle_all", "Quackle, all moves"),
    ):
        print(
            f"| {label} | "
            + " | ".join(f"{REFERENCES[key][f.blanks]:.2f}" for f in per_blanks)
            + " |"
        )
    row("Arbitre core, top", lambda f: f"{f.core_top_median_ms:.3f}")
    row("Arbitre core, all moves", lambda f: f"{f.core_all_median_ms:.3f}")
    row(f"top ÷ wolges top (target ≤ {TOP_TARGET})", lambda f: _mark(f.top_vs_wolges, TOP_TARGET))
    row("all ÷ wolges all", lambda f: f"{f.all_vs_wolges:.2f}×")
    row(
        f"all ÷ Quackle all (target ≤ {ALL_TARGET:.0f})",
        lambda f: _mark(f.all_vs_quackle, ALL_TARGET),
    )

    lexicon, threads = report.lexicon, report.threads
    print("\n| measure | value | target |")
    print("|---|---|---|")
    print(
        f"| French lexicon ({lexicon.words:,} words): compile, first load | "
        f"{lexicon.first_load_s:.2f} s (normalise {lexicon.normalise_s:.2f} + compile "
        f"{lexicon.compile_s:.2f}) | < 5 s |"
    )
    print(
        f"| load from the cache, fresh process | {lexicon.load_fresh_process_ms:.1f} ms | < 50 ms |"
    )
    print(
        "| resident memory, fresh process: imported / lexicon loaded / one position solved | "
        f"{_format_mb(lexicon.rss_imported_mb)} / {_format_mb(lexicon.rss_loaded_mb)} / "
        f"{_format_mb(lexicon.rss_solved_mb)} (peak {_format_mb(lexicon.peak_mb)}; rack "
        f"{lexicon.solved_rack}, {lexicon.solved_moves:,} moves) | < 150 MB |"
    )
    print(
        f"| top-only throughput, 2 threads ÷ 1 thread | {threads.ratio:.2f}× "
        f"({threads.one_thread:,.0f} → {threads.two_threads:,.0f} positions/s; "
        f"2 processes ÷ 1 thread, the machine's limit: {threads.process_ratio:.2f}×) "
        "| ≈ 2× on 2 cores |"
    )
    print(
        f"| positions where TOP finds exactly the best moves of ALL | "
        f"{report.agreeing} / {report.positions} | all |"
    )

    measure = ""
    for slow in report.slowest:
        if slow.measure != measure:
            measure = slow.measure
            print(f"\nSlowest positions, {measure}:")
        print(f"- {slow.ms:.2f} ms, {slow.moves:,} moves, rack {slow.rack}: {' '.join(slow.board)}")


def _format_mb(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.1f} MB"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few positions, for smoke")
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    parser.add_argument("--positions", type=Path, default=positions.DEFAULT_PATH)
    arguments = parser.parse_args(argv)
    quick: bool = arguments.quick

    load_before = os.getloadavg()[0]
    generator = MoveGenerator(load_lexicon("fr"))
    cases = load_cases(arguments.positions, generator, quick)
    agreeing = sum(check(case) for case in cases)
    timings = time_cases(cases, generator, rounds=2 if quick else 7)
    solve = next(c.position for c in cases if c.position.blanks == max(BLANK_COUNTS))
    report = Report(
        machine=machine(),
        load_average=(load_before, os.getloadavg()[0]),
        quick=quick,
        positions=len(cases),
        per_blanks=summarise(cases, timings),
        references_ms=REFERENCES,
        threads=thread_ratio(cases, passes=1 if quick else 5),
        lexicon=lexicon_figures(solve, quick),
        agreeing=agreeing,
        slowest=slowest(cases, timings, "core_all") + slowest(cases, timings, "core_top"),
    )
    if arguments.json:
        print(json.dumps(asdict(report), indent=2))
    else:
        print_markdown(report)


if __name__ == "__main__":
    main()
