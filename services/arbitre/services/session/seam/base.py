"""The seam's base: reading a stored game of a kind on the seam (its hash, its kind's state and
the open turn's parts at one moment) and writing a step, and the helpers every part shares."""

from __future__ import annotations

import hashlib
import json
import logging
import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import grpc

from arbitre.api.kind_parts import part
from arbitre.rules.kinds import kind
from arbitre.rules.kinds.base import (
    LISTED,
    ActionRefusedError,
    Event,
    InvalidConfigError,
    Kind,
    Phase,
    Stage,
    Standing,
)
from arbitre.services.game_keys import ARCHIVE_QUEUE, GameKeys
from arbitre.services.kind_tools import SessionTools
from arbitre.services.session.dealing import PackageDealer
from arbitre.services.session.limits import (
    FINISHED_TTL_MS,
    IDLE_TTL_MS,
    RUNNING_TTL_MS,
    SEATS_REMEMBERED,
)
from arbitre.services.session.parts_store import PartsStore, orders_of, parts_of, queue_orders
from arbitre.services.session.refusals import _refuse, _RefusedError
from arbitre.services.session.steps import Steps, _stored_live
from arbitre.services.session.throttle import EventThrottle
from arbitre.services.session_store import Lock

__all__ = ["Moment", "SeamBase", "refusal_status", "view_stamp"]

log = logging.getLogger("arbitre.services.session")

#: Refusal codes that say the request itself is malformed (400), not the moment (409); a code
#: with its reason (dupliKta's ``illegal_move:not_connected``) is known by its head.
_MALFORMED = frozenset(
    {
        "bad_action",
        "bad_config",
        "wrong_length",
        "not_a_letter",
        "bad_notation",
        "illegal_move",
        "unknown_letter",
        "bad_rack",
        "bad_cell",
        "bad_tokens",
        "letter_not_in_set",
        "same_token",
        "loupe_with_move",
    }
)


#: The fields of a game hash that change at every step: a spectator's state built with them is
#: served again while they are the same (for a short while: guesses change views between steps;
#: a sealed package's key released changes no step).
_STAMP_FIELDS = (
    "status",
    "phase",
    "turn",
    "deadline_ms",
    "players",
    "context_version",
    "release_key",
)


def view_stamp(game: Mapping[str, str]) -> tuple[str, ...]:
    """The game hash's stamp for the views every viewer shares (kept while it is the same, and
    :data:`~arbitre.services.session.limits.SPECTATOR_VIEW_SECONDS`): :data:`_STAMP_FIELDS`
    but the context's version, which every step of a parted kind renews, and with the number
    of players counted up to :data:`~arbitre.rules.kinds.base.LISTED` only (a view lists that
    many). What a step changes without moving the game on (a seating past the listed players,
    a leave) shows in the shared views that much later at most, as the actions between steps
    do; a player's own part is always read fresh."""
    players = min(int(game.get("players") or 0), LISTED)
    return tuple(
        str(players) if field == "players" else game.get(field, "")
        for field in _STAMP_FIELDS
        if field != "context_version"
    )


#: How many times a read of a game's hash and state starts again when steps keep coming between.
_CONSISTENT_READS = 5
#: Spectators' states kept per process (one per game).
_VIEWS_CACHED = 256
#: Games whose closed chapters a process keeps read (:class:`~arbitre.rules.kinds.base.
#: Chaptered`: at ten thousand players, some 3 MB a duplicate turn).
_CHAPTERS_CACHED = 64
#: Games whose state a process keeps as its seating step wrote it (at ten thousand players, a
#: room's state takes some 100 ms to read and attach again, a seating some 20 ms).
_STATES_KEPT = 16
#: The game hash's field that names the state each step writes (a new one each time): a state
#: kept here is the stored one while the hash names it.
STATE_VERSION = "state_version"


@dataclass(frozen=True, slots=True)
class Moment:
    """What every viewer shares of one moment of a game: its ``stamp`` (:func:`view_stamp`),
    when it was built (monotonic seconds), a spectator's ``state``, the kind's ``shared`` view
    (``None`` for a kind whose view does not split) and the ``turn`` it is at, ``open_turn``
    whether it is open; how long it is kept."""

    stamp: tuple[str, ...]
    built_at: float
    state: Any
    shared: Any
    turn: int
    open_turn: bool
    #: How long it is served while its stamp stays the same (monotonic seconds from
    #: ``built_at``): :data:`~arbitre.services.session.limits.SPECTATOR_VIEW_SECONDS`, or
    #: :data:`~arbitre.services.session.limits.VIEW_KEPT_PER_BUILD` times what it took to build
    #: when more (a moment of a game of thousands).
    kept_for: float = 0.0
    #: The spectator's view in ``state`` (``None``: none), as the kind gave it.
    view: Any = None


