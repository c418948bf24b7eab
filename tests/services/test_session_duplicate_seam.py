"""Duplicate Scrabble on the game kinds' seam, end to end over real gRPC services and a real
Redis: a game created with a typed ``DuplicateConfig`` is played by the seam's path (the kind's
rules, tops and verdicts from the movegen and scoring services through the session's peers),
and gives the tirages, tops, points and standings the rules give (the engine's
:class:`~arbitre.rules.duplicate.DuplicateGame`, played here) for the same seed and answers.
The tests learn each top from the engine, as nobody outside can before the reveal."""

from __future__ import annotations

import dataclasses
import json
import time
from typing import Any

import grpc
import pytest

from arbitre.api.kind_parts import part
from arbitre.api.proto_data import fill
from arbitre.rules.board import Board
from arbitre.rules.duplicate import DuplicateGame
from arbitre.rules.kinds.base import LISTED
from arbitre.rules.kinds.duplicate import DUPLICATE
from arbitre.services.game_keys import GameKeys
from arbitre.services.session.limits import SPECTATOR_VIEW_SECONDS
from arbitre.v1 import common_pb2, duplicate_pb2, session_pb2
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401
from tests.rules.kinds.duplicate.games import lesser_move, referee

SEED = 20261202
TURNS = 3
SETTINGS = {"max_turns": TURNS, "seconds_per_turn": 60, "reveal_seconds": 0}
#: How long a test waits for the session's clock to take a step.
STEP_SECONDS = 20.0


def create_on_seam(stub: Any, **settings: Any) -> Any:
    return stub.CreateGame(
        session_pb2.CreateGameRequest(
            kind=common_pb2.GAME_KIND_DUPLICATE,
            duplicate=fill(duplicate_pb2.DuplicateConfig(), {**SETTINGS, **settings}),
            has_seed=True,
            seed=SEED,
            title="seam",
        )
    )


def view_of(stub: Any, game_id: str, token: str = "") -> dict[str, Any]:
    found = part(stub.GetGame(session_pb2.GetGameRequest(game_id=game_id, token=token)), "view")
    assert found is not None
    assert found[0] == "duplicate"
    view: dict[str, Any] = found[1]
    return view


def wait_for(check: Any) -> Any:
    give_up = time.monotonic() + STEP_SECONDS
    while True:
        found = check()
        if found:
            return found
        assert time.monotonic() < give_up, "the session's clock took no step"
        time.sleep(0.05)


def answers_of(rows: list[str], tiles: str) -> tuple[str, str]:
    """The open turn's top and a lesser move (the top when there is none), from the engine."""
    config = DUPLICATE.configure(SETTINGS).game
    top = referee(config).top(Board.from_rows(rows, config.layout), tiles)
    assert top is not None
    notation = top.move.notation()
    return notation, lesser_move(config, rows, tiles, notation) or notation


