"""Duel de Mots on the session service: the game kinds' seam end to end over real gRPC and a
real Redis. A room is created, players and robots are seated, rounds open, guesses take the
fast path (judged against the guesser's own rows, kept by the parts store), a round closes at
its end or once everyone is done, the game ends, and its record replays with the rules. The
word is learnt here only by drawing the game again from its seed, as nobody outside can."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import grpc
import pytest
import redis

from arbitre.api.kind_parts import event_part
from arbitre.api.proto_data import fill, to_data
from arbitre.engine.duel_words import load
from arbitre.rules.kinds import kind
from arbitre.rules.kinds.base import LISTED, Setup
from arbitre.services.game_keys import GameKeys
from arbitre.services.session.limits import SPECTATOR_VIEW_SECONDS
from arbitre.v1 import common_pb2, duel_pb2, duplicate_pb2, session_pb2
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

DUEL = kind("duel")
SEED = 20261202


def create(stub: Any, **config: Any) -> Any:
    settings = {"language": "en", "rounds": 1, "round_seconds": 90, "reveal_seconds": 0}
    return stub.CreateGame(
        session_pb2.CreateGameRequest(
            kind=common_pb2.GAME_KIND_WORD_DUEL,
            duel=fill(duel_pb2.DuelConfig(), {**settings, **config}),
            has_seed=True,
            seed=SEED,
            title="duel",
        )
    )


def words_of(game_id: str, **config: Any) -> tuple[str, ...]:
    """The game's words, drawn again from its seed (the test knows it; no client does)."""
    settings = {"language": "en", "rounds": 1, "round_seconds": 90, "reveal_seconds": 0}
    state = DUEL.new_game(
        DUEL.configure({**settings, **config}),
        Setup(game_id, SEED, ()),
        load(str(config.get("language", "en"))),
    )
    return tuple(state.secrets.words)


def join(stub: Any, game_id: str, name: str) -> Any:
    return stub.Join(session_pb2.JoinRequest(game_id=game_id, name=name))


def guess(stub: Any, game_id: str, token: str, word: str, number: int = 1, key: str = "") -> Any:
    action = duel_pb2.DuelAction(guess=word, round=number)
    return stub.Act(
        session_pb2.ActRequest(game_id=game_id, token=token, duel=action, request_id=key)
    )


def result(answer: Any) -> dict[str, Any]:
    """An Act's result, typed in the duel's part, as the kind's data."""
    assert answer.WhichOneof("result") == "duel"
    data: dict[str, Any] = to_data(answer.duel)
    return data


def view_in(state: Any) -> dict[str, Any]:
    """A GameState's duel view as the kind's data."""
    assert state.WhichOneof("view") == "duel"
    data: dict[str, Any] = to_data(state.duel)
    return data


def command(stub: Any, method: str, created: Any) -> Any:
    request = session_pb2.GameCommand(game_id=created.game_id, token=created.organiser_token)
    return getattr(stub, method)(request)


def view(stub: Any, game_id: str, token: str = "") -> dict[str, Any]:
    state = stub.GetGame(session_pb2.GetGameRequest(game_id=game_id, token=token))
    assert state.kind == common_pb2.GAME_KIND_WORD_DUEL
    assert state.kind_name == "duel"
    return view_in(state)


