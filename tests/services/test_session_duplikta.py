"""dupliKta on the session service: the game kinds' seam end to end over real gRPC and a real
Redis, for a kind whose two players act at the same time, each on their own copy of the turn,
under the game's lock. A game is created, two players join and, each turn, both confirm a move
found from their own views (requests at the loupe first, a move refused for its words, passes
with tokens out of the rack), the turn closing once both confirmed and the next opening once
both are ready; three turns without a move installed end it. The standings and the record
follow, and the record replays with the rules; refused actions change nothing; the turn waits
for the player who has not confirmed, and closes at its deadline without them. Nothing a player
receives before a turn's close holds the opponent's move or copy of the rack, and nothing
before the end holds the seed."""

from __future__ import annotations

import json
import re
import time
from functools import cache
from typing import Any

import grpc
import pytest

from arbitre.api.kind_parts import event_part
from arbitre.api.proto_data import fill, to_data
from arbitre.engine.kind_tools import Words
from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.engine.movegen import MoveGenerator
from arbitre.rules import Board
from arbitre.rules.kinds import kind
from arbitre.rules.kinds.base import Viewer
from arbitre.rules.tiles import FRENCH
from arbitre.services.game_keys import GameKeys
from arbitre.services.session.seam import away
from arbitre.services.session.seam.base import refusal_status
from arbitre.v1 import common_pb2, duel_pb2, duplikta_pb2, session_pb2
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401

DUPLIKTA = kind("duplikta")
#: Long enough that no clock time or hash holds it by chance: a leak shows.
SEED = 582_907_316_440_118
NAMES = ("Ana", "Bob")  # Ana sits first: seat 0


@cache
def lexicon() -> Lexicon:
    return load_lexicon("fr")


@cache
def generator() -> MoveGenerator:
    return MoveGenerator(lexicon())


def moves_for(view: dict[str, Any]) -> list[str]:
    """The legal moves of the caller's own copy of the rack on the view's board, best first
    (the local engine's: words of the lexicon the game plays)."""
    board = Board.from_rows(view["board"])
    found = generator().prepare(board).moves(view["you"]["rack"], limit=40)
    return [move.notation for move in found]


def nonsense(rack: str) -> str | None:
    """A first move of two tokens of ``rack`` at H8 that is no word, forwards or backwards."""
    letters = [token for token in rack if token != "?"]
    for first in letters:
        for second in letters:
            pair = first + second
            if letters.count(first) < 1 + (first == second):
                continue
            if pair not in lexicon() and pair[::-1] not in lexicon():
                return f"H8 {pair}"
    return None


def shows(text: str, secret: str) -> bool:
    """Whether ``text`` holds ``secret`` (a move's notation or a rack), not a part of a longer
    one."""
    return re.search(rf"(?<![A-Za-z0-9?]){re.escape(secret)}(?![A-Za-z0-9?])", text) is not None


def create(stub: Any, **config: Any) -> Any:
    return stub.CreateGame(
        session_pb2.CreateGameRequest(
            kind=common_pb2.GAME_KIND_DUPLIKTA,
            duplikta=fill(duplikta_pb2.DupliktaConfig(), config),
            has_seed=True,
            seed=SEED,
            title="dupliKta",
        )
    )


def command(stub: Any, method: str, created: Any) -> Any:
    request = session_pb2.GameCommand(game_id=created.game_id, token=created.organiser_token)
    return getattr(stub, method)(request)


def act(stub: Any, game_id: str, token: str, action: dict[str, Any], request_id: str = "") -> Any:
    return stub.Act(
        session_pb2.ActRequest(
            game_id=game_id,
            token=token,
            duplikta=fill(duplikta_pb2.DupliktaAction(), action),
            request_id=request_id,
        )
    )


def view_in(state: Any) -> dict[str, Any]:
    assert state.WhichOneof("view") == "duplikta"
    data: dict[str, Any] = to_data(state.duplikta)
    return data


def state_of(stub: Any, game_id: str, token: str = "") -> Any:
    state = stub.GetGame(session_pb2.GetGameRequest(game_id=game_id, token=token))
    assert state.kind == common_pb2.GAME_KIND_DUPLIKTA
    assert state.kind_name == "duplikta"
    return state


def view(stub: Any, game_id: str, token: str = "") -> dict[str, Any]:
    return view_in(state_of(stub, game_id, token))


def refusal(call: Any) -> tuple[grpc.StatusCode, str]:
    with pytest.raises(grpc.RpcError) as raised:
        call()
    return raised.value.code(), raised.value.details()


def wait_for(predicate: Any, seconds: float = 30.0) -> Any:
    deadline = time.monotonic() + seconds
    while not (found := predicate()):
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)
    return found


def events(stub: Any, game_id: str) -> list[Any]:
    """Every event of a finished game, from its first one to ``game_over``."""
    stream = stub.Events(session_pb2.EventsRequest(game_id=game_id, after="0-0"))
    return [event for event in stream if event.type != "ping"]


