"""The store of the game kinds' fast path: one actor's part of the open turn, kept in Redis
without the game's lock (:class:`~arbitre.rules.kinds.base.PartedKind`).

Ten thousand players guess at once; each guess touches only its player's part. The session
reads the context the last step wrote with its version (:meth:`PartsStore.read`), has the kind
judge the action, then keeps the judgement (:meth:`PartsStore.keep`) in one script that, on
Redis's own clock, refuses it unless:

- the game runs and the turn (or round) judged is the open one (the game hash's ``status``,
  ``phase`` and ``turn``, as for every game);
- no step ran since the context was read (``context_version``): a seat, a leave, a pause or a
  close changes the context, so an action judged before it is judged again;
- the deadline (``deadline_ms``) is not past;
- the actor's part is still the one read (another action of theirs came first: judge again).

It then writes the part and, in the same script, what every kind's store does and no kind's
knowledge: hands out the judgement's claim (the n-th to find the word; once per actor and turn,
an actor who claims again keeps their order) and counts it; lowers the deadline to
``closes_by`` when the claim was just handed order 1 (the duel's closing window); counts the
actors done (``finishes``, each once) and, once they reach the context's ``awaited``, makes the
turn due at once. An action is either refused or kept, never lost, never late; and a kept
action's part is what the next step attaches to the game's state.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arbitre.rules.kinds.base import ACTOR, ACTORS, AWAITED, DEADLINE, Judgement
from arbitre.services.game_keys import DEADLINES, GameKeys

__all__ = [
    "CONTEXTS_CACHED",
    "Kept",
    "PartRefusedError",
    "PartsStore",
    "ReadPart",
    "Replayed",
    "judgement_data",
    "judgement_from",
    "orders_of",
    "parts_of",
    "queue_orders",
]

#: How many games' contexts a process keeps decoded (one per game: its current version).
CONTEXTS_CACHED = 256


# KEYS: game, parts, orders (of the claim, or any key of the game without one), done,
# deadlines, the request's key (any key of the game without one). ARGV: turn, player, whether a
# part was read ("1"/"0"), the part read, the context version, the new part, the claim ("" none),
# closes_by ("" none), finishes ("1"/"0"), awaited, the game id, what to keep under the
# request's key ("" without a request id).
_KEEP = """
local game = redis.call('HMGET', KEYS[1], 'status', 'phase', 'turn', 'deadline_ms',
  'context_version')
if not game[1] then return {'no_game'} end
if ARGV[12] ~= '' and redis.call('EXISTS', KEYS[6]) == 1 then return {'replayed'} end
if game[1] ~= 'running' then return {'not_running', game[1]} end
if game[2] ~= 'turn' or game[3] ~= ARGV[1] then return {'wrong_turn', game[3] or ''} end
if (game[5] or '') ~= ARGV[5] then return {'stale_context'} end
local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local deadline = tonumber(game[4])
if ms >= deadline then return {'late', tostring(ms - deadline)} end
local stored = redis.call('HGET', KEYS[2], ARGV[2])
if ARGV[3] == '0' then
  if stored then return {'stale_part'} end
elseif stored ~= ARGV[4] then
  return {'stale_part'}
end
redis.call('HSET', KEYS[2], ARGV[2], ARGV[6])
local count = ''
if ARGV[7] ~= '' then
  local handed = redis.call('HSETNX', KEYS[3], ARGV[2], redis.call('HLEN', KEYS[3]) + 1)
  local total = redis.call('HLEN', KEYS[3])
  count = tostring(total)
  if handed == 1 and total == 1 and ARGV[8] ~= '' and tonumber(ARGV[8]) < deadline then
    deadline = tonumber(ARGV[8])
    redis.call('HSET', KEYS[1], 'deadline_ms', deadline)
    redis.call('ZADD', KEYS[5], deadline, ARGV[11])
  end
