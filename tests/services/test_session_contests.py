"""Contests on the session service (:mod:`arbitre.services.session.contests`), over real gRPC
and a real Redis: tables made from one Indecix deal roll the same dice to the same seats, play
to their end, and are ranked across tables seat by seat (:mod:`arbitre.rules.contest`); while
the contest runs nobody but its organiser learns a table's game id; bad contests are refused
with nothing made; the organiser may close a contest early."""

from __future__ import annotations

import json
import time
from typing import Any

import grpc
import pytest

from arbitre.api.proto_data import fill, to_data
from arbitre.rules.contest import ContestTable, SeatTotal, rank
from arbitre.rules.game_package import seal
from arbitre.rules.kinds import kind
from arbitre.rules.kinds.indecix.package import deal_record
from arbitre.v1 import common_pb2, duel_pb2, indecix_pb2, session_pb2
from tests.redis_fixtures import redis_db, redis_url  # noqa: F401
from tests.services.test_session_indecix import Table, refusal, state_of, view_in

INDECIX = kind("indecix")
#: Long enough that no clock time or hash holds it by chance: a leak shows.
SEED = 915_337_208_641_553


def deal_package(seed: int = SEED, **config: Any) -> dict[str, Any]:
    return seal({"title": "Contest", "record": deal_record(INDECIX.configure(config), seed)})


def contest_request(package: Any, tables: int, **settings: Any) -> Any:
    return session_pb2.CreateContestRequest(
        game=session_pb2.CreateGameRequest(
            kind=common_pb2.GAME_KIND_INDECIX,
            indecix=fill(indecix_pb2.IndecixConfig(), settings),
            package_json=json.dumps(package),
        ),
        tables=tables,
    )


class ContestTableUnderTest(Table):
    """A table of the contest, two players joined (the first sits in seat 0), who place each
    die on the ``choice``-th legal cell of their view: tables that play the same dice
    differently."""

    def __init__(self, stub: Any, game_id: str, organiser: str, number: int, choice: int) -> None:
        self.stub = stub
        self.game_id = game_id
        self.created = session_pb2.CreateGameResponse(game_id=game_id, organiser_token=organiser)
        self.players = {
            f"{name}{number}": stub.Join(
                session_pb2.JoinRequest(game_id=game_id, name=f"{name}{number}")
            )
            for name in ("North", "South")
        }
        self.received = []
        self.choice = choice

    def play_out(self) -> list[dict[str, Any]]:
        results = []
        while (turn := self.to_play()) is not None:
            name, seen = turn
            cells = seen["you"]["legal_cells"]
            roll = seen["current"]["roll"]
            action = indecix_pb2.IndecixAction(cell=cells[self.choice % len(cells)], roll=roll)
            answer = self.stub.Act(
                session_pb2.ActRequest(game_id=self.game_id, token=self.token(name), indecix=action)
            )
            results.append(to_data(answer.indecix))
        return results


def start(stub: Any, game_id: str, organiser: str) -> Any:
    return stub.Start(session_pb2.GameCommand(game_id=game_id, token=organiser))


def contest_of(stub: Any, contest_id: str, token: str = "") -> Any:
    return stub.GetContest(session_pb2.ContestRequest(contest_id=contest_id, token=token))