class Table:
    """A game of two players over the stub, every message a player received kept with the
    turn that was open then (0: none)."""

    def __init__(self, stub: Any, **config: Any) -> None:
        self.stub = stub
        self.created = create(stub, **config)
        self.game_id = self.created.game_id
        self.joined = {
            name: stub.Join(session_pb2.JoinRequest(game_id=self.game_id, name=name))
            for name in NAMES
        }
        #: (the turn open then, who received it, the message)
        self.received: list[tuple[int, str, Any]] = []

    def token(self, name: str) -> str:
        return str(self.joined[name].player_token)

    def id_of(self, name: str) -> str:
        return str(self.joined[name].player_id)

    def look(self, name: str) -> dict[str, Any]:
        """``name``'s view of the game, kept."""
        state = state_of(self.stub, self.game_id, self.token(name))
        assert state.you == self.id_of(name)
        seen = view_in(state)
        self.received.append((seen["turn"] if seen["stage"] == "playing" else 0, name, state))
        return seen

    def act(self, name: str, action: dict[str, Any], request_id: str = "") -> dict[str, Any]:
        """``name``'s action, taken: its result, kept."""
        answer = act(self.stub, self.game_id, self.token(name), action, request_id)
        assert answer.WhichOneof("result") == "duplikta"
        self.received.append((action["turn"], name, answer))
        result: dict[str, Any] = to_data(answer.duplikta)
        return result

    def next_turn(self, closed: int) -> dict[str, Any]:
        """Once turn ``closed`` is closed, both players are ready for the next: the spectator's
        view of the next turn open, or of the game over."""
        seen = wait_for(lambda: (v := view(self.stub, self.game_id))["turn"] == closed and v)
        seen = wait_for(
            lambda: (v := view(self.stub, self.game_id))["stage"] in ("between", "over") and v
        )
        if seen["stage"] == "over":
            return dict(seen)
        for name in NAMES:
            request = session_pb2.NextRequest(
                game_id=self.game_id, turn=closed, token=self.token(name)
            )
            self.stub.Next(request)
        opened: dict[str, Any] = wait_for(
            lambda: (
                (v := view(self.stub, self.game_id))["stage"] == "playing"
                and v["turn"] == closed + 1
                and v
            )
        )
        return opened


#: What a confirm's answer and the sheet's line after the close both tell of a confirm.
CONFIRMED = ("move", "tiles", "words", "score", "loupe", "returned", "penalty")


def confirm_request(table: Table, name: str, turn: int) -> session_pb2.ActRequest:
    """``name``'s confirm of ``turn`` under a request_id: a legal move of their own copy of the
    rack (Ana the best, Bob the next: not the same move), or a pass when there is none."""
    moves = moves_for(table.look(name))
    move = next(iter(moves[NAMES.index(name) :] or moves), None)
    return session_pb2.ActRequest(
        game_id=table.game_id,
        token=table.token(name),
        duplikta=fill(duplikta_pb2.DupliktaAction(), {"turn": turn, "confirm": move}),
        request_id=f"{name}-{turn}",
    )


def told(result: dict[str, Any]) -> dict[str, Any]:
    """What a confirm's answer told of it, as :func:`confirms_in` reads it from the sheet."""
    return {**{key: result[key] for key in CONFIRMED}, "ms": result["ms"]}


def steady(seen: dict[str, Any]) -> dict[str, Any]:
    """A view less the time left on the clock (which runs between two reads)."""
    return {**seen, "clock": {k: v for k, v in seen["clock"].items() if k != "remaining_ms"}}


def confirms_in(table: Table, sheet: list[dict[str, Any]]) -> dict[tuple[int, str], Any]:
    """Every confirm a score sheet holds, by (turn, name of its player), as :func:`told`."""
    names = {table.id_of(name): name for name in NAMES}
    found = {}
    for line in sheet:
        for player, side in line.get("players", {}).items():
            if side["confirm_ms"] is not None:
                found[(line["turn"], names[player])] = {
                    **{key: side[key] for key in CONFIRMED},
                    "ms": side["confirm_ms"],
                }
    return found


