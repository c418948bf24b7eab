"""Tests of arbitre.rules.kinds.indecix.game (through the kind): turns, passes, the modes,
seats, matches, pauses, saving and loading."""

from __future__ import annotations

import copy

import pytest

from arbitre.rules.kinds.base import ActionRefusedError, InvalidConfigError, Setup, Stage
from arbitre.rules.kinds.indecix import INDECIX, BadStateError, dice
from arbitre.rules.kinds.indecix.game import RESULT_MS, Secrets
from arbitre.rules.kinds.indecix.rolls import Loss
from tests.rules.kinds.indecix.games import (
    legal,
    new,
    place,
    play_out,
    refused,
    roller,
    seed_opening,
    seen,
    set_grid,
    start,
)

#: Every row holds a 5 (on a diagonal): a 5 has no legal cell, any other face has.
NO_FIVE = ["5.....", ".e....", "..5...", "...e..", "....5.", ".....e"]


def test_the_kind_s_identity() -> None:
    assert (INDECIX.name, INDECIX.title, INDECIX.min_seats, INDECIX.max_seats) == (
        "indecix",
        "Indecix",
        2,
        2,
    )


def test_the_kind_is_registered() -> None:
    from arbitre.rules.kinds import kind

    assert kind("indecix") is INDECIX


def test_a_game_waits_for_two_players() -> None:
    state = new(players=("ana",))
    assert INDECIX.phase(state, 0).stage is Stage.WAITING
    refused(state, "not_enough_players", lambda: INDECIX.open_next(state, 0))
    refused(state, "not_started", lambda: INDECIX.act(state, "ana", {"cell": "A1", "roll": 1}, 0))
    refused(state, "not_started", lambda: INDECIX.close(state, 0))
    INDECIX.seat(state, "bob", 0)
    assert state.match.seats == ["ana", "bob"]
    refused(state, "table_full", lambda: INDECIX.seat(state, "cyd", 0))
    refused(state, "already_seated", lambda: INDECIX.seat(state, "bob", 0))


def test_new_game_refuses_three_players_or_twice_the_same() -> None:
    config = INDECIX.configure({})
    with pytest.raises(InvalidConfigError):
        INDECIX.new_game(config, Setup("g", 1, ("a", "b", "c")), None)
    with pytest.raises(InvalidConfigError):
        INDECIX.new_game(config, Setup("g", 1, ("a", "a")), None)


def test_the_seed_decides_the_starter_and_the_faces() -> None:
    for seed in range(6):
        state = start(seed)
        roll = state.match.current
        assert roll is not None
        assert (roll.number, roll.index, roll.game) == (1, 1, 1)
        assert roll.player == dice.starter(seed, 1)
        assert roll.face == dice.faces(seed, 1)[0]
        phase = INDECIX.phase(state, 0)
        assert phase.stage is Stage.PLAYING
        assert phase.actors == frozenset({roller(state)})
        assert (phase.number, phase.deadline_ms, phase.due_ms, phase.next_ms) == (
            1,
            None,
            None,
            None,
        )


def test_players_alternate_and_the_game_ends_after_36_rolls() -> None:
    state = start(11)
    rollers = []
    while state.match.current is not None:
        rollers.append(state.match.current.player)
        place(state, legal(state)[0])
    game = state.match.games[0]
    assert len(game.rolls) == 36
    assert [roll.player for roll in game.rolls] == [
        dice.roller(game.starter, n) for n in range(1, 37)
    ]
    assert state.match.stage is Stage.OVER
    assert state.match.seed == 11
    phase = INDECIX.phase(state, 0)
    assert (phase.stage, phase.number, phase.actors) == (Stage.OVER, 36, frozenset())


def test_placing_rolls_the_next_die_at_once() -> None:
    state = start(3, now=1_000)
    first = state.match.current
    assert first is not None
    outcome = INDECIX.act(state, roller(state), {"cell": "C4", "roll": 1}, 2_500)
    kinds = [kind for kind, _ in seen(outcome.events)]
    assert kinds[:2] == ["die_placed", "die_rolled"]
    second = state.match.current
    assert second is not None
    assert (second.number, second.player, second.rolled_ms) == (2, 1 - first.player, 2_500)
    assert outcome.result["cell"] == "C4"
    assert outcome.result["face"] == first.face


