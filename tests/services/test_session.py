"""The session service over gRPC (:func:`arbitre.services.platform.start_platform`: movegen,
dictionary, scoring and session on one real server, a real Redis), duplicate games on the game
kinds' seam (created with a typed ``DuplicateConfig``, answered with ``Act``, seen through the
kind's view): a game's life from its creation to its record, what players may and may not see,
and how it refuses what it cannot do.

Clocks are short (1 to 3 seconds a turn) and turns mostly close early (every player answered);
the tests poll ``GetGame`` rather than sleep, and assert on time only with generous bounds.
Some tests run the platform without its clock (``clock=False``) and take the steps themselves.
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
import pytest
import redis

from arbitre.api.game_events import event_json
from arbitre.api.kind_parts import part
from arbitre.api.proto_data import fill
from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.engine.movegen import GeneratedMove, MoveGenerator
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.rules.board import Board
from arbitre.rules.duplicate import DuplicateGame
from arbitre.rules.errors import ArbitreError
from arbitre.rules.kinds import kind
from arbitre.rules.layout import STANDARD
from arbitre.rules.move import Move
from arbitre.services import session
from arbitre.services.game_keys import DEADLINES, GameKeys
from arbitre.services.internal_auth import Identity, open_channel
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.platform import Platform, start_platform
from arbitre.services.server import RunningServer, start
from arbitre.services.session import Peers, SessionService
from arbitre.services.session.limits import SPECTATOR_VIEW_SECONDS
from arbitre.services.session_store import SessionStore
from arbitre.v1 import common_pb2, duplicate_pb2, session_pb2, session_pb2_grpc
from tests.network import free_port
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

DUPLICATE = kind("duplicate")
#: A seed whose first racks have no blank (turn 1: IEMTABR, top H3 ABIMER, also H4 BRIMAT).
SEED = 7
#: Generous bound on anything that should take a moment (a turn closing early, a call failing).
PATIENCE = 20.0
EMPTY_ROWS = ["." * 15] * 15


@pytest.fixture(scope="module")
def lexicon(cache: Path) -> Lexicon:
    return load_lexicon("fr")


@pytest.fixture
def db(redis_db: redis.Redis) -> redis.Redis:  # noqa: F811
    """The tests' Redis database, flushed."""
    return redis_db


def view_in(message: Any) -> dict[str, Any]:
    """The duplicate view a ``GameState`` carries."""
    found = part(message, "view")
    assert found is not None
    assert found[0] == "duplicate"
    view: dict[str, Any] = found[1]
    return view


def duplicate_request(settings: dict[str, Any], **fields: Any) -> Any:
    """A ``CreateGameRequest`` of a duplicate game on the seam with ``settings`` (its typed
    configuration) and the request's other ``fields``."""
    return session_pb2.CreateGameRequest(
        duplicate=fill(duplicate_pb2.DuplicateConfig(), settings),
        **{"kind": common_pb2.GAME_KIND_DUPLICATE, **fields},
    )


@dataclass
class Table:
    """A platform and a session stub, with the calls the tests repeat."""

    platform: Platform
    stub: Any
    db: redis.Redis

    def create(
        self,
        seconds: int = 30,
        max_turns: int = 3,
        reveal: int = 0,
        seed: int = SEED,
        title: str = "",
        seats: int = 0,
        **config: Any,
    ) -> Any:
        settings = {
            "seconds_per_turn": seconds,
            "max_turns": max_turns,
            "reveal_seconds": reveal,
            "seats": seats,
            **config,
        }
        return self.stub.CreateGame(
            duplicate_request(settings, has_seed=True, seed=seed, title=title)
        )

    def join(self, game_id: str, name: str) -> Any:
        return self.stub.Join(session_pb2.JoinRequest(game_id=game_id, name=name))

    def start(self, created: Any) -> Any:
        return self.stub.Start(
            session_pb2.GameCommand(game_id=created.game_id, token=created.organiser_token)
        )

    def game(self, game_id: str, token: str = "") -> Any:
        return self.stub.GetGame(session_pb2.GetGameRequest(game_id=game_id, token=token))

    def view(self, game_id: str, token: str = "") -> dict[str, Any]:
        """The game as the kind shows it to the holder of ``token`` (a spectator without)."""
        return view_in(self.game(game_id, token))

    def settled(self, game_id: str, token: str = "") -> dict[str, Any]:
        """The view once what every viewer shares has caught up with the actions so far (it is
        built again at most :data:`~arbitre.services.session.limits.SPECTATOR_VIEW_SECONDS`
        after them: the answers' count, who answered)."""
        time.sleep(SPECTATOR_VIEW_SECONDS + 0.05)
        return self.view(game_id, token)

    def answer(self, game_id: str, turn: int, token: str, move: str) -> Any:
        """A player's answer to ``turn`` (``ActResponse``: its ``duplicate`` result)."""
        return self.stub.Act(
            session_pb2.ActRequest(
                game_id=game_id,
                token=token,
                duplicate=duplicate_pb2.DuplicateAction(move=move, turn=turn),
            )
        )

    def preview(self, game_id: str, turn: int, token: str, move: str) -> Any:
        """The dry run of an answer: judged and told, nothing kept."""
        return self.stub.Act(
            session_pb2.ActRequest(
                game_id=game_id,
                token=token,
                dry_run=True,
                duplicate=duplicate_pb2.DuplicateAction(move=move, turn=turn),
            )
        )

    def turn(self, game_id: str, turn: int, best: int = 0) -> Any:
        return self.stub.GetTurn(
            session_pb2.GetTurnRequest(game_id=game_id, turn=turn, best_moves=best)
        )

    def revealed(self, game_id: str, turn: int) -> dict[str, Any]:
        """The closed ``turn`` as ``GetTurn`` reveals it (the kind's part)."""
        found = part(self.turn(game_id, turn), "kind_turn")
        assert found is not None
        assert found[0] == "duplicate"
        revealed: dict[str, Any] = found[1]
        return revealed

    def next(self, game_id: str, turn: int, token: str) -> Any:
        return self.stub.Next(session_pb2.NextRequest(game_id=game_id, turn=turn, token=token))

    def robot(self, created: Any, level: str = "expert") -> Any:
        return self.stub.AddRobot(
            session_pb2.AddRobotRequest(
                game_id=created.game_id, token=created.organiser_token, level=level
            )
        )

    def standings(self, game_id: str, offset: int = 0, limit: int = 0) -> Any:
        return self.stub.GetStandings(
            session_pb2.GetStandingsRequest(game_id=game_id, offset=offset, limit=limit)
        )

    def record(self, game_id: str) -> dict[str, Any]:
        """The game's record (the kind's part of ``GetRecord``)."""
        found = part(
            self.stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)), "kind_record"
        )
        assert found is not None
        assert found[0] == "duplicate"
        record: dict[str, Any] = found[1]
        return record

    def events(self, game_id: str, after: str = "0-0", timeout: float = PATIENCE) -> Any:
        return self.stub.Events(
            session_pb2.EventsRequest(game_id=game_id, after=after), timeout=timeout
        )

    def wait(self, game_id: str, done: Callable[[Any], bool], timeout: float = PATIENCE) -> Any:
        """Poll ``GetGame`` until ``done(state)``."""
        give_up = time.monotonic() + timeout
        while True:
            state = self.game(game_id)
            if done(state):
                return state
            assert time.monotonic() < give_up, f"still {state.status}/{state.phase}/{state.turn}"
            time.sleep(0.03)

    def wait_turn(self, game_id: str, turn: int) -> dict[str, Any]:
        """Until ``turn`` is open (or the game over): the view then."""
        self.wait(
            game_id,
            lambda state: state.status == "over" or (state.turn == turn and state.phase == "turn"),
        )
        return self.view(game_id)

    def wait_over(self, game_id: str) -> dict[str, Any]:
        """Until the game is over: the view then."""
        self.wait(game_id, lambda state: state.status == "over")
        return self.view(game_id)

    def wait_past_deadline(self, game_id: str) -> None:
        deadline = self.game(game_id).deadline_ms
        assert deadline > 0
        self.wait(game_id, lambda state: state.server_time_ms > deadline)


