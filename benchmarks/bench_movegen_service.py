"""Benchmark of the move generator *service*: tops per second per core over gRPC.

Run: ``python benchmarks/bench_movegen_service.py [--seconds S] [--clients C] [--json]``.
Starts ``python -m arbitre.services.movegen`` in a process of its own on a free port, then
calls ``Top`` on the 614 French mid-game positions of ``benchmarks/data/positions-fr.jsonl``
(cycling) from C client threads for S seconds, after a warm-up pass. Reports the tops answered
per second, the service process's CPU time over the run (from ``/proc/PID/stat``), and so the
**tops per second per core** of the service (tops ÷ CPU seconds): the figure the issue's target
(≥ 500) is about, independent of how many cores the machine lends the service. The baseline,
measured in the same run: the same positions through ``MoveGenerator.prepare(board).top(rack)``
in this process, one thread (what the service does per call, minus gRPC).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import grpc

from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.movegen import MoveGenerator
from arbitre.rules import Board
from arbitre.services.server import CHANNEL_OPTIONS
from arbitre.v1 import common_pb2, movegen_pb2, movegen_pb2_grpc

if TYPE_CHECKING:
    from benchmarks.bench_movegen import machine
    from benchmarks.positions import Position, read_positions
else:
    from bench_movegen import machine
    from positions import Position, read_positions

ROOT = Path(__file__).resolve().parents[1]
_TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / _TICKS


def start_service() -> tuple[subprocess.Popen[str], str]:
    """The movegen service in its own process: the process and its address."""
    process = subprocess.Popen(
        [sys.executable, "-m", "arbitre.services.movegen", "--address", "127.0.0.1:0"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    found = re.search(r"port (\d+)", line)
    if not found:
        process.kill()
        raise RuntimeError(f"the movegen service did not start: {line!r}")
    return process, f"127.0.0.1:{found.group(1)}"


def requests(positions: Sequence[Position]) -> list[movegen_pb2.MovesRequest]:
    return [
        movegen_pb2.MovesRequest(
            position=common_pb2.Position(rows=list(position.board), lexicon="fr"),
            rack=position.rack,
        )
        for position in positions
    ]


def service_run(
    address: str, calls: list[movegen_pb2.MovesRequest], clients: int, seconds: float, pid: int
) -> dict[str, float]:
    channel = grpc.insecure_channel(address, options=CHANNEL_OPTIONS)
    stub = movegen_pb2_grpc.MoveGeneratorStub(channel)  # type: ignore[no-untyped-call]
    for call in calls:  # warm-up: every position once (lexicon loaded, caches filled)
        stub.Top(call, timeout=30)
    counter = itertools.count()
    done = threading.Event()
    answered = [0] * clients

    def client(index: int) -> None:
        while not done.is_set():
            stub.Top(calls[next(counter) % len(calls)], timeout=30)
            answered[index] += 1

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    cpu_before, began = cpu_seconds(pid), time.perf_counter()
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    done.set()
    for thread in threads:
        thread.join()
    wall, cpu = time.perf_counter() - began, cpu_seconds(pid) - cpu_before
    channel.close()
    tops = sum(answered)
    return {
        "tops": tops,
        "wall_s": round(wall, 2),
        "tops_per_s": round(tops / wall, 1),
        "service_cpu_s": round(cpu, 2),
        "cores_used": round(cpu / wall, 2),
        "tops_per_core_s": round(tops / cpu, 1) if cpu else float("nan"),
    }


def in_process_run(positions: Sequence[Position], seconds: float) -> dict[str, float]:
    generator = MoveGenerator(load_lexicon("fr"))
    for position in positions:
        generator.prepare(Board.from_rows(list(position.board))).top(position.rack)
    tops, began = 0, time.perf_counter()
    cpu_before = time.process_time()
    while time.perf_counter() - began < seconds:
        position = positions[tops % len(positions)]
        generator.prepare(Board.from_rows(list(position.board))).top(position.rack)
        tops += 1
    cpu = time.process_time() - cpu_before
    return {"tops": tops, "tops_per_core_s": round(tops / cpu, 1)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args(argv)
    positions = read_positions()
    process, address = start_service()
    try:
        service = service_run(
            address, requests(positions), arguments.clients, arguments.seconds, process.pid
        )
    finally:
        process.terminate()
        process.wait(timeout=10)
    baseline = in_process_run(positions, arguments.seconds / 2)
    ratio = service["tops_per_core_s"] / baseline["tops_per_core_s"]
    figures = {
        "machine": machine(),
        "positions": len(positions),
        "clients": arguments.clients,
        "service": service,
        "in_process": baseline,
        "service_vs_in_process": round(ratio, 2),
    }
    if arguments.json:
        print(json.dumps(figures, indent=1))
        return 0
    print(
        f"movegen service over gRPC, {len(positions)} French mid-game positions, "
        f"{arguments.clients} client threads, {service['wall_s']} s\n"
    )
    print("| measure | value |\n|---|---|")
    print(f"| tops answered per second | {service['tops_per_s']:,} |")
    print(f"| service CPU (cores busy) | {service['service_cpu_s']} s ({service['cores_used']}) |")
    print(
        f"| **tops per second per core (service)** | **{service['tops_per_core_s']:,}** "
        "(target ≥ 500) |"
    )
    print(f"| baseline: in-process API top, per core | {baseline['tops_per_core_s']:,} |")
    print(f"| service ÷ in-process | {ratio:.2f}× |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