def test_a_game_plays_to_its_end_and_its_record_replays(stub: Any) -> None:
    table = Table(stub, clock=30, handicaps=[0, 2])
    game_id = table.game_id
    created = table.created.state
    assert (created.status, created.seats, created.kind_name) == ("waiting", 2, "duplikta")
    assert created.seed_commitment
    ana, bob = table.id_of("Ana"), table.id_of("Bob")
    started = command(stub, "Start", table.created)
    assert (started.status, started.phase, started.turn) == ("running", "turn", 1)
    first = view_in(started)
    assert (first["stage"], first["turn"], first["rack"], first["you"]) == (
        "playing",
        1,
        None,
        None,
    )
    assert (
        started.deadline_ms == first["clock"]["deadline_ms"] == first["clock"]["dealt_ms"] + 30_000
    )
    assert [(p["player"], p["chances"]) for p in first["players"]] == [(ana, 10), (bob, 14)]

    # Turn 1: Ana redraws a token (½ Chance) and plays the best move of her own copy; Bob plays
    # two tokens that make no word: refused, and he is told only at the close.
    mine = table.look("Ana")
    assert mine["rack"] == mine["you"]["rack"]
    assert (mine["you"]["actor"], mine["you"]["sees_box"]) == (True, True)
    redrawn = table.act("Ana", {"turn": 1, "redraw": mine["rack"][0]})
    assert redrawn["exchange"]["kind"] == "redraw"
    assert (redrawn["chances"], redrawn["chances_text"]) == (9, "4½")
    assert "move" not in redrawn  # a request's result, not a confirm's
    mine = table.look("Ana")
    assert mine["you"]["rack"] == redrawn["rack"]
    assert (mine["you"]["chances"], mine["players"][0]["chances"]) == (9, 10)  # told at the close
    assert mine["you"]["exchanges"] == [redrawn["exchange"]]
    theirs = table.look("Bob")
    assert theirs["players"][0]["chances"] == 10  # Ana's spending is hers until the close
    assert theirs["you"]["exchanges"] == []
    ana_moves = moves_for(mine)
    assert ana_moves
    confirmed = table.act("Ana", {"turn": 1, "confirm": ana_moves[0]})
    assert (confirmed["move"], confirmed["turn"]) == (ana_moves[0], 1)
    assert confirmed["score"] > 0
    assert "exchange" not in confirmed
    # The turn waits for Bob: Ana confirmed (a spectator's view tells it within half a second),
    # nothing of her move is told.
    waiting = wait_for(
        lambda: (
            (state := state_of(stub, game_id))
            and [p["confirmed"] for p in view_in(state)["players"]] == [True, False]
            and state
        )
    )
    assert (waiting.phase, waiting.turn) == ("turn", 1)
    waiting_view = view_in(waiting)
    assert waiting_view["due_ms"] == waiting_view["clock"]["deadline_ms"]
    theirs = table.look("Bob")
    assert theirs["you"]["actor"]
    assert not table.look("Ana")["you"]["actor"]
    code, message = refusal(
        lambda: act(stub, game_id, table.token("Ana"), {"turn": 1, "confirm": None})
    )
    assert (code, message.split(":")[0]) == (
        grpc.StatusCode.FAILED_PRECONDITION,
        "already_confirmed",
    )
    refused_move = nonsense(theirs["you"]["rack"])
    assert refused_move is not None
    bob_confirmed = table.act("Bob", {"turn": 1, "confirm": refused_move})
    assert bob_confirmed["move"] == refused_move
    assert set(bob_confirmed) >= {"score", "words"}
    assert "accepted" not in bob_confirmed

    # Turns 2 and 3: both play a move of their own copy (Bob exchanges a token first), not the
    # same one; turn 4 Ana passes with tokens on the loupe; 4 to 6 nobody plays: the game ends.
    turn = 1
    while True:
        opened = table.next_turn(turn)
        if opened["stage"] == "over":
            break
        turn = opened["turn"]
        assert turn <= 6, "three turns without a move installed end the game"
        mine, theirs = table.look("Ana"), table.look("Bob")
        assert mine["rack"] == theirs["rack"] == mine["you"]["rack"]  # the same rack for both
        if turn <= 3:
            if turn == 2:
                given = theirs["you"]["rack"][-1]
                wanted = "E" if given != "E" else "A"
                exchanged = table.act("Bob", {"turn": turn, "exchange": given, "for": wanted})
                assert exchanged["exchange"]["wanted"] == wanted
                theirs = table.look("Bob")
            ana_move = next(iter(moves_for(mine)), None)
            bob_move = next((m for m in moves_for(theirs)[1:] if m != ana_move), None)
            table.act("Ana", {"turn": turn, "confirm": ana_move})
            table.act("Bob", {"turn": turn, "confirm": bob_move})
        else:
            rack = mine["you"]["rack"]
            passing: dict[str, Any] = {"turn": turn, "confirm": None}
            if turn == 4:
                passing.update(loupe=rack[:1], returned=rack[1:2])
            passed = table.act("Ana", passing)
            assert (passed["move"], passed["tiles"]) == (None, 0)
            assert (passed["penalty"] > 0) is (turn == 4)  # tokens out of the rack cost
            table.act("Bob", {"turn": turn, "confirm": None})
    assert turn == 6

    state = state_of(stub, game_id)
    assert (state.status, state.phase) == ("over", "")
    final = view_in(state)
    assert final["seed"] == SEED
    assert final["end"] == "stalled"
    sheet = final["sheet"]
    assert [line.get("turn") for line in sheet] == [1, 2, 3, 4, 5, 6, None]
    refused_side = sheet[0]["players"][bob]
    assert (refused_side["move"], refused_side["accepted"]) == (refused_move, False)
    assert refused_side["unknown_words"] == [refused_move[3:]]
    assert refused_side["points"] == -refused_side["penalty"] < 0
    assert (sheet[0]["installed"], sheet[0]["criterion"]) == (ana, "tiles")
    assert sheet[0]["players"][ana]["exchanges"] == [redrawn["exchange"]]
    bob_exchange = sheet[1]["players"][bob]["exchanges"][0]
    if bob_exchange["given"] == "?":  # a blank given a letter: free
        assert (bob_exchange["kind"], bob_exchange["cost"]) == ("lettered", "0")
    else:
        assert bob_exchange["kind"] in ("exchange", "mutation")
    assert [line["installed"] for line in sheet[:3]] != [None, None, None]
    assert [line["installed"] for line in sheet[3:6]] == [None, None, None]
    assert sheet[3]["players"][ana]["penalty"] > 0  # tokens out of the rack at a pass
    assert sheet[-1]["end"] == "stalled"

    found = stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id))
    assert found.WhichOneof("kind_record") == "duplikta"
    assert found.seed_salt  # the game over: the salt that checks the session's commitment
    assert found.fingerprint == lexicon().info.hash  # the lexicon the game was judged with
    assert set(found.names.values()) == set(NAMES)
    record = to_data(found.duplikta)
    assert (record["over"], record["seed"], record["end"]) == (True, SEED, "stalled")
    assert len(record["turns"]) == 6
    replayed = DUPLIKTA.replay(record, Words(lexicon()))
    assert DUPLIKTA.record(replayed) == record

    standings = stub.GetStandings(session_pb2.GetStandingsRequest(game_id=game_id))
    lines = [
        (line.standing.rank, line.name, line.standing.total, line.duplikta.installed)
        for line in standings.standings
    ]
    names = {table.id_of(name): name for name in NAMES}
    assert lines == [
        (line.rank, names[line.player], line.total, line.details["installed"])
        for line in DUPLIKTA.standings(replayed)
    ]
    code, message = refusal(  # dupliKta reveals no turn one at a time: its sheet tells them
        lambda: stub.GetTurn(session_pb2.GetTurnRequest(game_id=game_id, turn=1))
    )
    assert (code, message.split(":")[0]) == (grpc.StatusCode.FAILED_PRECONDITION, "no_turns")
    code, message = refusal(
        lambda: act(stub, game_id, table.token("Ana"), {"turn": 6, "confirm": None})
    )
    assert (code, message.split(":")[0]) == (grpc.StatusCode.FAILED_PRECONDITION, "game_over")

    streamed = events(stub, game_id)
    types = [event.type for event in streamed]
    for expected in ("created", "player_joined", "game_started", "turn_dealt", "player_confirmed"):
        assert expected in types
    assert types.count("turn_dealt") == types.count("turn_closed") == 6
    assert types.count("player_confirmed") == 12
    assert types[-2:] == ["turn_closed", "game_over"]
    assert not {"loupe", "confirmed"} & set(types)  # a player's own messages: never the stream
    for event in streamed:  # every event typed: the session's own or the kind's, no JSON
        assert event.WhichOneof("payload") in ("session", "duplikta"), event.type
        assert not event.data_json
    joined = [to_data(e.duplikta.player_joined) for e in streamed if e.type == "player_joined"]
    assert [(e["name"], e["seat"], e["robot"]) for e in joined] == [
        ("Ana", 0, None),
        ("Bob", 1, None),
    ]
    dealt = [to_data(e.duplikta.turn_dealt) for e in streamed if e.type == "turn_dealt"]
    assert all("rack" not in data for data in dealt)  # the rack is its players' alone
    over = to_data(next(e for e in streamed if e.type == "game_over").duplikta.game_over)
    assert (over["end"], over["seed"]) == ("stalled", SEED)

    # Nothing a player received while a turn was open holds the opponent's move or copy of the
    # rack for that turn, nor does any event before the turn's close; nothing before the end
    # holds the seed.
    def secrets(number: int, receiver: str | None) -> set[str]:
        line = sheet[number - 1]
        sides = line["players"]
        own = sides.get(receiver or "", {"move": None, "rack": None})
        found = set()
        for player, side in sides.items():
            if player == receiver:
                continue
            if side["move"] and side["move"] != own["move"]:
                found.add(side["move"])
            if side["rack"] not in (line["rack"], own["rack"]):
                found.add(side["rack"])
        return found

    checked = 0
    for number, name, message in table.received:
        text = str(message) + json.dumps(to_data(message.duplikta))
        if '"stage": "over"' not in text:
            assert str(SEED) not in text
        for secret in secrets(number, table.id_of(name)) if number else ():
            assert not shows(text, secret), (number, name, secret)
            checked += 1
    assert checked > 0
    open_turn = 0
    for event in streamed:
        typed = event_part(event)
        assert typed is not None, event.type
        event_type, data = typed
        text = json.dumps(data)
        if event_type == "turn_dealt":
            open_turn = data["turn"]
        elif event_type == "turn_closed":
            open_turn = 0
        for secret in secrets(open_turn, None) if open_turn else ():
            assert not shows(text, secret), (event_type, secret)
        if event_type != "game_over":
            assert str(SEED) not in text


