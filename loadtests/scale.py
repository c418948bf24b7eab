"""A simultané at full scale: thousands of players on one game, driven by asyncio.

Run: ``python loadtests/scale.py --host http://127.0.0.1:8080 --players 10000 --turns 2
--turn-seconds 180 --answers-log scale.jsonl``, then ``python loadtests/check.py
--answers-log scale.jsonl``.

The locust scenario (``simultane.py``) is the realistic one, user by user; but a locust user
costs a greenlet, a requests session and locust's bookkeeping, and on the 2 cores the server
shares, 10,000 of them would measure the load generator. This driver plays the same game with
the same log (so ``check.py`` checks it the same way) at a fraction of the cost: one process,
raw HTTP/1.1 over asyncio streams, a pool of keep-alive connections for the requests and one
connection per player for the event stream.

Each player joins (``POST /v1/games/{id}/players``), follows ``GET /v1/games/{id}/events``
(resuming with ``Last-Event-ID`` after a drop), and on each ``turn_started`` answers
(``POST /v1/games/{id}/actions``, a request id for each answer) 1 to
``--max-answers`` times at random moments up to the deadline (moves from one shared
``/v1/solve`` per turn). The organiser starts the game once every player is in and follows it.
Printed at the end: joins, answers by outcome, the latency of acknowledged answers
(p50/p95/p99/max), how long after the deadline the players received each reveal, how long after
a turn opened they received it, and the driver's own CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import urlsplit

#: Keep-alive connections shared by the requests (joins, answers, solves).
POOL = 256
#: Joins and stream openings in flight at once.
CONCURRENT_OPENINGS = 200
#: Seconds before the deadline after which a player no longer answers: answers sent later
#: would be late by the time they arrive, and count as such (409), never as lost.
LAST_MOMENT = 0.5


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class HttpError(Exception):
    """A request that got no HTTP answer."""


class Connection:
    """One keep-alive HTTP/1.1 connection, opened again when the server closed it while idle
    (else the next request on it would get no answer, and be sent again for nothing)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, body: Any = None, token: str = ""
    ) -> tuple[int, Any]:
        if self.writer is None or self.writer.is_closing() or self.reader is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        elif self.reader.at_eof():  # the server closed it while idle (its keep-alive timeout)
            self.close()
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        data = json.dumps(body).encode() if body is not None else b""
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        if body is not None:
            head += ["Content-Type: application/json", f"Content-Length: {len(data)}"]
        if token:
            head.append(f"Authorization: Bearer {token}")
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        try:
            status_line = await self.reader.readline()
            if not status_line:
                raise HttpError("the connection closed")
            status = int(status_line.split()[1])
            length, closing = 0, False
            while True:
                line = await self.reader.readline()
                if line in (b"\r\n", b"\n", b""):
                    break
                name, _, value = line.decode("latin-1").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value)
                elif name.strip().lower() == "connection" and "close" in value.lower():
                    closing = True
            payload = await self.reader.readexactly(length) if length else b""
        except (OSError, ValueError, IndexError, asyncio.IncompleteReadError) as error:
            self.close()
            raise HttpError(str(error) or type(error).__name__) from None
        if closing:
            self.close()
        try:
            return status, json.loads(payload) if payload else {}
        except ValueError:
            return status, {}

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Http:
    """A pool of keep-alive connections to the gateway."""

    def __init__(self, base: str, size: int) -> None:
        parts = urlsplit(base)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.idle: asyncio.Queue[Connection] = asyncio.Queue()
        for _ in range(size):
            self.idle.put_nowait(Connection(self.host, self.port))

    async def request(
        self, method: str, path: str, body: Any = None, token: str = ""
    ) -> tuple[int, Any]:
        connection = await self.idle.get()
        try:
            return await connection.request(method, path, body, token)
        finally:
            self.idle.put_nowait(connection)


@dataclass
class Log:
    """The answers log ``check.py`` reads (the format of ``simultane.py``)."""

    file: TextIO

    def write(self, kind: str, **fields: Any) -> None:
        self.file.write(json.dumps({"kind": kind, **fields}, ensure_ascii=False) + "\n")