def test_a_die_without_a_legal_cell_goes_to_the_opponent_for_a_point() -> None:
    seed = _seed_with_face_at(5, 2)
    state = start(seed)
    set_grid(state, NO_FIVE)
    passer_seat = 1 - state.match.current.player  # type: ignore[union-attr]
    outcome = INDECIX.act(state, roller(state), {"cell": legal(state)[0], "roll": 1}, 10)
    events = seen(outcome.events)
    assert [kind for kind, _ in events][:4] == [
        "die_placed",
        "die_rolled",
        "die_lost",
        "die_rolled",
    ]
    lost = events[2][1]
    opponent = state.match.seats[1 - passer_seat]
    assert (lost["reason"], lost["face"], lost["to"], lost["points"]) == (
        "no_legal_cell",
        5,
        opponent,
        1,
    )
    trays = state.match.games[0].trays()
    assert trays[1 - passer_seat].unplayed_opponent == (5,)
    assert state.match.current.player == 1 - passer_seat  # type: ignore[union-attr]
    assert state.match.number == 3


def _seed_with_face_at(face: int, index: int) -> int:
    """A seed whose roll ``index`` of the first game has ``face`` and whose earlier rolls do
    not."""
    for seed in range(10_000):
        faces = dice.faces(seed, 1)
        if faces[index - 1] == face and face not in faces[: index - 1]:
            return seed
    raise AssertionError("no such seed")


def test_refusals_change_nothing() -> None:
    state = start(seed_opening(3))
    set_grid(state, ["...3..", "......", "......", "......", "......", "......"])
    player = roller(state)
    other = state.match.seats[1 - state.match.seats.index(player)]
    act = INDECIX.act
    refused(state, "not_your_turn", lambda: act(state, other, {"cell": "B2", "roll": 1}, 0))
    refused(state, "not_seated", lambda: act(state, "zed", {"cell": "B2", "roll": 1}, 0))
    refused(state, "wrong_roll", lambda: act(state, player, {"cell": "B2", "roll": 2}, 0))
    refused(state, "wrong_roll", lambda: act(state, player, {"cell": "B2", "roll": 0}, 0))
    refused(state, "occupied", lambda: act(state, player, {"cell": "A4", "roll": 1}, 0))
    refused(state, "illegal_cell", lambda: act(state, player, {"cell": "A1", "roll": 1}, 0))
    refused(state, "illegal_cell", lambda: act(state, player, {"cell": "F4", "roll": 1}, 0))
    refused(state, "bad_cell", lambda: act(state, player, {"cell": "G1", "roll": 1}, 0))
    for action in (
        {"cell": "B2"},
        {"roll": 1},
        {"cell": 12, "roll": 1},
        {"cell": "B2", "roll": "1"},
        {"cell": "B2", "roll": True},
        {"cell": "B2", "roll": 1, "face": 6},  # a forged die
        ["B2", 1],
    ):
        refused(state, "bad_action", lambda a=action: act(state, player, a, 0))  # type: ignore[misc]
    refused(state, "roll_open", lambda: INDECIX.open_next(state, 0))
    refused(state, "not_due", lambda: INDECIX.close(state, 10**9))
    refused(state, "already_seated", lambda: INDECIX.seat(state, player, 0))
    refused(state, "table_full", lambda: INDECIX.seat(state, "zed", 0))
    refused(state, "not_seated", lambda: INDECIX.leave(state, "zed", 0))
    place(state, "B2")
    play_out(state)
    refused(state, "game_over", lambda: act(state, player, {"cell": "B2", "roll": 37}, 0))
    refused(state, "game_over", lambda: INDECIX.open_next(state, 0))
    refused(state, "game_over", lambda: INDECIX.close(state, 0))
    refused(state, "game_over", lambda: INDECIX.seat(state, "zed", 0))
    refused(state, "game_over", lambda: INDECIX.leave(state, player, 0))


# -- Blitz ---------------------------------------------------------------------------------------