def table_on(platform: Platform, db: redis.Redis) -> Iterator[Table]:
    with open_channel(platform.address, platform.gateway_token) as channel:
        yield Table(platform, session_pb2_grpc.SessionStub(channel), db)


@pytest.fixture
def table(cache: Path, registry: LexiconRegistry, db: redis.Redis) -> Iterator[Table]:
    """The four services with the session's clock."""
    platform = start_platform(registry, db)
    try:
        yield from table_on(platform, db)
    finally:
        platform.stop(0)


@pytest.fixture
def still(cache: Path, registry: LexiconRegistry, db: redis.Redis) -> Iterator[Table]:
    """The four services without the session's clock: deadlines pass, nothing steps the game
    but an answer that completes a turn, or the test (``platform.session.step``)."""
    platform = start_platform(registry, db, clock=False)
    try:
        yield from table_on(platform, db)
    finally:
        platform.stop(0)


# -- the engine's view, to choose answers -------------------------------------------------------


@dataclass
class Engine:
    lexicon: Lexicon

    def moves(self, view: dict[str, Any]) -> list[GeneratedMove]:
        """Every legal move of the open turn of ``view`` (a game's view), best first."""
        board = Board.from_rows(list(view["board"]))
        return MoveGenerator(self.lexicon).prepare(board).moves(view["tiles"])

    def below_top(self, view: dict[str, Any], count: int = 1) -> list[GeneratedMove]:
        """``count`` moves of distinct scores below the top, best first."""
        moves = self.moves(view)
        best = moves[0].score
        chosen: list[GeneratedMove] = []
        for move in moves:
            if move.score < best and all(move.score != other.score for other in chosen):
                chosen.append(move)
            if len(chosen) == count:
                return chosen
        raise AssertionError(f"not {count} scores below the top for {view['rack']}")

    def unknown_word(self, view: dict[str, Any]) -> str:
        """A legal first move that is no word (the board must be empty)."""
        assert list(view["board"]) == EMPTY_ROWS
        tiles = view["tiles"]
        prepared = MoveGenerator(self.lexicon).prepare(Board.empty())
        letters = [tile for tile in tiles if tile.isalpha()]
        for size in (3, 2, 4):
            for word in itertools.permutations(letters, size):
                move = Move.from_notation("H8 " + "".join(word))
                try:
                    found = prepared.evaluate(move, tiles)
                except ArbitreError:
                    continue
                if found.unknown_words:
                    return str(move.notation())
        raise AssertionError(f"every arrangement of {view['rack']} is a word")


@pytest.fixture(scope="module")
def engine(lexicon: Lexicon) -> Engine:
    return Engine(lexicon)


def code_of(call: Callable[[], Any]) -> Any:
    """The status a call fails with."""
    with pytest.raises(grpc.RpcError) as caught:
        call()
    return caught.value.code()


def status_of(call: Callable[[], Any]) -> Any:
    """The status a call ends with: OK, or what it fails with."""
    try:
        call()
    except grpc.RpcError as error:
        return error.code()
    return grpc.StatusCode.OK


def refused(call: Callable[[], Any]) -> tuple[Any, str]:
    with pytest.raises(grpc.RpcError) as caught:
        call()
    return caught.value.code(), caught.value.details()


def game_keys(db: redis.Redis) -> list[str]:
    return sorted(str(key) for key in db.keys("arbitre:game:*"))


# -- creating, joining, starting --------------------------------------------------------------


def test_a_game_is_created_joined_and_started(table: Table) -> None:
    created = table.create(seconds=3, max_turns=2, title="Club du mardi")
    state = created.state
    assert created.game_id == state.game_id
    assert len(created.organiser_token) >= 32
    assert (state.status, state.phase, state.turn) == ("waiting", "", 0)
    view = view_in(state)
    assert (view["stage"], view["turn"], view["rack"]) == ("waiting", 0, None)
    assert view["board"] == EMPTY_ROWS
    assert (state.title, view["config"]["lexicon"], view["config"]["reveal_seconds"]) == (
        "Club du mardi",
        "fr",
        0,
    )
    assert view["bag_count"] == 102
    assert view["config"]["seconds_per_turn"] == 3
    assert not state.players
    assert view["players"] == []

    ana = table.join(created.game_id, "  Ana  ")
    bob = table.join(created.game_id, "Bob")
    assert ana.player_id != bob.player_id
    assert ana.player_token != bob.player_token
    assert [(player.id, player.name) for player in bob.state.players] == [
        (ana.player_id, "Ana"),
        (bob.player_id, "Bob"),
    ]

    started = table.start(created)
    assert (started.status, started.phase, started.turn) == ("running", "turn", 1)
    assert 0 < started.deadline_ms - started.server_time_ms <= 3000
    # the draw is the rules' own for this seed
    config = DUPLICATE.configure(view["config"]).game
    local = DuplicateGame(config, SEED, MoveGeneratorReferee(load_lexicon("fr"), config))
    draw = local.start_turn()
    assert draw is not None
    shown = view_in(started)
    assert shown["rack"] == draw.notation == "IEMTABR"
    assert shown["bag_count"] == len(local.bag)
    assert code_of(lambda: table.start(created)) == grpc.StatusCode.FAILED_PRECONDITION

    twin = table.create(seconds=3, max_turns=2)
    table.join(twin.game_id, "Cyd")
    assert view_in(table.start(twin))["rack"] == shown["rack"]  # same seed, same game
    assert twin.game_id != created.game_id


def test_a_game_needs_a_player_to_start(table: Table) -> None:
    created = table.create()
    code, details = refused(lambda: table.start(created))
    assert code == grpc.StatusCode.FAILED_PRECONDITION
    assert "at least one" in details
    assert table.game(created.game_id).status == "waiting"


# -- what players see before the reveal ---------------------------------------------------------


def test_nothing_of_the_top_or_of_others_answers_shows_before_the_reveal(
    table: Table, engine: Engine
) -> None:
    created = table.create(seconds=60, max_turns=2)
    game_id = created.game_id
    ana = table.join(game_id, "Ana")
    bob = table.join(game_id, "Bob")
    stream = table.events(game_id, after="")
    seen: dict[str, list[bytes]] = {"ana": [], "bob": [], "anyone": []}
    seen["anyone"].append(next(stream).SerializeToString())  # the "state" event
    state = table.start(created)
    seen["anyone"].append(state.SerializeToString())
    opened = view_in(state)
    first, second = engine.below_top(opened, 2)

    def look() -> None:
        for who, token in (("ana", ana.player_token), ("bob", bob.player_token)):
            seen[who].append(table.game(game_id, token).SerializeToString())
        for token in ("", created.organiser_token, "not a token"):
            seen["anyone"].append(table.game(game_id, token).SerializeToString())
        seen["anyone"].append(table.standings(game_id).SerializeToString())
        record = table.stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id))
        seen["anyone"].append(record.SerializeToString())
        code, details = refused(lambda: table.turn(game_id, 1))
        assert code == grpc.StatusCode.FAILED_PRECONDITION
        seen["anyone"].append(details.encode())
        code, details = refused(lambda: table.turn(game_id, 1, best=10))
        assert code == grpc.StatusCode.FAILED_PRECONDITION
        seen["anyone"].append(details.encode())

    look()
    seen["ana"].append(
        table.answer(game_id, 1, ana.player_token, second.notation).SerializeToString()
    )
    look()
    seen["ana"].append(
        table.answer(game_id, 1, ana.player_token, first.notation).SerializeToString()
    )
    look()
    mine = table.settled(game_id, ana.player_token)
    assert (mine["my_answer"], mine["answers"]) == (
        {"move": first.notation, "score": first.score},
        1,
    )
    assert [player["answered"] for player in mine["players"]] == [True, False]
    theirs = table.view(game_id, bob.player_token)
    assert (theirs["my_answer"], theirs["answers"]) == (None, 1)

    bob_move = engine.moves(opened)[-1]  # bob answers last: the turn closes at once
    assert bob_move.notation not in (first.notation, second.notation)
    seen["bob"].append(
        table.answer(game_id, 1, bob.player_token, bob_move.notation).SerializeToString()
    )
    table.wait_turn(game_id, 2)
    result = table.revealed(game_id, 1)
    top = result["top"]["move"]
    assert result["top"]["score"] == engine.moves(opened)[0].score
    # the events before the reveal, as the live stream delivered them
    for event in stream:
        if event.type == "turn_revealed":
            assert json.loads(event_json(event))["top"]["move"] == top
            break
        seen["anyone"].append(event.SerializeToString())
    stream.cancel()

    secrets = {top.encode(), *(move.encode() for move in result["alternatives"])}
    word = top.split()[1]
    if len(word) >= 4:
        secrets.add(word.upper().encode())
    for who, payloads in seen.items():
        for payload in payloads:
            for secret in secrets:
                assert secret not in payload, (who, secret)
    ana_moves = {first.notation.encode(), second.notation.encode()}
    for payload in seen["bob"] + seen["anyone"]:
        for move in ana_moves:
            assert move not in payload
    for payload in seen["ana"] + seen["anyone"]:
        assert bob_move.notation.encode() not in payload
    assert any(first.notation.encode() in payload for payload in seen["ana"])  # her own, yes


