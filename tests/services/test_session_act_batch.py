"""``ActBatch`` over real gRPC: several players' actions in one call, each taken as ``Act``
takes it, each with the outcome ``Act`` would give (its answer, or the status that call would
end with), in the request's order; a batch past its bound is refused whole."""

from __future__ import annotations

from typing import Any

import grpc
import pytest

from arbitre.services.session.limits import MAX_ACT_BATCH
from arbitre.v1 import duel_pb2, session_pb2
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401
from tests.services.test_session_duel import command, create, join, words_of


def act(game_id: str, token: str, word: str, number: int = 1, key: str = "") -> Any:
    action = duel_pb2.DuelAction(guess=word, round=number)
    return session_pb2.ActRequest(game_id=game_id, token=token, duel=action, request_id=key)


def one_by_one(stub: Any, request: Any) -> tuple[str, Any]:
    """What ``Act`` gives ``request``: ("answer", the response) or ("refusal", (code, text))."""
    try:
        return "answer", stub.Act(request)
    except grpc.RpcError as error:
        return "refusal", (error.code().value[0], error.details())


def test_each_action_of_a_batch_gets_what_act_gives(stub: Any) -> None:
    created = create(stub)
    game_id = created.game_id
    word = words_of(game_id)[0]
    players = [join(stub, game_id, name) for name in ("Ana", "Bob", "Cyd", "Dan")]
    command(stub, "Start", created)
    ana, bob, cyd, dan = (player.player_token for player in players)
    batch = [
        act(game_id, ana, "crane", key="a-1"),
        act(game_id, bob, "zzzzz"),  # not in the list
        act(game_id, cyd, word),  # found
        act(game_id, ana, "crane"),  # tried already, by the first of the batch
        act(game_id, created.organiser_token, "crane"),  # no player's token
        act("AAAAAAAAAAAA", dan, "crane"),  # no such game
        act(game_id, dan, "crane", number=2),  # wrong round
        act(game_id, ana, "crane", key="a-1"),  # the first again: its answer, replayed
    ]
    answer = stub.ActBatch(session_pb2.ActBatchRequest(actions=batch))
    kinds = [outcome.WhichOneof("outcome") for outcome in answer.outcomes]
    assert kinds == [
        "answer",
        "refusal",
        "answer",
        "refusal",
        "refusal",
        "refusal",
        "refusal",
        "answer",
    ]
    assert answer.outcomes[0].answer.duel.letters == "CRANE"
    assert answer.outcomes[2].answer.duel.found
    assert answer.outcomes[7].answer.replayed
    assert answer.outcomes[7].answer.duel == answer.outcomes[0].answer.duel
    refusals = [(o.refusal.code, o.refusal.message) for o in answer.outcomes if o.refusal.code]
    assert [code for code, _ in refusals] == [
        grpc.StatusCode.FAILED_PRECONDITION.value[0],
        grpc.StatusCode.FAILED_PRECONDITION.value[0],
        grpc.StatusCode.PERMISSION_DENIED.value[0],
        grpc.StatusCode.NOT_FOUND.value[0],
        grpc.StatusCode.FAILED_PRECONDITION.value[0],
    ]
    assert refusals[0][1].startswith("not_in_list")
    assert refusals[1][1].startswith("already_tried")
    # The same refusals, one call each, on a game where they are the same: Bob and Dan have
    # spent nothing, Ana has her one row.
    for request, outcome in zip(batch[1:], answer.outcomes[1:], strict=True):
        if outcome.WhichOneof("outcome") == "refusal":
            alone = one_by_one(stub, request)
            assert alone == ("refusal", (outcome.refusal.code, outcome.refusal.message))
    state = stub.GetGame(session_pb2.GetGameRequest(game_id=game_id, token=ana))
    assert len(state.duel.you.grid.rows) == 1


def test_a_batch_past_its_bound_is_refused_whole(stub: Any) -> None:
    created = create(stub)
    game_id = created.game_id
    ana = join(stub, game_id, "Ana").player_token
    join(stub, game_id, "Bob")
    command(stub, "Start", created)
    many = [act(game_id, ana, "crane", key=f"k-{n}") for n in range(MAX_ACT_BATCH + 1)]
    with pytest.raises(grpc.RpcError) as refused:
        stub.ActBatch(session_pb2.ActBatchRequest(actions=many))
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    state = stub.GetGame(session_pb2.GetGameRequest(game_id=game_id, token=ana))
    assert len(state.duel.you.grid.rows) == 0


def test_a_batch_reads_its_actions_at_once_and_keeps_each(
    platform: Any, stub: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The actions of a batch read their game and part in one round trip (a read alone is not
    made: it would fail here); a second action of the same player reads after the first is
    kept, and sees it."""
    created = create(stub)
    game_id = created.game_id
    tokens = [join(stub, game_id, name).player_token for name in ("Ana", "Bob", "Cyd")]
    command(stub, "Start", created)
    parts = platform.session.parts
    shared: list[int] = []
    read_many = parts.read_many

    def counted(wanted: Any) -> Any:
        shared.append(len(wanted))
        return read_many(wanted)

    def alone(*_: Any) -> Any:
        raise AssertionError("an action of the batch read on its own")

    monkeypatch.setattr(parts, "read_many", counted)
    monkeypatch.setattr(parts, "read_with_game", alone)
    batch = [act(game_id, token, "crane") for token in tokens]
    answer = stub.ActBatch(session_pb2.ActBatchRequest(actions=batch))
    assert [o.WhichOneof("outcome") for o in answer.outcomes] == ["answer"] * 3
    assert shared == [3]
    monkeypatch.delattr(parts, "read_with_game")  # the class's again
    twice = [act(game_id, tokens[0], "slate"), act(game_id, tokens[0], "slate")]
    answer = stub.ActBatch(session_pb2.ActBatchRequest(actions=twice))
    assert answer.outcomes[0].answer.duel.row == 1
    assert answer.outcomes[1].refusal.message.startswith("already_tried")


def test_a_batch_read_before_the_round_closed_is_judged_again(
    platform: Any, stub: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a batch read at its arrival may be stale by the time an action is kept: a round
    closed meanwhile refuses the guess (round over), nothing kept."""
    created = create(stub)
    game_id = created.game_id
    tokens = [join(stub, game_id, name).player_token for name in ("Ana", "Bob")]
    command(stub, "Start", created)
    service = platform.session
    read_many = service.parts.read_many

    def then_close(wanted: Any) -> Any:
        reads = read_many(wanted)
        now = service.store.now_ms
        monkeypatch.setattr(service.store, "now_ms", lambda: now() + 10_000_000)
        service.step(game_id)  # the round's end, long past: closed before the guesses
        monkeypatch.setattr(service.store, "now_ms", now)
        return reads

    monkeypatch.setattr(service.parts, "read_many", then_close)
    batch = [act(game_id, token, "crane") for token in tokens]
    answer = stub.ActBatch(session_pb2.ActBatchRequest(actions=batch))
    assert [o.WhichOneof("outcome") for o in answer.outcomes] == ["refusal"] * 2
    state = stub.GetGame(session_pb2.GetGameRequest(game_id=game_id, token=tokens[0]))
    assert state.duel.closed[0].word
    assert not state.duel.closed[0].players[0].rows