def test_a_duplicate_game_plays_on_the_seam_as_the_rules_play_it(stub: Any) -> None:
    created = create_on_seam(stub)
    game_id, organiser = created.game_id, created.organiser_token
    assert created.state.kind_name == "duplicate"
    assert created.state.status == "waiting"
    ana = stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Ana"))
    bob = stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Bob"))
    stub.Start(session_pb2.GameCommand(game_id=game_id, token=organiser))

    # The same game by the rules alone: the engine's referee, the same seed and players.
    rules = DUPLICATE.configure(SETTINGS).game
    local = DuplicateGame(rules, SEED, referee(rules), (ana.player_id, bob.player_id))

    for number in range(1, TURNS + 1):
        seen = wait_for(
            lambda n=number: (
                (v := view_of(stub, game_id, ana.player_token))["turn"] == n
                and v["stage"] == "playing"
                and v
            )
        )
        assert seen["my_answer"] is None
        assert seen["answers"] == 0
        draw = local.start_turn()
        assert draw is not None
        assert (seen["rack"], seen["board"]) == (draw.notation, list(local.board.rows()))
        top, lesser = answers_of(seen["board"], seen["tiles"])
        kept = stub.Act(
            session_pb2.ActRequest(
                game_id=game_id,
                token=ana.player_token,
                duplicate=duplicate_pb2.DuplicateAction(move=top, turn=number),
            )
        )
        assert kept.duplicate.move == top
        assert kept.duplicate.answers == 1
        mine = view_of(stub, game_id, ana.player_token)["my_answer"]
        assert mine == {"move": top, "score": kept.duplicate.score}
        assert view_of(stub, game_id, bob.player_token)["my_answer"] is None  # ana's is hers
        assert view_of(stub, game_id)["my_answer"] is None
        stub.Act(
            session_pb2.ActRequest(
                game_id=game_id,
                token=bob.player_token,
                duplicate=duplicate_pb2.DuplicateAction(move=lesser),
            )
        )
        local.answer(ana.player_id, top)
        local.answer(bob.player_id, lesser)
        played = local.close_turn()
        wait_for(lambda n=number: (v := view_of(stub, game_id))["turn"] > n or v["stage"] == "over")
        revealed = part(
            stub.GetTurn(session_pb2.GetTurnRequest(game_id=game_id, turn=number)), "kind_turn"
        )
        assert revealed is not None
        assert revealed[1]["top"]["move"] == played.top.move.notation()
        assert {a["player"]: a["points"] for a in revealed[1]["answers"]} == {
            a.player: a.points for a in played.answers
        }

    over = wait_for(lambda: (v := view_of(stub, game_id))["stage"] == "over" and v)
    assert over["end_reason"] == "max_turns"
    assert over["top_total"] == local.top_total

    standings = stub.GetStandings(session_pb2.GetStandingsRequest(game_id=game_id))
    assert [
        (s.standing.player, s.standing.rank, s.standing.total) for s in standings.standings
    ] == [(s.player, s.rank, s.total) for s in local.standings()]
    assert [s.duplicate.negatif for s in standings.standings] == [
        s.negatif for s in local.standings()
    ]
    assert standings.standings[0].name == "Ana"
    assert standings.standings[0].duplicate.tops == TURNS

    record = part(stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)), "kind_record")
    assert record is not None
    assert record[0] == "duplicate"
    assert record[1]["seed"] == SEED  # the game is over: its seed is public
    config = DUPLICATE.configure(SETTINGS)
    replayed = DUPLICATE.replay(record[1], referee(config.game))
    assert [line.total for line in DUPLICATE.standings(replayed)] == [
        s.standing.total for s in standings.standings
    ]


def test_a_robot_answers_every_turn_of_a_duplicate_game_on_the_seam(stub: Any) -> None:
    created = create_on_seam(stub, max_turns=2, seconds_per_turn=4)
    game_id, organiser = created.game_id, created.organiser_token
    ana = stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Ana"))
    robot = stub.AddRobot(
        session_pb2.AddRobotRequest(game_id=game_id, token=organiser, level="expert")
    )
    assert robot.player_token == ""  # nobody may act as a robot
    stub.Start(session_pb2.GameCommand(game_id=game_id, token=organiser))

    # Ana never answers: each turn lasts its 4 s, and the robot answers it through the clock.
    over = wait_for(lambda: (v := view_of(stub, game_id))["stage"] == "over" and v)
    assert over["end_reason"] == "max_turns"
    assert [turn["points"][ana.player_id] for turn in over["turns"]] == [0, 0]
    assert all(turn["points"][robot.player_id] > 0 for turn in over["turns"])
    standings = stub.GetStandings(session_pb2.GetStandingsRequest(game_id=game_id)).standings
    totals = {line.standing.player: line.standing.total for line in standings}
    assert totals[robot.player_id] == sum(turn["points"][robot.player_id] for turn in over["turns"])
    assert totals[robot.player_id] > 0
    assert totals[ana.player_id] == 0
    assert standings[0].name == "Robot Expert"


