"""The fast path's store (:mod:`arbitre.services.session.parts_store`) on a real Redis: a
judgement is kept only against the open turn, the context it was judged on, the part it read
and before the deadline; claims are handed once per actor, the first may close the turn
earlier, and the actors done make it due."""

from __future__ import annotations

import dataclasses
import json
import threading
from collections.abc import Mapping
from typing import Any

import pytest
import redis

from arbitre.rules.kinds.base import ACTOR, ACTORS, AWAITED, DEADLINE, Judgement, actor_context
from arbitre.services.game_keys import DEADLINES, GameKeys
from arbitre.services.session.parts_store import Kept, PartRefusedError, PartsStore, ReadPart
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

GAME = "g1"
KEYS = GameKeys(GAME)
DAY_MS = 24 * 3600 * 1000


@pytest.fixture
def db(redis_db: redis.Redis) -> redis.Redis:  # noqa: F811
    """The tests' Redis database, flushed."""
    return redis_db


@pytest.fixture
def store(db: redis.Redis) -> PartsStore:
    return PartsStore(db)


def now_ms(db: redis.Redis) -> int:
    seconds, micros = db.time()
    return int(seconds) * 1000 + int(micros) // 1000


def open_turn(
    db: redis.Redis,
    store: PartsStore,
    *,
    turn: int = 1,
    awaited: int | None = 3,
    seconds: float = 60,
    version: str = "v1",
    parts: dict[str, Mapping[str, Any]] | None = None,
    orders: dict[str, dict[str, int]] | None = None,
    done: frozenset[str] = frozenset(),
) -> int:
    """A running game whose ``turn`` is open for ``seconds``; its deadline."""
    deadline = now_ms(db) + int(seconds * 1000)
    db.hset(
        KEYS.game,
        mapping={"status": "running", "phase": "turn", "turn": turn, "deadline_ms": deadline},
    )
    db.pexpire(KEYS.game, DAY_MS)
    context: dict[str, Any] = {"turn": turn, "word": "CHIOT", DEADLINE: deadline}
    if awaited is not None:
        context[AWAITED] = awaited
    with db.pipeline(transaction=True) as pipe:
        store.write_turn(pipe, GAME, turn, context, version, parts or {}, orders or {}, done)
        pipe.execute()
    return deadline


def judged(
    player: str = "ana",
    rows: int = 1,
    *,
    turn: int = 1,
    claim: str | None = None,
    closes_by: int | None = None,
    finishes: bool = False,
) -> Judgement:
    part = {"rows": [["CRANE", "....."]] * rows}
    return Judgement(player, turn, part, claim=claim, closes_by=closes_by, finishes=finishes)


def keep(store: PartsStore, judgement: Judgement) -> Kept:
    """Read and keep, as the session does."""
    read = store.read(GAME, judgement.number, judgement.player)
    return store.keep(GAME, judgement, read)


def refusal(store: PartsStore, judgement: Judgement, read: ReadPart | None = None) -> str:
    read = read or store.read(GAME, judgement.number, judgement.player)
    with pytest.raises(PartRefusedError) as refused:
        store.keep(GAME, judgement, read)
    return refused.value.reason


def test_a_part_is_kept_and_read_back(db: redis.Redis, store: PartsStore) -> None:
    deadline = open_turn(db, store)
    read = store.read(GAME, 1, "ana")
    assert (read.context["word"], read.version, read.part) == ("CHIOT", "v1", None)
    kept = store.keep(GAME, judged(), read)
    assert (kept.count, kept.done, kept.deadline_ms, kept.due) == (None, 0, deadline, False)
    assert store.read(GAME, 1, "ana").part == judged().part
    assert store.parts(GAME, 1) == {"ana": judged().part}


def test_nothing_is_kept_outside_the_open_turn(db: redis.Redis, store: PartsStore) -> None:
    assert refusal(store, judged()) == "no_game"
    open_turn(db, store, turn=2)
    assert refusal(store, judged(turn=1)) == "wrong_turn"
    db.hset(KEYS.game, "phase", "reveal")
    assert refusal(store, judged(turn=2)) == "wrong_turn"
    db.hset(KEYS.game, mapping={"phase": "turn", "status": "paused"})
    assert refusal(store, judged(turn=2)) == "not_running"
    assert store.parts(GAME, 1) == store.parts(GAME, 2) == {}


def test_a_late_judgement_is_refused(db: redis.Redis, store: PartsStore) -> None:
    open_turn(db, store, seconds=-1)
    assert refusal(store, judged()) == "late"
    assert store.parts(GAME, 1) == {}


