"""Session features every kind on the seam shares, over real gRPC services and a real Redis:
readiness between turns (``Next``: the reveal ends once every person is ready), the dry run of
an action (``ActRequest.dry_run``: judged, told, nothing kept; refused by a kind whose dry run
would tell a secret), a closed turn read whole (``GetTurn``) and the standings read a page at a
time."""

from __future__ import annotations

import time
from typing import Any

import grpc
import pytest

from arbitre.api.kind_parts import event_part, part
from arbitre.api.proto_data import fill
from arbitre.rules.board import Board
from arbitre.rules.kinds import kind
from arbitre.v1 import common_pb2, duel_pb2, duplicate_pb2, session_pb2
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401
from tests.rules.kinds.duplicate.games import referee
from tests.services.test_session_duel import SEED as DUEL_SEED
from tests.services.test_session_duel import words_of as duel_words_of

DUPLICATE = kind("duplicate")
SEED = 4_242
#: A reveal long enough that only readiness can end it within a test.
REVEAL_SECONDS = 300
SETTINGS = {"max_turns": 3, "seconds_per_turn": 60, "reveal_seconds": REVEAL_SECONDS}
STEP_SECONDS = 20.0


def duplicate_game(stub: Any, names: tuple[str, ...]) -> tuple[str, str, list[Any]]:
    created = stub.CreateGame(
        session_pb2.CreateGameRequest(
            kind=common_pb2.GAME_KIND_DUPLICATE,
            duplicate=fill(duplicate_pb2.DuplicateConfig(), SETTINGS),
            has_seed=True,
            seed=SEED,
        )
    )
    joined = [
        stub.Join(session_pb2.JoinRequest(game_id=created.game_id, name=name)) for name in names
    ]
    return created.game_id, created.organiser_token, joined


def view_of(stub: Any, game_id: str, token: str = "") -> dict[str, Any]:
    found = part(stub.GetGame(session_pb2.GetGameRequest(game_id=game_id, token=token)), "view")
    assert found is not None
    view: dict[str, Any] = found[1]
    return view


def wait_for(check: Any) -> Any:
    give_up = time.monotonic() + STEP_SECONDS
    while not (found := check()):
        assert time.monotonic() < give_up, "the session's clock took no step"
        time.sleep(0.05)
    return found


def top_of(view: dict[str, Any]) -> str:
    config = DUPLICATE.configure(SETTINGS).game
    top = referee(config).top(Board.from_rows(view["board"], config.layout), view["tiles"])
    assert top is not None
    return top.move.notation()


def answer(stub: Any, game_id: str, token: str, move: str, *, dry_run: bool = False) -> Any:
    return stub.Act(
        session_pb2.ActRequest(
            game_id=game_id,
            token=token,
            dry_run=dry_run,
            duplicate=duplicate_pb2.DuplicateAction(move=move),
        )
    )


def refused(call: Any) -> grpc.RpcError:
    with pytest.raises(grpc.RpcError) as caught:
        call()
    return caught.value