# -- answers --------------------------------------------------------------------------------


def test_a_player_may_answer_again_and_the_last_answer_counts(table: Table, engine: Engine) -> None:
    created = table.create(seconds=3, max_turns=1)
    game_id = created.game_id
    ana = table.join(game_id, "Ana")
    bob = table.join(game_id, "Bob")  # never answers
    opened = view_in(table.start(created))
    better, worse = engine.below_top(opened, 2)
    replies = [
        table.answer(game_id, 1, ana.player_token, move.notation).duplicate
        for move in (better, worse, better, worse)
    ]
    assert [(reply.turn, reply.move, reply.score, reply.answers) for reply in replies] == [
        (1, better.notation, better.score, 1),
        (1, worse.notation, worse.score, 1),
        (1, better.notation, better.score, 1),
        (1, worse.notation, worse.score, 1),
    ]
    mine = table.settled(game_id, ana.player_token)
    assert (mine["my_answer"], mine["answers"]) == (
        {"move": worse.notation, "score": worse.score},
        1,
    )
    over = table.wait_over(game_id)  # the clock closes it
    assert over["end_reason"] == "max_turns"
    lines = {line["player"]: line for line in table.revealed(game_id, 1)["answers"]}
    assert (lines[ana.player_id]["move"], lines[ana.player_id]["points"]) == (
        worse.notation,
        worse.score,
    )
    totals = {
        line.standing.player: line.standing.total for line in table.standings(game_id).standings
    }
    assert totals == {ana.player_id: worse.score, bob.player_id: 0}
    # The turn lists the answers given: a player who gave none has no line, and 0 points.
    assert bob.player_id not in lines
    assert table.revealed(game_id, 1)["players"] == 2


def test_a_late_answer_is_refused_and_not_kept(still: Table, engine: Engine) -> None:
    created = still.create(seconds=1, max_turns=2)
    game_id = created.game_id
    ana = still.join(game_id, "Ana")
    bob = still.join(game_id, "Bob")
    opened = view_in(still.start(created))
    early, later = engine.below_top(opened, 2)
    still.answer(game_id, 1, ana.player_token, early.notation)
    still.wait_past_deadline(game_id)  # no clock: the turn stays open, but too late
    for token, move in ((bob.player_token, later.notation), (ana.player_token, later.notation)):
        code, details = refused(lambda: still.answer(game_id, 1, token, move))  # noqa: B023
        assert code == grpc.StatusCode.FAILED_PRECONDITION
        assert "too late" in details
    assert still.view(game_id, ana.player_token)["my_answer"]["move"] == early.notation
    assert still.view(game_id, bob.player_token)["my_answer"] is None
    assert still.settled(game_id)["answers"] == 1
    still.platform.session.step(game_id)  # what a replica's clock does
    assert still.game(game_id).turn == 2
    answers = {line["player"]: line["move"] for line in still.revealed(game_id, 1)["answers"]}
    assert answers == {ana.player_id: early.notation}  # bob's late answer is nowhere


def test_an_answer_to_another_turn_is_refused(still: Table, engine: Engine) -> None:
    created = still.create()
    game_id = created.game_id
    ana = still.join(game_id, "Ana")
    still.join(game_id, "Bob")
    code, details = refused(lambda: still.answer(game_id, 1, ana.player_token, "H8 ABIME"))
    assert code == grpc.StatusCode.FAILED_PRECONDITION
    assert "the game has not started" in details
    opened = view_in(still.start(created))
    move = engine.below_top(opened)[0].notation
    for turn in (0, 2, -1, 99):
        code, details = refused(lambda: still.answer(game_id, turn, ana.player_token, move))  # noqa: B023
        assert code == grpc.StatusCode.FAILED_PRECONDITION
        assert "not the open turn" in details
    assert still.view(game_id)["answers"] == 0
    assert still.answer(game_id, 1, ana.player_token, move).duplicate.answers == 1


def test_answers_need_a_player_s_token(still: Table, engine: Engine) -> None:
    created = still.create()
    game_id = created.game_id
    still.join(game_id, "Ana")
    other = still.create()
    stranger = still.join(other.game_id, "Eve")
    opened = view_in(still.start(created))
    move = engine.below_top(opened)[0].notation
    cases = [
        ("", grpc.StatusCode.UNAUTHENTICATED),
        ("not a token", grpc.StatusCode.PERMISSION_DENIED),
        (created.organiser_token, grpc.StatusCode.PERMISSION_DENIED),
        (stranger.player_token, grpc.StatusCode.PERMISSION_DENIED),  # another game's player
    ]
    for token, code in cases:
        assert code_of(lambda: still.answer(game_id, 1, token, move)) == code  # noqa: B023
    assert still.view(game_id)["answers"] == 0


@pytest.mark.parametrize(
    ("move", "fragment"),
    [
        ("A1 MITE", "first_move_centre"),  # not through the centre
        ("8H MITE", "first_move_direction"),  # vertical on the first turn
        ("H8 ZOO", "not_on_rack"),
        ("H8", "bad_notation"),
        ("hello world", "bad_notation"),
        ("", "FISF notation"),
        ("   ", "FISF notation"),
        ("H8 " + "A" * 62, "at most 64 characters"),  # longer than a move may be
    ],
)
def test_a_move_that_cannot_be_placed_is_invalid_and_not_kept(
    still: Table, move: str, fragment: str
) -> None:
    created = still.create()
    game_id = created.game_id
    ana = still.join(game_id, "Ana")
    still.join(game_id, "Bob")
    assert view_in(still.start(created))["rack"] == "IEMTABR"
    code, details = refused(lambda: still.answer(game_id, 1, ana.player_token, move))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert fragment in details
    view = still.view(game_id, ana.player_token)
    assert (view["answers"], view["my_answer"]) == (0, None)


def test_a_word_missing_from_the_lexicon_is_kept_and_scores_nothing(
    still: Table, engine: Engine
) -> None:
    created = still.create(max_turns=1)
    game_id = created.game_id
    ana = still.join(game_id, "Ana")
    opened = view_in(still.start(created))
    move = engine.unknown_word(opened)
    reply = still.answer(game_id, 1, ana.player_token, move).duplicate
    assert reply.score > 0  # its value on the board; the words count at the reveal
    still.wait(game_id, lambda state: state.status == "over")
    (line,) = still.revealed(game_id, 1)["answers"]
    assert (line["move"], line["points"], line["negatif"] < 0, line["top"]) == (
        move,
        0,
        True,
        False,
    )
    assert line["unknown_words"] == [move.split()[1]]
    assert line["score"] == reply.score