def wait_for(predicate: Any, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def events(stub: Any, game_id: str) -> list[Any]:
    """Every event of a finished game, from its first one to ``game_over``."""
    stream = stub.Events(session_pb2.EventsRequest(game_id=game_id, after="0-0"))
    return [event for event in stream if event.type != "ping"]


def refusal(call: Any) -> tuple[grpc.StatusCode, str]:
    with pytest.raises(grpc.RpcError) as raised:
        call()
    return raised.value.code(), raised.value.details()


def test_a_room_plays_a_round_to_its_early_end_and_replays(stub: Any) -> None:
    created = create(stub)
    game_id = created.game_id
    word = words_of(game_id)[0]
    ana = join(stub, game_id, "Ana")
    bob = join(stub, game_id, "Bob")
    assert created.state.status == "waiting"
    assert created.state.seed_commitment
    started = command(stub, "Start", created)
    assert started.status == "running"
    assert started.phase == "turn"
    assert word not in str(started)  # hidden from everyone while it is open

    first = result(guess(stub, game_id, ana.player_token, "crane"))
    assert first["row"] == 0
    assert first["letters"] == "CRANE"
    assert first["found"] is (word == "CRANE")
    seen_by_bob = view(stub, game_id, bob.player_token)
    assert "CRANE" not in json.dumps(seen_by_bob)  # a rival sees colours only
    assert seen_by_bob["you"]["player"] == bob.player_id
    mine = view(stub, game_id, ana.player_token)["you"]["grid"]
    assert [row["letters"] for row in mine["rows"]] == ["CRANE"]

    assert word != "CRANE"  # this seed's word
    found = result(guess(stub, game_id, ana.player_token, word))
    assert (found["found"], found["points"]) == (True, 50 + 15)  # try 2, first to find
    found = result(guess(stub, game_id, bob.player_token, word))
    assert (found["found"], found["points"]) == (True, 60 + 10)  # try 1, second to find
    wait_for(lambda: view(stub, game_id)["stage"] == "over")  # everyone done: closed at once

    state = stub.GetGame(session_pb2.GetGameRequest(game_id=game_id))
    assert state.status == "over"
    revealed = view_in(state)
    assert revealed["closed"][0]["word"] == word
    found_record = stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id))
    assert found_record.WhichOneof("kind_record") == "duel"
    assert found_record.seed_commitment  # and, the game over, the salt that checks the seed
    assert found_record.seed_salt
    record = to_data(found_record.duel)
    replayed = DUEL.replay(record, load("en"))
    assert [s.total for s in DUEL.standings(replayed)] == [
        line["total"] for line in record["standings"]
    ]
    standings = stub.GetStandings(session_pb2.GetStandingsRequest(game_id=game_id))
    assert {line.name for line in standings.standings} == {"Ana", "Bob"}
    assert standings.standings[0].standing.rank == 1
    assert standings.standings[0].name == "Bob"
    assert standings.standings[0].standing.total == 70
    assert standings.standings[0].duel.rounds_found == 1
    assert [p.value for p in standings.standings[0].duel.round_points] == [70]

    types = [event.type for event in events(stub, game_id)]
    for expected in ("created", "player_joined", "round_started", "rival_row", "round_over"):
        assert expected in types
    assert types[-1] == "game_over"
    for event in events(stub, game_id):
        if event.type != "ping":  # every event typed: the session's own or the duel's, no JSON
            assert event.WhichOneof("payload") in ("session", "duel"), event.type
            assert not event.data_json
        if event.type in ("rival_row", "round_started", "closing_window"):
            assert word not in str(event)  # the stream is public: no guess's letters in it
            assert "CRANE" not in str(event)


