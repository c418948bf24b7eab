"""A Duel de Mots room at scale: thousands of players guessing the same word, driven by asyncio.

Run: ``python loadtests/duel.py --host http://127.0.0.1:8080 --players 10000 --rounds 1
--round-seconds 120 --language en --guesses-log duel.jsonl``, then ``python
loadtests/duel_check.py --guesses-log duel.jsonl``.

The driver of ``scale.py`` (raw HTTP/1.1 over asyncio streams, a pool of keep-alive connections
for the requests, one connection per player for the event stream) playing a duel room instead
of a simultané. The organiser creates a room with a seat per player; each player joins
(``POST /v1/games/{id}/players``) and follows ``GET /v1/games/{id}/events`` (resuming with
``Last-Event-ID`` after a drop); the organiser starts once every stream is open. On each
``round_started`` every player guesses at human-like moments (the first within
``--first-seconds``, then one every ``--gap-seconds`` or so, waiting for each answer), until
they find the word, use their six tries or the round ends (``round_over``): ``POST
/v1/games/{id}/actions {"action": {"guess", "round"}, "request_id"}``. Guesses are words of the
shipped list (:func:`arbitre.engine.duel_words.load`) and a weak player's: most pick at random
among the guesses, a share (``--solvers``) pick among the secrets still consistent with the
marks they got, so that many find the word and the closing window or the early end happen.
A 409 (``round_over``, ``already_tried``...) is a refusal, logged as such; a 503, a 429 or a
request that got no answer is sent again with the same ``request_id``, which the server answers
once (a retry spends no second row). With ``--reveal-seconds 0`` (the default) the organiser
opens each next round as soon as the previous one is over.

``--processes N`` shares the players among N processes (players 0, N, 2N... in the first), as
so many client machines would: each follows its players' streams and times its players'
guesses, so that the moments one process spends reading an event for its thousands of players
do not delay the answers another times. The first creates the room and starts it once every
process has its streams open; their logs are joined into one at the end. ``--probes M`` adds a
process of M spectators that only note when each ``round_over`` reaches them (a process
reading one event on thousands of streams notes its own backlog too); ``--probe-players K``
plays the last K of the players in that process, as a few clients among thousands, whose
guesses' latency is also reported apart: a process timing thousands of players times its own
lag too. The driver measures the lag of its own event loop and prints it: a latency it times
includes that lag.

The log (``--guesses-log``, JSON lines): ``game`` (room, host, configuration), ``join``, ``send``
(a guess about to leave), ``guess`` (its verdict: ``outcome`` ``ok`` with the row, the marks and
the latency, ``refused`` with the code, ``unknown`` when no verdict came, ``failed`` for any
other error), ``round_over`` (player, round, lags), ``done`` and, once the game is over, its
``record``. Printed at the end: joins, guesses by outcome, the latency of acknowledged guesses,
how long after the round's end each player received ``round_over``, the players who saw
``game_over`` and the driver's own CPU. The exit status is 1 when a request failed unexpectedly
(the room's creation included: the server's error is printed) or a player did not see the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import re
import resource
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arbitre.engine.duel_words import load
from arbitre.rules.kinds.duel import marks
from arbitre.rules.kinds.duel.scoring import MAX_TRIES

if not __package__:  # run as a script: the package ``loadtests`` is at the repository's root
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from loadtests.scale import (
    CONCURRENT_OPENINGS,
    POOL,
    EventFollower,
    Http,
    HttpError,
    Log,
    bounded,
    percentile,
)

__all__ = ["Run", "Settings", "main", "play"]

#: Statuses after which a guess is sent again, with the same ``request_id``: the server kept
#: nothing (503: it asks for a retry; 429: over a rate limit) or the answer was lost (0).
RETRIED = frozenset({0, 429, 502, 503, 504})
#: Sendings of one guess at most (the first and the retries).
ATTEMPTS = 6
#: How many words the solvers open with, drawn once per run among the secrets: people have
#: favourite openers, and the driver filters the whole list once per opener (players who share
#: their candidates and their guess share the filtering), not once per player.
OPENERS = 40
#: What a player reads of ``round_over`` (the event's first fields: the round's number and
#: times), without parsing the rows and standings that follow them.
_ROUND_OVER_FIELDS = {
    name: re.compile(rf'"{name}": ?(\d+)') for name in ("round", "ends_at", "closed_at")
}


def round_over_fields(text: str) -> dict[str, int] | None:
    """The round's number and times (``round``, ``ends_at``, ``closed_at``) read off a
    ``round_over`` event's text without parsing its leaders' rows; ``None`` when one is
    missing."""
    found = {name: pattern.search(text) for name, pattern in _ROUND_OVER_FIELDS.items()}
    values = {name: int(match.group(1)) for name, match in found.items() if match}
    return values if len(values) == len(found) else None


#: How long after the end the run waits for the guesses still on their way.
SETTLE_SECONDS = 30.0


@dataclass(frozen=True)
class Settings:
    """How the players play: the share of solvers, and the moments of their guesses."""

    solvers: float = 0.6
    first_seconds: float = 5.0  # the first guess comes within this long of the round's start
    gap_seconds: float = 6.0  # then one about this often (from half to one and a half of it)


@dataclass
class Run:
    """What the players share: the room, the words, the figures."""

    http: Http
    log: Log
    settings: Settings
    rng: random.Random
    rounds: int
    reveal_seconds: int
    tag: str  # makes this run's request ids its own
    game_id: str = ""
    organiser: str = ""
    guesses: tuple[str, ...] = ()
    secrets: tuple[str, ...] = ()
    openers: tuple[str, ...] = ()
    filters: dict[tuple[int, str, str], tuple[tuple[str, ...], tuple[str, ...]]] = field(
        default_factory=dict
    )
    next_asked: set[int] = field(default_factory=set)
    asks_next: bool = True
    in_flight: set[asyncio.Task[Any]] = field(default_factory=set)
    # figures
    outcomes: dict[str, int] = field(default_factory=dict)
    refusals: dict[str, int] = field(default_factory=dict)
    replayed: int = 0
    retries: int = 0
    guess_ms: list[float] = field(default_factory=list)
    found: dict[int, int] = field(default_factory=dict)  # round → players who found the word
    over_lag_ms: list[float] = field(default_factory=list)  # round_over after the round's end
    early_lag_ms: list[float] = field(default_factory=list)  # after the close, closed early
    close_delay_ms: dict[int, int] = field(default_factory=dict)  # round → closed_at - ends_at
    start_lag_ms: list[float] = field(default_factory=list)
    loop_lag_ms: list[float] = field(default_factory=list)  # the driver's own loop
    probe_lag_ms: list[float] = field(default_factory=list)  # round_over at the probes
    probe_guess_ms: list[float] = field(default_factory=list)  # the probe players' guesses
    ends_differ: int = 0  # round_over's end is not the one the player had been told
    reconnects: int = 0
    finished: int = 0
    failures: list[str] = field(default_factory=list)

    def count(self, outcome: str) -> None:
        self.outcomes[outcome] = self.outcomes.get(outcome, 0) + 1

    def fail(self, what: str) -> None:
        self.failures.append(what)

    def narrowed(self, candidates: tuple[str, ...], guess: str, shown: str) -> tuple[str, ...]:
        """The ``candidates`` that would give ``guess`` the marks ``shown`` (once for the
        players who share the candidates, the guess and so the marks: they share the result)."""
        key = (id(candidates), guess, shown)
        known = self.filters.get(key)
        if known is not None and known[0] is candidates:
            return known[1]
        wanted = marks.from_text(shown)
        kept = tuple(word for word in candidates if marks.mark(word, guess) == wanted)
        self.filters[key] = (candidates, kept)  # which keeps ``candidates``, and so its id
        return kept

    def ask_next(self, number: int) -> None:
        """Open the round after ``number`` (once), when the room waits for its organiser (the
        first of the driver's processes asks)."""
        if (
            not self.asks_next
            or self.reveal_seconds
            or number >= self.rounds
            or number in self.next_asked
        ):
            return
        self.next_asked.add(number)
        task = asyncio.create_task(self._next(number))
        self.in_flight.add(task)
        task.add_done_callback(self.in_flight.discard)

    async def _next(self, number: int) -> None:
        path = f"/v1/games/{self.game_id}/next"
        try:
            status, body = await self.http.request("POST", path, token=self.organiser)
        except (HttpError, OSError) as error:
            status, body = 0, {"error": {"message": str(error)}}
        if status != 200:
            self.fail(f"next after round {number}: {status} {error_text(body)}")


@dataclass
class Probe(EventFollower):
    """A spectator of the room (no token, no guesses) in a process of its own, that notes when
    each ``round_over`` reaches it after the round's end: its loop has a few streams to read,
    not thousands, so what it notes is the server's delivery, not the driver's own backlog."""

    run: Run
    offset_ms: float = 0.0  # server clock minus ours
    last_event: str = ""
    over: bool = False
    ends_at: dict[int, int] = field(default_factory=dict)

    async def set_clock(self) -> None:
        sent = time.time()
        status, body = await self.run.http.request("GET", f"/v1/games/{self.run.game_id}")
        if status != 200:
            raise HttpError(f"the room's state: {status} {error_text(body)}")
        received = time.time()
        self.offset_ms = body["server_time_ms"] - (sent + received) / 2 * 1000

    def _on_text(self, kind: str, text: str) -> None:
        if kind == "round_over":
            values = round_over_fields(text)
            if values is not None:
                ends_at = self.ends_at.get(values["round"], values["ends_at"])
                if values["closed_at"] >= ends_at:  # closed by the clock, not early
                    now = time.time() * 1000 + self.offset_ms
                    self.run.probe_lag_ms.append(round(now - ends_at, 1))
            return
        super()._on_text(kind, text)

    def _on_event(self, kind: str, data: dict[str, Any]) -> None:
        if kind in ("round_started", "closing_window"):
            number, ends_at = int(data["round"]), int(data["ends_at"])
            self.ends_at[number] = min(ends_at, self.ends_at.get(number, ends_at))
        elif kind == "game_over":
            self.over = True


def error_text(body: Any) -> str:
    """The server's error (``{"error": {"code", "message"}}``) as one line."""
    error = body.get("error") if isinstance(body, dict) else None
    if not isinstance(error, dict):
        return json.dumps(body)[:300]
    return f"{error.get('code', '?')}: {error.get('message', '')}"


@dataclass
class Player(EventFollower):
    """One simulated player."""

    run: Run
    number: int
    solver: bool
    player_id: str = ""
    token: str = ""
    offset_ms: float = 0.0  # server clock minus ours
    last_event: str = ""
    sequence: int = 0
    over: bool = False
    playing: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    ends_at: dict[int, int] = field(default_factory=dict)  # round → its end (server's ms)

    async def join(self) -> None:
        name = f"Joueur {self.number:05}"
        sent = time.time()
        status, body = await self.run.http.request(
            "POST", f"/v1/games/{self.run.game_id}/players", {"name": name}
        )
        if status != 201:
            raise HttpError(f"join: {status} {error_text(body)}")
        received = time.time()
        self.player_id, self.token = body["player_id"], body["player_token"]
        self.offset_ms = body["game"]["server_time_ms"] - (sent + received) / 2 * 1000
        self.run.log.write("join", player=self.player_id, name=name, solver=self.solver, t=received)

    def server_now_ms(self) -> float:
        return time.time() * 1000 + self.offset_ms

    # -- the event stream (EventFollower.follow reads it) ------------------------------------

    def _on_text(self, kind: str, text: str) -> None:
        if kind == "round_over":  # some 17 KB in a room (the leaders' rows): its fields alone
            fields = round_over_fields(text)
            if fields is not None:
                self._round_over(fields)
                return
        super()._on_text(kind, text)

    def _on_event(self, kind: str, data: dict[str, Any]) -> None:
        if kind == "round_started":
            number = int(data["round"])
            self.run.start_lag_ms.append(self.server_now_ms() - int(data["opened_at"]))
            self._start(number, int(data["ends_at"]))
        elif kind == "closing_window":
            number, ends_at = int(data["round"]), int(data["ends_at"])
            self.ends_at[number] = min(ends_at, self.ends_at.get(number, ends_at))
        elif kind == "round_over":
            self._round_over(data)
        elif kind == "game_over":
            self.over = True
            self.run.finished += 1
            self.run.log.write("done", player=self.player_id, over=True, t=time.time())
        elif kind == "state":  # a fresh start of the stream: the room as it is now
            view = data.get("view") or {}
            current = view.get("current")
            if isinstance(current, dict) and int(current["round"]) not in self.playing:
                self._start(int(current["round"]), int(current["ends_at"]))
            if data.get("status") == "over":  # its end went by while the stream was down
                self.over = True
                self.run.log.write("done", player=self.player_id, over=False, t=time.time())

    def _start(self, number: int, ends_at: int) -> None:
        self.ends_at.setdefault(number, ends_at)
        if number not in self.playing:
            self.playing[number] = asyncio.create_task(self.play_round(number))

    def _round_over(self, data: dict[str, Any]) -> None:
        number = int(data["round"])
        task = self.playing.get(number)
        if task is not None:
            task.cancel()  # no more guesses (the one on its way, if any, goes on)
        now = self.server_now_ms()
        announced = int(data["ends_at"])
        ends_at = self.ends_at.get(number, announced)  # round_started's, or closing_window's
        if ends_at != announced:
            self.run.ends_differ += 1
        closed_at = int(data["closed_at"])
        self.run.close_delay_ms.setdefault(number, closed_at - announced)
        after_end = after_close = None
        if closed_at >= ends_at:  # closed by the clock
            after_end = round(now - ends_at, 1)
            self.run.over_lag_ms.append(after_end)
        else:  # everyone had found or used their tries: closed before its end
            after_close = round(now - closed_at, 1)
            self.run.early_lag_ms.append(after_close)
        self.run.log.write(
            "round_over",
            player=self.player_id,
            round=number,
            after_end_ms=after_end,
            after_close_ms=after_close,
            t=time.time(),
        )
        self.run.ask_next(number)

    # -- guessing -------------------------------------------------------------------------------

    async def play_round(self, number: int) -> None:
        """Guess until the word is found, the tries are used or the round ends."""
        settings, rng = self.run.settings, self.run.rng
        candidates = self.run.secrets
        tried: set[str] = set()
        delay = rng.uniform(0.2, max(0.2, settings.first_seconds))
        while len(tried) < MAX_TRIES:
            await asyncio.sleep(delay)
            if self.server_now_ms() >= self.ends_at[number]:
                return  # the round is over by its clock
            word = self.choose(candidates, tried)
            tried.add(word)
            guess = asyncio.create_task(self.guess(number, word))
            self.run.in_flight.add(guess)
            guess.add_done_callback(self.run.in_flight.discard)
            result, code = await asyncio.shield(guess)
            if result is None:
                if code in ("", "already_tried", "not_in_list"):  # unknown; or this word only
                    delay = rng.uniform(0.5, 1.5) * settings.gap_seconds
                    continue
                return  # round_over, no_tries_left, already_found...: nothing more to play
            if result.get("found") or int(result.get("tries_left", 0)) <= 0:
                return
            if self.solver:
                candidates = self.run.narrowed(candidates, word, str(result["marks"]))
            delay = rng.uniform(0.5, 1.5) * settings.gap_seconds

    def choose(self, candidates: tuple[str, ...], tried: set[str]) -> str:
        """A weak player's next guess: a solver's among the secrets consistent with their marks
        (a favourite opener first), anyone else's at random among the guesses."""
        rng = self.run.rng
        if self.solver:
            if not tried:
                return rng.choice(self.run.openers)
            left = [word for word in candidates if word not in tried]
            if left:
                return rng.choice(left)
        while True:
            word = rng.choice(self.run.guesses)
            if word not in tried:
                return word

    async def guess(self, number: int, letters: str) -> tuple[dict[str, Any] | None, str]:
        """Send one guess (again with the same request id while the server asks for a retry):
        its result, or ``None`` and the refusal's code (``""``: no verdict)."""
        run = self.run
        self.sequence += 1
        request_id = f"{run.tag}-{self.number}-{number}-{self.sequence}"
        body = {"action": {"guess": letters, "round": number}, "request_id": request_id}
        path = f"/v1/games/{run.game_id}/actions"
        where = {"player": self.player_id, "round": number, "letters": letters}
        run.log.write("send", **where, request_id=request_id, t=time.time())
        began, attempts, missed = time.perf_counter(), 0, []
        while True:
            attempts += 1
            try:
                status, answer = await run.http.request("POST", path, body, self.token)
            except (HttpError, OSError) as lost:  # no answer: it may have been taken
                status, answer = 0, {"error": {"code": "", "message": str(lost)}}
            if status not in RETRIED or attempts >= ATTEMPTS:
                break
            run.retries += 1
            missed.append(f"{status} {error_text(answer)}"[:120])
            await asyncio.sleep(min(4.0, 0.25 * 2**attempts) * (0.5 + run.rng.random()))
        latency = round((time.perf_counter() - began) * 1000, 1)
        logged = {**where, "request_id": request_id, "attempts": attempts, "t": time.time()}
        if missed:  # what each attempt sent again got
            logged["missed"] = missed
        if status == 200:
            result: dict[str, Any] = answer["result"]
            replayed = bool(answer.get("replayed"))
            run.count("ok")
            run.replayed += replayed
            run.guess_ms.append(latency)
            if result.get("found"):
                run.found[number] = run.found.get(number, 0) + 1
            run.log.write(
                "guess",
                **logged,
                outcome="ok",
                row=result["row"],
                marks=result["marks"],
                found=bool(result.get("found")),
                replayed=replayed,
                latency_ms=latency,
            )
            return result, ""
        refusal = answer.get("error") if isinstance(answer, dict) else None
        code = str(refusal.get("code", "")) if isinstance(refusal, dict) else ""
        if status == 409:
            outcome = "refused"
            run.refusals[code] = run.refusals.get(code, 0) + 1
        else:
            outcome = "unknown" if status in RETRIED else "failed"
            run.fail(f"guess {request_id}: {status} {error_text(answer)}")
            code = ""
        run.count(outcome)
        run.log.write("guess", **logged, outcome=outcome, status=status, code=code)
        return None, code


def new_run(arguments: argparse.Namespace, log: Log, part: int = 0) -> Run:
    """The run of one of the driver's processes (``part``: its number): its own choices, drawn
    from the seed and its number."""
    words = load(arguments.language)
    seed = None if arguments.seed is None else arguments.seed * 1_000 + part
    rng = random.Random(seed)
    settings = Settings(arguments.solvers, arguments.first_seconds, arguments.gap_seconds)
    run = Run(
        Http(arguments.host, POOL),
        log,
        settings,
        rng,
        rounds=arguments.rounds,
        reveal_seconds=arguments.reveal_seconds,
        tag=f"{rng.getrandbits(32):08x}",
        guesses=tuple(sorted(words.guesses)),
        secrets=words.secrets,
        asks_next=part == 0,
    )
    # the openers are the run's, whichever process draws them
    openers = random.Random(arguments.seed)
    run.openers = tuple(openers.sample(run.secrets, min(OPENERS, len(run.secrets))))
    return run


async def create(arguments: argparse.Namespace, run: Run) -> None:
    """Create the room (its id and organiser's token in ``run``) and log it."""
    config = {
        "language": arguments.language,
        "rounds": arguments.rounds,
        "round_seconds": arguments.round_seconds,
        "reveal_seconds": arguments.reveal_seconds,
        "seats": arguments.players if arguments.players <= 8 else 0,  # more: a room
    }
    body: dict[str, Any] = {"kind": "duel", "config": config, "title": "duel at scale"}
    if arguments.seed is not None:
        body["seed"] = arguments.seed
    status, created = await run.http.request("POST", "/v1/games", body)
    if status != 201:
        raise HttpError(f"the room was not created: {status} {error_text(created)}")
    run.game_id, run.organiser = created["game_id"], created["organiser_token"]
    run.log.write(
        "game",
        game_id=run.game_id,
        host=arguments.host,
        language=arguments.language,
        config=created["game"].get("view", {}).get("config", config),
        settings={
            "players": arguments.players,
            "solvers": run.settings.solvers,
            "first_seconds": run.settings.first_seconds,
            "gap_seconds": run.settings.gap_seconds,
            "processes": arguments.processes,
        },
        t=time.time(),
    )


async def start(run: Run) -> None:
    """The organiser's Start."""
    path = f"/v1/games/{run.game_id}/start"
    status, started = await run.http.request("POST", path, token=run.organiser)
    if status != 200:
        raise HttpError(f"start: {status} {error_text(started)}")


async def take_seats(
    arguments: argparse.Namespace,
    run: Run,
    numbers: Sequence[int],
    ready: Callable[[], Awaitable[None]],
) -> None:
    """Seat the players ``numbers``, open their streams, await ``ready()`` (the room may start:
    the organiser starts it, or is told it may), and play until the game is over."""
    players = [Player(run, n, solver=run.rng.random() < run.settings.solvers) for n in numbers]
    began = time.perf_counter()
    await bounded([player.join() for player in players], CONCURRENT_OPENINGS)
    print(f"{len(players):,} players joined in {time.perf_counter() - began:.1f} s", flush=True)
    opened = [asyncio.Event() for _ in players]
    followers = [
        asyncio.create_task(player.follow(event))
        for player, event in zip(players, opened, strict=True)
    ]
    began = time.perf_counter()
    await bounded([event.wait() for event in opened], len(opened))
    print(f"{len(players):,} event streams open in {time.perf_counter() - began:.1f} s", flush=True)
    try:
        await ready()
    except BaseException:
        for task in followers:
            task.cancel()
        raise
    watch = asyncio.create_task(watch_loop(run))
    rounds = arguments.rounds * (arguments.round_seconds + arguments.reveal_seconds + 30)
    _done, pending = await asyncio.wait(followers, timeout=rounds + 60 + arguments.players / 50)
    for task in pending:
        task.cancel()
    watch.cancel()
    for player in players:
        if not player.over:
            run.log.write("done", player=player.player_id, over=False, t=time.time())
    if run.in_flight:  # guesses on their way, and Next
        await asyncio.wait(set(run.in_flight), timeout=SETTLE_SECONDS)


#: How often the driver looks at its own event loop, and the lag it logs (s).
LOOP_TICK_SECONDS = 0.01
LOGGED_LOOP_LAG_SECONDS = 0.05


async def watch_loop(run: Run) -> None:
    """The driver's own event loop, watched while the players play: how late each tick of
    :data:`LOOP_TICK_SECONDS` came (``run.loop_lag_ms``; lags over
    :data:`LOGGED_LOOP_LAG_SECONDS` logged as ``loop_lag``). A latency the driver times includes
    the lag of its loop: this says how much of it is the driver's."""
    loop = asyncio.get_running_loop()
    while True:
        before = loop.time()
        await asyncio.sleep(LOOP_TICK_SECONDS)
        lag = loop.time() - before - LOOP_TICK_SECONDS
        run.loop_lag_ms.append(lag * 1000)
        if lag >= LOGGED_LOOP_LAG_SECONDS:
            run.log.write("loop_lag", lag_ms=round(lag * 1000, 1), t=time.time())


async def log_record(run: Run) -> None:
    """The game's record, in the log."""
    status, found = await run.http.request("GET", f"/v1/games/{run.game_id}/record")
    if status == 200:  # the kind's record, in the session's envelope (commitment, names...)
        run.log.write("record", record=found["record"], t=time.time())
    else:
        run.fail(f"record: {status} {error_text(found)}")


async def play(arguments: argparse.Namespace, log: Log) -> Run:
    """Create the room, seat the players, play it to the end, in this process; the run's
    figures."""
    run = new_run(arguments, log)
    await create(arguments, run)
    await take_seats(arguments, run, range(arguments.players), lambda: start(run))
    await log_record(run)
    return run


#: The figures a process of the driver sends back (:class:`Run`'s fields).
FIGURES = (
    "outcomes",
    "refusals",
    "replayed",
    "retries",
    "guess_ms",
    "found",
    "over_lag_ms",
    "early_lag_ms",
    "close_delay_ms",
    "start_lag_ms",
    "loop_lag_ms",
    "probe_lag_ms",
    "probe_guess_ms",
    "ends_differ",
    "reconnects",
    "finished",
    "failures",
)


def _die_with(parent: int) -> None:
    """End this process when ``parent`` (the driver) is gone, killed or not: a thread of its
    own looks every second."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def _part(
    arguments: argparse.Namespace,
    room: tuple[str, str],
    part: int,
    path: Path,
    ready: Any,
    results: Any,
) -> None:
    """A process of the driver: players ``part``, ``part`` + N, ... of the ``room`` (its id and
    organiser's token); its log in ``path``, its figures (and CPU) put in ``results``,
    ``ready`` set once its streams are open."""
    _die_with(arguments.parent)
    with path.open("w", encoding="utf-8") as file:
        run = new_run(arguments, Log(file), part)
        run.game_id, run.organiser = room  # the first process opens each next round
        numbers = range(part, arguments.players - arguments.probe_players, arguments.processes)

        async def streams_open() -> None:
            ready.set()

        try:
            asyncio.run(take_seats(arguments, run, numbers, streams_open))
        except (HttpError, OSError) as error:
            run.fail(f"process {part}: {error}")
            ready.set()
    figures = {name: getattr(run, name) for name in FIGURES}
    results.put((part, figures, time.process_time()))


async def probe(arguments: argparse.Namespace, run: Run, ready: Callable[[], None]) -> None:
    """``arguments.probes`` spectators of the room (:class:`Probe`) and its last
    ``arguments.probe_players`` players, until the game is over."""
    probes = [Probe(run) for _ in range(arguments.probes)]
    for one in probes:
        await one.set_clock()
    opened = [asyncio.Event() for _ in probes]
    followers = [
        asyncio.create_task(one.follow(event)) for one, event in zip(probes, opened, strict=True)
    ]
    for event in opened:
        await event.wait()
    rounds = arguments.rounds * (arguments.round_seconds + arguments.reveal_seconds + 30)
    if arguments.probe_players:

        async def streams_open() -> None:
            ready()

        numbers = range(arguments.players - arguments.probe_players, arguments.players)
        await take_seats(arguments, run, numbers, streams_open)
        run.probe_guess_ms = list(run.guess_ms)
    else:
        ready()
    _done, pending = await asyncio.wait(followers, timeout=rounds + 60 + arguments.players / 50)
    for task in pending:
        task.cancel()


def _probes(
    arguments: argparse.Namespace, room: tuple[str, str], path: Path, ready: Any, results: Any
) -> None:
    """The driver's process of probes (:func:`probe`): its log in ``path``, its figures put in
    ``results``."""
    _die_with(arguments.parent)
    with path.open("w", encoding="utf-8") as file:
        run = new_run(arguments, Log(file), arguments.processes)
        run.game_id = room[0]
        try:
            asyncio.run(probe(arguments, run, ready.set))
        except Exception as error:  # said in the report; the run goes on
            run.fail(f"probes: {error!r}")
            ready.set()
    figures = {name: getattr(run, name) for name in FIGURES}
    results.put((arguments.processes, figures, time.process_time()))


def play_in_processes(arguments: argparse.Namespace, log: Log, path: Path) -> tuple[Run, float]:
    """:func:`play` with the players shared among ``arguments.processes`` processes (each
    following its players' streams and timing its players' guesses, as so many machines
    would): the run's figures, merged, and the processes' CPU. Each writes its log beside
    ``path``; they are joined into ``log`` at the end."""
    run = new_run(arguments, log)
    asyncio.run(create(arguments, run))
    arguments.parent = os.getpid()
    context = multiprocessing.get_context("spawn")  # no fork of a process with threads
    results = context.Queue()
    parts = [path.with_name(f"{path.name}.{n}") for n in range(arguments.processes)]
    readies = [context.Event() for _ in parts]
    processes = [
        context.Process(
            target=_part,
            args=(arguments, (run.game_id, run.organiser), n, part, ready, results),
            daemon=True,
        )
        for n, (part, ready) in enumerate(zip(parts, readies, strict=True))
    ]
    if arguments.probes or arguments.probe_players:
        parts.append(path.with_name(f"{path.name}.probes"))
        readies.append(context.Event())
        processes.append(
            context.Process(
                target=_probes,
                args=(arguments, (run.game_id, run.organiser), parts[-1], readies[-1], results),
                daemon=True,
            )
        )
    for process in processes:
        process.start()
    for ready in readies:
        if not ready.wait(timeout=600 + arguments.players / 20):
            raise HttpError("a process of the driver did not open its streams in time")
    asyncio.run(start(run))
    cpu = 0.0
    longest = arguments.rounds * (arguments.round_seconds + arguments.reveal_seconds + 30)
    for _ in processes:
        _n, figures, used = results.get(timeout=longest + 600 + arguments.players / 20)
        cpu += used
        for name, value in figures.items():
            mine = getattr(run, name)
            if isinstance(mine, list):
                mine.extend(value)
            elif isinstance(mine, dict):
                for key, count in value.items():
                    mine[key] = mine.get(key, 0) + count if name != "close_delay_ms" else count
            else:
                setattr(run, name, mine + value)
    for process in processes:
        process.join()
    for part in parts:
        with part.open(encoding="utf-8") as file:
            for line in file:
                log.file.write(line)
        part.unlink()
    asyncio.run(log_record(run))
    return run, cpu


def shown(values: Sequence[float], *shares: float) -> str:
    """``p50 12, p99 80, max 95`` of ``values`` (ms)."""
    if not values:
        return "none"
    parts = [f"p{round(share * 100)} {percentile(values, share):.0f}" for share in shares]
    return ", ".join([*parts, f"max {max(values):.0f}"])


def report(run: Run, players: int, cpu: float, wall: float) -> str:
    outcomes = ", ".join(f"{kind} {count:,}" for kind, count in sorted(run.outcomes.items()))
    refusals = ", ".join(f"{code} {count:,}" for code, count in sorted(run.refusals.items()))
    found = ", ".join(f"round {n}: {count:,}" for n, count in sorted(run.found.items()))
    closes = ", ".join(f"round {n}: {ms:,}" for n, ms in sorted(run.close_delay_ms.items()))
    lines = [
        f"guesses: {sum(run.outcomes.values()):,} ({outcomes or 'none'}); "
        f"{run.retries:,} retries, {run.replayed:,} answered as replays",
        f"refusals: {refusals or 'none'}",
        f"players who found the word: {found or 'none'} (of {players:,})",
        "acknowledged guess latency (ms): " + shown(run.guess_ms, 0.5, 0.95, 0.99),
        f"round_over received after the round's end (ms): {shown(run.over_lag_ms, 0.5, 0.99)} "
        f"({len(run.over_lag_ms):,} players)",
        f"round_over received after an early close (everyone done) (ms): "
        f"{shown(run.early_lag_ms, 0.5, 0.99)} ({len(run.early_lag_ms):,} players)",
        f"round closed after its end (server, ms; negative: early): {closes or 'none'}",
        "round_started received after the round opened (ms): " + shown(run.start_lag_ms, 0.5, 0.99),
        "the driver's own loop, lag of its ticks (ms): " + shown(run.loop_lag_ms, 0.5, 0.99),
        "round_over received by the probes after the round's end (ms): "
        + shown(run.probe_lag_ms, 0.5, 0.99)
        + f" ({len(run.probe_lag_ms):,} receipts)",
        "acknowledged guess latency at the probe players (ms): "
        + shown(run.probe_guess_ms, 0.5, 0.95, 0.99)
        + f" ({len(run.probe_guess_ms):,} guesses)",
        f"players who saw game_over: {run.finished:,} of {players:,}; "
        f"stream reconnections: {run.reconnects:,}; round ends told differently: "
        f"{run.ends_differ:,}",
        f"driver CPU: {cpu:.1f} s over {wall:.0f} s",
    ]
    if run.failures:
        lines.append(f"requests failed: {len(run.failures):,}")
        lines.extend(f"  {failure}" for failure in run.failures[:5])
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python loadtests/duel.py", description=(__doc__ or "").splitlines()[0]
    )
    parser.add_argument("--host", default="http://127.0.0.1:8080")
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--round-seconds", type=int, default=120)
    parser.add_argument("--reveal-seconds", type=int, default=0)
    parser.add_argument("--language", default="en")
    parser.add_argument("--seed", type=int, help="the room's seed (and the driver's choices)")
    parser.add_argument(
        "--solvers", type=float, default=0.6, help="share of players who use their marks"
    )
    parser.add_argument("--first-seconds", type=float, default=5.0)
    parser.add_argument("--gap-seconds", type=float, default=6.0)
    parser.add_argument("--guesses-log", type=Path, default=Path("duel-guesses.jsonl"))
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="share the players among this many processes (as so many client machines)",
    )
    parser.add_argument(
        "--probes",
        type=int,
        default=0,
        help="spectators in a process of their own that note when round_over reaches them",
    )
    parser.add_argument(
        "--probe-players",
        type=int,
        default=0,
        help="the last K players played in the probes' process, their guesses timed apart",
    )
    arguments = parser.parse_args(argv)
    if arguments.players < 2:
        parser.error("a duel room needs at least 2 players")
    if not 1 <= arguments.processes <= arguments.players:
        parser.error("--processes: 1 to the number of players")
    if (arguments.probes or arguments.probe_players) and arguments.processes < 2:
        parser.error(
            "--probes, --probe-players: with --processes 2 or more (the probes have a process "
            "of their own)"
        )
    if not 0 <= arguments.probe_players <= arguments.players - arguments.processes:
        parser.error("--probe-players: 0 to the players less one per process")
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if arguments.players + POOL + 100 > hard:
        print(
            f"duel: {arguments.players} players need more than {hard} open files", file=sys.stderr
        )
        return 2
    began, cpu = time.perf_counter(), time.process_time()
    with arguments.guesses_log.open("w", encoding="utf-8") as file:
        try:
            if arguments.processes == 1:
                run = asyncio.run(play(arguments, Log(file)))
                used = time.process_time() - cpu
            else:
                run, used = play_in_processes(arguments, Log(file), arguments.guesses_log)
                used += time.process_time() - cpu
        except (HttpError, OSError) as error:
            print(f"duel: {error}", file=sys.stderr)
            return 1
    print(report(run, arguments.players, used, time.perf_counter() - began))
    print(
        f"log: {arguments.guesses_log} (check it: python loadtests/duel_check.py --guesses-log "
        f"{arguments.guesses_log})"
    )
    return 0 if run.finished == arguments.players and not run.failures else 1


if __name__ == "__main__":
    sys.exit(main())
