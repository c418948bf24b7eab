"""The simultané: one duplicate game played over HTTP by hundreds of players at once.

Run (see ``loadtests/README.md``)::

    locust -f loadtests/simultane.py --headless -u 201 -r 50 -t 5m \\
        --host http://127.0.0.1:8080 --turns 3 --turn-seconds 20 --answers-log answers.jsonl
    python loadtests/check.py --host http://127.0.0.1:8080 --answers-log answers.jsonl

Two user classes:

- :class:`Organiser` (exactly one, ``fixed_count = 1``) creates the game, waits until the
  players have joined and opened their event streams (``--players``, by default every other
  user, within ``--join-seconds``), starts it, follows it to the end, then stops the run;
- :class:`Player` (every other user) joins, follows the game's server-sent events
  (``GET /v1/games/{id}/events``, resumed with ``Last-Event-ID`` after a drop), answers
  (``POST /v1/games/{id}/actions``, each with a request id of its own) one to
  ``--max-answers`` times at random moments of each turn (moves from ``POST /v1/solve``: one
  solve per player and turn, or with ``--solve shared`` one per turn for the whole process, so
  that the answer path is measured alone), reads the standings after each reveal and stops at
  ``game_over``.

Every answer sent is written to the ``--answers-log`` (JSON lines: the game, then per player
their joins, answers with their outcome, reveals and end), for ``loadtests/check.py`` to compare
with the game's record. Besides locust's own figures for each route, the scenario reports
(request type ``SSE``): ``turn_started lag`` (how long after the turn opened on the server a
player learned it), ``reveal lag`` (how long after the deadline a player received the reveal;
turns that every player answered end early and are counted under ``reveal early``, timed from
the turn's start), and (request type ``ANSWER``) ``late (409)``: answers refused because the
turn had closed (``too_late``, ``turn_closed``, ``wrong_turn``, ``game_over``), which are not
failures (a player may answer in the last milliseconds).
Times on the server's clock are converted with an offset measured when the player joined.

The users are greenlets: locust monkey-patches the standard library with gevent, so the
``threading`` objects below (events, locks, helper threads) are gevent's. The game is shared
by the users of one locust process: run it in a single process (no ``--processes``/workers).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, Any, TypeVar, cast

from locust import HttpUser, constant, events, task
from locust.env import Environment
from locust.event import EventHook
from locust.exception import StopUser
from urllib3.exceptions import HTTPError as Urllib3Error

log = logging.getLogger("simultane")

#: Names in locust's statistics (ids in paths are grouped).
CREATE = "POST /v1/games"
JOIN = "POST /v1/games/[id]/players"
START = "POST /v1/games/[id]/start"
STATE = "GET /v1/games/[id] (organiser)"
EVENTS = "GET /v1/games/[id]/events"
ANSWER = "POST /v1/games/[id]/actions"
STANDINGS = "GET /v1/games/[id]/standings"
SOLVE_PLAYER = "POST /v1/solve (one per player and turn)"
SOLVE_SHARED = "POST /v1/solve (one per turn, shared)"
#: Custom entries: request type, then names.
SSE = "SSE"
TURN_LAG = "turn_started lag"
REVEAL_LAG = "reveal lag"
REVEAL_EARLY = "reveal early"
RECONNECT = "reconnect"
LOST_STREAM = "stream lost"
ANSWER_TYPE = "ANSWER"
LATE = "late (409)"
PLAYER_ERROR = "player error"

#: An idle event stream gets a ping every 15 s: a read waiting longer than this has lost it.
READ_TIMEOUT = 60.0
CONNECT_TIMEOUT = 10.0
#: Drops in a row after which a player gives up the stream.
MAX_DROPS = 10
#: How long a player waits for the organiser's game, beyond the join window.
GAME_WAIT_MARGIN = 60.0

Handler = TypeVar("Handler", bound=Callable[..., None])


def _listen(hook: EventHook) -> Callable[[Handler], Handler]:
    """``hook.add_listener`` as a typed decorator (locust's event hooks are not annotated)."""
    add = cast("Callable[[Handler], object]", hook.add_listener)

    def decorator(handler: Handler) -> Handler:
        add(handler)
        return handler

    return decorator


@_listen(events.init_command_line_parser)
def _arguments(parser: Any) -> None:
    parser.add_argument(
        "--turns", type=int, default=3, env_var="LOCUST_TURNS", help="turns of the game (3)"
    )
    parser.add_argument(
        "--turn-seconds",
        type=int,
        default=20,
        env_var="LOCUST_TURN_SECONDS",
        help="seconds per turn (20)",
    )
    parser.add_argument(
        "--reveal-seconds",
        type=int,
        default=0,
        env_var="LOCUST_REVEAL_SECONDS",
        help="seconds each reveal is shown before the next turn (0)",
    )
    parser.add_argument(
        "--players",
        type=int,
        default=0,
        env_var="LOCUST_PLAYERS",
        help="players the organiser waits for (0: every user but the organiser)",
    )
    parser.add_argument(
        "--join-seconds",
        type=float,
        default=60.0,
        env_var="LOCUST_JOIN_SECONDS",
        help="the join window: the game starts when it ends, or once every player is in (60)",
    )
    parser.add_argument(
        "--seed", type=int, default=None, env_var="LOCUST_SEED", help="the game's seed (random)"
    )
    parser.add_argument(
        "--answers-log",
        default="simultane-answers.jsonl",
        env_var="LOCUST_ANSWERS_LOG",
        help="JSON lines of every answer sent, for loadtests/check.py (simultane-answers.jsonl)",
    )
    parser.add_argument(
        "--solve",
        choices=("player", "shared"),
        default="player",
        env_var="LOCUST_SOLVE",
        help="where moves come from: a solve per player and turn (player), or one per turn "
        "shared by the process (shared: the answer path measured alone)",
    )
    parser.add_argument(
        "--solve-limit",
        type=int,
        default=20,
        env_var="LOCUST_SOLVE_LIMIT",
        help="moves asked of each solve, among which players pick (20)",
    )
    parser.add_argument(
        "--max-answers",
        type=int,
        default=3,
        env_var="LOCUST_MAX_ANSWERS",
        help="a player answers 1 to this many times a turn (3)",
    )
    parser.add_argument(
        "--skip-chance",
        type=float,
        default=0.05,
        env_var="LOCUST_SKIP_CHANCE",
        help="chance that a player lets a turn go without answering (0.05): a turn that every "
        "player answered ends before its deadline",
    )
    parser.add_argument(
        "--standings-limit",
        type=int,
        default=20,
        env_var="LOCUST_STANDINGS_LIMIT",
        help="lines of standings read after each reveal (20; 0: all)",
    )
    # The other scenario of a run of both (simultane.py and api.py) may have added it.
    with contextlib.suppress(argparse.ArgumentError):
        parser.add_argument(
            "--api-key",
            default="",
            env_var="ARBITRE_API_KEY",
            is_secret=True,
            help="X-API-Key for /v1/solve when the gateway requires keys",
        )


@dataclass(frozen=True, slots=True)
class Settings:
    """The scenario's options (defaults when locust runs without its parser)."""

    turns: int = 3
    turn_seconds: int = 20
    reveal_seconds: int = 0
    players: int = 0
    join_seconds: float = 60.0
    seed: int | None = None
    answers_log: str = "simultane-answers.jsonl"
    solve: str = "player"
    solve_limit: int = 20
    max_answers: int = 3
    skip_chance: float = 0.05
    standings_limit: int = 20
    api_key: str = ""

    @classmethod
    def of(cls, environment: Environment) -> Settings:
        options = environment.parsed_options
        if options is None:
            return cls()
        names = cls.__dataclass_fields__
        return cls(**{name: getattr(options, name) for name in names if hasattr(options, name)})


class RunLog:
    """The answers log: one JSON object a line, written as things happen."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._file: IO[str] | None = open(path, "w", encoding="utf-8", buffering=1)  # noqa: SIM115

    def write(self, kind: str, **fields: Any) -> None:
        if self._file is not None:  # one write per line: greenlets never interleave lines
            self._file.write(json.dumps({"kind": kind, **fields}, ensure_ascii=False) + "\n")

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


@dataclass
class Game:
    """The game of this run, as the organiser created it."""

    game_id: str
    lexicon: str
    seconds_per_turn: int


class Shared:
    """What the users of this process share: the game, the log, counters (fresh each run)."""

    def __init__(self) -> None:
        self.reset(Settings(), None)

    def reset(self, settings: Settings, run_log: RunLog | None) -> None:
        self.settings = settings
        self.log = run_log
        self.ready = threading.Event()
        self.game: Game | None = None
        self.lock = threading.Lock()
        self.joined = 0
        self.streaming = 0
        self.finished = 0
        self.outcomes: dict[str, int] = {}
        self.reveals = 0
        self.early = 0
        #: ``--solve shared``: the moves of each turn, computed once.
        self.solved: dict[int, tuple[threading.Event, list[str]]] = {}

    def write(self, kind: str, **fields: Any) -> None:
        if self.log is not None:
            self.log.write(kind, **fields)


SHARED = Shared()


@_listen(events.test_start)
def _test_start(environment: Environment, **_: Any) -> None:
    settings = Settings.of(environment)
    SHARED.reset(settings, RunLog(settings.answers_log))


@_listen(events.test_stop)
def _test_stop(environment: Environment, **_: Any) -> None:
    shared = SHARED
    if shared.log is None:
        return
    shared.log.close()
    game = shared.game.game_id if shared.game else "none"
    log.info(
        "simultané %s: %d players joined, %d finished; answers %s; %d reveals received "
        "(%d early); check: python loadtests/check.py --answers-log %s",
        game,
        shared.joined,
        shared.finished,
        ", ".join(f"{key} {value}" for key, value in sorted(shared.outcomes.items())) or "none",
        shared.reveals,
        shared.early,
        shared.log.path,
    )


def _fire(environment: Environment, kind: str, name: str, ms: float, error: str = "") -> None:
    """A custom entry in locust's statistics (a failure when ``error`` is given)."""
    fire = cast("Callable[..., None]", environment.events.request.fire)
    fire(
        request_type=kind,
        name=name,
        response_time=ms,
        response_length=0,
        exception=RuntimeError(error) if error else None,
        context={},
    )


def _why(response: Any) -> str:
    """What went wrong with ``response``, for locust's error report."""
    if not response.status_code:  # no response: locust keeps the exception
        return repr(response.error)
    return f"{response.status_code}: {response.text[:200]}"


def _body(response: Any) -> dict[str, Any]:
    try:
        data = response.json()
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


class Organiser(HttpUser):
    """Creates the game, starts it when the players are in, follows it, ends the run."""

    fixed_count = 1
    wait_time = constant(1)

    @task
    def organise(self) -> None:
        try:
            self._organise()
        finally:
            SHARED.ready.set()  # players waiting for a game that failed give up at once
        raise StopUser

    def _organise(self) -> None:
        shared, settings = SHARED, SHARED.settings
        body: dict[str, Any] = {
            "config": {
                "max_turns": settings.turns,
                "seconds_per_turn": settings.turn_seconds,
                "reveal_seconds": settings.reveal_seconds,
            },
            "title": "locust simultané",
        }
        if settings.seed is not None:
            body["seed"] = settings.seed
        with self.client.post("/v1/games", json=body, name=CREATE, catch_response=True) as made:
            if made.status_code != 201:
                made.failure(_why(made))
                self._quit()
                return
            created = _body(made)
        game_id, token = created["game_id"], created["organiser_token"]
        config = created["game"]["view"]["config"]
        shared.game = Game(game_id, config["lexicon"], int(config["seconds_per_turn"]))
        shared.write(
            "game",
            game_id=game_id,
            host=self.host,
            config=config,
            settings={
                "turns": settings.turns,
                "turn_seconds": settings.turn_seconds,
                "solve": settings.solve,
                "max_answers": settings.max_answers,
            },
            t=time.time(),
        )
        log.info("game %s created", game_id)
        shared.ready.set()

        expected = settings.players or max(1, self._users() - 1)
        window = time.monotonic() + settings.join_seconds
        players = 0
        while time.monotonic() < window:
            players = self._players(game_id)
            if players >= expected and shared.streaming >= shared.joined:
                break
            time.sleep(1.0)
        # Give the last ones a moment to open their event streams.
        settle = time.monotonic() + 10.0
        while shared.streaming < shared.joined and time.monotonic() < settle:
            time.sleep(0.2)
        log.info("starting game %s with %d players (%d expected)", game_id, players, expected)
        auth = {"Authorization": f"Bearer {token}"}
        with self.client.post(
            f"/v1/games/{game_id}/start", headers=auth, name=START, catch_response=True
        ) as started:
            if started.status_code != 200:
                started.failure(_why(started))
                self._quit()
                return

        turn_time = settings.turn_seconds + settings.reveal_seconds + 30
        give_up = time.monotonic() + settings.turns * turn_time + 60
        while time.monotonic() < give_up:
            time.sleep(2.0)
            response = self.client.get(f"/v1/games/{game_id}", name=STATE)
            if response.status_code == 200 and _body(response).get("status") == "over":
                break
        else:
            _fire(self.environment, SSE, "game never ended", 0, "the game did not end in time")
        # The players read their last events and standings, then the run ends.
        finish = time.monotonic() + 30
        while shared.finished < shared.joined and time.monotonic() < finish:
            time.sleep(0.5)
        log.info("game %s over; %d/%d players done", game_id, shared.finished, shared.joined)
        self._quit()

    def _users(self) -> int:
        runner = self.environment.runner
        return runner.target_user_count if runner is not None else 0

    def _players(self, game_id: str) -> int:
        response = self.client.get(f"/v1/games/{game_id}", name=STATE)
        return int(_body(response).get("player_count", 0)) if response.status_code == 200 else 0

    def _quit(self) -> None:
        runner = self.environment.runner
        if runner is not None:  # from another greenlet: quitting stops this user too
            threading.Thread(target=runner.quit, daemon=True).start()


@dataclass
class Turn:
    """A turn as a player sees it."""

    number: int
    board: list[str]
    rack: str
    deadline_ms: int
    opened: float  # time.time() when the player learned it
    closed: threading.Event = field(default_factory=threading.Event)


class EventParser:
    """Server-sent events from bytes: ``feed`` returns the events completed so far."""

    def __init__(self) -> None:
        self.last_id = ""
        self._pending = b""
        self._reset()

    def _reset(self) -> None:
        self._id: str | None = None
        self._kind = ""
        self._data: list[str] = []

    def restart(self) -> None:
        """Forget a half-read event (the stream broke), keeping the last id."""
        self._pending = b""
        self._reset()

    def feed(self, chunk: bytes) -> list[tuple[str, str, str]]:
        """The (id, type, data) of each event that ``chunk`` completes."""
        *lines, self._pending = (self._pending + chunk).split(b"\n")
        found = []
        for raw in lines:
            line = raw.rstrip(b"\r").decode("utf-8", "replace")
            if not line:
                if self._data or self._kind:
                    if self._id is not None:
                        self.last_id = self._id
                    found.append((self.last_id, self._kind or "message", "\n".join(self._data)))
                self._reset()
                continue
            if line.startswith(":"):
                continue  # a comment: the server's ping
            name, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if name == "id":
                self._id = value
            elif name == "event":
                self._kind = value
            elif name == "data":
                self._data.append(value)
        return found


class Player(HttpUser):
    """Joins the game, follows its events, answers every turn, reads the standings."""

    wait_time = constant(1)

    def on_start(self) -> None:
        self.player_id = ""
        self.name = ""
        self.token = ""
        self.offset_ms = 0.0  # the server's clock minus ours
        self.turns: dict[int, Turn] = {}
        self.helpers: list[threading.Thread] = []
        self.over = False
        self.sequence = 0

    @task
    def play(self) -> None:
        shared = SHARED
        settings = shared.settings
        shared.ready.wait(settings.join_seconds + GAME_WAIT_MARGIN)
        game = shared.game
        if game is None:
            _fire(self.environment, SSE, "no game", 0, "the organiser made no game")
            raise StopUser
        if not self._join(game):
            raise StopUser
        try:
            self._follow(game)
            for helper in self.helpers:
                helper.join(settings.turn_seconds + 30)
        except Exception as error:
            log.exception("player %s failed", self.player_id)
            _fire(self.environment, SSE, PLAYER_ERROR, 0, repr(error))
        finally:
            with shared.lock:
                shared.finished += 1
            shared.write("done", player=self.player_id, over=self.over, t=time.time())
        raise StopUser

    # -- joining ----------------------------------------------------------------------------

    def _join(self, game: Game) -> bool:
        self.name = f"P{random.randrange(10**8):08d}"
        began = time.time()
        with self.client.post(
            f"/v1/games/{game.game_id}/players",
            json={"name": self.name},
            name=JOIN,
            catch_response=True,
        ) as response:
            ended = time.time()
            if response.status_code != 201:
                response.failure(_why(response))
                return False
            joined = _body(response)
        self.player_id, self.token = joined["player_id"], joined["player_token"]
        self.offset_ms = joined["game"]["server_time_ms"] - (began + ended) * 500
        with SHARED.lock:
            SHARED.joined += 1
        SHARED.write("join", player=self.player_id, name=self.name, t=ended)
        return True

    def _server_now_ms(self) -> float:
        return time.time() * 1000 + self.offset_ms

    # -- events -----------------------------------------------------------------------------

    def _follow(self, game: Game) -> None:
        """Read the game's events until ``game_over``, resuming after drops."""
        parser = EventParser()
        drops = 0
        counted = False
        while not self.over:
            if drops > MAX_DROPS:
                _fire(self.environment, SSE, LOST_STREAM, 0, f"{MAX_DROPS} drops in a row")
                return
            headers = {"Accept": "text/event-stream"}
            if parser.last_id:
                headers["Last-Event-ID"] = parser.last_id
            with self.client.get(
                f"/v1/games/{game.game_id}/events",
                headers=headers,
                name=EVENTS,
                stream=True,
                timeout=(CONNECT_TIMEOUT, READ_TIMEOUT),
                catch_response=True,
            ) as response:
                if response.status_code != 200:
                    response.failure(_why(response))
                    drops += 1
                    time.sleep(min(2.0 * drops, 10.0))
                    continue
            if not counted:
                counted = True
                with SHARED.lock:
                    SHARED.streaming += 1
            parser.restart()
            try:
                broken = False
                while not (self.over or broken):
                    chunk = response.raw.read1(65536)
                    if not chunk:
                        break  # the server closed the stream
                    for _, kind, data in parser.feed(chunk):
                        drops = 0
                        # False: the gateway's error event (its stream broke): reconnect
                        broken = broken or not self._on_event(game, kind, data)
            except (OSError, Urllib3Error) as error:
                log.debug("player %s: stream dropped: %r", self.player_id, error)
            finally:
                response.close()
            if not self.over:
                drops += 1
                _fire(self.environment, SSE, RECONNECT, 0)
                time.sleep(1.0)

    def _on_event(self, game: Game, kind: str, text: str) -> bool:
        """Act on one event; ``False`` when the stream should be reopened."""
        if kind == "error":
            return False
        if kind not in ("state", "turn_started", "turn_revealed", "game_over"):
            return True  # player_joined, answer_count, game_started, paused, resumed
        try:
            data = json.loads(text)
        except ValueError:
            _fire(self.environment, SSE, f"bad {kind} event", 0, text[:200])
            return True
        if kind == "state":
            if data.get("status") == "over":
                self.over = True
            elif data.get("status") == "running" and data.get("phase") == "turn":
                view = data["view"]  # the open turn's rack and board are the kind's view
                self._open(game, {**data, "rack": view["rack"], "board": view["board"]})
        elif kind == "turn_started":
            self._open(game, data)
        elif kind == "turn_revealed":
            self._revealed(game, int(data["turn"]))
        else:
            self.over = True
            for turn in self.turns.values():
                turn.closed.set()
        return True

    def _open(self, game: Game, data: dict[str, Any]) -> None:
        number = int(data["turn"])
        if number in self.turns:
            return  # seen before a drop
        turn = Turn(number, data["board"], data["rack"], int(data["deadline_ms"]), time.time())
        self.turns[number] = turn
        started_ms = turn.deadline_ms - game.seconds_per_turn * 1000
        lag = max(0.0, self._server_now_ms() - started_ms)
        _fire(self.environment, SSE, TURN_LAG, lag)
        self._spawn(self._answer_turn, game, turn)

    def _revealed(self, game: Game, number: int) -> None:
        turn = self.turns.get(number)
        lag: float | None = None
        if turn is not None:
            turn.closed.set()
            lag = self._server_now_ms() - turn.deadline_ms
            with SHARED.lock:
                SHARED.reveals += 1
                SHARED.early += lag < 0
            if lag >= 0:
                _fire(self.environment, SSE, REVEAL_LAG, lag)
            else:
                _fire(self.environment, SSE, REVEAL_EARLY, (time.time() - turn.opened) * 1000)
        SHARED.write(
            "reveal",
            player=self.player_id,
            turn=number,
            lag_ms=None if lag is None else round(lag, 1),
            t=time.time(),
        )
        self._spawn(self._standings, game)

    def _spawn(self, work: Any, *arguments: Any) -> None:
        def run() -> None:
            try:
                work(*arguments)
            except Exception as error:
                log.exception("player %s: %s failed", self.player_id, work.__name__)
                _fire(self.environment, SSE, PLAYER_ERROR, 0, repr(error))

        helper = threading.Thread(target=run, daemon=True)
        self.helpers.append(helper)
        helper.start()

    # -- answers ----------------------------------------------------------------------------

    def _answer_turn(self, game: Game, turn: Turn) -> None:
        settings = SHARED.settings
        if random.random() < settings.skip_chance:
            return
        moves = self._moves(game, turn)
        if not moves:
            return  # no move on this rack
        deadline = (turn.deadline_ms - self.offset_ms) / 1000  # on our clock
        now = time.time()
        count = random.randint(1, max(1, settings.max_answers))
        moments = sorted(random.uniform(now, max(now, deadline)) for _ in range(count))
        for moment in moments:
            if turn.closed.wait(max(0.0, moment - time.time())):
                return  # revealed (every player answered): the turn is over
            self._answer(game, turn, random.choice(moves))

    def _answer(self, game: Game, turn: Turn, move: str) -> None:
        self.sequence += 1
        number = turn.number
        sent = time.time()
        # How long before the deadline it left (on the server's clock): a late answer sent
        # well before it waited in a queue.
        margin = turn.deadline_ms - (sent * 1000 + self.offset_ms)
        # Logged before it leaves: an answer cut short by the end of the run stays "unknown".
        SHARED.write("send", player=self.player_id, turn=number, move=move, seq=self.sequence)
        answer = {
            "action": {"move": move, "turn": number},
            "request_id": f"{self.player_id}-{self.sequence}",
        }
        with self.client.post(
            f"/v1/games/{game.game_id}/actions",
            json=answer,
            headers={"Authorization": f"Bearer {self.token}"},
            name=ANSWER,
            catch_response=True,
        ) as response:
            status = response.status_code
            body = _body(response)
            if status == 200:
                outcome = "ok"
            elif status == 409:  # too_late, turn_closed, wrong_turn, game_over
                outcome = "late"
                response.success()
                _fire(self.environment, ANSWER_TYPE, LATE, response.elapsed.total_seconds() * 1000)
            elif status in (400, 401, 403, 404):
                outcome = "refused"  # never stored
                response.failure(_why(response))
            else:
                outcome = "unknown"  # no answer, or a 5xx: stored or not, we cannot tell
                response.failure(_why(response))
        with SHARED.lock:
            SHARED.outcomes[outcome] = SHARED.outcomes.get(outcome, 0) + 1
        SHARED.write(
            "answer",
            player=self.player_id,
            turn=number,
            move=move,
            seq=self.sequence,
            outcome=outcome,
            status=status,
            score=(body.get("result") or {}).get("score"),
            margin_ms=round(margin, 1),
            sent=sent,
            acked=time.time(),
        )

    def _moves(self, game: Game, turn: Turn) -> list[str]:
        settings = SHARED.settings
        if settings.solve != "shared":
            return self._solve(game, turn, SOLVE_PLAYER)
        with SHARED.lock:
            entry = SHARED.solved.get(turn.number)
            owner = entry is None
            if entry is None:
                entry = SHARED.solved[turn.number] = (threading.Event(), [])
        done, moves = entry
        if owner:
            try:
                moves.extend(self._solve(game, turn, SOLVE_SHARED))
            finally:
                done.set()
        else:
            done.wait(settings.turn_seconds)
        return moves

    def _solve(self, game: Game, turn: Turn, name: str) -> list[str]:
        settings = SHARED.settings
        body = {
            "board": turn.board,
            "rack": turn.rack.replace("+", "").replace("-", ""),
            "lexicon": game.lexicon,
            "limit": max(1, settings.solve_limit),
        }
        headers = {"X-API-Key": settings.api_key} if settings.api_key else {}
        response = self.client.post("/v1/solve", json=body, headers=headers, name=name)
        if response.status_code != 200:
            return []
        found = _body(response)
        return [line["move"] for line in found.get("moves", [])] or list(found["best_moves"])

    # -- standings --------------------------------------------------------------------------

    def _standings(self, game: Game) -> None:
        limit = SHARED.settings.standings_limit
        self.client.get(
            f"/v1/games/{game.game_id}/standings",
            params={"limit": limit} if limit else None,
            name=STANDINGS,
        )