def test_refused_actions_change_nothing(stub: Any) -> None:
    table = Table(stub, clock=0)
    game_id = table.game_id
    ana, bob = table.token("Ana"), table.token("Bob")
    code, message = refusal(lambda: act(stub, game_id, ana, {"turn": 1, "confirm": None}))
    assert (code, message.split(":")[0]) == (grpc.StatusCode.FAILED_PRECONDITION, "not_open")
    code, message = refusal(
        lambda: stub.AddRobot(
            session_pb2.AddRobotRequest(
                game_id=game_id, token=table.created.organiser_token, level="expert"
            )
        )
    )
    assert (code, message.split(":")[0]) == (grpc.StatusCode.FAILED_PRECONDITION, "table_full")
    code, message = refusal(lambda: stub.Join(session_pb2.JoinRequest(game_id=game_id, name="Cyd")))
    assert (code, message.split(":")[0]) == (grpc.StatusCode.FAILED_PRECONDITION, "table_full")
    command(stub, "Start", table.created)
    before = {name: table.look(name) for name in NAMES}
    spectator = view(stub, game_id)
    rack = before["Ana"]["you"]["rack"]
    absent = next(letter for letter in "ZYXWVUTSRQPONMLKJIHGFEDCBA" if letter not in rack)
    refused = [
        ({"turn": 2, "confirm": None}, "FAILED_PRECONDITION", "wrong_turn"),
        ({"turn": 1}, "INVALID_ARGUMENT", "bad_action"),
        ({"turn": 1, "redraw": rack[0], "confirm": None}, "INVALID_ARGUMENT", "bad_action"),
        ({"redraw": rack[0]}, "INVALID_ARGUMENT", "bad_action"),
        ({"turn": 1, "redraw": absent}, "FAILED_PRECONDITION", "not_on_rack"),
        ({"turn": 1, "exchange": rack[0], "for": "1"}, "INVALID_ARGUMENT", "letter_not_in_set"),
        ({"turn": 1, "exchange": rack[0], "for": rack[0]}, "INVALID_ARGUMENT", "same_token"),
        ({"turn": 1, "confirm": "ZZ"}, "INVALID_ARGUMENT", "bad_notation"),
        ({"turn": 1, "confirm": f"A1 {rack[:2]}"}, "INVALID_ARGUMENT", "illegal_move"),
        ({"turn": 1, "confirm": f"H8 {absent}{absent}"}, "INVALID_ARGUMENT", "illegal_move"),
        (
            {"turn": 1, "confirm": f"H8 {rack[:2]}", "loupe": rack[0]},
            "INVALID_ARGUMENT",
            "loupe_with_move",
        ),
        ({"turn": 1, "confirm": None, "loupe": "1"}, "INVALID_ARGUMENT", "bad_tokens"),
        ({"turn": 1, "confirm": None, "returned": absent}, "FAILED_PRECONDITION", "not_on_rack"),
    ]
    for action, status, code_word in refused:
        code, message = refusal(lambda action=action: act(stub, game_id, ana, action))
        assert (code.name, message.split(":")[0]) == (status, code_word), (action, message)
    code, message = refusal(  # another kind's action
        lambda: stub.Act(
            session_pb2.ActRequest(game_id=game_id, token=ana, duel=duel_pb2.DuelAction(guess="x"))
        )
    )
    assert (code, message.split(":")[0]) == (grpc.StatusCode.INVALID_ARGUMENT, "bad_action")
    code, message = refusal(  # a dry run would keep nothing: the kind offers none
        lambda: stub.Act(
            session_pb2.ActRequest(
                game_id=game_id,
                token=ana,
                dry_run=True,
                duplikta=fill(duplikta_pb2.DupliktaAction(), {"turn": 1, "confirm": None}),
            )
        )
    )
    assert (code, message.split(":")[0]) == (grpc.StatusCode.FAILED_PRECONDITION, "no_dry_run")
    for token in ("x" * 20, table.created.organiser_token):  # not a player's token
        code, _ = refusal(
            lambda token=token: act(stub, game_id, token, {"turn": 1, "confirm": None})
        )
        assert code == grpc.StatusCode.PERMISSION_DENIED
    code, message = refusal(lambda: command(stub, "OpenNext", table.created))
    assert message.startswith("round_open:")
    assert {name: table.look(name) for name in NAMES} == before  # nothing changed
    assert view(stub, game_id) == spectator

    # With the clock off, the turn waits for both confirms, however long.
    table.act("Bob", {"turn": 1, "confirm": None})
    time.sleep(0.3)
    waiting = state_of(stub, game_id)
    assert (waiting.phase, waiting.turn, waiting.deadline_ms) == ("turn", 1, 0)
    assert view_in(waiting)["clock"]["deadline_ms"] is None
    code, message = refusal(lambda: act(stub, game_id, bob, {"turn": 1, "redraw": rack[0]}))
    assert message.split(":")[0] == "already_confirmed"