end
if ARGV[9] == '1' then redis.call('SADD', KEYS[4], ARGV[2]) end
local done = redis.call('SCARD', KEYS[4])
local due = '0'
if done >= tonumber(ARGV[10]) then
  due = '1'
  redis.call('ZADD', KEYS[5], ms, ARGV[11])
end
if ARGV[12] ~= '' then redis.call('HSET', KEYS[6], 'judged', ARGV[12], 'count', count) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl > 0 then
  for index = 2, 4 do redis.call('PEXPIRE', KEYS[index], ttl) end
  if ARGV[12] ~= '' then redis.call('PEXPIRE', KEYS[6], ttl) end
end
return {'ok', count, tostring(done), tostring(deadline), due, tostring(ms)}
"""


#: An ``awaited`` no count reaches: a context without one never makes its turn due early.
_NEVER = 2**53


class PartRefusedError(Exception):
    """A judgement the store cannot keep: ``reason`` is ``no_game``, ``not_running``,
    ``wrong_turn``, ``late`` (refuse the action), ``stale_context`` / ``stale_part`` (read
    and judge it again), or ``replayed`` (the request's id was kept already: answer what
    :meth:`PartsStore.replayed` holds); ``detail`` what Redis said (the status, the open turn,
    ms late)."""

    def __init__(self, reason: str, detail: tuple[str, ...] = ()) -> None:
        super().__init__(reason, *detail)
        self.reason = reason
        self.detail = detail

    @property
    def retry(self) -> bool:
        """Whether the action should be read and judged again (a step or another action of
        the same actor came first)."""
        return self.reason in ("stale_context", "stale_part")


@dataclass(frozen=True, slots=True)
class Replayed:
    """A request kept before: its ``judgement``, the ``context`` it was judged with and the
    claim's ``count`` then (what :meth:`~arbitre.rules.kinds.base.PartedKind.announce` takes
    to say it again)."""

    judgement: Judgement
    context: dict[str, Any]
    count: int | None


def judgement_data(judgement: Judgement) -> dict[str, Any]:
    """``judgement`` as JSON-ready data (:func:`judgement_from` reads it back)."""
    return {
        "player": judgement.player,
        "number": judgement.number,
        "part": dict(judgement.part),
        "claim": judgement.claim,
        "detail": dict(judgement.detail),
        "closes_by": judgement.closes_by,
        "finishes": judgement.finishes,
    }


def judgement_from(data: Mapping[str, Any]) -> Judgement:
    """The judgement :func:`judgement_data` wrote."""
    return Judgement(
        player=str(data["player"]),
        number=int(data["number"]),
        part=dict(data["part"]),
        claim=data["claim"],
        detail=dict(data["detail"]),
        closes_by=data["closes_by"],
        finishes=bool(data["finishes"]),
    )


@dataclass(frozen=True, slots=True)
class ReadPart:
    """What judging one action needs: the ``context`` (its deadline, when it has one, the one
    the store checks: a first claim may have lowered it) and its ``version`` (``""`` before any
    step wrote one), and the actor's part as stored (``part_text``, ``None`` for none yet)."""

    context: dict[str, Any]
    version: str
    part_text: str | None
    #: Redis's clock when it was read (Unix ms): the action's time.
    now_ms: int = 0
    #: What was kept before under the action's request id, if any (a retry).
    replayed: Replayed | None = None

    @property
    def part(self) -> dict[str, Any] | None:
        """The part read, decoded."""
        return None if self.part_text is None else dict(json.loads(self.part_text))


@dataclass(frozen=True, slots=True)
class Kept:
    """A kept judgement: ``count``, how many actors hold its claim now (``None`` without a
    claim: what :meth:`~arbitre.rules.kinds.base.PartedKind.announce` takes); ``done``, the
    actors done with the turn; ``deadline_ms``, the turn's deadline now; ``due``, whether the
    turn is due at once (everyone awaited is done); ``at_ms``, Redis's clock when it was kept."""

    count: int | None
    done: int
    deadline_ms: int
    due: bool
    at_ms: int