def test_the_reveal_ends_once_every_person_is_ready(stub: Any) -> None:
    game_id, organiser, (ana, bob) = duplicate_game(stub, ("Ana", "Bob"))
    stub.Start(session_pb2.GameCommand(game_id=game_id, token=organiser))
    first = view_of(stub, game_id, ana.player_token)
    move = top_of(first)
    for player in (ana, bob):
        answer(stub, game_id, player.player_token, move)
    between = wait_for(lambda: (v := view_of(stub, game_id))["stage"] == "between" and v)
    assert between["turn"] == 1
    state = stub.GetGame(session_pb2.GetGameRequest(game_id=game_id))
    assert state.phase == "reveal"
    wrong = refused(
        lambda: stub.Next(session_pb2.NextRequest(game_id=game_id, turn=2, token=ana.player_token))
    )
    assert wrong.code() is grpc.StatusCode.FAILED_PRECONDITION
    assert "not being revealed" in str(wrong.details())
    stranger = refused(
        lambda: stub.Next(session_pb2.NextRequest(game_id=game_id, turn=1, token="nobody"))
    )
    assert stranger.code() is grpc.StatusCode.PERMISSION_DENIED

    ready = stub.Next(session_pb2.NextRequest(game_id=game_id, turn=1, token=ana.player_token))
    assert (ready.turn, ready.ready, ready.of) == (1, 1, 2)
    again = stub.Next(session_pb2.NextRequest(game_id=game_id, turn=1, token=ana.player_token))
    assert (again.ready, again.of) == (1, 2)  # ana counts once
    assert view_of(stub, game_id)["stage"] == "between"  # bob is not ready: the reveal goes on
    ready = stub.Next(session_pb2.NextRequest(game_id=game_id, turn=1, token=bob.player_token))
    assert (ready.ready, ready.of) == (2, 2)
    opened = wait_for(lambda: (v := view_of(stub, game_id))["stage"] == "playing" and v)
    assert opened["turn"] == 2  # long before the 300 s reveal's end

    events = stub.Events(session_pb2.EventsRequest(game_id=game_id, after="0-0"), timeout=5)
    counts = []
    for event in events:
        typed = event_part(event)
        if typed is not None and typed[0] == "next_count":
            assert event.WhichOneof("payload") == "session"  # the session's, every kind's
            counts.append(typed[1])
        if typed is not None and typed[0] == "turn_started" and typed[1]["turn"] == 2:
            break
    assert counts == [{"turn": 1, "ready": 1, "of": 2}, {"turn": 1, "ready": 2, "of": 2}]


def test_next_is_refused_while_the_game_is_paused(stub: Any) -> None:
    game_id, organiser, (ana,) = duplicate_game(stub, ("Ana",))
    stub.Start(session_pb2.GameCommand(game_id=game_id, token=organiser))
    answer(stub, game_id, ana.player_token, top_of(view_of(stub, game_id, ana.player_token)))
    wait_for(lambda: view_of(stub, game_id)["stage"] == "between")
    stub.Pause(session_pb2.GameCommand(game_id=game_id, token=organiser))
    paused = refused(
        lambda: stub.Next(session_pb2.NextRequest(game_id=game_id, turn=1, token=ana.player_token))
    )
    assert paused.code() is grpc.StatusCode.FAILED_PRECONDITION
    assert "paused" in str(paused.details())
    stub.Resume(session_pb2.GameCommand(game_id=game_id, token=organiser))
    ready = stub.Next(session_pb2.NextRequest(game_id=game_id, turn=1, token=ana.player_token))
    assert (ready.ready, ready.of) == (1, 1)
    assert wait_for(lambda: view_of(stub, game_id)["turn"] == 2)


def test_a_dry_run_tells_the_points_and_keeps_nothing(stub: Any) -> None:
    game_id, organiser, (ana, bob) = duplicate_game(stub, ("Ana", "Bob"))
    stub.Start(session_pb2.GameCommand(game_id=game_id, token=organiser))
    seen = view_of(stub, game_id, ana.player_token)
    move = top_of(seen)
    tried = answer(stub, game_id, ana.player_token, move, dry_run=True)
    assert not tried.replayed
    assert tried.duplicate.move == move
    assert tried.duplicate.score > 0
    assert not tried.duplicate.HasField("answers")  # nothing was counted
    after = view_of(stub, game_id, ana.player_token)
    assert after["my_answer"] is None  # nothing kept
    assert after["answers"] == 0
    kept = answer(stub, game_id, ana.player_token, move)
    assert (kept.duplicate.score, kept.duplicate.answers) == (tried.duplicate.score, 1)
    illegal = refused(lambda: answer(stub, game_id, bob.player_token, "A1 ZZZZZZZ", dry_run=True))
    assert illegal.code() in (
        grpc.StatusCode.FAILED_PRECONDITION,
        grpc.StatusCode.INVALID_ARGUMENT,
    )
    with_id = refused(
        lambda: stub.Act(
            session_pb2.ActRequest(
                game_id=game_id,
                token=bob.player_token,
                dry_run=True,
                request_id="r1",
                duplicate=duplicate_pb2.DuplicateAction(move=move),
            )
        )
    )
    assert with_id.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert view_of(stub, game_id, bob.player_token)["my_answer"] is None