def test_a_retried_request_is_taken_once_and_a_pause_stops_the_turn(stub: Any) -> None:
    table = Table(stub, clock=60)
    game_id = table.game_id
    started = view_in(command(stub, "Start", table.created))
    rack = table.look("Ana")["you"]["rack"]
    first = table.act("Ana", {"turn": 1, "redraw": rack[0]}, request_id="loupe-1")
    again = act(stub, game_id, table.token("Ana"), {"turn": 1, "redraw": rack[0]}, "loupe-1")
    assert again.replayed
    assert to_data(again.duplikta) == first
    assert table.look("Ana")["you"]["chances"] == 9  # ½ Chance spent once
    assert command(stub, "Pause", table.created).status == "paused"
    code, message = refusal(
        lambda: act(stub, game_id, table.token("Bob"), {"turn": 1, "confirm": None})
    )
    assert (code, message.split(":")[0]) == (grpc.StatusCode.FAILED_PRECONDITION, "paused")
    time.sleep(0.3)
    resumed = view_in(command(stub, "Resume", table.created))
    deadline = started["clock"]["deadline_ms"]
    assert resumed["clock"]["deadline_ms"] >= deadline + 300  # the paused time given back
    assert resumed["clock"]["dealt_ms"] >= started["clock"]["dealt_ms"] + 300
    passed = table.act("Bob", {"turn": 1, "confirm": None})
    assert passed["ms"] < 60_000