def test_a_configuration_the_services_cannot_play_is_refused(stub: Any) -> None:
    for settings, saying in (
        ({"lexicon": "klingon"}, "unknown lexicon"),
        ({"bonuses": {"7": 40}}, "bonuses"),
        ({"reveal_seconds": 601}, "reveal_seconds"),
        ({"variant": "nope"}, "variant"),
    ):
        with pytest.raises(grpc.RpcError) as refused:
            create_on_seam(stub, **settings)
        assert refused.value.code() is grpc.StatusCode.INVALID_ARGUMENT
        assert "bad_config" in str(refused.value.details())
        assert saying in str(refused.value.details())


def test_a_duplicate_table_on_the_seam_has_its_seats_and_no_late_players(stub: Any) -> None:
    created = create_on_seam(stub, seats=2, name="online")
    game_id = created.game_id
    view = part(created.state, "view")
    assert view is not None
    assert (view[1]["config"]["seats"], view[1]["config"]["no_move_redraws"]) == (2, 10)
    assert view[1]["board_layout"][7][7] == "*"  # what the page draws, from the rules
    assert view[1]["tile_set"]["letters"]["Z"] == {"count": 1, "value": 10}
    stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Ana"))
    with pytest.raises(grpc.RpcError) as caught:  # alone at a table
        stub.Start(session_pb2.GameCommand(game_id=game_id, token=created.organiser_token))
    assert "not_enough_players" in str(caught.value.details())
    stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Bob"))
    with pytest.raises(grpc.RpcError) as caught:
        stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Cyd"))
    assert caught.value.code() is grpc.StatusCode.FAILED_PRECONDITION
    assert "table_full" in str(caught.value.details())
    stub.Start(session_pb2.GameCommand(game_id=game_id, token=created.organiser_token))
    simultane = create_on_seam(stub)  # no limit of seats, but no late players either
    stub.Join(session_pb2.JoinRequest(game_id=simultane.game_id, name="Ana"))
    stub.Start(session_pb2.GameCommand(game_id=simultane.game_id, token=simultane.organiser_token))
    with pytest.raises(grpc.RpcError) as caught:
        stub.Join(session_pb2.JoinRequest(game_id=simultane.game_id, name="Late"))
    assert "late_join_closed" in str(caught.value.details())
    late = create_on_seam(stub, late_join=True)
    stub.Join(session_pb2.JoinRequest(game_id=late.game_id, name="Ana"))
    stub.Start(session_pb2.GameCommand(game_id=late.game_id, token=late.organiser_token))
    joined = stub.Join(session_pb2.JoinRequest(game_id=late.game_id, name="Late"))
    assert joined.player_token


def test_a_player_past_the_listed_ones_sees_their_own_part_at_once(stub: Any) -> None:
    """In a room of more players than a view lists, a player seated after them sees their own
    answer, seat and line in their state as soon as the answer is kept (their part is read at
    every call, on the moment every viewer shares), and nobody else sees their answer."""
    created = create_on_seam(stub)
    game_id = created.game_id
    joined = [
        stub.Join(session_pb2.JoinRequest(game_id=game_id, name=f"P{n}")) for n in range(LISTED + 2)
    ]
    last, first = joined[-1], joined[0]
    stub.Start(session_pb2.GameCommand(game_id=game_id, token=created.organiser_token))
    seen = wait_for(lambda: (v := view_of(stub, game_id, last.player_token))["rack"] and v)
    assert seen["players"][-1] == {"id": last.player_id, "answered": False, "left": False}
    assert [p["id"] for p in seen["players"][:LISTED]] == [j.player_id for j in joined[:LISTED]]
    view_of(stub, game_id)  # every viewer's moment, built before the answer
    top, _ = answers_of(seen["board"], seen["tiles"])
    stub.Act(
        session_pb2.ActRequest(
            game_id=game_id,
            token=last.player_token,
            duplicate=duplicate_pb2.DuplicateAction(move=top),
        )
    )
    mine = view_of(stub, game_id, last.player_token)
    assert mine["my_answer"]["move"] == top
    assert mine["players"][-1]["answered"] is True
    assert last.player_id in [line["player"] for line in mine["standings"]]
    for other in (view_of(stub, game_id, first.player_token), view_of(stub, game_id)):
        assert other["my_answer"] is None
        assert last.player_id not in [p["id"] for p in other["players"]]
        assert top not in str(other)


