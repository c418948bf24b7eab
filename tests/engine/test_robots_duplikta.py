"""Tourlou, dupliKta's robot (arbitre.engine.robots.duplikta): from its own view it confirms, at
a moment of its own, a legal move of its rack that the rules accept (never a reversed word,
never a request at the loupe, a vertical first move allowed) or passes; its levels are ordered
by strength over seeded games; the same view gives the same plan."""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from functools import cache
from typing import Any

import pytest

from arbitre.engine.kind_tools import Words
from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.robots.duplicate import RobotLevel
from arbitre.engine.robots.duplikta import CLOCK_MOMENT, NO_CLOCK_MOMENT_MS, blanks_placed, plan
from arbitre.engine.robots.planner import Plan, planner_for
from arbitre.rules.board import Board
from arbitre.rules.kinds.base import Setup, Stage, Viewer
from arbitre.rules.kinds.duplikta.kind import DUPLIKTA, DupliktaTable
from arbitre.rules.move import Move
from arbitre.rules.tiles import TileSet

PLAYERS = ("tourlou", "rival")
START_MS = 1_000


@cache
def words() -> Words:
    return Words(load_lexicon("fr"))


class NoMoves:
    """Tools that must not be asked: a plan before its moment asks nothing."""

    def moves(self, tiles: TileSet, reversed_words: bool = False) -> Any:
        raise AssertionError("moves asked before the robot's moment")


def new(seed: int = 3, **options: Any) -> DupliktaTable:
    config = DUPLIKTA.configure({"clock": 0, **options})
    return DUPLIKTA.new_game(config, Setup("g1", seed, PLAYERS), words())


def view(state: DupliktaTable, player: str, now: int) -> Mapping[str, Any]:
    return DUPLIKTA.view(state, Viewer(player), now)


def robot_game(
    levels: tuple[str, str], seed: int, **options: Any
) -> tuple[DupliktaTable, list[Plan]]:
    """A whole game of two robots (``levels`` in seating order, the clock off) through the kind,
    each acting at its planned moment; the game and every plan."""
    state = new(seed, **options)
    now = START_MS
    DUPLIKTA.open_next(state, now)
    plans: list[Plan] = []
    while (phase := DUPLIKTA.phase(state, now)).stage is not Stage.OVER:
        if phase.stage is Stage.PLAYING:
            planned: list[tuple[int, str, Plan]] = []
            for player, level in zip(PLAYERS, levels, strict=True):
                found = plan(view(state, player, now), level, seed * 10 + len(planned), words())
                assert found is not None
                planned.append((found.at_ms, player, found))
            for at_ms, player, found in sorted(planned, key=lambda item: item[0]):
                now = max(now, at_ms)
                DUPLIKTA.act(state, player, found.action, now)
                plans.append(found)
            DUPLIKTA.close(state, now)
        else:
            now = max(now, phase.next_ms or now)
            DUPLIKTA.open_next(state, now)
    return state, plans


def totals(state: DupliktaTable) -> dict[str, int]:
    return {line.player: line.total for line in DUPLIKTA.standings(state)}


def test_tourlou_is_dupliktas_robot_on_the_seam() -> None:
    assert planner_for("duplikta") is plan


def test_no_plan_unless_a_turn_is_open_and_tourlou_has_not_confirmed() -> None:
    state = new()
    assert plan(view(state, "tourlou", START_MS), "expert", 1, words()) is None  # not started
    DUPLIKTA.open_next(state, START_MS)
    spectator = DUPLIKTA.view(state, Viewer.spectator(), START_MS)
    assert plan(spectator, "expert", 1, words()) is None  # not a player
    found = plan(view(state, "tourlou", START_MS), "expert", 1, words())
    assert found is not None
    DUPLIKTA.act(state, "tourlou", found.action, found.at_ms)
    assert plan(view(state, "tourlou", found.at_ms), "expert", 1, words()) is None  # confirmed
    DUPLIKTA.act(state, "rival", {"turn": 1, "confirm": None}, found.at_ms)
    DUPLIKTA.close(state, found.at_ms)
    assert plan(view(state, "tourlou", found.at_ms), "expert", 1, words()) is None  # between


def test_with_the_clock_off_tourlou_confirms_a_few_seconds_after_the_deal() -> None:
    state = new()
    DUPLIKTA.open_next(state, START_MS)
    moments = set()
    for seed in range(12):
        found = plan(view(state, "tourlou", START_MS), "expert", seed, words())
        assert found is not None
        assert set(found.action) == {"turn", "confirm"}
        low, high = NO_CLOCK_MOMENT_MS
        assert START_MS + low <= found.at_ms <= START_MS + high
        moments.add(found.at_ms)
    assert len(moments) == 12  # a moment of its own


