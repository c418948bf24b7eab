"""Robot players: legal moves from the rack, each level's character (the expert's tops, the
débutant's common words without scrabbles and its passes), reproducible choices; their strength
in % of top is measured by benchmarks/bench_robots.py, not asserted here. On the game kinds'
seam, :func:`plan` answers the open turn from the robot's own view, at its moment, with a move
the kind accepts, and asks for no move before that moment."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.engine.robots.duplicate import (
    PROFILES,
    ROBOT_MOMENT,
    Robot,
    RobotLevel,
    common_words,
    plan,
)
from arbitre.engine.robots.moves import RobotMove, RobotMoves
from arbitre.engine.robots.planner import Plan, planner_for
from arbitre.rules import DuplicateGame, GameConfig
from arbitre.rules.board import Board
from arbitre.rules.kinds.base import Kind, Setup, Stage, Viewer
from tests.rules.kinds.duplicate import games
from tests.rules.kinds.duplicate.games import french

GAMES = range(4)


@cache
def vocabulary() -> frozenset[str]:
    return common_words("fr", french())


@cache
def referee() -> MoveGeneratorReferee:
    return MoveGeneratorReferee(french(), GameConfig())


def answers(level: RobotLevel, seed: int, turns: int = 12) -> list[tuple[int, str | None, int]]:
    """Each turn of a seeded game (the tops put on the board): the top's score, the robot's
    move and its score on the board."""
    robot = Robot(level, random.Random(seed), vocabulary())
    game = DuplicateGame(GameConfig(max_turns=turns), seed, referee())
    found: list[tuple[int, str | None, int]] = []
    while (draw := game.start_turn()) is not None:
        prepared = referee().prepared(game.board)
        move = robot.choose(prepared, draw.rack)
        top = game.current_top
        assert top is not None
        if move is None:
            found.append((top.score, None, 0))
        else:
            evaluation = prepared.evaluate(move.move, draw.rack)  # legal, from the rack
            assert evaluation.score == move.score
            assert evaluation.in_lexicon
            found.append((top.score, move.notation, move.score))
        game.close_turn()
    return found


@pytest.mark.parametrize("level", list(RobotLevel))
def test_a_robot_answers_legal_moves_and_the_same_ones_for_the_same_seed(
    level: RobotLevel,
) -> None:
    first = answers(level, 3)
    assert first == answers(level, 3)
    assert all(score <= top for top, _, score in first)


def test_the_expert_plays_the_top_most_of_the_time() -> None:
    turns = [turn for seed in GAMES for turn in answers(RobotLevel.EXPERT, seed)]
    tops = sum(score == top for top, _, score in turns)
    assert tops >= 0.75 * len(turns)


def test_the_confirme_plays_below_the_expert_but_well() -> None:
    turns = [turn for seed in GAMES for turn in answers(RobotLevel.CONFIRME, seed)]
    share = sum(score for _, _, score in turns) / sum(top for top, _, _ in turns)
    assert 0.55 < share < 0.95


def test_the_debutant_plays_common_words_never_a_scrabble_and_sometimes_nothing() -> None:
    turns = [turn for seed in GAMES for turn in answers(RobotLevel.DEBUTANT, seed)]
    assert any(move is None for _, move, _ in turns)
    prepared = referee().prepared(DuplicateGame(GameConfig(), 0, referee()).board)
    for seed in GAMES:
        robot = Robot(RobotLevel.DEBUTANT, random.Random(seed), vocabulary())
        for rack in ("EEUESI?", "AEINRST", "ZXWKEAU", "ETAIONS"):
            move = robot.choose(prepared, rack)
            if move is None:
                continue
            assert move.tiles <= PROFILES[RobotLevel.DEBUTANT].max_tiles
            words = prepared.evaluate(move.move).words
            assert all(word.word.upper() in vocabulary() for word in words)


def test_a_debutant_needs_a_vocabulary() -> None:
    with pytest.raises(ValueError, match="vocabulary"):
        Robot(RobotLevel.DEBUTANT, random.Random(1))
    Robot(RobotLevel.EXPERT, random.Random(1))  # the others do not


def test_common_words_are_frequent_words_of_the_lexicon() -> None:
    words = vocabulary()
    assert {"CHIEN", "MAISON", "ETRE", "OEUVRE"} <= words
    assert "KIEF" not in words  # a valid word, but no beginner plays it
    assert all(word in french() for word in list(words)[:2000])
    assert 10_000 < len(words) <= 20_000


def test_the_engine_referee_gives_a_robot_the_moves_and_top_of_the_move_generator() -> None:
    prepared = referee().prepared(Board.empty())
    found = referee().robot_moves(Board.empty(), "EEUESI?", 5, False)
    assert found.moves == tuple(RobotMove.of(move) for move in prepared.moves("EEUESI?", 5))
    top = prepared.top("EEUESI?").top
    assert top is not None
    assert found.top == RobotMove.of(top)
    every = referee().robot_moves(Board.empty(), "EEUESI?", 0, True)
    assert len(every.moves) == len(prepared.moves("EEUESI?")) > 5
    assert every.moves[0].words
    assert not found.moves[0].words
    assert referee().robot_moves(Board.empty(), "Q", 0, False) == RobotMoves((), None)
    with pytest.raises(ValueError, match="limit"):
        referee().robot_moves(Board.empty(), "EEUESI?", -1, False)


# -- on the game kinds' seam ----------------------------------------------------------------------

ROBOT = "robot"
TURN_MS = 60_000


class NoMoves:
    """Tools that must not be asked: a plan before the robot's moment asks for no move."""

    def robot_moves(self, board: Board, rack: str, limit: int, with_words: bool) -> RobotMoves:
        raise AssertionError("moves asked for before the robot's moment")