def test_a_players_state_read_as_the_turn_closes_never_loses_their_answer(
    platform: Any,
    stub: Any,
    redis_db: Any,  # noqa: F811
) -> None:
    """A player's state read while the last answer closes the turn: the close takes the turn's
    parts away, so a part read after the close on the moment read before it would show a turn
    still open that the player never answered. The read sees the open turn with the answer, or
    the turn closed: here the close is made to fall exactly between the two reads."""
    created = create_on_seam(stub, reveal_seconds=60)
    game_id = created.game_id
    ana = stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Ana"))
    bob = stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Bob"))
    stub.Start(session_pb2.GameCommand(game_id=game_id, token=created.organiser_token))
    seen = wait_for(lambda: (v := view_of(stub, game_id, ana.player_token))["rack"] and v)
    top, lesser = answers_of(seen["board"], seen["tiles"])
    stub.Act(
        session_pb2.ActRequest(
            game_id=game_id,
            token=ana.player_token,
            duplicate=duplicate_pb2.DuplicateAction(move=top),
        )
    )
    session = platform.session
    built = session._moment

    def moment_then_close(*args: Any) -> Any:
        """The moment, then Bob's answer closing the turn before Ana's part is read."""
        moment = built(*args)
        session._moment = built
        stub.Act(
            session_pb2.ActRequest(
                game_id=game_id,
                token=bob.player_token,
                duplicate=duplicate_pb2.DuplicateAction(move=lesser),
            )
        )
        wait_for(lambda: redis_db.hget(GameKeys(game_id).game, "phase") != "turn")
        return moment

    session._moment = moment_then_close
    state = stub.GetGame(session_pb2.GetGameRequest(game_id=game_id, token=ana.player_token))
    assert session._moment is built  # the close did fall between the reads
    assert (state.turn, state.phase) == (1, "reveal")
    assert state.duplicate.reveal.top.move


def test_readers_are_served_the_moment_kept_while_it_is_built_anew(
    platform: Any, stub: Any
) -> None:
    """Past its time, a moment no step has changed is built anew by one reader; the others get
    the one kept meanwhile instead of waiting (a simultané's takes a good part of a second)."""
    created = create_on_seam(stub)
    game_id = created.game_id
    ana = stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Ana"))
    before = view_of(stub, game_id, ana.player_token)
    session = platform.session
    kept = session._views[game_id]
    assert kept.kept_for >= SPECTATOR_VIEW_SECONDS
    session._views[game_id] = dataclasses.replace(kept, built_at=kept.built_at - 60)
    building = session._building[hash(game_id) % len(session._building)]
    with building:  # another reader is building it anew
        request = session_pb2.GetGameRequest(game_id=game_id, token=ana.player_token)
        seen = part(stub.GetGame(request, timeout=5), "view")
    assert seen is not None
    assert seen[1] == before
    assert view_of(stub, game_id, ana.player_token) == before  # then built anew
    assert session._views[game_id].built_at > kept.built_at


def _play_turn(stub: Any, game_id: str, token: str, number: int) -> None:
    """Answer turn ``number`` with its top (the only player: it closes at once), then wait for
    its close."""
    seen = wait_for(
        lambda: (
            (v := view_of(stub, game_id, token))["turn"] == number and v["stage"] == "playing" and v
        )
    )
    top, _ = answers_of(seen["board"], seen["tiles"])
    stub.Act(
        session_pb2.ActRequest(
            game_id=game_id,
            token=token,
            duplicate=duplicate_pb2.DuplicateAction(move=top, turn=number),
        )
    )
    wait_for(lambda: (v := view_of(stub, game_id))["turn"] > number or v["stage"] == "over")


