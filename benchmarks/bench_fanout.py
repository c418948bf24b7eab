"""Benchmark of the event fan-out: how late N clients of one game get its events, and what the
gateway spends, served by uvicorn (event streams on asyncio) against werkzeug's threaded server
(one thread per stream) measured in the same run.

Run: ``python benchmarks/bench_fanout.py [--clients N] [--baseline-clients M] [--server S]
[--seconds T] [--json]``. Starts an embedded Redis (or uses ``REDIS_URL``'s database 15,
flushed) and the four services on one gRPC server in this process; each measured gateway runs
in a process of its own (``python -m arbitre.gateway`` as ``arbitre up`` serves it, or
werkzeug's ``make_server(threaded=True)``) and the clients in another (one asyncio loop, raw
sockets), so the gateway's CPU time and resident memory are its own. The three processes share
the machine's cores, as they would on one 2-core machine.

For each run: a game of one player (who never answers) and a turn of T seconds (default 5);
N clients open its event stream (at most 200 connecting at once) and get their ``state``; the
game starts. Each client notes when ``turn_started`` and ``turn_revealed`` reach it; the delay
is from the server's time of the event: the turn's start (its deadline − T) and its reveal (the
deadline; the clock closes the turn then), and, for the reveal, also from the event's id (the
Redis clock when the event was written: the fan-out alone). Reported: p50/p99/max of each
delay, the time to connect the N clients, the gateway's CPU seconds while connecting and from
the start to the last client's reveal, and its peak RSS. Runs by default: werkzeug with M
clients (default 500), uvicorn with M, uvicorn with N (default 2,000); ratios compare the two
servers at M.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import resource
import signal
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import grpc

from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.platform import start_platform
from arbitre.services.redis_server import EmbeddedRedis, connect, redis_url
from arbitre.v1 import common_pb2, session_pb2, session_pb2_grpc

SCRIPT = Path(__file__).resolve()
#: Clients connecting at once (werkzeug's listen backlog is 128).
CONNECTING = 200
_EVENT = re.compile(rb"id: (\d+)-\d+\nevent: (turn_started|turn_revealed)\n")


def _raise_open_files() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


# -- the gateway's process -----------------------------------------------------------------


def serve(server: str, address: str) -> int:
    """Serve the gateway in front of the services at ``address`` until SIGTERM; print the port."""
    from arbitre.gateway import GatewayConfig, create_app
    from arbitre.gateway.serving import serve_until_signal

    _raise_open_files()
    app = create_app(GatewayConfig.all_at(address))

    def announce(port: int) -> None:
        print(port, flush=True)

    if server == "uvicorn":
        serve_until_signal(app, "127.0.0.1", 0, announce)
        return 0
    from werkzeug.serving import make_server

    http = make_server("127.0.0.1", 0, app, threaded=True)
    done = threading.Event()
    signal.signal(signal.SIGTERM, lambda _signum, _frame: done.set())
    threading.Thread(target=http.serve_forever, daemon=True).start()
    announce(http.server_port)
    done.wait()
    os._exit(0)  # the streams' threads would hold the exit


# -- the clients' process ------------------------------------------------------------------


async def _clients(port: int, game_id: str, count: int) -> None:
    """``count`` SSE clients; prints ``ready``, ``started``, ``revealed`` as every client gets
    there, then one JSON line: each client's reception times (Unix ms) and the reveal's id."""
    connecting = asyncio.Semaphore(CONNECTING)
    arrived = {"state": 0, "turn_started": 0, "turn_revealed": 0}
    received: list[dict[str, float]] = []
    began = time.perf_counter()

    def count_in(kind: str) -> None:
        arrived[kind] += 1
        if arrived[kind] == count:
            print(kind, round(time.perf_counter() - began, 3), flush=True)

    async def one() -> None:
        async with connecting:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(f"GET /v1/games/{game_id}/events HTTP/1.1\r\nHost: bench\r\n\r\n".encode())
            buffer = b""
            while b"event: state\n" not in buffer:
                chunk = await reader.read(65536)
                if not chunk:
                    raise RuntimeError("the gateway closed a stream before its state")
                buffer += chunk
        count_in("state")
        times: dict[str, float] = {}
        buffer = b""
        while len(times) < 4:
            chunk = await reader.read(65536)
            now = time.time() * 1000
            if not chunk:
                break
            buffer += chunk
            for found in _EVENT.finditer(buffer):
                kind = found.group(2).decode()
                if kind not in times:
                    times[kind] = now
                    times[f"{kind}_id"] = float(found.group(1))
                    count_in(kind)
            buffer = buffer[-200:]
        writer.close()
        received.append(times)

    tasks = [asyncio.ensure_future(one()) for _ in range(count)]
    await asyncio.gather(*tasks)
    print(json.dumps(received), flush=True)


def run_clients(port: int, game_id: str, count: int) -> int:
    _raise_open_files()
    asyncio.run(_clients(port, game_id, count))
    return 0


# -- the measure ---------------------------------------------------------------------------


def _percentiles(values: Sequence[float]) -> dict[str, float]:
    ordered = sorted(values)
    if not ordered:
        return {"p50_ms": float("nan"), "p99_ms": float("nan"), "max_ms": float("nan")}
    return {
        "p50_ms": round(statistics.median(ordered), 1),
        "p99_ms": round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))], 1),
        "max_ms": round(ordered[-1], 1),
    }


def _cpu(pid: int) -> float:
    """CPU seconds (user + system, every thread) of the process ``pid`` so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss(pid: int) -> int:
    """Resident memory of the process ``pid``, in bytes (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def measure(server: str, clients: int, seconds: int, address: str, stub: Any) -> dict[str, Any]:
    """One run: a gateway ``server`` in its own process, ``clients`` in another."""
    gateway = subprocess.Popen(
        [sys.executable, str(SCRIPT), "--serve", server, "--address", address],
        stdout=subprocess.PIPE,
        text=True,
    )
    readers: subprocess.Popen[str] | None = None
    try:
        assert gateway.stdout is not None
        port = int(gateway.stdout.readline())
        watched = gateway.pid
        peak = [0]
        watching = threading.Event()

        def watch_memory() -> None:
            while not watching.is_set():
                try:
                    peak[0] = max(peak[0], _rss(watched))
                except OSError:
                    return  # the gateway exited
                watching.wait(0.1)

        threading.Thread(target=watch_memory, daemon=True).start()
        created = stub.CreateGame(
            session_pb2.CreateGameRequest(
                kind=common_pb2.GAME_KIND_DUPLICATE,
                config_json=json.dumps({"max_turns": 1, "seconds_per_turn": seconds}),
                has_seed=True,
                seed=7,
            )
        )
        game_id = created.game_id
        stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Ann"))
        cpu_before = _cpu(watched)
        readers = subprocess.Popen(
            [sys.executable, str(SCRIPT), "--run-clients", f"{port},{game_id},{clients}"],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert readers.stdout is not None
        kind, connect_seconds = readers.stdout.readline().split()
        assert kind == "state", kind
        cpu_connected = _cpu(watched)
        rss_connected = _rss(watched)
        began = time.time() * 1000
        state = stub.Start(session_pb2.GameCommand(game_id=game_id, token=created.organiser_token))
        deadline = state.deadline_ms
        turn_start = deadline - seconds * 1000
        cpu_marks = {"start": _cpu(watched)}
        for _ in range(2):
            kind, _ = readers.stdout.readline().split()
            cpu_marks[kind] = _cpu(watched)
        received = json.loads(readers.stdout.readline())
        readers.wait()
        watching.set()
        started = [times["turn_started"] - turn_start for times in received if times]
        revealed = [times["turn_revealed"] - deadline for times in received if times]
        fanned = [
            times["turn_revealed"] - times["turn_revealed_id"]
            for times in received
            if "turn_revealed_id" in times
        ]
        return {
            "server": server,
            "clients": clients,
            "connect_s": float(connect_seconds),
            "turn_started": _percentiles(started),
            "turn_revealed": _percentiles(revealed),
            "reveal_fanout": _percentiles(fanned),
            "cpu_connect_s": round(cpu_connected - cpu_before, 2),
            "cpu_turn_started_s": round(cpu_marks["turn_started"] - cpu_marks["start"], 2),
            "cpu_turn_revealed_s": round(cpu_marks["turn_revealed"] - cpu_marks["turn_started"], 2),
            "rss_connected_mb": round(rss_connected / 2**20, 1),
            "rss_peak_mb": round(peak[0] / 2**20, 1),
            "start_lag_ms": round(turn_start - began, 1),
        }
    finally:
        for process in (readers, gateway):
            if process is not None and process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


def _table(results: list[dict[str, Any]]) -> str:
    lines = [
        "| server | clients | connect s | turn_started p50 / p99 / max ms "
        "| turn_revealed p50 / p99 / max ms | reveal from its id p50 / p99 ms "
        "| CPU s: connect / start / reveal | RSS MB (connected / peak) |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for result in results:
        started, revealed, fanned = (
            result["turn_started"],
            result["turn_revealed"],
            result["reveal_fanout"],
        )
        lines.append(
            f"| {result['server']} | {result['clients']:,} | {result['connect_s']} "
            f"| {started['p50_ms']} / {started['p99_ms']} / {started['max_ms']} "
            f"| {revealed['p50_ms']} / {revealed['p99_ms']} / {revealed['max_ms']} "
            f"| {fanned['p50_ms']} / {fanned['p99_ms']} "
            f"| {result['cpu_connect_s']} / {result['cpu_turn_started_s']} / "
            f"{result['cpu_turn_revealed_s']} "
            f"| {result['rss_connected_mb']} / {result['rss_peak_mb']} |"
        )
    return "\n".join(lines)


def _ratios(baseline: dict[str, Any], measured: dict[str, Any]) -> dict[str, float]:
    """werkzeug ÷ uvicorn at the same number of clients (above 1: uvicorn is better)."""

    def ratio(high: float, low: float) -> float:
        return round(high / low, 2) if low else float("inf")

    return {
        "turn_started_p99": ratio(
            baseline["turn_started"]["p99_ms"], measured["turn_started"]["p99_ms"]
        ),
        "reveal_fanout_p99": ratio(
            baseline["reveal_fanout"]["p99_ms"], measured["reveal_fanout"]["p99_ms"]
        ),
        "cpu_reveal": ratio(baseline["cpu_turn_revealed_s"], measured["cpu_turn_revealed_s"]),
        "cpu_connect": ratio(baseline["cpu_connect_s"], measured["cpu_connect_s"]),
        "rss_connected": ratio(baseline["rss_connected_mb"], measured["rss_connected_mb"]),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--clients", type=int, default=2_000)
    parser.add_argument("--baseline-clients", type=int, default=500)
    parser.add_argument("--server", choices=("both", "uvicorn", "werkzeug"), default="both")
    parser.add_argument("--seconds", type=int, default=5, help="seconds per turn")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--serve", choices=("uvicorn", "werkzeug"), help=argparse.SUPPRESS)
    parser.add_argument("--address", help=argparse.SUPPRESS)
    parser.add_argument("--run-clients", help=argparse.SUPPRESS)
    arguments = parser.parse_args(argv)
    if arguments.serve:
        return serve(arguments.serve, arguments.address)
    if arguments.run_clients:
        port, game_id, count = arguments.run_clients.split(",")
        return run_clients(int(port), game_id, int(count))

    _raise_open_files()
    embedded = None
    url = redis_url()
    if url:
        url = url.rsplit("/", 1)[0] + "/15"
    else:
        embedded = EmbeddedRedis(persistence=False)
        embedded.start()
        url = embedded.url
    client = connect(url)
    client.flushdb()
    platform = start_platform(LexiconRegistry(), client)
    try:
        channel = grpc.insecure_channel(platform.address)
        stub_class: Any = session_pb2_grpc.SessionStub
        stub = stub_class(channel)
        runs: list[tuple[str, int]] = []
        if arguments.server in ("both", "werkzeug"):
            runs.append(("werkzeug", arguments.baseline_clients))
        if arguments.server in ("both", "uvicorn"):
            if arguments.server == "both":
                runs.append(("uvicorn", arguments.baseline_clients))
            runs.append(("uvicorn", arguments.clients))
        results = []
        for server, clients in runs:
            print(f"{server}, {clients} clients...", file=sys.stderr, flush=True)
            results.append(measure(server, clients, arguments.seconds, platform.address, stub))
        report: dict[str, Any] = {"cores": os.cpu_count(), "runs": results}
        if arguments.server == "both":
            report["werkzeug_over_uvicorn"] = _ratios(results[0], results[1])
        if arguments.json:
            print(json.dumps(report, indent=2))
        else:
            print(_table(results))
            if "werkzeug_over_uvicorn" in report:
                ratios = report["werkzeug_over_uvicorn"]
                shown = ", ".join(f"{name} {value}×" for name, value in ratios.items())
                print(f"\nwerkzeug ÷ uvicorn at {arguments.baseline_clients} clients: {shown}")
    finally:
        platform.stop(0)
        if embedded is not None:
            embedded.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