def test_the_turn_closes_as_soon_as_every_player_answered(table: Table, engine: Engine) -> None:
    created = table.create(seconds=600, max_turns=2)
    game_id = created.game_id
    players = [table.join(game_id, name) for name in ("Ana", "Bob", "Cyd", "Dan", "Eve", "Fay")]
    opened = view_in(table.start(created))
    moves = engine.moves(opened)
    began = time.monotonic()
    with ThreadPoolExecutor(len(players)) as pool:
        replies = list(
            pool.map(
                lambda index: (
                    table.answer(
                        game_id, 1, players[index].player_token, moves[index * 3].notation
                    ).duplicate
                ),
                range(len(players)),
            )
        )
    assert sorted(reply.answers for reply in replies) == [1, 2, 3, 4, 5, 6]
    table.wait_turn(game_id, 2)
    second = table.game(game_id)
    assert time.monotonic() - began < PATIENCE  # far less than the 600 s of the turn
    assert second.deadline_ms - second.server_time_ms > 500_000
    result = table.revealed(game_id, 1)
    assert sorted(line["move"] for line in result["answers"]) == sorted(
        moves[index * 3].notation for index in range(6)
    )
    scores = sorted((moves[index * 3].score for index in range(6)), reverse=True)
    assert sorted((line["points"] for line in result["answers"]), reverse=True) == scores
    assert event_types(table.db, game_id).count("turn_revealed") == 1  # closed once
    assert len(table.view(game_id)["turns"]) == 1
    # The turn's answers by player; the standings over the one closed turn.
    ordered = [line["player"] for line in result["answers"]]
    assert (ordered, table.standings(game_id).turns) == (sorted(ordered), 1)


# -- the organiser: pause and resume ------------------------------------------------------------


def test_a_pause_keeps_the_time_left_and_resume_moves_the_deadline(
    table: Table, engine: Engine
) -> None:
    created = table.create(seconds=1, max_turns=2)
    game_id = created.game_id
    ana = table.join(game_id, "Ana")
    table.join(game_id, "Bob")
    command = session_pb2.GameCommand(game_id=game_id, token=created.organiser_token)
    started = table.start(created)
    paused = table.stub.Pause(command)
    assert (paused.status, paused.phase, paused.turn, paused.deadline_ms) == (
        "paused",
        "turn",
        1,
        0,
    )
    assert 0 < paused.remaining_ms <= 1000
    assert table.db.zscore(DEADLINES, game_id) is None  # no step is due while paused
    assert code_of(lambda: table.stub.Pause(command)) == grpc.StatusCode.FAILED_PRECONDITION
    # the turn outlives its first deadline: the clock is stopped
    table.wait(game_id, lambda state: state.server_time_ms > started.deadline_ms + 300)
    still_paused = table.game(game_id)
    assert (still_paused.status, still_paused.turn, still_paused.remaining_ms) == (
        "paused",
        1,
        paused.remaining_ms,
    )
    move = engine.below_top(view_in(started))[0].notation
    code, details = refused(lambda: table.answer(game_id, 1, ana.player_token, move))
    assert code == grpc.StatusCode.FAILED_PRECONDITION
    assert "the game is paused" in details
    assert table.view(game_id, ana.player_token)["my_answer"] is None
    assert code_of(lambda: table.turn(game_id, 1)) == grpc.StatusCode.FAILED_PRECONDITION

    resumed = table.stub.Resume(command)
    assert (table.db.zscore(DEADLINES, game_id) or 0) >= resumed.deadline_ms
    assert (resumed.status, resumed.phase, resumed.turn) == ("running", "turn", 1)
    assert 0 < resumed.deadline_ms - resumed.server_time_ms <= paused.remaining_ms
    # the deadline moved by the time paused (at least the wait past the first deadline)
    assert resumed.deadline_ms - started.deadline_ms >= 300 + paused.remaining_ms
    assert (
        resumed.deadline_ms - started.deadline_ms <= resumed.server_time_ms - started.server_time_ms
    )
    assert view_in(resumed)["deadline_ms"] == resumed.deadline_ms  # the kind's clock too
    assert code_of(lambda: table.stub.Resume(command)) == grpc.StatusCode.FAILED_PRECONDITION
    assert table.answer(game_id, 1, ana.player_token, move).duplicate.answers == 1
    second = table.wait_turn(game_id, 2)  # the clock goes on
    assert second["turn"] == 2
    kinds = event_types(table.db, game_id)
    assert kinds[kinds.index("paused") :][:3] == ["paused", "resumed", "answer_count"]


def test_a_turn_every_player_answered_before_a_pause_closes_at_the_resume(
    still: Table, engine: Engine
) -> None:
    """The last answer and a pause may cross (the pause wins the lock before the early close):
    the resume then asks for the close at once instead of waiting out the clock."""
    created = still.create(seconds=600, max_turns=2)
    game_id = created.game_id
    ana = still.join(game_id, "Ana")
    command = session_pb2.GameCommand(game_id=game_id, token=created.organiser_token)
    opened = view_in(still.start(created))
    move = engine.below_top(opened)[0].notation
    # The answer is kept while the lock is held: the early close it asks for finds the lock
    # taken and does nothing; the pause then comes before any other step.
    with still.platform.session.store.locked(game_id):
        assert still.answer(game_id, 1, ana.player_token, move).duplicate.answers == 1
        time.sleep(0.3)  # the early close, tried meanwhile
    paused = still.stub.Pause(command)
    assert (paused.status, paused.phase, paused.turn) == ("paused", "turn", 1)
    resumed = still.stub.Resume(command)
    assert (still.db.zscore(DEADLINES, game_id) or 0) <= resumed.server_time_ms
    still.platform.session.step(game_id)
    assert still.revealed(game_id, 1)["answers"][0]["move"] == move
    assert still.game(game_id).turn == 2


def test_only_the_organiser_starts_pauses_and_resumes(table: Table) -> None:
    created = table.create()
    game_id = created.game_id
    ana = table.join(game_id, "Ana")
    for call in (table.stub.Start, table.stub.Pause, table.stub.Resume):
        for token, code in (
            ("", grpc.StatusCode.UNAUTHENTICATED),
            (ana.player_token, grpc.StatusCode.PERMISSION_DENIED),
            ("x" * 32, grpc.StatusCode.PERMISSION_DENIED),
        ):
            command = session_pb2.GameCommand(game_id=game_id, token=token)
            assert code_of(lambda: call(command)) == code  # noqa: B023
    command = session_pb2.GameCommand(game_id=game_id, token=created.organiser_token)
    for call in (table.stub.Pause, table.stub.Resume):
        code, details = refused(lambda: call(command))  # noqa: B023
        assert (code, details) == (grpc.StatusCode.FAILED_PRECONDITION, "the game is waiting")
    assert table.game(game_id).status == "waiting"


# -- reveal, results ----------------------------------------------------------------------------


def test_a_reveal_phase_shows_the_results_before_the_next_turn(
    table: Table, engine: Engine
) -> None:
    created = table.create(seconds=60, max_turns=2, reveal=1)
    game_id = created.game_id
    assert view_in(created.state)["config"]["reveal_seconds"] == 1
    ana = table.join(game_id, "Ana")
    opened = view_in(table.start(created))
    move = engine.below_top(opened)[0]
    assert code_of(lambda: table.turn(game_id, 1)) == grpc.StatusCode.FAILED_PRECONDITION
    table.answer(game_id, 1, ana.player_token, move.notation)
    reveal = table.wait(game_id, lambda state: state.phase == "reveal")
    shown = view_in(reveal)
    assert (reveal.status, reveal.turn, shown["stage"], shown["turn"]) == (
        "running",
        1,
        "between",
        1,
    )
    assert shown["reveal"]["rack"] == "IEMTABR"
    assert 0 < reveal.deadline_ms - reveal.server_time_ms <= 1000
    found = table.turn(game_id, 1)  # shown during the reveal
    result = table.revealed(game_id, 1)
    assert (result["top"]["move"], result["top"]["score"]) == ("H3 ABIMER", 24)
    assert result["alternatives"] == ["H4 BRIMAT"]
    assert result["board"] == EMPTY_ROWS  # the board the turn was played on
    assert shown["board"][7] == "..ABIMER......."  # the top is on the board now
    (line,) = result["answers"]
    assert (line["player"], line["move"], line["points"], line["negatif"]) == (
        ana.player_id,
        move.notation,
        move.score,
        move.score - 24,
    )
    assert found.names[line["player"]] == "Ana"
    answer = lambda: table.answer(game_id, 1, ana.player_token, move.notation)  # noqa: E731
    assert code_of(answer) == grpc.StatusCode.FAILED_PRECONDITION
    second = table.wait_turn(game_id, 2)
    assert (second["stage"], second["rack"]) == ("playing", "-ADONCHE")
    kinds = event_types(table.db, game_id)
    assert kinds[kinds.index("turn_revealed") :][:2] == ["turn_revealed", "turn_started"]