def test_tables_of_a_deal_roll_the_same_dice_and_are_ranked_seat_by_seat(stub: Any) -> None:
    made = stub.CreateContest(contest_request(deal_package(), 3, colours=["green", "orange"]))
    contest_id, organiser = made.contest_id, made.organiser_token
    ids = [table.game_id for table in made.contest.tables]
    assert len(set(ids)) == 3
    assert all(ids)
    assert made.contest.kind == common_pb2.GAME_KIND_INDECIX
    assert made.contest.title == "Contest"
    assert made.contest.package_hash
    assert [table.status for table in made.contest.tables] == ["waiting"] * 3
    assert not made.contest.closed
    assert not made.contest.standings

    tables = [
        ContestTableUnderTest(stub, game_id, organiser, number, choice)
        for number, (game_id, choice) in enumerate(zip(ids, (0, 1, 5), strict=True), start=1)
    ]
    # anyone else reads the tables by number only: a finished table's record holds the rolls
    # the others have still to play
    public = contest_of(stub, contest_id)
    assert [table.game_id for table in public.tables] == ["", "", ""]
    assert [seat.name for seat in public.tables[1].seats] == ["North2", "South2"]
    assert [table.game_id for table in contest_of(stub, contest_id, organiser).tables] == ids
    assert not contest_of(stub, contest_id, tables[0].token("North1")).tables[0].game_id

    for table in tables:
        started = start(stub, table.game_id, organiser)
        assert view_in(started)["config"]["colours"] == ["green", "orange"]
    firsts = {view_in(state_of(stub, table.game_id))["current"]["face"] for table in tables}
    assert len(firsts) == 1  # the first die is the same at every table
    tables[0].play_out()
    tables[1].play_out()
    midway = contest_of(stub, contest_id)
    assert [table.status for table in midway.tables] == ["over", "over", "running"]
    assert midway.tables_over == 2
    assert not midway.closed
    assert {line.table for line in midway.standings} == {1, 2}  # only the finished tables
    text = str(midway)
    assert str(SEED) not in text
    assert ids[2] not in text
    assert ids[0] not in text
    tables[2].play_out()

    closed = contest_of(stub, contest_id)
    assert closed.closed
    assert closed.closed_reason == "all_over"
    assert [table.game_id for table in closed.tables] == ids  # public once closed
    records = [
        to_data(stub.GetRecord(session_pb2.GetGameRequest(game_id=game_id)).indecix)
        for game_id in ids
    ]
    seats = [[seat.player for seat in table.seats] for table in closed.tables]
    dice = [
        [(seats[number].index(roll["player"]), roll["face"]) for roll in r["games"][0]["rolls"]]
        for number, r in enumerate(records)
    ]
    assert dice[0] == dice[1] == dice[2]  # the same dice to the same seats at every table
    assert [face for _, face in dice[0]] == deal_record(INDECIX.configure({}), SEED)["games"][0]
    expected = rank(
        [
            ContestTable(
                str(number),
                tuple(
                    SeatTotal(seat.player, seat.total) for seat in closed.tables[number - 1].seats
                ),
            )
            for number in (1, 2, 3)
        ]
    )
    found = [(line.place, line.table, line.seat, line.player) for line in closed.standings]
    assert found == [(line.place, int(line.table), line.seat, line.player) for line in expected]
    assert len(found) == 6
    for number in (1, 2, 3):  # a table's two seats gain on the field what the other loses
        versus = [line.versus for line in closed.standings if line.table == number]
        assert sum(versus) == pytest.approx(0, abs=0.02)
    states = {
        line.player: line.total
        for game_id in ids
        for line in stub.GetStandings(session_pb2.GetStandingsRequest(game_id=game_id)).standings
        for line in [line.standing]
    }
    assert {line.player: line.total for line in closed.standings} == states
    assert contest_of(stub, contest_id) == closed  # kept as it closed


def test_the_organiser_closes_a_contest_early_and_its_unfinished_table_is_unranked(
    stub: Any,
) -> None:
    made = stub.CreateContest(contest_request(deal_package(SEED + 1), 2))
    organiser = made.organiser_token
    ids = [table.game_id for table in made.contest.tables]
    first = ContestTableUnderTest(stub, ids[0], organiser, 1, 0)
    ContestTableUnderTest(stub, ids[1], organiser, 2, 0)
    start(stub, ids[0], organiser)
    first.play_out()
    request = session_pb2.ContestRequest(contest_id=made.contest_id, token=first.token("North1"))
    code, _ = refusal(lambda: stub.CloseContest(request))
    assert code is grpc.StatusCode.PERMISSION_DENIED
    code, _ = refusal(
        lambda: stub.CloseContest(session_pb2.ContestRequest(contest_id=made.contest_id))
    )
    assert code is grpc.StatusCode.UNAUTHENTICATED
    assert not contest_of(stub, made.contest_id).closed
    closing = session_pb2.ContestRequest(contest_id=made.contest_id, token=organiser)
    closed = stub.CloseContest(closing)
    assert closed.closed
    assert closed.closed_reason == "organiser"
    assert [table.status for table in closed.tables] == ["over", "waiting"]
    assert {line.table for line in closed.standings} == {1}
    assert [line.versus for line in closed.standings] == [0, 0]  # no other table to compare
    assert stub.CloseContest(closing) == closed == contest_of(stub, made.contest_id)


