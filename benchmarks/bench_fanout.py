"""Benchmark of the event fan-out: how late N clients of one game get its events, and what the
gateway spends, served by uvicorn as ``arbitre up`` serves it (event streams on asyncio).

Run: ``python benchmarks/bench_fanout.py [--clients N [N ...]] [--seconds T] [--json]``. Starts
an embedded Redis (or uses ``REDIS_URL``'s database 15, flushed) and the four services on one
gRPC server in this process; each measured gateway runs in a process of its own (served as
``python -m arbitre.gateway`` serves it) and the clients in another (one asyncio loop, raw
sockets), so the gateway's CPU time and resident memory are its own. The three processes share
the machine's cores, as they would on one 2-core machine. The clients all come from 127.0.0.1:
the measured gateway's limit of streams per client is raised to their number.

For each run: a game of one player (who never answers) and a turn of T seconds (default 5);
N clients open its event stream (at most 200 connecting at once) and get their ``state``; the
game starts. Each client notes when ``turn_started`` and ``turn_revealed`` reach it; the delay
is from the server's time of the event: the turn's start (its deadline − T) and its reveal (the
deadline; the clock closes the turn then), and, for the reveal, also from the event's id (the
Redis clock when the event was written: the fan-out alone). Reported: p50/p99/max of each
delay, the time to connect the N clients, the gateway's CPU seconds while connecting and from
the start to the last client's reveal, and its peak RSS. Runs by default 500 clients, then
2,000.

This benchmark used to run werkzeug's threaded server (a thread per stream) beside uvicorn;
that arm went with the thread-based event route (issue 13). ``docs/scaling.md`` keeps its last
measures.
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

from arbitre.gateway.stream_limits import (
    MAX_STREAMS,
    MAX_STREAMS_VARIABLE,
    STREAMS_PER_CLIENT,
    STREAMS_PER_CLIENT_VARIABLE,
)
from arbitre.services.internal_auth import Credentials, Identity, open_channel
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.platform import start_platform
from arbitre.services.redis_server import EmbeddedRedis, connect, redis_url
from arbitre.v1 import common_pb2, duplicate_pb2, session_pb2, session_pb2_grpc

SCRIPT = Path(__file__).resolve()
#: Clients connecting at once.
CONNECTING = 200
_EVENT = re.compile(rb"id: (\d+)-\d+\nevent: (turn_started|turn_revealed)\n")


def _raise_open_files() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


# -- the gateway's process -----------------------------------------------------------------


def serve(address: str) -> int:
    """Serve the gateway in front of the services at ``address`` until SIGTERM; print the port."""
    from arbitre.gateway import GatewayConfig, create_app
    from arbitre.gateway.serving import serve_until_signal

    _raise_open_files()
    # the gateway's credential, from the benchmark's environment (see main)
    token = Credentials.from_environment().token(Identity.GATEWAY)
    app = create_app(GatewayConfig.all_at(address, internal_token=token))

    def announce(port: int) -> None:
        print(port, flush=True)

    serve_until_signal(app, "127.0.0.1", 0, announce)
    return 0


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


def measure(clients: int, seconds: int, address: str, stub: Any) -> dict[str, Any]:
    """One run: a gateway in its own process, ``clients`` in another (all from one address:
    the gateway lets one address hold them all)."""
    limits = {
        STREAMS_PER_CLIENT_VARIABLE: str(max(clients, STREAMS_PER_CLIENT)),
        MAX_STREAMS_VARIABLE: str(max(clients, MAX_STREAMS)),
    }
    gateway = subprocess.Popen(
        [sys.executable, str(SCRIPT), "--serve", "--address", address],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, **limits},
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
                duplicate=duplicate_pb2.DuplicateConfig(max_turns=1, seconds_per_turn=seconds),
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
            "server": "uvicorn",
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


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--clients", type=int, nargs="+", default=[500, 2_000])
    parser.add_argument("--seconds", type=int, default=5, help="seconds per turn")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--address", help=argparse.SUPPRESS)
    parser.add_argument("--run-clients", help=argparse.SUPPRESS)
    arguments = parser.parse_args(argv)
    if arguments.serve:
        return serve(arguments.address)
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
        # every gateway process measured inherits the gateway's credential
        os.environ.update(platform.credentials.only(Identity.GATEWAY).environment({}))
        channel = open_channel(platform.address, platform.gateway_token)
        stub_class: Any = session_pb2_grpc.SessionStub
        stub = stub_class(channel)
        results = []
        for clients in arguments.clients:
            print(f"{clients} clients...", file=sys.stderr, flush=True)
            results.append(measure(clients, arguments.seconds, platform.address, stub))
        report: dict[str, Any] = {"cores": os.cpu_count(), "runs": results}
        if arguments.json:
            print(json.dumps(report, indent=2))
        else:
            print(_table(results))
    finally:
        platform.stop(0)
        if embedded is not None:
            embedded.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