class PartsStore:
    """The fast path's parts, over a redis-py client (``decode_responses=True``)."""

    def __init__(self, redis: Any) -> None:
        self.redis = redis
        self._keep = redis.register_script(_KEEP)
        #: game id -> (context version, the context decoded), the most recent games last.
        self._contexts: OrderedDict[str, tuple[str, dict[str, Any]]] = OrderedDict()
        #: game id -> the turn it was last read at (what :meth:`read_with_game` reads first).
        self._turns: dict[str, int] = {}
        self._lock = threading.Lock()

    def read(self, game_id: str, turn: int, player: str, request_id: str = "") -> ReadPart:
        """The context, its version, ``player``'s part of ``turn``, Redis's clock and what was
        kept under ``request_id`` (if one is given), read together in one round trip. A context
        is read and decoded once per version and process (a room's is some 100 KB: a second
        round trip when its version is new here); the version and the part are read at every
        call."""
        keys = GameKeys(game_id)
        with self.redis.pipeline(transaction=True) as pipe:
            pipe.hmget(keys.game, "context_version", "deadline_ms")
            self._queue_read(pipe, keys, turn, player, request_id)
            found = pipe.execute()
        version, deadline = found[0]
        return self._read_from(keys, turn, player, version, deadline, found[1:], request_id)

    def read_with_game(
        self, game_id: str, player: str, request_id: str = ""
    ) -> tuple[dict[str, str], ReadPart | None]:
        """The game hash and, in the same round trip, what :meth:`read` reads for ``player``'s
        part of the open turn as this process last saw it open (``None`` when the game is at
        another turn now: :meth:`read` that one; ``{}`` and ``None`` for no game). A player's
        action then costs one round trip before its keep."""
        return self.read_many([(game_id, player, request_id)])[0]

    def read_many(
        self, wanted: Sequence[tuple[str, str, str]]
    ) -> list[tuple[dict[str, str], ReadPart | None]]:
        """:meth:`read_with_game` of each ``(game_id, player, request_id)`` of ``wanted``, all
        in one round trip (one transaction): a batch of actions reads what its actions need
        at once, then keeps each."""
        turns = [self._turns.get(game_id, 0) for game_id, _, _ in wanted]
        with self.redis.pipeline(transaction=True) as pipe:
            for (game_id, player, request_id), turn in zip(wanted, turns, strict=True):
                keys = GameKeys(game_id)
                pipe.hgetall(keys.game)
                self._queue_read(pipe, keys, turn, player, request_id)
            found = pipe.execute()
        reads: list[tuple[dict[str, str], ReadPart | None]] = []
        at = 0
        for (game_id, player, request_id), turn in zip(wanted, turns, strict=True):
            size = 4 + (1 if request_id else 0)
            mine, at = found[at : at + size], at + size
            reads.append(self._game_and_part(game_id, player, request_id, turn, mine))
        return reads

    def _game_and_part(
        self, game_id: str, player: str, request_id: str, turn: int, found: list[Any]
    ) -> tuple[dict[str, str], ReadPart | None]:
        """What :meth:`read_many` read for one action: the game hash, and its part when the
        game is still at ``turn``."""
        game: dict[str, str] = dict(found[0])
        if not game:
            return game, None
        now_turn = int(game.get("turn") or 0)
        if now_turn != turn:
            with self._lock:
                self._turns[game_id] = now_turn
                while len(self._turns) > CONTEXTS_CACHED:
                    del self._turns[next(iter(self._turns))]
            return game, None
        keys = GameKeys(game_id)
        version, deadline = game.get("context_version"), game.get("deadline_ms")
        return game, self._read_from(keys, turn, player, version, deadline, found[1:], request_id)

    @staticmethod
    def _queue_read(pipe: Any, keys: GameKeys, turn: int, player: str, request_id: str) -> None:
        pipe.hget(keys.parts(turn), player)
        pipe.hget(keys.actors, player)
        pipe.time()
        if request_id:
            pipe.hgetall(keys.request(player, request_id))

    def _read_from(
        self,
        keys: GameKeys,
        turn: int,
        player: str,
        version: str | None,
        deadline: str | None,
        found: list[Any],
        request_id: str,
    ) -> ReadPart:
        """The :class:`ReadPart` of what :meth:`_queue_read` queued (``found``) with the
        game's context ``version`` and ``deadline`` read in the same transaction."""
        part_text, entry, (seconds, micros) = found[:3]
        now_ms = int(seconds) * 1000 + int(micros) // 1000
        replayed = _replayed(found[3]) if request_id else None
        cached = self._contexts.get(keys.game_id)
        if cached is not None and version and cached[0] == version:
            context = dict(cached[1])
        else:
            with self.redis.pipeline(transaction=True) as pipe:
                pipe.get(keys.context)
                pipe.hmget(keys.game, "context_version", "deadline_ms")
                pipe.hget(keys.parts(turn), player)
                pipe.hget(keys.actors, player)
                context_text, (version, deadline), part_text, entry = pipe.execute()
            context = dict(json.loads(context_text)) if context_text else {}
            if version:
                self._remember(keys.game_id, version, context)
            context = dict(context)
        if DEADLINE in context and deadline:  # the deadline as the store keeps it (lowered)
            context[DEADLINE] = int(deadline)
        if ACTOR in context:  # the kind's context had actors: this one's entry, if any
            context[ACTOR] = None if entry is None else json.loads(entry)
        return ReadPart(context, version or "", part_text, now_ms, replayed)

    def _remember(self, game_id: str, version: str, context: dict[str, Any]) -> None:
        with self._lock:
            self._contexts[game_id] = (version, context)
            self._contexts.move_to_end(game_id)
            while len(self._contexts) > CONTEXTS_CACHED:
                self._contexts.popitem(last=False)

    def keep(
        self, game_id: str, judgement: Judgement, read: ReadPart, request_id: str = ""
    ) -> Kept:
        """Keep ``judgement`` (judged against ``read``) as the module says, or raise
        :class:`PartRefusedError`. With a ``request_id`` (a word of
        :func:`arbitre.api.actions.is_request_id`), the same script also keeps, under it, the
        judgement, its context and the claim's count, and
        refuses ``replayed`` when that id was kept before: a retried request is taken once, and
        :meth:`replayed` gives back what it was."""
        keys = GameKeys(game_id)
        claim = judgement.claim or ""
        kept_as = (
            json.dumps(
                {"judgement": judgement_data(judgement), "context": read.context},
                ensure_ascii=False,
                separators=(",", ":"),
            )
            if request_id
            else ""
        )
        awaited = int(read.context[AWAITED]) if AWAITED in read.context else _NEVER
        outcome = self._keep(
            keys=[
                keys.game,
                keys.parts(judgement.number),
                keys.orders(judgement.number, claim),
                keys.done(judgement.number),
                DEADLINES,
                keys.request(judgement.player, request_id) if request_id else keys.game,
            ],
            args=[
                judgement.number,
                judgement.player,
                "0" if read.part_text is None else "1",
                read.part_text or "",
                read.version,
                json.dumps(judgement.part, ensure_ascii=False, separators=(",", ":")),
                claim,
                "" if judgement.closes_by is None else judgement.closes_by,
                "1" if judgement.finishes else "0",
                awaited,
                game_id,
                kept_as,
            ],
        )
        if outcome[0] != "ok":
            raise PartRefusedError(str(outcome[0]), tuple(str(part) for part in outcome[1:]))
        return Kept(
            count=int(outcome[1]) if outcome[1] else None,
            done=int(outcome[2]),
            deadline_ms=int(outcome[3]),
            due=outcome[4] == "1",
            at_ms=int(outcome[5]),
        )

    def replayed(self, game_id: str, player: str, request_id: str) -> Replayed | None:
        """What :meth:`keep` kept under ``player``'s ``request_id``, or ``None`` for an id it
        never kept."""
        return _replayed(self.redis.hgetall(GameKeys(game_id).request(player, request_id)))

    # -- the steps' side ----------------------------------------------------------------------

    def parts(self, game_id: str, turn: int) -> dict[str, dict[str, Any]]:
        """Every stored part of ``turn``, by player."""
        return parts_of(self.redis.hgetall(GameKeys(game_id).parts(turn)))

    def orders(self, game_id: str, turn: int, claims: tuple[str, ...]) -> dict[str, dict[str, int]]:
        """The orders ``claims`` handed out in ``turn``: claim -> player -> order."""
        with self.redis.pipeline(transaction=False) as pipe:
            queue_orders(pipe, game_id, turn, claims)
            return orders_of(claims, pipe.execute())

    @staticmethod
    def write_turn(
        pipe: Any,
        game_id: str,
        turn: int,
        context: Mapping[str, Any],
        version: str,
        parts: Mapping[str, Mapping[str, Any]],
        orders: Mapping[str, Mapping[str, int]],
        done: frozenset[str],
    ) -> None:
        """Queue on ``pipe`` (a step's transaction): the open ``turn``'s new context and its
        ``version`` (a word no earlier context of the game had: :meth:`read` knows a context by
        it; its :data:`~arbitre.rules.kinds.base.ACTORS` kept apart, each actor's entry read
        alone), and its parts, orders and actors done as the step left them (a kind's
        :meth:`~arbitre.rules.kinds.base.PartedKind.detach`; a claim absent from ``orders``
        keeps what it holds)."""
        keys = GameKeys(game_id)
        shared = {key: value for key, value in context.items() if key != ACTORS}
        pipe.delete(keys.actors)
        if ACTORS in context:  # kept apart, an actor's entry read alone (ACTOR marks it)
            shared[ACTOR] = None
            actors: Mapping[str, Any] = context[ACTORS]
            if actors:
                pipe.hset(
                    keys.actors,
                    mapping={
                        player: json.dumps(entry, ensure_ascii=False, separators=(",", ":"))
                        for player, entry in actors.items()
                    },
                )
        pipe.set(keys.context, json.dumps(shared, ensure_ascii=False, separators=(",", ":")))
        pipe.hset(keys.game, "context_version", version)
        pipe.delete(keys.parts(turn), keys.done(turn))
        if parts:
            pipe.hset(
                keys.parts(turn),
                mapping={
                    player: json.dumps(part, ensure_ascii=False, separators=(",", ":"))
                    for player, part in parts.items()
                },
            )
        for claim, handed in orders.items():
            pipe.delete(keys.orders(turn, claim))
            if handed:
                pipe.hset(keys.orders(turn, claim), mapping=dict(handed))
        if done:
            pipe.sadd(keys.done(turn), *sorted(done))