def test_a_duel_takes_no_dry_run(stub: Any) -> None:
    """Trying a guess would tell whether a word is in the list without spending a try."""
    created = stub.CreateGame(
        session_pb2.CreateGameRequest(
            kind=common_pb2.GAME_KIND_WORD_DUEL,
            duel=fill(duel_pb2.DuelConfig(), {"language": "en", "rounds": 1, "seats": 2}),
        )
    )
    ana = stub.Join(session_pb2.JoinRequest(game_id=created.game_id, name="Ana"))
    stub.Join(session_pb2.JoinRequest(game_id=created.game_id, name="Bob"))
    stub.Start(session_pb2.GameCommand(game_id=created.game_id, token=created.organiser_token))
    caught = refused(
        lambda: stub.Act(
            session_pb2.ActRequest(
                game_id=created.game_id,
                token=ana.player_token,
                dry_run=True,
                duel=duel_pb2.DuelAction(guess="crane", round=1),
            )
        )
    )
    assert caught.code() is grpc.StatusCode.FAILED_PRECONDITION
    assert "no_dry_run" in str(caught.details())


def test_a_closed_turn_is_read_whole_with_the_names(stub: Any) -> None:
    game_id, organiser, (ana, bob) = duplicate_game(stub, ("Ana", "Bob"))
    stub.Start(session_pb2.GameCommand(game_id=game_id, token=organiser))
    first = view_of(stub, game_id, ana.player_token)
    move = top_of(first)
    not_yet = refused(lambda: stub.GetTurn(session_pb2.GetTurnRequest(game_id=game_id, turn=1)))
    assert not_yet.code() is grpc.StatusCode.FAILED_PRECONDITION
    assert "not_revealed" in str(not_yet.details())
    answer(stub, game_id, ana.player_token, move)
    answer(stub, game_id, bob.player_token, move)
    wait_for(lambda: view_of(stub, game_id)["stage"] == "between")

    turn = stub.GetTurn(session_pb2.GetTurnRequest(game_id=game_id, turn=1))
    found = part(turn, "kind_turn")
    assert found is not None
    assert found[0] == "duplicate"
    revealed = found[1]
    assert (revealed["number"], revealed["top"]["move"], revealed["players"]) == (1, move, 2)
    assert revealed["board"] == first["board"]  # the board the turn was played on
    assert revealed["rack"] == first["rack"]
    assert {a["player"]: a["move"] for a in revealed["answers"]} == {
        ana.player_id: move,
        bob.player_id: move,
    }
    assert all(a["top"] for a in revealed["answers"])
    assert dict(turn.names) == {ana.player_id: "Ana", bob.player_id: "Bob"}

    for number, code in ((0, grpc.StatusCode.NOT_FOUND), (2, grpc.StatusCode.FAILED_PRECONDITION)):
        caught = refused(
            lambda n=number: stub.GetTurn(session_pb2.GetTurnRequest(game_id=game_id, turn=n))
        )
        assert caught.code() is code
    with_best = stub.GetTurn(session_pb2.GetTurnRequest(game_id=game_id, turn=1, best_moves=3))
    config = DUPLICATE.configure(SETTINGS).game
    expected = referee(config).robot_moves(
        Board.from_rows(first["board"], config.layout), first["tiles"], 3, False
    )
    assert [(m.notation, m.score) for m in with_best.best_moves] == [
        (m.notation, m.score) for m in expected.moves
    ]
    assert with_best.best_moves[0].notation == move  # the top is the best
    too_many = refused(
        lambda: stub.GetTurn(session_pb2.GetTurnRequest(game_id=game_id, turn=1, best_moves=101))
    )
    assert too_many.code() is grpc.StatusCode.INVALID_ARGUMENT