def test_blitz_gives_each_die_a_deadline_and_loses_it_after() -> None:
    state = start(5, now=1_000, mode="blitz", blitz_seconds=7)
    roll = state.match.current
    assert roll is not None
    assert roll.deadline_ms == 8_000
    phase = INDECIX.phase(state, 7_999)
    assert (phase.deadline_ms, phase.due_ms, phase.actors) == (
        8_000,
        8_000,
        frozenset({roller(state)}),
    )
    assert INDECIX.phase(state, 8_000).actors == frozenset()
    player = roller(state)
    refused(state, "too_late", lambda: INDECIX.act(state, player, {"cell": "C3", "roll": 1}, 8_000))
    refused(state, "not_due", lambda: INDECIX.close(state, 7_999))
    events = seen(INDECIX.close(state, 8_003))
    assert [kind for kind, _ in events][:2] == ["die_lost", "die_rolled"]
    assert (events[0][1]["reason"], events[0][1]["to"]) == (
        "timeout",
        state.match.seats[1 - roll.player],
    )
    after = state.match.current
    assert after is not None
    assert (after.number, after.rolled_ms, after.deadline_ms) == (2, 8_003, 15_003)
    assert state.match.games[0].trays()[1 - roll.player].unplayed_opponent == (roll.face,)


def test_a_pause_moves_the_deadline_and_the_record_still_replays() -> None:
    state = start(5, now=0, mode="blitz")
    INDECIX.shift(state, 60_000)
    roll = state.match.current
    assert roll is not None
    assert roll.deadline_ms == 70_000
    place(state, legal(state)[0], now=65_000)  # in time thanks to the pause
    INDECIX.shift(state, 0)
    play_out(state, now=65_000)
    replayed = INDECIX.replay(INDECIX.record(state), None)
    assert INDECIX.record(replayed) == INDECIX.record(state)


def test_a_shift_without_a_deadline_changes_nothing() -> None:
    state = start(5)
    before = INDECIX.save(state)
    INDECIX.shift(state, 5_000)
    assert INDECIX.save(state) == before


# -- Master --------------------------------------------------------------------------------------


def test_master_loses_a_die_dropped_on_an_illegal_cell() -> None:
    state = start(seed_opening(3), mode="master")
    set_grid(state, ["...3..", "......", "......", "......", "......", "......"])
    player = roller(state)
    outcome = INDECIX.act(state, player, {"cell": "A1", "roll": 1}, 5)
    assert outcome.result["placed"] is False
    assert (outcome.result["reason"], outcome.result["cell"]) == ("illegal_drop", "A1")
    assert state.match.games[0].grid.rows()[0] == "...3.."  # nothing placed
    assert state.match.number == 2
    # an occupied cell is refused in Master too
    refused(
        state,
        "occupied",
        lambda: INDECIX.act(state, roller(state), {"cell": "A4", "roll": 2}, 6),
    )


# -- seats ---------------------------------------------------------------------------------------


def test_before_the_start_a_seat_is_freed_by_leaving() -> None:
    state = new(players=("ana", "bob"))
    events = seen(INDECIX.leave(state, "ana", 0))
    assert events == [("player_left", {"player": "ana", "seat": 0})]
    assert state.match.seats == ["bob"]
    assert seen(INDECIX.seat(state, "cyd", 0)) == [("player_joined", {"player": "cyd", "seat": 1})]
    INDECIX.open_next(state, 0)
    assert state.match.seats == ["bob", "cyd"]


def test_a_player_who_leaves_loses_each_die_until_they_return() -> None:
    state = start(9)
    mover = roller(state)
    other = next(p for p in state.match.seats if p != mover)
    place(state, legal(state)[0])
    assert roller(state) == other
    events = seen(INDECIX.leave(state, other, 100))
    kinds = [kind for kind, _ in events]
    assert kinds[:3] == ["player_left", "die_lost", "die_rolled"]
    assert events[1][1]["reason"] == "absent"
    assert roller(state) == mover
    place(state, legal(state)[0], now=200)
    # the other player's die was lost at once, and it is the mover's turn again
    assert state.match.games[0].rolls[-2].lost is Loss.ABSENT
    assert roller(state) == mover
    refused(state, "not_seated", lambda: INDECIX.act(state, other, {"cell": "A1", "roll": 5}, 0))
    refused(state, "table_full", lambda: INDECIX.seat(state, "zed", 0))
    assert seen(INDECIX.seat(state, other, 300)) == [
        ("player_joined", {"player": other, "seat": state.match.seats.index(other)})
    ]
    place(state, legal(state)[0], now=400)
    assert roller(state) == other
    assert [s.player for s in INDECIX.standings(state)] == sorted(
        state.match.seats, key=lambda p: -{s.player: s.total for s in INDECIX.standings(state)}[p]
    )