def test_a_bad_configuration_is_refused_with_its_reason(stub: Any) -> None:
    for config, words in (
        ({"clock": 20}, "clock"),
        ({"chances": 11}, "chances"),
        ({"handicaps": [0, 11]}, "handicap"),
        ({"handicaps": [0]}, "handicaps"),
        ({"tiles": "klingon"}, "tiles"),
        ({"tiles": "fr", "tile_set": {"name": "x", "blanks": 60}}, "not both"),
        ({"tile_set": {"name": "few", "blanks": 10}}, "60 to 120"),
        ({"tile_set": {"name": "de", "language": "de", "blanks": 60}}, "language"),
    ):
        code, message = refusal(lambda config=config: create(stub, **config))
        assert code == grpc.StatusCode.INVALID_ARGUMENT
        assert words in message, message
    blanks = create(stub, tile_set={"name": "blancs", "blanks": 60})  # even all blanks
    assert view_in(blanks.state)["config"]["tile_set"]["blanks"] == 60
    assert view_in(blanks.state)["box_count"] == 60


@pytest.mark.slow
def test_a_turn_closes_at_its_deadline_without_the_player_who_did_not_confirm(stub: Any) -> None:
    table = Table(stub, clock=30)
    game_id = table.game_id
    command(stub, "Start", table.created)
    mine = table.look("Ana")
    move = next(iter(moves_for(mine)), None)
    table.act("Ana", {"turn": 1, "confirm": move})
    seen = wait_for(lambda: (v := view(stub, game_id))["stage"] == "between" and v, seconds=45)
    line = seen["sheet"][0]
    bob = line["players"][table.id_of("Bob")]
    assert (bob["move"], bob["confirm_ms"], bob["points"]) == (None, None, 0)  # passed
    turn = to_data(stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)).duplikta)["turns"][0]
    assert turn["settled_ms"] is None
    assert turn["closed_ms"] >= turn["deadline_ms"] == turn["dealt_ms"] + 30_000
    if move is not None:
        assert line["installed"] == table.id_of("Ana")


#: A set of 63 tokens (2 blanks, the French values): a game against Tourlou of about 10 turns.
SMALL_COUNTS = "A5 B1 C1 D2 E9 F1 G1 H1 I5 J1 L3 M2 N4 O4 P1 Q1 R4 S4 T4 U4 V1 X1 Z1"
SMALL_SET = {
    "name": "petit",
    "language": "fr",
    "letters": {
        part[0]: {"count": int(part[1:]), "value": FRENCH.values[part[0]]}
        for part in SMALL_COUNTS.split()
    },
    "blanks": 2,
    "blank_value": 0,
}


def against_tourlou(stub: Any, level: str, **config: Any) -> tuple[Any, Any, str]:
    """A started game of Ana (seat 0) against Tourlou at ``level``: the creation, Ana's seat
    and Tourlou's player id."""
    created = create(stub, **{"clock": 0, **config})
    ana = stub.Join(session_pb2.JoinRequest(game_id=created.game_id, name="Ana"))
    robot = stub.AddRobot(
        session_pb2.AddRobotRequest(
            game_id=created.game_id, token=created.organiser_token, level=level, name="Tourlou"
        )
    )
    assert not robot.player_token  # nobody can act as a robot
    command(stub, "Start", created)
    return created, ana, robot.player_id


def test_tourlou_confirms_a_move_through_the_path_of_everyones(stub: Any) -> None:
    created, ana, tourlou = against_tourlou(stub, "expert")
    game_id = created.game_id
    first = view(stub, game_id, ana.player_token)
    assert [(p["seat"], p["present"]) for p in first["players"]] == [(0, True), (1, True)]
    confirmed = wait_for(
        lambda: next(p for p in view(stub, game_id)["players"] if p["player"] == tourlou)[
            "confirmed"
        ],
        seconds=20,
    )
    assert confirmed
    played = moves_for(view(stub, game_id, ana.player_token))[0]
    act(stub, game_id, ana.player_token, {"turn": 1, "confirm": played})
    closed = wait_for(lambda: (v := view(stub, game_id))["sheet"] and v)
    side = closed["sheet"][0]["players"][tourlou]
    assert side["accepted"]
    assert side["score"] > 0
    assert not side["exchanges"]
    assert side["reversed_words"] == []
    streamed = stub.Events(session_pb2.EventsRequest(game_id=game_id, after="0-0"))
    seen = []
    for event in streamed:
        if event.type == "player_joined":
            seen.append(to_data(event.duplikta.player_joined))
        if event.type == "turn_closed":
            break
    assert [(e["name"], e["robot"]) for e in seen] == [("Ana", None), ("Tourlou", "expert")]