def test_refused_guesses_spend_nothing_and_a_retry_is_taken_once(stub: Any) -> None:
    created = create(stub)
    game_id = created.game_id
    word = words_of(game_id)[0]
    ana = join(stub, game_id, "Ana")
    join(stub, game_id, "Bob")
    code, message = refusal(lambda: guess(stub, game_id, ana.player_token, "crane"))
    assert code == grpc.StatusCode.FAILED_PRECONDITION
    assert message.startswith("round_not_open:")
    command(stub, "Start", created)
    for text, expected in (
        ("zzzzz", "not_in_list"),
        ("cran", "wrong_length"),
        ("cr4ne", "not_a_letter"),
    ):
        code, message = refusal(lambda text=text: guess(stub, game_id, ana.player_token, text))
        assert message.startswith(f"{expected}:"), message
    code, message = refusal(lambda: guess(stub, game_id, ana.player_token, "crane", number=2))
    assert message.startswith("wrong_round:")
    code, _ = refusal(lambda: guess(stub, game_id, "x" * 20, "crane"))
    assert code == grpc.StatusCode.PERMISSION_DENIED
    code, _ = refusal(lambda: guess(stub, game_id, "", "crane"))
    assert code == grpc.StatusCode.UNAUTHENTICATED
    code, message = refusal(
        lambda: stub.Act(
            session_pb2.ActRequest(
                game_id=game_id, token=ana.player_token, duel=duel_pb2.DuelAction(guess="a" * 5000)
            )
        )
    )
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    code, message = refusal(  # no action, or one typed for another kind than the game's
        lambda: stub.Act(session_pb2.ActRequest(game_id=game_id, token=ana.player_token))
    )
    assert (code, message.split(":")[0]) == (grpc.StatusCode.INVALID_ARGUMENT, "bad_action")
    code, message = refusal(  # a duel's action without its round
        lambda: stub.Act(
            session_pb2.ActRequest(
                game_id=game_id, token=ana.player_token, duel=duel_pb2.DuelAction(guess="crane")
            )
        )
    )
    assert message.startswith("bad_action:"), message
    assert view(stub, game_id, ana.player_token)["you"]["grid"]["tries_used"] == 0  # nothing spent

    other = "SLATE" if word != "SLATE" else "CRANE"
    first = guess(stub, game_id, ana.player_token, other, key="k-1")
    again = guess(stub, game_id, ana.player_token, other, key="k-1")
    assert again.replayed
    assert not first.replayed
    assert result(again) == result(first)
    assert view(stub, game_id, ana.player_token)["you"]["grid"]["tries_used"] == 1
    code, message = refusal(lambda: guess(stub, game_id, ana.player_token, other, key="k-2"))
    assert message.startswith("already_tried:")
    code, _ = refusal(lambda: guess(stub, game_id, ana.player_token, other, key="bad key!"))
    assert code == grpc.StatusCode.INVALID_ARGUMENT