def seated(turns: int = 3) -> tuple[Kind[Any, Any, Any], Any, GameConfig]:
    """A duplicate game of ana and the robot through the kind, not started yet."""
    game_kind = games.duplicate()
    config = game_kind.configure({"max_turns": turns, "seconds_per_turn": TURN_MS // 1000})
    setup = Setup("g1", games.SEED, ("ana", ROBOT))
    return game_kind, game_kind.new_game(config, setup, games.referee(config.game)), config.game


def robot_game(level: str, seed: int, turns: int = 3) -> list[tuple[int, int | None]]:
    """Play a game where only the robot answers, as the seam would ask it: each turn, a plan
    asking nothing before its moment, then its answer at that moment (accepted by the kind) and
    no plan once it answered. Each turn's top score and the robot's (``None``: it passed)."""
    game_kind, state, rules = seated(turns)
    now = games.START_MS
    found: list[tuple[int, int | None]] = []
    game_kind.open_next(state, now)
    while game_kind.phase(state, now).stage is Stage.PLAYING:
        waiting = plan(game_kind.view(state, Viewer(ROBOT), now), level, seed, NoMoves())
        assert waiting is not None
        assert waiting.action == {}
        low, high = (now + int(share * TURN_MS) for share in ROBOT_MOMENT)
        assert low <= waiting.at_ms <= high
        at = waiting.at_ms
        early = plan(game_kind.view(state, Viewer(ROBOT), at - 1), level, seed, NoMoves())
        assert early == waiting
        view = game_kind.view(state, Viewer(ROBOT), at)
        top = games.referee(rules).top(Board.from_rows(view["board"], rules.layout), view["tiles"])
        assert top is not None
        planned = plan(view, level, seed, games.referee(rules))
        if planned is None:
            found.append((top.score, None))
        else:
            assert planned == Plan({"move": planned.action["move"], "turn": view["turn"]}, at)
            result = game_kind.act(state, ROBOT, planned.action, at).result
            assert result["move"] == planned.action["move"]
            found.append((top.score, result["score"]))
            answered = game_kind.view(state, Viewer(ROBOT), at + 1)
            assert plan(answered, level, seed, games.referee(rules)) is None
        now += TURN_MS
        game_kind.close(state, now)
        game_kind.open_next(state, now)
    return found


def test_duplicate_robots_are_planned_on_the_seam() -> None:
    assert planner_for("duplicate") is plan


def test_no_plan_unless_a_turn_is_open_and_the_robot_has_not_answered() -> None:
    game_kind, state, rules = seated(turns=1)
    now = games.START_MS

    def planned() -> Plan | None:
        return plan(game_kind.view(state, Viewer(ROBOT), now), "expert", 7, games.referee(rules))

    assert planned() is None  # not started
    game_kind.open_next(state, now)
    now += TURN_MS  # the deadline, not closed yet: too late
    assert planned() is None
    now -= 1
    assert planned() is not None
    view = game_kind.view(state, Viewer(ROBOT), now)
    top = games.referee(rules).top(Board.from_rows(view["board"], rules.layout), view["tiles"])
    assert top is not None
    game_kind.act(state, ROBOT, {"move": top.move.notation()}, now)
    assert planned() is None  # answered
    now += 1
    game_kind.close(state, now)
    assert planned() is None  # revealed
    game_kind.open_next(state, now)
    assert game_kind.phase(state, now).stage is Stage.OVER
    assert planned() is None


@pytest.mark.parametrize("level", list(RobotLevel))
def test_a_robot_answers_at_its_moment_a_move_the_kind_accepts(level: RobotLevel) -> None:
    turns = [turn for seed in range(3) for turn in robot_game(level.value, seed)]
    assert all(score is None or 0 < score <= top for top, score in turns)
    assert any(score is not None for _, score in turns)
    if level is not RobotLevel.DEBUTANT:
        assert all(score is not None for _, score in turns)  # only a débutant passes


def test_a_robot_on_the_seam_has_a_moment_of_its_own_each_turn() -> None:
    game_kind, state, _ = seated()
    game_kind.open_next(state, games.START_MS)
    view = game_kind.view(state, Viewer(ROBOT), games.START_MS)
    moments = set()
    for seed in range(12):
        waiting = plan(view, "expert", seed, NoMoves())
        assert waiting is not None
        moments.add(waiting.at_ms)
    assert len(moments) == 12


def test_the_expert_on_the_seam_plays_the_top_most_of_the_time() -> None:
    turns = [turn for seed in range(8) for turn in robot_game("expert", seed)]
    assert sum(score == top for top, score in turns) >= 0.75 * len(turns)


def test_a_plan_is_the_same_for_the_same_seed_and_view() -> None:
    for level in RobotLevel:
        assert robot_game(level.value, 5) == robot_game(level.value, 5)
    game_kind, state, rules = seated()
    game_kind.open_next(state, games.START_MS)
    view = game_kind.view(state, Viewer(ROBOT), games.START_MS + TURN_MS - 1)
    first = plan(view, "confirme", 3, games.referee(rules))
    assert first is not None
    assert all(plan(view, "confirme", 3, games.referee(rules)) == first for _ in range(3))