def test_get_turn_refuses_turns_not_revealed_or_unknown(still: Table) -> None:
    created = still.create()
    game_id = created.game_id
    still.join(game_id, "Ana")
    before_the_start = status_of(lambda: still.turn(game_id, 1))
    still.start(created)
    code, details = refused(lambda: still.turn(game_id, 1))
    assert code == grpc.StatusCode.FAILED_PRECONDITION
    assert "turn 1 is not revealed yet" in details
    for turn in (0, -1):
        assert code_of(lambda: still.turn(game_id, turn)) == grpc.StatusCode.NOT_FOUND  # noqa: B023
    assert code_of(lambda: still.turn("unknown", 1)) == grpc.StatusCode.NOT_FOUND
    assert code_of(lambda: still.turn("no/such", 1)) == grpc.StatusCode.INVALID_ARGUMENT
    # A turn before the start, or after the open one, is not revealed (yet): FAILED_PRECONDITION.
    unrevealed = {
        "turn 1 before the start": before_the_start,
        "turn 2": status_of(lambda: still.turn(game_id, 2)),
        "turn 99": status_of(lambda: still.turn(game_id, 99)),
    }
    assert unrevealed == dict.fromkeys(unrevealed, grpc.StatusCode.FAILED_PRECONDITION)


# -- tables: seats, the points of a pose, Next, the best moves ------------------------------


def test_a_table_has_2_to_6_seats_and_starts_with_an_opponent(table: Table) -> None:
    for seats in (1, 7, -1):
        code = code_of(lambda: table.create(seats=seats))  # noqa: B023
        assert code == grpc.StatusCode.INVALID_ARGUMENT
    created = table.create(seats=3)
    game_id = created.game_id
    assert created.state.seats == 3
    assert view_in(created.state)["config"]["seats"] == 3
    table.join(game_id, "Ana")
    code, details = refused(lambda: table.start(created))
    assert code == grpc.StatusCode.FAILED_PRECONDITION
    assert details.startswith("not_enough_players:")
    assert table.game(game_id).status == "waiting"
    table.robot(created, "debutant")
    table.join(game_id, "Bea")
    players = list(table.game(game_id).players)
    code, details = refused(lambda: table.join(game_id, "Cyd"))
    assert (code, details.partition(":")[0]) == (grpc.StatusCode.FAILED_PRECONDITION, "table_full")
    code, details = refused(lambda: table.robot(created, "expert"))
    assert details.startswith("table_full:")
    assert list(table.game(game_id).players) == players  # nothing changed
    assert table.start(created).status == "running"


def test_a_preview_scores_a_pose_without_keeping_it_or_checking_words(
    still: Table, engine: Engine
) -> None:
    created = still.create()
    game_id = created.game_id
    ana = still.join(game_id, "Ana")
    bea = still.join(game_id, "Bea")
    opened = view_in(still.start(created))
    move = engine.below_top(opened)[0]
    shown = still.preview(game_id, 1, ana.player_token, move.notation).duplicate
    assert (shown.turn, shown.move, shown.score) == (1, move.notation, move.score)
    assert not shown.HasField("answers")  # nothing counted
    nonsense = engine.unknown_word(opened)
    assert still.preview(game_id, 1, ana.player_token, nonsense).duplicate.score > 0
    after = still.view(game_id, ana.player_token)
    assert (after["answers"], after["my_answer"]) == (0, None)  # nothing kept
    assert not any(player["answered"] for player in after["players"])
    for move_text in ("H8 ZZZZZZZ", "A1 TAB", "nonsense"):
        code = code_of(
            lambda: still.preview(game_id, 1, bea.player_token, move_text)  # noqa: B023
        )
        assert code == grpc.StatusCode.INVALID_ARGUMENT, move_text
    assert code_of(lambda: still.preview(game_id, 1, "", move.notation)) == (
        grpc.StatusCode.UNAUTHENTICATED
    )
    assert code_of(lambda: still.preview(game_id, 1, "forged", move.notation)) == (
        grpc.StatusCode.PERMISSION_DENIED
    )
    assert code_of(lambda: still.preview(game_id, 2, ana.player_token, move.notation)) == (
        grpc.StatusCode.FAILED_PRECONDITION
    )
    assert still.view(game_id)["answers"] == 0


def test_the_reveal_ends_once_every_person_pressed_next(table: Table, engine: Engine) -> None:
    created = table.create(seconds=4, max_turns=3, reveal=300, seats=4)  # the robot answers
    game_id = created.game_id
    ana = table.join(game_id, "Ana")
    bea = table.join(game_id, "Bea")
    table.robot(created, "expert")
    opened = view_in(table.start(created))
    move = engine.below_top(opened)[0]
    assert code_of(lambda: table.next(game_id, 1, ana.player_token)) == (
        grpc.StatusCode.FAILED_PRECONDITION  # not during the turn
    )
    for player in (ana, bea):
        table.answer(game_id, 1, player.player_token, move.notation)
    reveal = table.wait(game_id, lambda state: state.phase == "reveal")
    assert reveal.turn == 1
    assert reveal.deadline_ms - reveal.server_time_ms > 200_000  # a long reveal
    first = table.next(game_id, 1, ana.player_token)
    assert (first.turn, first.ready, first.of) == (1, 1, 2)  # the robot is ready
    again = table.next(game_id, 1, ana.player_token)  # twice counts once
    assert (again.ready, again.of) == (1, 2)
    still_revealing = table.game(game_id)
    assert (still_revealing.phase, still_revealing.turn) == ("reveal", 1)
    for token in ("", "forged"):
        assert code_of(lambda: table.next(game_id, 1, token)) in (  # noqa: B023
            grpc.StatusCode.UNAUTHENTICATED,
            grpc.StatusCode.PERMISSION_DENIED,
        )
    assert code_of(lambda: table.next(game_id, 2, bea.player_token)) == (
        grpc.StatusCode.FAILED_PRECONDITION
    )
    last = table.next(game_id, 1, bea.player_token)
    assert (last.ready, last.of) == (2, 2)
    second = table.game(game_id)  # the next turn started at once, in the call
    assert (second.turn, second.phase) == (2, "turn")
    kinds = event_types(table.db, game_id)
    assert kinds.count("next_count") == 2
    assert kinds[kinds.index("turn_revealed") :].index("turn_started") > 0


def test_a_revealed_turn_lists_its_best_moves(still: Table, engine: Engine) -> None:
    created = still.create(reveal=60)
    game_id = created.game_id
    ana = still.join(game_id, "Ana")
    opened = view_in(still.start(created))
    expected = engine.moves(opened)[:10]
    assert code_of(lambda: still.turn(game_id, 1, best=10)) == (
        grpc.StatusCode.FAILED_PRECONDITION  # not before the reveal
    )
    still.answer(game_id, 1, ana.player_token, expected[3].notation)
    still.wait(game_id, lambda state: state.phase == "reveal")
    result = still.turn(game_id, 1, best=10)
    assert [(move.notation, move.score) for move in result.best_moves] == [
        (move.notation, move.score) for move in expected
    ]
    top = still.revealed(game_id, 1)["top"]["move"]
    assert result.best_moves[0].notation == top == "H3 ABIMER"
    assert list(still.turn(game_id, 1).best_moves) == []
    for best in (-1, 101):
        assert code_of(lambda: still.turn(game_id, 1, best=best)) == (  # noqa: B023
            grpc.StatusCode.INVALID_ARGUMENT
        )