@dataclass
class Run:
    """What the players share: settings, the game, the figures."""

    http: Http
    log: Log
    game_id: str = ""
    turn_seconds: int = 180
    max_answers: int = 3
    skip_chance: float = 0.05
    moves: dict[int, asyncio.Future[list[str]]] = field(default_factory=dict)
    deadlines: dict[int, int] = field(default_factory=dict)  # turn -> deadline (server's ms)
    answer_ms: list[float] = field(default_factory=list)
    outcomes: dict[str, int] = field(default_factory=dict)
    reveal_lag_ms: list[float] = field(default_factory=list)
    start_lag_ms: list[float] = field(default_factory=list)
    early_reveals: int = 0
    reconnects: int = 0
    finished: int = 0

    def outcome(self, kind: str) -> None:
        self.outcomes[kind] = self.outcomes.get(kind, 0) + 1

    async def moves_of(self, turn: int, board: list[str], rack: str) -> list[str]:
        """The moves for ``turn``: one solve for everyone (the answer path is what is timed)."""
        if turn not in self.moves:
            future: asyncio.Future[list[str]] = asyncio.get_running_loop().create_future()
            self.moves[turn] = future
            tiles = rack.lstrip("-").replace("+", "")
            status, body = await self.http.request(
                "POST", "/v1/solve", {"board": board, "rack": tiles, "limit": 50}
            )
            future.set_result(
                [move["move"] for move in body.get("moves", [])] if status == 200 else []
            )
        return await self.moves[turn]


class EventStream(asyncio.Protocol):
    """One event stream of an :class:`EventFollower`, read as its bytes come (no task woken
    per line: ten thousand streams read by one process each get an event at once): it sends
    ``request``, checks the status (200), skips the headers, sets ``opened``, then hands each
    event's data to the follower's ``_on_text``, until the follower is ``over`` or the
    connection ends (``ended``). The body's chunk sizes are lines of no field: skipped."""

    def __init__(self, follower: EventFollower, request: bytes, opened: asyncio.Event) -> None:
        self.follower = follower
        self.request = request
        self.opened = opened
        self.ended: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.transport: asyncio.Transport | None = None
        self.rest = b""
        self.status_read = False
        self.headers_read = False
        self.event_id = ""
        self.kind = ""
        self.data: list[str] = []

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        transport.write(self.request)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.ended.done():
            self.ended.set_result(None)

    def data_received(self, data: bytes) -> None:
        lines = (self.rest + data).split(b"\n")
        self.rest = lines.pop()
        for raw in lines:
            if self.headers_read:
                self._line(raw.decode("utf-8").rstrip("\r"))
            elif not self.status_read:
                self.status_read = True
                if b" 200 " not in raw:
                    self._end()
                    return
            elif raw in (b"\r", b""):
                self.headers_read = True
                self.opened.set()
            if self.follower.over or self.ended.done():
                self._end()
                return

    def _line(self, line: str) -> None:
        if line.startswith(":"):
            return
        if line:
            name, _, value = line.partition(": ")
            if name == "id":
                self.event_id = value
            elif name == "event":
                self.kind = value
            elif name == "data":
                self.data.append(value)
            return
        if self.kind:
            if self.event_id:
                self.follower.last_event = self.event_id
            self.follower._on_text(self.kind, "\n".join(self.data) or "{}")
        self.event_id, self.kind, self.data = "", "", []

    def _end(self) -> None:
        if self.transport is not None:
            self.transport.close()
        if not self.ended.done():
            self.ended.set_result(None)


class EventFollower:
    """What a simulated player of any game needs to follow its event stream: ``follow`` reads
    ``GET /v1/games/{id}/events`` until ``over``, resuming with ``Last-Event-ID`` after a drop,
    and hands each event to ``_on_event``. The player has ``run`` (with ``http``, ``game_id``
    and a ``reconnects`` count), ``over`` and ``last_event``."""

    run: Any
    over: bool
    last_event: str

    async def follow(self, opened: asyncio.Event) -> None:
        """The game's events until it is over, resuming after drops."""
        http = self.run.http
        loop = asyncio.get_running_loop()
        while not self.over:
            resume = f"Last-Event-ID: {self.last_event}\r\n" if self.last_event else ""
            request = (
                f"GET /v1/games/{self.run.game_id}/events HTTP/1.1\r\nHost: {http.host}\r\n"
                # The stream's end closes the connection (else a keep-alive connection would
                # sit idle after a broken stream's last chunk instead of reconnecting).
                f"Accept: text/event-stream\r\nConnection: close\r\n{resume}\r\n".encode()
            )
            try:
                transport, stream = await loop.create_connection(
                    partial(EventStream, self, request, opened), http.host, http.port
                )
            except OSError:
                self.run.reconnects += 1
                await asyncio.sleep(1 + random.random())
                continue
            try:
                await stream.ended
            finally:
                transport.close()
            if not self.over:
                self.run.reconnects += 1
                await asyncio.sleep(0.5 + random.random())

    def _on_text(self, kind: str, text: str) -> None:
        """An event as received (``text``: its data, JSON): :meth:`_on_event` of it parsed. A
        player may read what it needs of a large event without parsing it all: ten thousand
        players in one process parse each event ten thousand times, and the driver's own
        parsing would delay what it measures."""
        self._on_event(kind, json.loads(text))

    def _on_event(self, kind: str, data: dict[str, Any]) -> None:
        raise NotImplementedError