def _seen_by_a_new_replica(platform: Any, stub: Any, game_id: str) -> tuple[Any, ...]:
    """Standings, every revealed turn and the record, as a replica that read none of the
    game's closed turns yet serves them."""
    platform.session._chapters.clear()
    platform.session._views.clear()
    platform.session._kind_lines.clear()
    standings = stub.GetStandings(session_pb2.GetStandingsRequest(game_id=game_id))
    turns = [
        part(stub.GetTurn(session_pb2.GetTurnRequest(game_id=game_id, turn=n)), "kind_turn")
        for n in range(1, TURNS + 1)
    ]
    record = part(stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)), "kind_record")
    return [(s.standing.player, s.standing.total) for s in standings.standings], turns, record


def test_closed_turns_are_kept_apart_each_written_once_as_it_closes(
    platform: Any,
    stub: Any,
    redis_db: Any,  # noqa: F811
) -> None:
    """A step reads and writes the open turn's state, not every turn played: the saved state
    holds no closed turn (it does not grow with the turns), each closed turn is written once to
    the game's chapters as it closes and never again, and a replica that never read them serves
    the game as the one that wrote them."""
    created = create_on_seam(stub)
    game_id = created.game_id
    ana = stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Ana"))
    stub.Start(session_pb2.GameCommand(game_id=game_id, token=created.organiser_token))
    keys = GameKeys(game_id)
    written: list[bytes] = []
    sizes = []
    for number in range(1, TURNS + 1):
        _play_turn(stub, game_id, ana.player_token, number)
        chapters = redis_db.lrange(keys.chapters, 0, -1)
        assert chapters[: len(written)] == written  # the closed ones as they were written
        assert len(chapters) == number
        assert int(redis_db.hget(keys.game, "chapters")) == number
        written = chapters
        saved = redis_db.get(keys.state)
        assert json.loads(saved)["game"]["turns"] == []
        sizes.append(len(saved))
    assert max(sizes) - min(sizes) < 200, sizes  # the board and the bag change, no more
    assert json.loads(written[0])["number"] == 1
    assert json.loads(written[0])["answers"][0]["player"] == ana.player_id

    served = _seen_by_a_new_replica(platform, stub, game_id)
    assert served[0][0][0] == ana.player_id
    assert all(turn is not None for turn in served[1])
    assert platform.session._chapters[game_id]  # read once, kept
    record = served[2]
    assert record is not None
    replayed = DUPLICATE.replay(record[1], referee(DUPLICATE.configure(SETTINGS).game))
    assert [line.total for line in DUPLICATE.standings(replayed)] == [served[0][0][1]]


def test_a_game_saved_whole_by_an_older_replica_plays_on_with_its_turns_kept_apart(
    platform: Any,
    stub: Any,
    redis_db: Any,  # noqa: F811
) -> None:
    """A game whose state was saved with its closed turns inside (as replicas did before the
    chapters) is read as it is, and its next step writes those turns apart."""
    created = create_on_seam(stub)
    game_id = created.game_id
    ana = stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Ana"))
    stub.Start(session_pb2.GameCommand(game_id=game_id, token=created.organiser_token))
    _play_turn(stub, game_id, ana.player_token, 1)
    keys = GameKeys(game_id)
    session = platform.session
    with session.store.locked(game_id):  # the state as an older replica saved it
        game = session.store.game(game_id)
        _, state = session._load(game_id, game)
        redis_db.set(keys.state, json.dumps(DUPLICATE.detach(state)[0]))
        redis_db.delete(keys.chapters)
        redis_db.hdel(keys.game, "chapters")
    session._chapters.clear()
    assert json.loads(redis_db.get(keys.state))["game"]["turns"]  # whole, as it was
    before = view_of(stub, game_id)["turns"]
    assert len(before) == 1

    for number in range(2, TURNS + 1):
        _play_turn(stub, game_id, ana.player_token, number)
    assert json.loads(redis_db.get(keys.state))["game"]["turns"] == []
    assert len(redis_db.lrange(keys.chapters, 0, -1)) == TURNS
    over = view_of(stub, game_id)
    assert over["stage"] == "over"
    assert over["turns"][0] == before[0]
    served = _seen_by_a_new_replica(platform, stub, game_id)
    assert served[0][0][1] == over["top_total"]  # she played every top