def test_players_register_a_club_a_serie_and_a_country(still: Table, engine: Engine) -> None:
    created = still.create()
    game_id = created.game_id
    ana = still.stub.Join(
        session_pb2.JoinRequest(
            game_id=game_id, name="Ana", club="Club de Lyon", serie="s2", country="fra"
        )
    )
    still.join(game_id, "Bea")
    for fields in ({"serie": "S9"}, {"country": "FRANCE"}, {"club": "x" * 61}):
        code, details = refused(
            lambda: still.stub.Join(
                session_pb2.JoinRequest(game_id=game_id, name="Cyd", **fields)  # noqa: B023
            )
        )
        assert code == grpc.StatusCode.INVALID_ARGUMENT
        assert details.split()[0].rstrip(":") in fields
    players = {player.name: player for player in still.game(game_id).players}
    assert sorted(players) == ["Ana", "Bea"]  # nobody joined on a bad registration
    opened = view_in(still.start(created))
    still.answer(game_id, 1, ana.player_token, engine.below_top(opened)[0].notation)
    lines = json.loads(
        still.stub.GetResults(session_pb2.ResultsRequest(game_id=game_id)).results_json
    )
    registered = {line["name"]: (line["club"], line["serie"], line["country"]) for line in lines}
    assert registered == {"Ana": ("Club de Lyon", "S2", "FRA"), "Bea": ("", "", "")}
    # The record names every player (the session's part of it).
    names = still.stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)).names
    assert dict(names) == {ana.player_id: "Ana", players["Bea"].id: "Bea"}


def test_a_large_game_s_state_lists_its_first_players_and_counts_them_all(
    still: Table, engine: Engine
) -> None:
    created = still.create()
    game_id = created.game_id
    count = session.MAX_LISTED_PLAYERS + 5
    joined = [still.join(game_id, f"P{number:03}") for number in range(count)]
    opened = view_in(still.start(created))
    move = engine.below_top(opened)[0].notation
    for player in (joined[0], joined[-1]):  # one listed, one beyond the list
        still.answer(game_id, 1, player.player_token, move)
    time.sleep(SPECTATOR_VIEW_SECONDS + 0.05)  # the answers shown to every viewer
    seen = still.game(game_id)
    assert seen.player_count == count
    assert [player.name for player in seen.players] == [
        f"P{number:03}" for number in range(session.MAX_LISTED_PLAYERS)
    ]
    view = view_in(seen)
    assert (view["player_count"], view["answers"]) == (count, 2)
    assert [player["id"] for player in view["players"] if player["answered"]] == [
        joined[0].player_id
    ]
    last = still.view(game_id, joined[-1].player_token)
    assert last["my_answer"]["move"] == move  # the caller's own answer, listed or not


# -- events ---------------------------------------------------------------------------------


def _history(table: Table, game_id: str, after: str = "0-0") -> list[Any]:
    """The events of a game that is over after the id ``after``, as ``Events`` streams them (it
    ends with ``game_over``), without the keep-alive pings (which carry the id they stand at)."""
    events = []
    position = after
    for event in table.events(game_id, after=after):
        if event.type == "ping":
            assert event.id == position
            continue
        events.append(event)
        position = event.id
    return events


def event_types(db: redis.Redis, game_id: str) -> list[str]:
    """The types of the events of a game so far, read from Redis."""
    events = SessionStore(db).events_after(game_id, "0-0", block_ms=100)
    return [fields["type"] for _, fields in events]


def test_events_come_in_order_and_resume_after_an_id(table: Table, engine: Engine) -> None:
    created = table.create(seconds=60, max_turns=2)
    game_id = created.game_id
    ana = table.join(game_id, "Ana")
    live = table.events(game_id, after="")
    first = next(live)
    assert first.type == "state"
    assert first.WhichOneof("payload") == "state"  # typed: the GameState itself
    assert first.state.status == "waiting"
    opened = view_in(table.start(created))
    table.answer(game_id, 1, ana.player_token, engine.below_top(opened)[0].notation)
    second = table.wait_turn(game_id, 2)
    table.answer(game_id, 2, ana.player_token, engine.moves(second)[0].notation)
    delivered = [event for event in live if event.type != "ping"]  # ends with game_over
    assert [event.type for event in delivered] == [
        "game_started",
        "turn_started",
        "answer_count",
        "turn_revealed",
        "turn_started",
        "answer_count",
        "turn_revealed",
        "game_over",
    ]
    data = [json.loads(event_json(event)) for event in delivered]
    assert (data[1]["turn"], data[1]["rack"]) == (1, "IEMTABR")
    assert data[1]["deadline_ms"] > 0
    assert data[2] == {"turn": 1, "answers": 1, "players": 1}
    assert data[3]["turn"] == 1
    assert data[3]["top"]["move"] == "H3 ABIMER"
    assert (data[4]["turn"], data[4]["rack"]) == (2, "-ADONCHE")
    assert data[7] == {"reason": "max_turns"}

    history = _history(table, game_id)
    assert [event.type for event in history[:2]] == ["created", "player_joined"]
    assert history[1].WhichOneof("payload") == "duplicate"  # typed, not JSON text
    assert history[2:] == delivered
    assert first.id == history[1].id  # the state was taken after the last event
    ids = [tuple(map(int, event.id.split("-"))) for event in history]
    assert ids == sorted(set(ids))
    for index, event in enumerate(history[:-1]):
        assert _history(table, game_id, after=event.id) == history[index + 1 :], event.type
    assert json.loads(event_json(history[1])) == {
        "player": ana.player_id,
        "name": "Ana",
        "players": 1,
        "robot": None,
    }


def test_events_can_start_with_a_backlog(table: Table) -> None:
    created = table.create()
    game_id = created.game_id
    for name in ("Ana", "Bea", "Cyd"):
        table.join(game_id, name)
    entries: Any = table.db.xrange(GameKeys(game_id).events)
    history = [(event_id, fields["type"]) for event_id, fields in entries]
    stream = table.stub.Events(
        session_pb2.EventsRequest(game_id=game_id, after="", backlog=2), timeout=PATIENCE
    )
    first = next(stream)
    assert (first.type, first.id, first.backlog) == ("state", history[-1][0], False)
    earlier = [next(stream), next(stream)]
    assert [(event.id, event.type) for event in earlier] == history[-2:]
    assert all(event.backlog for event in earlier)
    marker = next(stream)
    assert (marker.type, marker.id, marker.backlog) == ("ping", first.id, False)
    table.join(game_id, "Dan")
    live = next(stream)
    assert (live.type, live.backlog) == ("player_joined", False)
    stream.cancel()
    too_many = session_pb2.EventsRequest(game_id=game_id, backlog=session.MAX_BACKLOG + 1)
    code = code_of(lambda: next(table.stub.Events(too_many, timeout=PATIENCE)))
    assert code == grpc.StatusCode.INVALID_ARGUMENT


def test_events_refuse_bad_requests(table: Table) -> None:
    created = table.create()
    game_id = created.game_id
    for after, code in (
        ("not-an-id", grpc.StatusCode.INVALID_ARGUMENT),
        ("1" * 41, grpc.StatusCode.INVALID_ARGUMENT),
    ):
        assert code_of(lambda: list(table.events(game_id, after=after))) == code  # noqa: B023
    for after in ("", "0-0"):
        stream = table.events("unknown", after=after)
        assert code_of(lambda: list(stream)) == grpc.StatusCode.NOT_FOUND  # noqa: B023
    assert code_of(lambda: list(table.events("a b"))) == grpc.StatusCode.INVALID_ARGUMENT


# -- the record ---------------------------------------------------------------------------------