@pytest.mark.slow
def test_a_person_plays_a_whole_game_against_tourlou(stub: Any) -> None:
    created, ana, tourlou = against_tourlou(stub, "confirme", tile_set=SMALL_SET)
    game_id = created.game_id
    token = ana.player_token
    moves = Words(lexicon()).moves(DUPLIKTA.configure({"tile_set": SMALL_SET}).tiles)
    deadline = time.monotonic() + 240
    while (seen := view(stub, game_id, token))["stage"] != "over":
        assert time.monotonic() < deadline, "timed out"
        you = seen["you"]
        if seen["stage"] == "playing" and you["actor"]:
            found = moves.robot_moves(Board.from_rows(seen["board"]), you["rack"], 3, False)
            move = found.moves[-1].notation if found.moves else None  # below the best
            act(stub, game_id, token, {"turn": seen["turn"], "confirm": move})
        elif seen["stage"] == "between":
            request = session_pb2.NextRequest(game_id=game_id, turn=seen["turn"], token=token)
            stub.Next(request)  # Ana is ready: with a robot, the next turn is dealt at once
        time.sleep(0.05)
    record = to_data(stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)).duplikta)
    assert record["over"]
    assert len(record["turns"]) >= 5
    sides = [line["players"][tourlou] for line in record["sheet"] if "players" in line]
    assert all(s["move"] is None or (s["accepted"] and not s["reversed_words"]) for s in sides)
    assert not any(s["exchanges"] or s["loupe"] or s["returned"] for s in sides)
    assert sum(s["move"] is not None for s in sides) >= len(sides) - 2
    replayed = DUPLIKTA.replay(record, Words(lexicon()))
    assert DUPLIKTA.record(replayed) == record


def streamed_until(stub: Any, game_id: str, last: str) -> list[Any]:
    """The game's events from its first one to the first of type ``last``."""
    stream = stub.Events(session_pb2.EventsRequest(game_id=game_id, after="0-0"), timeout=60)
    found = []
    for event in stream:
        if event.type != "ping":
            found.append(event)
        if event.type == last:
            stream.cancel()
            return found
    raise AssertionError(f"no {last} event")


def test_a_players_pause_stops_the_turn_until_either_resumes_it(stub: Any) -> None:
    table = Table(stub, clock=60, pauses=2)
    game_id = table.game_id
    started = view_in(command(stub, "Start", table.created))
    paused = table.act("Ana", {"turn": 1, "pause": True})["paused"]
    assert (paused["player"], paused["pauses_left"], paused["pause_ms_left"]) == (
        table.id_of("Ana"),
        1,
        300_000,
    )
    seen = table.look("Bob")
    assert seen["pause"] == {k: paused[k] for k in ("player", "at_ms", "ends_ms")}
    assert (seen["clock"]["deadline_ms"], seen["you"]["actor"]) == (None, False)
    assert seen["due_ms"] == paused["ends_ms"]  # the session's clock steps then, not before
    code, message = refusal(
        lambda: act(stub, game_id, table.token("Bob"), {"turn": 1, "confirm": None})
    )
    assert (code, message.split(":")[0]) == (grpc.StatusCode.FAILED_PRECONDITION, "paused")
    time.sleep(0.3)
    resumed = table.act("Bob", {"turn": 1, "resume": True})["resumed"]
    assert resumed["resumed_by"] == table.id_of("Bob")
    assert resumed["paused_ms"] >= 300
    deadline = started["clock"]["deadline_ms"]
    assert resumed["deadline_ms"] == deadline + resumed["paused_ms"]
    after = table.look("Ana")
    assert (after["pause"], after["clock"]["deadline_ms"]) == (None, resumed["deadline_ms"])
    assert (after["players"][0]["pauses_left"], after["you"]["can_pause"]) == (1, True)
    code, message = refusal(
        lambda: act(stub, game_id, table.token("Ana"), {"turn": 1, "resume": True})
    )
    assert (code, message.split(":")[0]) == (grpc.StatusCode.FAILED_PRECONDITION, "not_paused")
    streamed = streamed_until(stub, game_id, "turn_resumed")
    told = [to_data(getattr(e.duplikta, e.type)) for e in streamed if e.type.startswith("turn_")]
    assert told[-2:] == [paused, resumed]  # the opponent is told of both
    assert table.act("Bob", {"turn": 1, "confirm": None})["ms"] < 60_000


@pytest.mark.slow
def test_a_pause_that_runs_out_ends_on_the_sessions_clock_and_the_turn_goes_on(
    stub: Any,
) -> None:
    table = Table(stub, clock=30, pause_seconds=30)
    game_id = table.game_id
    started = view_in(command(stub, "Start", table.created))
    paused = table.act("Bob", {"turn": 1, "pause": True})["paused"]
    assert paused["ends_ms"] == paused["at_ms"] + 30_000  # after the turn's own deadline
    ended = streamed_until(stub, game_id, "turn_resumed")[-1]
    resumed = to_data(ended.duplikta.turn_resumed)
    assert (resumed["resumed_by"], resumed["paused_ms"], resumed["pause_ms_left"]) == (
        None,
        30_000,
        0,
    )
    seen = table.look("Ana")
    assert (seen["stage"], seen["turn"], seen["pause"]) == ("playing", 1, None)  # not closed
    assert seen["clock"]["deadline_ms"] == started["clock"]["deadline_ms"] + 30_000
    assert seen["you"]["actor"]
    _code, message = refusal(
        lambda: act(stub, game_id, table.token("Bob"), {"turn": 1, "pause": True})
    )
    assert message.split(":")[0] == "no_pause_left"


