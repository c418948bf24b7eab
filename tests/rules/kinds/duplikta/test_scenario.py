"""Tourlou's scenarios: the levels' ranks, a game whose Tourlou word is always installed, the
package made by ``arbitre duplikta deal`` checked by playing it again, and what a player may
see of a scenario before the end."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from typing import Any

import pytest

from arbitre.cli.duplikta_command import scenario_package
from arbitre.engine.robots.duplikta import scenario_move
from arbitre.rules.board import Board
from arbitre.rules.kinds.base import ActionRefusedError, InvalidConfigError, Setup, Viewer
from arbitre.rules.kinds.duplikta import DUPLIKTA, DupliktaGame
from arbitre.rules.kinds.duplikta.config import configure
from arbitre.rules.kinds.duplikta.scenario import (
    Scenario,
    ScenarioMismatchError,
    deal_order,
    level_rank,
    package_config,
    package_game,
    scenario_seed,
)
from tests.rules.kinds.duplikta.samples import french

SEED = 7
OPTIONS = {"clock": 0, "chances": 3}


def made(level: int = 6, number: int = 12) -> dict[str, Any]:
    """The record of a scenario as ``arbitre duplikta deal`` makes it."""
    record: dict[str, Any] = scenario_package(number, level, SEED, OPTIONS)["record"]
    return record


def test_each_level_plays_the_move_at_its_share_of_the_list() -> None:
    # 40 moves, best first: level 6 the top, then 10 % further down a level, 1 the median.
    assert [level_rank(level, 40) for level in range(6, 0, -1)] == [0, 4, 8, 12, 16, 20]
    assert [level_rank(level, 7) for level in range(6, 0, -1)] == [0, 0, 1, 2, 2, 3]
    assert level_rank(1, 1) == 0
    with pytest.raises(InvalidConfigError):
        level_rank(7, 10)


def test_tourlous_move_at_a_level_is_that_rank_of_its_moves() -> None:
    board, rack = Board.empty(), "ABEIMRT"
    source = french().moves(configure(OPTIONS).tiles)
    every = source.robot_moves(board, rack, 0, False).moves
    scores = [move.score for move in every]
    assert scores == sorted(scores, reverse=True)
    for level in range(1, 7):
        expected = every[level_rank(level, len(every))].notation
        assert scenario_move(source, board, rack, level, False) == expected
    assert scenario_move(source, board, "", 3, False) is None


def test_in_a_scenario_tourlous_word_is_installed_even_against_a_better_move() -> None:
    record = made(level=1)
    config = package_config(record["config"], {})
    assert config.scenario is not None
    assert (config.scenario.number, config.scenario.level) == (12, 1)
    game = DupliktaGame(config, SEED, french(), ("ana", "tourlou"))
    rack = game.deal()
    assert rack is not None
    assert rack == record["turns"][0]["rack"]
    assert game.confirmed("tourlou")  # its move of the turn is the scenario's, at the deal
    source = french().moves(config.tiles)
    best = source.robot_moves(Board.empty(), rack, 1, False).moves[0]
    game.confirm("ana", best.notation)
    played = game.close_turn()
    mine, its = played.side("ana"), played.side("tourlou")
    assert its.move == record["turns"][0]["move"]
    assert mine.accepted
    assert mine.score > its.score  # the level-1 move is far below the top
    assert (played.installed, played.criterion.value) == ("tourlou", "scenario")
    assert mine.bonuses == {}
    assert its.bonuses == {}
    assert mine.points == mine.score  # scored and compared, never installed
    assert sum(row.count(".") for row in game.board.rows()) == 15 * 15 - its.tiles


def test_nobody_confirms_for_tourlou_and_a_pass_of_the_person_installs_its_word() -> None:
    record = made()
    config = package_config(record["config"], {})
    game = DupliktaGame(config, SEED, french(), ("ana", "tourlou"))
    game.deal()
    with pytest.raises(ActionRefusedError, match="already confirmed"):
        game.confirm("tourlou", None)  # nobody confirms for Tourlou
    game.confirm("ana", None)
    assert game.close_turn().installed == "tourlou"
    assert game.deal() == record["turns"][1]["rack"]


def test_a_scenario_package_plays_again_from_its_seed() -> None:
    record = made()
    config = package_config(record["config"], {"pauses": 1})
    assert config.pauses == 1
    assert package_game(record, config, french()) == SEED
    assert record["turns"][-1]["move"] is not None or len(record["turns"]) > 1
    assert record["config"]["scenario"]["moves"] == [turn["move"] for turn in record["turns"]]


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r["turns"][1].update(rack="EEEEEEE"),
        lambda r: r["turns"][2].update(move="H8 ZZZ"),
        lambda r: r.update(seed=SEED + 1),
        lambda r: r.update(commitment="0" * 64),
        lambda r: r.update(level=5),
        lambda r: r.update(turns=r["turns"][:-1]),
        lambda r: r["config"]["scenario"]["moves"].__setitem__(0, "H8 ABIMER"),
        lambda r: r.update(format="arbitre.indecix-deal/1"),
    ],
)
def test_a_scenario_that_its_seed_does_not_give_is_refused(change: Any) -> None:
    record = copy.deepcopy(made())
    config = package_config(record["config"], {})
    change(record)
    with pytest.raises((ScenarioMismatchError, InvalidConfigError)):
        package_game(record, package_config(record["config"], {}), french())
    if record["config"]["scenario"]["moves"] == made()["config"]["scenario"]["moves"]:
        with pytest.raises((ScenarioMismatchError, InvalidConfigError)):
            package_game(record, config, french())


def test_a_game_from_a_scenario_takes_no_other_setting() -> None:
    record = made()
    with pytest.raises(InvalidConfigError, match="clock"):
        package_config(record["config"], {"clock": 60})
    with pytest.raises(InvalidConfigError, match="no scenario"):
        package_config({"clock": 0}, {})
    other = configure({**OPTIONS, "scenario": record["config"]["scenario"], "chances": 4})
    with pytest.raises(InvalidConfigError):
        package_game(record, other, french())


def test_tourlous_moves_to_come_are_not_in_the_view_nor_the_record_before_the_end() -> None:
    record = made()
    config = package_config(record["config"], {})
    state = DUPLIKTA.new_game(config, Setup("g", SEED, ("ana", "tourlou")), french())
    DUPLIKTA.open_next(state, 1_000)
    moves = [turn["move"] for turn in record["turns"] if turn["move"]]
    for viewer in (Viewer("ana"), Viewer.spectator()):
        view = DUPLIKTA.view(state, viewer, 2_000)
        assert view["config"]["scenario"] == {"number": 12, "level": 6, "moves": []}
        text = json.dumps(view)
        assert not any(move in text for move in moves)
    assert not any(move in json.dumps(DUPLIKTA.record(state)) for move in moves)
    assert DUPLIKTA.record(state)["config"]["scenario"]["level"] == 6
    turn = 1
    while not state.over:
        DUPLIKTA.act(state, "ana", {"turn": turn, "confirm": None}, 3_000 * turn)
        DUPLIKTA.close(state, 3_000 * turn + 1)
        if not state.over:
            turn += 1
            DUPLIKTA.open_next(state, 3_000 * turn)
    over = DUPLIKTA.record(state)
    assert over["config"]["scenario"] == record["config"]["scenario"]
    assert [line["installed"] for line in over["turns"]] == ["tourlou"] * len(over["turns"])
    assert DUPLIKTA.record(DUPLIKTA.replay(over, french())) == over


def test_in_a_scenario_the_second_seat_is_tourlous_whoever_sits_first() -> None:
    config = package_config(made()["config"], {})
    state = DUPLIKTA.new_game(config, Setup("g", SEED, ()), french())
    (joined,) = DUPLIKTA.seat_robot(state, "tourlou", 1_000)
    assert joined.public is not None
    assert joined.public.data == {"player": "tourlou", "seat": 1}
    view = DUPLIKTA.view(state, Viewer.spectator(), 1_000)
    assert [(line["player"], line["seat"]) for line in view["players"]] == [("tourlou", 1)]
    with pytest.raises(ActionRefusedError) as refused:
        DUPLIKTA.seat_robot(state, "robby", 1_500)
    assert refused.value.code == "table_full"
    (joined,) = DUPLIKTA.seat(state, "ana", 2_000)
    assert joined.public is not None
    assert joined.public.data == {"player": "ana", "seat": 0}
    assert state.seats == ["ana", "tourlou"]
    DUPLIKTA.open_next(state, 3_000)
    assert state.game is not None
    assert state.game.players == ("ana", "tourlou")
    assert state.game.confirmed("tourlou")
    assert not state.game.confirmed("ana")
    again = DUPLIKTA.load(DUPLIKTA.save(state), french())
    assert (again.seats, again.robots) == (["ana", "tourlou"], {"tourlou"})


def test_a_person_is_refused_tourlous_seat_and_nothing_changes() -> None:
    config = package_config(made()["config"], {})
    state = DUPLIKTA.new_game(config, Setup("g", SEED, ()), french())
    DUPLIKTA.seat(state, "ana", 1_000)
    before = DUPLIKTA.save(state)
    with pytest.raises(ActionRefusedError) as refused:
        DUPLIKTA.seat(state, "bob", 2_000)
    assert refused.value.code == "robot_seat"
    assert DUPLIKTA.save(state) == before
    DUPLIKTA.leave(state, "ana", 2_500)  # the person's seat free again: a person takes it
    assert DUPLIKTA.seat(state, "bob", 3_000)[0].public.data["seat"] == 0  # type: ignore[union-attr]
    DUPLIKTA.seat_robot(state, "tourlou", 3_500)
    assert state.seats == ["bob", "tourlou"]
    with pytest.raises(ActionRefusedError) as refused:  # outside a scenario, anyone sits
        DUPLIKTA.seat(state, "cyd", 4_000)
    assert refused.value.code == "table_full"
    free = DUPLIKTA.new_game(configure(OPTIONS), Setup("h", SEED, ()), french())
    DUPLIKTA.seat_robot(free, "tourlou", 1_000)
    DUPLIKTA.seat(free, "ana", 2_000)
    assert free.seats == ["tourlou", "ana"]


def test_a_scenario_option_is_checked() -> None:
    with pytest.raises(InvalidConfigError, match="level"):
        configure({"scenario": {"number": 1, "level": 7, "moves": []}})
    with pytest.raises(InvalidConfigError, match="number"):
        Scenario(0, 3, ())
    assert replace(configure({}), scenario=Scenario(1, 1, ("H8 JOUR", None))).scenario
    with pytest.raises(InvalidConfigError, match="notation or null"):
        configure({"scenario": {"number": 1, "level": 1, "moves": [{"value": "H8 JOUR"}]}})


def test_a_scenario_asked_by_number_and_level_is_a_deal_of_the_numbers_seed() -> None:
    data = {"clock": 0, "chances": 3, "pauses": 1, "scenario": {"number": 41, "level": 2}}
    order = DUPLIKTA.deal_order(data)
    assert order is not None
    assert order.order == {"number": 41, "level": 2}
    assert order.seed == scenario_seed(41) == 4_328_356_661_123_164_003
    assert order.config == configure({"clock": 0, "chances": 3})  # the deal's, pauses aside
    assert order.settings == {"pauses": 1}
    with pytest.raises(InvalidConfigError, match="pauses"):
        deal_order({**data, "pauses": 11})
    assert DUPLIKTA.deal_order({"clock": 0}) is None
    assert deal_order({"scenario": {"number": 41, "level": 2, "moves": []}}) is not None
    assert len({scenario_seed(number) for number in range(1, 1_001)}) == 1_000
    assert all(0 <= scenario_seed(number) < 2**63 for number in (1, 9_999))


@pytest.mark.parametrize(
    ("scenario", "said"),
    [
        ({"number": 0, "level": 2}, "number"),
        ({"number": 10_000, "level": 2}, "number"),
        ({"number": True, "level": 2}, "number"),
        ({"number": 41, "level": 0}, "level"),
        ({"number": 41, "level": 7}, "level"),
        ({"number": 41, "level": 2, "moves": ["H8 JOUR"]}, "package only"),
        ({"number": 41, "level": 2, "seed": 3}, "number, level"),
        ([41, 2], "number, level"),
    ],
)
def test_a_scenario_asked_for_is_checked(scenario: Any, said: str) -> None:
    with pytest.raises(InvalidConfigError, match=said):
        deal_order({"scenario": scenario})
