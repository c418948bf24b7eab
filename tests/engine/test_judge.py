"""Tests of arbitre.engine.judge."""

import pytest

from arbitre.engine.judge import judge
from arbitre.engine.lexicon import Lexicon
from arbitre.rules import (
    DUPLICATE,
    FRENCH,
    Board,
    IllegalMoveError,
    Move,
    Rack,
    TileSet,
    UnknownLetterError,
)
from tests.boards import board_with

LEXICON = Lexicon.from_words(["fabacée", "kief", "ah", "la", "allouées"])


def test_a_known_word_scores_its_points():
    result = judge(Board.empty(), Move.from_notation("H4 FABAcEE"), FRENCH, DUPLICATE, LEXICON)
    assert result.score.total == 80
    assert result.words == ("FABACEE",)
    assert result.in_lexicon
    assert result.points == 80


def test_unknown_words_are_reported_and_award_nothing():
    board = board_with((7, "...FABAcEE....."))
    result = judge(board, Move.from_notation("10F KIEFS"), FRENCH, DUPLICATE, LEXICON)
    assert result.unknown_words == ("KIEFS",)
    assert not result.in_lexicon
    assert result.score.total > 0
    assert result.points == 0


def test_cross_words_are_checked_too():
    board = board_with((7, "...FABAcEE....."))
    # ZA on G7-G8 also forms ZA and AC downwards through FABAcEE
    result = judge(board, Move.from_notation("G7 ZA"), FRENCH, DUPLICATE, LEXICON)
    assert result.words == ("ZA", "ZA", "AC")
    assert result.unknown_words == ("ZA", "ZA", "AC")


def test_illegal_moves_raise_and_leave_the_board_alone():
    board = board_with((7, "...FABAcEE....."))
    before = board.rows()
    with pytest.raises(IllegalMoveError) as caught:
        judge(board, Move.from_notation("A1 KIEF"), FRENCH, DUPLICATE, LEXICON)
    assert caught.value.reason == "not_connected"
    with pytest.raises(IllegalMoveError) as caught:
        judge(
            board, Move.from_notation("10F KIEF"), FRENCH, DUPLICATE, LEXICON, Rack.from_text("AB")
        )
    assert caught.value.reason == "not_on_rack"
    assert board.rows() == before


def test_unknown_letters_raise():
    no_k = TileSet.from_mapping(
        {"name": "no-k", "blanks": 2, "letters": {"E": {"count": 60, "value": 1}}}
    )
    with pytest.raises(UnknownLetterError):
        judge(Board.empty(), Move.from_notation("H7 KE"), no_k, DUPLICATE, LEXICON)
