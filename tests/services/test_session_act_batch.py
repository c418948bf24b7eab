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