def refusal_status(code: str) -> Any:
    """The gRPC status of a kind's refusal ``code``: INVALID_ARGUMENT for a malformed request,
    FAILED_PRECONDITION for one the game cannot take now."""
    if code.partition(":")[0] in _MALFORMED:
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


def _chaptered(game_kind: Kind[Any, Any, Any]) -> bool:
    """Whether the kind keeps its closed chapters apart (:class:`~arbitre.rules.kinds.base.
    Chaptered`)."""
    return _parted(game_kind) and hasattr(game_kind, "attach_open")


def _refereed(game_kind: Kind[Any, Any, Any]) -> bool:
    """Whether the kind has live positions to referee (:class:`~arbitre.rules.kinds.base.
    Refereed`)."""
    return hasattr(game_kind, "live_positions")


@lru_cache(maxsize=256)
def _configured(kind_name: str, config_json: str) -> Any:
    """A stored configuration, read by its kind."""
    return kind(kind_name).configure(json.loads(config_json))


def _config_of(request: Any, name: str) -> dict[str, Any]:
    """The settings a ``CreateGameRequest`` gives a game of the kind ``name``: its typed
    configuration, settings left unset out (they take their defaults)."""
    given = request.WhichOneof("kind_config")
    if given is not None and given != name:
        _refuse(
            grpc.StatusCode.INVALID_ARGUMENT,
            f"bad_config: a {name} game's configuration is CreateGameRequest.{name}",
        )
    found = part(request, "kind_config", nulls=False)
    return {} if found is None else dict(found[1])


def _public_events(events: tuple[Event, ...] | list[Event]) -> list[tuple[str, Any]]:
    return [(e.public.type, e.public.data) for e in events if e.public is not None]