def test_bad_contests_are_refused_and_nothing_is_made(stub: Any, redis_db: Any) -> None:  # noqa: F811
    before = set(redis_db.keys("arbitre:game:*"))
    package = deal_package()
    cases = [
        (contest_request(package, 1), "tables: 2 to 500"),
        (contest_request(package, 501), "tables: 2 to 500"),
        (contest_request(package, 2, mode="blitz"), "give none of mode"),
        (
            session_pb2.CreateContestRequest(
                game=session_pb2.CreateGameRequest(
                    kind=common_pb2.GAME_KIND_INDECIX, indecix=indecix_pb2.IndecixConfig()
                ),
                tables=2,
            ),
            "played from a package",
        ),
        (
            session_pb2.CreateContestRequest(
                game=session_pb2.CreateGameRequest(
                    kind=common_pb2.GAME_KIND_WORD_DUEL, duel=duel_pb2.DuelConfig()
                ),
                tables=2,
            ),
            "not played in contests",
        ),
    ]
    forged = deal_record(INDECIX.configure({}), SEED)
    forged["games"][0][5] = forged["games"][0][5] % 6 + 1  # a die the seed does not roll
    cases.append((contest_request(seal({"title": "", "record": forged}), 2), "what its seed"))
    tampered = dict(package, title="changed")
    cases.append((contest_request(tampered, 2), "content hash"))
    duplicate_record = seal({"title": "", "record": {"format": "arbitre.duplicate/1"}})
    cases.append((contest_request(duplicate_record, 2), "no record"))
    for request, message in cases:
        code, details = refusal(lambda request=request: stub.CreateContest(request))
        assert code is grpc.StatusCode.INVALID_ARGUMENT, details
        assert message in details, details
    assert set(redis_db.keys("arbitre:game:*")) == before
    assert not redis_db.keys("arbitre:contest:*")
    code, _ = refusal(lambda: contest_of(stub, "nosuchcontest"))
    assert code is grpc.StatusCode.NOT_FOUND
    code, _ = refusal(lambda: contest_of(stub, "not/an/id"))
    assert code is grpc.StatusCode.INVALID_ARGUMENT


def test_a_scheduled_contest_starts_every_table_by_itself(stub: Any) -> None:
    now = state_of_any(stub)
    start_at = now + 2_000
    request = contest_request(deal_package(SEED + 2), 2)
    request.game.start_at_ms = start_at
    made = stub.CreateContest(request)
    assert made.contest.start_at_ms == start_at
    ids = [table.game_id for table in made.contest.tables]
    for number, game_id in enumerate(ids, start=1):
        ContestTableUnderTest(stub, game_id, made.organiser_token, number, 0)
        assert state_of(stub, game_id).start_at_ms == start_at
    assert [table.status for table in contest_of(stub, made.contest_id).tables] == ["waiting"] * 2
    deadline = time.monotonic() + 30
    while [table.status for table in contest_of(stub, made.contest_id).tables] != ["running"] * 2:
        assert time.monotonic() < deadline, "the tables did not start by themselves"
        time.sleep(0.1)
    faces = {view_in(state_of(stub, game_id))["current"]["face"] for game_id in ids}
    assert len(faces) == 1


def state_of_any(stub: Any) -> int:
    """The session's clock now (Unix ms), read from a game made for it."""
    made = stub.CreateGame(
        session_pb2.CreateGameRequest(
            kind=common_pb2.GAME_KIND_INDECIX, indecix=indecix_pb2.IndecixConfig()
        )
    )
    return int(made.state.server_time_ms)