def test_the_record_replays_and_its_standings_are_the_game_s(
    table: Table, engine: Engine, lexicon: Lexicon
) -> None:
    created = table.create(seconds=60, max_turns=3, seed=1, solo_min_players=2, title="Replay")
    game_id = created.game_id
    ana = table.join(game_id, "Ana")
    bob = table.join(game_id, "Bob")
    opened = view_in(table.start(created))
    # turn 1: ana a word the lexicon lacks, bob a move below the top
    table.answer(game_id, 1, ana.player_token, engine.unknown_word(opened))
    table.answer(game_id, 1, bob.player_token, engine.below_top(opened)[0].notation)
    # turn 2: ana alone on the top (a solo with solo_min_players 2), bob lower
    opened = table.wait_turn(game_id, 2)
    table.answer(game_id, 2, ana.player_token, engine.moves(opened)[0].notation)
    table.answer(game_id, 2, bob.player_token, engine.moves(opened)[-1].notation)
    # turn 3: both on the top
    opened = table.wait_turn(game_id, 3)
    top = engine.moves(opened)[0].notation
    table.answer(game_id, 3, ana.player_token, top)
    table.answer(game_id, 3, bob.player_token, top)
    over = table.wait_over(game_id)
    assert over["end_reason"] == "max_turns"

    answer = table.stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id))
    found = part(answer, "kind_record")
    assert found is not None
    record = found[1]
    assert record["game_id"] == game_id
    assert record["players"] == [ana.player_id, bob.player_id]
    assert (record["seed"], record["end"], len(record["turns"])) == (1, "max_turns", 3)
    config = DUPLICATE.configure(over["config"]).game
    replayed = DUPLICATE.replay(record, MoveGeneratorReferee(lexicon, config)).game
    standings = table.standings(game_id)
    lines = []
    for line in standings.standings:
        details = part(line, "details")
        assert details is not None
        figures = details[1]
        lines.append(
            (
                line.standing.rank,
                line.standing.player,
                line.standing.total,
                figures["negatif"],
                figures["percent_of_top"],
                figures["tops"],
                figures["solos"],
            )
        )
    expected = [
        (s.rank, s.player, s.total, s.negatif, s.percent_of_top, s.tops, s.solos)
        for s in replayed.standings()
    ]
    assert lines == expected
    assert [tuple(line.values()) for line in record["standings"]] == expected
    assert over["top_total"] == replayed.top_total == record["top_total"]
    assert (standings.turns, standings.players) == (3, 2)
    assert [line.name for line in standings.standings] == (
        ["Ana", "Bob"] if lines[0][1] == ana.player_id else ["Bob", "Ana"]
    )
    solos = {line[1]: line[6] for line in lines}
    assert solos == {ana.player_id: 1, bob.player_id: 0}
    for number in (1, 2, 3):
        result = table.revealed(game_id, number)
        recorded = record["turns"][number - 1]
        assert recorded["top"]["move"] == result["top"]["move"]
        assert {line["player"]: line["points"] for line in recorded["answers"]} == {
            line["player"]: line["points"] for line in result["answers"]
        }
    first_turn = {line["player"]: line for line in table.revealed(game_id, 1)["answers"]}
    assert first_turn[ana.player_id]["points"] == 0
    assert first_turn[ana.player_id]["unknown_words"]
    assert "Replay" in answer.sheet
    for turn in record["turns"]:
        assert turn["top"]["move"].split()[1].upper() in answer.sheet.upper()
    names = table.stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)).names
    assert dict(names) == {ana.player_id: "Ana", bob.player_id: "Bob"}


def test_standings_before_any_turn_closes_share_the_first_place(table: Table) -> None:
    created = table.create()
    game_id = created.game_id
    players = sorted(table.join(game_id, name).player_id for name in ("Ana", "Bob", "Cyd"))
    standings = table.standings(game_id)
    assert [(line.standing.rank, line.standing.player) for line in standings.standings] == [
        (1, player) for player in players
    ]
    assert (standings.turns, standings.players) == (0, 3)
    assert table.view(game_id)["top_total"] == 0
    page = table.standings(game_id, offset=1, limit=1)
    assert [line.standing.player for line in page.standings] == players[1:2]
    assert code_of(lambda: table.standings("unknown")) == grpc.StatusCode.NOT_FOUND
    bad_pages = {
        (offset, limit): status_of(lambda: table.standings(game_id, offset, limit))  # noqa: B023
        for offset, limit in ((-1, 0), (0, -1))
    }
    assert bad_pages == {
        (-1, 0): grpc.StatusCode.INVALID_ARGUMENT,
        (0, -1): grpc.StatusCode.INVALID_ARGUMENT,
    }


# -- bad requests change nothing ----------------------------------------------------------------

CUSTOM_LAYOUT = "D" + STANDARD.to_text()[1:]


@pytest.mark.parametrize(
    ("fields", "fragment"),
    [
        ({"settings": {"lexicon": "ods"}}, "unknown lexicon 'ods'"),
        ({"settings": {"seconds_per_turn": 0}}, "seconds_per_turn"),
        ({"settings": {"layout": CUSTOM_LAYOUT}}, "standard board"),
        ({"settings": {"bonuses": {"7": 50}}}, "bonuses"),
        ({"settings": {"variant": "nope"}}, "variant"),
        ({"settings": {"reveal_seconds": -1}}, "reveal_seconds"),
        ({"settings": {"reveal_seconds": 601}}, "reveal_seconds"),
        ({"title": "t" * 121}, "title"),
        ({"has_seed": True, "seed": 2**63}, "seed"),
        ({"kind": 99}, "unknown games are not played yet"),  # a GameKind no kind has
    ],
)
def test_bad_games_are_refused_and_nothing_is_written(
    table: Table, db: redis.Redis, fields: dict[str, Any], fragment: str
) -> None:
    settings = fields.pop("settings", {})
    request = duplicate_request(settings, **fields)
    code, details = refused(lambda: table.stub.CreateGame(request))
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    assert fragment in details
    assert game_keys(db) == []


def test_the_layout_must_be_the_services_even_when_it_is_named_standard(
    table: Table, db: redis.Redis
) -> None:
    named = json.dumps({"name": "standard", "text": CUSTOM_LAYOUT, "start": [7, 7]})
    for layout in (CUSTOM_LAYOUT, named):
        request = duplicate_request({"layout": layout})
        assert code_of(lambda: table.stub.CreateGame(request)) == (  # noqa: B023
            grpc.StatusCode.INVALID_ARGUMENT
        )
    assert game_keys(db) == []
    kept = table.stub.CreateGame(duplicate_request({"layout": "standard"}))
    assert view_in(kept.state)["board_layout"] == STANDARD.to_text().splitlines()


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("A" * 41, grpc.StatusCode.INVALID_ARGUMENT),
        ("", grpc.StatusCode.INVALID_ARGUMENT),
        ("   ", grpc.StatusCode.INVALID_ARGUMENT),
        ("Ana\nBob", grpc.StatusCode.INVALID_ARGUMENT),
        ("\u200b", grpc.StatusCode.INVALID_ARGUMENT),
    ],
)
def test_bad_names_are_refused(table: Table, name: str, code: Any) -> None:
    created = table.create()
    assert code_of(lambda: table.join(created.game_id, name)) == code
    assert not table.game(created.game_id).players
    assert table.view(created.game_id)["player_count"] == 0


def test_unknown_games_and_late_joins_change_nothing(table: Table, db: redis.Redis) -> None:
    assert code_of(lambda: table.join("unknown", "Ana")) == grpc.StatusCode.NOT_FOUND
    assert code_of(lambda: table.join("no such", "Ana")) == grpc.StatusCode.INVALID_ARGUMENT
    assert code_of(lambda: table.game("unknown")) == grpc.StatusCode.NOT_FOUND
    assert code_of(lambda: table.game("")) == grpc.StatusCode.INVALID_ARGUMENT
    command = session_pb2.GameCommand(game_id="unknown", token="x")
    assert code_of(lambda: table.stub.Start(command)) == grpc.StatusCode.NOT_FOUND
    record = session_pb2.GetGameRequest(game_id="unknown")
    assert code_of(lambda: table.stub.GetRecord(record)) == grpc.StatusCode.NOT_FOUND
    assert code_of(lambda: table.answer("unknown", 1, "x", "H8 MOT")) == grpc.StatusCode.NOT_FOUND
    assert game_keys(db) == []

    created = table.create()
    table.join(created.game_id, "Ana")
    table.start(created)
    before = table.game(created.game_id)
    code, details = refused(lambda: table.join(created.game_id, "Bob"))
    assert code == grpc.StatusCode.FAILED_PRECONDITION
    assert "started" in details
    after = table.game(created.game_id)
    assert [player.name for player in after.players] == ["Ana"]
    assert (after.status, after.turn) == (before.status, before.turn)
    assert view_in(after)["rack"] == view_in(before)["rack"]
    assert view_in(after)["player_count"] == 1


# -- peers down -----------------------------------------------------------------------------


@dataclass
class Replica:
    """Another session replica on the same Redis, its peers at the addresses given."""

    service: SessionService
    server: RunningServer
    stub: Any


def replica(
    db: redis.Redis, movegen: str, scoring: str, dictionary: str, token: str | None
) -> Iterator[Replica]:
    """The replica calls its peers with the session's credential ``token``."""
    registration, service = session.registration(db, Peers.at(movegen, scoring, dictionary, token))
    server = start([registration])
    try:
        with grpc.insecure_channel(server.address) as channel:
            yield Replica(service, server, session_pb2_grpc.SessionStub(channel))
    finally:
        server.stop(0)
        service.background.shutdown(wait=False, cancel_futures=True)