def test_a_step_since_the_read_makes_it_judged_again(db: redis.Redis, store: PartsStore) -> None:
    open_turn(db, store)
    read = store.read(GAME, 1, "ana")
    with db.pipeline(transaction=True) as pipe:  # a step: someone left, say
        store.write_turn(pipe, GAME, 1, {"turn": 1, AWAITED: 2}, "v2", {}, {}, frozenset())
        pipe.execute()
    with pytest.raises(PartRefusedError) as refused:
        store.keep(GAME, judged(), read)
    assert refused.value.reason == "stale_context"
    assert refused.value.retry
    assert keep(store, judged()).done == 0  # judged again on the new context: kept


def test_two_judgements_from_the_same_part_keep_only_the_first(
    db: redis.Redis, store: PartsStore
) -> None:
    open_turn(db, store, parts={"ana": judged().part})
    read = store.read(GAME, 1, "ana")
    store.keep(GAME, judged(rows=2), read)
    assert refusal(store, judged(rows=2), read) == "stale_part"
    assert store.read(GAME, 1, "ana").part == judged(rows=2).part
    # a first part also: two judgements that read none
    empty = store.read(GAME, 1, "bob")
    store.keep(GAME, judged("bob"), empty)
    assert refusal(store, judged("bob"), empty) == "stale_part"


def test_claims_are_handed_once_per_actor_and_counted(db: redis.Redis, store: PartsStore) -> None:
    open_turn(db, store)
    assert keep(store, judged("ana", claim="solved")).count == 1
    assert keep(store, judged("bob", claim="solved")).count == 2
    assert keep(store, judged("ana", 2, claim="solved")).count == 2  # ana keeps her order
    assert store.orders(GAME, 1, ("solved", "spent")) == {"solved": {"ana": 1, "bob": 2}}


def test_the_first_claim_closes_the_turn_earlier_never_later(
    db: redis.Redis, store: PartsStore
) -> None:
    deadline = open_turn(db, store)
    assert keep(store, judged("ana", closes_by=deadline - 50_000)).deadline_ms == deadline
    # without a claim, closes_by is nothing; the first claim lowers the deadline
    kept = keep(store, judged("bob", claim="solved", closes_by=deadline - 40_000))
    assert kept.deadline_ms == deadline - 40_000
    assert int(db.hget(KEYS.game, "deadline_ms") or 0) == deadline - 40_000
    assert store.read(GAME, 1, "dan").context[DEADLINE] == deadline - 40_000  # judged on it
    assert db.zscore(DEADLINES, GAME) == deadline - 40_000
    # a second claim does not move it (even earlier), nor does a later one
    kept = keep(store, judged("cyd", claim="solved", closes_by=deadline - 45_000))
    assert kept.deadline_ms == deadline - 40_000
    open_turn(db, store, turn=2)
    later = deadline + 10**6
    assert keep(store, judged("ana", turn=2, claim="solved", closes_by=later)).deadline_ms < later


def test_the_turn_is_due_once_every_awaited_actor_is_done(
    db: redis.Redis, store: PartsStore
) -> None:
    open_turn(db, store, awaited=2)
    assert not keep(store, judged("ana", finishes=True)).due
    assert keep(store, judged("ana", 2, finishes=True)).done == 1  # counted once
    kept = keep(store, judged("bob", finishes=True))
    assert (kept.done, kept.due) == (2, True)
    assert db.zscore(DEADLINES, GAME) == kept.at_ms
    # a context without awaited never makes its turn due early
    open_turn(db, store, turn=2, awaited=None, version="v2")
    for player in ("ana", "bob", "cyd", "dan"):
        assert not keep(store, judged(player, turn=2, finishes=True)).due


def test_a_step_rewrites_parts_orders_and_done(db: redis.Redis, store: PartsStore) -> None:
    open_turn(
        db,
        store,
        awaited=2,
        parts={"ana": judged().part},
        orders={"solved": {"ana": 1}},
        done=frozenset({"ana"}),
    )
    assert store.orders(GAME, 1, ("solved",)) == {"solved": {"ana": 1}}
    kept = keep(store, judged("bob", claim="solved", finishes=True))
    assert (kept.count, kept.done, kept.due) == (2, 2, True)
    assert set(store.parts(GAME, 1)) == {"ana", "bob"}


def test_the_parts_live_as_long_as_the_game(db: redis.Redis, store: PartsStore) -> None:
    open_turn(db, store)
    keep(store, judged(claim="solved", finishes=True))
    for key in (KEYS.parts(1), KEYS.orders(1, "solved"), KEYS.done(1)):
        assert 0 < db.pttl(key) <= DAY_MS


