"""Game kinds on the seam: the session's one path for every kind of
:mod:`arbitre.rules.kinds` (Duel de Mots today; duplicate keeps its own path until it moves
onto this one, the next step of issue 14).

What every kind shares is here; what depends on the game is asked of the kind, through its
interface only (:class:`~arbitre.rules.kinds.base.Kind`), found by the name the game stores:

- **Storage.** The game hash keeps the session's fields (status, phase, turn, deadline, title,
  seats, the organiser's token hash, the seed's commitment) and the kind's name and
  configuration; the kind's state is :meth:`~arbitre.rules.kinds.base.Kind.save`'s, or, for a
  :class:`~arbitre.rules.kinds.base.PartedKind`, its *rest* (``detach``), with the open turn's
  context and each actor's part kept apart (:mod:`arbitre.services.session.parts_store`). The
  session's ``phase`` is ``turn`` while a turn or round is open, ``reveal`` between two, ``""``
  otherwise; its ``deadline_ms`` is the open turn's deadline (the store lowers it at a first
  claim) or when the next turn opens by itself.
- **Steps** (start, seat, leave, close, open the next, pause, resume) run under the game's lock
  on the whole state: ``attach``, the kind's step, ``detach``, and one transaction writes the
  rest, a new context with a new version, the parts, the session's fields, the next moment the
  clock must step the game (the phase's ``due_ms``, or ``next_ms`` between turns) and the
  events. The clocks' outages (:meth:`~arbitre.services.session_store.SessionStore.tick`)
  are given back to the kind at the next step (:meth:`~arbitre.rules.kinds.base.Kind.shift`).
- **Actions** (:meth:`KindGames._act`) of a parted kind take the fast path, without the lock:
  read the context and the actor's part, the kind judges, the store keeps it (or the action is
  judged again), the kind announces it. A ``request_id`` makes a retry safe: the store keeps
  the judgement under it in the same script, and a retry gets the first answer again.
- **Events** go to the game's stream as the kind's public messages; a message private to a
  player (the duel's ``guess_marked``) is theirs alone: it is the action's answer, and their
  view holds it, never the shared stream.
- **Views**: ``GetGame`` gives the kind's :meth:`~arbitre.rules.kinds.base.Kind.view` for the
  caller (a player by their token, else a spectator): nothing hidden by construction.
- **Robots** are players seated by the organiser; at their moments the clock asks the kind's
  robot planner (:mod:`arbitre.engine.robots.planner`) what to do, from the robot's own view,
  and the action goes through the path of everyone's.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

import grpc
import redis as redis_module

from arbitre.api.actions import MAX_REQUEST_ID, is_request_id
from arbitre.api.kind_parts import part, put_part
from arbitre.engine.robots.duplicate import RobotLevel
from arbitre.engine.robots.planner import planner_for, warm_up
from arbitre.rules import registration as registrations
from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds import UnknownKindError, kind
from arbitre.rules.kinds.base import (
    ActionRefusedError,
    Event,
    InvalidConfigError,
    Kind,
    Outcome,
    Phase,
    Setup,
    Stage,
    Viewer,
)
from arbitre.services.game_keys import GameKeys
from arbitre.services.kind_names import enum_of_name, name_of_enum
from arbitre.services.kind_tools import SessionTools
from arbitre.services.session.answers import Answers
from arbitre.services.session.base import _seed_fields, registration_of, robot_of
from arbitre.services.session.limits import (
    FINISHED_TTL_MS,
    IDLE_TTL_MS,
    MAX_ACT_ATTEMPTS,
    MAX_ACTION_CHARS,
    MAX_LISTED_PLAYERS,
    MAX_SEATED_AT_ONCE,
    MAX_TITLE_CHARS,
    RUNNING_TTL_MS,
    SEAT_WAIT_SECONDS,
    SPECTATOR_VIEW_SECONDS,
)
from arbitre.services.session.parts_store import (
    PartRefusedError,
    PartsStore,
    orders_of,
    parts_of,
    queue_orders,
)
from arbitre.services.session.reading import _remaining_ms
from arbitre.services.session.refusals import _refuse, _RefusedError
from arbitre.services.session_store import Lock, new_secret, token_hash
from arbitre.v1 import scoring_pb2, session_pb2

__all__ = ["KindGames", "is_on_seam", "refusal_status"]

log = logging.getLogger(__package__)

#: The kind whose games still take the session's own duplicate path.
_OWN_PATH = "duplicate"
#: Refusal codes that say the request itself is malformed (400), not the moment (409).
_MALFORMED = frozenset({"bad_action", "wrong_length", "not_a_letter", "bad_config"})


#: The fields of a game hash that change at every step: a spectator's state built with them is
#: served again while they are the same (for a short while: guesses change views between steps).
_STAMP_FIELDS = ("status", "phase", "turn", "deadline_ms", "players", "context_version")
#: How many times a read of a game's hash and state starts again when steps keep coming between.
_CONSISTENT_READS = 5
#: Spectators' states kept per process (one per game).
_VIEWS_CACHED = 256


def is_on_seam(game: Mapping[str, str]) -> bool:
    """Whether the game (its hash) is played on the seam, not by the duplicate path: a game of
    another kind, or a duplicate game created with a typed configuration."""
    return game.get("seam") == "1" or game.get("kind", _OWN_PATH) != _OWN_PATH


def refusal_status(code: str) -> Any:
    """The gRPC status of a kind's refusal ``code``: INVALID_ARGUMENT for a malformed request,
    FAILED_PRECONDITION for one the game cannot take now."""
    if code in _MALFORMED:
        return grpc.StatusCode.INVALID_ARGUMENT
    return grpc.StatusCode.FAILED_PRECONDITION


def _refused(error: ActionRefusedError | InvalidConfigError) -> _RefusedError:
    code = getattr(error, "code", "refused")
    return _RefusedError(refusal_status(code), f"{code}: {error}")


def _robot_seed(game_id: str, player: str) -> int:
    """A robot's own seed: its choices vary by game and seat, and know nothing of the game's."""
    digest = hashlib.sha256(f"arbitre-robot/1:{game_id}:{player}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


def _parted(game_kind: Kind[Any, Any, Any]) -> bool:
    return hasattr(game_kind, "judge") and hasattr(game_kind, "attach")


@lru_cache(maxsize=256)
def _configured(kind_name: str, config_json: str) -> Any:
    """A stored configuration, read by its kind."""
    return kind(kind_name).configure(json.loads(config_json))


def _config_of(request: Any, name: str) -> dict[str, Any]:
    """The settings a ``CreateGameRequest`` gives a game of the kind ``name``: its typed
    configuration, settings left unset out (they take their defaults)."""
    given = request.WhichOneof("kind_config")
    if request.config_json not in ("", "{}") or (given is not None and given != name):
        _refuse(
            grpc.StatusCode.INVALID_ARGUMENT,
            f"bad_config: a {name} game's configuration is CreateGameRequest.{name}",
        )
    found = part(request, "kind_config", nulls=False)
    return {} if found is None else dict(found[1])


def _public_events(events: tuple[Event, ...] | list[Event]) -> list[tuple[str, Any]]:
    return [(e.public.type, e.public.data) for e in events if e.public is not None]


class KindGames(Answers):
    """The session service's part that plays the game kinds on the seam."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.parts = PartsStore(self.store.redis)
        self.tools = SessionTools(lambda: self.peers)
        #: Game id -> (the game hash's stamp, when built, the spectator's state), newest last.
        self._views: OrderedDict[str, tuple[tuple[str, ...], float, Any]] = OrderedDict()
        self._views_lock = threading.Lock()
        #: Locks that let one thread at a time build a game's spectator state (by game id).
        self._building = tuple(threading.Lock() for _ in range(64))

    # -- reading the stored game ----------------------------------------------------------------

    def _kind_and_tools(self, game: Mapping[str, str]) -> tuple[Kind[Any, Any, Any], Any]:
        """The game's kind and the tools its stored configuration is played with."""
        name, config_json = game["kind"], game["config"]
        return kind(name), self.tools.tools(name, _configured(name, config_json), config_json)

    def _load(self, game_id: str, game: Mapping[str, str]) -> tuple[Kind[Any, Any, Any], Any]:
        """The game's kind and its whole state as the last step and the kept actions left it."""
        return self._load_fresh(game_id, game)[1:]

    def _load_fresh(
        self, game_id: str, game: Mapping[str, str]
    ) -> tuple[dict[str, str], Kind[Any, Any, Any], Any]:
        """The game hash, its kind and its whole state, all read at one moment: the hash, the
        saved state and the open turn's parts and orders in one transaction (read again when a
        step came between the hash the turn was taken from and that transaction), so that the
        session's fields and the kind's state always agree."""
        game_kind, tools = self._kind_and_tools(game)
        claims = tuple(getattr(game_kind, "claims", ())) if _parted(game_kind) else ()
        keys = GameKeys(game_id)
        for _ in range(_CONSISTENT_READS):
            turn = int(game.get("turn") or 0)
            open_turn = _parted(game_kind) and game.get("phase") == "turn"
            with self.store.redis.pipeline(transaction=True) as pipe:
                pipe.hgetall(keys.game)
                pipe.get(keys.state)
                if open_turn:
                    pipe.hgetall(keys.parts(turn))
                    queue_orders(pipe, game_id, turn, claims)
                found = pipe.execute()
            fresh = dict(found[0])
            if "kind" not in fresh:
                _refuse(grpc.StatusCode.NOT_FOUND, f"no game {game_id!r}")
            if (fresh.get("turn"), fresh.get("phase")) != (game.get("turn"), game.get("phase")):
                game = fresh  # a step came between: read again at its turn
                continue
            saved = json.loads(found[1]) if found[1] is not None else {}
            if not _parted(game_kind):
                return fresh, game_kind, game_kind.load(saved, tools)
            parts = parts_of(found[2]) if open_turn else {}
            orders = orders_of(claims, found[3:]) if open_turn and parts else {}
            parted: Any = game_kind
            return fresh, game_kind, parted.attach(saved, parts, orders, tools)
        _refuse(grpc.StatusCode.UNAVAILABLE, "the game changed at every read; retry")

    def _player(self, game_id: str, token: str) -> str:
        if not token:
            _refuse(grpc.StatusCode.UNAUTHENTICATED, "the player's token is missing")
        player = self.store.player_of(game_id, token)
        if player is None:
            _refuse(grpc.StatusCode.PERMISSION_DENIED, "not a player's token for this game")
        return player

    # -- writing a step -------------------------------------------------------------------------

    def _write(
        self,
        lock: Lock,
        game_id: str,
        game: Mapping[str, str],
        game_kind: Kind[Any, Any, Any],
        state: Any,
        events: list[tuple[str, Any]],
        now: int,
        extra: Any = None,
    ) -> Phase:
        """Write the state a step left under ``lock``, with its events; returns its phase."""
        phase = game_kind.phase(state, now)
        fields: dict[str, str | int] = {"turn": phase.number, "remaining_ms": 0}
        due: int | None = None
        if phase.stage is Stage.WAITING:
            fields.update(status="waiting", phase="", deadline_ms=0)
        elif phase.stage is Stage.PLAYING:
            fields.update(status="running", phase="turn", deadline_ms=phase.deadline_ms or 0)
            due = phase.due_ms
        elif phase.stage is Stage.BETWEEN:
            fields.update(status="running", phase="reveal", deadline_ms=phase.next_ms or 0)
            due = phase.next_ms
        else:
            fields.update(status="over", phase="", deadline_ms=0)
        held = game.get("status") in ("paused", "parked")  # a seat or a leave meanwhile
        if held and phase.stage is not Stage.OVER:
            fields["status"] = game["status"]
            fields.pop("deadline_ms")
            fields.pop("remaining_ms")
            due = None
        opened = phase.stage is Stage.PLAYING and (
            game.get("phase") != "turn" or int(game.get("turn") or 0) != phase.number
        )
        lifetime = {
            Stage.WAITING: IDLE_TTL_MS,
            Stage.OVER: FINISHED_TTL_MS,
        }.get(phase.stage, IDLE_TTL_MS if held else RUNNING_TTL_MS)
        parted: Any = game_kind if _parted(game_kind) else None
        if parted is not None:
            rest, parts, orders = parted.detach(state)
            context = parted.context(state)
            done: frozenset[str] = frozenset()
            if phase.stage is Stage.PLAYING and not opened:
                done = frozenset(self.store.redis.smembers(GameKeys(game_id).done(phase.number)))
        else:
            rest = game_kind.save(state)
        robots = self.store.robots(game_id) if opened else {}
        keys = GameKeys(game_id)

        def write(pipe: Any) -> None:
            if extra is not None:
                extra(pipe)
            self.store.set_state(pipe, game_id, rest)
            if parted is not None:
                PartsStore.write_turn(
                    pipe,
                    game_id,
                    phase.number,
                    context,
                    secrets.token_hex(8),
                    parts,
                    orders,
                    done,
                )
                for claim in getattr(parted, "claims", ()):
                    pipe.pexpire(keys.orders(phase.number, claim), lifetime)
            self.store.set_game(pipe, game_id, fields)
            self.store.set_deadline(pipe, game_id, due)
            self.store.set_lifetime(pipe, game_id, phase.number, lifetime)
            for player in robots:  # each robot plans its first action of the turn at once
                if player in phase.actors:
                    self.store.schedule_robot(pipe, game_id, phase.number, player, now)
            for event_type, data in events:
                self.store.add_event(pipe, game_id, event_type, data)

        self.store.commit(lock, write)
        return phase

    # -- creating and seating -------------------------------------------------------------------

    def _kind_create(self, request: Any) -> Any:
        """A new game of the request's kind, configured by its ``config_json``."""
        name = name_of_enum(request.kind)
        try:
            game_kind = kind(name)
        except UnknownKindError:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"the {name} games are not played yet")
        if len(request.title) > MAX_TITLE_CHARS:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"a title is at most {MAX_TITLE_CHARS} chars")
        if request.preset or request.package_json or request.start_at_ms or request.refereed:
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT,
                f"a {name} game takes a configuration only (no preset, package, scheduled "
                "start or refereed position)",
            )
        if request.late_join or request.seats or request.reveal_seconds:
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT,
                f"a {name} game's seats and reveal are in its configuration",
            )
        data = _config_of(request, name)
        try:
            config = game_kind.configure(data)
            config_json = json.dumps(game_kind.config_data(config), sort_keys=True)
            tools = self.tools.tools(name, config, config_json)
        except (InvalidConfigError, ArbitreError) as error:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"bad_config: configuration: {error}")
        seed = request.seed if request.has_seed else secrets.randbits(62)
        if seed >= 2**63:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "the seed must be below 2**63")
        game_id = secrets.token_urlsafe(9)
        state = game_kind.new_game(config, Setup(game_id, seed, ()), tools)
        organiser = new_secret()
        now = self.store.now_ms()
        rest = (
            game_kind.detach(state)[0]  # type: ignore[attr-defined]
            if _parted(game_kind)
            else game_kind.save(state)
        )
        fields: dict[str, str | int] = {
            "kind": name,
            "seam": "1",
            "status": "waiting",
            "phase": "",
            "turn": 0,
            "deadline_ms": 0,
            "remaining_ms": 0,
            "players": 0,
            "config": config_json,
            "title": request.title,
            "seats": int(getattr(config, "seats", 0)),  # 0: no limit (a room, a simultané)
            "created_ms": now,
            "organiser": token_hash(organiser),
            **_seed_fields(seed),
        }
        created = ("created", {"seed_commitment": fields["seed_commitment"]})
        if not self.store.create(game_id, fields, rest, created, IDLE_TTL_MS):
            _refuse(grpc.StatusCode.UNAVAILABLE, "game id collision; retry")
        log.info("game %s created (%s)", game_id, name)
        return session_pb2.CreateGameResponse(
            game_id=game_id, organiser_token=organiser, state=self._kind_state(game_id, "")
        )

    def _kind_join(self, request: Any) -> Any:
        game_id = self._checked_id(request.game_id)
        return self._kind_seat(game_id, registration_of(request), None)

    def _kind_add_robot(self, request: Any) -> Any:
        game_id = self._checked_id(request.game_id)
        game = self._game(game_id)
        self._organiser(game, request.token)
        if planner_for(game["kind"]) is None:
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, f"the {game['kind']} games have no robots")
        level, entry = robot_of(request)
        seated = self._kind_seat(game_id, entry, level)
        self.background.submit(warm_up, game["kind"], self._kind_and_tools(game)[1])
        return seated

    def _kind_seat(
        self, game_id: str, entry: registrations.Registration, robot: RobotLevel | None
    ) -> Any:
        """Seat a new player (a robot when ``robot`` is a level), at the kind's rules.

        Joins are seated together: each waits in the game's seating list, and whichever join
        takes the game's lock seats every waiting one in a single step (the kind seats them one
        by one on one state, one transaction writes them all); each join then reads how its own
        seating ended. A room of thousands fills at the pace of steps, not of joins."""
        player, token = "p" + secrets.token_urlsafe(6), new_secret()
        keys = GameKeys(game_id)
        registered = {key: value for key, value in entry.to_mapping().items() if key != "name"}
        waiting = json.dumps(
            {
                "player": player,
                "name": entry.name,
                "token": "" if robot is not None else token_hash(token),
                "robot": "" if robot is None else robot.value,
                "registered": registered if any(registered.values()) else {},
            }
        )
        self._game(game_id)
        redis = self.store.redis
        with redis.pipeline(transaction=True) as pipe:
            pipe.rpush(keys.seating, waiting)
            pipe.pexpire(keys.seating, IDLE_TTL_MS)
            pipe.execute()
        give_up = time.monotonic() + SEAT_WAIT_SECONDS
        while (outcome := redis.hget(keys.seatings, player)) is None:
            lock = self.store.try_lock(game_id)
            if lock is not None:
                try:
                    self._seat_waiting(game_id, lock)
                finally:
                    with contextlib.suppress(redis_module.RedisError):  # else it expires
                        self.store.release(lock)
                continue
            if time.monotonic() > give_up:
                if redis.lrem(keys.seating, 1, waiting):  # withdrawn: nothing written
                    _refuse(grpc.StatusCode.UNAVAILABLE, "the game is busy; retry")
                give_up = time.monotonic() + SEAT_WAIT_SECONDS  # being seated right now
            time.sleep(0.01)
        redis.hdel(keys.seatings, player)
        if outcome != "ok":
            code = str(outcome).partition(":")[0]
            raise _RefusedError(refusal_status(code), str(outcome))
        log.info("game %s: %s seated%s", game_id, player, f" ({robot.value})" if robot else "")
        return session_pb2.JoinResponse(
            player_id=player,
            player_token="" if robot is not None else token,
            state=self._kind_state(game_id, ""),
        )

    def _seat_waiting(self, game_id: str, lock: Lock) -> None:
        """Under ``lock``: seat the players waiting in the game's seating list (at most
        :data:`MAX_SEATED_AT_ONCE`), each as the kind decides, in one step."""
        keys = GameKeys(game_id)
        texts = self.store.redis.lrange(keys.seating, 0, MAX_SEATED_AT_ONCE - 1)
        if not texts:
            return
        game = self.store.game(game_id)
        outcomes: dict[str, str] = {}
        seated: list[dict[str, Any]] = []
        events: list[tuple[str, Any]] = []
        game_kind, state = self._load(game_id, game) if "kind" in game else (None, None)
        now = self.store.now_ms()
        for text in texts:
            waiting = json.loads(text)
            player = waiting["player"]
            if game_kind is None:
                outcomes[player] = f"not_found: no game {game_id!r}"
                continue
            try:
                joined = game_kind.seat(state, player, now)
            except ActionRefusedError as error:
                outcomes[player] = f"{error.code}: {error}"
                continue
            outcomes[player] = "ok"
            seated.append(waiting)
            events.extend(_public_events(joined))  # names: the game's state and standings

        def seat(pipe: Any) -> None:
            pipe.ltrim(keys.seating, len(texts), -1)
            for waiting in seated:
                player = waiting["player"]
                pipe.rpush(keys.roster, player)
                pipe.hset(keys.players, player, waiting["name"])
                if waiting["robot"]:  # a robot has no token: nobody can act as one
                    pipe.hset(keys.robots, player, json.dumps({"level": waiting["robot"]}))
                else:
                    pipe.hset(keys.tokens, waiting["token"], player)
                if waiting["registered"]:
                    pipe.hset(keys.registrations, player, json.dumps(waiting["registered"]))
            if seated:
                pipe.hincrby(keys.game, "players", len(seated))
            pipe.hset(keys.seatings, mapping=outcomes)
            pipe.pexpire(keys.seatings, IDLE_TTL_MS)

        if game_kind is None or not seated:
            self.store.commit(lock, seat)
        else:
            self._write(lock, game_id, game, game_kind, state, events, now, extra=seat)

    # -- commands -------------------------------------------------------------------------------

    def _kind_command(self, request: Any, action: str) -> Any:
        """The organiser's ``start``, ``pause``, ``resume`` or ``next``, under the lock."""
        game_id = self._checked_id(request.game_id)
        self._organiser(self._game(game_id), request.token)
        with self.store.locked(game_id) as lock:
            game = self._game(game_id)
            if action == "resume" and game["status"] == "parked":
                self._unpark(game_id, lock, game)
            elif action == "pause":
                self._pause(game_id, lock, game, "")
            else:
                self._kind_run(game_id, lock, game, action)
        return self._kind_state(game_id, "")

    def _kind_run(self, game_id: str, lock: Lock, game: dict[str, str], action: str) -> None:
        status = game["status"]
        if action == "start" and status != "waiting":
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, f"the game is {status} already")
        if action == "resume" and status != "paused":
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, f"the game is {status}")
        if action == "next" and status != "running":
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, f"the game is {status}")
        game_kind, state = self._load(game_id, game)
        now = self.store.now_ms()
        events: list[tuple[str, Any]] = []
        if action == "resume":
            paused_for = max(0, now - int(game.get("paused_at_ms") or now))
            game_kind.shift(state, paused_for)
            game = {**game, "status": "running"}
            resumed = game_kind.phase(state, now)
            deadline = resumed.deadline_ms or resumed.next_ms or 0
            events.append(
                ("resumed", {"turn": int(game.get("turn") or 0), "deadline_ms": deadline})
            )
        else:
            if action == "next" and game_kind.phase(state, now).stage is not Stage.BETWEEN:
                _refuse(
                    grpc.StatusCode.FAILED_PRECONDITION,
                    "round_open: the next round opens once this one is over",
                )
            try:
                opened = game_kind.open_next(state, now)
            except ActionRefusedError as error:
                raise _refused(error) from None
            if action == "start":
                events.append(("game_started", {"scheduled": False}))
            events.extend(_public_events(opened))
        self._write(lock, game_id, game, game_kind, state, events, now)

    def _leave(self, request: Any) -> Any:
        """A player leaves: the kind says what that changes."""
        game_id = self._checked_id(request.game_id)
        game = self._game(game_id)
        if not is_on_seam(game):
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, "duplicate players cannot leave yet")
        player = self._player(game_id, request.token)
        with self.store.locked(game_id) as lock:
            game = self._game(game_id)
            game_kind, state = self._load(game_id, game)
            now = self.store.now_ms()
            try:
                events = _public_events(game_kind.leave(state, player, now))
            except ActionRefusedError as error:
                raise _refused(error) from None
            self._write(lock, game_id, game, game_kind, state, events, now)
        return self._kind_state(game_id, request.token)

    # -- the clock's steps ------------------------------------------------------------------------

    def _step(self, game_id: str, lock: Lock, game: dict[str, str]) -> None:
        if not is_on_seam(game):
            super()._step(game_id, lock, game)
            return
        if game.get("status") != "running":
            if game.get("status") != "paused":
                with self.store.redis.pipeline(transaction=False) as pipe:
                    self.store.set_deadline(pipe, game_id, None)
                    pipe.execute()
            return
        game_kind, state = self._load(game_id, game)
        now = self.store.now_ms()
        outage = int(game.get("outage_ms") or 0)
        if outage:  # the clocks stopped meanwhile: the players get that time back
            game_kind.shift(state, outage)
        events: list[tuple[str, Any]] = []
        for _ in range(4):  # close what is due, open what is due: at most a few steps at once
            phase = game_kind.phase(state, now)
            if phase.stage is Stage.PLAYING and phase.due_ms is not None and phase.due_ms <= now:
                events.extend(_public_events(game_kind.close(state, now)))
            elif (
                phase.stage is Stage.BETWEEN
                and phase.next_ms is not None
                and (phase.next_ms <= now or self._everyone_ready(game_id, phase.number))
            ):
                events.extend(_public_events(game_kind.open_next(state, now)))
            else:
                break
        if not events and not outage:
            due = phase.due_ms if phase.stage is Stage.PLAYING else phase.next_ms
            if due is not None:
                self.store.postpone(game_id, due)
            return

        def clear_outage(pipe: Any) -> None:
            if outage:
                pipe.hincrby(GameKeys(game_id).game, "outage_ms", -outage)

        phase = self._write(lock, game_id, game, game_kind, state, events, now, extra=clear_outage)
        log.info("game %s: %s %d", game_id, phase.stage.value, phase.number)

    def _everyone_ready(self, game_id: str, turn: int) -> bool:
        """Whether every person at the game (one at least: a reveal among robots lasts) is
        ready for what follows the reveal of ``turn``."""
        ready, people = self.store.readiness(game_id, turn)
        return 0 < people <= ready

    def _kind_ready(self, request: Any) -> Any:
        """A player is ready for the next turn or round during a reveal (``next_count`` event);
        once every person is, it opens at once, unless the reveal waits for its organiser
        (a kind whose next turn opens only when asked)."""
        game_id = self._checked_id(request.game_id)
        game = self._game(game_id)
        player = self._player(game_id, request.token)
        if game.get("status") == "paused":
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, "the game is paused")
        if game.get("phase") != "reveal" or int(game.get("turn") or 0) != request.turn:
            _refuse(
                grpc.StatusCode.FAILED_PRECONDITION, f"turn {request.turn} is not being revealed"
            )
        ready, people = self.store.ready(game_id, request.turn, player)
        if ready >= people:
            self.store.due_now(game_id)  # should the step below be busy, a clock takes it
            self.step(game_id)
        return session_pb2.NextResponse(turn=request.turn, ready=ready, of=people)

    # -- actions ----------------------------------------------------------------------------------

    def _act(self, request: Any) -> Any:
        game_id = self._checked_id(request.game_id)
        typed = request.WhichOneof("action")
        if typed is not None and request.ByteSize() > MAX_ACTION_CHARS:
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT, f"an action is at most {MAX_ACTION_CHARS} bytes"
            )
        if request.request_id and not is_request_id(request.request_id):
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT,
                f"request_id: 1 to {MAX_REQUEST_ID} characters of A-Z a-z 0-9 _ - . :",
            )
        if request.dry_run and request.request_id:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "a dry run keeps nothing: no request_id")
        if not request.token:
            _refuse(grpc.StatusCode.UNAUTHENTICATED, "the player's token is missing")
        game, player = self.store.game_and_player(game_id, request.token)  # one round trip
        if "kind" not in game:
            _refuse(grpc.StatusCode.NOT_FOUND, f"no game {game_id!r}")
        if not is_on_seam(game):
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, "a duplicate game takes answers (Answer)")
        if player is None:
            _refuse(grpc.StatusCode.PERMISSION_DENIED, "not a player's token for this game")
        if typed != game["kind"]:
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT,
                f"bad_action: a {game['kind']} game's action is ActRequest.{game['kind']}",
            )
        found = part(request, "action", nulls=False)
        action = {} if found is None else found[1]
        if request.dry_run:
            answer = session_pb2.ActResponse()
            put_part(answer, game["kind"], self._dry_run(game_id, player, action, game))
            return answer
        outcome, replayed = self._act_as(game_id, player, action, request.request_id, game)
        answer = session_pb2.ActResponse(replayed=replayed)
        put_part(answer, game["kind"], outcome.result)
        return answer

    def _act_as(
        self,
        game_id: str,
        player: str,
        action: Mapping[str, Any],
        request_id: str,
        game: dict[str, str] | None = None,
    ) -> tuple[Outcome, bool]:
        """``player``'s action through the kind's fast path (or, for a kind without one, under
        the lock): the outcome, and whether it is the answer to an earlier request. ``game``:
        the game hash, when just read."""
        game = game if game is not None else self._game(game_id)
        game_kind, tools = self._kind_and_tools(game)
        if not _parted(game_kind):
            return self._act_locked(game_id, player, action), False
        parted: Any = game_kind
        for _ in range(MAX_ACT_ATTEMPTS):
            # One round trip: the context, the player's part, the clock and a retry's answer.
            read = self.parts.read(game_id, int(game.get("turn") or 0), player, request_id)
            if read.replayed is not None:
                kept_before = read.replayed
                outcome = parted.announce(
                    kept_before.context, kept_before.judgement, kept_before.count
                )
                return outcome, True
            if game["status"] == "paused":
                _refuse(grpc.StatusCode.FAILED_PRECONDITION, "paused: the game is paused")
            now = read.now_ms
            try:
                judgement = parted.judge(read.context, read.part, player, action, now, tools)
            except ActionRefusedError as error:
                if request_id and self.parts.replayed(game_id, player, request_id):
                    continue  # the same request, kept meanwhile: its first answer
                raise _refused(error) from None
            try:
                kept = self.parts.keep(game_id, judgement, read, request_id)
            except PartRefusedError as refused:
                if refused.reason == "no_game":
                    _refuse(grpc.StatusCode.NOT_FOUND, f"no game {game_id!r}")
                game = self._game(game_id)  # a step, or another action of theirs: judge again
                continue
            outcome = parted.announce(read.context, judgement, kept.count)
            with self.store.redis.pipeline(transaction=False) as pipe:
                for event_type, data in _public_events(outcome.events):
                    self.store.add_event(pipe, game_id, event_type, data)
                pipe.execute()
            if kept.due:  # everyone is done: close at once
                self.background.submit(self.step, game_id)
            return outcome, False
        _refuse(grpc.StatusCode.UNAVAILABLE, "the game changed too often meanwhile; retry")

    def _dry_run(
        self, game_id: str, player: str, action: Mapping[str, Any], game: Mapping[str, str]
    ) -> Mapping[str, Any]:
        """``player``'s ``action`` judged against their part as it would be taken, and the
        result the kind tells of it (:meth:`~arbitre.rules.kinds.base.Previewing.preview`);
        nothing kept, no event. A kind that offers no dry run refuses (``no_dry_run``)."""
        game_kind, tools = self._kind_and_tools(game)
        preview = getattr(game_kind, "preview", None)
        if not _parted(game_kind) or preview is None:
            _refuse(
                grpc.StatusCode.FAILED_PRECONDITION,
                f"no_dry_run: a {game['kind']} game's actions cannot be tried",
            )
        if game["status"] == "paused":
            _refuse(grpc.StatusCode.FAILED_PRECONDITION, "paused: the game is paused")
        parted: Any = game_kind
        read = self.parts.read(game_id, int(game.get("turn") or 0), player)
        try:
            judgement = parted.judge(read.context, read.part, player, action, read.now_ms, tools)
        except ActionRefusedError as error:
            raise _refused(error) from None
        result: Mapping[str, Any] = preview(read.context, judgement)
        return result

    def _act_locked(self, game_id: str, player: str, action: Mapping[str, Any]) -> Outcome:
        """An action of a kind without the fast path: under the game's lock, on the whole
        state."""
        with self.store.locked(game_id) as lock:
            game = self._game(game_id)
            game_kind, state = self._load(game_id, game)
            now = self.store.now_ms()
            try:
                outcome = game_kind.act(state, player, action, now)
            except ActionRefusedError as error:
                raise _refused(error) from None
            events = _public_events(outcome.events)
            self._write(lock, game_id, game, game_kind, state, events, now)
        return outcome

    # -- robots -----------------------------------------------------------------------------------

    def robot_answer(self, member: str) -> None:
        game_id = member.split("/", 1)[0]
        try:
            on_seam = is_on_seam(self.store.game(game_id))
        except Exception:
            log.exception("robot action %s failed", member)
            return
        if not on_seam:
            super().robot_answer(member)
            return
        try:
            self._kind_robot(member)
        except _RefusedError as refused:
            log.info("robot action %s refused: %s", member, refused.message)
        except Exception:
            log.exception("robot action %s failed", member)

    def _kind_robot(self, member: str) -> None:
        """A robot's due moment: it plans from its own view, acts when its moment has come,
        and is woken again for its next action."""
        game_id, turn_text, player = member.split("/")
        turn = int(turn_text)
        game = self.store.game(game_id)
        if game.get("phase") != "turn" or game.get("turn") != turn_text:
            return
        if game.get("status") == "paused":  # it goes on once the game resumes
            self._wake_robot(game_id, turn, player, self.store.now_ms() + 500)
            return
        seat = self.store.robots(game_id).get(player)
        planner = planner_for(game["kind"])
        if game.get("status") != "running" or seat is None or planner is None:
            return
        game_kind, state = self._load(game_id, game)
        _, tools = self._kind_and_tools(game)
        now = self.store.now_ms()
        view = game_kind.view(state, Viewer(player), now)
        plan = planner(view, seat["level"], _robot_seed(game_id, player), tools)
        if plan is None:
            return
        if plan.at_ms > now:
            self._wake_robot(game_id, turn, player, plan.at_ms)
            return
        self._act_as(game_id, player, plan.action, "")
        self._wake_robot(game_id, turn, player, now)

    def _wake_robot(self, game_id: str, turn: int, player: str, at_ms: int) -> None:
        with self.store.redis.pipeline(transaction=False) as pipe:
            self.store.schedule_robot(pipe, game_id, turn, player, at_ms)
            pipe.execute()

    # -- reading ----------------------------------------------------------------------------------

    def _kind_state(self, game_id: str, token: str) -> Any:
        """The game as the caller may see it: a player by their token, else a spectator. A
        spectator's state is built once per step and :data:`SPECTATOR_VIEW_SECONDS` (the
        players' guesses between steps show in it that much later), its clock always now."""
        read_at = time.monotonic()
        table = self.store.table(game_id, MAX_LISTED_PLAYERS)
        game, now = table.game, table.now_ms
        if "kind" not in game:
            _refuse(grpc.StatusCode.NOT_FOUND, f"no game {game_id!r}")
        remaining = _remaining_ms(game, now)
        player = self.store.player_of(game_id, token) if token else None
        if player is not None:
            return self._kind_state_built(game_id, game, table, player, now)
        stamp = tuple(game.get(field, "") for field in _STAMP_FIELDS)

        def served(cached: tuple[tuple[str, ...], float, Any]) -> Any:
            state = session_pb2.GameState()
            state.CopyFrom(cached[2])
            state.server_time_ms, state.remaining_ms = now, remaining
            return state

        with self._views_lock:
            cached = self._views.get(game_id)
        if (
            cached is not None
            and cached[0] == stamp
            and time.monotonic() - cached[1] < SPECTATOR_VIEW_SECONDS
        ):
            return served(cached)
        # One build at a time per game: those who waited take the one built since they read
        # the game (it is at least as new as what they read).
        with self._building[hash(game_id) % len(self._building)]:
            with self._views_lock:
                cached = self._views.get(game_id)
            if cached is not None and cached[1] >= read_at:
                return served(cached)
            built_at = time.monotonic()
            built = self._kind_state_built(game_id, game, table, None, now)
            with self._views_lock:
                self._views[game_id] = (stamp, built_at, built)
                self._views.move_to_end(game_id)
                while len(self._views) > _VIEWS_CACHED:
                    self._views.popitem(last=False)
        return built

    def _kind_state_built(
        self,
        game_id: str,
        game: Mapping[str, str],
        table: Any,
        player: str | None,
        now: int,
    ) -> Any:
        """The game's state for ``player`` (``None``: a spectator), its session's fields and the
        kind's view read at one moment (:meth:`_load_fresh`)."""
        game, game_kind, state = self._load_fresh(game_id, game)
        deadline = int(game.get("deadline_ms") or 0)
        remaining = _remaining_ms(game, now)
        view = game_kind.view(state, Viewer(player), now)
        built = session_pb2.GameState(
            game_id=game_id,
            kind=enum_of_name(game["kind"]),
            kind_name=game["kind"],
            status=game["status"],
            phase=game.get("phase", ""),
            turn=int(game.get("turn") or 0),
            deadline_ms=deadline if game["status"] == "running" else 0,
            remaining_ms=remaining,
            server_time_ms=now,
            players=[
                session_pb2.Player(
                    id=seated,
                    name=name,
                    robot=table.robots.get(seated, {}).get("level", ""),
                )
                for seated, name in table.roster
            ],
            player_count=table.player_count,
            title=game.get("title", ""),
            seats=int(game.get("seats") or 0),
            seed_commitment=game.get("seed_commitment", ""),
            parked_reason=game.get("parked_reason", "") if game["status"] == "parked" else "",
            you=player or "",
        )
        put_part(built, game["kind"], view)
        return built

    def _kind_standings(self, game_id: str, game: Mapping[str, str], request: Any) -> Any:
        game_kind, state = self._load(game_id, game)
        names = dict(self.store.roster(game_id))
        lines = game_kind.standings(state)
        limit = request.limit or len(lines)
        shown = lines[request.offset : request.offset + limit]
        standings = session_pb2.GameStandings(
            turns=game_kind.phase(state, self.store.now_ms()).number, players=len(lines)
        )
        for line in shown:
            named = standings.standings.add(
                standing=scoring_pb2.Standing(rank=line.rank, player=line.player, total=line.total),
                name=names.get(line.player, ""),
            )
            put_part(named, game["kind"], dict(line.details))
        return standings

    def _kind_record(self, game_id: str, game: Mapping[str, str]) -> Any:
        game_kind, state = self._load(game_id, game)
        found = session_pb2.GameRecord()
        put_part(found, game["kind"], game_kind.record(state))
        return found