@dataclass
class Player(EventFollower):
    """One simulated player."""

    run: Run
    number: int
    player_id: str = ""
    token: str = ""
    offset_ms: float = 0.0  # server clock minus ours
    last_event: str = ""
    sequence: int = 0
    over: bool = False
    answering: dict[int, asyncio.Task[None]] = field(default_factory=dict)

    async def join(self) -> None:
        name = f"Joueur {self.number:05}"
        sent = time.time()
        status, body = await self.run.http.request(
            "POST", f"/v1/games/{self.run.game_id}/players", {"name": name}
        )
        if status != 201:
            raise HttpError(f"join: {status} {body}")
        received = time.time()
        self.player_id, self.token = body["player_id"], body["player_token"]
        self.offset_ms = body["game"]["server_time_ms"] - (sent + received) / 2 * 1000
        self.run.log.write("join", player=self.player_id, name=name, t=received)

    def server_now_ms(self) -> float:
        return time.time() * 1000 + self.offset_ms

    def _on_event(self, kind: str, data: dict[str, Any]) -> None:
        if kind == "turn_started":
            turn, deadline = int(data["turn"]), int(data["deadline_ms"])
            self.run.deadlines.setdefault(turn, deadline)
            seconds = self.run.turn_seconds
            self.run.start_lag_ms.append(self.server_now_ms() - (deadline - seconds * 1000))
            if turn not in self.answering:
                self.answering[turn] = asyncio.create_task(
                    self.answer_turn(turn, deadline, data["board"], data["rack"])
                )
        elif kind == "turn_revealed":
            turn = int(data["turn"])
            task = self.answering.get(turn)
            if task is not None:
                task.cancel()  # the turn is over: no more answers (those in flight count)
            closing_at = self.run.deadlines.get(turn)
            lag_ms = None
            if closing_at is not None:
                lag = self.server_now_ms() - closing_at
                lag_ms = round(lag, 1)
                if lag >= 0:
                    self.run.reveal_lag_ms.append(lag)
                else:  # every player answered: the turn closed early
                    self.run.early_reveals += 1
            self.run.log.write(
                "reveal", player=self.player_id, turn=turn, lag_ms=lag_ms, t=time.time()
            )
        elif kind == "game_over":
            self.over = True
            self.run.finished += 1
            self.run.log.write("done", player=self.player_id, over=True, t=time.time())

    async def answer_turn(self, turn: int, deadline_ms: int, board: list[str], rack: str) -> None:
        if random.random() < self.run.skip_chance:
            return
        moves = await self.run.moves_of(turn, board, rack)
        if not moves:
            return
        last = (deadline_ms - self.offset_ms) / 1000 - LAST_MOMENT  # on our clock
        now = time.time()
        count = random.randint(1, max(1, self.run.max_answers))
        for moment in sorted(random.uniform(now, max(now, last)) for _ in range(count)):
            await asyncio.sleep(max(0.0, moment - time.time()))
            await asyncio.shield(self.answer(turn, deadline_ms, random.choice(moves)))

    async def answer(self, turn: int, deadline_ms: int, move: str) -> None:
        self.sequence += 1
        sent = time.time()
        margin = deadline_ms - (sent * 1000 + self.offset_ms)
        self.run.log.write("send", player=self.player_id, turn=turn, move=move, seq=self.sequence)
        began = time.perf_counter()
        try:
            status, body = await self.run.http.request(
                "POST",
                f"/v1/games/{self.run.game_id}/actions",
                {
                    "action": {"move": move, "turn": turn},
                    "request_id": f"{self.player_id}-{self.sequence}",
                },
                self.token,
            )
        except HttpError:
            status, body = 0, {}
        spent = (time.perf_counter() - began) * 1000
        if status == 200:
            outcome = "ok"
            self.run.answer_ms.append(spent)
        elif status == 409:  # too_late, turn_closed, wrong_turn, game_over
            outcome = "late"
        elif status in (400, 401, 403, 404):
            outcome = "refused"
        else:
            outcome = "unknown"
        self.run.outcome(outcome)
        self.run.log.write(
            "answer",
            player=self.player_id,
            turn=turn,
            move=move,
            seq=self.sequence,
            outcome=outcome,
            status=status,
            score=(body.get("result") or {}).get("score"),
            margin_ms=round(margin, 1),
            sent=sent,
            acked=time.time(),
        )


async def bounded(jobs: Sequence[Any], limit: int) -> None:
    gate = asyncio.Semaphore(limit)

    async def one(job: Any) -> None:
        async with gate:
            await job

    await asyncio.gather(*(one(job) for job in jobs))