def test_concurrent_actions_of_one_actor_keep_exactly_one(
    db: redis.Redis, store: PartsStore
) -> None:
    open_turn(db, store)
    read = store.read(GAME, 1, "ana")
    outcomes: list[str] = []
    start = threading.Barrier(8)

    def act(rows: int) -> None:
        start.wait()
        try:
            store.keep(GAME, judged(rows=rows), read)
            outcomes.append("kept")
        except PartRefusedError as refused:
            outcomes.append(refused.reason)

    threads = [threading.Thread(target=act, args=(rows,)) for rows in range(1, 9)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["kept"] + ["stale_part"] * 7
    assert json.loads(str(db.hget(KEYS.parts(1), "ana")))["rows"]


def test_many_actors_at_once_lose_no_kept_action(db: redis.Redis, store: PartsStore) -> None:
    open_turn(db, store, awaited=200)
    kept: list[Kept] = []
    lock = threading.Lock()

    def player(number: int) -> None:
        result = keep(store, judged(f"p{number}", claim="solved", finishes=True))
        with lock:
            kept.append(result)

    threads = [threading.Thread(target=player, args=(n,)) for n in range(200)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(store.parts(GAME, 1)) == 200
    assert sorted(result.count or 0 for result in kept) == list(range(1, 201))
    assert sorted(store.orders(GAME, 1, ("solved",))["solved"].values()) == list(range(1, 201))
    assert sum(result.due for result in kept) == 1


def test_a_context_is_read_once_per_version(db: redis.Redis, store: PartsStore) -> None:
    open_turn(db, store, awaited=2)
    assert store.read(GAME, 1, "ana").context[AWAITED] == 2
    db.set(KEYS.context, json.dumps({"turn": 1, AWAITED: 99}))  # never so: a new version
    assert store.read(GAME, 1, "ana").context[AWAITED] == 2  # the version's, remembered
    open_turn(db, store, awaited=5, version="v2")
    assert store.read(GAME, 1, "ana").context[AWAITED] == 5


def test_each_actor_reads_their_own_entry_of_the_context(
    db: redis.Redis, store: PartsStore
) -> None:
    """A context's ACTORS are kept apart: the stored context stays the same size whatever the
    number of actors, each read gives its actor's entry alone (None for none), and a request's
    copy of the context holds that entry alone; a step without actors clears them."""
    deadline = now_ms(db) + 60_000
    db.hset(KEYS.game, mapping={"status": "running", "phase": "turn", "turn": 1})
    db.hset(KEYS.game, "deadline_ms", deadline)
    actors = {f"p{n}": {"plays": n % 2 == 0, "warned": False} for n in range(5_000)}
    context = {"turn": 1, DEADLINE: deadline, AWAITED: 5_000, ACTORS: actors}
    with db.pipeline(transaction=True) as pipe:
        store.write_turn(pipe, GAME, 1, context, "v1", {}, {}, frozenset())
        pipe.execute()
    assert len(db.get(KEYS.context) or "") < 200
    for player in ("p0", "p1", "p4999"):
        read = store.read(GAME, 1, player)
        assert read.context == {"turn": 1, DEADLINE: deadline, AWAITED: 5_000} | {
            ACTOR: actors[player]
        }
        assert read.context == actor_context(context, player)
    assert store.read(GAME, 1, "nobody").context[ACTOR] is None
    read = store.read(GAME, 1, "p2", "req-1")
    keep_with = Judgement("p2", 1, {"rows": [["CRANE", "....."]]})
    store.keep(GAME, keep_with, read, "req-1")
    replayed = store.replayed(GAME, "p2", "req-1")
    assert replayed is not None
    assert replayed.context == actor_context(context, "p2")
    assert len(db.hget(KEYS.request("p2", "req-1"), "judged") or "") < 300
    with db.pipeline(transaction=True) as pipe:
        store.write_turn(pipe, GAME, 1, {"turn": 1, DEADLINE: deadline}, "v2", {}, {}, frozenset())
        pipe.execute()
    assert not db.exists(KEYS.actors)
    assert ACTOR not in store.read(GAME, 1, "p0").context


def test_the_game_and_a_part_are_read_in_one_round_trip(db: redis.Redis, store: PartsStore) -> None:
    """read_with_game gives the game hash and the part of the turn this process last saw open;
    when the game moved to another turn it says so (None) and remembers the new one; no game:
    nothing."""
    open_turn(db, store, turn=1)
    keep(store, judged("ana", turn=1))
    game, read = store.read_with_game(GAME, "ana")
    assert game["turn"] == "1"
    assert read is None  # this process had seen no turn of the game yet
    game, read = store.read_with_game(GAME, "ana", "r-9")
    assert read is not None
    again = store.read(GAME, 1, "ana", "r-9")
    assert dataclasses.replace(read, now_ms=0) == dataclasses.replace(again, now_ms=0)
    assert abs(read.now_ms - again.now_ms) < 60_000
    assert read.part == judged("ana", turn=1).part
    open_turn(db, store, turn=2, version="v2")
    game, read = store.read_with_game(GAME, "ana")
    assert (game["turn"], read) == ("2", None)
    game, read = store.read_with_game(GAME, "ana")
    assert read is not None
    assert read.part is None  # nothing played in turn 2 yet
    assert store.read_with_game("nothing", "ana") == ({}, None)
