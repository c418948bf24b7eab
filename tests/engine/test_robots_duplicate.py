"""Robot players: legal moves from the rack, each level's character (the expert's tops, the
débutant's common words without scrabbles and its passes), reproducible choices; their strength
in % of top is measured by benchmarks/bench_robots.py, not asserted here."""

from __future__ import annotations

import random
from functools import cache

import pytest

from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.engine.robots.duplicate import PROFILES, Robot, RobotLevel, common_words
from arbitre.rules import DuplicateGame, GameConfig

GAMES = range(4)


@cache
def french() -> Lexicon:
    return load_lexicon("fr")


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