def test_concurrent_retries_of_one_request_spend_one_row(stub: Any) -> None:
    created = create(stub)
    game_id = created.game_id
    word = words_of(game_id)[0]
    ana = join(stub, game_id, "Ana")
    join(stub, game_id, "Bob")
    command(stub, "Start", created)
    other = "SLATE" if word != "SLATE" else "CRANE"
    answers: list[Any] = []

    def send() -> None:
        answers.append(guess(stub, game_id, ana.player_token, other, key="same"))

    threads = [threading.Thread(target=send) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(answers) == 6
    assert sum(1 for answer in answers if not answer.replayed) == 1
    assert len({answer.duel.SerializeToString() for answer in answers}) == 1
    assert view(stub, game_id, ana.player_token)["you"]["grid"]["tries_used"] == 1


#: The kind's stage each session phase goes with, for a game running.
PHASE_STAGES = {"turn": "playing", "reveal": "between"}


def test_a_state_read_while_steps_come_is_of_one_moment(stub: Any) -> None:
    """The session's fields (status, phase, turn) and the kind's view in one state were read
    at one moment, even while rounds open and close under the reader."""
    created = create(stub, rounds=5)
    game_id = created.game_id
    words = words_of(game_id, rounds=5)
    ana = join(stub, game_id, "Ana")
    bob = join(stub, game_id, "Bob")
    mixed: list[tuple[str, str, int, str, int]] = []
    stop = threading.Event()

    def read() -> None:
        while not stop.is_set():
            for token in ("", ana.player_token):
                state = stub.GetGame(session_pb2.GetGameRequest(game_id=game_id, token=token))
                seen = view_in(state)
                expected = "over" if state.status == "over" else PHASE_STAGES.get(state.phase)
                if expected is not None and (expected, state.turn) != (
                    seen["stage"],
                    seen["round"],
                ):
                    mixed.append(
                        (state.status, state.phase, state.turn, seen["stage"], seen["round"])
                    )

    readers = [threading.Thread(target=read) for _ in range(3)]
    for reader in readers:
        reader.start()
    try:
        command(stub, "Start", created)
        for number, word in enumerate(words, start=1):
            for player in (ana, bob):
                guess(stub, game_id, player.player_token, word, number)
            wait_for(lambda: view(stub, game_id)["stage"] in ("between", "over"))
            if number < len(words):
                command(stub, "OpenNext", created)
    finally:
        stop.set()
        for reader in readers:
            reader.join()
    assert view(stub, game_id)["stage"] == "over"
    assert mixed == []


def test_pause_stops_guesses_and_resume_gives_the_time_back(stub: Any) -> None:
    created = create(stub)
    game_id = created.game_id
    ana = join(stub, game_id, "Ana")
    join(stub, game_id, "Bob")
    command(stub, "Start", created)
    before = view(stub, game_id)["current"]["ends_at"]
    paused = command(stub, "Pause", created)
    assert paused.status == "paused"
    _, message = refusal(lambda: guess(stub, game_id, ana.player_token, "crane"))
    assert message.startswith("paused:")
    time.sleep(0.3)
    resumed = command(stub, "Resume", created)
    assert resumed.status == "running"
    after = view_in(resumed)["current"]["ends_at"]
    assert after >= before + 300
    assert result(guess(stub, game_id, ana.player_token, "crane"))["row"] == 0


def test_seats_leaving_and_the_organisers_rights(stub: Any) -> None:
    created = create(stub, seats=2, rounds=3, reveal_seconds=0)
    game_id = created.game_id
    ana = join(stub, game_id, "Ana")
    code, message = refusal(lambda: command(stub, "Start", created))
    assert message.startswith("not_enough_players:")
    bob = join(stub, game_id, "Bob")
    code, message = refusal(lambda: join(stub, game_id, "Cyd"))
    assert code == grpc.StatusCode.FAILED_PRECONDITION
    assert message.startswith("table_full:")
    code, _ = refusal(
        lambda: stub.Start(session_pb2.GameCommand(game_id=game_id, token=ana.player_token))
    )
    assert code == grpc.StatusCode.PERMISSION_DENIED
    command(stub, "Start", created)
    stub.Leave(session_pb2.GameCommand(game_id=game_id, token=bob.player_token))
    word = words_of(game_id, seats=2, rounds=3)[0]
    guess(stub, game_id, ana.player_token, word)  # the last one guessing: the round ends
    wait_for(lambda: view(stub, game_id)["stage"] == "between")
    code, message = refusal(lambda: guess(stub, game_id, ana.player_token, word, number=2))
    assert message.startswith("round_not_open:")
    opened = command(stub, "OpenNext", created)
    assert view_in(opened)["current"]["round"] == 2
    code, message = refusal(  # another kind's action
        lambda: stub.Act(
            session_pb2.ActRequest(
                game_id=game_id,
                token=ana.player_token,
                duplicate=duplicate_pb2.DuplicateAction(move="H4 MOT"),
            )
        )
    )
    assert (code, message.split(":")[0]) == (grpc.StatusCode.INVALID_ARGUMENT, "bad_action")


def test_a_bad_configuration_is_refused_with_its_reason(stub: Any) -> None:
    for config, words in (
        ({"seats": 9}, "seats"),
        ({"language": "xx"}, "language"),
        ({"words": "/etc/passwd"}, "shipped"),
    ):
        code, message = refusal(lambda config=config: create(stub, **config))
        assert code == grpc.StatusCode.INVALID_ARGUMENT
        assert words in message
    code, message = refusal(  # a GameKind no kind has
        lambda: stub.CreateGame(session_pb2.CreateGameRequest(kind=99))  # type: ignore[arg-type]
    )
    assert code == grpc.StatusCode.INVALID_ARGUMENT
    code, message = refusal(  # another kind's configuration
        lambda: stub.CreateGame(
            session_pb2.CreateGameRequest(
                kind=common_pb2.GAME_KIND_WORD_DUEL, duplicate=duplicate_pb2.DuplicateConfig()
            )
        )
    )
    assert (code, message.split(":")[0]) == (grpc.StatusCode.INVALID_ARGUMENT, "bad_config")


@pytest.mark.slow
def test_robots_play_a_round_through_the_path_of_everyone(stub: Any) -> None:
    created = create(stub, round_seconds=90)
    game_id = created.game_id
    for level in ("expert", "expert"):
        stub.AddRobot(
            session_pb2.AddRobotRequest(game_id=game_id, token=created.organiser_token, level=level)
        )
    command(stub, "Start", created)
    wait_for(lambda: view(stub, game_id)["stage"] == "over", seconds=80)
    closed = view(stub, game_id)["closed"][0]
    assert closed["word"] == words_of(game_id)[0]
    assert all(player["rows"] for player in closed["players"])
    assert any(player["found"] for player in closed["players"])


def test_joins_at_once_are_seated_together_within_the_kinds_limits(stub: Any) -> None:
    """Joins wait in the game's seating list and are seated together by whichever takes the
    lock: a table of 3 with 12 joining at once seats exactly 3 (the others: table_full); a room
    with 300 joining at once seats them all, each once."""

    def join_all(game_id: str, count: int) -> list[tuple[str, str]]:
        outcomes: list[tuple[str, str]] = []

        def one(number: int) -> None:
            try:
                joined = join(stub, game_id, f"P{number}")
                outcomes.append(("ok", joined.player_id))
            except grpc.RpcError as error:
                outcomes.append((error.details().partition(":")[0], ""))

        threads = [threading.Thread(target=one, args=(n,)) for n in range(count)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return outcomes

    table = create(stub, seats=3)
    outcomes = join_all(table.game_id, 12)
    assert sorted(code for code, _ in outcomes).count("ok") == 3
    assert {code for code, _ in outcomes} == {"ok", "table_full"}
    state = stub.GetGame(session_pb2.GetGameRequest(game_id=table.game_id))
    assert state.player_count == 3

    room = create(stub, seats=0)
    outcomes = join_all(room.game_id, 300)
    seated = [player for code, player in outcomes if code == "ok"]
    assert len(seated) == len(set(seated)) == 300
    state = stub.GetGame(session_pb2.GetGameRequest(game_id=room.game_id))
    assert state.player_count == 300
    # The room's view counts the joins past its listed players within a spectator's window.
    game = session_pb2.GetGameRequest(game_id=room.game_id)
    wait_for(lambda: view_in(stub.GetGame(game))["player_count"] == 300, SPECTATOR_VIEW_SECONDS * 4)
    # Its first LISTED joins are each told; past them a join is a count, written at most once
    # a period, the held one at the period's end: counts only rise, and the last says 300.
    wait_for(lambda: joins_told(stub, room.game_id)[-1]["players"] == 300, 5)
    counts = [data["players"] for data in joins_told(stub, room.game_id)]
    assert counts[:LISTED] == list(range(1, LISTED + 1))
    assert counts == sorted(set(counts))
    assert len(counts) < 300


def test_a_join_count_held_at_the_start_is_not_told_after_it(
    stub: Any,
    redis_db: redis.Redis,  # noqa: F811
) -> None:
    """A room past its listed players, a join's count held in its period when the organiser
    starts: the start drops it (``round_started`` counts the players), so that no join count
    reaches ten thousand clients after the round opened."""
    room = create(stub, seats=0)
    for number in range(LISTED + 1):
        join(stub, room.game_id, f"P{number}")
    keys = GameKeys(room.game_id)
    redis_db.set(keys.throttle("player_joined"), 1, px=800)  # a period running
    join(stub, room.game_id, "Late")
    assert json.loads(redis_db.hget(keys.pending, "player_joined") or "{}")["players"] == LISTED + 2
    command(stub, "Start", room)
    assert redis_db.hget(keys.pending, "player_joined") is None
    time.sleep(1.2)  # past the period: a held count would be written now
    told = events_so_far(stub, room.game_id)
    assert "player_joined" not in told[told.index("round_started") :]


def events_so_far(stub: Any, game_id: str) -> list[str]:
    """The types of the game's events up to now (a game not over)."""
    found: list[str] = []
    stream = stub.Events(session_pb2.EventsRequest(game_id=game_id, backlog=5000))
    for event in stream:
        if not event.backlog and event.type == "ping":
            break
        found.append(event.type)
    stream.cancel()
    return found


def joins_told(stub: Any, game_id: str) -> list[dict[str, Any]]:
    """The ``player_joined`` events of a game not over, up to now, as the kind's data."""
    told = []
    stream = stub.Events(session_pb2.EventsRequest(game_id=game_id, backlog=5000))
    for event in stream:
        if not event.backlog and event.type == "ping":
            break
        typed = event_part(event)
        if typed is not None and typed[0] == "player_joined":
            told.append(typed[1])
    stream.cancel()
    return told