def _replayed(kept: Mapping[str, str]) -> Replayed | None:
    """What :meth:`PartsStore.keep` kept under a request id (its hash as read), or ``None``
    (nothing kept, or the result of an action taken under the lock, which that path reads)."""
    if not kept or "judged" not in kept:
        return None
    data = json.loads(kept["judged"])
    return Replayed(
        judgement=judgement_from(data["judgement"]),
        context=dict(data["context"]),
        count=int(kept["count"]) if kept.get("count") else None,
    )


def parts_of(stored: Mapping[str, str]) -> dict[str, dict[str, Any]]:
    """A turn's parts hash as read, by player."""
    return {player: dict(json.loads(text)) for player, text in stored.items()}


def queue_orders(pipe: Any, game_id: str, turn: int, claims: tuple[str, ...]) -> None:
    """Queue on ``pipe`` the reads :func:`orders_of` takes, one per claim."""
    keys = GameKeys(game_id)
    for claim in claims:
        pipe.hgetall(keys.orders(turn, claim))


def orders_of(claims: tuple[str, ...], handed: list[Any]) -> dict[str, dict[str, int]]:
    """The orders of ``claims`` from the reads :func:`queue_orders` queued."""
    return {
        claim: {player: int(order) for player, order in orders.items()}
        for claim, orders in zip(claims, handed, strict=True)
        if orders
    }