class SeamBase(Steps):
    """What the seam's parts share: the parts store, the kinds' tools, the spectators' states
    kept, and how a game is read from and a step written to the store."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.parts = PartsStore(self.store.redis)
        #: The kinds' throttled events (counts), written at most once a period per game.
        self.throttle = EventThrottle(self.store.redis)
        self.tools = SessionTools(lambda: self.peers)
        #: The packages this service deals itself (a configuration asking for one).
        self.dealer = PackageDealer(self.store.redis, self.package_key)
        #: Game id -> what every viewer shares of its last moment built here, newest last.
        self._views: OrderedDict[str, Moment] = OrderedDict()
        self._views_lock = threading.Lock()
        #: Game id -> (the game hash's stamp, its standings lines, the turn they are at).
        self._kind_lines: OrderedDict[str, tuple[tuple[str, ...], list[Standing], int]] = (
            OrderedDict()
        )
        #: Game id -> its review, once over (a finished game never changes).
        self._reviews: OrderedDict[str, Any] = OrderedDict()
        #: Game id -> the closed chapters read or written here (they never change), oldest first.
        self._chapters: OrderedDict[str, tuple[Any, ...]] = OrderedDict()
        self._chapters_lock = threading.Lock()
        #: Game id -> (its state's version, the state) as this process's last seating step
        #: wrote it (:meth:`_load_fresh` with ``reuse``): taken by the next one, not shared.
        self._kept_states: OrderedDict[str, tuple[str, Any]] = OrderedDict()
        self._kept_states_lock = threading.Lock()
        #: Locks that let one thread at a time build a game's spectator state (by game id).
        self._building = tuple(threading.Lock() for _ in range(64))
        #: (game id, a token's hash) -> the player it seats, as read here (a token is never
        #: taken back): a player's action then reads the game and their part in one round trip.
        self._token_seats: dict[tuple[str, str], str] = {}
        self._token_seats_lock = threading.Lock()

    def _seat_of(self, game_id: str, hashed: str) -> str | None:
        """The player whose token hashes to ``hashed`` in ``game_id``, if this process saw it
        (a token is a seat for the game's life: never taken back)."""
        with self._token_seats_lock:
            return self._token_seats.get((game_id, hashed))

    def _remember_seat(self, game_id: str, hashed: str, player: str) -> None:
        with self._token_seats_lock:
            self._token_seats[(game_id, hashed)] = player
            while len(self._token_seats) > SEATS_REMEMBERED:
                del self._token_seats[next(iter(self._token_seats))]

    # -- reading the stored game ----------------------------------------------------------------

    def _kind_and_tools(self, game: Mapping[str, str]) -> tuple[Kind[Any, Any, Any], Any]:
        """The game's kind and the tools its stored configuration is played with."""
        name, config_json = game["kind"], game["config"]
        return kind(name), self.tools.tools(name, _configured(name, config_json), config_json)

    def _load(
        self, game_id: str, game: Mapping[str, str], *, reuse: bool = False
    ) -> tuple[Kind[Any, Any, Any], Any]:
        """The game's kind and its whole state as the last step and the kept actions left it
        (``reuse``: see :meth:`_load_fresh`)."""
        return self._load_fresh(game_id, game, reuse=reuse)[1:]

    def _load_fresh(
        self, game_id: str, game: Mapping[str, str], *, reuse: bool = False
    ) -> tuple[dict[str, str], Kind[Any, Any, Any], Any]:
        """The game hash, its kind and its whole state, all read at one moment: the hash, the
        saved state and the open turn's parts and orders in one transaction (read again when a
        step came between the hash the turn was taken from and that transaction), so that the
        session's fields and the kind's state always agree.

        ``reuse`` (a step under the game's lock, that writes the state it gets or drops it):
        the state this process's last seating step wrote (:meth:`_write` with ``keep``), when
        the game hash still names its version and no turn is open (the fast path changes an
        open turn's parts between steps); else read as ever. A room that fills seats its joins
        without reading and attaching its whole state at every step."""
        game_kind, tools = self._kind_and_tools(game)
        kept = self._take_state(game_id) if reuse else None
        claims = tuple(getattr(game_kind, "claims", ())) if _parted(game_kind) else ()
        chaptered = _chaptered(game_kind)
        keys = GameKeys(game_id)
        for _ in range(_CONSISTENT_READS):
            turn = int(game.get("turn") or 0)
            open_turn = _parted(game_kind) and game.get("phase") == "turn"
            known = self._known_chapters(game_id) if chaptered else ()
            reused = kept is not None and not open_turn
            with self.store.redis.pipeline(transaction=True) as pipe:
                pipe.hgetall(keys.game)
                if reused:
                    pipe.exists(keys.state)  # the state itself is the one kept here
                else:
                    pipe.get(keys.state)
                if chaptered:
                    pipe.lrange(keys.chapters, len(known), -1)
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
            if reused:
                assert kept is not None
                if fresh.get(STATE_VERSION) == kept[0]:
                    return fresh, game_kind, kept[1]
                kept = None  # another step wrote the state since: read it
                continue
            saved = json.loads(found[1]) if found[1] is not None else {}
            if not _parted(game_kind):
                return fresh, game_kind, game_kind.load(saved, tools)
            parted: Any = game_kind
            at = 2
            if chaptered:
                chapters = self._read_chapters(game_id, fresh, parted, known, found[2])
                if chapters is None:
                    continue  # the chapters known here are not the game's: read them all
                at = 3
            parts = parts_of(found[at]) if open_turn else {}
            orders = orders_of(claims, found[at + 1 :]) if open_turn and parts else {}
            if chaptered:
                return fresh, game_kind, parted.attach_open(saved, parts, orders, chapters, tools)
            return fresh, game_kind, parted.attach(saved, parts, orders, tools)
        _refuse(grpc.StatusCode.UNAVAILABLE, "the game changed at every read; retry")

    def _take_state(self, game_id: str) -> tuple[str, Any] | None:
        """The game's state kept here (its version and the state), taken out: one step at a
        time changes it."""
        with self._kept_states_lock:
            return self._kept_states.pop(game_id, None)

    def _keep_state(self, game_id: str, version: str, state: Any) -> None:
        with self._kept_states_lock:
            self._kept_states[game_id] = (version, state)
            while len(self._kept_states) > _STATES_KEPT:
                self._kept_states.popitem(last=False)

    # -- the closed chapters of a chaptered kind ------------------------------------------------

    def _known_chapters(self, game_id: str) -> tuple[Any, ...]:
        """The game's closed chapters this process read or wrote, oldest first."""
        with self._chapters_lock:
            return self._chapters.get(game_id, ())

    def _remember_chapters(self, game_id: str, chapters: tuple[Any, ...]) -> None:
        """Keep the game's closed ``chapters`` (all of them, as stored) for its next reads."""
        with self._chapters_lock:
            self._chapters[game_id] = chapters
            self._chapters.move_to_end(game_id)
            while len(self._chapters) > _CHAPTERS_CACHED:
                self._chapters.popitem(last=False)

    def _read_chapters(
        self,
        game_id: str,
        game: Mapping[str, str],
        parted: Any,
        known: tuple[Any, ...],
        read: list[str],
    ) -> tuple[Any, ...] | None:
        """The game's closed chapters: those ``known`` here, then those ``read`` after them
        (in the transaction that read the ``game`` hash, which counts them); ``None`` when they
        do not add up to its count (the chapters known here are forgotten: read them all)."""
        config = _configured(game["kind"], game["config"])
        chapters = known + tuple(parted.chapter_from(json.loads(text), config) for text in read)
        if len(chapters) != int(game.get("chapters") or 0):
            with self._chapters_lock:
                self._chapters.pop(game_id, None)
            if not known:  # all of them were read: the game's are not what its hash counts
                _refuse(grpc.StatusCode.DATA_LOSS, f"game {game_id!r}: its chapters are lost")
            return None
        if read:
            self._remember_chapters(game_id, chapters)
        return chapters

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
        *,
        keep: bool = False,
    ) -> Phase:
        """Write the state a step left under ``lock``, with its events; returns its phase. A
        refereed game's live positions become its kind's after the step (stored in the game
        hash's ``live_positions``), none while it is parked. Each write names the state with a
        new :data:`STATE_VERSION`; with ``keep`` (the step is done with ``state``), this
        process keeps it under that version for the next step that reuses it."""
        phase = game_kind.phase(state, now)
        version = secrets.token_hex(8)
        fields: dict[str, str | int] = {
            "turn": phase.number,
            "remaining_ms": 0,
            STATE_VERSION: version,
        }
        due: int | None = None
        # A waiting game whose scheduled start is still to be tried keeps it: its deadline,
        # the clock's step then, and its lifetime until then (a failed start cleared it).
        start_at = int(game.get("start_at_ms") or 0)
        scheduled = start_at if int(game.get("deadline_ms") or 0) else 0
        if phase.stage is Stage.WAITING:
            fields.update(status="waiting", phase="", deadline_ms=scheduled)
            due = scheduled or None
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
        if opened:
            fields["opened_ms"] = now  # a person away is owed no time from before it
        lifetime = {
            Stage.WAITING: IDLE_TTL_MS + max(0, scheduled - now),
            Stage.OVER: FINISHED_TTL_MS,
        }.get(phase.stage, IDLE_TTL_MS if held else RUNNING_TTL_MS)
        parted: Any = game_kind if _parted(game_kind) else None
        chapters: tuple[Any, ...] = ()
        written = 0
        if parted is not None:
            if _chaptered(game_kind):
                chapters = tuple(parted.chapters(state))
                written = int(game.get("chapters") or 0)  # under the lock: what the hash counts
                fields["chapters"] = len(chapters)
                rest, parts, orders = parted.detach_open(state)
            else:
                rest, parts, orders = parted.detach(state)
            context = parted.context(state)
            done: frozenset[str] = frozenset()
            if phase.stage is Stage.PLAYING and not opened:
                done = frozenset(self.store.redis.smembers(GameKeys(game_id).done(phase.number)))
        else:
            rest = game_kind.save(state)
        robots = self.store.robots(game_id) if opened else {}
        keys = GameKeys(game_id)
        # A refereed game's open positions are live but while it is parked.
        before = _stored_live(game) if game.get("status") != "parked" else frozenset()
        after: frozenset[tuple[str, str]] = frozenset()
        if game.get("refereed") == "1":
            positions = frozenset(game_kind.live_positions(state))  # type: ignore[attr-defined]
            fields["live_positions"] = json.dumps(sorted(positions))
            after = positions if fields["status"] != "parked" else frozenset()

        moved = (str(fields["turn"]), str(fields.get("phase", ""))) != (
            str(game.get("turn") or 0),
            game.get("phase") or "",
        )

        def write(pipe: Any) -> None:
            if extra is not None:
                extra(pipe)
            self.store.set_state(pipe, game_id, rest)
            if len(chapters) < written:  # a state begun again (never, but then all again)
                pipe.delete(keys.chapters)
            for chapter in chapters[written if len(chapters) >= written else 0 :]:
                pipe.rpush(keys.chapters, json.dumps(parted.chapter_data(chapter)))  # once
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
            for board, rack in before - after:
                self.store.set_live(pipe, game_id, board, rack, False)
            for board, rack in after - before:
                self.store.set_live(pipe, game_id, board, rack, True)
            for player in robots:  # each robot plans its first action of the turn at once
                if player in phase.actors:
                    self.store.schedule_robot(pipe, game_id, phase.number, player, now)
            for event_type, data in events:
                self.store.add_event(pipe, game_id, event_type, data)
            if phase.stage is Stage.OVER and game.get("status") != "over":
                pipe.zadd(ARCHIVE_QUEUE, {game_id: now}, nx=True)  # archived by a replica
            if moved:  # its events say what the counts held back counted (EventThrottle)
                pipe.delete(keys.pending)

        self.store.commit(lock, write)
        if keep:
            self._keep_state(game_id, version, state)
        if chapters:
            self._remember_chapters(game_id, chapters)
        if opened:
            log.info("game %s: turn %d (%s)", game_id, phase.number, game["kind"])
        elif phase.stage is Stage.OVER and game.get("status") != "over":
            log.info("game %s: over", game_id)
        return phase
