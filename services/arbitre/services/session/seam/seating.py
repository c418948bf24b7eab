"""Creating a game of a kind on the seam (at once or for a scheduled start) and seating its
players and robots (joins seated together, one step for every waiting one)."""

from __future__ import annotations

import contextlib
import json
import logging
import secrets
import time
from typing import Any

import grpc
import redis as redis_module

from arbitre.engine.robots.duplicate import RobotLevel
from arbitre.engine.robots.planner import planner_for, warm_up
from arbitre.rules import registration as registrations
from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds import UnknownKindError, kind
from arbitre.rules.kinds.base import (
    ActionRefusedError,
    Event,
    InvalidConfigError,
    Setup,
)
from arbitre.rules.sealed_package import SealedSummary
from arbitre.services.game_keys import GameKeys
from arbitre.services.kind_names import name_of_enum
from arbitre.services.session.base import _seed_fields, registration_of, robot_of
from arbitre.services.session.dealing import DealPendingError
from arbitre.services.session.limits import (
    IDLE_TTL_MS,
    MAX_SCHEDULE_MS,
    MAX_SEATED_AT_ONCE,
    MAX_TITLE_CHARS,
    SEAT_WAIT_SECONDS,
)
from arbitre.services.session.refusals import _refuse, _RefusedError
from arbitre.services.session.seam.base import (
    _config_of,
    _parted,
    _refereed,
    refusal_status,
)
from arbitre.services.session.seam.reading import KindReading
from arbitre.services.session_store import Lock, new_secret, token_hash
from arbitre.v1 import session_pb2

__all__ = ["Seating"]

log = logging.getLogger("arbitre.services.session")


def _packaged(game_kind: Any) -> bool:
    """Whether the kind plays games from pre-drawn packages (:class:`~arbitre.rules.kinds.
    base.Packaged`)."""
    return hasattr(game_kind, "package_game") and hasattr(game_kind, "package_config")


def _seat(game_kind: Any, state: Any, player: str, now_ms: int, robot: bool) -> tuple[Event, ...]:
    """Seat ``player`` (a robot when ``robot``) as the kind does: a robot by its ``seat_robot``
    when its rules keep robots' seats apart (:class:`~arbitre.rules.kinds.base.RobotSeating`),
    everyone else by its ``seat``."""
    seat_robot = getattr(game_kind, "seat_robot", None) if robot else None
    if seat_robot is not None:
        seated: tuple[Event, ...] = seat_robot(state, player, now_ms)
        return seated
    return tuple(game_kind.seat(state, player, now_ms))


#: How long a join waiting to be seated first waits before it looks again (whether a step
#: seated it, or the lock is free to seat the waiting ones), doubling up to the last: thousands
#: of joins waiting together would otherwise spend a core asking.
_FIRST_POLL_SECONDS = 0.005
_LAST_POLL_SECONDS = 0.05

#: The event a kind announces a seating with: the session adds the seat's name and robot level.
JOINED = "player_joined"


def _package_title(package: Any, sealed: SealedSummary | None) -> str:
    """The title a package gives its game when the request gives none."""
    if sealed is not None:
        return sealed.title[:MAX_TITLE_CHARS]
    return "" if package is None else str(package.get("title") or "")[:MAX_TITLE_CHARS]