def test_too_many_blanks_with_the_clock_is_a_malformed_move() -> None:
    """A confirm placing more than 2 blanks with the clock on is refused like any illegal move:
    INVALID_ARGUMENT (HTTP 400), by its code's head."""
    assert refusal_status("illegal_move:too_many_blanks") == grpc.StatusCode.INVALID_ARGUMENT
    assert refusal_status("illegal_move:too_many_blanks") == refusal_status("illegal_move:x")


def test_tourlou_is_always_ready_so_the_persons_next_deals_the_next_turn(stub: Any) -> None:
    created, ana, tourlou = against_tourlou(stub, "expert")
    game_id = created.game_id
    wait_for(
        lambda: next(p for p in view(stub, game_id)["players"] if p["player"] == tourlou)[
            "confirmed"
        ]
    )
    act(stub, game_id, ana.player_token, {"turn": 1, "confirm": None})
    closed = wait_for(lambda: (v := view(stub, game_id))["stage"] == "between" and v)
    assert closed["next_ms"] - time.time() * 1000 > 3_000  # the reveal would last seconds more
    counts = stub.Next(session_pb2.NextRequest(game_id=game_id, turn=1, token=ana.player_token))
    assert (counts.ready, counts.of) == (1, 1)  # Tourlou is not waited for
    dealt = view(stub, game_id)
    assert (dealt["stage"], dealt["turn"]) == ("playing", 2)


def test_a_game_against_tourlou_waits_for_its_person_away_and_goes_on_when_they_are_back(
    stub: Any,
    redis_db: Any,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(away, "AWAY_MS", 5_000)
    here, ana, _ = against_tourlou(stub, "expert", clock=30)  # Ana reads the game every second
    gone, bob, tourlou = against_tourlou(stub, "expert", clock=30)  # Bob reads it once
    view(stub, gone.game_id, bob.player_token)
    deadline = time.monotonic() + 45
    while (state := state_of(stub, gone.game_id)).status != "paused":
        assert time.monotonic() < deadline, "never suspended"
        view(stub, here.game_id, ana.player_token)
        time.sleep(1)
    # Ana, seen, passed at the deadline as anyone does; Bob's turn waits for him.
    closed = wait_for(lambda: (v := view(stub, here.game_id))["sheet"] and v)
    assert closed["sheet"][0]["players"][ana.player_id]["move"] is None
    assert state.paused_reason == "away"
    assert 25_000 <= state.remaining_ms <= 30_000  # what he had when last seen
    assert state.deadline_ms == 0
    suspended = view(stub, gone.game_id)
    assert (suspended["stage"], suspended["sheet"]) == ("playing", [])
    assert next(p for p in suspended["players"] if p["player"] == tourlou)["confirmed"]
    left = redis_db.pttl(GameKeys(gone.game_id).game)
    assert left > 6 * 24 * 3600 * 1000  # kept as a paused game is, a week
    paused = [e for e in streamed_until(stub, gone.game_id, "paused") if e.type == "paused"]
    assert to_data(paused[0].session.paused) == {
        "turn": 1,
        "remaining_ms": state.remaining_ms,
        "reason": "away",
    }
    time.sleep(1.5)  # he stays away a little more: none of it is counted

    # Back (from anywhere: his token), the game goes on with the time he had.
    back = state_of(stub, gone.game_id, bob.player_token)
    assert (back.status, back.paused_reason) == ("running", "")
    assert back.deadline_ms - back.server_time_ms == pytest.approx(state.remaining_ms, abs=300)
    mine = view_in(back)
    assert mine["you"]["actor"]
    act(stub, gone.game_id, bob.player_token, {"turn": 1, "confirm": moves_for(mine)[0]})
    line = wait_for(lambda: view(stub, gone.game_id)["sheet"])[0]
    assert line["players"][bob.player_id]["accepted"]


def faulted_game_over(
    stub: Any,
    table: Table,
    record: dict[str, Any],
    final: dict[str, Any],
    over_ms: int,
    acknowledged: dict[tuple[int, str], dict[str, Any]],
) -> None:
    """A game played through a fault (a replica killed, Redis restarted), over: every
    acknowledged confirm in its score sheet once and none more (two a turn), its record
    replaying to the same record and final view, each confirm, deal, close and the end told
    once in its events."""
    turn = len(record["turns"])
    assert confirms_in(table, record["sheet"]) == acknowledged  # each once, none lost
    assert len(acknowledged) == 2 * turn
    replayed = DUPLIKTA.replay(record, Words(lexicon()))
    assert DUPLIKTA.record(replayed) == record
    assert DUPLIKTA.view(replayed, Viewer.spectator(), over_ms) == final
    game_id = table.game_id
    events = [
        event.type for event in stub.Events(session_pb2.EventsRequest(game_id=game_id, after="0-0"))
    ]
    assert events.count("player_confirmed") == len(acknowledged)
    assert events.count("turn_dealt") == events.count("turn_closed") == turn
    assert events.count("game_over") == 1
