"""Benchmark of lexicons: compile, load from the cache, membership, memory.

Run: ``python benchmarks/bench_lexicon.py [ID_OR_PATH ...]`` (default: the shipped ``fr`` and
``en``). Prints a Markdown table; each figure comes with a baseline measured in the same run:

- compile: normalise + build the DAWG and GADDAG, against ``sorted(set(lines))`` of the raw list;
- load: open the cached compiled file in a fresh process, against that process importing the
  module (so interpreter start-up is not counted);
- membership: ``word in lexicon`` on half words, half non-words, against a Python ``set``;
- memory: size of the compiled file against the bytes of a Python ``set`` of the words.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from arbitre.engine.lexicon import (
    Lexicon,
    WordList,
    decode_word_list,
    load_lexicon,
    normalise_word_list,
    resolve_source,
    unload_all,
)


def best_of(repeats: int, action: Callable[[], object]) -> float:
    """Fastest wall time of ``repeats`` runs of ``action``, in seconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best


def fresh_process_seconds(code: str) -> float:
    """Median wall time of ``python -c code`` over 5 runs."""
    times = []
    for _ in range(5):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        times.append(time.perf_counter() - start)
    return sorted(times)[2]


def compile_seconds(id_or_path: str, repeats: int = 3) -> tuple[float, float, WordList]:
    """``(normalise, compile, word list)``: the fastest of ``repeats`` normalisations of the
    source and compilations of its words, caches bypassed, in seconds."""
    _, path = resolve_source(id_or_path)
    text = decode_word_list(path.read_bytes())
    normalise = best_of(repeats, lambda: normalise_word_list(text))
    word_list = normalise_word_list(text)
    compile_only = best_of(repeats, lambda: Lexicon._compile(word_list, "bench", "bench"))
    return normalise, compile_only, word_list


def bench(id_or_path: str) -> dict[str, str]:
    _, path = resolve_source(id_or_path)
    lines = decode_word_list(path.read_bytes()).splitlines()

    baseline_sort = best_of(3, lambda: sorted(set(lines)))
    normalise, compile_only, word_list = compile_seconds(id_or_path)

    with tempfile.TemporaryDirectory() as cache:
        unload_all()
        first = time.perf_counter()
        lexicon = load_lexicon(id_or_path, cache_dir=Path(cache))
        first_load = time.perf_counter() - first
        unload_all()

        def reload() -> Lexicon:
            unload_all()
            return load_lexicon(id_or_path, cache_dir=Path(cache))

        warm_load = best_of(5, reload)
        setup = f"import sys; sys.path[:0] = {sys.path!r}; from arbitre.engine import lexicon as m"
        process_import = fresh_process_seconds(setup)
        process_load = fresh_process_seconds(
            f"{setup}; m.load_lexicon({id_or_path!r}, cache_dir=m.Path({cache!r}))"
        )
        compiled_bytes = sum(p.stat().st_size for p in Path(cache).glob("*.arblex"))

    rng = random.Random(7)
    words = word_list.words
    probes = rng.sample(words, 100_000) + [w[:-1] + "Q" for w in rng.sample(words, 100_000)]
    rng.shuffle(probes)
    word_set = set(words)
    contains = lexicon.automaton.__contains__

    def probe_automaton() -> None:
        for probe in probes:
            contains(probe)

    def probe_lexicon() -> None:
        for probe in probes:
            probe in lexicon  # noqa: B015

    def probe_set() -> None:
        for probe in probes:
            probe in word_set  # noqa: B015

    automaton_rate = len(probes) / best_of(5, probe_automaton)
    lexicon_rate = len(probes) / best_of(5, probe_lexicon)
    set_rate = len(probes) / best_of(5, probe_set)
    set_bytes = sys.getsizeof(word_set) + sum(sys.getsizeof(w) for w in words)

    load_ms = (process_load - process_import) * 1000
    return {
        "lexicon": f"{lexicon.info.id} ({lexicon.info.word_count:,} words)",
        "compile (first load, s)": f"{first_load:.2f}",
        "normalise + compile vs sort": (
            f"{normalise:.2f} + {compile_only:.2f} s = "
            f"{(normalise + compile_only) / baseline_sort:.1f}× sort ({baseline_sort:.2f} s)"
        ),
        "load from cache, fresh process": f"{load_ms:.1f} ms",
        "load from cache, in process": f"{warm_load * 1000:.1f} ms",
        "membership (automaton / Lexicon / set)": (
            f"{automaton_rate / 1e6:.2f} / {lexicon_rate / 1e6:.2f} / {set_rate / 1e6:.2f} M/s "
            f"= {automaton_rate / set_rate:.2f}× / {lexicon_rate / set_rate:.2f}× set"
        ),
        "compiled size vs Python set": (
            f"{compiled_bytes / 1e6:.1f} MB = {compiled_bytes / set_bytes:.2f}× "
            f"({set_bytes / 1e6:.0f} MB)"
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("lexicons", nargs="*", default=["fr", "en"], metavar="ID_OR_PATH")
    arguments = parser.parse_args()
    rows = [bench(source) for source in arguments.lexicons]
    print("| measure | " + " | ".join(row["lexicon"] for row in rows) + " |")
    print("|---|" + "---|" * len(rows))
    for key in rows[0]:
        if key != "lexicon":
            print(f"| {key} | " + " | ".join(row[key] for row in rows) + " |")


if __name__ == "__main__":
    main()