def test_with_the_clock_on_nothing_is_asked_before_its_moment() -> None:
    state = new(clock=60)
    DUPLIKTA.open_next(state, START_MS)
    waiting = plan(view(state, "tourlou", START_MS), "expert", 4, NoMoves())
    assert waiting is not None
    assert waiting.action == {}
    low, high = CLOCK_MOMENT
    assert START_MS + low * 60_000 <= waiting.at_ms <= START_MS + high * 60_000
    found = plan(view(state, "tourlou", waiting.at_ms), "expert", 4, words())
    assert found is not None
    assert found.at_ms == waiting.at_ms
    assert found.action["confirm"]
    outcome = DUPLIKTA.act(state, "tourlou", found.action, found.at_ms)
    assert outcome.result["ms"] == waiting.at_ms - START_MS


@pytest.mark.parametrize("level", [level.value for level in RobotLevel])
def test_tourlou_plays_legal_accepted_moves_never_chances_nor_reversed_words(level: str) -> None:
    for seed in range(2):
        state, plans = robot_game((level, "expert"), seed)  # reversed words unlocked (5 Chances)
        assert state.config.reversed_words
        assert all(set(found.action) == {"turn", "confirm"} for found in plans)
        game = state.game
        assert game is not None
        assert game.over
        for turn in game.turns:
            side = turn.side("tourlou")
            assert not side.exchanges
            assert not side.loupe
            assert not side.returned
            assert side.passed or (side.accepted and not side.reversed_words), side
            assert side.passed or side.score > 0
            assert side.against_best <= 0  # never above the best move of the shared rack


def test_a_vertical_first_move_is_among_tourlous_moves() -> None:
    firsts = set()
    for seed in range(12):
        state = new(seed)
        DUPLIKTA.open_next(state, START_MS)
        found = plan(view(state, "tourlou", START_MS), "confirme", seed, words())
        assert found is not None
        if found.action["confirm"]:
            firsts.add(Move.from_notation(found.action["confirm"]).position.horizontal)
    assert firsts == {True, False}


def test_the_levels_are_ordered_by_strength_over_seeded_games() -> None:
    """Each pair plays 4 games, seats swapped every other game: the stronger level's total is
    higher over them, and it wins most."""
    order = ["expert", "confirme", "debutant"]
    for stronger, weaker in itertools.pairwise(order):
        points = {stronger: 0, weaker: 0}
        wins = 0
        for seed in range(4):
            levels = (stronger, weaker) if seed % 2 == 0 else (weaker, stronger)
            state, _ = robot_game(levels, seed)
            scored = dict(zip(levels, (totals(state)[player] for player in PLAYERS), strict=True))
            for level, total in scored.items():
                points[level] += total
            wins += scored[stronger] > scored[weaker]
        assert points[stronger] > points[weaker], points
        assert wins >= 3, (stronger, weaker, wins)


def test_the_same_view_gives_the_same_plan() -> None:
    for level in RobotLevel:
        first, _ = robot_game((level.value, "expert"), 5)
        again, _ = robot_game((level.value, "expert"), 5)
        assert first.game is not None
        assert again.game is not None
        assert first.game.sheet() == again.game.sheet()


#: A token set of many blanks: racks of 3 blanks or more are common.
BLANKS_SET = {
    "name": "blanches",
    "letters": {letter: {"count": 4, "value": 1} for letter in "EASRTIN"},
    "blanks": 40,
}


def test_blanks_placed_counts_only_new_blanks() -> None:
    board = Board.empty()
    assert blanks_placed("H8 joUR", board) == 2
    board.put([(7, 7, "j"), (7, 8, "o")])
    assert blanks_placed("H8 joURs", board) == 1
    assert blanks_placed("8H jeU", board) == 1
    assert blanks_placed("8H jeu", board) == 2


@pytest.mark.parametrize("level", [level.value for level in RobotLevel])
def test_with_the_clock_on_tourlou_places_at_most_2_blanks(level: str) -> None:
    many = 0
    for seed in range(6):
        state = new(seed, clock=60, tile_set=BLANKS_SET)
        DUPLIKTA.open_next(state, START_MS)
        waiting = plan(view(state, "tourlou", START_MS), level, seed, words())
        assert waiting is not None
        found = plan(view(state, "tourlou", waiting.at_ms), level, seed, words())
        assert found is not None
        game = state.game
        assert game is not None
        many += game.rack_of("tourlou").count("?") > 2
        confirm = found.action["confirm"]
        assert confirm is None or blanks_placed(confirm, game.board) <= 2, confirm
        DUPLIKTA.act(state, "tourlou", found.action, found.at_ms)  # accepted as an action
    assert many  # racks with more than 2 blanks were dealt


def test_with_the_clock_off_tourlou_may_place_more_blanks() -> None:
    placed = []
    for seed in range(6):
        state = new(seed, tile_set=BLANKS_SET)
        DUPLIKTA.open_next(state, START_MS)
        found = plan(view(state, "tourlou", START_MS), "expert", seed, words())
        assert found is not None
        confirm = found.action["confirm"]
        placed.append(0 if confirm is None else blanks_placed(confirm, Board.empty()))
    assert max(placed) > 2, placed