async def play(arguments: argparse.Namespace, log: Log) -> Run:
    http = Http(arguments.host, POOL)
    run = Run(
        http,
        log,
        turn_seconds=arguments.turn_seconds,
        max_answers=arguments.max_answers,
        skip_chance=arguments.skip_chance,
    )
    config = {
        "name": "online",
        "max_turns": arguments.turns,
        "seconds_per_turn": arguments.turn_seconds,
    }
    body: dict[str, Any] = {"config": config, "title": "scale"}
    if arguments.seed is not None:
        body["seed"] = arguments.seed
    status, created = await http.request("POST", "/v1/games", body)
    if status != 201:
        raise HttpError(f"create: {status} {created}")
    run.game_id = created["game_id"]
    log.write(
        "game",
        game_id=run.game_id,
        host=arguments.host,
        config=created["game"]["view"]["config"],
        settings={
            "turns": arguments.turns,
            "turn_seconds": arguments.turn_seconds,
            "solve": "shared",
            "max_answers": arguments.max_answers,
        },
        t=time.time(),
    )
    players = [Player(run, number) for number in range(arguments.players)]
    began = time.perf_counter()
    await bounded([player.join() for player in players], CONCURRENT_OPENINGS)
    joined = time.perf_counter() - began
    print(f"{len(players):,} players joined in {joined:.1f} s", flush=True)
    opened = [asyncio.Event() for _ in players]
    followers = [
        asyncio.create_task(player.follow(event))
        for player, event in zip(players, opened, strict=True)
    ]
    began = time.perf_counter()
    await bounded([event.wait() for event in opened], len(opened))
    print(f"{len(players):,} event streams open in {time.perf_counter() - began:.1f} s", flush=True)
    status, _ = await http.request(
        "POST", f"/v1/games/{run.game_id}/start", token=created["organiser_token"]
    )
    if status != 200:
        raise HttpError(f"start: {status}")
    limit = arguments.turns * (arguments.turn_seconds + 30) + 60
    _done, pending = await asyncio.wait(followers, timeout=limit)
    for task in pending:
        task.cancel()
    for player in players:
        if not player.over:
            log.write("done", player=player.player_id, over=False, t=time.time())
    return run


def report(run: Run, cpu: float, wall: float) -> str:
    answers = run.answer_ms
    lags = run.reveal_lag_ms
    starts = run.start_lag_ms
    outcomes = ", ".join(f"{kind} {count:,}" for kind, count in sorted(run.outcomes.items()))
    lines = [
        f"answers: {sum(run.outcomes.values()):,} ({outcomes})",
        f"acknowledged answer latency (ms): p50 {percentile(answers, 0.5):.0f}, p95 "
        f"{percentile(answers, 0.95):.0f}, p99 {percentile(answers, 0.99):.0f}, max "
        f"{max(answers, default=float('nan')):.0f}",
        f"reveal received after the deadline (ms): p50 {percentile(lags, 0.5):.0f}, p99 "
        f"{percentile(lags, 0.99):.0f}, max {max(lags, default=float('nan')):.0f} "
        f"({len(lags):,} reveals; {run.early_reveals:,} before the deadline)",
        f"turn_started received after the turn opened (ms): p50 {percentile(starts, 0.5):.0f}, "
        f"p99 {percentile(starts, 0.99):.0f}",
        f"players who saw the end: {run.finished:,}; stream reconnections: {run.reconnects:,}",
        f"driver CPU: {cpu:.1f} s over {wall:.0f} s",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="http://127.0.0.1:8080")
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--turns", type=int, default=2)
    parser.add_argument("--turn-seconds", type=int, default=180)
    parser.add_argument("--max-answers", type=int, default=3)
    parser.add_argument("--skip-chance", type=float, default=0.05)
    parser.add_argument("--seed", type=int)
    parser.add_argument("--answers-log", type=Path, default=Path("scale-answers.jsonl"))
    arguments = parser.parse_args(argv)
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if arguments.players + POOL + 100 > hard:
        print(
            f"scale: {arguments.players} players need more than {hard} open files", file=sys.stderr
        )
        return 2
    began, cpu = time.perf_counter(), time.process_time()
    with arguments.answers_log.open("w", encoding="utf-8") as file:
        run = asyncio.run(play(arguments, Log(file)))
    print(report(run, time.process_time() - cpu, time.perf_counter() - began))
    print(
        f"log: {arguments.answers_log} (check it: python loadtests/check.py --answers-log "
        f"{arguments.answers_log})"
    )
    return 0 if run.finished == arguments.players else 1


if __name__ == "__main__":
    sys.exit(main())