def test_when_both_leave_the_game_plays_itself_to_the_end() -> None:
    state = start(9)
    first = roller(state)
    second = next(p for p in state.match.seats if p != first)
    INDECIX.leave(state, second, 10)
    events = seen(INDECIX.leave(state, first, 20))
    assert events[-1][0] == "game_over"
    assert state.match.stage is Stage.OVER
    totals = {s.player: s.total for s in INDECIX.standings(state)}
    assert totals == {first: 18, second: 18}  # each got the other's 18 dice as unplayed


# -- matches -------------------------------------------------------------------------------------


def test_a_match_alternates_the_starter_and_opens_after_the_result_or_on_request() -> None:
    state = start(2, games=3)
    starters = []
    for number in (1, 2, 3):
        game = state.match.game
        assert game is not None
        assert game.number == number
        starters.append(game.starter)
        events = play_out(state, now=number * 1_000)
        assert seen(events)[-1][0] == ("game_over" if number == 3 else "game_ended")
        if number < 3:
            phase = INDECIX.phase(state, 0)
            ended = state.match.games[-1].closed_ms
            assert ended is not None
            assert (phase.stage, phase.number) == (Stage.BETWEEN, 36 * number)
            assert phase.next_ms == ended + RESULT_MS  # by itself after the result
            refused(state, "no_roll", lambda: INDECIX.close(state, 0))
            action = {"cell": "A1", "roll": 36 * number}
            refused(state, "no_roll", lambda: INDECIX.act(state, "ana", action, 0))  # noqa: B023
            INDECIX.open_next(state, number * 1_000 + 500)
            assert state.match.current is not None
            assert state.match.current.number == 36 * number + 1
    assert starters == [dice.starter(2, 1), 1 - dice.starter(2, 1), dice.starter(2, 1)]
    assert all(len(game.rolls) == 36 for game in state.match.games)
    assert state.match.games[1].rolls[0].face == dice.faces(2, 2)[0]
    standings = INDECIX.standings(state)
    for line in standings:
        seat = line.details["seat"]
        totals = [game.trays()[seat].total for game in state.match.games]
        assert line.details["games"] == totals
        assert line.total == sum(totals)


# -- saving and loading --------------------------------------------------------------------------


def test_save_and_load_give_the_same_game_at_every_step() -> None:
    state = start(4, mode="blitz", games=2)
    now = 0
    while state.match.stage is not Stage.OVER:
        saved = INDECIX.save(state)
        loaded = INDECIX.load(copy.deepcopy(saved), None)
        assert INDECIX.save(loaded) == saved
        assert INDECIX.record(loaded) == INDECIX.record(state)
        assert loaded.match.current == state.match.current
        assert loaded.secrets == state.secrets
        now += 1_000
        if state.match.current is None:
            INDECIX.open_next(state, now)
        elif state.match.number % 7 == 3:
            INDECIX.close(state, now + 20_000)
            now += 20_000
        else:
            place(state, legal(state)[-1], now)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(version=2), "version 1"),
        (lambda d: d.update(seed="7"), "seed"),
        (lambda d: d.update(steps="x"), "steps"),
        (lambda d: d["steps"].append({"step": "dance", "at_ms": 1}), "unknown step"),
        (lambda d: d["steps"].append({"step": "place", "player": "ana"}), "at_ms"),
        (lambda d: d["steps"][1].update(cell="A1", roll=9), "does not load"),
        (lambda d: d.update(rolls=99), "number of rolls"),
        (lambda d: d.update(config={"mode": "slow"}), "does not load"),
        (lambda d: d.update(starters=["a", "b", "c"]), "does not load"),
    ],
)
def test_load_refuses_what_save_did_not_write(change: object, message: str) -> None:
    state = start(4)
    place(state, legal(state)[0])
    data = INDECIX.save(state)
    change(data)  # type: ignore[operator]
    with pytest.raises(BadStateError, match=message) as error:
        INDECIX.load(data, None)
    assert error.value.code == "bad_state"


def test_load_refuses_a_mapping_that_is_not_a_save() -> None:
    with pytest.raises(BadStateError):
        INDECIX.load([], None)  # type: ignore[arg-type]


def test_the_secrets_compare_by_seed() -> None:
    assert Secrets(3) == Secrets(3)
    assert Secrets(3) != Secrets(4)
    assert "3" not in repr(Secrets(3))


def test_an_action_refused_for_time_is_refused_before_the_cell_is_read() -> None:
    state = start(5, mode="blitz")
    with pytest.raises(ActionRefusedError) as error:
        INDECIX.act(state, roller(state), {"cell": "Z9", "roll": 1}, 10**6)
    assert error.value.code == "too_late"