def test_with_movegen_and_scoring_down_start_and_answers_are_unavailable(
    still: Table, db: redis.Redis, engine: Engine
) -> None:
    down = f"127.0.0.1:{free_port()}"
    up = still.platform.address
    created = still.create()
    game_id = created.game_id
    ana = still.join(game_id, "Ana")
    command = session_pb2.GameCommand(game_id=game_id, token=created.organiser_token)
    for broken in replica(db, down, down, up, still.platform.credentials.token(Identity.SESSION)):
        began = time.monotonic()
        code, details = refused(lambda: broken.stub.Start(command, timeout=PATIENCE))  # noqa: B023
        assert code == grpc.StatusCode.UNAVAILABLE
        assert "retry" in details
        assert time.monotonic() - began < 10
        state = still.game(game_id)
        assert (state.status, state.phase, state.turn) == ("waiting", "", 0)
        assert view_in(state)["rack"] is None
        assert event_types(db, game_id) == ["created", "player_joined"]
        # a working replica starts it (the lock was let go)
        state = still.start(created)
        assert (state.status, state.turn) == ("running", 1)
        move = engine.below_top(view_in(state))[0].notation
        answer = session_pb2.ActRequest(
            game_id=game_id,
            token=ana.player_token,
            duplicate=duplicate_pb2.DuplicateAction(move=move, turn=1),
        )
        assert code_of(lambda: broken.stub.Act(answer)) == grpc.StatusCode.UNAVAILABLE  # noqa: B023
        assert still.view(game_id, ana.player_token)["my_answer"] is None
        # reading needs no movegen
        assert broken.stub.GetGame(session_pb2.GetGameRequest(game_id=game_id)).turn == 1


def test_a_turn_whose_close_fails_on_a_replica_is_closed_once(
    still: Table, db: redis.Redis, engine: Engine
) -> None:
    """A replica whose movegen is down fails the step that closes a turn (and draws the next)
    and writes nothing of it; another replica then takes the whole step, the turn counted
    once."""
    up = still.platform.address
    created = still.create(seconds=1, max_turns=3)
    game_id = created.game_id
    ana = still.join(game_id, "Ana")
    still.join(game_id, "Bob")
    opened = view_in(still.start(created))
    move = engine.below_top(opened)[0]
    still.answer(game_id, 1, ana.player_token, move.notation)
    still.wait_past_deadline(game_id)
    token = still.platform.credentials.token(Identity.SESSION)
    for broken in replica(db, f"127.0.0.1:{free_port()}", up, up, token):
        broken.service.step(game_id)
    half = still.game(game_id)
    assert (half.status, half.phase, half.turn) == ("running", "turn", 1)
    assert view_in(half)["turns"] == []
    assert "turn_revealed" not in event_types(db, game_id)
    assert code_of(lambda: still.turn(game_id, 1)) == grpc.StatusCode.FAILED_PRECONDITION
    code, _ = refused(lambda: still.answer(game_id, 1, ana.player_token, move.notation))
    assert code == grpc.StatusCode.FAILED_PRECONDITION
    still.platform.session.step(game_id)
    state = still.game(game_id)
    assert (state.status, state.phase, state.turn) == ("running", "turn", 2)
    view = view_in(state)
    assert len(view["turns"]) == 1
    assert view["top_total"] == 24
    totals = {
        line.standing.player: line.standing.total for line in still.standings(game_id).standings
    }
    assert totals[ana.player_id] == move.score
    kinds = event_types(db, game_id)
    assert kinds.count("turn_revealed") == 1


def test_with_redis_down_every_call_is_unavailable(table: Table) -> None:
    """A session replica whose Redis is gone answers UNAVAILABLE (retry), never INTERNAL."""
    address = table.platform.address
    closed = redis.Redis.from_url(f"redis://127.0.0.1:{free_port()}/0", decode_responses=True)
    token = table.platform.credentials.token(Identity.SESSION)
    registration, _service = session.registration(
        closed, Peers.at(address, address, address, token)
    )
    running = start([registration])
    try:
        with grpc.insecure_channel(running.address) as channel:
            stub = session_pb2_grpc.SessionStub(channel)
            calls: list[Callable[[], Any]] = [
                lambda: stub.CreateGame(duplicate_request({}), timeout=30),
                lambda: stub.Join(session_pb2.JoinRequest(game_id="g1", name="Ana"), timeout=30),
                lambda: stub.GetGame(session_pb2.GetGameRequest(game_id="g1"), timeout=30),
                lambda: stub.Act(
                    session_pb2.ActRequest(
                        game_id="g1",
                        token="t",
                        duplicate=duplicate_pb2.DuplicateAction(move="H8 AA", turn=1),
                    ),
                    timeout=30,
                ),
                lambda: list(stub.Events(session_pb2.EventsRequest(game_id="g1"), timeout=30)),
            ]
            for call in calls:
                assert code_of(call) == grpc.StatusCode.UNAVAILABLE
    finally:
        running.stop(0)


def test_the_state_carries_the_board_layout_and_tiles_of_its_rules(still: Table) -> None:
    for settings, k_value, tiles in [
        ({"name": "fisf"}, 10, 102),
        ({"name": "online", "lexicon": "en", "tiles": "english"}, 5, 100),
    ]:
        data = view_in(still.stub.CreateGame(duplicate_request(settings)).state)
        assert data["board_layout"] == STANDARD.to_text().splitlines()
        assert data["board_layout"][7] == "T..d...*...d..T"
        letters = data["tile_set"]["letters"]
        assert letters["K"]["value"] == k_value
        blanks = data["tile_set"]["blanks"]
        assert sum(info["count"] for info in letters.values()) + blanks == tiles


# -- what a newcomer reads: tiles of the lexicon's language, the clock, the seats' wording -----


def test_a_lexicon_of_another_language_brings_its_tiles(still: Table) -> None:
    """``{"lexicon": "en"}`` plays the English tiles; tiles given stay; every spelling of a
    preset is echoed by its canonical name."""
    cases: list[tuple[dict[str, Any], str, int]] = [
        ({"lexicon": "en", "tiles": "english"}, "en", 5),
        ({"lexicon": "en", "tiles": "fr"}, "fr", 10),
        ({"tiles": "french"}, "fr", 10),
        ({}, "fr", 10),
        ({"lexicon": "en"}, "en", 5),
    ]
    for config, tiles, k_value in cases:
        created = still.create(**config)
        data = view_in(created.state)
        assert data["config"]["tiles"] == tiles, config
        assert data["tile_set"]["letters"]["K"]["value"] == k_value, config
        stored = json.loads(still.db.hget(GameKeys(created.game_id).game, "config") or "{}")
        assert stored["tiles"] == tiles


def test_remaining_ms_counts_down_while_running_and_holds_while_paused(still: Table) -> None:
    created = still.create(seconds=60)
    assert still.game(created.game_id).remaining_ms == 0  # waiting: no clock
    still.join(created.game_id, "Ana")
    started = still.start(created)
    assert started.remaining_ms == started.deadline_ms - started.server_time_ms
    assert 0 < started.remaining_ms <= 60_000
    running = still.game(created.game_id)
    assert running.remaining_ms == running.deadline_ms - running.server_time_ms
    command = session_pb2.GameCommand(game_id=created.game_id, token=created.organiser_token)
    paused = still.stub.Pause(command)
    assert paused.deadline_ms == 0 < paused.remaining_ms <= running.remaining_ms
    assert still.game(created.game_id).remaining_ms == paused.remaining_ms


def test_bad_seats_are_refused_in_one_wording(table: Table) -> None:
    for seats in (1, 7, -1):
        code, details = refused(lambda: table.create(seats=seats))  # noqa: B023
        assert code == grpc.StatusCode.INVALID_ARGUMENT
        assert details.endswith(session.seats_refusal(seats))
        assert f"seats: a table has 2 to 6 seats, or 0 for no limit; not {seats}" in details
    assert [session.seats_refusal(seats) for seats in (0, 2, 6)] == ["", "", ""]