def test_standings_are_read_a_page_at_a_time_and_follow_the_steps(stub: Any) -> None:
    game_id, organiser, players = duplicate_game(stub, ("Ana", "Bob", "Cyd"))
    stub.Start(session_pb2.GameCommand(game_id=game_id, token=organiser))
    before = stub.GetStandings(session_pb2.GetStandingsRequest(game_id=game_id))
    assert [line.standing.total for line in before.standings] == [0, 0, 0]
    assert before.turns == 0  # the standings are over the closed turns: none yet
    move = top_of(view_of(stub, game_id, players[0].player_token))
    answer(stub, game_id, players[1].player_token, move)
    stub.Pause(session_pb2.GameCommand(game_id=game_id, token=organiser))
    still = stub.GetStandings(session_pb2.GetStandingsRequest(game_id=game_id))
    assert [line.standing.total for line in still.standings] == [0, 0, 0]  # nothing closed
    stub.Resume(session_pb2.GameCommand(game_id=game_id, token=organiser))
    for player in (players[0], players[2]):
        answer(stub, game_id, player.player_token, move)
    wait_for(lambda: view_of(stub, game_id)["stage"] == "between")
    whole = stub.GetStandings(session_pb2.GetStandingsRequest(game_id=game_id))
    assert whole.players == 3
    assert all(line.standing.total > 0 for line in whole.standings)
    assert whole.turns == 1
    page = stub.GetStandings(session_pb2.GetStandingsRequest(game_id=game_id, offset=1, limit=1))
    assert [(line.name, line.standing.rank) for line in page.standings] == [
        (line.name, line.standing.rank) for line in whole.standings[1:2]
    ]
    assert page.standings[0].duplicate.tops == 1


def test_a_duels_closed_round_is_read_whole(stub: Any) -> None:
    settings = {"language": "en", "rounds": 3, "round_seconds": 90, "reveal_seconds": 0}
    created = stub.CreateGame(
        session_pb2.CreateGameRequest(
            kind=common_pb2.GAME_KIND_WORD_DUEL,
            duel=fill(duel_pb2.DuelConfig(), {**settings, "seats": 2}),
            has_seed=True,
            seed=DUEL_SEED,
        )
    )
    game_id = created.game_id
    players = [
        stub.Join(session_pb2.JoinRequest(game_id=game_id, name=name)) for name in ("Ana", "Bob")
    ]
    stub.Start(session_pb2.GameCommand(game_id=game_id, token=created.organiser_token))
    word = duel_words_of(game_id, **settings, seats=2)[0]
    for player in players:
        stub.Act(
            session_pb2.ActRequest(
                game_id=game_id,
                token=player.player_token,
                duel=duel_pb2.DuelAction(guess=word, round=1),
            )
        )
    wait_for(lambda: stub.GetGame(session_pb2.GetGameRequest(game_id=game_id)).phase == "reveal")
    turn = stub.GetTurn(session_pb2.GetTurnRequest(game_id=game_id, turn=1))
    found = part(turn, "kind_turn")
    assert found is not None
    assert found[0] == "duel"
    assert (found[1]["round"], found[1]["word"], found[1]["solver_count"]) == (1, word, 2)
    assert set(turn.names.values()) == {"Ana", "Bob"}
    caught = refused(lambda: stub.GetTurn(session_pb2.GetTurnRequest(game_id=game_id, turn=2)))
    assert caught.code() is grpc.StatusCode.FAILED_PRECONDITION
    best = refused(
        lambda: stub.GetTurn(session_pb2.GetTurnRequest(game_id=game_id, turn=1, best_moves=3))
    )
    assert best.code() is grpc.StatusCode.FAILED_PRECONDITION  # a duel's round has none
    assert "no_best_moves" in str(best.details())
