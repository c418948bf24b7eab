"""The open tables (``ListTables``): a table anyone may join (a duplicate game on the game kinds'
seam with seats, a Duel de Mots room) is listed, newest first, until it is full or started; a
game without seats, or played from a package, never is; the list shows nothing secret; the
index prunes what is gone or too old."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import grpc
import pytest
import redis

from arbitre.api.proto_data import fill
from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.rules.duplicate import DuplicateGame
from arbitre.rules.game_config import preset
from arbitre.rules.game_package import prepare_package
from arbitre.services import open_tables, session
from arbitre.services.game_keys import OPEN_TABLES, GameKeys
from arbitre.services.session_store import token_hash
from arbitre.v1 import common_pb2, duel_pb2, session_pb2
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401
from tests.services import test_session
from tests.services.test_session import Table, refused

# The session tests' fixtures: their database and the platform without its clock.
db = test_session.db
lexicon = test_session.lexicon
still = test_session.still

#: A seed no other number in a game's data looks like.
SEED = 918_273_645_546


def listed(table: Table, limit: int = 0) -> list[Any]:
    found = table.stub.ListTables(session_pb2.ListTablesRequest(limit=limit))
    return list(found.tables)


def ids(table: Table) -> list[str]:
    return [entry.game_id for entry in listed(table)]


def test_a_table_is_listed_until_it_is_full(still: Table) -> None:
    created = still.create(seats=3, title="Chez Ana", seconds=90, variant="joker")
    entry = listed(still)[0]
    assert entry.game_id == created.game_id
    assert (entry.title, entry.seats, entry.players, entry.robots) == ("Chez Ana", 3, 0, 0)
    assert (entry.variant, entry.seconds_per_turn) == ("joker", 90)
    lexicon = entry.lexicon
    assert abs(entry.created_ms - created.state.server_time_ms) < 1_000
    still.join(created.game_id, "Ana")
    still.robot(created)
    entry = listed(still)[0]
    assert (entry.players, entry.robots) == (2, 1)
    still.join(created.game_id, "Bea")  # the last seat
    assert ids(still) == []
    assert still.db.zscore(OPEN_TABLES, created.game_id) is None  # dropped at the join
    assert lexicon == "fr"  # what the table plays


def test_a_started_table_leaves_the_list(still: Table) -> None:
    created = still.create(seats=4)
    still.join(created.game_id, "Ana")
    still.robot(created)
    assert ids(still) == [created.game_id]
    still.start(created)
    assert ids(still) == []
    assert still.db.zscore(OPEN_TABLES, created.game_id) is None  # dropped at the start


def test_newest_first_and_at_most_the_limit(still: Table) -> None:
    made = [still.create(seats=2, title=f"t{n}").game_id for n in range(4)]
    assert ids(still) == made[::-1]
    assert [entry.game_id for entry in listed(still, limit=2)] == made[:1:-1]
    code, message = refused(lambda: listed(still, limit=-1))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert "limit" in message


def test_a_game_without_seats_or_from_a_package_is_never_listed(still: Table, cache: Path) -> None:
    still.create(seats=0, title="open game")
    config = dataclasses.replace(preset("online"), max_turns=2, seconds_per_turn=20)
    lexicon = load_lexicon(config.lexicon)
    game = DuplicateGame(config, 5, MoveGeneratorReferee(lexicon, config))
    game.play_to_end()
    package = prepare_package(game, lexicon.info.id, lexicon.info.hash, "Simultané")
    request = session_pb2.CreateGameRequest(
        kind=common_pb2.GAME_KIND_DUPLICATE, package_json=json.dumps(package)
    )
    fill(request.duplicate, {"seats": 4})
    packaged = still.stub.CreateGame(request)
    assert packaged.state.seats == 4
    assert packaged.state.package_hash
    assert ids(still) == []
    assert still.db.zcard(OPEN_TABLES) == 0  # not even indexed


def test_the_list_shows_nothing_secret(still: Table) -> None:
    created = still.create(seats=2, seed=SEED)
    joined = still.join(created.game_id, "Ana")
    found = still.stub.ListTables(session_pb2.ListTablesRequest())
    text = str(found) + found.SerializeToString().hex()
    game = still.db.hgetall(GameKeys(created.game_id).game)
    for secret in (
        str(SEED),
        created.organiser_token,
        joined.player_token,
        token_hash(created.organiser_token),
        game["seed_commitment"],
    ):
        assert secret not in text
    assert {field.name for field in session_pb2.OpenTable.DESCRIPTOR.fields} == {
        "game_id",
        "kind",
        "language",
        "title",
        "seats",
        "players",
        "robots",
        "variant",
        "lexicon",
        "seconds_per_turn",
        "created_ms",
    }


def test_the_index_prunes_games_gone_changed_or_too_old(still: Table, db: redis.Redis) -> None:
    gone, changed, old, kept = (still.create(seats=2).game_id for _ in range(4))
    db.delete(GameKeys(gone).game)  # as when it expires
    db.hset(GameKeys(changed).game, "status", "over")  # a path that did not drop it
    now = int(db.hget(GameKeys(kept).game, "created_ms") or 0)
    db.zadd(OPEN_TABLES, {old: now - session.IDLE_TTL_MS - 1})
    assert ids(still) == [kept]
    assert db.zrange(OPEN_TABLES, 0, -1) == [kept]


@pytest.mark.parametrize(
    ("fields", "open_"),
    [
        ({"kind": "duplicate", "status": "waiting", "seats": "2", "players": "1"}, True),
        ({"kind": "duplicate", "status": "waiting", "seats": "2", "players": "2"}, False),
        ({"kind": "duplicate", "status": "running", "seats": "2", "players": "1"}, False),
        ({"kind": "duplicate", "status": "waiting", "seats": "0", "players": "0"}, False),
        (
            {
                "kind": "duplicate",
                "status": "waiting",
                "seats": 2,
                "players": 0,
                "package_hash": "x",
            },
            False,
        ),
        ({"status": "waiting", "seats": "2", "players": "0"}, False),  # a game gone (no kind)
    ],
)
def test_what_an_open_table_is(fields: dict[str, Any], open_: bool) -> None:
    assert open_tables.is_open_table(fields) is open_


def test_a_duel_room_is_listed_with_its_kind_and_language(still: Table) -> None:
    created = still.stub.CreateGame(
        session_pb2.CreateGameRequest(
            kind=common_pb2.GAME_KIND_WORD_DUEL,
            duel=duel_pb2.DuelConfig(language="tr", seats=3),
            title="Düello",
        )
    )
    (entry,) = [found for found in listed(still) if found.game_id == created.game_id]
    assert (entry.kind, entry.language, entry.seats, entry.title) == ("duel", "tr", 3, "Düello")
    assert listed(still)[-1].kind in ("duel", "duplicate")
    for name in ("Ana", "Bob", "Cem"):
        still.join(created.game_id, name)
    assert created.game_id not in ids(still)  # full