class Seating(KindReading):
    """Creating a game of a kind on the seam and seating its players and robots."""

    # -- creating and seating -------------------------------------------------------------------

    def _kind_create(self, request: Any, organiser: str = "", contest: str = "") -> Any:
        """A new game of the request's kind, configured by its typed configuration; with a
        ``start_at_ms`` (within :data:`MAX_SCHEDULE_MS`), the clock's first step is due then,
        written in the creation's transaction (the stepping's scheduled start). A ``refereed``
        game is for a kind with live positions (:class:`~arbitre.rules.kinds.base.Refereed`).

        A kind that plays pre-drawn packages (:class:`~arbitre.rules.kinds.base.Packaged`) takes
        a ``package_json`` instead of a seed and of the rules (its typed configuration gives
        only what the kind leaves to the game): its hash and signature checked
        (:meth:`~arbitre.services.session.packages.Packages._read_package`), made
        over the lexicon this server plays (:meth:`SessionTools.fingerprint`), and, open, it
        replays here and its seed is the game's; sealed, its stated rules are the game's and
        it is opened at the start (:meth:`Stepping._kind_opening`). Anything wrong:
        INVALID_ARGUMENT, nothing created.

        A table of a contest (:mod:`arbitre.services.session.contests`) is made with the
        contest's ``organiser`` token and id (``contest``); any other game gets a new token."""
        name = name_of_enum(request.kind)
        try:
            game_kind = kind(name)
        except UnknownKindError:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"the {name} games are not played yet")
        if len(request.title) > MAX_TITLE_CHARS:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"a title is at most {MAX_TITLE_CHARS} chars")
        if request.package_json and not _packaged(game_kind):
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT,
                f"a {name} game is not played from a package (package_json)",
            )
        if request.package_json and request.has_seed:
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT,
                "a package brings its configuration and seed: give no seed",
            )
        if request.refereed and not _refereed(game_kind):
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT,
                f"a {name} game has no positions to referee (refereed)",
            )
        now = self.store.now_ms()
        start_at = request.start_at_ms
        if start_at and not now < start_at <= now + MAX_SCHEDULE_MS:
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT,
                "start_at_ms: a moment in the coming year (Unix ms, UTC)",
            )
        data = _config_of(request, name)
        package_format = getattr(game_kind, "package_format", "")
        package, sealed = (
            self._read_package(request.package_json, package_format)
            if request.package_json
            else (None, None)
        )
        dealt = None if request.package_json else self._dealt_package(name, game_kind, data)
        if dealt is not None:  # then read and checked as a package brought
            if request.has_seed:
                _refuse(
                    grpc.StatusCode.INVALID_ARGUMENT,
                    "a package dealt here brings its configuration and seed: give no seed",
                )
            text, data = dealt
            package, sealed = self._read_package(text, package_format)
        packaged: Any = game_kind
        try:
            if package is None:
                brought = sorted(set(data) & set(getattr(game_kind, "package_only", ())))
                if brought:  # a setting only a checked package may bring
                    raise InvalidConfigError(f"{', '.join(brought)}: comes from a package only")
                config = game_kind.configure(data)
            else:  # a sealed package states its rules; an open one's record holds them
                rules: Any = (
                    sealed.config.to_mapping()
                    if sealed is not None
                    else package["record"].get("config")
                )
                config = packaged.package_config(rules, data)
            config_json = json.dumps(game_kind.config_data(config), sort_keys=True)
            tools = self.tools.tools(name, config, config_json)
        except (InvalidConfigError, ArbitreError) as error:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"bad_config: configuration: {error}")
        seed = request.seed if request.has_seed else secrets.randbits(62)
        if sealed is not None:  # its seed comes with its release key, at the start
            self._check_fingerprint(name, tools, sealed.lexicon_hash)
            seed = 0  # the state until then: no draw, from any seed
        elif package is not None:
            seed = self._package_seed(name, package, config, tools)
        if seed >= 2**63:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, "the seed must be below 2**63")
        game_id = secrets.token_urlsafe(9)
        state = game_kind.new_game(config, Setup(game_id, seed, ()), tools)
        organiser = organiser or new_secret()
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
            "deadline_ms": start_at,  # the scheduled start, while it is still to come
            "start_at_ms": start_at,  # the store makes it the clock's first step
            "remaining_ms": 0,
            "players": 0,
            "config": config_json,
            "title": request.title or _package_title(package, sealed),
            # 0: no limit (a room, a simultané); a kind without the setting: its table's size
            "seats": int(getattr(config, "seats", game_kind.max_seats)),
            "created_ms": now,
            "organiser": token_hash(organiser),
            "package_hash": "" if package is None else package["content_hash"],
            **({} if sealed is not None else _seed_fields(seed)),
        }
        if contest:
            fields["contest"] = contest
        if sealed is not None:  # opened at the start (Stepping._kind_opening)
            fields["sealed_package"] = request.package_json
        if request.refereed:  # its steps keep its open positions live (SeamBase._write)
            fields.update(refereed="1", live_positions="[]")
        created = ("created", {"seed_commitment": fields.get("seed_commitment") or None})
        lifetime = IDLE_TTL_MS + max(0, start_at - now)
        if not self.store.create(game_id, fields, rest, created, lifetime):
            _refuse(grpc.StatusCode.UNAVAILABLE, "game id collision; retry")
        log.info("game %s created (%s)", game_id, name)
        return session_pb2.CreateGameResponse(
            game_id=game_id, organiser_token=organiser, state=self._kind_state(game_id, "")
        )

    def _dealt_package(
        self, name: str, game_kind: Any, data: dict[str, Any]
    ) -> tuple[str, dict[str, Any]] | None:
        """The package (its JSON text) the configuration ``data`` asks this server to deal
        (:class:`~arbitre.rules.kinds.base.Dealing`, :mod:`arbitre.services.session.dealing`),
        with the settings it leaves to the game; ``None`` when it asks for none (a kind that
        deals nothing never does). INVALID_ARGUMENT ``bad_config`` for a bad order;
        UNAVAILABLE ``dealing`` while its deal outlasts the wait (it goes on: retry)."""
        deal_order = getattr(game_kind, "deal_order", None)
        if deal_order is None:
            return None
        try:
            order = deal_order(data)
            if order is None:
                return None
            config_json = json.dumps(game_kind.config_data(order.config), sort_keys=True)
            tools = self.tools.tools(name, order.config, config_json)
            text = self.dealer.package_text(
                name,
                order,
                config_json,
                tools,
                self.tools.fingerprint(name, tools),
                game_kind.package_format,
            )
        except DealPendingError as error:
            _refuse(grpc.StatusCode.UNAVAILABLE, f"{error.code}: {error}")
        except (InvalidConfigError, ArbitreError) as error:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"bad_config: configuration: {error}")
        return text, dict(order.settings)

    def _check_fingerprint(self, name: str, tools: Any, stated: Any) -> None:
        """Refuse a package made over another content than the one this server's ``tools`` play
        (duplicate: another lexicon, by its content hash)."""
        played = self.tools.fingerprint(name, tools)
        if played is not None and stated != played:
            _refuse(
                grpc.StatusCode.INVALID_ARGUMENT,
                "bad_package: made over another lexicon than this server's "
                "(the content hashes differ)",
            )

    def _package_seed(self, name: str, package: Any, config: Any, tools: Any) -> int:
        """The seed of an open (checked) ``package``'s game of ``config``, once its lexicon's
        hash is the server's and it replays here with ``tools``: else INVALID_ARGUMENT."""
        record = package["record"]
        stated = record.get("lexicon")
        self._check_fingerprint(
            name, tools, stated.get("hash") if isinstance(stated, dict) else None
        )
        packaged: Any = kind(name)
        try:
            seed: int = packaged.package_game(record, config, tools)
        except (InvalidConfigError, ArbitreError) as error:
            _refuse(grpc.StatusCode.INVALID_ARGUMENT, f"bad_package: {error}")
        return seed

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
        pause = _FIRST_POLL_SECONDS
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
            time.sleep(pause)
            pause = min(2 * pause, _LAST_POLL_SECONDS)
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
        held: dict[str, Any] = {}  # the step's throttled events, by type: its newest
        game_kind, state = self._load(game_id, game, reuse=True) if "kind" in game else (None, None)
        now = self.store.now_ms()
        for text in texts:
            waiting = json.loads(text)
            player = waiting["player"]
            if game_kind is None:
                outcomes[player] = f"not_found: no game {game_id!r}"
                continue
            try:
                joined = _seat(game_kind, state, player, now, bool(waiting["robot"]))
            except ActionRefusedError as error:
                outcomes[player] = f"{error.code}: {error}"
                continue
            outcomes[player] = "ok"
            seated.append(waiting)
            # The kinds know players by id: the session names the seat in its announcement.
            named = {"name": waiting["name"], "robot": waiting["robot"] or None}
            for event in joined:
                if event.public is None:
                    continue
                event_type, data = event.public.type, event.public.data
                if event_type == JOINED:
                    data = {**data, **named}
                if event.throttled:  # a count: the step's newest supersedes its earlier ones
                    held[event_type] = data
                else:
                    events.append((event_type, data))

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
            self._write(lock, game_id, game, game_kind, state, events, now, extra=seat, keep=True)
            # Once written, the seatings' counts, at most once a period (EventThrottle).
            players = int(game.get("players") or 0) + len(seated)
            with self.store.redis.pipeline(transaction=False) as pipe:
                for event_type, data in held.items():
                    if self.throttle.admit(game_id, event_type, data, players):
                        self.store.add_event(pipe, game_id, event_type, data)
                pipe.execute()
        for waiting in seated:  # their first action reads the game and their part at once
            if not waiting["robot"]:
                self._remember_seat(game_id, waiting["token"], waiting["player"])
